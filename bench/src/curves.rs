//! The curves the bench runs: gpukit's curve markers, the peers each has,
//! and the names used on the command line.

use std::any::Any;

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
/// have the same group. A peer a curve lacks answers `None`. Every curve
/// is one (the peers are found by their types, so a curve added to gpukit
/// needs nothing here).
pub trait BenchCurve: Curve {
    /// blst's multi-threaded Pippenger.
    fn blst() -> Option<HostMsm<Self>>;
    /// sppark's GPU MSM, when the `sppark` feature built it for this curve.
    fn sppark() -> Option<SpparkFns<Self::Affine, Self::Scalar>>;
}

/// `value` as a `T` when it is one: a peer written for one group's types
/// is the peer of the curve whose types those are, and of no other.
pub(crate) fn same_type<T: 'static, U: 'static>(value: U) -> Option<T> {
    (Box::new(value) as Box<dyn Any>)
        .downcast::<T>()
        .ok()
        .map(|v| *v)
}

/// The first of the curves `$marker` whose sppark entry points have the
/// types of `$C`.
macro_rules! sppark_fns {
    ($C:ty, $entry:expr; $($marker:ident),*) => {
        None$(.or_else(|| {
            let fns: SpparkFns<
                <curves::$marker as Curve>::Affine,
                <curves::$marker as Curve>::Scalar,
            > = SpparkFns {
                entry: $entry,
                msm: sppark::msm,
                bases: SpparkBases::new,
            };
            same_type::<SpparkFns<<$C as Curve>::Affine, <$C as Curve>::Scalar>, _>(fns)
        }))*
    };
}

impl<C: Curve> BenchCurve for C {
    fn blst() -> Option<HostMsm<C>> {
        same_type::<HostMsm<C>, HostMsm<curves::Bls12_381G1>>(crate::peers::blst::msm)
    }
    fn sppark() -> Option<SpparkFns<C::Affine, C::Scalar>> {
        let entry = sppark::entry(C::ID)?;
        // The curves bench/build.rs builds sppark for.
        sppark_fns!(C, entry; Bn254G1, Bls12_381G1, Bls12_377G1)
    }
}
