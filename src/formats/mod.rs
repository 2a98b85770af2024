//! Point formats other than the wire format: the standard serializations
//! clients hold (Banderwagon's 32 bytes, ZCash-style compressed BLS points,
//! SEC1 and BIP340 secp256k1 keys, arkworks' compressed BN254 points).
//!
//! A format is a codec in front of the wire-format MSM: the input points
//! are decoded into wire points on the host, on all cores (rayon), the MSM
//! runs as usual, and the result point is encoded back in the same format.
//! Decoding a compressed point costs a square root; see the README's
//! "Point formats" for the measured cost. A one-shot MSM that the plan
//! sends to the GPU skips the host decode where the device decompresses
//! the format itself ([`Codec::device`]) and no subgroup check is asked for
//! (or the cofactor is 1): the compressed bytes go up as they came.

mod banderwagon;
mod be;
mod codec;
mod sec1;
mod standard;

pub use codec::Codec;

use crate::config::{Config, InputForm, PointFormat, Validation};
use crate::curve::{Curve, CurveId, SCALAR_BYTES};
use crate::dispatch::{self, Compressed};
use crate::encoding::{self, PointCheck, PointFault};
use crate::error::{Error, Status};
use crate::{curves, plan, pool};
use ark_ec::{AffineRepr, CurveConfig};
use rayon::prelude::*;
use std::borrow::Cow;

impl PointFormat {
    /// Bytes of one point of `curve` in this format; `BadConfig` where
    /// the format is not defined for the curve.
    pub fn point_bytes(self, curve: CurveId) -> Result<usize, Error> {
        Ok(match Codec::of(curve, self)? {
            Some(codec) => codec.size,
            None => curve.point_bytes(),
        })
    }
}

/// Why a point failed to decode, with its index.
fn fault_error(fault: PointFault, index: usize, codec: &Codec) -> Error {
    match fault {
        PointFault::BadEncoding => Error::new(
            Status::BadEncoding,
            format!("point {index}: not a valid {} encoding", codec.name),
        ),
        PointFault::NotOnCurve => Error::new(
            Status::PointNotOnCurve,
            format!("point {index}: its x is not the x of a curve point"),
        ),
        PointFault::NotInSubgroup => Error::new(
            Status::PointNotInSubgroup,
            format!("point {index} is not in the {}", codec.group),
        ),
    }
}

/// The codec of `config`'s point format, checking that the config allows
/// it: the standard formats are defined on canonical integers only.
fn codec_of(curve: CurveId, config: &Config) -> Result<Option<Codec>, Error> {
    let codec = Codec::of(curve, config.point_format)?;
    if codec.is_some() && config.input_form == InputForm::Montgomery {
        return Err(Error::new(
            Status::BadConfig,
            "the Montgomery input form applies to the uncompressed point format only",
        ));
    }
    Ok(codec)
}

/// Decodes `points` (a multiple of `codec.size` bytes) into wire points,
/// on all cores; the error returned is the one of the lowest index.
fn to_wire(
    curve: CurveId,
    codec: &Codec,
    points: &[u8],
    check: PointCheck,
) -> Result<Vec<u8>, Error> {
    let n = encoding::whole_items(points, codec.size, "points")?;
    let pb = curve.point_bytes();
    let bytes = n.checked_mul(pb).ok_or_else(|| {
        Error::new(
            Status::SizeMismatch,
            format!("{n} points overflow the address space"),
        )
    })?;
    let mut wire = crate::alloc::try_vec::<u8>(bytes, "the decoded points")?;
    wire.resize(bytes, 0);
    let decode = |(i, (out, b)): (usize, (&mut [u8], &[u8]))| {
        (codec.decode)(b, check, out).map_err(|f| (i, f))
    };
    let result = wire
        .par_chunks_exact_mut(pb)
        .zip(points.par_chunks_exact(codec.size))
        .enumerate()
        .try_for_each(decode);
    if result.is_err() {
        // Again serially, so that the reported index is the lowest.
        let mut scratch = vec![0u8; pb];
        for (i, b) in points.chunks_exact(codec.size).enumerate() {
            if let Err(f) = (codec.decode)(b, check, &mut scratch) {
                return Err(fault_error(f, i, codec));
            }
        }
    }
    Ok(wire)
}

/// Encodes wire result points in the codec's format.
fn from_wire(curve: CurveId, codec: &Codec, wire: &[u8]) -> Result<Vec<u8>, Error> {
    let pb = curve.point_bytes();
    let mut out = vec![0u8; wire.len() / pb * codec.size];
    for (o, w) in out.chunks_exact_mut(codec.size).zip(wire.chunks_exact(pb)) {
        (codec.encode)(w, o).map_err(|_| {
            Error::new(
                Status::Internal,
                format!("a result point has no {} encoding", codec.name),
            )
        })?;
    }
    Ok(out)
}

