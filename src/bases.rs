//! Resident bases: points validated (by default with the subgroup check)
//! and, when the GPU will run the MSMs, uploaded once — at creation, or at
//! the first batch large enough for the GPU; then any number of MSMs
//! against a prefix of them. Provers reuse one SRS for thousands of MSMs,
//! so this is the fast path.

use crate::alloc;
use crate::blind;
use crate::config::{Config, PointFormat, ScalarLayout, Validation};
use crate::curve::{Curve, CurveId, SCALAR_BYTES};
use crate::dispatch::{self, SecretBytes, Sums};
use crate::encoding::{self, PointCheck};
use crate::error::{Error, Status};
use crate::formats;
pub use crate::gpu::DeviceTables;
use crate::gpu::{self, PointInput, ScalarVectors};
use crate::plan::{self, Engine, Plan};
use ark_ec::{AffineRepr, CurveGroup};
use rayon::prelude::*;
use std::borrow::Cow;
use std::sync::{Mutex, OnceLock};
use zeroize::Zeroizing;

/// Bases of curve `C` kept for repeated MSMs.
///
/// `new` checks the points at `config.validation` (`Default` = `Full`:
/// on the curve and in the prime-order subgroup — paid once here instead of
/// on every MSM), keeps them on the host for the CPU backends and, when the
/// dispatcher picks the GPU for `len()` points (or `config.backend` forces
/// it), uploads them to the device too. Each call then picks its backend by
/// its total work with the same config: n for one MSM, n·batch for a batch
/// ([`Bases::msm_batch`]). Under [`Backend::Auto`](crate::Backend::Auto),
/// bases too small for the GPU stay on the host at creation, and the first
/// batch whose n·batch reaches the curve's GPU crossover uploads them (once;
/// later calls share the copy) — so a 256-point Verkle basis runs a batch of
/// 65,536 commitments on the GPU. An upload that finds no device leaves the
/// bases on the host for good, as at creation. [`Bases::device_tables`]
/// reports `None` until the upload has happened. `config.input_form` also
/// applies to the scalars of later byte-level calls ([`BasesBytes`]).
pub struct Bases<C: Curve> {
    points: Vec<C::Affine>,
    /// The device copy: unset while no call has needed it, then `Some` (on
    /// the GPU) or `None` (the upload found no device: host for good).
    device: OnceLock<Option<gpu::DeviceBases>>,
    /// Held while a lazy upload runs, so that concurrent first batches
    /// upload once (`OnceLock::get_or_try_init`, which would do this, is
    /// not stable).
    uploading: Mutex<()>,
    config: Config,
    /// Every point is known to lie in the prime-order subgroup: checked at
    /// `config`'s level (`Full`), or while it was decompressed
    /// ([`formats::bases_wire_input`]). The upload may then build tables
    /// that are exact only there ([`gpu::TableRequest::subgroup_checked`]).
    subgroup_checked: bool,
}

impl<C: Curve> Bases<C> {
    /// Validates and keeps (and, for the GPU, uploads) `points`.
    pub fn new(points: &[C::Affine], config: &Config) -> Result<Self, Error> {
        crate::pool::run(|| {
            let plan = plan::plan(C::ID, points.len(), config);
            let subgroup_on_upload = subgroup_on_upload::<C>(&plan, config);
            if subgroup_on_upload {
                encoding::check_points_but_subgroup::<C>(points)?;
            } else {
                encoding::check_points::<C>(points, plan::config_check(config, Validation::Full))?;
            }
            let mut owned = alloc::try_vec(points.len(), "the resident bases")?;
            owned.extend_from_slice(points);
            Self::from_checked(owned, config, plan, subgroup_on_upload, false)
        })
    }

