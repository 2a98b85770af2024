//! The wire encoding of one element (DESIGN.md "Wire format"): a field
//! element is its canonical integer, little-endian, in 32 or 48 bytes
//! (`c0 || c1` for Fp2); a point is `x || y`, the short-Weierstrass identity
//! all zero bytes and the Edwards identity (0, 1). In the Montgomery input
//! form the same slots hold arkworks' in-memory limbs instead (R = 2^256 or
//! 2^384). Per-curve slices of them are `crate::encoding`'s; this module
//! knows no curve list, so that the list (`crate::curve`) can require it.

use crate::config::InputForm;
use crate::error::{Error, Status};
use ark_ec::{short_weierstrass as sw, twisted_edwards as te, AffineRepr};
use ark_ff::{BigInt, Field, Fp, Fp2, Fp2Config, Fp2ConfigWrapper, FpConfig, QuadExtField};
use ark_ff::{PrimeField, Zero};
use std::marker::PhantomData;

/// A field whose elements have a fixed-size wire encoding.
pub trait WireField: Field {
    /// Bytes of one element.
    const BYTES: usize;
    /// Writes the canonical little-endian integer(s) into `out[..BYTES]`.
    fn write_canonical(&self, out: &mut [u8]);
    /// Reads a canonical encoding; `None` if a component is >= p.
    fn read_canonical(bytes: &[u8]) -> Option<Self>;
    /// Writes the Montgomery-form limbs (arkworks' memory layout).
    fn write_montgomery(&self, out: &mut [u8]);
    /// Reads Montgomery-form limbs; `None` if a component is >= p.
    fn read_montgomery(bytes: &[u8]) -> Option<Self>;
    /// Whether an element's bytes in memory are exactly its Montgomery wire
    /// encoding (`BYTES` of them, no padding, little-endian limbs).
    fn montgomery_in_place() -> bool {
        false
    }
    /// The Montgomery-form wire bytes of `elems` as they already lie in
    /// memory, where the layout allows it (no copy); `None` otherwise.
    fn montgomery_bytes(elems: &[Self]) -> Option<&[u8]> {
        // SAFETY: montgomery_in_place says every byte of `elems` is a byte
        // of an initialised limb (no padding); u8 has no alignment or
        // validity requirement, and the slice borrows `elems` for its lifetime.
        Self::montgomery_in_place().then(|| unsafe {
            std::slice::from_raw_parts(elems.as_ptr().cast::<u8>(), std::mem::size_of_val(elems))
        })
    }
}

fn bigint_from_le<const N: usize>(bytes: &[u8]) -> BigInt<N> {
    let mut limbs = [0u64; N];
    for (limb, chunk) in limbs.iter_mut().zip(bytes.chunks_exact(8)) {
        *limb = u64::from_le_bytes(chunk.try_into().expect("8-byte chunk"));
    }
    BigInt(limbs)
}

fn bigint_to_le<const N: usize>(v: &BigInt<N>, out: &mut [u8]) {
    for (limb, chunk) in v.0.iter().zip(out.chunks_exact_mut(8)) {
        chunk.copy_from_slice(&limb.to_le_bytes());
    }
}

impl<P: FpConfig<N>, const N: usize> WireField for Fp<P, N> {
    const BYTES: usize = 8 * N;

    fn write_canonical(&self, out: &mut [u8]) {
        bigint_to_le(&self.into_bigint(), out);
    }

    fn read_canonical(bytes: &[u8]) -> Option<Self> {
        Self::from_bigint(bigint_from_le(bytes))
    }

    fn write_montgomery(&self, out: &mut [u8]) {
        bigint_to_le(&self.0, out);
    }

    fn read_montgomery(bytes: &[u8]) -> Option<Self> {
        // Every curve here uses arkworks' Montgomery backend, whose element
        // field `.0` is the reduced Montgomery representative.
        let v = bigint_from_le::<N>(bytes);
        (v < P::MODULUS).then_some(Fp(v, PhantomData))
    }

    fn montgomery_in_place() -> bool {
        // An element is its BigInt (offset 0, nothing else but a zero-sized
        // marker), the BigInt is its N u64 limbs, and on a little-endian host
        // those limbs' bytes are the Montgomery wire encoding.
        cfg!(target_endian = "little")
            && std::mem::size_of::<Self>() == 8 * N
            && std::mem::size_of::<BigInt<N>>() == 8 * N
            && std::mem::offset_of!(Fp<P, N>, 0) == 0
            && std::mem::offset_of!(BigInt<N>, 0) == 0
    }
}

