//! The endomorphism φ(x, y) = (β·x, y) and the scalar split over it
//! (cuda/ec/glv.cuh), on the host: φ(P) = λ·P for random points and the
//! identity, with λ found here as the root of λ² + λ + 1 mod r that the
//! generator's image picks (and equal to arkworks' GLVConfig::LAMBDA where
//! arkworks has one); and k1 + k2·λ ≡ k mod r with |k1|, |k2| below
//! 2^SPLIT_BITS for edge and random scalars. The small path's MSMs over the
//! split are checked against arkworks by the GPU suite (tests/gpu_msm.rs).

mod common;

use ark_ec::{AffineRepr, CurveGroup};
use ark_ff::{Field, One, PrimeField, UniformRand, Zero};
use common::*;

/// The curves with an endomorphism (registry.toml's [curve.glv]).
const GLV_CURVES: [&str; 4] = ["bn254_g1", "bls12_381_g1", "bls12_377_g1", "secp256k1"];

fn scalar_words<S: PrimeField>(k: &S) -> Vec<u32> {
    let mut w: Vec<u32> = k
        .into_bigint()
        .as_ref()
        .iter()
        .flat_map(|&l| [l as u32, (l >> 32) as u32])
        .collect();
    w.resize(8, 0);
    w
}

fn scalar_of<S: PrimeField>(words: &[u32], negative: bool) -> S {
    let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
    let v = S::from_le_bytes_mod_order(&bytes);
    if negative {
        -v
    } else {
        v
    }
}

fn bits_of(words: &[u32]) -> u32 {
    words
        .iter()
        .enumerate()
        .rev()
        .find(|(_, &w)| w != 0)
        .map_or(0, |(i, &w)| 32 * i as u32 + 32 - w.leading_zeros())
}

fn endomorphism<C: TestCurve>(points: &[C::Affine]) -> Option<Vec<C::Affine>> {
    let w = C::F::WORDS;
    let words: Vec<u32> = points
        .iter()
        .flat_map(|p| affine_words::<C>(p)[..2 * w].to_vec())
        .collect();
    let out = gpukit_cuda_tests::endomorphism(C::ID, &words, w)?;
    Some(
        out.chunks(2 * w)
            .map(|c| {
                let mut padded = c.to_vec();
                padded.resize(4 * w, 0);
                affine_from_words::<C>(&padded)
            })
            .collect(),
    )
}

/// λ with φ(P) = λ·P: the root of λ² + λ + 1 that φ(G) picks.
fn lambda<C: TestCurve>() -> C::Scalar {
    let g = C::Affine::generator();
    let image = endomorphism::<C>(&[g]).expect("a curve with an endomorphism")[0];
    let root = (-C::Scalar::from(3u64)).sqrt().expect("r ≡ 1 mod 3");
    let half = C::Scalar::from(2u64).inverse().unwrap();
    let candidates = [
        (root - C::Scalar::one()) * half,
        (-root - C::Scalar::one()) * half,
    ];
    let found: Vec<C::Scalar> = candidates
        .into_iter()
        .filter(|l| g.mul_bigint(l.into_bigint()).into_affine() == image)
        .collect();
    assert_eq!(
        found.len(),
        1,
        "{}: φ(G) is λ·G for one cube root of unity λ",
        C::NAME
    );
    found[0]
}

fn check_glv<C: TestCurve>() {
    let mut rng = rng(u64::from(C::ID) * 7919);
    let Some((bits, _)) = gpukit_cuda_tests::glv_split(C::ID, &scalar_words(&C::Scalar::zero()))
    else {
        assert!(
            !GLV_CURVES.contains(&C::NAME),
            "{} has no endomorphism in the headers",
            C::NAME
        );
        assert!(endomorphism::<C>(&[C::Affine::generator()]).is_none());
        return;
    };
    assert!(
        GLV_CURVES.contains(&C::NAME),
        "{} has an endomorphism the test does not list",
        C::NAME
    );
    assert!(
        bits <= C::SCALAR_BITS / 2 + 3,
        "{}: SPLIT_BITS {bits} is not about half of r",
        C::NAME
    );
    let lambda = lambda::<C>();
    assert_eq!(
        lambda * lambda + lambda + C::Scalar::one(),
        C::Scalar::zero()
    );

    // φ(P) = λ·P.
    let mut points: Vec<C::Affine> = (0..200).map(|_| C::random_point(&mut rng)).collect();
    points.push(C::Affine::zero());
    let images = endomorphism::<C>(&points).unwrap();
    for (p, q) in points.iter().zip(&images) {
        assert_eq!(
            *q,
            p.mul_bigint(lambda.into_bigint()).into_affine(),
            "{}: φ({p})",
            C::NAME
        );
    }

    // k1 + k2·λ ≡ k, |k1|, |k2| < 2^bits.
    let minus = |v: C::Scalar| -v;
    let two_to = |e: u64| C::Scalar::from(2u64).pow([e]);
    let mut scalars = vec![
        C::Scalar::zero(),
        C::Scalar::one(),
        C::Scalar::from(2u64),
        minus(C::Scalar::one()),
        minus(C::Scalar::from(2u64)),
        lambda,
        minus(lambda),
        lambda * lambda,
        C::Scalar::from(2u64).inverse().unwrap(),
        two_to(127),
        two_to(128),
        two_to(u64::from(C::SCALAR_BITS) - 1),
        minus(two_to(128)),
    ];
    scalars.extend((0..5000).map(|_| C::Scalar::rand(&mut rng)));
    let words: Vec<u32> = scalars.iter().flat_map(scalar_words).collect();
    let (_, splits) = gpukit_cuda_tests::glv_split(C::ID, &words).unwrap();
    let mut widest = 0;
    for (k, s) in scalars.iter().zip(&splits) {
        let k1: C::Scalar = scalar_of(&s.k1, s.k1_negative);
        let k2: C::Scalar = scalar_of(&s.k2, s.k2_negative);
        assert_eq!(k1 + k2 * lambda, *k, "{}: the split of {k}", C::NAME);
        widest = widest.max(bits_of(&s.k1)).max(bits_of(&s.k2));
        // A zero half carries no sign.
        let signed_zero = |m: &[u32], negative: bool| negative && bits_of(m) == 0;
        assert!(!signed_zero(&s.k1, s.k1_negative) && !signed_zero(&s.k2, s.k2_negative));
    }
    assert!(
        widest <= bits,
        "{}: a half of {widest} bits above SPLIT_BITS {bits}",
        C::NAME
    );
    assert!(
        widest + 2 >= bits,
        "{}: SPLIT_BITS {bits} is loose (widest half {widest} bits)",
        C::NAME
    );
}

macro_rules! glv_test {
    ($c:ident) => {
        #[test]
        #[allow(non_snake_case)]
        fn $c() {
            check_glv::<common::$c>();
        }
    };
}
for_each_curve!(glv_test);

/// The λ the generator's image picks is arkworks' GLVConfig::LAMBDA, and so
/// β is its ENDO_COEFFS, where arkworks has them.
#[test]
fn lambda_is_arkworks() {
    use ark_ec::scalar_mul::glv::GLVConfig;
    assert_eq!(lambda::<common::bn254_g1>(), ark_bn254::g1::Config::LAMBDA);
    assert_eq!(
        lambda::<common::bls12_381_g1>(),
        ark_bls12_381::g1::Config::LAMBDA
    );
    assert_eq!(
        lambda::<common::bls12_377_g1>(),
        ark_bls12_377::g1::Config::LAMBDA
    );
}
