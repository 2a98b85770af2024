package gpukit

/*
#include "gpukit.h"
*/
import "C"

// Status is a status code of the C ABI (GPUKIT_OK, GPUKIT_ERR_*). The
// constants and the sentinel errors (ErrNullPointer, …) are in status.go,
// generated from the repository's registry.toml.
type Status int32

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
