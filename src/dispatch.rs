//! The driver: runs the plan of `crate::plan` on typed or wire input — the
//! GPU first where planned, the host engines where planned or where an
//! unforced GPU call finds no device.

use crate::alloc;
use crate::blind;
use crate::config::{Config, InputForm, ScalarLayout, Validation};
use crate::cpu;
use crate::curve::{Curve, SCALAR_BYTES};
use crate::encoding::{self, PointCheck, WirePoint};
use crate::error::{Error, Status};
use crate::gpu::{self, DeviceCheck, DeviceFormat, PointBuffer, PointInput};
use crate::plan::{config_check, falls_back, plan, Engine, Plan};
use crate::pool;
use ark_ec::{AffineRepr, CurveConfig, CurveGroup};
use rayon::prelude::*;
use std::borrow::Cow;
use std::mem::size_of;
use zeroize::Zeroizing;

/// The fall-back rule, written here once for every call: where `plan`
/// says GPU, runs `gpu` and returns its answer (`Some`), unless the GPU
/// finds no device and the plan was not forced ([`falls_back`]): then
/// `None`, and the caller runs the call on the host engine
/// ([`Plan::host_engine`]), as it does (without running `gpu`) where the
/// plan said a host engine. Any other GPU error is returned.
pub(crate) fn gpu_first<T>(
    plan: &Plan,
    gpu: impl FnOnce() -> Result<T, Error>,
) -> Result<Option<T>, Error> {
    if plan.engine != Engine::Gpu {
        return Ok(None);
    }
    match gpu() {
        Ok(answer) => Ok(Some(answer)),
        Err(e) if falls_back(plan, &e) => Ok(None),
        Err(e) => Err(e),
    }
}

/// Whether curve C's cofactor is 1: its subgroup check is the curve's.
pub(crate) fn cofactor_is_one<C: Curve>() -> bool {
    <<C::Affine as AffineRepr>::Config as CurveConfig>::cofactor_is_one()
}

/// The device's form of the point check `check` for curve C, or `None`
/// where only the host runs it: the prime-order subgroup check of an
/// Edwards curve with a cofactor (Bandersnatch's; cuda/ec/subgroup.cuh
/// says why). With a cofactor of 1 the subgroup check is the curve's.
pub(crate) fn device_check<C: Curve>(check: PointCheck) -> Option<DeviceCheck> {
    match check {
        PointCheck::None => Some(DeviceCheck::None),
        PointCheck::OnCurve => Some(DeviceCheck::OnCurve),
        PointCheck::Subgroup if cofactor_is_one::<C>() => Some(DeviceCheck::OnCurve),
        PointCheck::Subgroup if C::Affine::SHORT_WEIERSTRASS => Some(DeviceCheck::Subgroup),
        PointCheck::Subgroup => None,
    }
}

/// Runs a host engine (serial or CPU Pippenger) on typed input.
pub(crate) fn run_host<C: Curve>(
    engine: Engine,
    window_c: u32,
    points: &[C::Affine],
    scalars: &[C::Scalar],
) -> Result<C::Projective, Error> {
    match (engine, window_c) {
        (Engine::Serial, _) => Ok(cpu::serial::<C>(points, scalars)),
        (_, 0) => cpu::arkworks::<C>(points, scalars),
        (_, c) => cpu::pippenger::<C>(points, scalars, c),
    }
}

/// Host bytes a host MSM of n points holds at its peak beyond the caller's
/// buffers: the decoded points and scalars (when `decoded`), the blinded
/// halves, and the engine's working memory. Probed before any work so that
/// a call too large for the host fails at once, with the size.
pub(crate) fn host_bytes<C: Curve>(
    n: usize,
    engine: Engine,
    window_c: u32,
    blinded: bool,
    decoded: bool,
) -> usize {
    let scalar = size_of::<C::Scalar>();
    let mut total = if decoded {
        n.saturating_mul(size_of::<C::Affine>() + scalar)
    } else {
        0
    };
    if blinded {
        total = total.saturating_add(n.saturating_mul(2 * scalar));
    }
    let working = match (engine, window_c) {
        (Engine::Serial, _) => 0,
        (_, 0) => cpu::arkworks_bytes::<C>(n),
        (_, _) => n.saturating_mul(scalar + rayon::current_num_threads() * size_of::<u64>()),
    };
    total.saturating_add(working)
}

