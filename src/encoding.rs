//! The wire format of whole inputs (DESIGN.md "Wire format") and input
//! validation: a curve's points and scalars as byte slices, one element
//! each encoded as `crate::codec` says; a scalar is 32 bytes little-endian
//! and must be < r. Large inputs are decoded and checked on all cores
//! (rayon).

use crate::alloc;
use crate::codec::{read_field, write_field};
pub use crate::codec::{PointCheck, PointFault, WireField, WirePoint};
use crate::config::{InputForm, ScalarLayout, ScalarOrder};
use crate::curve::{Curve, SCALAR_BYTES};
use crate::error::{Error, Status};
use ark_ff::PrimeField;
use rayon::prelude::*;
use std::borrow::Cow;
use zeroize::Zeroize;

/// Below this many items a decode runs on the calling thread: rayon's
/// fork-join costs more than checking a few hundred points.
const PAR_MIN: usize = 256;

/// The lowest-index error of `f` over `items`, found serially after a
/// parallel pass failed, so that messages do not depend on thread timing.
fn first_error<T>(
    items: impl Iterator<Item = T>,
    f: impl Fn(usize, T) -> Result<(), Error>,
) -> Error {
    items
        .enumerate()
        .find_map(|(i, t)| f(i, t).err())
        .unwrap_or_else(|| {
            Error::new(
                Status::Internal,
                "a failing input passed when checked again",
            )
        })
}

/// Runs `f` on every item (on all cores when there are many); the error
/// returned is the one of the lowest index.
fn check_indexed<T: Sync>(
    items: &[T],
    f: impl Fn(usize, &T) -> Result<(), Error> + Sync + Send,
) -> Result<(), Error> {
    let failed = if items.len() < PAR_MIN {
        items
            .iter()
            .enumerate()
            .try_for_each(|(i, t)| f(i, t))
            .is_err()
    } else {
        items
            .par_iter()
            .enumerate()
            .try_for_each(|(i, t)| f(i, t))
            .is_err()
    };
    match failed {
        false => Ok(()),
        true => Err(first_error(items.iter(), &f)),
    }
}

/// How many `size`-byte items `bytes` holds; a length that is not a
/// multiple of `size` is `SizeMismatch`, named by `what`.
pub(crate) fn whole_items(bytes: &[u8], size: usize, what: &str) -> Result<usize, Error> {
    if bytes.len() % size != 0 {
        return Err(Error::new(
            Status::SizeMismatch,
            format!("{what}: {} bytes is not a multiple of {size}", bytes.len()),
        ));
    }
    Ok(bytes.len() / size)
}

/// How many 32-byte scalars `scalars` holds; a length that is not a
/// multiple of 32 is `SizeMismatch`.
pub(crate) fn scalar_count(scalars: &[u8]) -> Result<usize, Error> {
    whole_items(scalars, SCALAR_BYTES, "scalars")
}

/// Decodes the `size`-byte items of `bytes` with `f` into a vector allocated
/// fallibly up front (on all cores when there are many); the error returned
/// is the one of the lowest index.
fn decode_indexed<U: Copy + Send>(
    bytes: &[u8],
    size: usize,
    what: &str,
    f: impl Fn(usize, &[u8]) -> Result<U, Error> + Sync + Send,
) -> Result<Vec<U>, Error> {
    let n = whole_items(bytes, size, what)?;
    let mut out: Vec<U> = alloc::try_vec(n, what)?;
    let slots = &mut out.spare_capacity_mut()[..n];
    let fill = |(i, (slot, b)): (usize, (&mut std::mem::MaybeUninit<U>, &[u8]))| {
        slot.write(f(i, b)?);
        Ok(())
    };
    let filled: Result<(), Error> = if n < PAR_MIN {
        slots
            .iter_mut()
            .zip(bytes.chunks_exact(size))
            .enumerate()
            .try_for_each(fill)
    } else {
        slots
            .par_iter_mut()
            .zip(bytes.par_chunks_exact(size))
            .enumerate()
            .try_for_each(fill)
    };
    if filled.is_err() {
        return Err(first_error(bytes.chunks_exact(size), |i, b| {
            f(i, b).map(drop)
        }));
    }
    // SAFETY: every one of the n slots (within the reserved capacity) was
    // written above, since the fill succeeded for all of them.
    unsafe { out.set_len(n) };
    Ok(out)
}

