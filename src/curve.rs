//! Curve ids, the [`Curve`] trait, and the one list of curves that every
//! per-curve item in the crate (and in its tests) is generated from.

use crate::codec::{WireField, WirePoint};
use ark_ec::{AffineRepr, CurveGroup};
use ark_ff::PrimeField;

/// The largest Pippenger window (`window_c`) any backend accepts: 2^24
/// buckets of the largest point type is already gigabytes per window.
pub const MAX_WINDOW: u32 = 24;

/// The list of supported curves. Calls `$callback!` with one tuple per curve:
/// `(Marker, snake_name, id, affine type, projective type, scalar type, "display name")`.
///
/// Adding a curve means one line here (plus its wire-format reference in the
/// tests): the [`CurveId`] enum, the marker types in [`crate::curves`], the
/// per-curve C entry points and the per-curve tests are all stamped from it.
#[macro_export]
macro_rules! for_each_curve {
    ($callback:ident) => {
        $callback! {
            (Bn254G1, bn254_g1, 1,
             $crate::ark::ark_bn254::G1Affine, $crate::ark::ark_bn254::G1Projective,
             $crate::ark::ark_bn254::Fr, "BN254 G1"),
            (Bls12_381G1, bls12_381_g1, 2,
             $crate::ark::ark_bls12_381::G1Affine, $crate::ark::ark_bls12_381::G1Projective,
             $crate::ark::ark_bls12_381::Fr, "BLS12-381 G1"),
            (Bls12_381G2, bls12_381_g2, 3,
             $crate::ark::ark_bls12_381::G2Affine, $crate::ark::ark_bls12_381::G2Projective,
             $crate::ark::ark_bls12_381::Fr, "BLS12-381 G2"),
            (Bls12_377G1, bls12_377_g1, 4,
             $crate::ark::ark_bls12_377::G1Affine, $crate::ark::ark_bls12_377::G1Projective,
             $crate::ark::ark_bls12_377::Fr, "BLS12-377 G1"),
            (Secp256k1, secp256k1, 5,
             $crate::ark::ark_secp256k1::Affine, $crate::ark::ark_secp256k1::Projective,
             $crate::ark::ark_secp256k1::Fr, "secp256k1"),
            (Banderwagon, banderwagon, 6,
             $crate::ark::ark_ed_on_bls12_381_bandersnatch::EdwardsAffine,
             $crate::ark::ark_ed_on_bls12_381_bandersnatch::EdwardsProjective,
             $crate::ark::ark_ed_on_bls12_381_bandersnatch::Fr, "Bandersnatch (Banderwagon)"),
        }
    };
}

macro_rules! define_curve_id {
    ($(($marker:ident, $snake:ident, $id:literal, $affine:ty, $proj:ty, $scalar:ty, $display:literal)),* $(,)?) => {
        /// A supported curve. The discriminants are the C ABI's `GPUKIT_CURVE_*` ids.
        #[repr(u8)]
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum CurveId {
            $(
                #[doc = $display]
                $marker = $id,
            )*
        }

        impl CurveId {
            /// Every curve, in id order.
            pub const ALL: &'static [CurveId] = &[$(CurveId::$marker),*];

            /// The curve with this ABI id.
            pub fn from_u8(id: u8) -> Option<CurveId> {
                match id {
                    $($id => Some(CurveId::$marker),)*
                    _ => None,
                }
            }

            /// The snake-case name used in every layer (`"bn254_g1"`).
            pub fn name(self) -> &'static str {
                match self {
                    $(CurveId::$marker => stringify!($snake),)*
                }
            }

            /// A human-readable name (`"BN254 G1"`).
            pub fn display_name(self) -> &'static str {
                match self {
                    $(CurveId::$marker => $display,)*
                }
            }

            /// Bytes of one base-field coordinate in the wire format (32 or 48; 96 for Fp2).
            pub fn field_bytes(self) -> usize {
                match self {
                    $(CurveId::$marker => <<$affine as ark_ec::AffineRepr>::BaseField as WireField>::BYTES,)*
                }
            }

            /// Bytes of one affine point in the wire format (`x || y`).
            pub fn point_bytes(self) -> usize {
                2 * self.field_bytes()
            }

            /// Bits of the scalar field modulus r.
            pub fn scalar_bits(self) -> u32 {
                match self {
                    $(CurveId::$marker => <$scalar as PrimeField>::MODULUS_BIT_SIZE,)*
                }
            }

            /// The largest accepted `window_c`.
            pub fn max_window(self) -> u32 {
                MAX_WINDOW
            }
        }
    };
}
for_each_curve!(define_curve_id);

/// Bytes of one scalar in the wire format (32, little-endian, < r).
pub const SCALAR_BYTES: usize = 32;

/// A curve group that gpukit computes MSMs in, tied to its arkworks types.
/// Implemented by the marker types of [`crate::curves`].
pub trait Curve: 'static + Send + Sync {
    /// The ABI id.
    const ID: CurveId;
    /// Affine points (the input form).
    type Affine: AffineRepr<ScalarField = Self::Scalar, Group = Self::Projective> + WirePoint;
    /// Projective points (the accumulation form).
    type Projective: CurveGroup<Affine = Self::Affine, ScalarField = Self::Scalar>;
    /// The scalar field, of prime order r.
    type Scalar: PrimeField + WireField;
}