/// The affine form of an MSM's sum. On the twisted Edwards curve the
/// addition law is complete only on the prime-order subgroup: with points
/// outside it (accepted by `OnCurve`) or off the curve (`Trusted`), the sum
/// can be a point at infinity of the Edwards model (Z = 0), which has no
/// affine form. That is reported as the fault of an input point, the first
/// that fails the full check (run only on this failure path).
pub(crate) fn to_affine<C: Curve>(
    q: C::Projective,
    points: &[C::Affine],
) -> Result<C::Affine, Error> {
    use ark_ff::Zero;
    // normalize_batch inverts Z with a batch inversion that leaves a zero Z
    // as zero instead of panicking (`into_affine` unwraps the inverse): the
    // short-Weierstrass identity stays the identity, an Edwards Z = 0
    // becomes (0, 0). (0, 0) is on none of these curves, so it never is a
    // valid sum; an off-curve result under TRUSTED is returned as it is.
    let affine = C::Projective::normalize_batch(&[q])[0];
    match affine.xy() {
        Some((x, y)) if x.is_zero() && y.is_zero() => {}
        _ => return Ok(affine),
    }
    encoding::check_points::<C>(points, PointCheck::Subgroup)?;
    Err(Error::new(
        Status::Internal,
        "the sum has no affine form although every input point is in the subgroup",
    ))
}

/// Runs a host engine, splitting the scalars first when `blinded`.
pub(crate) fn run_host_blinded<C: Curve>(
    engine: Engine,
    window_c: u32,
    blinded: bool,
    points: &[C::Affine],
    scalars: &[C::Scalar],
) -> Result<C::Projective, Error> {
    if !blinded {
        return run_host::<C>(engine, window_c, points, scalars);
    }
    let (a, b) = blind::split(scalars)?;
    Ok(run_host::<C>(engine, window_c, points, &a)? + run_host::<C>(engine, window_c, points, &b)?)
}

/// Decodes a result point that came back from the device.
pub(crate) fn decode_device_result<C: Curve>(bytes: &[u8]) -> Result<C::Affine, Error> {
    encoding::decode_point::<C>(bytes).map_err(|e| {
        Error::new(
            Status::Device,
            format!(
                "the device returned an invalid result point: {}",
                e.message()
            ),
        )
    })
}

/// MSM sums, decoded (and so checked) once where they come from the GPU:
/// the points, and the canonical wire bytes the device encoded them in
/// where the sums are the device's own (not where a blinded call added its
/// two halves on the host, or a host engine made them).
pub(crate) struct Sums<C: Curve> {
    points: Vec<C::Affine>,
    wire: Option<Vec<u8>>,
}

/// Result points from which their decoding (and their encoding in another
/// point format, [`crate::formats`]) runs on the pool's threads: 65,536
/// Verkle commitments are a batch's results, and took ~10 ms on one
/// (bench/NOTES.md v41b). Fewer are decoded on the calling thread, which a
/// GPU part may run outside the pool ([`device_alone`]).
pub(crate) const PARALLEL_DECODE_MIN_SUMS: usize = 64;

impl<C: Curve> Sums<C> {
    /// The device's result points, each checked once by decoding it; in
    /// parallel from [`PARALLEL_DECODE_MIN_SUMS`], else on this thread.
    pub(crate) fn from_device(wire: Vec<u8>) -> Result<Self, Error> {
        let size = C::ID.point_bytes();
        let points = if wire.len() / size < PARALLEL_DECODE_MIN_SUMS {
            wire.chunks_exact(size)
                .map(decode_device_result::<C>)
                .collect::<Result<_, _>>()?
        } else {
            wire.par_chunks_exact(size)
                .map(decode_device_result::<C>)
                .collect::<Result<_, _>>()?
        };
        Ok(Sums {
            points,
            wire: Some(wire),
        })
    }

