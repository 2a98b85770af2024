//! The host backends: serial (one scalar multiplication per point), and
//! Pippenger on all cores — arkworks' `VariableBaseMSM` when the window is
//! left to the library, our own windowed Pippenger when the caller fixes c.

use crate::alloc;
use crate::curve::Curve;
use crate::error::Error;
use ark_ec::{AdditiveGroup, AffineRepr, PrimeGroup, VariableBaseMSM};
use ark_ff::{PrimeField, Zero};
use rayon::prelude::*;
use std::mem::size_of;

/// Σ kᵢ·Pᵢ by one double-and-add per point and a sum: no set-up cost, so
/// the fastest choice for a handful of points.
pub fn serial<C: Curve>(points: &[C::Affine], scalars: &[C::Scalar]) -> C::Projective {
    points
        .iter()
        .zip(scalars)
        .map(|(p, s)| p.mul_bigint(s.into_bigint()))
        .sum()
}

/// arkworks' Pippenger (signed digits for cheap-negation groups), on rayon.
///
/// Its allocations are arkworks' own and abort on failure, so the memory it
/// will take ([`arkworks_bytes`]) is probed first: a call too large for the
/// host returns `OutOfMemory` instead.
pub fn arkworks<C: Curve>(
    points: &[C::Affine],
    scalars: &[C::Scalar],
) -> Result<C::Projective, Error> {
    alloc::probe(
        arkworks_bytes::<C>(points.len().min(scalars.len())),
        "arkworks' MSM working memory",
    )?;
    Ok(C::Projective::msm_unchecked(points, scalars))
}

/// Peak host memory of arkworks' `msm_unchecked` for n points, from the code
/// of ark-ec 0.5.0 (`VariableBaseMSM::msm_unchecked`, `msm_bigint_wnaf`;
/// every curve here has cheap negation): the scalars as big integers, the
/// signed c-bit digits of all of them as i64 (collected by rayon through a
/// list of pieces and one final vector, so twice), and one 2^c bucket
/// vector per window in flight (one per worker). Saturates instead of
/// overflowing: a saturated size fails the probe as it should.
pub fn arkworks_bytes<C: Curve>(n: usize) -> usize {
    let c = if n < 32 {
        3
    } else {
        (ark_std::log2(n) as usize * 69 / 100) + 2
    };
    let digits = (C::Scalar::MODULUS_BIT_SIZE as usize).div_ceil(c);
    let bigints = n.saturating_mul(size_of::<<C::Scalar as PrimeField>::BigInt>());
    let digit_bytes = n
        .saturating_mul(digits)
        .saturating_mul(2 * size_of::<i64>());
    let buckets = rayon::current_num_threads()
        .min(digits)
        .saturating_mul(size_of::<C::Projective>() << c);
    bigints.saturating_add(digit_bytes).saturating_add(buckets)
}

/// Pippenger with exactly `c`-bit unsigned windows (1 <= c <= 32), on rayon.
///
/// Bucket method (Pippenger 1976; Bernstein et al., "Faster batch forgery
/// identification", §4): for window w, Σ dᵢ·Pᵢ over the c-bit digits dᵢ of
/// the scalars, then Horner over windows (c doublings each). Instead of an
/// array of 2^c buckets, each window sorts its (digit, index) pairs and sums
/// only the occupied buckets, so memory is O(n) per window whatever c is
/// (c = 24 would otherwise need 2^24 projective points — up to 4.8 GB for
/// BLS12-381 G2 — per window in flight), and the bucket reduction costs
/// O(occupied buckets · log gap) instead of O(2^c).
///
/// `c` outside 1..=32 is clamped into it; more than 2^32 points are summed
/// in 2^32-point parts (the pairs hold 32-bit point indices).
pub fn pippenger<C: Curve>(
    points: &[C::Affine],
    scalars: &[C::Scalar],
    c: u32,
) -> Result<C::Projective, Error> {
    let n = points.len().min(scalars.len());
    const PART: usize = 1 << 32;
    if n > PART {
        let mut sum = pippenger::<C>(&points[..PART], &scalars[..PART], c)?;
        sum += pippenger::<C>(&points[PART..n], &scalars[PART..n], c)?;
        return Ok(sum);
    }
    let c = c.clamp(1, 32) as usize;
    let mut bigints = alloc::try_vec(n, "the scalars as integers")?;
    scalars[..n]
        .par_iter()
        .map(|s| s.into_bigint())
        .collect_into_vec(&mut bigints);
    let bits = C::Scalar::MODULUS_BIT_SIZE as usize;
    let window_sums: Vec<C::Projective> = (0..bits.div_ceil(c))
        .into_par_iter()
        .map(|w| window_sum::<C>(&points[..n], &bigints, w * c, c))
        .collect::<Result<_, Error>>()?;
    let mut acc = C::Projective::zero();
    for sum in window_sums.iter().rev() {
        for _ in 0..c {
            acc.double_in_place();
        }
        acc += sum;
    }
    Ok(acc)
}

/// Bits `lo .. lo + c` of a little-endian limb array.
fn digit(limbs: &[u64], lo: usize, c: usize) -> u64 {
    let (i, shift) = (lo / 64, lo % 64);
    let mut v = limbs[i] >> shift;
    if shift + c > 64 && i + 1 < limbs.len() {
        v |= limbs[i + 1] << (64 - shift);
    }
    v & ((1u64 << c) - 1)
}

/// Σ dᵢ·Pᵢ for the digits dᵢ of window [lo, lo + c).
fn window_sum<C: Curve>(
    points: &[C::Affine],
    bigints: &[<C::Scalar as PrimeField>::BigInt],
    lo: usize,
    c: usize,
) -> Result<C::Projective, Error> {
    // digit in the high half, point index in the low half: sorting the u64
    // sorts by digit.
    let mut pairs: Vec<u64> =
        alloc::try_vec(bigints.len(), "the (digit, point) pairs of a window")?;
    pairs.extend(bigints.iter().enumerate().filter_map(|(i, b)| {
        let d = digit(b.as_ref(), lo, c);
        (d != 0).then_some((d << 32) | i as u64)
    }));
    pairs.sort_unstable();
    // With occupied digits d₁ > d₂ > … > d_m > d_{m+1} = 0 and bucket sums Bⱼ:
    // Σ dⱼ·Bⱼ = Σⱼ (dⱼ − dⱼ₊₁)·(B₁ + … + Bⱼ) — the running-sum reduction,
    // with the gaps multiplied out because empty buckets are skipped.
    let mut running = C::Projective::zero();
    let mut total = C::Projective::zero();
    let mut k = pairs.len();
    while k > 0 {
        let d = pairs[k - 1] >> 32;
        while k > 0 && pairs[k - 1] >> 32 == d {
            running += points[(pairs[k - 1] & 0xffff_ffff) as usize];
            k -= 1;
        }
        let next = if k > 0 { pairs[k - 1] >> 32 } else { 0 };
        match d - next {
            1 => total += running,
            gap => total += running.mul_bigint([gap]),
        }
    }
    Ok(total)
}

#[cfg(test)]
mod tests {
    use super::digit;

    #[test]
    fn digits_cross_limb_boundaries() {
        let limbs = [0xF000_0000_0000_0000u64, 0x0000_0000_0000_000Bu64, 0, 0];
        assert_eq!(digit(&limbs, 60, 8), 0xBF);
        assert_eq!(digit(&limbs, 62, 3), 0b111);
        assert_eq!(digit(&limbs, 64, 4), 0xB);
        assert_eq!(digit(&limbs, 250, 24), 0);
        assert_eq!(digit(&limbs, 0, 24), 0);
    }
}
