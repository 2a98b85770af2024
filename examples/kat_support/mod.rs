//! What the known-answer generators (gen_kat, gen_format_kat) share: the
//! hex of the files, seeded random inputs, and the expected sum, computed
//! by arkworks and checked against a naive Σ kᵢ·Pᵢ.

use gpukit::ark::ark_ec::{AffineRepr, CurveGroup, VariableBaseMSM};
use gpukit::ark::ark_ff::{PrimeField, UniformRand};
use gpukit::Curve;
use rand_chacha::ChaCha20Rng;
use std::fmt::Write as _;

/// Lowercase hex, as the .kat files hold bytes.
pub fn hex(bytes: &[u8]) -> String {
    bytes
        .iter()
        .fold(String::with_capacity(2 * bytes.len()), |mut s, b| {
            write!(s, "{b:02x}").expect("write to String");
            s
        })
}

/// n random multiples of the generator.
pub fn random_points<C: Curve>(rng: &mut ChaCha20Rng, n: usize) -> Vec<C::Affine> {
    let g = C::Affine::generator();
    (0..n)
        .map(|_| (g * C::Scalar::rand(rng)).into_affine())
        .collect()
}

/// n random scalars.
pub fn random_scalars<C: Curve>(rng: &mut ChaCha20Rng, n: usize) -> Vec<C::Scalar> {
    (0..n).map(|_| C::Scalar::rand(rng)).collect()
}

/// Σ kᵢ·Pᵢ by arkworks' MSM, asserted equal to the naive sum of scalar
/// multiplications, so that a known answer never rests on one algorithm.
pub fn checked_msm<C: Curve>(what: &str, points: &[C::Affine], scalars: &[C::Scalar]) -> C::Affine {
    let expected = C::Projective::msm(points, scalars)
        .expect("equal lengths")
        .into_affine();
    let naive: C::Projective = points
        .iter()
        .zip(scalars)
        .map(|(p, s)| p.mul_bigint(s.into_bigint()))
        .sum();
    assert_eq!(
        expected,
        naive.into_affine(),
        "arkworks and the naive sum disagree on {what}"
    );
    expected
}
