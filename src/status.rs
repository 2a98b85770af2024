//! Generated from registry.toml by `cargo run --release -p gpukit-gen` — do not edit.
//! The status codes of the C ABI and [`Status`], their Rust face.

use std::ffi::CStr;

/// The C ABI's status codes (`GPUKIT_OK`, `GPUKIT_ERR_*`): the values of
/// [`Status`], exported to include/gpukit.h by cbindgen.
pub mod codes {
    /// Success.
    pub const GPUKIT_OK: i32 = 0;
    /// A required pointer was NULL.
    pub const GPUKIT_ERR_NULL_POINTER: i32 = 1;
    /// The curve id is not one of GPUKIT_CURVE_*.
    pub const GPUKIT_ERR_UNKNOWN_CURVE: i32 = 2;
    /// window_c is larger than the curve's maximum window (gpukit_max_window).
    pub const GPUKIT_ERR_BAD_WINDOW: i32 = 3;
    /// A point does not satisfy the curve equation.
    pub const GPUKIT_ERR_POINT_NOT_ON_CURVE: i32 = 4;
    /// A point is on the curve but outside the prime-order subgroup (checked with GPUKIT_VALIDATE_FULL).
    pub const GPUKIT_ERR_POINT_NOT_IN_SUBGROUP: i32 = 5;
    /// A scalar is not below the group order r.
    pub const GPUKIT_ERR_SCALAR_OUT_OF_RANGE: i32 = 6;
    /// The GPU backend was required but no usable device (or no CUDA build) exists.
    pub const GPUKIT_ERR_NO_DEVICE: i32 = 7;
    /// The CUDA runtime or a kernel reported an error.
    pub const GPUKIT_ERR_DEVICE: i32 = 8;
    /// A host or device allocation failed.
    pub const GPUKIT_ERR_OUT_OF_MEMORY: i32 = 9;
    /// The requested operation is not implemented by the selected backend.
    pub const GPUKIT_ERR_NOT_IMPLEMENTED: i32 = 10;
    /// A bug in gpukit (a caught panic, a broken invariant).
    pub const GPUKIT_ERR_INTERNAL: i32 = 11;
    /// A config field (backend, validation, input form, environment override) has an unknown value.
    pub const GPUKIT_ERR_BAD_CONFIG: i32 = 12;
    /// More scalars than resident bases, or slices of different lengths.
    pub const GPUKIT_ERR_SIZE_MISMATCH: i32 = 13;
    /// A coordinate is not a canonical field element (>= p).
    pub const GPUKIT_ERR_BAD_ENCODING: i32 = 14;
    /// gpukit_host_register got a range that overlaps one already page-locked, or gpukit_host_unregister a pointer that starts no range it registered.
    pub const GPUKIT_ERR_HOST_REGISTRATION: i32 = 15;
}

/// The outcome of a call: the numeric values are the C ABI's `GPUKIT_*`
/// status codes and never change.
#[repr(i32)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Status {
    /// Success.
    Ok = codes::GPUKIT_OK,
    /// A required pointer was NULL.
    NullPointer = codes::GPUKIT_ERR_NULL_POINTER,
    /// The curve id is not one of GPUKIT_CURVE_*.
    UnknownCurve = codes::GPUKIT_ERR_UNKNOWN_CURVE,
    /// window_c is larger than the curve's maximum window (gpukit_max_window).
    BadWindow = codes::GPUKIT_ERR_BAD_WINDOW,
    /// A point does not satisfy the curve equation.
    PointNotOnCurve = codes::GPUKIT_ERR_POINT_NOT_ON_CURVE,
    /// A point is on the curve but outside the prime-order subgroup (checked with GPUKIT_VALIDATE_FULL).
    PointNotInSubgroup = codes::GPUKIT_ERR_POINT_NOT_IN_SUBGROUP,
    /// A scalar is not below the group order r.
    ScalarOutOfRange = codes::GPUKIT_ERR_SCALAR_OUT_OF_RANGE,
    /// The GPU backend was required but no usable device (or no CUDA build) exists.
    NoDevice = codes::GPUKIT_ERR_NO_DEVICE,
    /// The CUDA runtime or a kernel reported an error.
    Device = codes::GPUKIT_ERR_DEVICE,
    /// A host or device allocation failed.
    OutOfMemory = codes::GPUKIT_ERR_OUT_OF_MEMORY,
    /// The requested operation is not implemented by the selected backend.
    NotImplemented = codes::GPUKIT_ERR_NOT_IMPLEMENTED,
    /// A bug in gpukit (a caught panic, a broken invariant).
    Internal = codes::GPUKIT_ERR_INTERNAL,
    /// A config field (backend, validation, input form, environment override) has an unknown value.
    BadConfig = codes::GPUKIT_ERR_BAD_CONFIG,
    /// More scalars than resident bases, or slices of different lengths.
    SizeMismatch = codes::GPUKIT_ERR_SIZE_MISMATCH,
    /// A coordinate is not a canonical field element (>= p).
    BadEncoding = codes::GPUKIT_ERR_BAD_ENCODING,
    /// gpukit_host_register got a range that overlaps one already page-locked, or gpukit_host_unregister a pointer that starts no range it registered.
    HostRegistration = codes::GPUKIT_ERR_HOST_REGISTRATION,
}

impl Status {
    /// Every status, in code order (index = code).
    pub const ALL: [Status; 16] = [
        Status::Ok,
        Status::NullPointer,
        Status::UnknownCurve,
        Status::BadWindow,
        Status::PointNotOnCurve,
        Status::PointNotInSubgroup,
        Status::ScalarOutOfRange,
        Status::NoDevice,
        Status::Device,
        Status::OutOfMemory,
        Status::NotImplemented,
        Status::Internal,
        Status::BadConfig,
        Status::SizeMismatch,
        Status::BadEncoding,
        Status::HostRegistration,
    ];

    /// [`Status::as_str`], NUL-terminated for the C ABI.
    pub fn as_cstr(self) -> &'static CStr {
        match self {
            Status::Ok => c"ok",
            Status::NullPointer => c"null pointer",
            Status::UnknownCurve => c"unknown curve id",
            Status::BadWindow => c"bad window size",
            Status::PointNotOnCurve => c"point not on curve",
            Status::PointNotInSubgroup => c"point not in the prime-order subgroup",
            Status::ScalarOutOfRange => c"scalar out of range (>= group order)",
            Status::NoDevice => c"no usable GPU device",
            Status::Device => c"GPU device error",
            Status::OutOfMemory => c"out of memory",
            Status::NotImplemented => c"not implemented",
            Status::Internal => c"internal error",
            Status::BadConfig => c"bad config value",
            Status::SizeMismatch => c"size mismatch",
            Status::BadEncoding => c"bad encoding (non-canonical field element)",
            Status::HostRegistration => c"host range already registered, or not registered",
        }
    }
}
