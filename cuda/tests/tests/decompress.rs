//! Square roots (cuda/ff/sqrt.cuh) and the decompression of compressed
//! points (cuda/driver/compressed.cuh) against arkworks, on the host and
//! the device: for every field with p ≡ 3 mod 4 (BN254, BLS12-381,
//! secp256k1), roots, parity and "the larger root" of edge values and
//! random elements; for every format the device decompresses (ZCash
//! BLS12-381 G1, arkworks' BN254 G1, SEC1 and BIP340 x-only secp256k1),
//! valid points, the identity, every flag combination, x ≥ p, x with no
//! point, points outside the subgroup and random bytes, each with the status
//! the host codec of src/formats/ gives it.

mod common;

use ark_ec::short_weierstrass::{Affine, SWCurveConfig};
use ark_ec::{AffineRepr, CurveGroup};
use ark_ff::{BigInt, Field, One, PrimeField, UniformRand, Zero};
use ark_serialize::{CanonicalDeserialize, CanonicalSerialize, Compress, Validate};
use common::*;
use gpukit_cuda_tests::{decompress, field_op, format, op, record_bytes, targets, Decompressed};
use rand::RngCore;

const RANDOM: usize = 2000;

/// Canonical words compared as integers.
fn greater(a: &[u32], b: &[u32]) -> bool {
    a.iter().rev().cmp(b.iter().rev()) == std::cmp::Ordering::Greater
}

fn check_sqrt<C: TestCurve>() {
    let mut rng = rng(0x5e11 + u64::from(C::ID));
    let one = C::F::one();
    let mut xs = vec![
        C::F::zero(),
        one,
        -one,
        one + one,
        -(one + one),
        C::F::from(4u64),
    ];
    xs.extend((0..RANDOM).map(|_| C::F::rand(&mut rng)));
    // Squares for certain, half of them.
    xs.extend((0..RANDOM / 2).map(|_| C::F::rand(&mut rng).square()));
    let w = C::F::WORDS;
    let flat: Vec<u32> = xs.iter().flat_map(|x| x.to_words()).collect();
    for t in targets() {
        let roots = field_op(t, C::ID, op::FP_SQRT, &flat, &flat, w);
        let larger = field_op(t, C::ID, op::FP_IS_LARGER, &flat, &flat, w);
        let odd = field_op(t, C::ID, op::FP_IS_ODD, &flat, &flat, w);
        for (i, x) in xs.iter().enumerate() {
            let got = &roots[i * w..(i + 1) * w];
            match x.sqrt() {
                None => assert!(
                    got.iter().all(|&v| v == u32::MAX),
                    "{} {t:?} sqrt({x}) of a non-square",
                    C::NAME
                ),
                Some(r) => {
                    let got = C::F::from_words(got);
                    assert!(got == r || got == -r, "{} {t:?} sqrt({x}) = {got}", C::NAME);
                }
            }
            let words = x.to_words();
            let neg = (-*x).to_words();
            assert_eq!(
                larger[i * w] == 1,
                greater(&words, &neg),
                "{} {t:?} is_larger({x})",
                C::NAME
            );
            assert_eq!(
                odd[i * w] == 1,
                words[0] & 1 == 1,
                "{} {t:?} is_odd({x})",
                C::NAME
            );
        }
    }
}

#[test]
fn sqrt_bn254() {
    check_sqrt::<bn254_g1>();
}

#[test]
fn sqrt_bls12_381() {
    check_sqrt::<bls12_381_g1>();
}

#[test]
fn sqrt_secp256k1() {
    check_sqrt::<secp256k1>();
}

