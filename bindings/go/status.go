// Code generated from registry.toml by `cargo run --release -p gpukit-gen`. DO NOT EDIT.

package gpukit

/*
#include "gpukit.h"
*/
import "C"

// The status codes of the C ABI.
const (
	// Success.
	StatusOK Status = C.GPUKIT_OK
	// A required pointer was NULL.
	StatusNullPointer Status = C.GPUKIT_ERR_NULL_POINTER
	// The curve id is not one of GPUKIT_CURVE_*.
	StatusUnknownCurve Status = C.GPUKIT_ERR_UNKNOWN_CURVE
	// window_c is larger than the curve's maximum window (gpukit_max_window).
	StatusBadWindow Status = C.GPUKIT_ERR_BAD_WINDOW
	// A point does not satisfy the curve equation.
	StatusPointNotOnCurve Status = C.GPUKIT_ERR_POINT_NOT_ON_CURVE
	// A point is on the curve but outside the prime-order subgroup (checked with GPUKIT_VALIDATE_FULL).
	StatusPointNotInSubgroup Status = C.GPUKIT_ERR_POINT_NOT_IN_SUBGROUP
	// A scalar is not below the group order r.
	StatusScalarOutOfRange Status = C.GPUKIT_ERR_SCALAR_OUT_OF_RANGE
	// The GPU backend was required but no usable device (or no CUDA build) exists.
	StatusNoDevice Status = C.GPUKIT_ERR_NO_DEVICE
	// The CUDA runtime or a kernel reported an error.
	StatusDevice Status = C.GPUKIT_ERR_DEVICE
	// A host or device allocation failed.
	StatusOutOfMemory Status = C.GPUKIT_ERR_OUT_OF_MEMORY
	// The requested operation is not implemented by the selected backend.
	StatusNotImplemented Status = C.GPUKIT_ERR_NOT_IMPLEMENTED
	// A bug in gpukit (a caught panic, a broken invariant).
	StatusInternal Status = C.GPUKIT_ERR_INTERNAL
	// A config field (backend, validation, input form, environment override) has an unknown value.
	StatusBadConfig Status = C.GPUKIT_ERR_BAD_CONFIG
	// More scalars than resident bases, or slices of different lengths.
	StatusSizeMismatch Status = C.GPUKIT_ERR_SIZE_MISMATCH
	// A coordinate is not a canonical field element (>= p).
	StatusBadEncoding Status = C.GPUKIT_ERR_BAD_ENCODING
	// gpukit_host_register got a range that overlaps one already page-locked, or gpukit_host_unregister a pointer that starts no range it registered.
	StatusHostRegistration Status = C.GPUKIT_ERR_HOST_REGISTRATION
)

// Sentinels for errors.Is, one per error status.
var (
	ErrNullPointer        = &Error{Code: StatusNullPointer}
	ErrUnknownCurve       = &Error{Code: StatusUnknownCurve}
	ErrBadWindow          = &Error{Code: StatusBadWindow}
	ErrPointNotOnCurve    = &Error{Code: StatusPointNotOnCurve}
	ErrPointNotInSubgroup = &Error{Code: StatusPointNotInSubgroup}
	ErrScalarOutOfRange   = &Error{Code: StatusScalarOutOfRange}
	ErrNoDevice           = &Error{Code: StatusNoDevice}
	ErrDevice             = &Error{Code: StatusDevice}
	ErrOutOfMemory        = &Error{Code: StatusOutOfMemory}
	ErrNotImplemented     = &Error{Code: StatusNotImplemented}
	ErrInternal           = &Error{Code: StatusInternal}
	ErrBadConfig          = &Error{Code: StatusBadConfig}
	ErrSizeMismatch       = &Error{Code: StatusSizeMismatch}
	ErrBadEncoding        = &Error{Code: StatusBadEncoding}
	ErrHostRegistration   = &Error{Code: StatusHostRegistration}
)
