//! BLS12-377 G1's twisted Edwards model (cuda/ec/edwards_model.cuh) against
//! arkworks' own (ark-bls12-377's G1TEAffine, TECurveConfig): the map takes
//! k·G to k·G_te with the model's d, and the model's additions and
//! doublings, mapped back, give arkworks' short Weierstrass results, also
//! for P + P, P + (-P) and the identity on either side. Host only: the
//! device runs the same header (the GPU suite's resident BLS12-377 MSMs).

mod common;

use ark_bls12_377::g1::{Config, G1TEAffine};
use ark_bls12_377::{Fr, G1Affine, G1Projective};
use ark_ec::twisted_edwards::TECurveConfig;
use ark_ec::{AffineRepr, CurveGroup, PrimeGroup};
use ark_ff::{One, UniformRand, Zero};
use common::*;
use gpukit_cuda_tests::{edwards_model_op, edwards_op};

type Curve = common::bls12_377_g1;
const W: usize = <<Curve as TestCurve>::F as Coord>::WORDS;

/// Scalars: random, and the edges 0, 1, 2, r - 1.
fn scalars(seed: u64) -> Vec<Fr> {
    let mut rng = rng(seed);
    let mut v: Vec<Fr> = (0..200).map(|_| Fr::rand(&mut rng)).collect();
    v.extend([Fr::zero(), Fr::one(), Fr::from(2u64), -Fr::one()]);
    v
}

fn sw(k: &Fr) -> G1Affine {
    (G1Projective::generator() * k).into_affine()
}

fn words(points: &[G1Affine]) -> Vec<u32> {
    points.iter().flat_map(affine_words::<Curve>).collect()
}

fn run(op: u32, a: &[G1Affine], b: &[G1Affine]) -> Vec<u32> {
    edwards_model_op(Curve::ID, op, &words(a), &words(b), W)
        .expect("BLS12-377 G1 has a twisted Edwards model")
}

fn decode(out: &[u32]) -> Vec<G1Affine> {
    out.chunks(4 * W).map(affine_from_words::<Curve>).collect()
}

#[test]
fn entries_are_arkworks_twisted_edwards_points() {
    let ks = scalars(1);
    let points: Vec<G1Affine> = ks.iter().map(sw).collect();
    let out = run(edwards_op::ENTRY, &points, &points);
    let two_d = Config::COEFF_D + Config::COEFF_D;
    for (k, got) in ks.iter().zip(out.chunks(4 * W)) {
        let te = (G1TEAffine::generator() * k).into_affine();
        let (x, y) = if te.is_zero() {
            (Zero::zero(), One::one())
        } else {
            (te.x, te.y)
        };
        let expected = words_of(&[y - x, y + x, two_d * x * y]);
        assert_eq!(got, &expected[..], "the model's entry of {k}·G");
    }
}

#[test]
fn sums_in_the_model_map_back_to_arkworks() {
    let ks = scalars(2);
    let ls = scalars(3);
    let mut a: Vec<G1Affine> = ks.iter().map(sw).collect();
    let mut b: Vec<G1Affine> = ls.iter().map(sw).collect();
    let o = G1Affine::zero();
    for p in a.clone().iter().take(20) {
        for (x, y) in [
            (*p, *p),
            (*p, (-p.into_group()).into_affine()),
            (o, *p),
            (*p, o),
        ] {
            a.push(x);
            b.push(y);
        }
    }
    a.push(o);
    b.push(o);
    let sums: Vec<G1Affine> = a
        .iter()
        .zip(&b)
        .map(|(p, q)| (*p + *q).into_affine())
        .collect();
    let doubles: Vec<G1Affine> = a.iter().map(|p| (*p + *p).into_affine()).collect();
    assert_eq!(
        decode(&run(edwards_op::MADD, &a, &b)),
        sums,
        "madd-2008-hwcd-3"
    );
    assert_eq!(decode(&run(edwards_op::ADD, &a, &b)), sums, "add-2008-hwcd");
    assert_eq!(
        decode(&run(edwards_op::DBL, &a, &a)),
        doubles,
        "dbl-2008-hwcd"
    );
}

#[test]
fn curves_without_a_model_have_no_ops() {
    let zeros = vec![0u32; 4 * 8];
    assert!(edwards_model_op(
        <common::bn254_g1 as TestCurve>::ID,
        edwards_op::ENTRY,
        &zeros,
        &zeros,
        8
    )
    .is_none());
    let zeros = vec![0u32; 4 * W];
    assert!(edwards_model_op(Curve::ID, 99, &zeros, &zeros, W).is_none());
}
