//! The GPU backend: a thin, safe layer over the extern "C" entry points of
//! `cuda/gpukit.cu`. Built without nvcc (no `gpukit_cuda` cfg), every entry
//! answers "no device" so that the dispatcher falls back to the CPU.

use crate::codec::{RecordLayout, WireField, WirePoint};
use crate::config::{InputForm, ScalarLayout};
use crate::curve::{Curve, CurveId};
use crate::encoding;
use crate::error::{Error, Status};
use std::marker::PhantomData;

/// The precomputed tables of GPU-resident bases.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DeviceTables {
    /// Shifted copies kept per base (1 = the bases alone): copy k of P is
    /// 2^(k·window)·P.
    pub copies: u32,
    /// The window the copies were built for (0 when `copies` is 1); the
    /// digit width of fixed-base tables.
    pub window: u32,
    /// Multiples per copy: 2^(window-1) for fixed-base tables (copy k holds
    /// e·2^(k·window)·P for e = 1..multiples, and there is a copy per
    /// window), 1 for shifted copies alone.
    pub multiples: u32,
    /// Device memory the bases and their copies hold, on all devices together.
    pub device_bytes: u64,
}

/// The tables GPU-resident bases are asked to build (see [`crate::Config`]):
/// fixed-base tables of `fixed_base`-bit digits, or `precompute` shifted
/// copies for window `window_c`, each 0 for the device's choice.
/// `subgroup_checked`: every point is known to lie in the prime-order
/// subgroup (checked before the upload, on the host or while it was
/// decompressed), so the tables may take a form exact only there
/// (BLS12-377 G1's twisted Edwards model, cuda/ec/edwards_model.cuh) as
/// they may after the upload's own subgroup check.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TableRequest {
    pub precompute: u32,
    pub window_c: u32,
    pub fixed_base: u32,
    pub subgroup_checked: bool,
}

/// Where the scalar vectors of a batch lie: packed in one buffer (vector j
/// at j·n·32 bytes), or one slice of n·32 bytes per vector where the caller
/// holds them (the typed batch: no packed copy is made on the host).
#[derive(Debug, Clone, Copy)]
pub enum ScalarVectors<'a> {
    Packed(&'a [u8]),
    Each(&'a [&'a [u8]]),
}

/// The encoded forms the device decodes itself
/// (cuda/driver/compressed.cuh `point_format`, whose values these are):
/// the bytes go up as they came and each point costs the device a square
/// root (and for Banderwagon an inversion; its 64-byte form no root, only
/// its checks) instead of the host.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[repr(u32)]
pub enum DeviceFormat {
    /// ZCash's BLS12-381 forms: G1's 48 bytes, G2's 96.
    Zcash = 1,
    /// SEC1's 33-byte compressed form.
    Sec1 = 2,
    /// BIP340's 32-byte x-only form.
    XOnly = 3,
    /// arkworks' compressed form (BN254 G1's 32 bytes, BLS12-377 G1's 48).
    Arkworks = 4,
    /// Banderwagon's 32-byte serialization, with its subgroup check.
    Banderwagon = 5,
    /// go-ipa's 64-byte Banderwagon form (x ‖ y, either representative):
    /// no root to take; the curve's equation and the subgroup check.
    BanderwagonUncompressed = 6,
}

impl DeviceFormat {
    /// Whether the device's decoder runs the format's subgroup check
    /// itself (where the call checks points): Banderwagon's is a Legendre
    /// symbol of x, part of decoding either of its forms. The others'
    /// decompression finds the point on the curve only; their subgroup
    /// check is [`DeviceCheck::Subgroup`]'s (or the cofactor's, where it
    /// is 1).
    pub fn checks_subgroup(self) -> bool {
        matches!(
            self,
            DeviceFormat::Banderwagon | DeviceFormat::BanderwagonUncompressed
        )
    }
}

/// The points of a device call, which the device reads where they lie:
/// records of `stride` bytes, x at 0 and y right after it, either
/// wire-format points or arkworks' affine structs ([`RecordLayout`]: the
/// typed API hands its points over without a host pass or copy); or
/// packed records of a compressed format the device decompresses.
#[derive(Debug, Clone, Copy)]
#[cfg_attr(not(gpukit_cuda), allow(dead_code))] // only the CUDA entry points read it
pub struct PointBuffer<'a> {
    ptr: *const u8,
    stride: usize,
    flag: Option<usize>,
    /// The compressed format, and its name and group for error messages
    /// (the host codec's, so that both report a point alike).
    compressed: Option<(DeviceFormat, &'static str, &'static str)>,
    _points: PhantomData<&'a [u8]>,
}