    /// Bases of points checked at the config's level, but for the
    /// prime-order subgroup check where `subgroup_unchecked`
    /// ([`subgroup_on_upload`]): the upload runs it, or, where there is no
    /// device after all, the host. `checked_before`: the points were
    /// checked for the subgroup before they came here (decompressed under
    /// `Full`, then passed on as trusted). `plan` is the bases' plan, made
    /// before the points were checked; its error is reported after theirs.
    fn from_checked(
        points: Vec<C::Affine>,
        config: &Config,
        plan: Result<Plan, Error>,
        subgroup_unchecked: bool,
        checked_before: bool,
    ) -> Result<Self, Error> {
        let plan = plan?;
        let bases = Bases {
            points,
            device: OnceLock::new(),
            uploading: Mutex::new(()),
            config: *config,
            subgroup_checked: checked_before
                || plan::config_check(config, Validation::Full) == PointCheck::Subgroup,
        };
        let check = match subgroup_unchecked {
            true => gpu::DeviceCheck::Subgroup,
            false => gpu::DeviceCheck::None,
        };
        let uploaded = plan.engine == Engine::Gpu && bases.device_copy(&plan, check)?.is_some();
        if subgroup_unchecked && !uploaded {
            encoding::check_points::<C>(&bases.points, PointCheck::Subgroup)?;
        }
        Ok(bases)
    }

    /// The device copy, uploaded now if no call has needed it yet; `None`
    /// when the upload found no device and `plan` may fall back (then for
    /// good, as at creation). Any other upload error is returned and the
    /// next call tries again. `plan` sends the call to the GPU: for a host
    /// plan the fall-back rule would answer `None` and keep it for good.
    /// The upload runs `check` (the points are checked on the host
    /// already, but for the subgroup check that creation may leave it).
    fn device_copy(
        &self,
        plan: &Plan,
        check: gpu::DeviceCheck,
    ) -> Result<Option<&gpu::DeviceBases>, Error> {
        if let Some(d) = self.device.get() {
            return Ok(d.as_ref());
        }
        // A poisoned lock only means another upload panicked; the OnceLock
        // it guards is still consistent, so carry on.
        let _guard = self.uploading.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(d) = self.device.get() {
            return Ok(d.as_ref());
        }
        let mut packed = Vec::new();
        let buffer = gpu::typed_points::<C>(&self.points, &mut packed);
        let input = PointInput {
            montgomery: true,
            check,
        };
        let device = dispatch::gpu_first(plan, || {
            gpu::DeviceBases::new(
                C::ID,
                buffer,
                self.points.len(),
                input,
                plan.devices,
                gpu::TableRequest {
                    precompute: self.config.precompute,
                    window_c: plan::resident_window(C::ID, self.points.len(), plan, &self.config),
                    fixed_base: self.config.fixed_base,
                    subgroup_checked: self.subgroup_checked,
                },
            )
        })?;
        Ok(self.device.get_or_init(|| device).as_ref())
    }

    /// The device copy if there is one now (uploading nothing).
    fn device_now(&self) -> Option<&gpu::DeviceBases> {
        self.device.get().and_then(Option::as_ref)
    }

    /// Number of resident points.
    pub fn len(&self) -> usize {
        self.points.len()
    }

    /// Whether there are no resident points.
    pub fn is_empty(&self) -> bool {
        self.points.is_empty()
    }

    /// Whether the points are also resident on a GPU now (bases uploaded
    /// lazily by a large batch become so at that batch).
    pub fn on_device(&self) -> bool {
        self.device_now().is_some()
    }

    /// The precomputed tables of the GPU copy (`config.precompute`,
    /// `config.fixed_base`), or `None` while the points are kept on the
    /// host only (before a lazy upload, or for good).
    pub fn device_tables(&self) -> Option<DeviceTables> {
        self.device_now().map(gpu::DeviceBases::tables)
    }

    /// `Σ scalars[i]·points[i]` over the first `scalars.len()` points.
    pub fn msm(&self, scalars: &[C::Scalar]) -> Result<C::Affine, Error> {
        dispatch::device_then_host(
            self.device_alone(1) && gpu::typed_in_place::<C>(scalars),
            || self.msm_on_device(scalars),
            |plan| self.host_msm(plan, scalars.len(), scalars),
        )
    }

