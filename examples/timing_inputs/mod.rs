//! Seeded random MSM inputs for the examples that time a call
//! (calibrate_cpu, msm_demo).

use gpukit::ark::ark_ec::{AffineRepr, CurveGroup};
use gpukit::ark::ark_ff::UniformRand;
use gpukit::Curve;
use rand::SeedableRng;
use rand_chacha::ChaCha20Rng;

/// n points and n scalars from `seed`. The points are running sums of 16
/// random multiples of G: cheap to make (an addition each, then one batch
/// normalisation) where n scalar multiplications would take longer than
/// the MSM being timed.
pub fn inputs<C: Curve>(seed: u64, n: usize) -> (Vec<C::Affine>, Vec<C::Scalar>) {
    let mut rng = ChaCha20Rng::seed_from_u64(seed);
    let g = C::Affine::generator().into_group();
    let steps: Vec<C::Projective> = (0..16).map(|_| g * C::Scalar::rand(&mut rng)).collect();
    let mut acc = g;
    let points: Vec<C::Projective> = (0..n)
        .map(|i| {
            acc += steps[i % 16];
            acc
        })
        .collect();
    let scalars = (0..n).map(|_| C::Scalar::rand(&mut rng)).collect();
    (C::Projective::normalize_batch(&points), scalars)
}
