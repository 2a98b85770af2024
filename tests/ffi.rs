//! The C ABI called from Rust: null pointers, unknown curves, bad config
//! values, status strings, the thread-local last error, the per-curve
//! wrappers, resident bases, and concurrent calls.

mod common;

use common::*;
use gpukit::encoding::{decode_point, encode_points, encode_scalars};
use gpukit::ffi::consts::*;
use gpukit::ffi::*;
use gpukit::{Curve, CurveId, Status};
use std::ffi::CStr;
use std::ptr::{null, null_mut};

/// The smallest id past the last curve: unknown, whatever the curve count.
fn first_unknown_id() -> u8 {
    CurveId::ALL.len() as u8 + 1
}

fn last_error() -> String {
    // SAFETY: gpukit_last_error returns a valid NUL-terminated string.
    unsafe { CStr::from_ptr(gpukit_last_error()) }
        .to_str()
        .unwrap()
        .to_owned()
}

/// Random wire inputs for n points of `curve`.
fn inputs<C: Curve>(seed: u64, n: usize) -> (Vec<u8>, Vec<u8>, C::Affine) {
    let mut rng = SeededRng::new(seed);
    let points = random_points::<C>(&mut rng, n);
    let scalars = random_scalars::<C>(&mut rng, n);
    let expected = reference::<C>(&points, &scalars);
    (
        encode_points::<C>(&points),
        encode_scalars::<C>(&scalars),
        expected,
    )
}

type Bn = gpukit::curves::Bn254G1;

#[test]
fn status_strings_and_sizes() {
    for s in Status::ALL {
        // SAFETY: static NUL-terminated strings.
        let text = unsafe { CStr::from_ptr(gpukit_status_str(s.code())) };
        assert_eq!(text.to_str().unwrap(), s.as_str());
    }
    for bad in [-1, Status::ALL.len() as i32, i32::MAX] {
        // SAFETY: as above.
        let text = unsafe { CStr::from_ptr(gpukit_status_str(bad)) };
        assert_eq!(text.to_str().unwrap(), "unknown status code");
    }
    for &c in CurveId::ALL {
        assert_eq!(gpukit_point_bytes(c as u8) as usize, c.point_bytes());
        assert_eq!(gpukit_max_window(c as u8), c.max_window());
    }
    for bad in [0u8, first_unknown_id(), 255] {
        assert_eq!(gpukit_point_bytes(bad), 0);
        assert_eq!(gpukit_max_window(bad), 0);
    }
    assert_eq!(gpukit_gpu_count(), gpukit::gpu_count());
    let d = gpukit_config_default();
    assert_eq!(
        (
            d.backend,
            d.window_c,
            d.validation,
            d.input_form,
            d.devices,
            d.blinded
        ),
        (
            GPUKIT_BACKEND_AUTO,
            0,
            GPUKIT_VALIDATE_DEFAULT,
            GPUKIT_FORM_CANONICAL,
            0,
            0
        )
    );
    assert_eq!(d.to_config().unwrap(), gpukit::Config::default());
}