/// The formats apply to the curves the host routes to them, and the shapes
/// of others do not compile them in.
#[test]
fn formats_apply_where_the_field_fits() {
    assert_eq!(record_bytes(2, format::ZCASH), Some(48));
    assert_eq!(record_bytes(1, format::ARKWORKS), Some(32));
    assert_eq!(record_bytes(5, format::SEC1), Some(33));
    assert_eq!(record_bytes(5, format::X_ONLY), Some(32));
    // secp256k1's p fills its top word: no room for arkworks' flags; BN254's
    // leaves two bits, ZCash needs three; BLS12-377's p is 1 mod 4, G2 is
    // over Fp2 and Bandersnatch is twisted Edwards.
    assert_eq!(record_bytes(5, format::ARKWORKS), None);
    assert_eq!(record_bytes(1, format::ZCASH), None);
    for curve in [3, 4, 6] {
        for f in [
            format::ZCASH,
            format::SEC1,
            format::X_ONLY,
            format::ARKWORKS,
        ] {
            assert_eq!(record_bytes(curve, f), None, "curve {curve} format {f}");
        }
    }
}

/// x || y of a point (zeros for the identity), as the shim writes it.
fn expected_xy<C: TestCurve>(p: &C::Affine) -> Vec<u32> {
    affine_words::<C>(p)[..2 * C::F::WORDS].to_vec()
}

/// Runs the records on every target and compares each with `reference`:
/// its status, and its point where it has one (the identity otherwise).
fn check_records<C: TestCurve>(
    f: u32,
    records: &[Vec<u8>],
    reference: impl Fn(&[u8]) -> (u32, C::Affine),
) {
    let size = record_bytes(C::ID, f).unwrap();
    let packed: Vec<u8> = records
        .iter()
        .flat_map(|r| {
            assert_eq!(r.len(), size);
            r.iter().copied()
        })
        .collect();
    let mut seen = [0usize; 3];
    for t in targets() {
        let got = decompress(t, C::ID, f, &packed, C::F::WORDS);
        for (i, r) in records.iter().enumerate() {
            let (status, p) = reference(r);
            let want = Decompressed {
                xy: match status {
                    format::OK => expected_xy::<C>(&p),
                    _ => vec![0; 2 * C::F::WORDS],
                },
                status,
            };
            assert_eq!(
                got[i],
                want,
                "{} {t:?} format {f} record {i}: {r:02x?}",
                C::NAME
            );
            seen[status as usize] += 1;
        }
    }
    eprintln!(
        "{} format {f}: {} ok, {} bad encodings, {} without a point",
        C::NAME,
        seen[0],
        seen[1],
        seen[2]
    );
}

/// arkworks' compressed deserialization without the subgroup check: what
/// src/formats/standard.rs decodes under ON_CURVE; every error is a bad
/// encoding there.
fn arkworks_reference<P: SWCurveConfig>(rec: &[u8]) -> (u32, Affine<P>) {
    match Affine::<P>::deserialize_with_mode(rec, Compress::Yes, Validate::No) {
        Ok(p) => (format::OK, p),
        Err(_) => (format::BAD_ENCODING, Affine::<P>::zero()),
    }
}

fn compressed<P: SWCurveConfig>(p: &Affine<P>) -> Vec<u8> {
    let mut out = Vec::new();
    p.serialize_compressed(&mut out).unwrap();
    out
}

fn random_bytes(rng: &mut impl RngCore, n: usize) -> Vec<u8> {
    let mut v = vec![0u8; n];
    rng.fill_bytes(&mut v);
    v
}

fn be<F: PrimeField>(x: &F) -> Vec<u8> {
    use ark_ff::BigInteger;
    x.into_bigint().to_bytes_be()
}

/// p as big-endian bytes of the field's width.
fn modulus_be<F: PrimeField>() -> Vec<u8> {
    use ark_ff::BigInteger;
    F::MODULUS.to_bytes_be()
}