impl<'a> PointBuffer<'a> {
    /// Wire-format points of `point_bytes` each.
    pub fn wire(bytes: &'a [u8], point_bytes: usize) -> Self {
        Self {
            ptr: bytes.as_ptr(),
            stride: point_bytes,
            flag: None,
            compressed: None,
            _points: PhantomData,
        }
    }

    /// Packed records of `record_bytes` each in `format`, which the device
    /// decompresses; `name` names the format and `group` its group in its
    /// errors.
    pub fn compressed(
        bytes: &'a [u8],
        record_bytes: usize,
        format: DeviceFormat,
        name: &'static str,
        group: &'static str,
    ) -> Self {
        Self {
            ptr: bytes.as_ptr(),
            stride: record_bytes,
            flag: None,
            compressed: Some((format, name, group)),
            _points: PhantomData,
        }
    }

    /// Points of a type whose memory `layout` describes (from
    /// [`crate::codec::WirePoint::montgomery_records`]). Only the device
    /// reads their bytes, padding included, as a byte copy.
    pub fn records<T>(points: &'a [T], layout: RecordLayout) -> Self {
        assert_eq!(
            layout.stride,
            std::mem::size_of::<T>(),
            "a record layout of another type"
        );
        Self {
            ptr: points.as_ptr().cast(),
            stride: layout.stride,
            flag: layout.flag,
            compressed: None,
            _points: PhantomData,
        }
    }

    /// The entry points' (stride, flag offset) pair; u32::MAX for no flag.
    #[cfg(gpukit_cuda)]
    fn shape(&self) -> (u32, u32) {
        (self.stride as u32, self.flag.map_or(u32::MAX, |f| f as u32))
    }

    /// The entry point's `point_format` (0: records) and the format's name
    /// and group as C strings.
    #[cfg(gpukit_cuda)]
    fn format(&self) -> (u32, std::ffi::CString, std::ffi::CString) {
        use std::ffi::CString;
        match self.compressed {
            None => (0, CString::default(), CString::default()),
            Some((format, name, group)) => (
                format as u32,
                CString::new(name).unwrap_or_default(),
                CString::new(group).unwrap_or_default(),
            ),
        }
    }
}

/// arkworks' affine points as the device reads them: the structs in place
/// where their layout allows ([`RecordLayout`], no host pass at all), else a
/// packed copy of their Montgomery limbs, made into `packed`.
pub fn typed_points<'a, C: Curve>(
    points: &'a [C::Affine],
    packed: &'a mut Vec<u8>,
) -> PointBuffer<'a> {
    match <C::Affine as WirePoint>::montgomery_records() {
        Some(layout) => PointBuffer::records(points, layout),
        None => {
            *packed = encoding::encode_points_in::<C>(points, InputForm::Montgomery);
            PointBuffer::wire(packed, C::ID.point_bytes())
        }
    }
}

/// Whether typed points and their `scalars` go to the device as they lie
/// in memory: neither [`typed_points`] nor the scalars' Montgomery bytes
/// need a packed copy (which the host's threads would make).
pub fn typed_in_place<C: Curve>(scalars: &[C::Scalar]) -> bool {
    <C::Affine as WirePoint>::montgomery_records().is_some()
        && <C::Scalar as WireField>::montgomery_bytes(scalars).is_some()
}

/// The checks the device runs on the points it decodes, beyond their
/// coordinates' (every coordinate < p, always)
/// (cuda/driver/point_check.cuh `point_check`, whose values these are).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[repr(u32)]
pub enum DeviceCheck {
    /// Nothing more.
    None = 0,
    /// On the curve; for a compressed format, the format's own checks
    /// (Banderwagon's subgroup check among them).
    OnCurve = 1,
    /// Also the prime-order subgroup: r·P = O, on the short Weierstrass
    /// curves only (cuda/ec/subgroup.cuh). The dispatcher asks for it only
    /// where the cofactor is not 1 (the BLS curves).
    Subgroup = 2,
}

/// How the device treats the point bytes it is given.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PointInput {
    /// Coordinates are Montgomery-form limbs (arkworks' in-memory layout),
    /// not canonical integers.
    pub montgomery: bool,
    /// The checks the device runs on every point.
    pub check: DeviceCheck,
}