#[test]
fn null_pointers_and_unknown_curves() {
    let (p, s, _) = inputs::<Bn>(1, 3);
    let mut out = [0u8; 64];
    // SAFETY (all calls): buffers hold 3 points, 3 scalars and one point; NULLs are what is tested.
    unsafe {
        assert_eq!(
            gpukit_pippenger_msm(1, p.as_ptr(), s.as_ptr(), null_mut(), 3, 0),
            GPUKIT_ERR_NULL_POINTER
        );
        assert!(last_error().contains("out"));
        assert_eq!(
            gpukit_pippenger_msm(1, null(), s.as_ptr(), out.as_mut_ptr(), 3, 0),
            GPUKIT_ERR_NULL_POINTER
        );
        assert!(last_error().contains("points"));
        assert_eq!(
            gpukit_pippenger_msm(1, p.as_ptr(), null(), out.as_mut_ptr(), 3, 0),
            GPUKIT_ERR_NULL_POINTER
        );
        assert!(last_error().contains("scalars"));
        assert_eq!(
            gpukit_pippenger_msm_blinded(1, null(), null(), out.as_mut_ptr(), 3, 0),
            GPUKIT_ERR_NULL_POINTER
        );
        assert_eq!(
            gpukit_msm_ex(1, p.as_ptr(), null(), out.as_mut_ptr(), 3, null()),
            GPUKIT_ERR_NULL_POINTER
        );
        assert_eq!(
            gpukit_bn254_g1_msm(null(), s.as_ptr(), out.as_mut_ptr(), 3, 0),
            GPUKIT_ERR_NULL_POINTER
        );
        // n = 0: NULL inputs are fine and the result is the identity.
        out.fill(0xAA);
        assert_eq!(
            gpukit_pippenger_msm(1, null(), null(), out.as_mut_ptr(), 0, 0),
            GPUKIT_OK
        );
        assert_eq!(out, [0u8; 64]);
        assert_eq!(last_error(), "");
        let mut te = [0xAAu8; 64];
        assert_eq!(
            gpukit_banderwagon_msm(null(), null(), te.as_mut_ptr(), 0, 0),
            GPUKIT_OK
        );
        let mut identity = [0u8; 64];
        identity[32] = 1; // Edwards identity (0, 1)
        assert_eq!(te, identity);
        for bad in [0u8, first_unknown_id(), 200] {
            assert_eq!(
                gpukit_pippenger_msm(bad, p.as_ptr(), s.as_ptr(), out.as_mut_ptr(), 3, 0),
                GPUKIT_ERR_UNKNOWN_CURVE
            );
            assert!(last_error().contains(&bad.to_string()));
        }
        assert_eq!(
            gpukit_pippenger_msm(1, p.as_ptr(), s.as_ptr(), out.as_mut_ptr(), 3, 25),
            GPUKIT_ERR_BAD_WINDOW
        );
    }
}

#[test]
fn bad_config_values() {
    let (p, s, expected) = inputs::<Bn>(2, 5);
    let mut out = [0u8; 64];
    let d = gpukit_config_default();
    let bad = [
        gpukit_config { backend: 4, ..d },
        gpukit_config { validation: 4, ..d },
        gpukit_config { input_form: 2, ..d },
        gpukit_config { blinded: 2, ..d },
    ];
    for config in bad {
        // SAFETY: buffers of 5 points, 5 scalars, one point; config is valid.
        let status =
            unsafe { gpukit_msm_ex(1, p.as_ptr(), s.as_ptr(), out.as_mut_ptr(), 5, &config) };
        assert_eq!(status, GPUKIT_ERR_BAD_CONFIG, "{config:?}");
        assert!(!last_error().is_empty());
    }
    for config in [
        gpukit_config {
            backend: GPUKIT_BACKEND_SERIAL,
            ..d
        },
        gpukit_config {
            backend: GPUKIT_BACKEND_CPU,
            window_c: 6,
            validation: GPUKIT_VALIDATE_FULL,
            ..d
        },
        gpukit_config {
            blinded: 1,
            validation: GPUKIT_VALIDATE_TRUSTED,
            ..d
        },
    ] {
        // SAFETY: as above.
        let status =
            unsafe { gpukit_msm_ex(1, p.as_ptr(), s.as_ptr(), out.as_mut_ptr(), 5, &config) };
        assert_eq!(status, GPUKIT_OK, "{config:?}: {}", last_error());
        assert_eq!(decode_point::<Bn>(&out).unwrap(), expected);
    }
    // SAFETY: NULL config means defaults.
    assert_eq!(
        unsafe { gpukit_msm_ex(1, p.as_ptr(), s.as_ptr(), out.as_mut_ptr(), 5, null()) },
        GPUKIT_OK
    );
    if gpukit::gpu_count() == 0 {
        let gpu = gpukit_config {
            backend: GPUKIT_BACKEND_GPU,
            ..d
        };
        // SAFETY: as above.
        let status = unsafe { gpukit_msm_ex(1, p.as_ptr(), s.as_ptr(), out.as_mut_ptr(), 5, &gpu) };
        assert_eq!(status, GPUKIT_ERR_NO_DEVICE);
    }
}

