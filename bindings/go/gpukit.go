// Package gpukit computes multi-scalar multiplications (MSM), Q = Σ kᵢ·Pᵢ,
// on NVIDIA GPUs and CPUs for BN254 G1, BLS12-381 G1/G2, BLS12-377 G1,
// secp256k1 and Banderwagon, through the C ABI of the gpukit library
// (include/gpukit.h, libgpukit.so built by `cargo build --release`).
//
// Points and scalars use the library's wire format: an affine point is
// x || y, each coordinate a canonical little-endian integer of 32 or 48
// bytes (Fp2: c0 || c1); the identity is all zero bytes (short Weierstrass)
// or (0, 1) (Banderwagon); a scalar is 32 little-endian bytes, < r.
// Every function is safe for concurrent use.
package gpukit

/*
#cgo CFLAGS: -I${SRCDIR}/../../include
#cgo LDFLAGS: -L${SRCDIR}/../../target/release -lgpukit -Wl,-rpath,${SRCDIR}/../../target/release
#include "gpukit.h"
*/
import "C"

import (
	"fmt"
	"math"
	"unsafe"
)

// Curve identifies a group; the values are the C ABI's curve ids. The
// constants, Curves and the names are in curves.go, generated from the
// repository's registry.toml.
type Curve uint8

// ScalarBytes is the size of one scalar: 32 bytes, little-endian.
const ScalarBytes = 32

// String returns the curve's snake-case name ("bn254_g1"), as in the C and
// Rust APIs, or "curve(<id>)" for an unknown id.
func (c Curve) String() string {
	if name, ok := curveNames[c]; ok {
		return name
	}
	return fmt.Sprintf("curve(%d)", uint8(c))
}

// FormatPointBytes is the size of one point in format, 0 for an unknown
// curve or a format the curve does not have.
func (c Curve) FormatPointBytes(format PointFormat) int {
	return int(C.gpukit_format_point_bytes(C.uint8_t(c), C.uint32_t(format)))
}

// PointBytes is the size of one encoded affine point, 0 for an unknown curve.
func (c Curve) PointBytes() int {
	return int(C.gpukit_point_bytes(C.uint8_t(c)))
}

// MaxWindow is the largest window (Config.Window) the curve accepts, 0 for
// an unknown curve.
func (c Curve) MaxWindow() uint32 {
	return uint32(C.gpukit_max_window(C.uint8_t(c)))
}

// GPUCount is the number of usable CUDA devices: 0 without a driver, without
// a device, or with a library built without CUDA.
func GPUCount() int {
	return int(C.gpukit_gpu_count())
}

// cBytes points C at a byte slice; nil for an empty one (the C ABI accepts
// NULL when n = 0). Go memory may be passed to C for the duration of a call
// when, as here, it holds no Go pointers.
func cBytes(b []byte) *C.uint8_t {
	if len(b) == 0 {
		return nil
	}
	return (*C.uint8_t)(unsafe.Pointer(&b[0]))
}

// count checks that a byte length is a whole number of items of size bytes
// whose count fits the ABI's uint32.
func count(length, size int, what string) (uint32, error) {
	if length%size != 0 {
		return 0, newError(StatusSizeMismatch,
			fmt.Sprintf("%s: %d bytes is not a multiple of %d", what, length, size))
	}
	n := length / size
	if uint64(n) > math.MaxUint32 {
		return 0, newError(StatusSizeMismatch, what+": more than 2^32-1 items")
	}
	return uint32(n), nil
}