#[cfg(gpukit_cuda)]
mod imp {
    use super::*;
    use crate::config::{InputForm, ScalarOrder};
    use crate::curve::SCALAR_BYTES;
    use std::ffi::{c_char, c_void, CStr};

    const ERR_LEN: usize = 512;

    /// The `scalar_layout` flags of the CUDA entry points
    /// (cuda/driver/scalar_layout.cuh): bit 0, Montgomery limbs; bit 1,
    /// big-endian bytes. `decode_scalars` undoes both on the device.
    fn layout_flags(layout: ScalarLayout) -> u32 {
        u32::from(layout.form == InputForm::Montgomery)
            | (u32::from(layout.order == ScalarOrder::BigEndian) << 1)
    }

    extern "C" {
        fn gpukit_cuda_device_count() -> u32;
        fn gpukit_cuda_host_register(
            ptr: *const c_void,
            bytes: usize,
            err: *mut c_char,
            err_len: usize,
        ) -> i32;
        fn gpukit_cuda_host_unregister(ptr: *const c_void, err: *mut c_char, err_len: usize)
            -> i32;
        fn gpukit_cuda_msm(
            curve_id: u8,
            points: *const u8,
            point_stride: u32,
            point_flag: u32,
            point_format: u32,
            format_name: *const c_char,
            format_group: *const c_char,
            scalars: *const u8,
            n: u32,
            window_c: u32,
            tuned_c: u32,
            points_montgomery: u32,
            check: u32,
            scalar_layout: u32,
            devices: u32,
            out: *mut u8,
            err: *mut c_char,
            err_len: usize,
        ) -> i32;
        fn gpukit_cuda_bases_new(
            curve_id: u8,
            points: *const u8,
            point_stride: u32,
            point_flag: u32,
            n: u32,
            montgomery: u32,
            check: u32,
            in_subgroup: u32,
            devices: u32,
            precompute: u32,
            window_c: u32,
            fixed_base: u32,
            handle: *mut *mut c_void,
            err: *mut c_char,
            err_len: usize,
        ) -> i32;
        fn gpukit_cuda_decompress(
            curve_id: u8,
            points: *const u8,
            point_stride: u32,
            point_format: u32,
            format_name: *const c_char,
            format_group: *const c_char,
            n: u32,
            check: u32,
            devices: u32,
            out: *mut u8,
            err: *mut c_char,
            err_len: usize,
        ) -> i32;
        fn gpukit_cuda_bases_info(
            handle: *const c_void,
            copies: *mut u32,
            window: *mut u32,
            multiples: *mut u32,
            device_bytes: *mut u64,
        );
        fn gpukit_cuda_bases_msm(
            handle: *mut c_void,
            scalars: *const u8,
            vectors: *const *const u8,
            n: u32,
            batch: u32,
            window_c: u32,
            scalar_layout: u32,
            out: *mut u8,
            err: *mut c_char,
            err_len: usize,
        ) -> i32;
        fn gpukit_cuda_bases_free(handle: *mut c_void);
    }

    fn check(code: i32, err: &[c_char; ERR_LEN]) -> Result<(), Error> {
        if code == 0 {
            return Ok(());
        }
        // SAFETY: the C side always writes a NUL-terminated string that fits.
        let msg = unsafe { CStr::from_ptr(err.as_ptr()) }
            .to_string_lossy()
            .into_owned();
        Err(Error::new(Status::from_code(code), msg))
    }

    pub fn device_count() -> u32 {
        // SAFETY: no arguments; the C side catches every CUDA error.
        unsafe { gpukit_cuda_device_count() }
    }

    /// Page-locks the `bytes` (> 0) host bytes at `ptr` for every device
    /// (cuda/runtime/page_locked.cuh): uploads from them go by DMA.
    pub fn host_register(ptr: *const u8, bytes: usize) -> Result<(), Error> {
        let mut err = [0 as c_char; ERR_LEN];
        // SAFETY: the C side only records the range and page-locks it; it
        // never reads or writes through `ptr` here.
        let code =
            unsafe { gpukit_cuda_host_register(ptr.cast(), bytes, err.as_mut_ptr(), ERR_LEN) };
        check(code, &err)
    }