/// The last error is per thread: a failure on one thread is not seen on another.
#[test]
fn last_error_is_thread_local() {
    let mut out = [0u8; 64];
    // SAFETY: n = 0, out holds a point.
    assert_eq!(
        unsafe { gpukit_pippenger_msm(200, null(), null(), out.as_mut_ptr(), 0, 0) },
        GPUKIT_ERR_UNKNOWN_CURVE
    );
    let mine = last_error();
    assert!(mine.contains("unknown curve id 200"), "{mine}");
    std::thread::spawn(|| assert_eq!(last_error(), ""))
        .join()
        .unwrap();
    assert_eq!(last_error(), mine);
}

/// Concurrent MSMs from several threads, each checked.
#[test]
fn concurrent_calls() {
    let handles: Vec<_> = (0..4u64)
        .map(|t| {
            std::thread::spawn(move || {
                for i in 0..3 {
                    let (p, s, expected) = inputs::<Bn>(100 + 10 * t + i, 50 + 30 * t as usize);
                    let mut out = [0u8; 64];
                    // SAFETY: buffers sized for n.
                    let status = unsafe {
                        gpukit_pippenger_msm(
                            1,
                            p.as_ptr(),
                            s.as_ptr(),
                            out.as_mut_ptr(),
                            (s.len() / 32) as u32,
                            0,
                        )
                    };
                    assert_eq!(status, GPUKIT_OK);
                    assert_eq!(decode_point::<Bn>(&out).unwrap(), expected);
                }
            })
        })
        .collect();
    for h in handles {
        h.join().unwrap();
    }
}

fn wrapper_matches<C: Curve>(
    wrapper: unsafe extern "C" fn(*const u8, *const u8, *mut u8, u32, u32) -> std::ffi::c_int,
) {
    let (p, s, expected) = inputs::<C>(300 + C::ID as u64, 20);
    let pb = C::ID.point_bytes();
    let (mut a, mut b, mut c) = (vec![0u8; pb], vec![0u8; pb], vec![0u8; pb]);
    // SAFETY: 20 points, 20 scalars, one point each.
    unsafe {
        assert_eq!(
            wrapper(p.as_ptr(), s.as_ptr(), a.as_mut_ptr(), 20, 0),
            GPUKIT_OK
        );
        assert_eq!(
            gpukit_pippenger_msm(C::ID as u8, p.as_ptr(), s.as_ptr(), b.as_mut_ptr(), 20, 4),
            GPUKIT_OK
        );
        assert_eq!(
            gpukit_pippenger_msm_blinded(
                C::ID as u8,
                p.as_ptr(),
                s.as_ptr(),
                c.as_mut_ptr(),
                20,
                0
            ),
            GPUKIT_OK
        );
    }
    let expected = gpukit::encoding::encode_point::<C>(&expected);
    assert_eq!(
        (a.clone(), b, c),
        (expected.clone(), expected.clone(), expected)
    );
}