    fn msm_in_pool(&self, scalars: &[C::Scalar]) -> Result<C::Affine, Error> {
        match self.msm_on_device(scalars)? {
            Ok(sum) => Ok(sum),
            Err(plan) => self.host_msm(&plan, scalars.len(), scalars),
        }
    }

    /// The MSM on the device copy where the call's plan sends it there
    /// (uploading the bases first where no call has yet), else the plan,
    /// for the host.
    fn msm_on_device(&self, scalars: &[C::Scalar]) -> Result<Result<C::Affine, Plan>, Error> {
        let n = scalars.len();
        self.check_n(n)?;
        let plan = plan::plan(C::ID, n, &self.config)?;
        let Some(device) = self.device_for(&plan, n)? else {
            return Ok(Err(plan));
        };
        let wire = encoding::scalars_montgomery::<C>(scalars);
        let sums = self.device_batch(
            device,
            &plan,
            ScalarVectors::Packed(&wire),
            ScalarLayout::ARKWORKS,
            n,
            1,
        )?;
        Ok(Ok(sums.into_points()[0]))
    }

    /// Whether a call of `batch` vectors leaves the host's threads nothing
    /// to do while its GPU part runs: the bases are on the device already
    /// (no upload), unblinded (blinding splits the scalars on the host), and
    /// few enough results to decode on one thread. The GPU part of such a
    /// call runs on the caller's thread instead of gpukit's pool, as a
    /// one-shot call's does ([`dispatch::device_then_host`] says why).
    fn device_alone(&self, batch: usize) -> bool {
        self.device_now().is_some()
            && !self.config.blinded
            && batch < dispatch::PARALLEL_DECODE_MIN_SUMS
    }

    /// One MSM per scalar vector (each against the first `len` points).
    /// Vectors of one length n run as a single batch on the GPU where the
    /// batch's n·batch reaches the GPU crossover (see [`Bases`]: this may
    /// upload bases kept on the host so far); on the host, the vectors run
    /// in parallel on all cores.
    pub fn msm_batch(&self, scalars: &[Vec<C::Scalar>]) -> Result<Vec<C::Affine>, Error> {
        crate::pool::run(|| self.msm_batch_in_pool(scalars))
    }

    fn msm_batch_in_pool(&self, scalars: &[Vec<C::Scalar>]) -> Result<Vec<C::Affine>, Error> {
        let n = scalars.first().map_or(0, Vec::len);
        if scalars.iter().any(|s| s.len() != n) {
            return scalars.iter().map(|s| self.msm_in_pool(s)).collect();
        }
        self.check_n(n)?;
        let plan = plan::plan_batch(C::ID, n, scalars.len(), &self.config)?;
        if let Some(device) = self.device_for(&plan, n)? {
            // Each vector goes to the device from where it lies (arkworks'
            // Montgomery limbs are the wire's Montgomery form): packing
            // 65,536 Verkle vectors into one 512 MiB buffer first took 70 ms.
            let wires: Vec<Cow<'_, [u8]>> = scalars
                .par_iter()
                .map(|s| encoding::scalars_montgomery::<C>(s))
                .collect();
            let each: Vec<&[u8]> = wires.iter().map(|w| w.as_ref()).collect();
            let sums = self.device_batch(
                device,
                &plan,
                ScalarVectors::Each(&each),
                ScalarLayout::ARKWORKS,
                n,
                scalars.len(),
            )?;
            return Ok(sums.into_points());
        }
        self.host_batch(&plan, n, scalars)
    }