    /// Sums made on the host (a host engine's, or a blinded call's halves
    /// added).
    pub(crate) fn from_host(points: Vec<C::Affine>) -> Self {
        Sums { points, wire: None }
    }

    /// The sums as typed points.
    pub(crate) fn into_points(self) -> Vec<C::Affine> {
        self.points
    }

    /// The sums in the canonical wire format, encoded once: on the device,
    /// or here for sums made on the host.
    pub(crate) fn into_wire(self) -> Vec<u8> {
        self.wire
            .unwrap_or_else(|| encoding::encode_points::<C>(&self.points))
    }
}

/// Secret scalars (a blinded call's halves) as arkworks' Montgomery bytes
/// for the device: the scalars themselves where their layout allows, else
/// an encoded copy, which is as secret and so is wiped when dropped.
pub(crate) enum SecretBytes<'a> {
    Borrowed(&'a [u8]),
    Owned(Zeroizing<Vec<u8>>),
}

impl SecretBytes<'_> {
    pub(crate) fn of<C: Curve>(scalars: &[C::Scalar]) -> SecretBytes<'_> {
        match encoding::scalars_montgomery::<C>(scalars) {
            Cow::Borrowed(bytes) => SecretBytes::Borrowed(bytes),
            Cow::Owned(bytes) => SecretBytes::Owned(Zeroizing::new(bytes)),
        }
    }
}

impl std::ops::Deref for SecretBytes<'_> {
    type Target = [u8];
    fn deref(&self) -> &[u8] {
        match self {
            SecretBytes::Borrowed(bytes) => bytes,
            SecretBytes::Owned(bytes) => bytes,
        }
    }
}

/// MSM of `points` (wire bytes in `input` form) with scalars laid out as
/// `layout` says on the GPU, which checks them (< r) and undoes their
/// layout; the scalars are split first when `blinded`.
fn run_gpu<C: Curve>(
    points: PointBuffer<'_>,
    scalars: &[u8],
    layout: ScalarLayout,
    input: PointInput,
    plan: &Plan,
    blinded: bool,
) -> Result<Sums<C>, Error> {
    let n = scalars.len() / SCALAR_BYTES;
    let once = |wire: &[u8], layout: ScalarLayout| -> Result<Sums<C>, Error> {
        let out = gpu::msm(
            C::ID,
            points,
            wire,
            layout,
            n,
            plan.window_c,
            plan.gpu_window,
            input,
            plan.devices,
        )?;
        Sums::from_device(out)
    };
    if !blinded {
        return once(scalars, layout);
    }
    let k = Zeroizing::new(encoding::decode_scalars_in::<C>(scalars, layout)?);
    let (a, b) = blind::split(&k)?;
    let half = |s: &[C::Scalar]| once(&SecretBytes::of::<C>(s), ScalarLayout::ARKWORKS);
    let sum = half(&a)?.points[0] + half(&b)?.points[0];
    Ok(Sums::from_host(vec![sum.into_affine()]))
}

fn check_lengths(points: usize, scalars: usize) -> Result<(), Error> {
    if points != scalars {
        return Err(Error::new(
            Status::SizeMismatch,
            format!("{points} points but {scalars} scalars"),
        ));
    }
    Ok(())
}

/// [`run_gpu`] on decoded points (the typed call's, or the wire call's
/// after its subgroup check): arkworks' in-memory (Montgomery) limbs go to
/// the device as they are — where the layout allows, the points' structs
/// themselves (no host pass at all), else a packed copy of their limbs.
fn typed_points_gpu<C: Curve>(
    points: &[C::Affine],
    scalars: &[u8],
    layout: ScalarLayout,
    check: DeviceCheck,
    plan: &Plan,
    blinded: bool,
) -> Result<Sums<C>, Error> {
    let mut packed = Vec::new();
    let buffer = gpu::typed_points::<C>(points, &mut packed);
    let input = PointInput {
        montgomery: true,
        check,
    };
    run_gpu::<C>(buffer, scalars, layout, input, plan, blinded)
}

