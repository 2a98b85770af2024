//! Helpers shared by the integration tests: seeded inputs, the arkworks
//! reference, the list of backends to check, and per-curve stamping.
#![allow(dead_code)] // each test binary uses a different subset

use ark_ec::{
    short_weierstrass as sw, twisted_edwards as te, AffineRepr, CurveConfig, CurveGroup,
    VariableBaseMSM,
};
use ark_ff::{PrimeField, UniformRand};
use gpukit::{Backend, Config, Curve};
use rand::SeedableRng;
use rand_chacha::ChaCha20Rng;

/// A seeded RNG whose seed is printed if the test fails while it is alive.
pub struct SeededRng {
    pub rng: ChaCha20Rng,
    seed: u64,
}

impl SeededRng {
    /// Seed from `GPUKIT_TEST_SEED` when set (to replay a failure), else `default`.
    pub fn new(default: u64) -> SeededRng {
        let seed = std::env::var("GPUKIT_TEST_SEED")
            .ok()
            .and_then(|s| s.parse().ok())
            .unwrap_or(default);
        SeededRng {
            rng: ChaCha20Rng::seed_from_u64(seed),
            seed,
        }
    }
}

impl Drop for SeededRng {
    fn drop(&mut self) {
        if std::thread::panicking() {
            eprintln!(
                "test RNG seed = {} (replay with GPUKIT_TEST_SEED={})",
                self.seed, self.seed
            );
        }
    }
}

/// Whether a GPU is visible; without one a GPU test prints a notice and
/// passes, unless GPUKIT_REQUIRE_GPU=1, which makes a missing GPU a failure.
pub fn gpu_present() -> bool {
    if gpukit::gpu_count() > 0 {
        return true;
    }
    assert!(
        std::env::var("GPUKIT_REQUIRE_GPU").as_deref() != Ok("1"),
        "GPUKIT_REQUIRE_GPU=1 but no usable GPU"
    );
    eprintln!("no GPU: GPU test skipped");
    false
}

/// n pseudo-random points: running sums of 16 random points, so that
/// generating thousands costs additions, not scalar multiplications.
pub fn random_points<C: Curve>(rng: &mut SeededRng, n: usize) -> Vec<C::Affine> {
    let g = C::Affine::generator();
    let steps: Vec<C::Projective> = (0..16).map(|_| g * C::Scalar::rand(&mut rng.rng)).collect();
    let mut acc = g.into_group() * C::Scalar::rand(&mut rng.rng);
    let mut out = Vec::with_capacity(n);
    for i in 0..n {
        acc += steps[i % 16];
        out.push(acc);
    }
    C::Projective::normalize_batch(&out)
}

pub fn random_scalars<C: Curve>(rng: &mut SeededRng, n: usize) -> Vec<C::Scalar> {
    (0..n).map(|_| C::Scalar::rand(&mut rng.rng)).collect()
}

/// arkworks' MSM: the reference.
pub fn reference<C: Curve>(points: &[C::Affine], scalars: &[C::Scalar]) -> C::Affine {
    C::Projective::msm(points, scalars)
        .expect("equal lengths")
        .into_affine()
}

/// Σ kᵢ·Pᵢ the slow, obvious way.
pub fn naive<C: Curve>(points: &[C::Affine], scalars: &[C::Scalar]) -> C::Affine {
    points
        .iter()
        .zip(scalars)
        .map(|(p, s)| p.mul_bigint(s.into_bigint()))
        .sum::<C::Projective>()
        .into_affine()
}

/// r − 1.
pub fn minus_one<S: PrimeField>() -> S {
    -S::one()
}

/// The host configs every MSM is checked on: serial, CPU with arkworks'
/// window, CPU with explicit windows (all of `windows`), and Auto.
pub fn host_configs(windows: &[u32]) -> Vec<Config> {
    let mut v = vec![
        Config {
            backend: Backend::Serial,
            ..Config::default()
        },
        Config {
            backend: Backend::Cpu,
            ..Config::default()
        },
        Config::default(),
    ];
    v.extend(windows.iter().map(|&c| Config {
        backend: Backend::Cpu,
        window_c: c,
        ..Config::default()
    }));
    v
}

/// Every backend available here, with its default window (adds the GPU when a device is visible).
pub fn all_backends() -> Vec<Config> {
    let mut v = host_configs(&[]);
    if gpukit::gpu_count() > 0 {
        v.push(Config {
            backend: Backend::Gpu,
            ..Config::default()
        });
    }
    v
}

/// A point on the curve outside the prime-order subgroup, if the curve has
/// a cofactor (found by trying small coordinates).
pub trait OffSubgroup: Sized {
    fn off_subgroup() -> Option<Self>;
}

impl<P: sw::SWCurveConfig> OffSubgroup for sw::Affine<P> {
    fn off_subgroup() -> Option<Self> {
        (1..64u64)
            .filter_map(|x| Self::get_point_from_x_unchecked(P::BaseField::from(x), false))
            .find(|p| p.is_on_curve() && !p.is_in_correct_subgroup_assuming_on_curve())
    }
}

impl<P: te::TECurveConfig> OffSubgroup for te::Affine<P> {
    fn off_subgroup() -> Option<Self> {
        (2..64u64)
            .filter_map(|y| Self::get_point_from_y_unchecked(P::BaseField::from(y), false))
            .find(|p| p.is_on_curve() && !p.is_in_correct_subgroup_assuming_on_curve())
    }
}

/// Whether the curve's cofactor is 1 (every point on it is in the subgroup).
pub fn cofactor_is_one<C: Curve>() -> bool {
    <<C::Affine as AffineRepr>::Config as CurveConfig>::cofactor_is_one()
}
