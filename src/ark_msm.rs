//! A drop-in for arkworks' `VariableBaseMSM::msm`: [`GpuMsm::gpu_msm`] on
//! every supported arkworks group takes the same arguments, returns the same
//! projective point, and runs on gpukit's dispatcher (the GPU when one is
//! visible and the input is large enough, else the CPU).
//!
//! A prover written against arkworks changes one call. Here a KZG-style
//! commitment to a polynomial's coefficients over an SRS:
//!
//! ```
//! use gpukit::ark::ark_bls12_381::{Fr, G1Affine, G1Projective};
//! use gpukit::ark::ark_ec::{CurveGroup, PrimeGroup, VariableBaseMSM};
//! use gpukit::ark::ark_ff::Field;
//! use gpukit::GpuMsm;
//!
//! // The SRS: powers τ^i·G of a secret τ (here a known one).
//! let g = G1Projective::generator();
//! let tau = Fr::from(7u64);
//! let srs: Vec<G1Affine> = (0..64u64).map(|i| (g * tau.pow([i])).into_affine()).collect();
//! let coeffs: Vec<Fr> = (0..64u64).map(|i| Fr::from(i * i + 1)).collect();
//!
//! // Before: let commitment = G1Projective::msm(&srs, &coeffs).unwrap();
//! let commitment = G1Projective::gpu_msm(&srs, &coeffs)?;
//!
//! assert_eq!(commitment, G1Projective::msm(&srs, &coeffs).unwrap());
//! // C = p(τ)·G: evaluate p at τ by Horner's rule.
//! let p_tau = coeffs.iter().rev().fold(Fr::from(0u64), |acc, c| acc * tau + c);
//! assert_eq!(commitment, g * p_tau);
//! # Ok::<(), gpukit::Error>(())
//! ```
//!
//! Differences from arkworks, by design: the points are checked to be on
//! the curve (the default [`Config`]; pass `Validation::Trusted` through
//! [`GpuMsm::gpu_msm_with`] to skip that), and slices of different lengths
//! are [`Status::SizeMismatch`] where arkworks returns `Err(min length)`.
//! For many MSMs over one basis, keep it resident with [`crate::Bases`].
//!
//! [`Status::SizeMismatch`]: crate::Status::SizeMismatch

use crate::curve::Curve;
use crate::{Config, Error};
use ark_ec::{short_weierstrass as sw, twisted_edwards as te, CurveGroup};

/// `G::gpu_msm(&bases, &scalars)`: arkworks' `G::msm(&bases, &scalars)`
/// computed by gpukit, for every group of the curve list (BN254 G1,
/// BLS12-381 G1 and G2, BLS12-377 G1, secp256k1, Bandersnatch).
pub trait GpuMsm: CurveGroup {
    /// The gpukit curve of this group ([`crate::curves`]).
    type Curve: Curve<Projective = Self, Affine = Self::Affine, Scalar = Self::ScalarField>;

    /// `Σ scalars[i]·bases[i]`, as `VariableBaseMSM::msm` returns it; the
    /// slices must have equal lengths (else `Status::SizeMismatch`).
    fn gpu_msm(bases: &[Self::Affine], scalars: &[Self::ScalarField]) -> Result<Self, Error> {
        Self::gpu_msm_with(bases, scalars, &Config::default())
    }

    /// [`GpuMsm::gpu_msm`] with explicit options (backend, window, validation, blinding).
    fn gpu_msm_with(
        bases: &[Self::Affine],
        scalars: &[Self::ScalarField],
        config: &Config,
    ) -> Result<Self, Error> {
        crate::msm_with::<Self::Curve>(bases, scalars, config).map(Into::into)
    }
}

/// The gpukit curve of an arkworks curve configuration (`ark_bn254::g1::Config`, …).
///
/// The impls of [`GpuMsm`] go through the configurations because arkworks
/// names most groups through associated types (`Projective<<ark_bn254::Config
/// as BnConfig>::G1Config>`), which coherence cannot tell apart: one impl per
/// group type is rejected as overlapping.
pub trait ArkCurveConfig: 'static {
    /// The gpukit curve marker ([`crate::curves`]).
    type Curve: Curve;
}

impl<P: sw::SWCurveConfig + ArkCurveConfig> GpuMsm for sw::Projective<P>
where
    P::Curve: Curve<Projective = Self, Affine = sw::Affine<P>, Scalar = P::ScalarField>,
{
    type Curve = P::Curve;
}

impl<P: te::TECurveConfig + ArkCurveConfig> GpuMsm for te::Projective<P>
where
    P::Curve: Curve<Projective = Self, Affine = te::Affine<P>, Scalar = P::ScalarField>,
{
    type Curve = P::Curve;
}

// Each configuration and its marker (src/curve_list.rs); the `Curve<Projective
// = Self>` bound above rejects a wrong pairing at compile time, and
// tests/ark_msm.rs, stamped from the curve list, fails to compile for a curve
// missing here.
macro_rules! ark_curve_configs {
    ($($marker:ident => $config:ty),* $(,)?) => {
        $(impl ArkCurveConfig for $config {
            type Curve = crate::curves::$marker;
        })*
    };
}
crate::curve_list::for_each_ark_config!(ark_curve_configs);