fn point_bytes<C: Curve>() -> usize {
    C::ID.point_bytes()
}

/// Decodes `points.len() / point_bytes` points in `form`, running `check` on each.
pub fn decode_points<C: Curve>(
    points: &[u8],
    form: InputForm,
    check: PointCheck,
) -> Result<Vec<C::Affine>, Error> {
    decode_indexed(points, point_bytes::<C>(), "points", |i, b| {
        C::Affine::read(b, form, check).map_err(|f| f.into_error(i))
    })
}

/// Runs `check` on already-decoded points.
pub(crate) fn check_points<C: Curve>(points: &[C::Affine], check: PointCheck) -> Result<(), Error> {
    if check == PointCheck::None {
        return Ok(());
    }
    check_indexed(points, |i, p| p.check(check).map_err(|f| f.into_error(i)))
}

/// [`check_points`] at `Subgroup`, but the prime-order subgroup check left
/// to the device, which runs it as it uploads the points: they are checked
/// on the curve here. The error is the one [`check_points`] gives, the
/// lowest index of any fault: the points before one off the curve have
/// their subgroup checked here (on this failure path only).
pub(crate) fn check_points_but_subgroup<C: Curve>(points: &[C::Affine]) -> Result<(), Error> {
    let off_curve = |p: &C::Affine| p.check(PointCheck::OnCurve).is_err();
    let first = if points.len() < PAR_MIN {
        points.iter().position(off_curve)
    } else {
        points.par_iter().position_first(off_curve)
    };
    let Some(i) = first else { return Ok(()) };
    check_points::<C>(&points[..i], PointCheck::Subgroup)?;
    check_indexed(&points[i..=i], |_, p| {
        p.check(PointCheck::OnCurve).map_err(|f| f.into_error(i))
    })
}

/// [`decode_points`] at `Subgroup`, but the prime-order subgroup check
/// left to the device (as [`check_points_but_subgroup`]): the error is the
/// one [`decode_points`] gives.
pub(crate) fn decode_points_but_subgroup<C: Curve>(
    points: &[u8],
    form: InputForm,
) -> Result<Vec<C::Affine>, Error> {
    let pb = point_bytes::<C>();
    decode_points::<C>(points, form, PointCheck::OnCurve).map_err(|e| {
        // Only a point's fault has points before it (not a size or an
        // allocation error); the first faulty point is i.
        if !matches!(e.status(), Status::BadEncoding | Status::PointNotOnCurve) {
            return e;
        }
        let faulty = |b: &[u8]| C::Affine::read(b, form, PointCheck::OnCurve).is_err();
        match points.chunks_exact(pb).position(faulty) {
            Some(i) => match decode_points::<C>(&points[..i * pb], form, PointCheck::Subgroup) {
                Err(before) => before,
                Ok(_) => e,
            },
            None => e,
        }
    })
}

/// Decodes one canonical wire point and checks that it is on the curve.
pub fn decode_point<C: Curve>(bytes: &[u8]) -> Result<C::Affine, Error> {
    if bytes.len() != point_bytes::<C>() {
        return Err(Error::new(
            Status::SizeMismatch,
            format!(
                "a {} point is {} bytes, not {}",
                C::ID.name(),
                point_bytes::<C>(),
                bytes.len()
            ),
        ));
    }
    C::Affine::read(bytes, InputForm::Canonical, PointCheck::OnCurve).map_err(|f| f.into_error(0))
}

