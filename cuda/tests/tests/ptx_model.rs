//! The device's PTX carry chains (cuda/ff/mont_ptx.cuh: multiplication,
//! squaring, modular addition, subtraction and negation) against arkworks,
//! run on the host model of the carry flag (shim/ptx_model.cpp), so that a
//! chain that drops or misplaces a carry fails here, without a GPU. Every
//! prime field, with the inputs whose words carry the length of a chain.

mod common;

use ark_ff::Field;
use common::*;
use gpukit_cuda_tests::{ptx_model_op, ptx_op};

const RANDOM: usize = 3000;

/// `carry_edges`, then random elements.
fn inputs<F: Coord>(seed: u64) -> Vec<F> {
    let mut v = carry_edges::<F>();
    let mut rng = rng(seed);
    v.extend((0..RANDOM).map(|_| F::rand(&mut rng)));
    v
}

fn flat<F: Coord>(xs: &[F]) -> Vec<u32> {
    xs.iter().flat_map(|x| x.to_words()).collect()
}

fn check<C: TestCurve>(op: u32, name: &str, f: impl Fn(C::F, C::F) -> C::F) {
    let a = inputs::<C::F>(u64::from(C::ID) * 10 + u64::from(op));
    // b: the same inputs in another order, so that edges meet edges and
    // random elements.
    let mut b = a.clone();
    b.rotate_left(a.len() / 3);
    let (out, lost) = ptx_model_op(C::ID, op, &flat(&a), &flat(&b), C::F::WORDS)
        .expect("a prime field runs on the model");
    assert_eq!(
        lost,
        0,
        "{} {name}: carries dropped by links without a carry out",
        C::NAME
    );
    for (i, w) in out.chunks(C::F::WORDS).enumerate() {
        assert_eq!(
            C::F::from_words(w),
            f(a[i], b[i]),
            "{} {name}({}, {}) [#{i}]",
            C::NAME,
            a[i],
            b[i]
        );
    }
}

fn check_chains<C: TestCurve>() {
    if C::F::extension_degree() != 1 {
        // Fp2 multiplies by its base field's chains, checked with G1's.
        let words = vec![0u32; C::F::WORDS];
        assert!(ptx_model_op(C::ID, ptx_op::MUL, &words, &words, C::F::WORDS).is_none());
        return;
    }
    check::<C>(ptx_op::MUL, "mul", |a, b| a * b);
    check::<C>(ptx_op::SQR, "sqr", |a, _| a.square());
    check::<C>(ptx_op::ADD, "add", |a, b| a + b);
    check::<C>(ptx_op::SUB, "sub", |a, b| a - b);
    check::<C>(ptx_op::NEG, "neg", |a, _| -a);
}

macro_rules! chains_test {
    ($c:ident) => {
        #[test]
        #[allow(non_snake_case)]
        fn $c() {
            check_chains::<common::$c>();
        }
    };
}
for_each_curve!(chains_test);
