//! The C ABI (include/gpukit.h is generated from this file by cbindgen).
//!
//! Every entry returns a `GPUKIT_*` status and never unwinds: each body runs
//! inside `catch_unwind`, a panic becomes `GPUKIT_ERR_INTERNAL`, and the
//! panic hook stays silent for it (see `src/pool.rs`: the host's stderr is
//! the host's). Every
//! pointer is checked for NULL before use (points and scalars may be NULL
//! only when their length is 0), and no buffer is read or written past
//! `n · point_bytes`, `n · 32` or `point_bytes`. Calls are thread-safe.
#![allow(non_camel_case_types)]

use crate::bases::BasesBytes;
use crate::config::{Backend, Config, InputForm, PointFormat, ScalarOrder, Validation};
use crate::curve::{CurveId, SCALAR_BYTES};
use crate::error::{Error, Status};
use std::cell::RefCell;
use std::ffi::{c_char, c_int, c_void, CString};
use std::panic::{catch_unwind, AssertUnwindSafe};

/// The ABI's numeric constants, defined beside the types whose values they
/// are (`Status`, `Backend`, `Validation`, `InputForm`) and re-exported here.
pub mod consts {
    pub use crate::config::values::*;
    pub use crate::error::codes::*;
}

/// Options of gpukit_msm_ex and gpukit_bases_new; gpukit_config_default() gives the defaults.
#[repr(C)]
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct gpukit_config {
    /// GPUKIT_BACKEND_*, default AUTO
    pub backend: u32,
    /// 0 = auto, else 1..=max window of the curve
    pub window_c: u32,
    /// GPUKIT_VALIDATE_*, default DEFAULT
    pub validation: u32,
    /// GPUKIT_FORM_*, default CANONICAL
    pub input_form: u32,
    /// bit mask of GPU ordinals, 0 = all visible
    pub devices: u32,
    /// 0/1: split scalars (see gpukit_pippenger_msm_blinded)
    pub blinded: u32,
    /// gpukit_bases_new on a GPU: shifted copies per base, 0 = auto (sized from free device memory), 1 = none
    pub precompute: u32,
    /// gpukit_bases_new on a GPU: fixed-base tables of w-bit digits, 0 = auto (bases of at most 2^12 points when
    /// precompute and window_c are 0; a call of up to three short vectors then runs on the plain bases), 1 = none, 2..=17 = w
    pub fixed_base: u32,
    /// GPUKIT_POINT_FORMAT_*, default UNCOMPRESSED: input points and result points
    pub point_format: u32,
    /// GPUKIT_SCALAR_*, default LITTLE_ENDIAN (also for the scalars of gpukit_bases_msm*)
    pub scalar_order: u32,
}

impl gpukit_config {
    /// The Rust config for these values; an unknown value is `BadConfig`.
    pub fn to_config(&self) -> Result<Config, Error> {
        Ok(Config {
            backend: Backend::from_u32(self.backend)?,
            window_c: self.window_c,
            validation: Validation::from_u32(self.validation)?,
            input_form: InputForm::from_u32(self.input_form)?,
            devices: self.devices,
            blinded: match self.blinded {
                0 => false,
                1 => true,
                v => {
                    return Err(Error::new(
                        Status::BadConfig,
                        format!("blinded must be 0 or 1, not {v}"),
                    ))
                }
            },
            precompute: self.precompute,
            fixed_base: self.fixed_base,
            point_format: PointFormat::from_u32(self.point_format)?,
            scalar_order: ScalarOrder::from_u32(self.scalar_order)?,
        })
    }
}

/// Resident bases (opaque): created by gpukit_bases_new, freed by gpukit_bases_free.
pub struct gpukit_bases {
    inner: BasesBytes,
}

thread_local! {
    static LAST_ERROR: RefCell<CString> = RefCell::new(CString::default());
}

fn set_last_error(message: &str) {
    let c = CString::new(message.replace('\0', " ")).expect("NULs were replaced");
    LAST_ERROR.with(|e| *e.borrow_mut() = c);
}