/// [`run_gpu`] on wire points as they came, which the device decodes: it
/// checks their encoding (every coordinate < p) always, then as `check`
/// says, and the scalars (< r) before the points, in the CPU backends'
/// order; so no call with a check the device runs needs a host pass.
fn wire_points_gpu<C: Curve>(
    points: &[u8],
    scalars: &[u8],
    config: &Config,
    check: DeviceCheck,
    plan: &Plan,
) -> Result<Sums<C>, Error> {
    let input = PointInput {
        montgomery: config.input_form == InputForm::Montgomery,
        check,
    };
    let buffer = PointBuffer::wire(points, C::ID.point_bytes());
    let layout = ScalarLayout::of(config);
    run_gpu::<C>(buffer, scalars, layout, input, plan, config.blinded)
}

/// Compressed points for [`msm_compressed`]: n packed records of
/// `record_bytes` in `format`, named `name` in errors (and their group
/// `group`); `check` runs the format's own checks on the device
/// ([`DeviceFormat::checks_subgroup`]) and, as [`DeviceCheck::Subgroup`],
/// the prime-order subgroup check.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Compressed<'a> {
    pub points: &'a [u8],
    pub record_bytes: usize,
    pub format: DeviceFormat,
    pub name: &'static str,
    pub group: &'static str,
    pub check: DeviceCheck,
}

/// The one-shot MSM of compressed points that the device decompresses
/// (issue 16), as `plan` says: `Some` with the wire result where the plan
/// runs it on the GPU; `None` where it runs on the host (planned so, no
/// points, or an unforced call that finds no device), and the caller
/// decodes the points on the host and runs the wire call with the same
/// plan ([`msm_wire_planned`]). Decompression finds every point on the
/// curve, so the device has no point check to run but the format's own
/// (Banderwagon's subgroup check) and the prime-order subgroup check, as
/// `check` asks; the caller routes here only calls whose checks the device
/// runs.
/// The sizes must agree (n records, n scalars): the caller leaves a
/// mismatch to the host path, which reports it.
pub(crate) fn msm_compressed<C: Curve>(
    points: Compressed<'_>,
    scalars: &[u8],
    config: &Config,
    plan: &Plan,
) -> Result<Option<Vec<u8>>, Error> {
    let n = scalars.len() / SCALAR_BYTES;
    debug_assert_eq!(points.points.len(), n * points.record_bytes);
    if n == 0 {
        return Ok(None);
    }
    let input = PointInput {
        montgomery: false,
        check: points.check,
    };
    let buffer = PointBuffer::compressed(
        points.points,
        points.record_bytes,
        points.format,
        points.name,
        points.group,
    );
    let layout = ScalarLayout::of(config);
    let gpu = || run_gpu::<C>(buffer, scalars, layout, input, plan, config.blinded);
    Ok(gpu_first(plan, gpu)?.map(Sums::into_wire))
}

/// Whether a call planned so leaves the host's threads nothing to do while
/// its GPU part runs: the GPU engine, with the points' checks on the device,
/// unblinded (blinding splits the scalars on the host) and its inputs read
/// in place. Such a part runs on the caller's thread instead of gpukit's
/// pool: handing a call to a pool worker and waking the caller after it
/// cost two thread wake-ups, ~0.05 ms of a 2^10-point call's 0.32 on an
/// H200's host (bench/NOTES.md v35b). The pool is started first all the
/// same, before the plan asks for the device ([`pool::start`]), and a host
/// fall-back runs in it.
fn device_alone(
    plan: &Plan,
    on_device: Option<DeviceCheck>,
    blinded: bool,
    in_place: bool,
) -> bool {
    plan.engine == Engine::Gpu && on_device.is_some() && !blinded && in_place
}

