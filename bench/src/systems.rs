//! The systems one case times — gpukit's backends and the peers — and how
//! each is set up outside its timed region and called inside it.

use std::fmt;

use gpukit::{Backend, Bases, Config, PointFormat, Validation};

use crate::curves::BenchCurve;
use crate::peers;

/// One timed implementation. The name (`Display`) is what tables, CSV and
/// plots show.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum System {
    /// gpukit with `Backend::Auto` (the dispatcher's choice).
    GpukitAuto,
    GpukitSerial,
    GpukitCpu,
    GpukitGpu,
    /// gpukit on the GPU through the wire format, as the C ABI and Go call
    /// it (`msm_bytes`): points and scalars encoded before the timing.
    GpukitGpuWire,
    /// The wire call with the points compressed (before the timing) in the
    /// curve's format that the device decompresses (crate::compressed), as
    /// a client holding compressed keys or setups calls it.
    GpukitGpuWireCompressed,
    /// gpukit's `Bases` on the GPU: bases uploaded before the timing.
    GpukitGpuResident,
    Arkworks,
    Blst,
    Sppark,
    /// sppark's `msm_t` holding the bases: uploaded before the timing.
    SpparkResident,
}

impl System {
    pub const ALL: [System; 11] = [
        System::GpukitAuto,
        System::GpukitSerial,
        System::GpukitCpu,
        System::GpukitGpu,
        System::GpukitGpuWire,
        System::GpukitGpuWireCompressed,
        System::GpukitGpuResident,
        System::Arkworks,
        System::Blst,
        System::Sppark,
        System::SpparkResident,
    ];

    pub fn name(self) -> &'static str {
        match self {
            System::GpukitAuto => "gpukit",
            System::GpukitSerial => "gpukit-serial",
            System::GpukitCpu => "gpukit-cpu",
            System::GpukitGpu => "gpukit-gpu",
            System::GpukitGpuWire => "gpukit-gpu-wire",
            System::GpukitGpuWireCompressed => "gpukit-gpu-wire-compressed",
            System::GpukitGpuResident => "gpukit-gpu-resident",
            System::Arkworks => "arkworks",
            System::Blst => "blst",
            System::Sppark => "sppark",
            System::SpparkResident => "sppark-resident",
        }
    }

    pub fn by_name(name: &str) -> Option<System> {
        System::ALL.into_iter().find(|s| s.name() == name)
    }

    pub fn is_gpukit(self) -> bool {
        matches!(
            self,
            System::GpukitAuto
                | System::GpukitSerial
                | System::GpukitCpu
                | System::GpukitGpu
                | System::GpukitGpuWire
                | System::GpukitGpuWireCompressed
                | System::GpukitGpuResident
        )
    }

    /// Whether the device this system needs is there: gpukit counts its own
    /// devices (a gpukit built without CUDA has none), sppark those of the
    /// bench's CUDA runtime.
    pub fn device_available(self) -> bool {
        match self {
            System::GpukitGpu
            | System::GpukitGpuWire
            | System::GpukitGpuWireCompressed
            | System::GpukitGpuResident => gpukit::gpu_count() > 0,
            System::Sppark | System::SpparkResident => crate::peers::sppark::device_count() > 0,
            _ => true,
        }
    }

    /// Bases are uploaded outside the timed region.
    pub fn resident(self) -> bool {
        matches!(self, System::GpukitGpuResident | System::SpparkResident)
    }
}