/// Runs an entry's body: no panic escapes, the status is returned and the
/// thread's last-error message is set (empty on success).
fn entry(body: impl FnOnce() -> Result<(), Error>) -> c_int {
    crate::pool::install_quiet_hook();
    let caught = crate::pool::quietly(|| catch_unwind(AssertUnwindSafe(body)));
    let result = caught.unwrap_or_else(|panic| {
        let what = panic
            .downcast_ref::<&str>()
            .map(|s| s.to_string())
            .or_else(|| panic.downcast_ref::<String>().cloned())
            .unwrap_or_else(|| "unknown panic".into());
        Err(Error::new(
            Status::Internal,
            format!("internal error (panic): {what}"),
        ))
    });
    match result {
        Ok(()) => {
            set_last_error("");
            Status::Ok.code()
        }
        Err(e) => {
            set_last_error(e.message());
            e.status().code()
        }
    }
}

fn curve(id: u8) -> Result<CurveId, Error> {
    CurveId::from_u8(id)
        .ok_or_else(|| Error::new(Status::UnknownCurve, format!("unknown curve id {id}")))
}

/// `count · size`, where it is a possible buffer length: beyond
/// `isize::MAX` no allocation (and no Rust slice) can be that long.
fn byte_len(count: usize, size: usize, what: &str) -> Result<usize, Error> {
    let len = count
        .checked_mul(size)
        .filter(|&l| l <= isize::MAX as usize);
    len.ok_or_else(|| {
        Error::new(
            Status::SizeMismatch,
            format!("{what}: {count} × {size} bytes overflows the address space"),
        )
    })
}

/// The caller's `len`-byte input buffer; NULL is allowed only when `len` is 0.
///
/// # Safety
/// A non-NULL `ptr` must be valid for reads of `len` bytes for `'a`.
unsafe fn input<'a>(ptr: *const u8, len: usize, what: &str) -> Result<&'a [u8], Error> {
    if len == 0 {
        return Ok(&[]);
    }
    if ptr.is_null() {
        return Err(Error::new(Status::NullPointer, format!("{what} is NULL")));
    }
    // SAFETY: non-NULL, and the caller guarantees len readable bytes.
    Ok(unsafe { std::slice::from_raw_parts(ptr, len) })
}

/// Copies `bytes` to the caller's output buffer.
///
/// # Safety
/// `out` must be valid for writes of `bytes.len()` bytes.
unsafe fn output(out: *mut u8, bytes: &[u8]) {
    // SAFETY: the caller guarantees the space; the buffers cannot overlap
    // because `bytes` is ours.
    unsafe { std::ptr::copy_nonoverlapping(bytes.as_ptr(), out, bytes.len()) }
}

fn not_null<T>(ptr: *const T, what: &str) -> Result<(), Error> {
    if ptr.is_null() {
        return Err(Error::new(Status::NullPointer, format!("{what} is NULL")));
    }
    Ok(())
}

/// The default config: backend AUTO, window 0 (auto), validation DEFAULT, input CANONICAL, all devices, not blinded,
/// precompute 0 (auto), fixed_base 0 (auto), point format UNCOMPRESSED, scalars LITTLE_ENDIAN.
#[no_mangle]
pub extern "C" fn gpukit_config_default() -> gpukit_config {
    gpukit_config {
        backend: Backend::Auto as u32,
        window_c: 0,
        validation: Validation::Default as u32,
        input_form: InputForm::Canonical as u32,
        devices: 0,
        blinded: 0,
        precompute: 0,
        fixed_base: 0,
        point_format: PointFormat::Uncompressed as u32,
        scalar_order: ScalarOrder::LittleEndian as u32,
    }
}

/// static string, never NULL
#[no_mangle]
pub extern "C" fn gpukit_status_str(status: c_int) -> *const c_char {
    match usize::try_from(status)
        .ok()
        .and_then(|i| Status::ALL.get(i))
    {
        Some(s) => s.as_cstr().as_ptr(),
        None => c"unknown status code".as_ptr(),
    }
}

