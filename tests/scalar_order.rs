//! Big-endian scalars give the little-endian scalars' results, one-shot
//! and on resident bases, and an out-of-range big-endian scalar is still
//! reported by index.

mod common;

use common::*;
use gpukit::encoding::{encode_points, encode_scalars};
use gpukit::ffi::gpukit_config_default;
use gpukit::{curves, Backend, BasesBytes, Config, Curve, ScalarOrder, Status};

fn reversed(scalars: &[u8]) -> Vec<u8> {
    scalars
        .chunks_exact(32)
        .flat_map(|s| s.iter().rev().copied())
        .collect()
}

fn check<C: Curve>() {
    let mut rng = SeededRng::new(44);
    let points = encode_points::<C>(&random_points::<C>(&mut rng, 300));
    let le = encode_scalars::<C>(&random_scalars::<C>(&mut rng, 300));
    let be = reversed(&le);
    for backend in [Backend::Serial, Backend::Cpu, Backend::Auto] {
        let little = Config {
            backend,
            ..Default::default()
        };
        let big = Config {
            scalar_order: ScalarOrder::BigEndian,
            ..little
        };
        let expected = gpukit::msm_bytes(C::ID, &points, &le, &little).unwrap();
        assert_eq!(
            gpukit::msm_bytes(C::ID, &points, &be, &big).unwrap(),
            expected
        );
        let bases = BasesBytes::new(C::ID, &points, &big).unwrap();
        assert_eq!(bases.msm(&be).unwrap(), expected, "{backend:?}");
        let mut bad = be.clone();
        bad[32 * 7..32 * 8].fill(0xff);
        let e = gpukit::msm_bytes(C::ID, &points, &bad, &big).unwrap_err();
        assert_eq!(e.status(), Status::ScalarOutOfRange);
        assert!(e.message().contains("scalar 7"), "{}", e.message());
    }
}

#[test]
fn big_endian_scalars_bn254_g1() {
    check::<curves::Bn254G1>();
}

#[test]
fn big_endian_scalars_bls12_381_g1() {
    check::<curves::Bls12_381G1>();
}

#[test]
fn big_endian_scalars_banderwagon() {
    check::<curves::Banderwagon>();
}

#[test]
fn unknown_scalar_order_is_a_config_error() {
    let mut c = gpukit_config_default();
    c.scalar_order = 2;
    assert_eq!(c.to_config().unwrap_err().status(), Status::BadConfig);
}
