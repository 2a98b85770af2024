//! sppark's GPU Pippenger (cargo feature `sppark`) through the bench's own
//! extern "C" wrappers in `bench/cuda/sppark_peer.cuh`.
//!
//! sppark reads the arkworks points in place: x and y are Montgomery limbs
//! with the same R as sppark's fields, followed by arkworks' `infinity` flag,
//! which sppark skips by its point stride (`ffi_affine_sz`). The layout is
//! checked before every call. Scalars are arkworks' Montgomery Fr values;
//! sppark leaves Montgomery form on the device.

// Built without the feature, `entry` answers None and nothing below is
// called; the code stays compiled so both builds type-check the same API.
#![cfg_attr(not(feature = "sppark"), allow(dead_code))]

use std::ffi::{c_char, c_void, CStr};
use std::marker::PhantomData;
use std::mem::{offset_of, size_of};
use std::ptr::NonNull;

use ark_ec::short_weierstrass::{Affine, SWCurveConfig};
use ark_ff::{BigInt, Fp, FpConfig};
use gpukit::CurveId;

const ERR_LEN: usize = 512;

type MsmFn = unsafe extern "C" fn(
    *const c_void,
    usize,
    *const c_void,
    usize,
    *mut u8,
    *mut c_char,
    usize,
) -> i32;
type BasesNewFn =
    unsafe extern "C" fn(*const c_void, usize, usize, *mut c_char, usize) -> *mut c_void;
type BasesMsmFn =
    unsafe extern "C" fn(*mut c_void, *const c_void, usize, *mut u8, *mut c_char, usize) -> i32;
type BasesFreeFn = unsafe extern "C" fn(*mut c_void);

/// The four entry points of one curve's sppark wrapper.
pub struct Entry {
    msm: MsmFn,
    bases_new: BasesNewFn,
    bases_msm: BasesMsmFn,
    bases_free: BasesFreeFn,
}

#[cfg(feature = "sppark")]
mod ffi {
    use super::*;

    macro_rules! entries {
        ($($curve:ident: $msm:ident, $new:ident, $bmsm:ident, $free:ident;)*) => {
            extern "C" {
                $(
                    fn $msm(points: *const c_void, stride: usize, scalars: *const c_void, n: usize,
                            out: *mut u8, err: *mut c_char, err_len: usize) -> i32;
                    fn $new(points: *const c_void, stride: usize, n: usize, err: *mut c_char,
                            err_len: usize) -> *mut c_void;
                    fn $bmsm(bases: *mut c_void, scalars: *const c_void, n: usize, out: *mut u8,
                             err: *mut c_char, err_len: usize) -> i32;
                    fn $free(bases: *mut c_void);
                )*
            }
            $(
                pub static $curve: Entry = Entry { msm: $msm, bases_new: $new, bases_msm: $bmsm, bases_free: $free };
            )*
        };
    }

    entries! {
        BN254_G1: bench_sppark_bn254_g1_msm, bench_sppark_bn254_g1_bases_new,
                  bench_sppark_bn254_g1_bases_msm, bench_sppark_bn254_g1_bases_free;
        BLS12_381_G1: bench_sppark_bls12_381_g1_msm, bench_sppark_bls12_381_g1_bases_new,
                      bench_sppark_bls12_381_g1_bases_msm, bench_sppark_bls12_381_g1_bases_free;
        BLS12_377_G1: bench_sppark_bls12_377_g1_msm, bench_sppark_bls12_377_g1_bases_new,
                      bench_sppark_bls12_377_g1_bases_msm, bench_sppark_bls12_377_g1_bases_free;
    }
}

/// CUDA devices visible to the bench's own CUDA runtime (the one sppark
/// uses); 0 in a build without the feature.
pub fn device_count() -> u32 {
    #[cfg(feature = "sppark")]
    {
        extern "C" {
            fn bench_cuda_device_count() -> i32;
        }
        // SAFETY: no arguments; CUDA errors come back as 0 devices.
        return unsafe { bench_cuda_device_count() }.max(0) as u32;
    }
    #[cfg(not(feature = "sppark"))]
    0
}

/// The wrapper for `curve`, when the `sppark` feature built one for it.
pub fn entry(curve: CurveId) -> Option<&'static Entry> {
    #[cfg(feature = "sppark")]
    match curve {
        CurveId::Bn254G1 => return Some(&ffi::BN254_G1),
        CurveId::Bls12_381G1 => return Some(&ffi::BLS12_381_G1),
        CurveId::Bls12_377G1 => return Some(&ffi::BLS12_377_G1),
        _ => {}
    }
    let _ = curve;
    None
}

/// True when arkworks' `Affine<P>` starts with x then y, each a bare limb
/// array, so sppark can read it in place with stride `size_of::<Affine<P>>()`.
fn layout_in_place<P: SWCurveConfig<BaseField = Fp<F, N>>, F: FpConfig<N>, const N: usize>(
) -> Result<(), String> {
    let field = size_of::<Fp<F, N>>();
    if field == 8 * N && offset_of!(Affine<P>, x) == 0 && offset_of!(Affine<P>, y) == field {
        Ok(())
    } else {
        Err(
            "sppark: arkworks' affine layout is not x || y || flag; points cannot be read in place"
                .into(),
        )
    }
}

fn check_scalars<S>() -> Result<(), String> {
    if size_of::<S>() == 32 {
        Ok(())
    } else {
        Err(format!(
            "sppark: scalar type is {} bytes, not 32",
            size_of::<S>()
        ))
    }
}