// Test builds only: the points `encode_point` and `encode_points_in` encoded
// on this thread, which the driver's tests read to show that a call encodes
// its result once.
#[cfg(test)]
thread_local! {
    pub(crate) static ENCODED_POINTS: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

/// Encodes one point in the canonical wire format.
pub fn encode_point<C: Curve>(point: &C::Affine) -> Vec<u8> {
    #[cfg(test)]
    ENCODED_POINTS.with(|n| n.set(n.get() + 1));
    let mut out = vec![0u8; point_bytes::<C>()];
    point.write(InputForm::Canonical, &mut out);
    out
}

/// Encodes points in `form` (canonical: the wire format).
pub fn encode_points_in<C: Curve>(points: &[C::Affine], form: InputForm) -> Vec<u8> {
    #[cfg(test)]
    ENCODED_POINTS.with(|n| n.set(n.get() + points.len()));
    let pb = point_bytes::<C>();
    let mut out = vec![0u8; points.len() * pb];
    out.par_chunks_exact_mut(pb)
        .zip(points.par_iter())
        .for_each(|(o, p)| p.write(form, o));
    out
}

/// Encodes points in the canonical wire format.
pub fn encode_points<C: Curve>(points: &[C::Affine]) -> Vec<u8> {
    encode_points_in::<C>(points, InputForm::Canonical)
}

/// Encodes scalars in `form` (canonical: 32-byte little-endian integers).
pub fn encode_scalars_in<C: Curve>(scalars: &[C::Scalar], form: InputForm) -> Vec<u8> {
    let mut out = vec![0u8; scalars.len() * SCALAR_BYTES];
    out.par_chunks_exact_mut(SCALAR_BYTES)
        .zip(scalars.par_iter())
        .for_each(|(o, s)| write_field(s, form, o));
    out
}

/// Scalars in the Montgomery wire form: borrowed as they lie in memory where
/// the layout allows (arkworks' fields on a little-endian host: no pass over
/// them at all), encoded otherwise. The GPU converts them to integers.
pub fn scalars_montgomery<C: Curve>(scalars: &[C::Scalar]) -> Cow<'_, [u8]> {
    match C::Scalar::montgomery_bytes(scalars) {
        Some(bytes) => Cow::Borrowed(bytes),
        None => Cow::Owned(encode_scalars_in::<C>(scalars, InputForm::Montgomery)),
    }
}

/// Encodes scalars in the canonical wire format.
pub fn encode_scalars<C: Curve>(scalars: &[C::Scalar]) -> Vec<u8> {
    encode_scalars_in::<C>(scalars, InputForm::Canonical)
}

/// Decodes `scalars.len() / 32` scalars in `form`; each must be < r.
pub fn decode_scalars<C: Curve>(scalars: &[u8], form: InputForm) -> Result<Vec<C::Scalar>, Error> {
    decode_scalars_in::<C>(
        scalars,
        ScalarLayout {
            form,
            order: ScalarOrder::LittleEndian,
        },
    )
}

fn out_of_range(i: usize) -> Error {
    Error::new(
        Status::ScalarOutOfRange,
        format!("scalar {i} is not below the group order r"),
    )
}

/// Decodes `scalars.len() / 32` scalars laid out as `layout` says; each
/// must be < r. A big-endian scalar is reversed on the stack, one at a
/// time, and the copy wiped (it may be a blinded call's secret).
pub(crate) fn decode_scalars_in<C: Curve>(
    scalars: &[u8],
    layout: ScalarLayout,
) -> Result<Vec<C::Scalar>, Error> {
    decode_indexed(scalars, SCALAR_BYTES, "scalars", |i, b| {
        let value = match layout.order {
            ScalarOrder::LittleEndian => read_field::<C::Scalar>(b, layout.form),
            ScalarOrder::BigEndian => {
                let mut le = [0u8; SCALAR_BYTES];
                le.iter_mut().zip(b.iter().rev()).for_each(|(o, x)| *o = *x);
                let value = read_field::<C::Scalar>(&le, layout.form);
                le.zeroize();
                value
            }
        };
        value.ok_or_else(|| out_of_range(i))
    })
}