fn bases_abi<C: Curve>() {
    let id = C::ID as u8;
    let pb = C::ID.point_bytes();
    let mut rng = SeededRng::new(400 + C::ID as u64);
    let points = random_points::<C>(&mut rng, 64);
    let scalars = random_scalars::<C>(&mut rng, 3 * 40);
    let (pw, sw) = (encode_points::<C>(&points), encode_scalars::<C>(&scalars));
    let mut bases: *mut gpukit_bases = null_mut();
    // SAFETY (all calls): buffers sized as passed; the handle is freed once at the end.
    unsafe {
        assert_eq!(
            gpukit_bases_new(id, pw.as_ptr(), 64, null(), &mut bases),
            GPUKIT_OK,
            "{}",
            last_error()
        );
        assert!(!bases.is_null());
        let mut out = vec![0u8; 3 * pb];
        assert_eq!(
            gpukit_bases_msm(bases, sw.as_ptr(), 40, out.as_mut_ptr()),
            GPUKIT_OK
        );
        assert_eq!(
            decode_point::<C>(&out[..pb]).unwrap(),
            reference::<C>(&points[..40], &scalars[..40])
        );
        assert_eq!(
            gpukit_bases_msm_batch(bases, sw.as_ptr(), 40, 3, out.as_mut_ptr()),
            GPUKIT_OK
        );
        for j in 0..3 {
            let want = reference::<C>(&points[..40], &scalars[j * 40..(j + 1) * 40]);
            assert_eq!(
                decode_point::<C>(&out[j * pb..(j + 1) * pb]).unwrap(),
                want,
                "batch item {j}"
            );
        }
        assert_eq!(
            gpukit_bases_msm(bases, null(), 0, out.as_mut_ptr()),
            GPUKIT_OK
        );
        assert_eq!(
            gpukit_bases_msm_batch(bases, null(), 5, 0, null_mut()),
            GPUKIT_ERR_NULL_POINTER
        );
        assert_eq!(
            gpukit_bases_msm(bases, sw.as_ptr(), 65, out.as_mut_ptr()),
            GPUKIT_ERR_SIZE_MISMATCH
        );
        assert!(last_error().contains("65 scalars but only 64"));
        assert_eq!(
            gpukit_bases_msm(null(), sw.as_ptr(), 4, out.as_mut_ptr()),
            GPUKIT_ERR_NULL_POINTER
        );
        assert_eq!(
            gpukit_bases_msm(bases, null(), 4, out.as_mut_ptr()),
            GPUKIT_ERR_NULL_POINTER
        );
        assert_eq!(
            gpukit_bases_msm(bases, sw.as_ptr(), 4, null_mut()),
            GPUKIT_ERR_NULL_POINTER
        );
        // Bases kept on the host (the CPU backend) report no device tables.
        let cpu = gpukit_config {
            backend: GPUKIT_BACKEND_CPU,
            ..gpukit_config_default()
        };
        let mut host: *mut gpukit_bases = null_mut();
        assert_eq!(
            gpukit_bases_new(id, pw.as_ptr(), 64, &cpu, &mut host),
            GPUKIT_OK
        );
        let (mut copies, mut window, mut multiples, mut bytes) = (7u32, 7u32, 7u32, 7u64);
        assert_eq!(
            gpukit_bases_device_info(host, &mut copies, &mut window, &mut multiples, &mut bytes),
            GPUKIT_OK
        );
        assert_eq!((copies, window, multiples, bytes), (0, 0, 0, 0));
        gpukit_bases_free(host);
        assert_eq!(
            gpukit_bases_device_info(bases, null_mut(), null_mut(), null_mut(), null_mut()),
            GPUKIT_OK
        );
        assert_eq!(
            gpukit_bases_device_info(null(), &mut copies, null_mut(), null_mut(), null_mut()),
            GPUKIT_ERR_NULL_POINTER
        );
        gpukit_bases_free(bases);
        gpukit_bases_free(null_mut());

        let mut failed: *mut gpukit_bases = 1usize as *mut gpukit_bases;
        assert_eq!(
            gpukit_bases_new(id, null(), 2, null(), &mut failed),
            GPUKIT_ERR_NULL_POINTER
        );
        assert!(failed.is_null(), "a failed bases_new leaves NULL");
        assert_eq!(
            gpukit_bases_new(id, pw.as_ptr(), 2, null(), null_mut()),
            GPUKIT_ERR_NULL_POINTER
        );
        assert_eq!(
            gpukit_bases_new(0, pw.as_ptr(), 2, null(), &mut failed),
            GPUKIT_ERR_UNKNOWN_CURVE
        );
        let bad = gpukit_config {
            validation: 9,
            ..gpukit_config_default()
        };
        assert_eq!(
            gpukit_bases_new(id, pw.as_ptr(), 2, &bad, &mut failed),
            GPUKIT_ERR_BAD_CONFIG
        );
        let mut off = pw[..2 * pb].to_vec();
        off[pb + 1] ^= 1;
        let status = gpukit_bases_new(id, off.as_ptr(), 2, null(), &mut failed);
        assert!(
            status == GPUKIT_ERR_POINT_NOT_ON_CURVE || status == GPUKIT_ERR_BAD_ENCODING,
            "{status}"
        );
        assert!(failed.is_null());
    }
}

macro_rules! stamp {
    ($(($marker:ident, $snake:ident, $($rest:tt)*)),* $(,)?) => {$(
        mod $snake {
            type C = gpukit::curves::$marker;
            #[test]
            fn wrapper_matches_generic_entry() {
                paste::paste! { super::wrapper_matches::<C>(gpukit::ffi::[<gpukit_ $snake _msm>]) }
            }
            #[test]
            fn resident_bases() { super::bases_abi::<C>() }
        }
    )*};
}
gpukit::for_each_curve!(stamp);
