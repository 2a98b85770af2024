// Generated from registry.toml by `cargo run --release -p gpukit-gen` — do not edit.
// The status codes of the C ABI (include/gpukit.h's GPUKIT_OK and
// GPUKIT_ERR_*), as the CUDA backend returns them (cuda/runtime/status.cuh).
#pragma once

namespace gpukit {

enum status_code : int {
    // Success.
    STATUS_OK = 0,
    // A required pointer was NULL.
    STATUS_NULL_POINTER = 1,
    // The curve id is not one of GPUKIT_CURVE_*.
    STATUS_UNKNOWN_CURVE = 2,
    // window_c is larger than the curve's maximum window (gpukit_max_window).
    STATUS_BAD_WINDOW = 3,
    // A point does not satisfy the curve equation.
    STATUS_POINT_NOT_ON_CURVE = 4,
    // A point is on the curve but outside the prime-order subgroup (checked with
    // GPUKIT_VALIDATE_FULL).
    STATUS_POINT_NOT_IN_SUBGROUP = 5,
    // A scalar is not below the group order r.
    STATUS_SCALAR_OUT_OF_RANGE = 6,
    // The GPU backend was required but no usable device (or no CUDA build) exists.
    STATUS_NO_DEVICE = 7,
    // The CUDA runtime or a kernel reported an error.
    STATUS_DEVICE = 8,
    // A host or device allocation failed.
    STATUS_OUT_OF_MEMORY = 9,
    // The requested operation is not implemented by the selected backend.
    STATUS_NOT_IMPLEMENTED = 10,
    // A bug in gpukit (a caught panic, a broken invariant).
    STATUS_INTERNAL = 11,
    // A config field (backend, validation, input form, environment override) has an unknown
    // value.
    STATUS_BAD_CONFIG = 12,
    // More scalars than resident bases, or slices of different lengths.
    STATUS_SIZE_MISMATCH = 13,
    // A coordinate is not a canonical field element (>= p).
    STATUS_BAD_ENCODING = 14,
    // gpukit_host_register got a range that overlaps one already page-locked, or
    // gpukit_host_unregister a pointer that starts no range it registered.
    STATUS_HOST_REGISTRATION = 15,
};

}  // namespace gpukit