    /// Unlocks the range that [`host_register`] locked at `ptr`.
    pub fn host_unregister(ptr: *const u8) -> Result<(), Error> {
        let mut err = [0 as c_char; ERR_LEN];
        // SAFETY: as for host_register; an unknown pointer is an error value.
        let code = unsafe { gpukit_cuda_host_unregister(ptr.cast(), err.as_mut_ptr(), ERR_LEN) };
        check(code, &err)
    }

    /// One MSM at the window `window_c` the call asked for (0 = open, the
    /// device's choice). `tuned_c` is the calibrated window for n
    /// (`crate::plan::Plan::gpu_window`, 0 = none): the device takes it for
    /// an open window unless it splits the scalars by the curve's
    /// endomorphism, whose halves the calibration did not measure.
    // One argument per argument of the C entry point it wraps.
    #[allow(clippy::too_many_arguments)]
    pub fn msm(
        curve: CurveId,
        points: PointBuffer<'_>,
        scalars: &[u8],
        layout: ScalarLayout,
        n: usize,
        window_c: u32,
        tuned_c: u32,
        input: PointInput,
        devices: u32,
    ) -> Result<Vec<u8>, Error> {
        let mut out = vec![0u8; curve.point_bytes()];
        let mut err = [0 as c_char; ERR_LEN];
        let (stride, flag) = points.shape();
        let (format, name, group) = points.format();
        // SAFETY: the caller's buffers hold n points (records of `stride`
        // bytes) and n scalars (checked by the dispatcher); out holds one
        // point; `name` and `group` outlive the call.
        let code = unsafe {
            gpukit_cuda_msm(
                curve as u8,
                points.ptr,
                stride,
                flag,
                format,
                name.as_ptr(),
                group.as_ptr(),
                scalars.as_ptr(),
                n as u32,
                window_c,
                tuned_c,
                input.montgomery as u32,
                input.check as u32,
                layout_flags(layout),
                devices,
                out.as_mut_ptr(),
                err.as_mut_ptr(),
                ERR_LEN,
            )
        };
        check(code, &err)?;
        Ok(out)
    }

    /// Decompresses n points of a compressed `points` buffer on the devices
    /// of `devices` into n wire points, checked as `checks` says (as
    /// [`PointInput::check`] does for `msm`).
    pub fn decompress(
        curve: CurveId,
        points: PointBuffer<'_>,
        n: usize,
        checks: DeviceCheck,
        devices: u32,
    ) -> Result<Vec<u8>, Error> {
        let (format, name, group) = points.format();
        if format == 0 {
            return Err(Error::new(
                Status::Internal,
                "decompress takes a compressed point buffer",
            ));
        }
        let count = u32::try_from(n).map_err(|_| {
            Error::new(
                Status::SizeMismatch,
                format!("{n} points are more than a device call takes (2^32 - 1)"),
            )
        })?;
        let bytes = n * curve.point_bytes();
        let mut out = crate::alloc::try_vec::<u8>(bytes, "the decompressed points")?;
        out.resize(bytes, 0);
        let mut err = [0 as c_char; ERR_LEN];
        // SAFETY: points holds n records of `stride` bytes; out holds n
        // wire points; `name` and `group` outlive the call.
        let code = unsafe {
            gpukit_cuda_decompress(
                curve as u8,
                points.ptr,
                points.stride as u32,
                format,
                name.as_ptr(),
                group.as_ptr(),
                count,
                checks as u32,
                devices,
                out.as_mut_ptr(),
                err.as_mut_ptr(),
                ERR_LEN,
            )
        };
        check(code, &err)?;
        Ok(out)
    }

    /// Bases resident in device memory, in Montgomery form.
    pub struct DeviceBases {
        handle: *mut c_void,
        curve: CurveId,
        len: usize,
        tables: DeviceTables,
    }

    // SAFETY: the handle is used only through calls that take the C side's
    // own lock per device context; nothing in it is tied to a host thread.
    unsafe impl Send for DeviceBases {}
    unsafe impl Sync for DeviceBases {}