    /// One host MSM of n points per vector, the vectors in parallel: a
    /// vector below the serial crossover (or one too small for Pippenger to
    /// spread over the cores) would otherwise keep one core busy and the
    /// rest idle. The results come back in order, and the error reported is
    /// the one of the lowest vector, as a loop would find it.
    fn host_batch<S: AsRef<[C::Scalar]> + Sync>(
        &self,
        plan: &Plan,
        n: usize,
        scalars: &[S],
    ) -> Result<Vec<C::Affine>, Error> {
        let mut out = alloc::try_vec(scalars.len(), "the batch's results")?;
        scalars
            .par_iter()
            .map(|s| self.host_msm(plan, n, s.as_ref()))
            .collect_into_vec(&mut out);
        out.into_iter().collect()
    }

    /// `batch` MSMs over the first `n` points with byte scalars (`batch · n`
    /// scalars of 32 bytes laid out as the bases' config says) on the device
    /// copy where the call's plan sends them there (uploading the bases
    /// first where no call has yet), else the plan, for the host
    /// ([`Bases::batch_wire_on_host`]).
    fn batch_wire_on_device(
        &self,
        scalars: &[u8],
        n: usize,
        batch: usize,
    ) -> Result<Result<Sums<C>, Plan>, Error> {
        let layout = ScalarLayout::of(&self.config);
        self.check_n(n)?;
        if Some(scalars.len())
            != n.checked_mul(batch)
                .and_then(|nb| nb.checked_mul(SCALAR_BYTES))
        {
            return Err(Error::new(
                Status::SizeMismatch,
                format!(
                    "{batch} MSMs of {n} need {} scalar bytes, got {}",
                    n * batch * SCALAR_BYTES,
                    scalars.len()
                ),
            ));
        }
        let plan = plan::plan_batch(C::ID, n, batch, &self.config)?;
        let Some(device) = self.device_for(&plan, n)? else {
            return Ok(Err(plan));
        };
        // The device checks the scalars (< r) and undoes their layout.
        let packed = ScalarVectors::Packed(scalars);
        Ok(Ok(
            self.device_batch(device, &plan, packed, layout, n, batch)?
        ))
    }

    /// [`Bases::batch_wire_on_device`]'s MSMs on the host engine of `plan`, its sizes
    /// checked already. In the pool.
    fn batch_wire_on_host(
        &self,
        plan: &Plan,
        scalars: &[u8],
        n: usize,
        batch: usize,
    ) -> Result<Sums<C>, Error> {
        let layout = ScalarLayout::of(&self.config);
        if n == 0 {
            let zeros = alloc::try_filled(batch, C::Affine::zero(), "the batch's results")?;
            return Ok(Sums::from_host(zeros));
        }
        let engine = plan.host_engine();
        // The vectors run in parallel (`host_batch`): up to one MSM's working
        // memory per pool thread at once.
        let working =
            dispatch::host_bytes::<C>(n, engine, plan.window_c, self.config.blinded, false)
                .saturating_mul(rayon::current_num_threads().min(batch));
        let decoded_bytes = batch
            .saturating_mul(n)
            .saturating_mul(std::mem::size_of::<C::Scalar>());
        alloc::probe(working.saturating_add(decoded_bytes), "the host batch")?;
        let decoded = Zeroizing::new(encoding::decode_scalars_in::<C>(scalars, layout)?);
        let vectors: Vec<&[C::Scalar]> = decoded.chunks_exact(n).collect();
        Ok(Sums::from_host(self.host_batch(plan, n, &vectors)?))
    }

    fn check_n(&self, n: usize) -> Result<(), Error> {
        if n > self.points.len() {
            return Err(Error::new(
                Status::SizeMismatch,
                format!("{n} scalars but only {} resident bases", self.points.len()),
            ));
        }
        Ok(())
    }