impl<P: Fp2Config> WireField for QuadExtField<Fp2ConfigWrapper<P>>
where
    P::Fp: WireField,
{
    const BYTES: usize = 2 * <P::Fp as WireField>::BYTES;

    fn write_canonical(&self, out: &mut [u8]) {
        write_pair(self, out, P::Fp::write_canonical);
    }

    fn read_canonical(bytes: &[u8]) -> Option<Self> {
        read_pair(bytes, P::Fp::read_canonical)
    }

    fn write_montgomery(&self, out: &mut [u8]) {
        write_pair(self, out, P::Fp::write_montgomery);
    }

    fn read_montgomery(bytes: &[u8]) -> Option<Self> {
        read_pair(bytes, P::Fp::read_montgomery)
    }

    fn montgomery_in_place() -> bool {
        // c0 || c1, each a plain Montgomery element, nothing between or after.
        let half = <P::Fp as WireField>::BYTES;
        P::Fp::montgomery_in_place()
            && std::mem::size_of::<Self>() == 2 * half
            && std::mem::offset_of!(Self, c0) == 0
            && std::mem::offset_of!(Self, c1) == half
    }
}

/// Writes an Fp2 element as c0 || c1, each coefficient with `write`.
fn write_pair<P: Fp2Config>(v: &Fp2<P>, out: &mut [u8], write: fn(&P::Fp, &mut [u8]))
where
    P::Fp: WireField,
{
    let (c0, c1) = out.split_at_mut(<P::Fp as WireField>::BYTES);
    write(&v.c0, c0);
    write(&v.c1, c1);
}

/// Reads c0 || c1, each coefficient with `read`.
fn read_pair<P: Fp2Config>(bytes: &[u8], read: fn(&[u8]) -> Option<P::Fp>) -> Option<Fp2<P>>
where
    P::Fp: WireField,
{
    let (c0, c1) = bytes.split_at(<P::Fp as WireField>::BYTES);
    Some(Fp2::new(read(c0)?, read(c1)?))
}

pub(crate) fn read_field<F: WireField>(bytes: &[u8], form: InputForm) -> Option<F> {
    match form {
        InputForm::Canonical => F::read_canonical(bytes),
        InputForm::Montgomery => F::read_montgomery(bytes),
    }
}

pub(crate) fn write_field<F: WireField>(v: &F, form: InputForm, out: &mut [u8]) {
    match form {
        InputForm::Canonical => v.write_canonical(out),
        InputForm::Montgomery => v.write_montgomery(out),
    }
}

/// Which checks a point decode runs (the resolved validation level).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PointCheck {
    /// Coordinates must decode (< p); nothing else.
    None,
    /// Also on the curve.
    OnCurve,
    /// Also in the prime-order subgroup.
    Subgroup,
}

/// Why one point was rejected.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PointFault {
    /// A coordinate is >= p.
    BadEncoding,
    /// Not on the curve.
    NotOnCurve,
    /// On the curve, outside the prime-order subgroup.
    NotInSubgroup,
}

impl PointFault {
    /// The error for this fault at input `index`.
    pub(crate) fn into_error(self, index: usize) -> Error {
        match self {
            PointFault::BadEncoding => Error::new(
                Status::BadEncoding,
                format!("point {index}: a coordinate is not a canonical field element (>= p)"),
            ),
            PointFault::NotOnCurve => Error::new(
                Status::PointNotOnCurve,
                format!("point {index} is not on the curve"),
            ),
            PointFault::NotInSubgroup => Error::new(
                Status::PointNotInSubgroup,
                format!("point {index} is not in the prime-order subgroup"),
            ),
        }
    }
}

/// How a device call can read affine points as they lie in memory
/// (arkworks' structs, no copy made): records of `stride` bytes, x at 0 and
/// y at the field's wire size, both Montgomery limbs; where `flag` is given,
/// a non-zero byte there marks the identity (short Weierstrass `infinity`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RecordLayout {
    /// Bytes from one point to the next.
    pub stride: usize,
    /// Offset of the identity flag's byte, if the type has one.
    pub flag: Option<usize>,
}

