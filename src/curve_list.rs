//! Generated from registry.toml by `cargo run --release -p gpukit-gen` — do not edit.
//! The curve list: [`CurveId`] and `for_each_curve!`, from which every
//! per-curve item of the crate (and of its tests) is stamped.

/// The largest Pippenger window (`window_c`) any backend accepts: 2^24
/// buckets of the largest point type is already gigabytes per window
/// ([`CurveId::max_window`] gives each curve's).
pub const MAX_WINDOW: u32 = 24;

/// A supported curve. The discriminants are the C ABI's `GPUKIT_CURVE_*` ids.
#[repr(u8)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum CurveId {
    /// BN254 G1
    Bn254G1 = 1,
    /// BLS12-381 G1
    Bls12_381G1 = 2,
    /// BLS12-381 G2
    Bls12_381G2 = 3,
    /// BLS12-377 G1
    Bls12_377G1 = 4,
    /// secp256k1
    Secp256k1 = 5,
    /// Bandersnatch (Banderwagon)
    Banderwagon = 6,
}

impl CurveId {
    /// Every curve, in id order.
    pub const ALL: &'static [CurveId] = &[
        CurveId::Bn254G1,
        CurveId::Bls12_381G1,
        CurveId::Bls12_381G2,
        CurveId::Bls12_377G1,
        CurveId::Secp256k1,
        CurveId::Banderwagon,
    ];

    /// The curve with this ABI id.
    pub fn from_u8(id: u8) -> Option<CurveId> {
        match id {
            1 => Some(CurveId::Bn254G1),
            2 => Some(CurveId::Bls12_381G1),
            3 => Some(CurveId::Bls12_381G2),
            4 => Some(CurveId::Bls12_377G1),
            5 => Some(CurveId::Secp256k1),
            6 => Some(CurveId::Banderwagon),
            _ => None,
        }
    }

    /// The snake-case name used in every layer (`"bn254_g1"`).
    pub fn name(self) -> &'static str {
        match self {
            CurveId::Bn254G1 => "bn254_g1",
            CurveId::Bls12_381G1 => "bls12_381_g1",
            CurveId::Bls12_381G2 => "bls12_381_g2",
            CurveId::Bls12_377G1 => "bls12_377_g1",
            CurveId::Secp256k1 => "secp256k1",
            CurveId::Banderwagon => "banderwagon",
        }
    }

    /// A human-readable name (`"BN254 G1"`).
    pub fn display_name(self) -> &'static str {
        match self {
            CurveId::Bn254G1 => "BN254 G1",
            CurveId::Bls12_381G1 => "BLS12-381 G1",
            CurveId::Bls12_381G2 => "BLS12-381 G2",
            CurveId::Bls12_377G1 => "BLS12-377 G1",
            CurveId::Secp256k1 => "secp256k1",
            CurveId::Banderwagon => "Bandersnatch (Banderwagon)",
        }
    }

    /// The largest accepted `window_c`.
    pub fn max_window(self) -> u32 {
        match self {
            CurveId::Bn254G1 => 24,
            CurveId::Bls12_381G1 => 24,
            CurveId::Bls12_381G2 => 24,
            CurveId::Bls12_377G1 => 24,
            CurveId::Secp256k1 => 24,
            CurveId::Banderwagon => 24,
        }
    }
}

/// The list of supported curves. Calls `$callback!` with one tuple per curve:
/// `(Marker, snake_name, id, affine type, projective type, scalar type, "display name")`.
///
/// The [`CurveId`] enum's companions, the marker types in [`crate::curves`],
/// the per-curve C entry points and the per-curve tests are all stamped from it.
#[macro_export]
macro_rules! for_each_curve {
    ($callback:ident) => {
        $callback! {
            (Bn254G1, bn254_g1, 1,
             $crate::ark::ark_bn254::G1Affine,
             $crate::ark::ark_bn254::G1Projective,
             $crate::ark::ark_bn254::Fr, "BN254 G1"),
            (Bls12_381G1, bls12_381_g1, 2,
             $crate::ark::ark_bls12_381::G1Affine,
             $crate::ark::ark_bls12_381::G1Projective,
             $crate::ark::ark_bls12_381::Fr, "BLS12-381 G1"),
            (Bls12_381G2, bls12_381_g2, 3,
             $crate::ark::ark_bls12_381::G2Affine,
             $crate::ark::ark_bls12_381::G2Projective,
             $crate::ark::ark_bls12_381::Fr, "BLS12-381 G2"),
            (Bls12_377G1, bls12_377_g1, 4,
             $crate::ark::ark_bls12_377::G1Affine,
             $crate::ark::ark_bls12_377::G1Projective,
             $crate::ark::ark_bls12_377::Fr, "BLS12-377 G1"),
            (Secp256k1, secp256k1, 5,
             $crate::ark::ark_secp256k1::Affine,
             $crate::ark::ark_secp256k1::Projective,
             $crate::ark::ark_secp256k1::Fr, "secp256k1"),
            (Banderwagon, banderwagon, 6,
             $crate::ark::ark_ed_on_bls12_381_bandersnatch::EdwardsAffine,
             $crate::ark::ark_ed_on_bls12_381_bandersnatch::EdwardsProjective,
             $crate::ark::ark_ed_on_bls12_381_bandersnatch::Fr, "Bandersnatch (Banderwagon)"),
        }
    };
}

/// Runs `$body` with the type `$C` bound to the marker type (in
/// [`crate::curves`]) of the curve `$id`, a [`CurveId`] known at run time:
/// the typed API's generic code, called for any curve.
///
/// ```
/// use gpukit::{Curve, CurveId};
///
/// let id = CurveId::from_u8(3).unwrap();
/// let name = gpukit::with_curve!(id, C => <C as Curve>::ID.name());
/// assert_eq!(name, "bls12_381_g2");
/// ```
#[macro_export]
macro_rules! with_curve {
    ($id:expr, $C:ident => $body:expr) => {
        match $id {
            $crate::CurveId::Bn254G1 => {
                type $C = $crate::curves::Bn254G1;
                $body
            }
            $crate::CurveId::Bls12_381G1 => {
                type $C = $crate::curves::Bls12_381G1;
                $body
            }
            $crate::CurveId::Bls12_381G2 => {
                type $C = $crate::curves::Bls12_381G2;
                $body
            }
            $crate::CurveId::Bls12_377G1 => {
                type $C = $crate::curves::Bls12_377G1;
                $body
            }
            $crate::CurveId::Secp256k1 => {
                type $C = $crate::curves::Secp256k1;
                $body
            }
            $crate::CurveId::Banderwagon => {
                type $C = $crate::curves::Banderwagon;
                $body
            }
        }
    };
}

/// Calls `$callback!` with `Marker => arkworks curve configuration` for
/// every curve (the `SWCurveConfig` or `TECurveConfig` of its group).
macro_rules! for_each_ark_config {
    ($callback:ident) => {
        $callback! {
            Bn254G1 => $crate::ark::ark_bn254::g1::Config,
            Bls12_381G1 => $crate::ark::ark_bls12_381::g1::Config,
            Bls12_381G2 => $crate::ark::ark_bls12_381::g2::Config,
            Bls12_377G1 => $crate::ark::ark_bls12_377::g1::Config,
            Secp256k1 => $crate::ark::ark_secp256k1::Config,
            Banderwagon => $crate::ark::ark_ed_on_bls12_381_bandersnatch::BandersnatchConfig,
        }
    };
}
pub(crate) use for_each_ark_config;