    /// The device copy that a call of n points per MSM planned as `plan`
    /// runs on, uploading the bases first where the plan sends it to the
    /// GPU and no call has needed them there yet; `None` for the host.
    fn device_for(&self, plan: &Plan, n: usize) -> Result<Option<&gpu::DeviceBases>, Error> {
        if plan.engine != Engine::Gpu || n == 0 {
            return Ok(None);
        }
        let device = self.device_copy(plan, gpu::DeviceCheck::None)?;
        if device.is_none() && plan.forced {
            return Err(Error::new(
                Status::NoDevice,
                "the GPU backend was requested but these bases are not on a device",
            ));
        }
        Ok(device.filter(|d| d.len() >= n))
    }

    fn host_msm(&self, plan: &Plan, n: usize, scalars: &[C::Scalar]) -> Result<C::Affine, Error> {
        if n == 0 {
            return Ok(C::Affine::zero());
        }
        let engine = plan.host_engine();
        let points = &self.points[..n];
        let q = dispatch::run_host_blinded::<C>(
            engine,
            plan.window_c,
            self.config.blinded,
            points,
            scalars,
        )?;
        dispatch::to_affine::<C>(q, points)
    }

    /// `batch` MSMs of `n` byte scalars (laid out as `layout` says) each on
    /// the device copy, planned as `plan`; blinded calls run the 2·batch
    /// halves as one device batch.
    fn device_batch(
        &self,
        device: &gpu::DeviceBases,
        plan: &Plan,
        scalars: ScalarVectors<'_>,
        layout: ScalarLayout,
        n: usize,
        batch: usize,
    ) -> Result<Sums<C>, Error> {
        // With precomputed copies the device weighs its tables against the
        // plain bases for this n: an open window stays open.
        let window_c = if device.tables().copies > 1 {
            plan.window_c
        } else {
            plan.gpu_window
        };
        if !self.config.blinded {
            return Sums::from_device(device.msm_batch(scalars, layout, n, batch, window_c)?);
        }
        let concatenated;
        let packed: &[u8] = match scalars {
            ScalarVectors::Packed(bytes) => bytes,
            ScalarVectors::Each(each) => {
                concatenated = Zeroizing::new(each.concat());
                &concatenated
            }
        };
        let k = Zeroizing::new(encoding::decode_scalars_in::<C>(packed, layout)?);
        let (a, b) = blind::split(&k)?;
        // Both halves' vectors in one device batch, as arkworks' Montgomery
        // bytes where they lie.
        let (a, b) = (SecretBytes::of::<C>(&a), SecretBytes::of::<C>(&b));
        let each: Vec<&[u8]> = a
            .chunks_exact(n * SCALAR_BYTES)
            .chain(b.chunks_exact(n * SCALAR_BYTES))
            .collect();
        let halves = ScalarVectors::Each(&each);
        let sums = device.msm_batch(halves, ScalarLayout::ARKWORKS, n, 2 * batch, window_c)?;
        let sums = Sums::<C>::from_device(sums)?.into_points();
        let (a, b) = sums.split_at(batch);
        let added = a.iter().zip(b).map(|(a, b)| *a + *b);
        Ok(Sums::from_host(C::Projective::normalize_batch(
            &added.collect::<Vec<_>>(),
        )))
    }
}

impl<C: Curve> std::fmt::Debug for Bases<C> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Bases")
            .field("curve", &C::ID)
            .field("len", &self.len())
            .field("on_device", &self.on_device())
            .field("config", &self.config)
            .finish()
    }
}

/// Resident bases behind one curve-erased handle (what `gpukit_bases_*`
/// holds): wire bytes in, wire bytes out.
pub struct BasesBytes {
    curve: CurveId,
    point_format: PointFormat,
    inner: Box<dyn WireBases>,
}

/// The curve-erased operations of [`Bases`]: the byte-level batch's device
/// part and host part, which [`BasesBytes::msm_batch`] runs
/// ([`dispatch::device_then_host`]).
trait WireBases: Send + Sync {
    fn len(&self) -> usize;
    fn device_tables(&self) -> Option<DeviceTables>;
    fn device_alone(&self, batch: usize) -> bool;
    fn batch_on_device(
        &self,
        scalars: &[u8],
        n: usize,
        batch: usize,
    ) -> Result<Result<Vec<u8>, Plan>, Error>;
    fn batch_on_host(
        &self,
        plan: &Plan,
        scalars: &[u8],
        n: usize,
        batch: usize,
    ) -> Result<Vec<u8>, Error>;
}