/// Input points converted to the wire format, and the config that the
/// wire-format call runs with.
pub(crate) struct WireInput<'a> {
    /// The points in the wire format (borrowed when already so).
    pub points: Cow<'a, [u8]>,
    /// `config` with the uncompressed format, and `Trusted` where the
    /// codec already ran the checks (Banderwagon's differ from
    /// Bandersnatch's, which the wire-format call would run).
    pub config: Config,
}

/// Converts `points` in `config.point_format` for a call whose `Default`
/// validation means `default`.
pub(crate) fn wire_input<'a>(
    curve: CurveId,
    points: &'a [u8],
    config: &Config,
    default: Validation,
) -> Result<WireInput<'a>, Error> {
    let Some(codec) = codec_of(curve, config)? else {
        return Ok(WireInput {
            points: Cow::Borrowed(points),
            config: *config,
        });
    };
    let check = plan::config_check(config, default);
    let wire = to_wire(curve, &codec, points, check)?;
    let validation = match codec.checks {
        true => Validation::Trusted,
        false => config.validation,
    };
    Ok(WireInput {
        points: Cow::Owned(wire),
        config: Config {
            point_format: PointFormat::Uncompressed,
            validation,
            ..*config
        },
    })
}

/// Converts wire result points into `format`.
pub(crate) fn wire_output(
    curve: CurveId,
    format: PointFormat,
    wire: Vec<u8>,
) -> Result<Vec<u8>, Error> {
    match Codec::of(curve, format)? {
        None => Ok(wire),
        Some(codec) => from_wire(curve, &codec, &wire),
    }
}

/// Whether curve C's cofactor is 1: its subgroup check is the curve's.
fn cofactor_is_one<C: Curve>() -> bool {
    <<C::Affine as AffineRepr>::Config as CurveConfig>::cofactor_is_one()
}

/// The one-shot MSM on the device's decompression, where it applies (see
/// the module's documentation): `Some` with the result in the format, or
/// `None` for the host path. Sizes that do not agree go the host way,
/// which reports them. The statuses are the host path's for every input:
/// the device reports the lowest faulty point with the codec's words
/// (cuda/driver/upload.cuh `raise_compressed_report`), and since the host
/// decodes every point before it reads a scalar, a bad scalar from the
/// device (which may come from a pass or device before a faulty point's)
/// is returned only once the host decode finds no faulty point.
fn on_device(
    curve: CurveId,
    codec: &Codec,
    points: &[u8],
    scalars: &[u8],
    config: &Config,
) -> Result<Option<Vec<u8>>, Error> {
    let Some(format) = codec.device else {
        return Ok(None);
    };
    let n = scalars.len() / SCALAR_BYTES;
    if scalars.len() % SCALAR_BYTES != 0 || Some(points.len()) != n.checked_mul(codec.size) {
        return Ok(None);
    }
    let check = plan::config_check(config, Validation::OnCurve);
    let compressed = Compressed {
        points,
        record_bytes: codec.size,
        format,
        name: codec.name,
    };
    macro_rules! by_curve {
        ($(($marker:ident, $snake:ident, $id:literal, $affine:ty, $proj:ty, $scalar:ty, $display:literal)),* $(,)?) => {
            match curve {
                $(CurveId::$marker => {
                    if check == PointCheck::Subgroup && !cofactor_is_one::<curves::$marker>() {
                        return Ok(None);
                    }
                    pool::run(|| dispatch::msm_compressed::<curves::$marker>(compressed, scalars, config))
                })*
            }
        };
    }
    match crate::for_each_curve!(by_curve) {
        Ok(None) => Ok(None),
        Ok(Some(wire)) => wire_output(curve, config.point_format, wire).map(Some),
        Err(e) if e.status() == Status::ScalarOutOfRange => {
            to_wire(curve, codec, points, check)?;
            Err(e)
        }
        Err(e) => Err(e),
    }
}

/// [`crate::msm_bytes`] for a config whose point format is not the wire
/// format: `points` holds n points of the format's size.
pub(crate) fn msm_bytes(
    curve: CurveId,
    points: &[u8],
    scalars: &[u8],
    config: &Config,
) -> Result<Vec<u8>, Error> {
    if let Some(codec) = codec_of(curve, config)? {
        if let Some(out) = on_device(curve, &codec, points, scalars, config)? {
            return Ok(out);
        }
    }
    let input = wire_input(curve, points, config, Validation::OnCurve)?;
    let out = crate::msm_bytes(curve, &input.points, scalars, &input.config)?;
    wire_output(curve, config.point_format, out)
}