#[test]
fn zcash_bls12_381_g1() {
    type P = ark_bls12_381::g1::Config;
    type Fq = ark_bls12_381::Fq;
    let mut rng = rng(0x2c);
    let mut records: Vec<Vec<u8>> = (0..200)
        .map(|_| compressed(&ark_bls12_381::G1Projective::rand(&mut rng).into_affine()))
        .collect();
    records.push(compressed(&Affine::<P>::zero()));
    let valid = records[0].clone();
    // Every combination of the three flags over a valid x, and over zeros.
    for flags in 0..8u8 {
        for base in [valid.clone(), vec![0u8; 48]] {
            let mut r = base;
            r[0] = (r[0] & 0x1f) | flags << 5;
            records.push(r);
        }
    }
    // The identity with a non-zero x; x = p, p − 1 and the largest 381-bit x.
    let mut r = vec![0u8; 48];
    r[0] = 0xc0;
    r[47] = 1;
    records.push(r);
    for x in [modulus_be::<Fq>(), be(&-Fq::one()), vec![0xff; 48]] {
        for sort in [0x80u8, 0xa0] {
            let mut r = x.clone();
            r[0] = (r[0] & 0x1f) | sort;
            records.push(r);
        }
    }
    // Small x: some with no point, some with points outside the subgroup.
    for x in 0..40u64 {
        for sort in [0x80u8, 0xa0] {
            let mut r = be(&Fq::from(x));
            r[0] |= sort;
            records.push(r);
        }
    }
    records.extend((0..300).map(|_| random_bytes(&mut rng, 48)));
    // Random x with the compressed flag, to reach the square root often.
    records.extend((0..300).map(|_| {
        let mut r = random_bytes(&mut rng, 48);
        r[0] = (r[0] & 0x3f) | 0x80;
        r
    }));
    check_records::<bls12_381_g1>(format::ZCASH, &records, arkworks_reference::<P>);
}

#[test]
fn arkworks_bn254_g1() {
    type P = ark_bn254::g1::Config;
    type Fq = ark_bn254::Fq;
    let mut rng = rng(0xa4);
    let mut records: Vec<Vec<u8>> = (0..200)
        .map(|_| compressed(&ark_bn254::G1Projective::rand(&mut rng).into_affine()))
        .collect();
    records.push(compressed(&Affine::<P>::zero()));
    let le = |x: &Fq| {
        let mut v = be(x);
        v.reverse();
        v
    };
    let mut p_le = modulus_be::<Fq>();
    p_le.reverse();
    // Both flags over a valid x, a random x < p, zero, p and the largest x.
    let mut max = vec![0xffu8; 32];
    max[31] = 0x3f;
    for base in [
        records[0].clone(),
        le(&Fq::rand(&mut rng)),
        vec![0u8; 32],
        p_le,
        max,
    ] {
        for flags in 0..4u8 {
            let mut r = base.clone();
            r[31] = (r[31] & 0x3f) | flags << 6;
            records.push(r);
        }
    }
    for x in 0..40u64 {
        for flag in [0u8, 0x80] {
            let mut r = le(&Fq::from(x));
            r[31] |= flag;
            records.push(r);
        }
    }
    records.extend((0..300).map(|_| random_bytes(&mut rng, 32)));
    records.extend((0..300).map(|_| {
        let mut r = random_bytes(&mut rng, 32);
        r[31] &= 0xbf;
        r
    }));
    check_records::<bn254_g1>(format::ARKWORKS, &records, arkworks_reference::<P>);
}

type SecpAffine = ark_secp256k1::Affine;
type SecpFq = ark_secp256k1::Fq;