impl fmt::Display for System {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// How gpukit is configured for every gpukit system of a run.
#[derive(Debug, Clone, Copy)]
pub struct GpukitOptions {
    /// Explicit window, 0 = gpukit's choice.
    pub window_c: u32,
    /// gpukit's point checks. The peers check nothing, so the bench's default
    /// is `Trusted`; `--validate` restores gpukit's own default.
    pub validation: Validation,
    /// Shifted copies per resident base (0 = auto, 1 = none).
    pub precompute: u32,
    /// Fixed-base digit width of resident bases (0 = auto, 1 = none).
    pub fixed_base: u32,
    /// Page-lock the GPU systems' inputs before their timed calls.
    pub page_locked: bool,
}

impl GpukitOptions {
    pub fn config(&self, backend: Backend) -> Config {
        Config {
            backend,
            window_c: self.window_c,
            validation: self.validation,
            precompute: self.precompute,
            fixed_base: self.fixed_base,
            ..Config::default()
        }
    }
}

/// The driver clears device memory that is freed before it maps it again,
/// and host-to-device copies wait behind the clearing, about 1 ms each: on
/// an H200, for ~218 ms after 72 GiB were freed, 106 ms after 36 and 23 ms
/// after 8 (bench/NOTES.md v37c). A timed row right after a basis's tables
/// were dropped would measure that.
const SETTLE_PER_GIB: std::time::Duration = std::time::Duration::from_millis(4);

/// GPU-resident bases that, when dropped, free their tables and then wait
/// until the driver has cleared them (SETTLE_PER_GIB), so that the next row
/// is timed on a settled device.
pub struct ResidentBases<C: BenchCurve>(Option<Bases<C>>);

impl<C: BenchCurve> std::ops::Deref for ResidentBases<C> {
    type Target = Bases<C>;
    fn deref(&self) -> &Bases<C> {
        self.0.as_ref().expect("bases until dropped")
    }
}

impl<C: BenchCurve> Drop for ResidentBases<C> {
    fn drop(&mut self) {
        if let Some(bases) = self.0.take() {
            let bytes = bases.device_tables().map_or(0, |t| t.device_bytes);
            drop(bases);
            std::thread::sleep(SETTLE_PER_GIB * u32::try_from(bytes >> 30).unwrap_or(u32::MAX));
        }
    }
}

/// GPU-resident bases, with the time their creation took (upload, checks and
/// precomputed copies) printed to stderr: it is paid once per basis.
pub fn resident_bases<C: BenchCurve>(
    points: &[C::Affine],
    opts: &GpukitOptions,
) -> Result<ResidentBases<C>, String> {
    let started = std::time::Instant::now();
    let bases = Bases::<C>::new(points, &opts.config(Backend::Gpu)).map_err(|e| e.to_string())?;
    let tables = bases.device_tables();
    eprintln!(
        "{} bases_new of {} points: {:.1} ms; device tables {:?}",
        C::ID.name(),
        points.len(),
        started.elapsed().as_secs_f64() * 1e3,
        tables
    );
    Ok(ResidentBases(Some(bases)))
}

/// Host memory page-locked through the C ABI (gpukit_host_register) while
/// this lives, for `--page-locked`: the C face, since the bench's inputs are
/// shared borrows and owned buffers moved into the timed calls.
pub struct HostLock(Option<usize>);

impl HostLock {
    /// Locks `data` where `locked`, and says how long that took on stderr.
    pub fn new<T>(data: &[T], locked: bool) -> Result<Self, String> {
        if !locked || data.is_empty() {
            return Ok(HostLock(None));
        }
        let started = std::time::Instant::now();
        let bytes = std::mem::size_of_val(data);
        // SAFETY: `data` is `bytes` bytes of host memory that outlives the
        // lock (each caller drops the lock first).
        let status = unsafe { gpukit::ffi::gpukit_host_register(data.as_ptr().cast(), bytes) };
        if status != 0 {
            return Err(format!(
                "gpukit_host_register of {bytes} bytes: status {status}"
            ));
        }
        eprintln!(
            "page-locked {} MiB in {:.1} ms",
            bytes >> 20,
            started.elapsed().as_secs_f64() * 1e3
        );
        Ok(HostLock(Some(data.as_ptr() as usize)))
    }
}

impl Drop for HostLock {
    fn drop(&mut self) {
        if let Some(start) = self.0 {
            // SAFETY: `start` was registered by `new` and nothing reads it now.
            unsafe { gpukit::ffi::gpukit_host_unregister(start as *const std::ffi::c_void) };
        }
    }
}

/// Locks for both inputs of a call (`HostLock::new` on each).
fn lock_pair<A, B>(a: &[A], b: &[B], locked: bool) -> Result<[HostLock; 2], String> {
    Ok([HostLock::new(a, locked)?, HostLock::new(b, locked)?])
}

/// Owned inputs and their locks; the locks go first when dropped. The
/// timed call reads the inputs through `data()`, so that its closure
/// captures the whole struct, locks included (a closure that named the
/// field alone would capture just that field and drop the locks at once).
struct LockedInputs<T> {
    _locks: [HostLock; 2],
    data: T,
}

impl<T> LockedInputs<T> {
    fn data(&self) -> &T {
        &self.data
    }
}

/// The timed call of one system on one case's inputs.
pub type Timed<'a, A> = Box<dyn FnMut() -> Result<A, String> + 'a>;

/// Sets `system` up on these inputs (resident uploads happen here, untimed)
/// and returns its timed call; `None` when the system lacks this curve.
pub fn prepare<'a, C: BenchCurve>(
    system: System,
    points: &'a [C::Affine],
    scalars: &'a [C::Scalar],
    opts: &GpukitOptions,
) -> Option<Result<Timed<'a, C::Affine>, String>> {
    let gpukit_call = |backend: Backend| -> Timed<'a, C::Affine> {
        let config = opts.config(backend);
        Box::new(move || gpukit::msm_with::<C>(points, scalars, &config).map_err(|e| e.to_string()))
    };
    let timed: Timed<'a, C::Affine> = match system {
        System::GpukitAuto => gpukit_call(Backend::Auto),
        System::GpukitSerial => gpukit_call(Backend::Serial),
        System::GpukitCpu => gpukit_call(Backend::Cpu),
        System::GpukitGpu => {
            let locks = match lock_pair(points, scalars, opts.page_locked) {
                Ok(l) => l,
                Err(e) => return Some(Err(e)),
            };
            let mut call = gpukit_call(Backend::Gpu);
            Box::new(move || {
                let _locked = &locks;
                call()
            })
        }
        System::GpukitGpuWire => {
            let config = opts.config(Backend::Gpu);
            let wire_points = gpukit::encoding::encode_points::<C>(points);
            let wire_scalars = gpukit::encoding::encode_scalars::<C>(scalars);
            let locks = match lock_pair(&wire_points, &wire_scalars, opts.page_locked) {
                Ok(l) => l,
                Err(e) => return Some(Err(e)),
            };
            let inputs = LockedInputs {
                _locks: locks,
                data: (wire_points, wire_scalars),
            };
            Box::new(move || {
                let (wire_points, wire_scalars) = inputs.data();
                let out = gpukit::msm_bytes(C::ID, wire_points, wire_scalars, &config)
                    .map_err(|e| e.to_string())?;
                gpukit::encoding::decode_point::<C>(&out).map_err(|e| e.to_string())
            })
        }
        System::GpukitGpuWireCompressed => {
            let compressor = crate::compressed::of::<C>()?;
            let config = Config {
                point_format: PointFormat::Compressed,
                ..opts.config(Backend::Gpu)
            };
            let compressed = compressor.encode_all(points);
            let wire_scalars = gpukit::encoding::encode_scalars::<C>(scalars);
            Box::new(move || {
                let out = gpukit::msm_bytes(C::ID, &compressed, &wire_scalars, &config)
                    .map_err(|e| e.to_string())?;
                compressor.decode(&out)
            })
        }
        System::GpukitGpuResident => {
            let bases = match resident_bases::<C>(points, opts) {
                Ok(b) => b,
                Err(e) => return Some(Err(e)),
            };
            let locked = match HostLock::new(scalars, opts.page_locked) {
                Ok(l) => l,
                Err(e) => return Some(Err(e)),
            };
            Box::new(move || {
                let _locked = &locked;
                bases.msm(scalars).map_err(|e| e.to_string())
            })
        }
        System::Arkworks => {
            Box::new(move || peers::arkworks::msm::<C::Projective>(points, scalars))
        }
        System::Blst => {
            let blst = C::blst()?;
            Box::new(move || Ok(blst(points, scalars)))
        }
        System::Sppark => {
            let sp = C::sppark()?;
            Box::new(move || (sp.msm)(sp.entry, points, scalars))
        }
        System::SpparkResident => {
            let sp = C::sppark()?;
            let bases = match (sp.bases)(sp.entry, points) {
                Ok(b) => b,
                Err(e) => return Some(Err(e)),
            };
            Box::new(move || bases.msm(scalars))
        }
    };
    Some(Ok(timed))
}
