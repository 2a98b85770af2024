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
//! the format itself ([`Codec::device`]) and runs every check asked for
//! (the format's own, and a subgroup check on the short Weierstrass
//! curves): the compressed bytes go up as they came.

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
use crate::gpu::{self, DeviceCheck};
use crate::{curves, plan, pool};
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
    let count = wire.len() / pb;
    let mut out = vec![0u8; count * codec.size];
    let encode = |(o, w): (&mut [u8], &[u8])| (codec.encode)(w, o);
    let encoded = if count < dispatch::PARALLEL_DECODE_MIN_SUMS {
        out.chunks_exact_mut(codec.size)
            .zip(wire.chunks_exact(pb))
            .try_for_each(encode)
    } else {
        out.par_chunks_exact_mut(codec.size)
            .zip(wire.par_chunks_exact(pb))
            .try_for_each(encode)
    };
    encoded.map_err(|_| {
        Error::new(
            Status::Internal,
            format!("a result point has no {} encoding", codec.name),
        )
    })?;
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
    /// The codec's checks took in the prime-order subgroup check (`Full`):
    /// the points are known to lie there, though `config` says `Trusted`.
    pub subgroup_checked: bool,
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
            subgroup_checked: false,
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
        subgroup_checked: codec.checks && check == PointCheck::Subgroup,
    })
}

/// [`wire_input`] for resident bases (whose `Default` validation is
/// `Full`): where the bases' plan puts them on a GPU and the device runs
/// every check asked for ([`device_format`]), the device decodes them, a
/// square root (and under `Full` on the BLS curves a subgroup check) a
/// point on every SM instead of the host's cores (a 2^20-point setup is
/// seconds of host time), and hands back checked wire points; faulty
/// points get the host codec's statuses and words.
pub(crate) fn bases_wire_input<'a>(
    curve: CurveId,
    points: &'a [u8],
    config: &Config,
) -> Result<WireInput<'a>, Error> {
    if let Some(codec) = codec_of(curve, config)? {
        let check = plan::config_check(config, Validation::Full);
        // Sizes and configs that do not agree go the host way, which
        // reports them where it always has: after the points' own errors.
        let planned = device_format(curve, &codec, check).and_then(|(format, device)| {
            let n = encoding::whole_items(points, codec.size, "points").ok()?;
            Some((format, device, n, plan::plan(curve, n, config).ok()?))
        });
        if let Some((format, device, n, plan)) = planned {
            let buffer =
                gpu::PointBuffer::compressed(points, codec.size, format, codec.name, codec.group);
            let decoded = dispatch::gpu_first(&plan, || {
                gpu::decompress(curve, buffer, n, device, plan.devices)
            })?;
            if let Some(wire) = decoded {
                // The device ran every check asked for: none is left.
                return Ok(WireInput {
                    points: Cow::Owned(wire),
                    config: Config {
                        point_format: PointFormat::Uncompressed,
                        validation: Validation::Trusted,
                        ..*config
                    },
                    subgroup_checked: check == PointCheck::Subgroup,
                });
            }
        }
    }
    wire_input(curve, points, config, Validation::Full)
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

/// The form in which the device decodes `codec` for `curve`, and the
/// device's form of `check` for it, where the device runs every check
/// `check` asks for: the format's own (Banderwagon's subgroup check is
/// its decoder's) and the prime-order subgroup's ([`dispatch::device_check`]);
/// `None` where the host decodes.
fn device_format(
    curve: CurveId,
    codec: &Codec,
    check: PointCheck,
) -> Option<(gpu::DeviceFormat, DeviceCheck)> {
    let format = codec.device?;
    let device = match check {
        PointCheck::Subgroup if format.checks_subgroup() => DeviceCheck::OnCurve,
        check => curve_device_check(curve, check)?,
    };
    Some((format, device))
}

/// [`dispatch::device_check`] of `curve`.
fn curve_device_check(curve: CurveId, check: PointCheck) -> Option<DeviceCheck> {
    macro_rules! by_curve {
        ($(($marker:ident, $snake:ident, $id:literal, $affine:ty, $proj:ty, $scalar:ty, $display:literal)),* $(,)?) => {
            match curve {
                $(CurveId::$marker => dispatch::device_check::<curves::$marker>(check),)*
            }
        };
    }
    crate::for_each_curve!(by_curve)
}

/// The one-shot MSM of a format the device decompresses, where that
/// applies (see the module's documentation): the call's result in the
/// format, or `None` where it does not apply and the caller takes the
/// host path. Sizes that do not agree go the host way, which reports them.
fn on_device(
    curve: CurveId,
    codec: &Codec,
    points: &[u8],
    scalars: &[u8],
    config: &Config,
) -> Option<Result<Vec<u8>, Error>> {
    let check = plan::config_check(config, Validation::OnCurve);
    let (format, device) = device_format(curve, codec, check)?;
    let n = encoding::scalar_count(scalars).ok()?;
    if Some(points.len()) != n.checked_mul(codec.size) {
        return None;
    }
    let compressed = Compressed {
        points,
        record_bytes: codec.size,
        format,
        name: codec.name,
        group: codec.group,
        check: device,
    };
    macro_rules! by_curve {
        ($(($marker:ident, $snake:ident, $id:literal, $affine:ty, $proj:ty, $scalar:ty, $display:literal)),* $(,)?) => {
            match curve {
                $(CurveId::$marker => {
                    pool::run(|| device_or_host::<curves::$marker>(codec, compressed, scalars, config, check))
                })*
            }
        };
    }
    Some(crate::for_each_curve!(by_curve))
}