/// thread-local, valid until the next call on this thread
#[no_mangle]
pub extern "C" fn gpukit_last_error() -> *const c_char {
    LAST_ERROR.with(|e| e.borrow().as_ptr())
}

/// 0 for an unknown curve
#[no_mangle]
pub extern "C" fn gpukit_point_bytes(curve_id: u8) -> u32 {
    CurveId::from_u8(curve_id).map_or(0, |c| c.point_bytes() as u32)
}

/// bytes of one point of the curve in a GPUKIT_POINT_FORMAT_* (inputs and results); 0 for an
/// unknown curve or a format the curve does not have
#[no_mangle]
pub extern "C" fn gpukit_format_point_bytes(curve_id: u8, point_format: u32) -> u32 {
    let size = |c: CurveId| PointFormat::from_u32(point_format)?.point_bytes(c);
    CurveId::from_u8(curve_id).map_or(0, |c| size(c).map_or(0, |b| b as u32))
}

/// 0 for an unknown curve
#[no_mangle]
pub extern "C" fn gpukit_max_window(curve_id: u8) -> u32 {
    CurveId::from_u8(curve_id).map_or(0, CurveId::max_window)
}

/// usable CUDA devices; 0 without driver/CUDA build
#[no_mangle]
pub extern "C" fn gpukit_gpu_count() -> u32 {
    catch_unwind(crate::gpu_count).unwrap_or(0)
}

/// Page-locks the bytes host bytes at ptr for every GPU, until gpukit_host_unregister(ptr): GPU calls
/// whose points or scalars lie inside the range then upload them by one DMA copy instead of gathering
/// them into gpukit's staging buffers (faster for large calls; results are the same). Locking costs about
/// 2–5 ms per 64 MiB, so it pays for buffers reused across calls. bytes = 0 is a no-op. A range that
/// overlaps one already registered is GPUKIT_ERR_HOST_REGISTRATION; without a GPU, GPUKIT_ERR_NO_DEVICE
/// (locking is then simply skipped). The range must stay allocated, and registered, while calls read it.
///
/// # Safety
/// ptr points to bytes bytes of host memory that stays allocated until gpukit_host_unregister(ptr).
#[no_mangle]
pub unsafe extern "C" fn gpukit_host_register(ptr: *const c_void, bytes: usize) -> c_int {
    entry(|| {
        if ptr.is_null() && bytes > 0 {
            return Err(Error::new(Status::NullPointer, "ptr is NULL"));
        }
        crate::page_lock::lock_range(ptr.cast(), bytes)
    })
}

/// Unlocks the range that gpukit_host_register locked at ptr; a pointer that starts no such range is
/// GPUKIT_ERR_HOST_REGISTRATION (NULL: GPUKIT_ERR_NULL_POINTER). No call may be reading the range.
///
/// # Safety
/// ptr is NULL or any pointer (only compared with the registered ranges).
#[no_mangle]
pub unsafe extern "C" fn gpukit_host_unregister(ptr: *const c_void) -> c_int {
    entry(|| {
        if ptr.is_null() {
            return Err(Error::new(Status::NullPointer, "ptr is NULL"));
        }
        crate::page_lock::unlock_range(ptr.cast())
    })
}

/// The library's version, "MAJOR.MINOR.PATCH" (static, never NULL). Compare it with the
/// GPUKIT_VERSION_* macros of the header a program was compiled against.
#[no_mangle]
pub extern "C" fn gpukit_version() -> *const c_char {
    const VERSION: &str = concat!(env!("CARGO_PKG_VERSION"), "\0");
    VERSION.as_ptr().cast()
}

