//! The codec table: which (curve, format) pairs exist, their sizes, and
//! the functions converting between them and the wire format.

use super::{banderwagon, sec1, standard, PointFormat};
use crate::config::InputForm;
use crate::curve::CurveId;
use crate::encoding::{PointCheck, PointFault, WirePoint};
use crate::error::{Error, Status};
use crate::gpu::DeviceFormat;
use ark_ed_on_bls12_381_bandersnatch::EdwardsAffine;
use ark_serialize::{CanonicalDeserialize, CanonicalSerialize};

/// Reads one point in a format (running the checks the codec owns) and
/// writes it in the wire format.
pub type DecodeFn = fn(&[u8], PointCheck, &mut [u8]) -> Result<(), PointFault>;
/// Reads one wire point and writes it in a format; `Err` where the point
/// has no encoding in it.
pub type EncodeFn = fn(&[u8], &mut [u8]) -> Result<(), PointFault>;

/// One (curve, format) codec.
#[derive(Debug, Clone, Copy)]
pub struct Codec {
    /// Bytes of one point.
    pub size: usize,
    /// The format's name, for messages.
    pub name: &'static str,
    /// The group its subgroup check is about, for messages.
    pub group: &'static str,
    /// Whether `decode` runs every point check itself, so that the wire
    /// call must not run its own.
    pub checks: bool,
    /// Format → wire.
    pub decode: DecodeFn,
    /// Wire → format.
    pub encode: EncodeFn,
    /// The form the device decompresses itself (cuda/driver/compressed.cuh),
    /// with every status and message `decode` gives; `None` where only the
    /// host decodes it.
    pub device: Option<DeviceFormat>,
}

/// Wire point → typed point; result points are on the curve, so no check.
fn wire<P: WirePoint>(bytes: &[u8]) -> Result<P, PointFault> {
    P::read(bytes, InputForm::Canonical, PointCheck::None)
}

fn banderwagon_compressed() -> Codec {
    Codec {
        size: banderwagon::COMPRESSED_BYTES,
        name: "Banderwagon 32-byte",
        group: "Banderwagon group (1 − a·x² is not a non-zero square)",
        checks: true,
        decode: |b, check, out| {
            banderwagon::read_compressed(b, check)?.write(InputForm::Canonical, out);
            Ok(())
        },
        encode: |w, out| {
            banderwagon::write_compressed(&wire::<EdwardsAffine>(w)?, out);
            Ok(())
        },
        device: Some(DeviceFormat::Banderwagon),
    }
}

fn banderwagon_uncompressed() -> Codec {
    Codec {
        size: banderwagon::UNCOMPRESSED_BYTES,
        name: "Banderwagon 64-byte",
        decode: |b, check, out| {
            banderwagon::read_uncompressed(b, check)?.write(InputForm::Canonical, out);
            Ok(())
        },
        encode: |w, out| {
            banderwagon::write_uncompressed(&wire::<EdwardsAffine>(w)?, out);
            Ok(())
        },
        device: Some(DeviceFormat::BanderwagonUncompressed),
        ..banderwagon_compressed()
    }
}

/// A compressed form arkworks reads and writes (standard.rs); every check
/// is the codec's.
fn arkworks<P: WirePoint + CanonicalSerialize + CanonicalDeserialize>(
    name: &'static str,
    group: &'static str,
    device: Option<DeviceFormat>,
) -> Codec {
    Codec {
        size: standard::size::<P>(),
        name,
        group,
        checks: true,
        decode: standard::decode::<P>,
        encode: standard::encode::<P>,
        device,
    }
}

fn sec1_compressed() -> Codec {
    Codec {
        size: sec1::COMPRESSED_BYTES,
        name: "SEC1 compressed",
        group: "secp256k1 group",
        checks: true,
        decode: |b, _, out| {
            sec1::read_compressed(b)?.write(InputForm::Canonical, out);
            Ok(())
        },
        encode: |w, out| {
            sec1::write_compressed(&wire::<ark_secp256k1::Affine>(w)?, out);
            Ok(())
        },
        device: Some(DeviceFormat::Sec1),
    }
}

fn bip340_x_only() -> Codec {
    Codec {
        size: sec1::X_ONLY_BYTES,
        name: "BIP340 x-only",
        decode: |b, _, out| {
            sec1::read_x_only(b)?.write(InputForm::Canonical, out);
            Ok(())
        },
        encode: |w, out| {
            sec1::write_x_only(&wire::<ark_secp256k1::Affine>(w)?, out);
            Ok(())
        },
        device: Some(DeviceFormat::XOnly),
        ..sec1_compressed()
    }
}

