//! secp256k1 keys as Bitcoin holds them: SEC1's compressed form (33 bytes:
//! 0x02 for an even y, 0x03 for an odd one, then x big-endian) and BIP340's
//! x-only form (32 bytes: x big-endian, the point with the even y). The
//! identity has no SEC1 encoding of this length and no x-only one: both
//! write it as zero bytes, which no point has (x = 0 would need y² = 7, and
//! 7 is not a square mod p). An x-only result is x alone: the point or its
//! negation, as BIP340 means. The cofactor is 1: no subgroup check.

use super::be::{read_be, write_be};
use crate::encoding::PointFault;
use ark_ec::short_weierstrass::SWCurveConfig;
use ark_ec::AffineRepr;
use ark_ff::{BigInteger, Field, PrimeField};
use ark_secp256k1::{Affine, Config, Fq};

/// Bytes of the SEC1 compressed form.
pub const COMPRESSED_BYTES: usize = 33;
/// Bytes of the BIP340 x-only form.
pub const X_ONLY_BYTES: usize = 32;

fn is_odd(y: &Fq) -> bool {
    y.into_bigint().is_odd()
}

/// The point with this x and y of this parity.
fn lift(x: Fq, odd: bool) -> Result<Affine, PointFault> {
    let y2 = x.square() * x + Config::COEFF_B;
    let y = y2.sqrt().ok_or(PointFault::NotOnCurve)?;
    let y = if is_odd(&y) == odd { y } else { -y };
    Ok(Affine::new_unchecked(x, y))
}

/// Reads SEC1 compressed bytes (33 zero bytes: the identity).
pub fn read_compressed(bytes: &[u8]) -> Result<Affine, PointFault> {
    let bytes = &bytes[..COMPRESSED_BYTES];
    if bytes.iter().all(|&b| b == 0) {
        return Ok(Affine::zero());
    }
    let odd = match bytes[0] {
        0x02 => false,
        0x03 => true,
        _ => return Err(PointFault::BadEncoding),
    };
    lift(read_be(&bytes[1..]).ok_or(PointFault::BadEncoding)?, odd)
}

/// Writes SEC1 compressed bytes.
pub fn write_compressed(p: &Affine, out: &mut [u8]) {
    let out = &mut out[..COMPRESSED_BYTES];
    match p.xy() {
        None => out.fill(0),
        Some((x, y)) => {
            out[0] = if is_odd(&y) { 0x03 } else { 0x02 };
            write_be(&x, &mut out[1..]);
        }
    }
}

/// Reads BIP340 x-only bytes (32 zero bytes: the identity).
pub fn read_x_only(bytes: &[u8]) -> Result<Affine, PointFault> {
    let bytes = &bytes[..X_ONLY_BYTES];
    if bytes.iter().all(|&b| b == 0) {
        return Ok(Affine::zero());
    }
    lift(read_be(bytes).ok_or(PointFault::BadEncoding)?, false)
}

/// Writes BIP340 x-only bytes: x alone.
pub fn write_x_only(p: &Affine, out: &mut [u8]) {
    let out = &mut out[..X_ONLY_BYTES];
    match p.xy() {
        None => out.fill(0),
        Some((x, _)) => write_be(&x, out),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::formats::be::hex;
    use ark_ec::{CurveGroup, PrimeGroup};
    use ark_ff::UniformRand;
    use ark_secp256k1::{Fr, Projective};
    use rand::SeedableRng;

    const G_X: &str = "79be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798";

    /// The generator's SEC1 and x-only bytes (SEC 2, BIP340); its y is even.
    #[test]
    fn the_generator_has_its_known_bytes() {
        let g = Affine::generator();
        let mut c = [0u8; COMPRESSED_BYTES];
        write_compressed(&g, &mut c);
        assert_eq!(c.to_vec(), hex(&format!("02{G_X}")));
        assert_eq!(read_compressed(&c), Ok(g));
        let mut x = [0u8; X_ONLY_BYTES];
        write_x_only(&g, &mut x);
        assert_eq!(x.to_vec(), hex(G_X));
        assert_eq!(read_x_only(&x), Ok(g));
        // -G: the odd y.
        write_compressed(&-g, &mut c);
        assert_eq!(c[0], 0x03);
        assert_eq!(read_compressed(&c), Ok(-g));
    }

    #[test]
    fn random_points_round_trip() {
        let mut rng = rand_chacha::ChaCha20Rng::seed_from_u64(340);
        for _ in 0..64 {
            let p = (Projective::generator() * Fr::rand(&mut rng)).into_affine();
            let mut c = [0u8; COMPRESSED_BYTES];
            write_compressed(&p, &mut c);
            assert_eq!(read_compressed(&c), Ok(p));
            let mut x = [0u8; X_ONLY_BYTES];
            write_x_only(&p, &mut x);
            let even = read_x_only(&x).unwrap();
            assert!(even == p || even == -p);
            assert!(!is_odd(&even.y));
        }
    }

    #[test]
    fn bad_bytes_are_faults() {
        let mut c = hex(&format!("02{G_X}"));
        c[0] = 0x04;
        assert_eq!(read_compressed(&c), Err(PointFault::BadEncoding));
        // x = p: not canonical.
        let p = hex("fffffffffffffffffffffffffffffffffffffffffffffffffffffffefffffc2f");
        assert_eq!(read_x_only(&p), Err(PointFault::BadEncoding));
        // x = 5: 5³ + 7 = 132 is not a square mod p.
        let mut five = [0u8; 32];
        five[31] = 5;
        assert_eq!(read_x_only(&five), Err(PointFault::NotOnCurve));
        let identity = [0u8; COMPRESSED_BYTES];
        assert_eq!(read_compressed(&identity), Ok(Affine::zero()));
    }
}
