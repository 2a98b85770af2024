//! One-shot batches: `batch` MSMs of n points each, over one set of points
//! shared by every MSM or over one set per MSM, for callers whose points
//! are not resident ([`crate::Bases`] is for those that are).
//!
//! A shared set becomes temporary resident bases for the call, so that the
//! batch takes the resident bases' batch path (one pipeline for all
//! vectors on a GPU). Per-MSM sets run one MSM per vector: in parallel on
//! the host, one after another on a GPU. Either way every result is
//! byte-equal to the one-shot MSM ([`crate::msm_bytes`], `gpukit_msm_ex`)
//! of its vector with the same config.

use crate::alloc;
use crate::bases::{Bases, BasesBytes};
use crate::config::{Backend, Config, ScalarOrder, Validation};
use crate::curve::{Curve, CurveId, SCALAR_BYTES};
use crate::dispatch;
use crate::encoding;
use crate::error::{Error, Status};
use crate::plan::{self, Plan};
use crate::pool;
use rayon::prelude::*;

/// The points of a typed batch ([`msm_batch`]).
pub enum PointSets<'a, C: Curve> {
    /// One set of n points shared by every MSM:
    /// `out[j] = Σᵢ scalars[j][i]·points[i]`.
    Shared(&'a [C::Affine]),
    /// One set of n points per MSM: `out[j] = Σᵢ scalars[j][i]·sets[j][i]`.
    PerMsm(&'a [Vec<C::Affine>]),
}

// By hand: a derive would ask `C: Clone`, which the curve markers need not be.
impl<C: Curve> Clone for PointSets<'_, C> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<C: Curve> Copy for PointSets<'_, C> {}

/// `batch` MSMs of n points each in the wire format, bases not resident:
/// `out[j] = Σᵢ scalars[j·n + i]·P_j[i]`, where `P_j` is the one set of n
/// points in `points` when `point_sets` is 1, or the j-th of `batch`
/// consecutive sets of n points when `point_sets` is `batch`. Returns the
/// `batch` result points, one after another.
///
/// `points` holds `point_sets · n` points in `config.point_format` (and
/// `config.input_form`), `scalars` `batch · n` scalars of 32 bytes (in
/// `config.scalar_order` and `config.input_form`). Every config field means
/// what it means for [`crate::msm_bytes`], validation included (`Default`
/// is `OnCurve`, as for every one-shot call, not the resident bases'
/// `Full`); `precompute` and `fixed_base` are ignored: the call builds no
/// tables, which pay off over repeated MSMs on resident bases.
///
/// - Shared points run as one batch over temporary bases: under
///   [`Backend::Auto`] on the GPU when n·batch reaches the curve's GPU
///   crossover (see [`Bases`]), all vectors in one pipeline.
/// - Per-MSM points run one MSM per vector: in parallel on all cores on
///   the host; one after another on the GPU when the planner sends the
///   batch there by the same n·batch rule (there is no single-launch
///   pipeline for per-MSM point sets yet).
///
/// n = 0 gives `batch` identities; `batch` = 0 an empty result. Errors:
/// `point_sets` neither 1 nor `batch`, or buffer lengths that do not match
/// (or overflow), are `SizeMismatch`; a config error comes before any
/// input error; then every scalar is checked (< r), a bad one named by
/// its index in `scalars` (MSM j's scalar i is j·n + i); a bad point is
/// named by its set and its index in the set ("the shared point set:
/// point 5 …", "MSM 3: point 5 …"), as is any other failure of one MSM.
pub fn msm_batch_bytes(
    curve: CurveId,
    points: &[u8],
    point_sets: usize,
    scalars: &[u8],
    n: usize,
    batch: usize,
    config: &Config,
) -> Result<Vec<u8>, Error> {
    check_point_sets(point_sets, batch)?;
    let pb = config.point_format.point_bytes(curve)?;
    let size = |count: usize, width: usize| count.checked_mul(n)?.checked_mul(width);
    if Some(points.len()) != size(point_sets, pb) {
        return Err(Error::new(
            Status::SizeMismatch,
            format!(
                "{point_sets} point sets of {n} points of {pb} bytes do not make {} bytes",
                points.len()
            ),
        ));
    }
    if Some(scalars.len()) != size(batch, SCALAR_BYTES) {
        return Err(Error::new(
            Status::SizeMismatch,
            format!(
                "{batch} MSMs of {n} scalars of {SCALAR_BYTES} bytes do not make {} bytes",
                scalars.len()
            ),
        ));
    }
    // The MSM of no points runs every config check of a one-shot call
    // (curve and point format, input form, window, fixed_base, environment)
    // before any input is looked at, and gives the identity for n = 0.
    let identity = crate::msm_bytes(curve, &[], &[], config)?;
    if n == 0 || batch == 0 {
        // Allocated fallibly: 2^32 identities of G2 are 768 GiB, which must
        // be an error, not an abort.
        let len = batch.checked_mul(identity.len()).ok_or_else(|| {
            Error::new(
                Status::SizeMismatch,
                format!("{batch} results overflow the address space"),
            )
        })?;
        let mut out = alloc::try_vec(len, "the batch's results")?;
        (0..batch).for_each(|_| out.extend_from_slice(&identity));
        return Ok(out);
    }
    pool::run(|| {
        check_scalars(curve, scalars, config.scalar_order)?;
        // A batch of one is one one-shot MSM, whatever the mode.
        if point_sets == 1 && batch > 1 {
            let bases = BasesBytes::new(curve, points, &one_shot(config)).map_err(in_shared_set)?;
            return bases.msm_batch(scalars, n, batch);
        }
        let plan = plan::plan_batch(curve, n, batch, config)?;
        let (set, width) = (n * pb, n * SCALAR_BYTES);
        let results = per_msm(batch, &plan, config, |j, config| {
            crate::msm_bytes(
                curve,
                &points[j * set..][..set],
                &scalars[j * width..][..width],
                config,
            )
        })?;
        let mut out = alloc::try_vec(batch * identity.len(), "the batch's results")?;
        results.iter().for_each(|r| out.extend_from_slice(r));
        Ok(out)
    })
}

/// `scalars.len()` MSMs of n points each on typed points, bases not
/// resident: over one shared set of n points or one set per MSM (see
/// [`PointSets`]); every scalar vector (and every per-MSM set) must hold n
/// elements, n being the shared set's length or the first set's.
///
/// The config and the choice of backend are as for [`msm_batch_bytes`]
/// (its `input_form`, `point_format` and `scalar_order` do not apply to
/// typed input); results equal [`crate::msm_with`] of each vector.
pub fn msm_batch<C: Curve>(
    points: PointSets<'_, C>,
    scalars: &[Vec<C::Scalar>],
    config: &Config,
) -> Result<Vec<C::Affine>, Error> {
    pool::run(|| {
        let set = |j: usize| -> &[C::Affine] {
            match points {
                PointSets::Shared(p) => p,
                PointSets::PerMsm(sets) => &sets[j],
            }
        };
        let n = match points {
            PointSets::Shared(p) => p.len(),
            PointSets::PerMsm(sets) => {
                check_point_sets(sets.len(), scalars.len())?;
                sets.first().map_or(0, Vec::len)
            }
        };
        for (j, s) in scalars.iter().enumerate() {
            if s.len() != n || set(j).len() != n {
                return Err(Error::new(
                    Status::SizeMismatch,
                    format!(
                        "MSM {j}: {} scalars and {} points, MSMs of {n} expected",
                        s.len(),
                        set(j).len()
                    ),
                ));
            }
        }
        // As for the byte call: config errors first, and the identity.
        let identity = dispatch::msm_typed::<C>(&[], &[], config)?;
        let batch = scalars.len();
        if n == 0 || batch == 0 {
            return alloc::try_filled(batch, identity, "the batch's results");
        }
        if let (PointSets::Shared(points), true) = (points, batch > 1) {
            let bases = Bases::<C>::new(points, &one_shot(config)).map_err(in_shared_set)?;
            return bases.msm_batch(scalars);
        }
        let plan = plan::plan_batch(C::ID, n, batch, config)?;
        per_msm(batch, &plan, config, |j, config| {
            dispatch::msm_typed::<C>(set(j), &scalars[j], config)
        })
    })
}

/// `point_sets` must be 1 (shared) or `batch` (one per MSM). Another count
/// is a mismatch between the points given and the MSMs asked for, hence
/// `SizeMismatch` (like any other buffer that does not fit the call), not
/// `BadConfig`, which is about the config's values.
pub(crate) fn check_point_sets(point_sets: usize, batch: usize) -> Result<(), Error> {
    if point_sets != 1 && point_sets != batch {
        return Err(Error::new(
            Status::SizeMismatch,
            format!("{point_sets} point sets for {batch} MSMs: give 1 (shared) or {batch} (one per MSM)"),
        ));
    }
    Ok(())
}

/// The config of a shared set's temporary bases: the one-shot default
/// validation (`OnCurve`, where resident bases default to `Full`), and no
/// precomputed tables: they cost more to build than one batch saves.
fn one_shot(config: &Config) -> Config {
    Config {
        validation: match config.validation {
            Validation::Default => Validation::OnCurve,
            v => v,
        },
        precompute: 1,
        fixed_base: 1,
        ..*config
    }
}

/// Names the shared set in a point's fault (its index is the point's).
fn in_shared_set(e: Error) -> Error {
    match e.status() {
        Status::PointNotOnCurve | Status::PointNotInSubgroup | Status::BadEncoding => {
            Error::new(e.status(), format!("the shared point set: {}", e.message()))
        }
        _ => e,
    }
}

/// Runs `one(j, config)` for every MSM j of a batch with per-MSM inputs.
/// Planned for the GPU (by n·batch), the MSMs run one after another there,
/// each with the GPU forced: by its own n, `Auto` would keep it on the host.
/// Where the GPU reports no device and the plan may fall back, the rest
/// runs on the host, as do batches planned there: in parallel on the
/// pool's threads. Each error names its MSM; the one returned is the
/// lowest MSM's, whatever order the threads finished in.
fn per_msm<T: Send>(
    batch: usize,
    plan: &Plan,
    config: &Config,
    one: impl Fn(usize, &Config) -> Result<T, Error> + Sync,
) -> Result<Vec<T>, Error> {
    let in_msm = |j: usize, e: Error| Error::new(e.status(), format!("MSM {j}: {}", e.message()));
    let mut out = alloc::try_vec(batch, "the batch's results")?;
    let gpu = Config {
        backend: Backend::Gpu,
        ..*config
    };
    // MSM after MSM on the GPU until the fall-back rule sends the rest to
    // the host (at once, for a plan that said a host engine).
    for j in 0..batch {
        match dispatch::gpu_first(plan, || one(j, &gpu)).map_err(|e| in_msm(j, e))? {
            Some(r) => out.push(r),
            None => break,
        }
    }
    let mut rest = alloc::try_vec(batch - out.len(), "the batch's results")?;
    (out.len()..batch)
        .into_par_iter()
        .map(|j| one(j, config).map_err(|e| in_msm(j, e)))
        .collect_into_vec(&mut rest);
    for r in rest {
        out.push(r?);
    }
    Ok(out)
}

macro_rules! scalar_checks {
    ($(($marker:ident, $snake:ident, $id:literal, $affine:ty, $proj:ty, $scalar:ty, $display:literal)),* $(,)?) => {
        /// Checks every wire scalar of the batch (< r) at once, so that a
        /// bad one is named by its index in the whole buffer.
        fn check_scalars(curve: CurveId, scalars: &[u8], order: ScalarOrder) -> Result<(), Error> {
            match curve {
                $(CurveId::$marker => encoding::check_scalars_in::<crate::curves::$marker>(scalars, order),)*
            }
        }
    };
}
crate::for_each_curve!(scalar_checks);