/// out = Σ scalars[i]·points[i]. points: n·point_bytes bytes, scalars: n·32 bytes, out: point_bytes bytes
/// (canonical wire format). window_c: 0 = auto, else 1..=gpukit_max_window(curve_id). n = 0 gives the identity.
///
/// # Safety
/// The buffers must hold the sizes above; points and scalars may be NULL only when n is 0.
#[no_mangle]
pub unsafe extern "C" fn gpukit_pippenger_msm(
    curve_id: u8,
    points: *const u8,
    scalars: *const u8,
    out: *mut u8,
    n: u32,
    window_c: u32,
) -> c_int {
    let config = gpukit_config {
        window_c,
        ..gpukit_config_default()
    };
    // SAFETY: forwarded caller guarantees; config outlives the call.
    unsafe { gpukit_msm_ex(curve_id, points, scalars, out, n, &config) }
}

/// gpukit_pippenger_msm for secret scalars: each scalar is split as k = a + b with a uniform from the
/// OS CSPRNG and the result is MSM(a) + MSM(b), so that neither run's timing or memory pattern depends
/// on k. About twice the cost.
///
/// # Safety
/// As for gpukit_pippenger_msm.
#[no_mangle]
pub unsafe extern "C" fn gpukit_pippenger_msm_blinded(
    curve_id: u8,
    points: *const u8,
    scalars: *const u8,
    out: *mut u8,
    n: u32,
    window_c: u32,
) -> c_int {
    let config = gpukit_config {
        window_c,
        blinded: 1,
        ..gpukit_config_default()
    };
    // SAFETY: forwarded caller guarantees; config outlives the call.
    unsafe { gpukit_msm_ex(curve_id, points, scalars, out, n, &config) }
}

/// gpukit_pippenger_msm with every option of gpukit_config (NULL = defaults).
///
/// # Safety
/// As for gpukit_pippenger_msm; config is NULL or points to a gpukit_config.
#[no_mangle]
pub unsafe extern "C" fn gpukit_msm_ex(
    curve_id: u8,
    points: *const u8,
    scalars: *const u8,
    out: *mut u8,
    n: u32,
    config: *const gpukit_config,
) -> c_int {
    // SAFETY: config is NULL or valid (caller guarantee).
    let config = unsafe { config_or_default(config) };
    entry(|| {
        let curve = curve(curve_id)?;
        not_null(out, "out")?;
        let config = config?;
        let n = n as usize;
        let point_bytes = config.point_format.point_bytes(curve)?;
        // SAFETY: the caller guarantees n points, n scalars and one output point.
        let points = unsafe { input(points, byte_len(n, point_bytes, "points")?, "points") }?;
        let scalars = unsafe { input(scalars, byte_len(n, SCALAR_BYTES, "scalars")?, "scalars") }?;
        let result = crate::msm_bytes(curve, points, scalars, &config)?;
        unsafe { output(out, &result) };
        Ok(())
    })
}