impl<C: Curve> WireBases for Bases<C> {
    fn len(&self) -> usize {
        self.points.len()
    }

    fn device_tables(&self) -> Option<DeviceTables> {
        Bases::device_tables(self)
    }

    fn device_alone(&self, batch: usize) -> bool {
        Bases::device_alone(self, batch)
    }

    fn batch_on_device(
        &self,
        scalars: &[u8],
        n: usize,
        batch: usize,
    ) -> Result<Result<Vec<u8>, Plan>, Error> {
        Ok(self
            .batch_wire_on_device(scalars, n, batch)?
            .map(Sums::into_wire))
    }

    fn batch_on_host(
        &self,
        plan: &Plan,
        scalars: &[u8],
        n: usize,
        batch: usize,
    ) -> Result<Vec<u8>, Error> {
        Ok(self
            .batch_wire_on_host(plan, scalars, n, batch)?
            .into_wire())
    }
}

/// Wire bases of curve C; `checked_before` as [`Bases::from_checked`]'s.
fn new_wire_bases<C: Curve>(
    points: &[u8],
    config: &Config,
    checked_before: bool,
) -> Result<Box<dyn WireBases>, Error> {
    let plan = plan::plan(C::ID, points.len() / C::ID.point_bytes(), config);
    let subgroup_on_upload = subgroup_on_upload::<C>(&plan, config);
    let decoded = if subgroup_on_upload {
        encoding::decode_points_but_subgroup::<C>(points, config.input_form)?
    } else {
        let check = plan::config_check(config, Validation::Full);
        encoding::decode_points::<C>(points, config.input_form, check)?
    };
    Ok(Box::new(Bases::<C>::from_checked(
        decoded,
        config,
        plan,
        subgroup_on_upload,
        checked_before,
    )?))
}

/// Whether bases of curve C under `config`, planned as `plan`, leave their
/// prime-order subgroup check to the upload: where the config asks for it
/// and the plan is the GPU, which has the check, on a curve whose cofactor
/// is not 1 (the BLS curves): r·P = O on every SM instead of the host's
/// cores, which took seconds for 2^20 BLS12-381 G1 points (bench/NOTES.md
/// v19d). A config the planner rejects is left to `from_checked`, which
/// reports it after the points' own errors, as before.
fn subgroup_on_upload<C: Curve>(plan: &Result<Plan, Error>, config: &Config) -> bool {
    let check = plan::config_check(config, Validation::Full);
    dispatch::device_check::<C>(check) == Some(gpu::DeviceCheck::Subgroup)
        && plan.as_ref().is_ok_and(|p| p.engine == Engine::Gpu)
}

macro_rules! wire_bases_constructor {
    ($(($marker:ident, $snake:ident, $id:literal, $affine:ty, $proj:ty, $scalar:ty, $display:literal)),* $(,)?) => {
        fn wire_bases(
            curve: CurveId,
            points: &[u8],
            config: &Config,
            checked_before: bool,
        ) -> Result<Box<dyn WireBases>, Error> {
            match curve {
                $(CurveId::$marker => new_wire_bases::<crate::curves::$marker>(points, config, checked_before),)*
            }
        }
    };
}
crate::for_each_curve!(wire_bases_constructor);

impl std::fmt::Debug for BasesBytes {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("BasesBytes")
            .field("curve", &self.curve)
            .field("len", &self.len())
            .field("point_format", &self.point_format)
            .finish()
    }
}