    impl DeviceBases {
        /// Uploads n points and builds the tables `request` asks for.
        pub fn new(
            curve: CurveId,
            points: PointBuffer<'_>,
            n: usize,
            input: PointInput,
            devices: u32,
            request: TableRequest,
        ) -> Result<Self, Error> {
            if points.compressed.is_some() {
                return Err(Error::new(
                    Status::Internal,
                    "resident bases take decoded points; compressed ones go through `decompress` first",
                ));
            }
            let mut handle = std::ptr::null_mut();
            let mut err = [0 as c_char; ERR_LEN];
            let (stride, flag) = points.shape();
            // SAFETY: points holds n records of `stride` bytes.
            let code = unsafe {
                gpukit_cuda_bases_new(
                    curve as u8,
                    points.ptr,
                    stride,
                    flag,
                    n as u32,
                    input.montgomery as u32,
                    input.check as u32,
                    request.subgroup_checked as u32,
                    devices,
                    request.precompute,
                    request.window_c,
                    request.fixed_base,
                    &mut handle,
                    err.as_mut_ptr(),
                    ERR_LEN,
                )
            };
            check(code, &err)?;
            let mut tables = DeviceTables {
                copies: 1,
                window: 0,
                multiples: 1,
                device_bytes: 0,
            };
            // SAFETY: a live handle; the four outputs are plain integers.
            unsafe {
                gpukit_cuda_bases_info(
                    handle,
                    &mut tables.copies,
                    &mut tables.window,
                    &mut tables.multiples,
                    &mut tables.device_bytes,
                )
            };
            Ok(Self {
                handle,
                curve,
                len: n,
                tables,
            })
        }

        pub fn len(&self) -> usize {
            self.len
        }

        pub fn tables(&self) -> DeviceTables {
            self.tables
        }

        /// `batch` MSMs over the first `n` bases; `scalars` holds batch
        /// vectors of n scalars laid out as `layout` says (checked < r on the
        /// device), the result batch points. `window_c` goes to the device
        /// as it is (0 = its choice, among the precomputed copies' window
        /// and the cost model).
        pub fn msm_batch(
            &self,
            scalars: ScalarVectors<'_>,
            layout: ScalarLayout,
            n: usize,
            batch: usize,
            window_c: u32,
        ) -> Result<Vec<u8>, Error> {
            let (packed, vectors) = match scalars {
                ScalarVectors::Packed(bytes) => {
                    debug_assert_eq!(bytes.len(), batch * n * SCALAR_BYTES);
                    (bytes.as_ptr(), Vec::new())
                }
                ScalarVectors::Each(each) => {
                    if each.len() != batch || each.iter().any(|v| v.len() != n * SCALAR_BYTES) {
                        return Err(Error::new(
                            Status::Internal,
                            "a batch's scalar vectors must be n scalars each, one per MSM",
                        ));
                    }
                    (std::ptr::null(), each.iter().map(|v| v.as_ptr()).collect())
                }
            };
            let mut out = vec![0u8; batch * self.curve.point_bytes()];
            let mut err = [0 as c_char; ERR_LEN];
            // SAFETY: the scalars hold batch vectors of n scalars (packed, or
            // one pointer each in `vectors`, which outlives the call) and out
            // batch points.
            let code = unsafe {
                gpukit_cuda_bases_msm(
                    self.handle,
                    packed,
                    if vectors.is_empty() {
                        std::ptr::null()
                    } else {
                        vectors.as_ptr()
                    },
                    n as u32,
                    batch as u32,
                    window_c,
                    layout_flags(layout),
                    out.as_mut_ptr(),
                    err.as_mut_ptr(),
                    ERR_LEN,
                )
            };
            check(code, &err)?;
            Ok(out)
        }
    }

    impl Drop for DeviceBases {
        fn drop(&mut self) {
            // SAFETY: the handle came from gpukit_cuda_bases_new and is freed once.
            unsafe { gpukit_cuda_bases_free(self.handle) }
        }
    }
}

#[cfg(not(gpukit_cuda))]
mod imp {
    use super::*;

    fn no_cuda() -> Error {
        Error::new(
            Status::NoDevice,
            "gpukit was built without CUDA (no nvcc found at build time)",
        )
    }

    pub fn device_count() -> u32 {
        0
    }

    pub fn host_register(_ptr: *const u8, _bytes: usize) -> Result<(), Error> {
        Err(no_cuda())
    }

    pub fn host_unregister(_ptr: *const u8) -> Result<(), Error> {
        Err(no_cuda())
    }

    // The same signature as the CUDA build's `msm`.
    #[allow(clippy::too_many_arguments)]
    pub fn msm(
        _curve: CurveId,
        _points: PointBuffer<'_>,
        _scalars: &[u8],
        _layout: ScalarLayout,
        _n: usize,
        _window_c: u32,
        _tuned_c: u32,
        _input: PointInput,
        _devices: u32,
    ) -> Result<Vec<u8>, Error> {
        Err(no_cuda())
    }