/// Batch MSMs of n points each, bases not resident: out[j] = Σ_i scalars[j·n + i]·P_j[i], where P_j is the one
/// shared set of n points when point_sets == 1, or the j-th of batch consecutive sets of n points when
/// point_sets == batch (another point_sets is GPUKIT_ERR_SIZE_MISMATCH). points: point_sets·n points of
/// gpukit_format_point_bytes(curve_id, config->point_format) bytes; scalars: batch·n·32 bytes; out: batch result
/// points in the same format. Every config field applies as in gpukit_msm_ex (validation DEFAULT = ON_CURVE);
/// precompute and fixed_base are ignored (no tables are built for one call). n = 0 gives batch identities,
/// batch = 0 writes nothing. Sizes whose byte count overflows are GPUKIT_ERR_SIZE_MISMATCH. A bad scalar is named
/// by its index in scalars (j·n + i), a bad point by its set and index ("MSM 3: point 5 ...", "the shared point
/// set: point 5 ..."). Each result equals gpukit_msm_ex on its vector.
/// Backend AUTO weighs the batch's total work n·batch against the GPU crossover. Shared points run as one batch (on
/// a GPU, one pipeline for all vectors); per-MSM point sets run in parallel on the CPU cores, or one MSM after
/// another on the GPU (no single-launch pipeline for per-MSM point sets yet).
///
/// # Safety
/// The buffers hold the sizes above; points and scalars may be NULL only when their size is 0, out only when
/// batch is 0; config is NULL or points to a gpukit_config.
#[no_mangle]
// The C signature of the issue (13): each argument is one buffer or count.
#[allow(clippy::too_many_arguments)]
pub unsafe extern "C" fn gpukit_msm_batch(
    curve_id: u8,
    points: *const u8,
    point_sets: u32,
    scalars: *const u8,
    n: u32,
    batch: u32,
    config: *const gpukit_config,
    out: *mut u8,
) -> c_int {
    entry(|| {
        let curve = curve(curve_id)?;
        // SAFETY: config is NULL or valid (caller guarantee).
        let config = unsafe { config_or_default(config) }?;
        let (point_sets, n, batch) = (point_sets as usize, n as usize, batch as usize);
        let point_bytes = config.point_format.point_bytes(curve)?;
        // Before any length is computed from point_sets: a count that is
        // neither mode must not make the library read a buffer of its size.
        crate::batch::check_point_sets(point_sets, batch)?;
        let points_len = byte_len(byte_len(point_sets, n, "points")?, point_bytes, "points")?;
        let scalars_len = byte_len(byte_len(batch, n, "scalars")?, SCALAR_BYTES, "scalars")?;
        if batch > 0 {
            not_null(out, "out")?;
        }
        // SAFETY: the caller guarantees these sizes.
        let points = unsafe { input(points, points_len, "points") }?;
        let scalars = unsafe { input(scalars, scalars_len, "scalars") }?;
        let result = crate::msm_batch_bytes(curve, points, point_sets, scalars, n, batch, &config)?;
        if batch > 0 {
            // SAFETY: out holds batch result points, which is what result is.
            unsafe { output(out, &result) };
        }
        Ok(())
    })
}

/// # Safety
/// `config` is NULL or points to a gpukit_config.
unsafe fn config_or_default(config: *const gpukit_config) -> Result<Config, Error> {
    // SAFETY: NULL or valid (caller guarantee).
    match unsafe { config.as_ref() } {
        None => Ok(Config::default()),
        Some(c) => c.to_config(),
    }
}

macro_rules! per_curve_entries {
    ($(($marker:ident, $snake:ident, $id:literal, $affine:ty, $proj:ty, $scalar:ty, $display:literal)),* $(,)?) => {
        paste::paste! {
            $(
                #[doc = concat!("gpukit_pippenger_msm for ", $display, ".")]
                ///
                /// # Safety
                /// As for gpukit_pippenger_msm.
                #[no_mangle]
                pub unsafe extern "C" fn [<gpukit_ $snake _msm>](
                    points: *const u8,
                    scalars: *const u8,
                    out: *mut u8,
                    n: u32,
                    window_c: u32,
                ) -> c_int {
                    // SAFETY: forwarded caller guarantees.
                    unsafe { gpukit_pippenger_msm($id, points, scalars, out, n, window_c) }
                }
            )*
        }
    };
}
crate::for_each_curve!(per_curve_entries);

/// Resident bases: validated (default FULL) and uploaded once — now, or under backend AUTO at the first batch whose
/// n·batch reaches the GPU crossover (see gpukit_bases_device_info). points: n·point_bytes bytes in
/// config->input_form (which also applies to the scalars of later gpukit_bases_msm calls).
/// On success *out_bases owns the bases (free with gpukit_bases_free); on failure it is set to NULL.
///
/// # Safety
/// points holds n points (NULL only when n is 0); config is NULL or valid; out_bases is writable.
#[no_mangle]
pub unsafe extern "C" fn gpukit_bases_new(
    curve_id: u8,
    points: *const u8,
    n: u32,
    config: *const gpukit_config,
    out_bases: *mut *mut gpukit_bases,
) -> c_int {
    entry(|| {
        not_null(out_bases, "out_bases")?;
        // SAFETY: checked non-NULL; writable by caller guarantee.
        unsafe { *out_bases = std::ptr::null_mut() };
        let curve = curve(curve_id)?;
        // SAFETY: forwarded caller guarantees.
        let config = unsafe { config_or_default(config) }?;
        let point_bytes = config.point_format.point_bytes(curve)?;
        let len = byte_len(n as usize, point_bytes, "points")?;
        let points = unsafe { input(points, len, "points") }?;
        let inner = BasesBytes::new(curve, points, &config)?;
        unsafe { *out_bases = Box::into_raw(Box::new(gpukit_bases { inner })) };
        Ok(())
    })
}

