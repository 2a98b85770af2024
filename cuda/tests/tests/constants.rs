//! Every constant of curves/*.cuh, every Montgomery constant that
//! mont_field derives at compile time and the Tonelli–Shanks constants
//! that sqrt.cuh derives, against arkworks; the sizes against what
//! registry.toml states (common/curves.rs).

mod common;

use ark_ff::{Field, PrimeField};
use common::*;
use gpukit_cuda_tests::{constant as k, constant, curve_name};

fn one(curve: u8, which: u32) -> u32 {
    let v =
        constant(curve, which).unwrap_or_else(|| panic!("curve {curve} lacks constant {which}"));
    assert_eq!(v.len(), 1);
    v[0]
}

fn check<C: TestCurve>() {
    let id = C::ID;
    let e = C::F::montgomery();
    assert_eq!(curve_name(id).as_deref(), Some(C::NAME), "NAME");
    assert_eq!(one(id, k::ID), u32::from(id), "{} ID", C::NAME);
    assert_eq!(constant(id, k::MODULUS), Some(e.modulus), "{} p", C::NAME);
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
        C::SCALAR_BITS,
        "{} SCALAR_BITS",
        C::NAME
    );
    assert_eq!(
        C::SCALAR_BITS,
        C::Scalar::MODULUS_BIT_SIZE,
        "{} SCALAR_BITS vs arkworks",
        C::NAME
    );
    assert_eq!(
        one(id, k::POINT_BYTES),
        C::POINT_BYTES,
        "{} POINT_BYTES",
        C::NAME
    );
    assert_eq!(
        C::POINT_BYTES as usize,
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
    assert_eq!(
        one(id, k::MAX_WINDOW),
        C::MAX_WINDOW,
        "{} MAX_WINDOW",
        C::NAME
    );
    for (which, want) in C::coefficients() {
        assert_eq!(
            constant(id, which),
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
    // Fp2's β: the header's small integer is arkworks' non-residue, and a
    // non-square (else Fp2 is no field); a prime field answers none.
    match C::F::nonresidue() {
        Some(beta) => {
            let header_beta = one(id, k::NONRESIDUE) as i32;
            assert_eq!(
                C::F::small_words(header_beta),
                beta,
                "{} Fp2 non-residue",
                C::NAME
            );
            let beta = <C::F as Field>::BasePrimeField::from_le_bytes_mod_order(
                &beta
                    .iter()
                    .flat_map(|w| w.to_le_bytes())
                    .collect::<Vec<u8>>(),
            );
            assert!(
                beta.legendre().is_qnr(),
                "{}: β must be a non-square for Fp2 to be a field",
                C::NAME
            );
        }
        None => assert_eq!(constant(id, k::NONRESIDUE), None, "{}", C::NAME),
    }
}

macro_rules! constants_test {
    ($c:ident) => {
        #[test]
        #[allow(non_snake_case)]
        fn $c() {
            check::<common::$c>();
        }
    };
}
for_each_curve!(constants_test);

#[test]
fn unknown_curve_ids_have_no_constants() {
    let ids: Vec<u8> = {
        let mut ids = Vec::new();
        macro_rules! id {
            ($c:ident) => {
                ids.push(<common::$c as TestCurve>::ID);
            };
        }
        for_each_curve!(id);
        ids
    };
    let past = ids.iter().max().expect("at least one curve") + 1;
    for id in [0, past] {
        assert_eq!(constant(id, k::MODULUS), None, "unknown curve id {id}");
    }
}

/// Tonelli–Shanks' constants, derived by cuda/ff/sqrt.cuh from p at
/// compile time, against arkworks: S is arkworks' 2-adicity, g the least
/// non-square, z = g^T (T = arkworks' trace, (p − 1)/2^S) a primitive
/// 2^S-th root of unity. Only the fields with p ≡ 1 mod 4 have them.
fn check_tonelli_shanks<F: ark_ff::FftField + PrimeField>(curve: u8) {
    let name = curve_name(curve).unwrap();
    let s = one(curve, k::TWO_ADICITY);
    assert_eq!(s, F::TWO_ADICITY, "{name} 2-adicity");
    let g = one(curve, k::SQRT_NONRESIDUE);
    assert!(
        F::from(g).legendre().is_qnr(),
        "{name}: {g} is a non-square"
    );
    for smaller in 2..g {
        assert!(
            F::from(smaller).legendre().is_qr(),
            "{name}: {g} is the least non-square, not {smaller}"
        );
    }
    let z = F::from(g).pow(F::TRACE);
    assert_eq!(
        constant(curve, k::ROOT_OF_UNITY),
        Some(big_words(&z.into_bigint())),
        "{name} z = g^T"
    );
    let mut order = z;
    for _ in 1..s {
        order.square_in_place();
    }
    assert_eq!(order, -F::one(), "{name}: z has order 2^S");
}

#[test]
fn tonelli_shanks_constants() {
    check_tonelli_shanks::<ark_bls12_377::Fq>(<common::bls12_377_g1 as TestCurve>::ID);
    check_tonelli_shanks::<ark_ed_on_bls12_381_bandersnatch::Fq>(
        <common::banderwagon as TestCurve>::ID,
    );
    // p ≡ 3 mod 4 (and G2's Fp2): a^((p+1)/4), no such constants.
    for curve in [
        <common::bn254_g1 as TestCurve>::ID,
        <common::bls12_381_g1 as TestCurve>::ID,
        <common::bls12_381_g2 as TestCurve>::ID,
        <common::secp256k1 as TestCurve>::ID,
    ] {
        for which in [k::TWO_ADICITY, k::SQRT_NONRESIDUE, k::ROOT_OF_UNITY] {
            assert_eq!(
                constant(curve, which),
                None,
                "curve {curve} constant {which}"
            );
        }
    }
}