/// A resident call ([`crate::Bases`]): `on_device` runs its GPU part and
/// returns the result, or the plan where that sends the call to the host;
/// `on_host` then runs it there. Where `alone` (the bases on the device
/// already, unblinded, few results: nothing for the host's threads to do
/// meanwhile) the GPU part runs on this thread, as [`device_alone`]'s do,
/// for the same reason: handing a 25 ms call to a pool worker and waking
/// the caller after it cost ~0.07 ms on the two-H200 host (bench/NOTES.md
/// v55a). The pool is started first all the same; a host fall-back and
/// every other call run in it.
pub(crate) fn device_then_host<T: Send>(
    alone: bool,
    on_device: impl FnOnce() -> Result<Result<T, Plan>, Error> + Send,
    on_host: impl FnOnce(&Plan) -> Result<T, Error> + Send,
) -> Result<T, Error> {
    if alone {
        pool::start()?;
        return match on_device()? {
            Ok(result) => Ok(result),
            Err(plan) => pool::run(|| on_host(&plan)),
        };
    }
    pool::run(|| match on_device()? {
        Ok(result) => Ok(result),
        Err(plan) => on_host(&plan),
    })
}

/// The typed MSM behind [`crate::msm_with`]: its GPU part on this thread
/// where [`device_alone`], everything else in gpukit's pool.
pub(crate) fn msm_typed<C: Curve>(
    points: &[C::Affine],
    scalars: &[C::Scalar],
    config: &Config,
) -> Result<C::Affine, Error> {
    check_lengths(points.len(), scalars.len())?;
    pool::start()?;
    let n = scalars.len();
    let plan = plan(C::ID, n, config)?;
    let check = config_check(config, Validation::OnCurve);
    if n == 0 {
        return Ok(C::Affine::zero());
    }
    // The checks run on the device where the GPU runs and the device has
    // them (all but Bandersnatch's subgroup check); otherwise on the host,
    // first.
    let on_device = device_check::<C>(check).filter(|_| plan.engine == Engine::Gpu);
    let gpu = || {
        let scalar_wire = encoding::scalars_montgomery::<C>(scalars);
        let layout = ScalarLayout::ARKWORKS;
        typed_points_gpu::<C>(
            points,
            &scalar_wire,
            layout,
            on_device.unwrap_or(DeviceCheck::None),
            &plan,
            config.blinded,
        )
    };
    let in_place = gpu::typed_in_place::<C>(scalars);
    if device_alone(&plan, on_device, config.blinded, in_place) {
        if let Some(sum) = gpu_first(&plan, gpu)? {
            return Ok(sum.into_points()[0]);
        }
        return pool::run(|| typed_on_host::<C>(points, scalars, config, &plan, check, true));
    }
    pool::run(|| {
        if on_device.is_none() {
            encoding::check_points::<C>(points, check)?;
        }
        if let Some(sum) = gpu_first(&plan, gpu)? {
            return Ok(sum.into_points()[0]);
        }
        typed_on_host::<C>(points, scalars, config, &plan, check, on_device.is_some())
    })
}

/// [`msm_typed`] on the plan's host engine, the points checked first where
/// `unchecked` (their checks were the device's, which never ran). In the
/// pool.
fn typed_on_host<C: Curve>(
    points: &[C::Affine],
    scalars: &[C::Scalar],
    config: &Config,
    plan: &Plan,
    check: PointCheck,
    unchecked: bool,
) -> Result<C::Affine, Error> {
    if unchecked {
        encoding::check_points::<C>(points, check)?;
    }
    let engine = plan.host_engine();
    alloc::probe(
        host_bytes::<C>(scalars.len(), engine, plan.window_c, config.blinded, false),
        "the host MSM",
    )?;
    to_affine::<C>(
        run_host_blinded::<C>(engine, plan.window_c, config.blinded, points, scalars)?,
        points,
    )
}