/// out = Σ scalars[i]·bases[i] over the first n bases (n <= the bases' length, else GPUKIT_ERR_SIZE_MISMATCH).
///
/// # Safety
/// bases comes from gpukit_bases_new; scalars holds n·32 bytes (NULL only when n is 0); out holds point_bytes.
#[no_mangle]
pub unsafe extern "C" fn gpukit_bases_msm(
    bases: *const gpukit_bases,
    scalars: *const u8,
    n: u32,
    out: *mut u8,
) -> c_int {
    // SAFETY: forwarded caller guarantees.
    unsafe { gpukit_bases_msm_batch(bases, scalars, n, 1, out) }
}

/// batch MSMs against the first n bases: scalars is batch*n*32 bytes, out is batch*point_bytes
///
/// # Safety
/// bases comes from gpukit_bases_new; the buffers hold the sizes above (scalars NULL only when batch·n is 0).
#[no_mangle]
pub unsafe extern "C" fn gpukit_bases_msm_batch(
    bases: *const gpukit_bases,
    scalars: *const u8,
    n: u32,
    batch: u32,
    out: *mut u8,
) -> c_int {
    entry(|| {
        // SAFETY: NULL or a live handle from gpukit_bases_new (caller guarantee).
        let bases = unsafe { bases.as_ref() }
            .ok_or_else(|| Error::new(Status::NullPointer, "bases is NULL"))?;
        not_null(out, "out")?;
        let (n, batch) = (n as usize, batch as usize);
        if n > bases.inner.len() {
            return Err(Error::new(
                Status::SizeMismatch,
                format!("{n} scalars but only {} resident bases", bases.inner.len()),
            ));
        }
        let len = byte_len(byte_len(n, batch, "scalars")?, SCALAR_BYTES, "scalars")?;
        let scalars = unsafe { input(scalars, len, "scalars") }?;
        let result = bases.inner.msm_batch(scalars, n, batch)?;
        unsafe { output(out, &result) };
        Ok(())
    })
}

/// What the bases hold on the GPU: *copies precomputed shifted copies per base (1 = none; copy k of P
/// is 2^(k·window)·P), built for window *window (0 when copies is 1), each with *multiples multiples
/// (fixed-base tables: 2^(window-1), copy k holding e·2^(k·window)·P for e = 1..multiples; else 1), in
/// *device_bytes bytes of device memory on all devices together. Bases kept on the host only give
/// copies 0, window 0, multiples 0, device_bytes 0: under backend AUTO, bases below the GPU crossover stay on the
/// host until the first gpukit_bases_msm_batch whose n·batch reaches it uploads them (once), and report their
/// device copy from then on.
/// Any output pointer may be NULL.
///
/// # Safety
/// bases comes from gpukit_bases_new; each output is NULL or writable.
#[no_mangle]
pub unsafe extern "C" fn gpukit_bases_device_info(
    bases: *const gpukit_bases,
    copies: *mut u32,
    window: *mut u32,
    multiples: *mut u32,
    device_bytes: *mut u64,
) -> c_int {
    entry(|| {
        // SAFETY: NULL or a live handle from gpukit_bases_new (caller guarantee).
        let bases = unsafe { bases.as_ref() }
            .ok_or_else(|| Error::new(Status::NullPointer, "bases is NULL"))?;
        let tables = bases.inner.device_tables();
        let (c, w, m, b) = tables.map_or((0, 0, 0, 0), |t| {
            (t.copies, t.window, t.multiples, t.device_bytes)
        });
        // SAFETY: each is NULL or writable (caller guarantee).
        unsafe {
            if let Some(p) = copies.as_mut() {
                *p = c;
            }
            if let Some(p) = window.as_mut() {
                *p = w;
            }
            if let Some(p) = multiples.as_mut() {
                *p = m;
            }
            if let Some(p) = device_bytes.as_mut() {
                *p = b;
            }
        }
        Ok(())
    })
}