impl BasesBytes {
    /// Decodes `points` (in `config.point_format`, wire bytes in
    /// `config.input_form` by default; a multiple of the format's point
    /// size), validates them (`Default` = `Full`) and makes them resident.
    /// Results come back in the same point format.
    pub fn new(curve: CurveId, points: &[u8], config: &Config) -> Result<BasesBytes, Error> {
        let inner = crate::pool::run(|| {
            let wire = formats::bases_wire_input(curve, points, config)?;
            wire_bases(curve, &wire.points, &wire.config, wire.subgroup_checked)
        })?;
        Ok(BasesBytes {
            curve,
            point_format: config.point_format,
            inner,
        })
    }

    /// The curve.
    pub fn curve(&self) -> CurveId {
        self.curve
    }

    /// Number of resident points.
    pub fn len(&self) -> usize {
        self.inner.len()
    }

    /// Whether there are no resident points.
    pub fn is_empty(&self) -> bool {
        self.inner.len() == 0
    }

    /// The precomputed tables of the GPU copy, or `None` when the points
    /// are kept on the host only.
    pub fn device_tables(&self) -> Option<DeviceTables> {
        self.inner.device_tables()
    }

    /// One MSM over the first `scalars.len() / 32` points; the result point in wire bytes.
    pub fn msm(&self, scalars: &[u8]) -> Result<Vec<u8>, Error> {
        self.msm_batch(scalars, encoding::scalar_count(scalars)?, 1)
    }

    /// `batch` MSMs over the first `n` points: `scalars` holds batch·n
    /// scalars (MSM j's are `scalars[j·n·32 ..]`); returns batch points.
    pub fn msm_batch(&self, scalars: &[u8], n: usize, batch: usize) -> Result<Vec<u8>, Error> {
        let output = |wire| formats::wire_output(self.curve, self.point_format, wire);
        dispatch::device_then_host(
            self.inner.device_alone(batch),
            || match self.inner.batch_on_device(scalars, n, batch)? {
                Ok(wire) => output(wire).map(Ok),
                Err(plan) => Ok(Err(plan)),
            },
            |plan| output(self.inner.batch_on_host(plan, scalars, n, batch)?),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::Backend;
    use crate::curves::Bn254G1;
    use crate::dispatch::tests::plans_and_encodings;

    type Scalar = <Bn254G1 as Curve>::Scalar;

    /// Three MSMs over i·G (i = 1..=8) with scalars i + j in vector j: a
    /// batch call plans once and encodes its three results in one pass,
    /// blinded or not.
    #[test]
    fn a_batch_call_plans_once_and_encodes_its_results_once() {
        let g = <Bn254G1 as Curve>::Affine::generator();
        let points: Vec<_> = (1..=8u64)
            .map(|i| (g * Scalar::from(i)).into_affine())
            .collect();
        let scalars: Vec<Scalar> = (0..3u64)
            .flat_map(|j| (1..=8u64).map(move |i| Scalar::from(i + j)))
            .collect();
        let wire = encoding::encode_scalars::<Bn254G1>(&scalars);
        // Σ i·(i + j) = 204 + 36·j.
        let expected: Vec<_> = (0..3u64)
            .map(|j| (g * Scalar::from(204 + 36 * j)).into_affine())
            .collect();
        for blinded in [false, true] {
            let config = Config {
                backend: Backend::Cpu,
                blinded,
                ..Config::default()
            };
            let bases = Bases::<Bn254G1>::new(&points, &config).unwrap();
            let (out, counts) = plans_and_encodings(|| {
                let Err(plan) = bases.batch_wire_on_device(&wire, 8, 3).unwrap() else {
                    panic!("the CPU backend plans the host");
                };
                bases
                    .batch_wire_on_host(&plan, &wire, 8, 3)
                    .unwrap()
                    .into_wire()
            });
            assert_eq!(counts, (1, 3), "blinded: {blinded}");
            assert_eq!(out, encoding::encode_points::<Bn254G1>(&expected));
        }
    }
}
