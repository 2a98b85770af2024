//! The arkworks drop-in: `G::gpu_msm(&bases, &scalars)` returns what
//! arkworks' `VariableBaseMSM::msm` returns, for every group of the curve
//! list, and a length mismatch is the crate's `SizeMismatch` error.

mod common;

use ark_ec::{AffineRepr, VariableBaseMSM};
use ark_ff::Zero;
use common::*;
use gpukit::{Backend, Config, Curve, GpuMsm, Status};

/// Random inputs of several sizes (with a zero scalar and an identity point
/// from 3 on) against arkworks, through the default config and the CPU and
/// serial backends.
fn matches_arkworks<C: Curve>()
where
    C::Projective: GpuMsm<Curve = C>,
{
    let mut rng = SeededRng::new(0xa7c0 + C::ID as u64);
    let configs = [
        Config::default(),
        Config {
            backend: Backend::Cpu,
            window_c: 5,
            ..Config::default()
        },
        Config {
            backend: Backend::Serial,
            ..Config::default()
        },
    ];
    for n in [0usize, 1, 2, 3, 33, 300, 1500] {
        let mut points = random_points::<C>(&mut rng, n);
        let mut scalars = random_scalars::<C>(&mut rng, n);
        if n >= 3 {
            scalars[1] = C::Scalar::zero();
            points[2] = C::Affine::zero();
        }
        let expected: C::Projective =
            VariableBaseMSM::msm(&points, &scalars).expect("equal lengths");
        let got: C::Projective = C::Projective::gpu_msm(&points, &scalars).expect("gpu_msm");
        assert_eq!(got, expected, "n = {n}");
        for config in &configs[1..] {
            assert_eq!(
                C::Projective::gpu_msm_with(&points, &scalars, config).unwrap(),
                expected,
                "n = {n}, {config:?}"
            );
        }
    }
}

fn length_mismatch<C: Curve>()
where
    C::Projective: GpuMsm<Curve = C>,
{
    let mut rng = SeededRng::new(0xa7d0 + C::ID as u64);
    let points = random_points::<C>(&mut rng, 3);
    let scalars = random_scalars::<C>(&mut rng, 2);
    assert_eq!(
        <C::Projective as VariableBaseMSM>::msm(&points, &scalars),
        Err(2)
    );
    let err = C::Projective::gpu_msm(&points, &scalars).unwrap_err();
    assert_eq!(err.status(), Status::SizeMismatch, "{err}");
}

macro_rules! stamp {
    ($(($marker:ident, $snake:ident, $($rest:tt)*)),* $(,)?) => {$(
        mod $snake {
            type C = gpukit::curves::$marker;
            #[test]
            fn matches_arkworks() { super::matches_arkworks::<C>() }
            #[test]
            fn length_mismatch() { super::length_mismatch::<C>() }
        }
    )*};
}
gpukit::for_each_curve!(stamp);
