//! Every field op of mont_field / fp2 against arkworks, for the coordinate
//! field of every curve, on random elements and the edge values 0, 1, p - 1.

mod common;

use ark_ff::{AdditiveGroup, Field, One, Zero};
use common::*;
use gpukit_cuda_tests::{field_op, op, targets, Target};

const RANDOM: usize = 2000;

/// Edge values, then random elements.
fn elements<F: Coord>(seed: u64) -> Vec<F> {
    let mut rng = rng(seed);
    let mut v = vec![
        F::zero(),
        F::one(),
        F::max_element(),
        F::one().double(),
        -F::one().double(),
    ];
    v.extend((0..RANDOM).map(|_| F::rand(&mut rng)));
    v
}

/// Operand pairs: every edge value against every edge value, then random pairs.
fn pairs<F: Coord>(seed: u64) -> (Vec<F>, Vec<F>) {
    let xs = elements::<F>(seed);
    let ys = elements::<F>(seed + 1);
    let (mut a, mut b) = (Vec::new(), Vec::new());
    for x in &xs[..5] {
        for y in &ys[..5] {
            a.push(*x);
            b.push(*y);
        }
    }
    a.extend_from_slice(&xs[5..]);
    b.extend_from_slice(&ys[5..]);
    (a, b)
}

fn flat<F: Coord>(xs: &[F]) -> Vec<u32> {
    xs.iter().flat_map(|x| x.to_words()).collect()
}

fn unflat<F: Coord>(w: &[u32]) -> Vec<F> {
    w.chunks(F::WORDS).map(F::from_words).collect()
}

fn check_binary<C: TestCurve>(t: Target, code: u32, name: &str, f: impl Fn(C::F, C::F) -> C::F) {
    let (a, b) = pairs::<C::F>(u64::from(C::ID) * 100 + u64::from(code));
    let out: Vec<C::F> = unflat(&field_op(t, C::ID, code, &flat(&a), &flat(&b), C::F::WORDS));
    for i in 0..a.len() {
        assert_eq!(
            out[i],
            f(a[i], b[i]),
            "{} {t:?} {name}({}, {}) [#{i}]",
            C::NAME,
            a[i],
            b[i]
        );
    }
}

fn check_unary<C: TestCurve>(t: Target, code: u32, name: &str, f: impl Fn(C::F) -> C::F) {
    let a = elements::<C::F>(u64::from(C::ID) * 100 + u64::from(code));
    check_unary_on::<C>(t, code, name, &a, f);
}

fn check_unary_on<C: TestCurve>(
    t: Target,
    code: u32,
    name: &str,
    a: &[C::F],
    f: impl Fn(C::F) -> C::F,
) {
    let out: Vec<C::F> = unflat(&field_op(t, C::ID, code, &flat(a), &flat(a), C::F::WORDS));
    for i in 0..a.len() {
        assert_eq!(out[i], f(a[i]), "{} {t:?} {name}({}) [#{i}]", C::NAME, a[i]);
    }
}

/// Inputs of the binary-GCD inversion: `carry_edges`, then random elements,
/// so that there are a few thousand inputs per curve.
fn inverse_inputs<F: Coord>(seed: u64) -> Vec<F> {
    let mut v = carry_edges::<F>();
    let mut rng = rng(seed + 1);
    v.extend((0..RANDOM_INV).map(|_| F::rand(&mut rng)));
    v
}

/// Random inputs per curve of the binary-GCD inversion, beside the edges.
const RANDOM_INV: usize = 5000;

fn check_inverse_bgcd<C: TestCurve>(t: Target) {
    let a = inverse_inputs::<C::F>(u64::from(C::ID) * 100 + u64::from(op::FP_INV_BGCD));
    let words = C::F::WORDS;
    let out: Vec<C::F> = unflat(&field_op(
        t,
        C::ID,
        op::FP_INV_BGCD,
        &flat(&a),
        &flat(&a),
        words,
    ));
    for i in 0..a.len() {
        let expect = a[i].inverse().unwrap_or(C::F::zero());
        assert_eq!(
            out[i],
            expect,
            "{} {t:?} inverse_bgcd({}) [#{i}]",
            C::NAME,
            a[i]
        );
    }
}

/// The op's flag for each element (out[0] of each slot).
fn flags(out: &[u32], words: usize) -> Vec<bool> {
    out.chunks(words).map(|c| c[0] == 1).collect()
}