impl Codec {
    /// The codec of `format` for `curve`; `None` for the wire format;
    /// `BadConfig` where the format is not defined for the curve.
    pub fn of(curve: CurveId, format: PointFormat) -> Result<Option<Codec>, Error> {
        use CurveId as C;
        use PointFormat as F;
        Ok(Some(match (curve, format) {
            (_, F::Uncompressed) => return Ok(None),
            (C::Banderwagon, F::Compressed) => banderwagon_compressed(),
            (C::Banderwagon, F::BanderwagonUncompressed) => banderwagon_uncompressed(),
            (C::Bn254G1, F::Compressed) => arkworks::<ark_bn254::G1Affine>(
                "arkworks compressed BN254 G1",
                "BN254 G1 group",
                Some(DeviceFormat::Arkworks),
            ),
            (C::Bls12_381G1, F::Compressed) => arkworks::<ark_bls12_381::G1Affine>(
                "ZCash compressed BLS12-381 G1",
                "prime-order subgroup of BLS12-381 G1",
                Some(DeviceFormat::Zcash),
            ),
            (C::Bls12_381G2, F::Compressed) => arkworks::<ark_bls12_381::G2Affine>(
                "ZCash compressed BLS12-381 G2",
                "prime-order subgroup of BLS12-381 G2",
                Some(DeviceFormat::Zcash),
            ),
            (C::Bls12_377G1, F::Compressed) => arkworks::<ark_bls12_377::G1Affine>(
                "arkworks compressed BLS12-377 G1",
                "prime-order subgroup of BLS12-377 G1",
                Some(DeviceFormat::Arkworks),
            ),
            (C::Secp256k1, F::Compressed) => sec1_compressed(),
            (C::Secp256k1, F::XOnly) => bip340_x_only(),
            (curve, format) => {
                return Err(Error::new(
                    Status::BadConfig,
                    format!(
                        "point format {format:?} is not defined for {}",
                        curve.name()
                    ),
                ))
            }
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The formats the device decompresses, each with the value
    /// cuda/driver/compressed.cuh gives its `point_format` (the entry point
    /// passes the number), for the curves whose field the C side fits it to.
    #[test]
    fn device_formats_match_compressed_cuh() {
        let header = include_str!("../../cuda/driver/compressed.cuh");
        let device = |curve, format| Codec::of(curve, format).unwrap().unwrap().device;
        for (curve, format, device_format, name, size) in [
            (
                CurveId::Bls12_381G1,
                PointFormat::Compressed,
                DeviceFormat::Zcash,
                "POINT_ZCASH",
                48,
            ),
            (
                CurveId::Bls12_381G2,
                PointFormat::Compressed,
                DeviceFormat::Zcash,
                "POINT_ZCASH",
                96,
            ),
            (
                CurveId::Bn254G1,
                PointFormat::Compressed,
                DeviceFormat::Arkworks,
                "POINT_ARKWORKS",
                32,
            ),
            (
                CurveId::Bls12_377G1,
                PointFormat::Compressed,
                DeviceFormat::Arkworks,
                "POINT_ARKWORKS",
                48,
            ),
            (
                CurveId::Banderwagon,
                PointFormat::Compressed,
                DeviceFormat::Banderwagon,
                "POINT_BANDERWAGON",
                32,
            ),
            (
                CurveId::Secp256k1,
                PointFormat::Compressed,
                DeviceFormat::Sec1,
                "POINT_SEC1",
                33,
            ),
            (
                CurveId::Secp256k1,
                PointFormat::XOnly,
                DeviceFormat::XOnly,
                "POINT_X_ONLY",
                32,
            ),
            (
                CurveId::Banderwagon,
                PointFormat::BanderwagonUncompressed,
                DeviceFormat::BanderwagonUncompressed,
                "POINT_BANDERWAGON_UNCOMPRESSED",
                64,
            ),
        ] {
            assert_eq!(device(curve, format), Some(device_format), "{name}");
            assert_eq!(
                Codec::of(curve, format).unwrap().unwrap().size,
                size,
                "{name}"
            );
            let line = format!("{name} = {},", device_format as u32);
            assert!(header.contains(&line), "compressed.cuh lacks `{line}`");
            // Only Banderwagon's decoders check the subgroup (compressed.cuh
            // DECOMPRESS_NOT_IN_SUBGROUP); on_device relies on it.
            assert_eq!(
                device_format.checks_subgroup(),
                curve == CurveId::Banderwagon,
                "{name}"
            );
        }
    }
}
