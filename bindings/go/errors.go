package gpukit

/*
#include "gpukit.h"
*/
import "C"

// Status is a status code of the C ABI (GPUKIT_OK, GPUKIT_ERR_*).
type Status int32

// The status codes of the C ABI.
const (
	StatusOK                 Status = C.GPUKIT_OK
	StatusNullPointer        Status = C.GPUKIT_ERR_NULL_POINTER
	StatusUnknownCurve       Status = C.GPUKIT_ERR_UNKNOWN_CURVE
	StatusBadWindow          Status = C.GPUKIT_ERR_BAD_WINDOW
	StatusPointNotOnCurve    Status = C.GPUKIT_ERR_POINT_NOT_ON_CURVE
	StatusPointNotInSubgroup Status = C.GPUKIT_ERR_POINT_NOT_IN_SUBGROUP
	StatusScalarOutOfRange   Status = C.GPUKIT_ERR_SCALAR_OUT_OF_RANGE
	StatusNoDevice           Status = C.GPUKIT_ERR_NO_DEVICE
	StatusDevice             Status = C.GPUKIT_ERR_DEVICE
	StatusOutOfMemory        Status = C.GPUKIT_ERR_OUT_OF_MEMORY
	StatusNotImplemented     Status = C.GPUKIT_ERR_NOT_IMPLEMENTED
	StatusInternal           Status = C.GPUKIT_ERR_INTERNAL
	StatusBadConfig          Status = C.GPUKIT_ERR_BAD_CONFIG
	StatusSizeMismatch       Status = C.GPUKIT_ERR_SIZE_MISMATCH
	StatusBadEncoding        Status = C.GPUKIT_ERR_BAD_ENCODING
)

// String is the library's description of the status (gpukit_status_str).
func (s Status) String() string {
	return C.GoString(C.gpukit_status_str(C.int(s)))
}

// Error is every error this package returns: the status code and the
// library's message for this call (gpukit_last_error), or, for input
// rejected before reaching the library, this package's own message.
type Error struct {
	Code    Status
	Message string
}

func newError(code Status, message string) *Error {
	return &Error{Code: code, Message: message}
}

func (e *Error) Error() string {
	if e.Message == "" {
		return "gpukit: " + e.Code.String()
	}
	return "gpukit: " + e.Code.String() + ": " + e.Message
}

// Is makes errors.Is(err, ErrX) match every *Error with ErrX's code,
// whatever its message.
func (e *Error) Is(target error) bool {
	t, ok := target.(*Error)
	return ok && t.Code == e.Code
}

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
)
