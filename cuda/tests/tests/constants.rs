//! Every constant of curves/*.cuh, and every Montgomery constant that
//! mont_field derives at compile time, against arkworks.

mod common;

use ark_ec::{short_weierstrass::SWCurveConfig, twisted_edwards::TECurveConfig};
use ark_ff::{Field, MontConfig, PrimeField};
use common::*;
use gpukit_cuda_tests::{constant as k, constant, curve_name};

/// What arkworks says about a curve's prime field (Fp under Fp2 for G2).
struct Expected {
    modulus: Vec<u32>,
    r: Vec<u32>,
    r2: Vec<u32>,
    inv: u32,
}

fn expected<P: MontConfig<N>, const N: usize>() -> Expected {
    Expected {
        modulus: big_words(&P::MODULUS),
        r: big_words(&P::R),
        r2: big_words(&P::R2),
        // arkworks' INV is -p^{-1} mod 2^64; its low word is -p^{-1} mod 2^32.
        inv: P::INV as u32,
    }
}

fn one(curve: u8, which: u32) -> u32 {
    let v =
        constant(curve, which).unwrap_or_else(|| panic!("curve {curve} lacks constant {which}"));
    assert_eq!(v.len(), 1);
    v[0]
}

fn check<C: TestCurve>(
    e: Expected,
    scalar_bits: u32,
    point_bytes: u32,
    coeffs: &[(u32, Vec<u32>)],
) {
    let id = C::ID;
    assert_eq!(curve_name(id).as_deref(), Some(C::NAME), "NAME");
    assert_eq!(one(id, k::ID), u32::from(id), "{} ID", C::NAME);
    assert_eq!(
        constant(id, k::MODULUS),
        Some(e.modulus.clone()),
        "{} p",
        C::NAME
    );
    assert_eq!(constant(id, k::R), Some(e.r), "{} R mod p", C::NAME);
    assert_eq!(constant(id, k::R2), Some(e.r2), "{} R² mod p", C::NAME);
    assert_eq!(one(id, k::INV), e.inv, "{} -p^-1 mod 2^32", C::NAME);
    assert_eq!(
        constant(id, k::SCALAR_MODULUS),
        Some(big_words(&C::Scalar::MODULUS)),
        "{} r",
        C::NAME
    );
    assert_eq!(
        one(id, k::SCALAR_BITS),
        scalar_bits,
        "{} SCALAR_BITS",
        C::NAME
    );
    assert_eq!(
        scalar_bits,
        C::Scalar::MODULUS_BIT_SIZE,
        "{} SCALAR_BITS vs arkworks",
        C::NAME
    );
    assert_eq!(
        one(id, k::POINT_BYTES),
        point_bytes,
        "{} POINT_BYTES",
        C::NAME
    );
    assert_eq!(
        point_bytes as usize,
        2 * 4 * C::F::WORDS,
        "{} POINT_BYTES vs the field",
        C::NAME
    );
    assert_eq!(
        one(id, k::FIELD_WORDS) as usize,
        C::F::WORDS,
        "{} field words",
        C::NAME
    );
    assert_eq!(one(id, k::MAX_WINDOW), 24, "{} MAX_WINDOW", C::NAME);
    for (which, want) in coeffs {
        assert_eq!(
            constant(id, *which).as_ref(),
            Some(want),
            "{} coefficient {which}",
            C::NAME
        );
    }
    // The coefficients a curve does not have are not answered.
    let absent: &[u32] = if C::EDWARDS {
        &[k::COEFF_B]
    } else {
        &[k::COEFF_A, k::COEFF_D]
    };
    for which in absent {
        assert_eq!(
            constant(id, *which),
            None,
            "{} has no coefficient {which}",
            C::NAME
        );
    }
}

fn words<F: Coord>(f: F) -> Vec<u32> {
    f.to_words()
}

#[test]
fn bn254_g1() {
    check::<common::bn254_g1>(
        expected::<ark_bn254::FqConfig, 4>(),
        254,
        64,
        &[(k::COEFF_B, words(ark_bn254::g1::Config::COEFF_B))],
    );
}

#[test]
fn bls12_381_g1() {
    check::<common::bls12_381_g1>(
        expected::<ark_bls12_381::FqConfig, 6>(),
        255,
        96,
        &[(k::COEFF_B, words(ark_bls12_381::g1::Config::COEFF_B))],
    );
}

#[test]
fn bls12_381_g2() {
    check::<common::bls12_381_g2>(
        expected::<ark_bls12_381::FqConfig, 6>(),
        255,
        192,
        &[(k::COEFF_B, words(ark_bls12_381::g2::Config::COEFF_B))],
    );
    let beta = <ark_bls12_381::Fq2Config as ark_ff::Fp2Config>::NONRESIDUE;
    let header_beta = one(3, k::NONRESIDUE) as i32;
    let as_field = if header_beta < 0 {
        -ark_bls12_381::Fq::from(header_beta.unsigned_abs())
    } else {
        ark_bls12_381::Fq::from(header_beta as u32)
    };
    assert_eq!(as_field, beta, "Fp2 non-residue");
    assert!(
        beta.legendre().is_qnr(),
        "β must be a non-square for Fp2 to be a field"
    );
}

#[test]
fn bls12_377_g1() {
    check::<common::bls12_377_g1>(
        expected::<ark_bls12_377::FqConfig, 6>(),
        253,
        96,
        &[(k::COEFF_B, words(ark_bls12_377::g1::Config::COEFF_B))],
    );
}

#[test]
fn secp256k1() {
    check::<common::secp256k1>(
        expected::<ark_secp256k1::FqConfig, 4>(),
        256,
        64,
        &[(k::COEFF_B, words(ark_secp256k1::Config::COEFF_B))],
    );
}

#[test]
fn banderwagon() {
    use ark_ed_on_bls12_381_bandersnatch::BandersnatchConfig as B;
    check::<common::banderwagon>(
        expected::<ark_ed_on_bls12_381_bandersnatch::FqConfig, 4>(),
        253,
        64,
        &[
            (k::COEFF_A, words(<B as TECurveConfig>::COEFF_A)),
            (k::COEFF_D, words(<B as TECurveConfig>::COEFF_D)),
        ],
    );
}

#[test]
fn only_prime_fields_have_no_nonresidue() {
    for id in [1u8, 2, 4, 5, 6] {
        assert_eq!(constant(id, k::NONRESIDUE), None, "curve {id}");
    }
    assert_eq!(constant(0, k::MODULUS), None, "unknown curve id");
    assert_eq!(constant(7, k::MODULUS), None, "unknown curve id");
}