/// [`on_device`] for curve C, planned once: the device decompresses the
/// points where the plan runs the call there; otherwise (planned on the
/// host, or an unforced call that finds no device) the host decodes them
/// and runs the wire call with the same plan. A config the planner rejects
/// goes the host way too, which reports its error where it always has:
/// after the points' own. The statuses are the host path's for every
/// input: the device reports the lowest faulty point with the codec's
/// words (cuda/driver/upload.cuh `raise_compressed_report`), and since the
/// host decodes every point before it reads a scalar, a bad scalar from
/// the device (which may come from a pass or device before a faulty
/// point's) is returned only once the host decode finds no faulty point.
fn device_or_host<C: Curve>(
    codec: &Codec,
    compressed: Compressed<'_>,
    scalars: &[u8],
    config: &Config,
    check: PointCheck,
) -> Result<Vec<u8>, Error> {
    let planned = plan::plan(C::ID, scalars.len() / SCALAR_BYTES, config);
    if let Ok(plan) = &planned {
        match dispatch::msm_compressed::<C>(compressed, scalars, config, plan) {
            Ok(Some(wire)) => return wire_output(C::ID, config.point_format, wire),
            Ok(None) => {}
            Err(e) if e.status() == Status::ScalarOutOfRange => {
                to_wire(C::ID, codec, compressed.points, check)?;
                return Err(e);
            }
            Err(e) => return Err(e),
        }
    }
    let input = wire_input(C::ID, compressed.points, config, Validation::OnCurve)?;
    let wire = dispatch::msm_wire_planned::<C>(&input.points, scalars, &input.config, &planned?)?;
    wire_output(C::ID, config.point_format, wire)
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
        if let Some(out) = on_device(curve, &codec, points, scalars, config) {
            return out;
        }
    }
    let input = wire_input(curve, points, config, Validation::OnCurve)?;
    let out = crate::msm_bytes(curve, &input.points, scalars, &input.config)?;
    wire_output(curve, config.point_format, out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::{Backend, PointFormat};
    use crate::dispatch::tests::plans_and_encodings;
    use ark_ec::{AffineRepr, CurveGroup};
    use ark_serialize::CanonicalSerialize;

    type Bn254 = curves::Bn254G1;
    type Scalar = <Bn254 as Curve>::Scalar;

    fn compressed(point: &<Bn254 as Curve>::Affine) -> Vec<u8> {
        let mut out = Vec::new();
        point.serialize_compressed(&mut out).expect("to a Vec");
        out
    }

    /// i·G for i = 1..=8 in arkworks' compressed form (a format the device
    /// decompresses), scalars i: the sum is 204·G. Wherever the call runs
    /// (here on the host: a forced host backend, or no device), the plan
    /// made for the device attempt is the host path's too; a config the
    /// planner rejects is planned once and reported once.
    #[test]
    fn a_compressed_call_plans_once() {
        let g = <Bn254 as Curve>::Affine::generator();
        let points: Vec<u8> = (1..=8u64)
            .flat_map(|i| compressed(&(g * Scalar::from(i)).into_affine()))
            .collect();
        let scalars: Vec<Scalar> = (1..=8u64).map(Scalar::from).collect();
        let scalars = encoding::encode_scalars::<Bn254>(&scalars);
        let expected = compressed(&(g * Scalar::from(204u64)).into_affine());
        // Inside the pool, so that the nested pool::run calls stay on this
        // thread, whose plans the counter sees.
        let call = |config: Config| {
            pool::run(|| {
                Ok(plans_and_encodings(|| {
                    msm_bytes(CurveId::Bn254G1, &points, &scalars, &config)
                }))
            })
            .unwrap()
        };
        for backend in [Backend::Auto, Backend::Serial, Backend::Cpu] {
            let config = Config {
                backend,
                point_format: PointFormat::Compressed,
                ..Config::default()
            };
            let (out, (plans, _)) = call(config);
            assert_eq!(out.unwrap(), expected, "{backend:?}");
            assert_eq!(plans, 1, "{backend:?}");
        }
        let too_wide = Config {
            window_c: CurveId::Bn254G1.max_window() + 1,
            point_format: PointFormat::Compressed,
            ..Config::default()
        };
        let (out, (plans, _)) = call(too_wide);
        assert_eq!(out.unwrap_err().status(), Status::BadWindow);
        assert_eq!(plans, 1);
    }
}
