//! Marker types, one per curve, that implement [`Curve`]: the type
//! parameter of the typed API (`gpukit::msm::<curves::Bn254G1>(..)`).

use crate::curve::{Curve, CurveId};

macro_rules! define_markers {
    ($(($marker:ident, $snake:ident, $id:literal, $affine:ty, $proj:ty, $scalar:ty, $display:literal)),* $(,)?) => {
        $(
            #[doc = concat!($display, " (`", stringify!($snake), "`, curve id ", stringify!($id), ").")]
            #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
            pub struct $marker;

            impl Curve for $marker {
                const ID: CurveId = CurveId::$marker;
                type Affine = $affine;
                type Projective = $proj;
                type Scalar = $scalar;
            }
        )*
    };
}
crate::for_each_curve!(define_markers);