/// The affine point with Montgomery limbs `xy` (x || y); all zero = identity.
fn decode<P: SWCurveConfig<BaseField = Fp<F, N>>, F: FpConfig<N>, const N: usize>(
    xy: &[u8],
) -> Affine<P> {
    if xy.iter().all(|b| *b == 0) {
        return Affine::identity();
    }
    let limbs = |bytes: &[u8]| {
        let mut l = [0u64; N];
        for (limb, c) in l.iter_mut().zip(bytes.chunks_exact(8)) {
            *limb = u64::from_le_bytes(c.try_into().unwrap());
        }
        // Montgomery limbs go in as they are (`Fp`'s fields are public).
        Fp::<F, N>(BigInt(l), PhantomData)
    };
    Affine::new_unchecked(limbs(&xy[..8 * N]), limbs(&xy[8 * N..]))
}

fn message(err: &[c_char; ERR_LEN]) -> String {
    // SAFETY: the buffer starts zeroed and the wrapper NUL-terminates within ERR_LEN.
    unsafe { CStr::from_ptr(err.as_ptr()) }
        .to_string_lossy()
        .into_owned()
}

fn status(code: i32, err: &[c_char; ERR_LEN]) -> Result<(), String> {
    match code {
        0 => Ok(()),
        _ => Err(format!("sppark: CUDA error {code}: {}", message(err))),
    }
}

/// One-shot MSM: upload of points and scalars, the MSM, and the conversion of
/// the result to affine, all in this call.
pub fn msm<P: SWCurveConfig<BaseField = Fp<F, N>>, F: FpConfig<N>, const N: usize>(
    entry: &Entry,
    points: &[Affine<P>],
    scalars: &[P::ScalarField],
) -> Result<Affine<P>, String> {
    layout_in_place::<P, F, N>()?;
    check_scalars::<P::ScalarField>()?;
    let n = points.len().min(scalars.len());
    let mut out = vec![0u8; 16 * N];
    let mut err = [0 as c_char; ERR_LEN];
    // SAFETY: points and scalars hold n elements of the checked layouts; out
    // holds two field elements.
    let code = unsafe {
        (entry.msm)(
            points.as_ptr().cast(),
            size_of::<Affine<P>>(),
            scalars.as_ptr().cast(),
            n,
            out.as_mut_ptr(),
            err.as_mut_ptr(),
            ERR_LEN,
        )
    };
    status(code, &err)?;
    Ok(decode::<P, F, N>(&out))
}

/// sppark's one-shot MSM over one curve's types.
pub type SpparkMsm<A, S> = fn(&Entry, &[A], &[S]) -> Result<A, String>;

/// One curve's sppark calls, typed for the bench's generic code.
pub struct SpparkFns<A, S> {
    pub entry: &'static Entry,
    pub msm: SpparkMsm<A, S>,
    pub bases: fn(&'static Entry, &[A]) -> Result<SpparkBases<A>, String>,
}

/// Bases uploaded once to the GPU by sppark's `msm_t`; each MSM uploads only
/// its scalars.
pub struct SpparkBases<A> {
    handle: NonNull<c_void>,
    entry: &'static Entry,
    len: usize,
    decode: fn(&[u8]) -> A,
    point_bytes: usize,
}

impl<P: SWCurveConfig<BaseField = Fp<F, N>>, F: FpConfig<N>, const N: usize>
    SpparkBases<Affine<P>>
{
    /// Uploads `points` (outside any timed region in the bench).
    pub fn new(entry: &'static Entry, points: &[Affine<P>]) -> Result<Self, String> {
        layout_in_place::<P, F, N>()?;
        let mut err = [0 as c_char; ERR_LEN];
        // SAFETY: points holds points.len() elements of the checked layout.
        let handle = unsafe {
            (entry.bases_new)(
                points.as_ptr().cast(),
                size_of::<Affine<P>>(),
                points.len(),
                err.as_mut_ptr(),
                ERR_LEN,
            )
        };
        match NonNull::new(handle) {
            Some(handle) => Ok(Self {
                handle,
                entry,
                len: points.len(),
                decode: decode::<P, F, N>,
                point_bytes: 16 * N,
            }),
            None => Err(format!("sppark: bases upload failed: {}", message(&err))),
        }
    }
}

impl<A> SpparkBases<A> {
    /// Σ kᵢ·Pᵢ over the first `scalars.len()` bases (`S` is the curve's Fr).
    pub fn msm<S>(&self, scalars: &[S]) -> Result<A, String> {
        check_scalars::<S>()?;
        if scalars.len() > self.len {
            return Err(format!(
                "sppark: {} scalars for {} resident bases",
                scalars.len(),
                self.len
            ));
        }
        let mut out = vec![0u8; self.point_bytes];
        let mut err = [0 as c_char; ERR_LEN];
        // SAFETY: the handle is live; scalars holds scalars.len() 32-byte values.
        let code = unsafe {
            (self.entry.bases_msm)(
                self.handle.as_ptr(),
                scalars.as_ptr().cast(),
                scalars.len(),
                out.as_mut_ptr(),
                err.as_mut_ptr(),
                ERR_LEN,
            )
        };
        status(code, &err)?;
        Ok((self.decode)(&out))
    }
}

impl<A> Drop for SpparkBases<A> {
    fn drop(&mut self) {
        // SAFETY: the handle came from bases_new and is freed once.
        unsafe { (self.entry.bases_free)(self.handle.as_ptr()) }
    }
}
