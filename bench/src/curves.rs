//! The curves the bench runs: gpukit's curve markers, the peers each has,
//! and the names used on the command line.

use gpukit::{curves, Curve, CurveId};

use crate::peers::sppark::{self, SpparkBases, SpparkFns};

/// Every curve id, in ABI order.
pub const ALL: &[CurveId] = CurveId::ALL;

/// The curve with gpukit's snake name (`bn254_g1`).
pub fn by_name(name: &str) -> Option<CurveId> {
    ALL.iter().copied().find(|c| c.name() == name)
}

/// A peer's host MSM over one curve's arkworks types.
pub type HostMsm<C> = fn(&[<C as Curve>::Affine], &[<C as Curve>::Scalar]) -> <C as Curve>::Affine;

/// A gpukit curve as the bench sees it: gpukit's types plus the peers that
/// have the same group. A peer a curve lacks answers `None`.
pub trait BenchCurve: Curve {
    /// blst's multi-threaded Pippenger.
    fn blst() -> Option<HostMsm<Self>> {
        None
    }
    /// sppark's GPU MSM, when the `sppark` feature built it for this curve.
    fn sppark() -> Option<SpparkFns<Self::Affine, Self::Scalar>> {
        None
    }
}

impl BenchCurve for curves::Bn254G1 {
    fn sppark() -> Option<SpparkFns<Self::Affine, Self::Scalar>> {
        sppark::entry(Self::ID).map(|entry| SpparkFns {
            entry,
            msm: sppark::msm,
            bases: SpparkBases::new,
        })
    }
}

impl BenchCurve for curves::Bls12_381G1 {
    fn blst() -> Option<HostMsm<Self>> {
        Some(crate::peers::blst::msm)
    }
    fn sppark() -> Option<SpparkFns<Self::Affine, Self::Scalar>> {
        sppark::entry(Self::ID).map(|entry| SpparkFns {
            entry,
            msm: sppark::msm,
            bases: SpparkBases::new,
        })
    }
}

impl BenchCurve for curves::Bls12_377G1 {
    fn sppark() -> Option<SpparkFns<Self::Affine, Self::Scalar>> {
        sppark::entry(Self::ID).map(|entry| SpparkFns {
            entry,
            msm: sppark::msm,
            bases: SpparkBases::new,
        })
    }
}

impl BenchCurve for curves::Bls12_381G2 {}
impl BenchCurve for curves::Secp256k1 {}
impl BenchCurve for curves::Banderwagon {}

/// Runs `$body` with `$C` bound to the gpukit marker type of curve `$id`.
#[macro_export]
macro_rules! with_curve {
    ($id:expr, $C:ident => $body:expr) => {
        match $id {
            gpukit::CurveId::Bn254G1 => {
                type $C = gpukit::curves::Bn254G1;
                $body
            }
            gpukit::CurveId::Bls12_381G1 => {
                type $C = gpukit::curves::Bls12_381G1;
                $body
            }
            gpukit::CurveId::Bls12_381G2 => {
                type $C = gpukit::curves::Bls12_381G2;
                $body
            }
            gpukit::CurveId::Bls12_377G1 => {
                type $C = gpukit::curves::Bls12_377G1;
                $body
            }
            gpukit::CurveId::Secp256k1 => {
                type $C = gpukit::curves::Secp256k1;
                $body
            }
            gpukit::CurveId::Banderwagon => {
                type $C = gpukit::curves::Banderwagon;
                $body
            }
        }
    };
}