/// src/formats/sec1.rs written again from BIP340 and SEC1: zeros are the
/// identity; a bad prefix or x ≥ p a bad encoding; an x with no point not
/// on the curve; otherwise the root of the asked parity.
fn sec1_reference(rec: &[u8]) -> (u32, SecpAffine) {
    if rec.iter().all(|&b| b == 0) {
        return (format::OK, SecpAffine::zero());
    }
    let (odd, x) = match rec.len() {
        32 => (false, rec),
        _ => match rec[0] {
            0x02 => (false, &rec[1..]),
            0x03 => (true, &rec[1..]),
            _ => return (format::BAD_ENCODING, SecpAffine::zero()),
        },
    };
    let mut limbs = [0u64; 4];
    for (i, chunk) in x.rchunks_exact(8).enumerate() {
        limbs[i] = u64::from_be_bytes(chunk.try_into().unwrap());
    }
    let Some(x) = SecpFq::from_bigint(BigInt::new(limbs)) else {
        return (format::BAD_ENCODING, SecpAffine::zero());
    };
    match SecpAffine::get_ys_from_x_unchecked(x) {
        None => (format::NO_POINT, SecpAffine::zero()),
        Some((a, b)) => {
            use ark_ff::BigInteger;
            let y = if a.into_bigint().is_odd() == odd {
                a
            } else {
                b
            };
            (format::OK, SecpAffine::new_unchecked(x, y))
        }
    }
}

/// Valid records of random points, then the edge cases of both forms.
fn secp_records(x_only: bool, seed: u64) -> Vec<Vec<u8>> {
    use ark_ff::BigInteger;
    let mut rng = rng(seed);
    let prefix = |odd: bool| if odd { 0x03u8 } else { 0x02 };
    let encode = |x: Vec<u8>, odd: bool| -> Vec<u8> {
        match x_only {
            true => x,
            false => [vec![prefix(odd)], x].concat(),
        }
    };
    let mut records: Vec<Vec<u8>> = (0..200)
        .map(|_| {
            let p = ark_secp256k1::Projective::rand(&mut rng).into_affine();
            encode(be(&p.x), p.y.into_bigint().is_odd())
        })
        .collect();
    let size = if x_only { 32 } else { 33 };
    records.push(vec![0u8; size]);
    for x in [
        modulus_be::<SecpFq>(),
        be(&-SecpFq::one()),
        vec![0xff; 32],
        vec![0; 32],
    ] {
        for odd in [false, true] {
            records.push(encode(x.clone(), odd));
        }
    }
    for x in 1..40u64 {
        for odd in [false, true] {
            records.push(encode(be(&SecpFq::from(x)), odd));
        }
    }
    if !x_only {
        // Every other prefix over a valid x, and over zeros.
        for p in [0x00u8, 0x01, 0x04, 0x05, 0x06, 0x07, 0x82, 0xff] {
            for mut r in [records[0].clone(), vec![0u8; 33]] {
                r[0] = p;
                records.push(r);
            }
        }
    }
    records.extend((0..300).map(|_| random_bytes(&mut rng, size)));
    records.extend((0..300).map(|_| {
        let odd = rng.next_u32() & 1 == 1;
        encode(random_bytes(&mut rng, 32), odd)
    }));
    records
}

#[test]
fn sec1_secp256k1() {
    check_records::<secp256k1>(format::SEC1, &secp_records(false, 0x5ec1), sec1_reference);
}

#[test]
fn x_only_secp256k1() {
    check_records::<secp256k1>(format::X_ONLY, &secp_records(true, 0x340), sec1_reference);
}

/// The reference itself against arkworks' points: each valid record comes
/// back as the point it was made from (SEC1), or the even one (x-only).
#[test]
fn sec1_reference_round_trips() {
    use ark_ff::BigInteger;
    let mut rng = rng(0x5ec2);
    for _ in 0..50 {
        let p = ark_secp256k1::Projective::rand(&mut rng).into_affine();
        let odd = p.y.into_bigint().is_odd();
        let sec1 = [vec![if odd { 3u8 } else { 2 }], be(&p.x)].concat();
        assert_eq!(sec1_reference(&sec1), (format::OK, p));
        let even = if odd { -p } else { p };
        assert_eq!(sec1_reference(&be(&p.x)), (format::OK, even));
    }
    let mut five = vec![0u8; 32];
    five[31] = 5;
    assert_eq!(sec1_reference(&five).0, format::NO_POINT);
    assert!(!ark_secp256k1::Affine::generator().y.into_bigint().is_odd());
}