/// NULL is a no-op
///
/// # Safety
/// bases is NULL or comes from gpukit_bases_new and is not used afterwards.
#[no_mangle]
pub unsafe extern "C" fn gpukit_bases_free(bases: *mut gpukit_bases) {
    if bases.is_null() {
        return;
    }
    // SAFETY: from Box::into_raw in gpukit_bases_new, freed once (caller guarantee).
    let owned = unsafe { Box::from_raw(bases) };
    // Dropping frees device memory through the CUDA side; a panic there must not unwind into C.
    let _ = catch_unwind(AssertUnwindSafe(move || drop(owned)));
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::ffi::CStr;

    fn last() -> String {
        // SAFETY: gpukit_last_error returns a valid NUL-terminated string.
        unsafe { CStr::from_ptr(gpukit_last_error()) }
            .to_string_lossy()
            .into_owned()
    }

    #[test]
    fn a_panic_becomes_internal() {
        let status = entry(|| panic!("boom {}", 7));
        assert_eq!(status, GPUKIT_ERR_INTERNAL_CODE);
        assert!(last().contains("boom 7"), "{}", last());
        assert_eq!(entry(|| Ok(())), 0);
        assert_eq!(last(), "");
    }

    const GPUKIT_ERR_INTERNAL_CODE: c_int = consts::GPUKIT_ERR_INTERNAL;

    /// The C defaults are the Rust ones: gpukit_pippenger_msm and its
    /// blinded twin are gpukit_msm_ex over them.
    #[test]
    fn the_c_default_config_is_the_rust_default() {
        assert_eq!(
            gpukit_config_default().to_config().unwrap(),
            Config::default()
        );
    }

    #[test]
    fn sizes_that_overflow_are_size_errors() {
        let e = byte_len(usize::MAX / 16, 32, "scalars").unwrap_err();
        assert_eq!(e.status(), Status::SizeMismatch, "{e}");
    }

    /// Run by `caught_panics_are_silent` in a child process: a panic caught
    /// by an entry (on the calling thread and on a pool worker) prints
    /// nothing; a panic of the host's own afterwards still reaches the
    /// host's hook.
    #[test]
    #[ignore = "run in a child process by caught_panics_are_silent"]
    fn panic_child() {
        assert_eq!(
            entry(|| panic!("gpukit-boom-caller")),
            GPUKIT_ERR_INTERNAL_CODE
        );
        let status = entry(|| {
            crate::pool::run(|| {
                use rayon::prelude::*;
                (0..64)
                    .into_par_iter()
                    .for_each(|i| assert!(i != 40, "gpukit-boom-worker"));
                Ok(())
            })
        });
        assert_eq!(status, GPUKIT_ERR_INTERNAL_CODE);
        assert!(last().contains("gpukit-boom-worker"), "{}", last());
        let _ = std::panic::catch_unwind(|| panic!("host-panic-still-printed"));
    }

    #[test]
    fn caught_panics_are_silent() {
        let out = std::process::Command::new(std::env::current_exe().unwrap())
            .args([
                "--exact",
                "ffi::tests::panic_child",
                "--ignored",
                "--nocapture",
                "--test-threads=1",
            ])
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(
            out.status.success(),
            "{}\n{stderr}",
            String::from_utf8_lossy(&out.stdout)
        );
        assert!(
            !stderr.contains("gpukit-boom"),
            "a caught panic reached stderr:\n{stderr}"
        );
        assert!(
            stderr.contains("host-panic-still-printed"),
            "the host's hook was lost:\n{stderr}"
        );
    }
}