    pub fn decompress(
        _curve: CurveId,
        _points: PointBuffer<'_>,
        _n: usize,
        _check: DeviceCheck,
        _devices: u32,
    ) -> Result<Vec<u8>, Error> {
        Err(no_cuda())
    }

    /// Bases resident in device memory; never constructed in a build without CUDA.
    pub struct DeviceBases {
        len: usize,
    }

    impl DeviceBases {
        pub fn new(
            _curve: CurveId,
            _points: PointBuffer<'_>,
            _n: usize,
            _input: PointInput,
            _devices: u32,
            _request: TableRequest,
        ) -> Result<Self, Error> {
            Err(no_cuda())
        }

        pub fn len(&self) -> usize {
            self.len
        }

        pub fn tables(&self) -> DeviceTables {
            DeviceTables {
                copies: 1,
                window: 0,
                multiples: 1,
                device_bytes: 0,
            }
        }

        pub fn msm_batch(
            &self,
            _scalars: ScalarVectors<'_>,
            _layout: ScalarLayout,
            _n: usize,
            _batch: usize,
            _window_c: u32,
        ) -> Result<Vec<u8>, Error> {
            Err(no_cuda())
        }
    }
}

pub use imp::{decompress, device_count, host_register, host_unregister, msm, DeviceBases};

/// Test builds only (cargo feature `fault-injection`): make the n-th device
/// operation of a kind fail (cuda/runtime/fault_injection.cuh), and read what
/// the calls hold on a device, so that tests/gpu_faults.rs can fail every
/// operation of a call in turn and check that nothing leaks.
#[cfg(all(gpukit_cuda, feature = "fault-injection"))]
pub mod fault {
    use crate::error::{Error, Status};
    use std::ffi::{c_char, CStr};

    /// The kinds of device operation that can be made to fail.
    #[repr(i32)]
    #[derive(Debug, Clone, Copy, PartialEq, Eq)]
    pub enum Kind {
        /// cudaMalloc, cudaMallocAsync (fail as out of memory).
        Allocation = 0,
        /// cudaMemcpy*, cudaMemset*.
        Copy = 1,
        /// Kernel launches, cub's sorts included.
        Launch = 2,
        /// cudaStreamSynchronize, cudaEventSynchronize, cudaStreamWaitEvent.
        Synchronisation = 3,
    }

    /// Every kind.
    pub const KINDS: [Kind; 4] = [
        Kind::Allocation,
        Kind::Copy,
        Kind::Launch,
        Kind::Synchronisation,
    ];

    extern "C" {
        fn gpukit_cuda_fault_arm(kind: i32, after: i64);
        fn gpukit_cuda_fault_seen(kind: i32) -> i64;
        fn gpukit_cuda_memory_held(
            device: u32,
            pool_used: *mut u64,
            device_free: *mut u64,
            err: *mut c_char,
            err_len: usize,
        ) -> i32;
    }

    /// Fails the `after`-th operation of `kind` from now (0 = the next), or
    /// none with `None`; restarts every kind's count.
    pub fn arm(kind: Kind, after: Option<u64>) {
        let after = after.map_or(-1, |a| i64::try_from(a).unwrap_or(i64::MAX));
        // SAFETY: plain values; the C side only stores them.
        unsafe { gpukit_cuda_fault_arm(kind as i32, after) }
    }

    /// Operations of `kind` since the last [`arm`].
    pub fn seen(kind: Kind) -> u64 {
        // SAFETY: plain value; the C side reads an atomic counter.
        u64::try_from(unsafe { gpukit_cuda_fault_seen(kind as i32) }).unwrap_or(0)
    }

    /// (bytes in use from `device`'s memory pool, the device's free bytes),
    /// after its pending work.
    pub fn memory_held(device: u32) -> Result<(u64, u64), Error> {
        let (mut used, mut free) = (0u64, 0u64);
        let mut err = [0 as c_char; 512];
        // SAFETY: the outputs are live locals; err is a buffer of its length.
        let code = unsafe {
            gpukit_cuda_memory_held(device, &mut used, &mut free, err.as_mut_ptr(), err.len())
        };
        if code == 0 {
            return Ok((used, free));
        }
        // SAFETY: the C side writes a NUL-terminated string that fits.
        let msg = unsafe { CStr::from_ptr(err.as_ptr()) }.to_string_lossy();
        Err(Error::new(Status::from_code(code), msg.into_owned()))
    }
}