/// The wire-format MSM behind [`crate::msm_bytes`] and the C ABI.
pub(crate) fn msm_wire<C: Curve>(
    points: &[u8],
    scalars: &[u8],
    config: &Config,
) -> Result<Vec<u8>, Error> {
    let n = encoding::scalar_count(scalars)?;
    let pb = C::ID.point_bytes();
    if Some(points.len()) != n.checked_mul(pb) {
        return Err(Error::new(
            Status::SizeMismatch,
            format!(
                "{n} scalars need {} point bytes, got {}",
                n * pb,
                points.len()
            ),
        ));
    }
    pool::start()?;
    msm_wire_planned::<C>(points, scalars, config, &plan(C::ID, n, config)?)
}

/// [`msm_wire`] with the call's plan made already (by a compressed call
/// that did not run on the device, [`msm_compressed`]): n points and n
/// scalars, their sizes checked. Its GPU part on this thread where
/// [`device_alone`], everything else in gpukit's pool.
pub(crate) fn msm_wire_planned<C: Curve>(
    points: &[u8],
    scalars: &[u8],
    config: &Config,
    plan: &Plan,
) -> Result<Vec<u8>, Error> {
    let n = scalars.len() / SCALAR_BYTES;
    debug_assert_eq!(points.len(), n * C::ID.point_bytes());
    let check = config_check(config, Validation::OnCurve);
    let layout = ScalarLayout::of(config);
    if n == 0 {
        return Ok(encoding::encode_point::<C>(&C::Affine::zero()));
    }
    // A check the device does not run (Bandersnatch's subgroup check) is
    // the host's, which decodes every point for it; the GPU then reads the
    // decoded points, as a typed call's, and so does a host fall-back: each
    // point is decoded once. Otherwise the device decodes and checks the
    // wire points itself.
    let on_device = device_check::<C>(check);
    if device_alone(plan, on_device, config.blinded, true) {
        let check = on_device.unwrap_or(DeviceCheck::None);
        if let Some(sum) = gpu_first(plan, || {
            wire_points_gpu::<C>(points, scalars, config, check, plan)
        })? {
            return Ok(sum.into_wire());
        }
        return pool::run(|| wire_on_host::<C>(points, scalars, config, plan, None));
    }
    pool::run(|| {
        let checked = if plan.engine == Engine::Gpu && on_device.is_none() {
            // Scalars before points, in the CPU backends' order, so that an
            // input with both faults gets the same status on every backend.
            encoding::check_scalars_in::<C>(scalars, layout.order)?;
            Some(encoding::decode_points::<C>(
                points,
                config.input_form,
                check,
            )?)
        } else {
            None
        };
        // `checked` is `None` on the GPU only where the device has the check.
        let gpu = || match &checked {
            Some(decoded) => typed_points_gpu::<C>(
                decoded,
                scalars,
                layout,
                DeviceCheck::None,
                plan,
                config.blinded,
            ),
            None => {
                let check = on_device.unwrap_or(DeviceCheck::None);
                wire_points_gpu::<C>(points, scalars, config, check, plan)
            }
        };
        if let Some(sum) = gpu_first(plan, gpu)? {
            return Ok(sum.into_wire());
        }
        wire_on_host::<C>(points, scalars, config, plan, checked)
    })
}