/// An affine point type with a wire encoding.
pub trait WirePoint: AffineRepr {
    /// Whether the curve is in short Weierstrass form (else twisted
    /// Edwards). Internal: the GPU backend checks the prime-order subgroup
    /// of short Weierstrass points only (cuda/ec/subgroup.cuh).
    #[doc(hidden)]
    const SHORT_WEIERSTRASS: bool;
    /// The layout of this type in memory, where the device can read it in
    /// place (see `RecordLayout`); `None` where it cannot. Internal: the
    /// GPU backend's zero-copy path.
    #[doc(hidden)]
    fn montgomery_records() -> Option<RecordLayout>;
    /// Writes `x || y` (identity: zeros for short Weierstrass, (0, 1) for Edwards).
    fn write(&self, form: InputForm, out: &mut [u8]);
    /// Reads `x || y` and runs `check`.
    fn read(bytes: &[u8], form: InputForm, check: PointCheck) -> Result<Self, PointFault>;
    /// Runs `check` on a point that is already decoded.
    fn check(&self, check: PointCheck) -> Result<(), PointFault>;
}

fn coords<F: WireField>(bytes: &[u8], form: InputForm) -> Result<(F, F), PointFault> {
    let (x, y) = bytes.split_at(F::BYTES);
    let x = read_field::<F>(x, form).ok_or(PointFault::BadEncoding)?;
    let y = read_field::<F>(&y[..F::BYTES], form).ok_or(PointFault::BadEncoding)?;
    Ok((x, y))
}

impl<P: sw::SWCurveConfig> WirePoint for sw::Affine<P>
where
    P::BaseField: WireField,
{
    const SHORT_WEIERSTRASS: bool = true;

    fn montgomery_records() -> Option<RecordLayout> {
        let f = P::BaseField::BYTES;
        let in_place = P::BaseField::montgomery_in_place()
            && std::mem::offset_of!(Self, x) == 0
            && std::mem::offset_of!(Self, y) == f
            && std::mem::size_of::<bool>() == 1;
        in_place.then_some(RecordLayout {
            stride: std::mem::size_of::<Self>(),
            flag: Some(std::mem::offset_of!(Self, infinity)),
        })
    }

    fn write(&self, form: InputForm, out: &mut [u8]) {
        let (xo, yo) = out.split_at_mut(P::BaseField::BYTES);
        match self.xy() {
            // Zero encodes as zero bytes in both forms: (0, 0) is on none of
            // these curves (b != 0), so it can stand for the identity.
            None => out.fill(0),
            Some((x, y)) => {
                write_field(&x, form, xo);
                write_field(&y, form, &mut yo[..P::BaseField::BYTES]);
            }
        }
    }

    fn read(bytes: &[u8], form: InputForm, check: PointCheck) -> Result<Self, PointFault> {
        let (x, y) = coords::<P::BaseField>(bytes, form)?;
        if x.is_zero() && y.is_zero() {
            return Ok(Self::identity());
        }
        let p = Self::new_unchecked(x, y);
        p.check(check)?;
        Ok(p)
    }

    fn check(&self, check: PointCheck) -> Result<(), PointFault> {
        if check == PointCheck::None || self.infinity {
            return Ok(());
        }
        if !self.is_on_curve() {
            return Err(PointFault::NotOnCurve);
        }
        if check == PointCheck::Subgroup && !self.is_in_correct_subgroup_assuming_on_curve() {
            return Err(PointFault::NotInSubgroup);
        }
        Ok(())
    }
}

impl<P: te::TECurveConfig> WirePoint for te::Affine<P>
where
    P::BaseField: WireField,
{
    const SHORT_WEIERSTRASS: bool = false;

    fn montgomery_records() -> Option<RecordLayout> {
        let f = P::BaseField::BYTES;
        let in_place = P::BaseField::montgomery_in_place()
            && std::mem::offset_of!(Self, x) == 0
            && std::mem::offset_of!(Self, y) == f;
        // The Edwards identity is the ordinary point (0, 1): no flag.
        in_place.then_some(RecordLayout {
            stride: std::mem::size_of::<Self>(),
            flag: None,
        })
    }

    fn write(&self, form: InputForm, out: &mut [u8]) {
        let (xo, yo) = out.split_at_mut(P::BaseField::BYTES);
        write_field(&self.x, form, xo);
        write_field(&self.y, form, &mut yo[..P::BaseField::BYTES]);
    }

    fn read(bytes: &[u8], form: InputForm, check: PointCheck) -> Result<Self, PointFault> {
        let (x, y) = coords::<P::BaseField>(bytes, form)?;
        let p = Self::new_unchecked(x, y);
        p.check(check)?;
        Ok(p)
    }

    fn check(&self, check: PointCheck) -> Result<(), PointFault> {
        if check == PointCheck::None {
            return Ok(());
        }
        if !self.is_on_curve() {
            return Err(PointFault::NotOnCurve);
        }
        if check == PointCheck::Subgroup && !self.is_in_correct_subgroup_assuming_on_curve() {
            return Err(PointFault::NotInSubgroup);
        }
        Ok(())
    }
}
