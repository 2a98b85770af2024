//! Curve ids and sizes, and the [`Curve`] trait. The list of curves itself
//! is src/curve_list.rs, generated from registry.toml.

use crate::codec::{WireField, WirePoint};
use ark_ec::{AffineRepr, CurveGroup};
use ark_ff::PrimeField;

pub use crate::curve_list::{CurveId, MAX_WINDOW};

// The sizes that follow from each curve's arkworks types.
macro_rules! curve_sizes {
    ($(($marker:ident, $snake:ident, $id:literal, $affine:ty, $proj:ty, $scalar:ty, $display:literal)),* $(,)?) => {
        impl CurveId {
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
        }
    };
}
crate::for_each_curve!(curve_sizes);

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
