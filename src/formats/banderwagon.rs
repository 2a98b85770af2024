//! Banderwagon, the quotient of Bandersnatch's subgroup 2E by (x, y) ~ (−x, −y)
//! (Verkle trees; <https://hackmd.io/@6iQDuIePQjyYBqDChYw_jg/BJBNcv9fq>).
//!
//! An element is held as either Edwards representative. Its 32-byte
//! serialization is x, big-endian, of the representative whose y is
//! lexicographically largest (y > (p−1)/2, gnark-crypto's / go-ipa's
//! rule); decoding picks that y again. The 64-byte form is go-ipa's
//! uncompressed one, x || y big-endian; it is read in either
//! representative and written in the normalised one, so that equal
//! elements give equal bytes. A point of the curve is in 2E — the
//! Banderwagon subgroup check of the spec — iff 1 − a·x² is a non-zero
//! square.

use super::be::{read_be, write_be};
use crate::encoding::{PointCheck, PointFault};
use ark_ec::twisted_edwards::TECurveConfig;
use ark_ed_on_bls12_381_bandersnatch::{BandersnatchConfig, EdwardsAffine, Fq};
use ark_ff::{Field, LegendreSymbol, One, PrimeField};

/// Bytes of the compressed (spec) serialization.
pub const COMPRESSED_BYTES: usize = 32;
/// Bytes of go-ipa's uncompressed form.
pub const UNCOMPRESSED_BYTES: usize = 64;

fn largest(y: &Fq) -> bool {
    y.into_bigint() > Fq::MODULUS_MINUS_ONE_DIV_TWO
}

/// 1 − a·x², the quantity whose squareness is the subgroup check.
fn one_minus_ax2(x: &Fq) -> Fq {
    Fq::one() - BandersnatchConfig::COEFF_A * x.square()
}

fn in_subgroup(x: &Fq) -> bool {
    // Zero is excluded, as in the spec (a = −5 is not a square, so
    // 1 − a·x² never vanishes on the field anyway).
    one_minus_ax2(x).legendre() == LegendreSymbol::QuadraticResidue
}

/// The representative with the lexicographically largest y.
fn normalised(p: &EdwardsAffine) -> (Fq, Fq) {
    match largest(&p.y) {
        true => (p.x, p.y),
        false => (-p.x, -p.y),
    }
}

/// Writes the 32-byte serialization of `p` (the identity: zero bytes).
pub fn write_compressed(p: &EdwardsAffine, out: &mut [u8]) {
    write_be(&normalised(p).0, &mut out[..COMPRESSED_BYTES]);
}

/// Writes go-ipa's 64-byte form of the normalised representative.
pub fn write_uncompressed(p: &EdwardsAffine, out: &mut [u8]) {
    let (x, y) = normalised(p);
    write_be(&x, &mut out[..32]);
    write_be(&y, &mut out[32..UNCOMPRESSED_BYTES]);
}

/// Reads a 32-byte serialization: x must be < p and lift to a curve point;
/// unless `check` is `None`, the point must pass the subgroup check.
pub fn read_compressed(bytes: &[u8], check: PointCheck) -> Result<EdwardsAffine, PointFault> {
    let x: Fq = read_be(&bytes[..COMPRESSED_BYTES]).ok_or(PointFault::BadEncoding)?;
    // y² = (1 − a·x²) / (1 − d·x²); d is not a square, so the
    // denominator never vanishes, and the inverse fails only on a bug.
    let den = Fq::one() - BandersnatchConfig::COEFF_D * x.square();
    let y2 = one_minus_ax2(&x) * den.inverse().ok_or(PointFault::NotOnCurve)?;
    let y = y2.sqrt().ok_or(PointFault::NotOnCurve)?;
    let y = if largest(&y) { y } else { -y };
    if check != PointCheck::None && !in_subgroup(&x) {
        return Err(PointFault::NotInSubgroup);
    }
    Ok(EdwardsAffine::new_unchecked(x, y))
}

/// Reads go-ipa's 64-byte form, either representative. `OnCurve` and
/// `Subgroup` both check the curve equation and 2E: a point outside 2E is
/// no Banderwagon element at all.
pub fn read_uncompressed(bytes: &[u8], check: PointCheck) -> Result<EdwardsAffine, PointFault> {
    let x: Fq = read_be(&bytes[..32]).ok_or(PointFault::BadEncoding)?;
    let y: Fq = read_be(&bytes[32..UNCOMPRESSED_BYTES]).ok_or(PointFault::BadEncoding)?;
    let p = EdwardsAffine::new_unchecked(x, y);
    if check == PointCheck::None {
        return Ok(p);
    }
    if !p.is_on_curve() {
        return Err(PointFault::NotOnCurve);
    }
    if !in_subgroup(&x) {
        return Err(PointFault::NotInSubgroup);
    }
    Ok(p)
}

#[cfg(test)]
mod tests {
    use super::*;
    use ark_ec::{CurveGroup, PrimeGroup};
    use ark_ed_on_bls12_381_bandersnatch::{EdwardsProjective, Fr};
    use ark_ff::UniformRand;
    use rand::SeedableRng;

    #[test]
    fn both_representatives_serialize_alike_and_decode_back() {
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(16);
        for _ in 0..64 {
            let p = (EdwardsProjective::generator() * Fr::rand(&mut rng)).into_affine();
            let q = EdwardsAffine::new_unchecked(-p.x, -p.y);
            let (mut a, mut b) = ([0u8; 32], [0u8; 32]);
            write_compressed(&p, &mut a);
            write_compressed(&q, &mut b);
            assert_eq!(a, b);
            let back = read_compressed(&a, PointCheck::Subgroup).unwrap();
            assert!(back == p || back == q);
            let (mut u, mut v) = ([0u8; 64], [0u8; 64]);
            write_uncompressed(&p, &mut u);
            write_uncompressed(&q, &mut v);
            assert_eq!(u, v);
            assert_eq!(read_uncompressed(&u, PointCheck::Subgroup).unwrap(), back);
        }
    }

    #[test]
    fn identity_is_zero_bytes() {
        let mut out = [1u8; 32];
        write_compressed(&EdwardsAffine::zero(), &mut out);
        assert_eq!(out, [0u8; 32]);
        let p = read_compressed(&out, PointCheck::Subgroup).unwrap();
        assert_eq!(p, EdwardsAffine::new_unchecked(Fq::from(0u8), -Fq::one()));
    }

    #[test]
    fn points_outside_2e_fail_the_subgroup_check() {
        // The first small x on the curve with 1 − a·x² not a square.
        let den = |x: &Fq| Fq::one() - BandersnatchConfig::COEFF_D * x.square();
        let (x, y) = (2u64..)
            .map(Fq::from)
            .find_map(|x| {
                let y = (one_minus_ax2(&x) * den(&x).inverse()?).sqrt()?;
                (!in_subgroup(&x)).then_some((x, y))
            })
            .unwrap();
        let mut bytes = [0u8; 64];
        write_be(&x, &mut bytes[..32]);
        write_be(&y, &mut bytes[32..]);
        for check in [PointCheck::OnCurve, PointCheck::Subgroup] {
            let fault = Err(PointFault::NotInSubgroup);
            assert_eq!(read_uncompressed(&bytes, check), fault);
            assert_eq!(read_compressed(&bytes[..32], check), fault);
        }
        assert!(read_compressed(&bytes[..32], PointCheck::None).is_ok());
    }
}