/// [`msm_wire_planned`] on the plan's host engine, over the points
/// `checked` decoded already or else decoded here. In the pool.
fn wire_on_host<C: Curve>(
    points: &[u8],
    scalars: &[u8],
    config: &Config,
    plan: &Plan,
    checked: Option<Vec<C::Affine>>,
) -> Result<Vec<u8>, Error> {
    let n = scalars.len() / SCALAR_BYTES;
    let check = config_check(config, Validation::OnCurve);
    let engine = plan.host_engine();
    // Points decoded for the subgroup check are held already.
    let held = checked
        .as_ref()
        .map_or(0, |d| d.len() * size_of::<C::Affine>());
    alloc::probe(
        host_bytes::<C>(n, engine, plan.window_c, config.blinded, true).saturating_sub(held),
        "the host MSM",
    )?;
    // Secret scalars (a blinded call's) are wiped when dropped.
    let scalars = Zeroizing::new(encoding::decode_scalars_in::<C>(
        scalars,
        ScalarLayout::of(config),
    )?);
    let decoded = match checked {
        Some(decoded) => decoded,
        None => encoding::decode_points::<C>(points, config.input_form, check)?,
    };
    let q = run_host_blinded::<C>(engine, plan.window_c, config.blinded, &decoded, &scalars)?;
    Ok(encoding::encode_point::<C>(&to_affine::<C>(q, &decoded)?))
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::config::Backend;
    use crate::curves::Bn254G1;
    use crate::encoding::ENCODED_POINTS;
    use crate::plan::PLANS;
    use std::cell::Cell;

    type Scalar = <Bn254G1 as Curve>::Scalar;

    /// The plans made and the points encoded on this thread while `f` runs,
    /// the fewest of three runs: while a call waits in a join, this thread
    /// may run work stolen from another test's call, whose plans and
    /// encodings add to its counters (they can only grow that way; one run
    /// in ~25 of the dispatch tests saw a blinded call plan twice).
    pub(crate) fn plans_and_encodings<T>(mut f: impl FnMut() -> T) -> (T, (usize, usize)) {
        let count = || (PLANS.with(Cell::get), ENCODED_POINTS.with(Cell::get));
        let mut once = || {
            let before = count();
            let out = f();
            let after = count();
            (out, (after.0 - before.0, after.1 - before.1))
        };
        (0..3)
            .map(|_| once())
            .min_by_key(|run| run.1)
            .expect("three runs")
    }

    /// i·G for i = 1..=8, scalars i: the sum is (1² + … + 8²)·G = 204·G.
    #[test]
    fn a_wire_call_plans_once_and_encodes_its_result_once() {
        let g = <Bn254G1 as Curve>::Affine::generator();
        let points: Vec<_> = (1..=8u64)
            .map(|i| (g * Scalar::from(i)).into_affine())
            .collect();
        let scalars: Vec<Scalar> = (1..=8u64).map(Scalar::from).collect();
        let wire_points = encoding::encode_points::<Bn254G1>(&points);
        let wire_scalars = encoding::encode_scalars::<Bn254G1>(&scalars);
        let expected = (g * Scalar::from(204u64)).into_affine();
        for (validation, blinded) in [
            (Validation::Trusted, false),
            (Validation::OnCurve, false),
            (Validation::Full, false),
            (Validation::Default, true),
        ] {
            let config = Config {
                backend: Backend::Cpu,
                validation,
                blinded,
                ..Config::default()
            };
            // Inside the pool, so that the call's own pool::run stays on
            // this thread, whose plans and encodings the counters see.
            let (out, counts) = pool::run(|| {
                Ok(plans_and_encodings(|| {
                    msm_wire::<Bn254G1>(&wire_points, &wire_scalars, &config).unwrap()
                }))
            })
            .unwrap();
            assert_eq!(counts, (1, 1), "{validation:?}, blinded: {blinded}");
            assert_eq!(out, encoding::encode_point::<Bn254G1>(&expected));
        }
    }

    /// The device's own sum goes back in the bytes it came in; a sum made
    /// on the host (a blinded call's) is encoded once.
    #[test]
    fn a_device_sum_is_encoded_once() {
        let g = <Bn254G1 as Curve>::Affine::generator();
        let device_bytes = encoding::encode_point::<Bn254G1>(&g);
        let (out, counts) = plans_and_encodings(|| {
            Sums::<Bn254G1>::from_device(device_bytes.clone())
                .unwrap()
                .into_wire()
        });
        assert_eq!((out, counts), (device_bytes.clone(), (0, 0)));
        let (out, counts) = plans_and_encodings(|| Sums::<Bn254G1>::from_host(vec![g]).into_wire());
        assert_eq!((out, counts), (device_bytes, (0, 1)));
    }

    /// A result the device encoded wrongly is the device's fault, never a
    /// silent answer.
    #[test]
    fn an_invalid_device_result_is_a_device_error() {
        let bad = vec![0xffu8; <Bn254G1 as Curve>::ID.point_bytes()];
        let err = Sums::<Bn254G1>::from_device(bad).err().unwrap();
        assert_eq!(err.status(), Status::Device);
    }
}