/// Checks that wire scalars are all < r, without keeping them. Both forms
/// share the bound: Montgomery limbs are reduced too.
pub fn check_scalars<C: Curve>(scalars: &[u8]) -> Result<(), Error> {
    check_scalars_in::<C>(scalars, ScalarOrder::LittleEndian)
}

/// [`check_scalars`] for scalars in either byte order.
pub(crate) fn check_scalars_in<C: Curve>(scalars: &[u8], order: ScalarOrder) -> Result<(), Error> {
    let n = scalar_count(scalars)?;
    let check = |i: usize, b: &[u8]| {
        let mut v = <C::Scalar as PrimeField>::BigInt::default();
        for (k, limb) in v.as_mut().iter_mut().enumerate() {
            *limb = match order {
                ScalarOrder::LittleEndian => {
                    u64::from_le_bytes(b[8 * k..][..8].try_into().expect("8-byte chunk"))
                }
                ScalarOrder::BigEndian => u64::from_be_bytes(
                    b[SCALAR_BYTES - 8 * (k + 1)..][..8]
                        .try_into()
                        .expect("8-byte chunk"),
                ),
            };
        }
        if v < <C::Scalar as PrimeField>::MODULUS {
            Ok(())
        } else {
            Err(out_of_range(i))
        }
    };
    let failed = if n < PAR_MIN {
        scalars
            .chunks_exact(SCALAR_BYTES)
            .enumerate()
            .try_for_each(|(i, b)| check(i, b))
            .is_err()
    } else {
        scalars
            .par_chunks_exact(SCALAR_BYTES)
            .enumerate()
            .try_for_each(|(i, b)| check(i, b))
            .is_err()
    };
    match failed {
        false => Ok(()),
        true => Err(first_error(scalars.chunks_exact(SCALAR_BYTES), check)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::codec::WirePoint;
    use ark_ec::{AffineRepr, CurveGroup};

    /// The device reads arkworks' affine structs in place
    /// (codec::RecordLayout): on this host every curve's layout is known,
    /// its coordinate bytes are the Montgomery wire form, and its flag byte
    /// (short Weierstrass) is set on the identity alone.
    fn records_are_the_montgomery_wire_form<C: Curve>() {
        let layout = <C::Affine as WirePoint>::montgomery_records()
            .unwrap_or_else(|| panic!("{}: no in-place layout", C::ID.name()));
        assert_eq!(layout.stride, std::mem::size_of::<C::Affine>());
        let g = C::Affine::generator();
        let points = [
            g,
            (g * C::Scalar::from(7u64)).into_affine(),
            C::Affine::zero(),
        ];
        let wire = encode_points_in::<C>(&points, InputForm::Montgomery);
        let pb = C::ID.point_bytes();
        for (i, p) in points.iter().enumerate() {
            let record = (p as *const C::Affine).cast::<u8>();
            // SAFETY: the layout puts x || y (initialised limbs, pb bytes)
            // at the start of the struct and the flag, a bool, at its offset.
            let (coords, flag) = unsafe {
                (
                    std::slice::from_raw_parts(record, pb),
                    layout.flag.map(|f| *record.add(f)),
                )
            };
            assert_eq!(
                coords,
                &wire[i * pb..(i + 1) * pb],
                "{} point {i}",
                C::ID.name()
            );
            if let Some(flag) = flag {
                assert_eq!(flag, u8::from(p.is_zero()), "{} point {i}", C::ID.name());
            }
        }
    }

    macro_rules! stamp {
        ($(($marker:ident, $snake:ident, $id:literal, $affine:ty, $proj:ty, $scalar:ty, $display:literal)),* $(,)?) => {$(
            #[test]
            fn $snake() {
                records_are_the_montgomery_wire_form::<crate::curves::$marker>()
            }
        )*};
    }
    crate::for_each_curve!(stamp);
}