fn check_field<C: TestCurve>(t: Target) {
    check_binary::<C>(t, op::FP_ADD, "add", |a, b| a + b);
    check_binary::<C>(t, op::FP_SUB, "sub", |a, b| a - b);
    check_binary::<C>(t, op::FP_MUL, "mul", |a, b| a * b);
    if C::F::extension_degree() == 1 {
        check_binary::<C>(t, op::FP_MUL_PORTABLE, "mul (portable)", |a, b| a * b);
        if t == Target::Host {
            // FP_MUL takes MULX/ADX where the CPU has them; this is the
            // 128-bit CIOS that other CPUs run.
            check_binary::<C>(
                t,
                op::FP_MUL_HOST_U128,
                "mul (host, 128-bit CIOS)",
                |a, b| a * b,
            );
        }
    }
    check_unary::<C>(t, op::FP_SQR, "sqr", |a| a.square());
    if C::F::extension_degree() == 1 {
        // The device squares with its own code (cross products once, then
        // the reduction): the inversion's inputs add words of one bit and
        // ±2^k, whose carries run the length of the square.
        let edges = inverse_inputs::<C::F>(u64::from(C::ID) * 100 + 77);
        check_unary_on::<C>(t, op::FP_SQR, "sqr (edges)", &edges, |a| a.square());
    }
    check_unary::<C>(t, op::FP_DBL, "dbl", |a| a.double());
    check_unary::<C>(t, op::FP_NEG, "neg", |a| -a);
    check_unary::<C>(t, op::FP_INV, "inverse", |a| {
        a.inverse().unwrap_or(C::F::zero())
    });
    if C::F::extension_degree() == 1 {
        check_inverse_bgcd::<C>(t);
    }
    let w = C::F::WORDS;

    // Montgomery form: the words the headers hold are exactly arkworks' limbs.
    let a = elements::<C::F>(u64::from(C::ID) * 100 + 50);
    let mont = field_op(t, C::ID, op::FP_TO_MONT, &flat(&a), &flat(&a), w);
    let ark_mont: Vec<u32> = a.iter().flat_map(|x| x.mont_words()).collect();
    assert_eq!(mont, ark_mont, "{} {t:?} Montgomery words", C::NAME);
    let back: Vec<C::F> = unflat(&field_op(
        t,
        C::ID,
        op::FP_FROM_MONT,
        &ark_mont,
        &ark_mont,
        w,
    ));
    assert_eq!(back, a, "{} {t:?} from Montgomery words", C::NAME);

    // Equality and zero tests: each element against itself and its successor.
    let b: Vec<C::F> = a.iter().map(|x| *x + C::F::one()).collect();
    let same = flags(&field_op(t, C::ID, op::FP_EQ, &flat(&a), &flat(&a), w), w);
    let differ = flags(&field_op(t, C::ID, op::FP_EQ, &flat(&a), &flat(&b), w), w);
    assert!(same.iter().all(|&f| f), "{} {t:?} a == a", C::NAME);
    assert!(differ.iter().all(|&f| !f), "{} {t:?} a != a + 1", C::NAME);
    let zero = flags(
        &field_op(t, C::ID, op::FP_IS_ZERO, &flat(&a), &flat(&a), w),
        w,
    );
    for i in 0..a.len() {
        assert_eq!(
            zero[i],
            a[i].is_zero(),
            "{} {t:?} is_zero({})",
            C::NAME,
            a[i]
        );
    }

    // is_canonical on raw words: p - 1 and random elements are, p, p + 1 and
    // 2^(32N) - 1 (in either Fp2 component) are not.
    let p = C::F::prime_modulus_words();
    let np = p.len();
    let mut p_plus_1 = p.clone();
    p_plus_1[0] += 1; // p is odd, no carry
    let mut raw: Vec<(Vec<u32>, bool)> = a.iter().map(|x| (x.to_words(), true)).collect();
    for bad in [p.clone(), p_plus_1, vec![u32::MAX; np]] {
        for component in 0..w / np {
            let mut v = C::F::max_element().to_words();
            v[component * np..(component + 1) * np].copy_from_slice(&bad);
            raw.push((v, false));
        }
    }
    let words: Vec<u32> = raw.iter().flat_map(|(v, _)| v.clone()).collect();
    let got = flags(
        &field_op(t, C::ID, op::FP_IS_CANONICAL, &words, &words, w),
        w,
    );
    for (i, (v, expect)) in raw.iter().enumerate() {
        assert_eq!(got[i], *expect, "{} {t:?} is_canonical({v:08x?})", C::NAME);
    }
}

macro_rules! field_test {
    ($c:ident) => {
        #[test]
        #[allow(non_snake_case)]
        fn $c() {
            for t in targets() {
                check_field::<common::$c>(t);
            }
        }
    };
}
for_each_curve!(field_test);
