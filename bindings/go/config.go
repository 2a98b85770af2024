package gpukit

/*
#include "gpukit.h"
*/
import "C"

// Backend chooses where an MSM runs.
type Backend uint32

const (
	// BackendAuto picks serial, CPU or GPU by the curve's measured crossovers (a batch
	// by its total work, n·batch).
	BackendAuto Backend = C.GPUKIT_BACKEND_AUTO
	// BackendSerial is one thread: a scalar multiplication per point and a sum.
	BackendSerial Backend = C.GPUKIT_BACKEND_SERIAL
	// BackendCPU is Pippenger on every core.
	BackendCPU Backend = C.GPUKIT_BACKEND_CPU
	// BackendGPU is Pippenger on the GPUs; ErrNoDevice when there is none.
	BackendGPU Backend = C.GPUKIT_BACKEND_GPU
)

// Validation chooses which checks the points pass.
type Validation uint32

const (
	// ValidateDefault is ValidateOnCurve for one-shot MSMs, ValidateFull for NewBases.
	ValidateDefault Validation = C.GPUKIT_VALIDATE_DEFAULT
	// ValidateOnCurve checks that every point is on the curve.
	ValidateOnCurve Validation = C.GPUKIT_VALIDATE_ON_CURVE
	// ValidateFull also checks the prime-order subgroup where the cofactor is not 1.
	ValidateFull Validation = C.GPUKIT_VALIDATE_FULL
	// ValidateTrusted skips the point checks (scalars are still checked).
	ValidateTrusted Validation = C.GPUKIT_VALIDATE_TRUSTED
)

// InputForm is the encoding of the input points' coordinates.
type InputForm uint32

const (
	// FormCanonical is the wire format: canonical little-endian integers.
	FormCanonical InputForm = C.GPUKIT_FORM_CANONICAL
	// FormMontgomery is Montgomery-form limbs as arkworks and gnark-crypto
	// keep them in memory, for points and scalars alike.
	FormMontgomery InputForm = C.GPUKIT_FORM_MONTGOMERY
)

// PointFormat is the encoding of input and result points.
type PointFormat uint32

const (
	// PointUncompressed is the wire format, x || y little-endian; for
	// Banderwagon the Bandersnatch twisted Edwards group.
	PointUncompressed PointFormat = C.GPUKIT_POINT_FORMAT_UNCOMPRESSED
	// PointCompressed is the curve's standard compressed form: ZCash's for
	// BLS12-381 G1 (48 bytes) and G2 (96), SEC1's 33 bytes for secp256k1,
	// arkworks' for BN254 (32) and BLS12-377 (48), and for Banderwagon its
	// 32-byte serialization (Verkle spec, go-ipa).
	PointCompressed PointFormat = C.GPUKIT_POINT_FORMAT_COMPRESSED
	// PointBanderwagonUncompressed is go-ipa's 64-byte Banderwagon form
	// (x || y big-endian, either representative in, the normalised one out).
	PointBanderwagonUncompressed PointFormat = C.GPUKIT_POINT_FORMAT_BANDERWAGON_UNCOMPRESSED
	// PointXOnly is BIP340's 32-byte x-only secp256k1 key (x big-endian,
	// read as the point with the even y; results written as x alone).
	PointXOnly PointFormat = C.GPUKIT_POINT_FORMAT_X_ONLY
)

// ScalarOrder is the byte order of each 32-byte scalar.
type ScalarOrder uint32

const (
	// ScalarLittleEndian is the wire format.
	ScalarLittleEndian ScalarOrder = C.GPUKIT_SCALAR_LITTLE_ENDIAN
	// ScalarBigEndian is each scalar big-endian, as EIP-4844 blobs hold them.
	ScalarBigEndian ScalarOrder = C.GPUKIT_SCALAR_BIG_ENDIAN
)

// Config is the options of MSMWithConfig, MSMBatch and NewBases. The zero Config is
// the default one (DefaultConfig).
type Config struct {
	Backend    Backend    // default BackendAuto
	Window     uint32     // Pippenger window in bits, 1..Curve.MaxWindow(); 0 (default) = auto
	Validation Validation // default ValidateDefault
	InputForm  InputForm  // default FormCanonical
	Devices    uint32     // bit mask of GPU ordinals; 0 (default) = every visible GPU
	Blinded    bool       // split the scalars as in MSMBlinded; default false
	// Precompute is the number of shifted copies per base that GPU-resident
	// bases keep (copy k of P is 2^(k·c)·P, so that k windows share one
	// bucket set): 0 (default) = as many as half the free device memory
	// holds, 1 = none. Only NewBases reads it.
	Precompute uint32
	// FixedBase asks GPU-resident bases for fixed-base tables of w-bit
	// digits (every base keeps e·2^(j·w)·P for each window j and digit
	// e = 1..2^(w-1); an MSM is then lookups and additions only): 0
	// (default) = automatic for bases of at most 2^12 points when
	// Precompute and Window are 0, 1 = never, 2..17 = w. Only NewBases
	// reads it.
	FixedBase uint32
	// PointFormat encodes the input points and the results; default
	// PointUncompressed (the wire format).
	PointFormat PointFormat
	// ScalarOrder is the scalars' byte order, also for the scalars of
	// later Bases calls; default ScalarLittleEndian.
	ScalarOrder ScalarOrder
}

// DefaultConfig returns the library's defaults (gpukit_config_default).
func DefaultConfig() Config {
	c := C.gpukit_config_default()
	return Config{
		Backend:     Backend(c.backend),
		Window:      uint32(c.window_c),
		Validation:  Validation(c.validation),
		InputForm:   InputForm(c.input_form),
		Devices:     uint32(c.devices),
		Blinded:     c.blinded != 0,
		Precompute:  uint32(c.precompute),
		FixedBase:   uint32(c.fixed_base),
		PointFormat: PointFormat(c.point_format),
		ScalarOrder: ScalarOrder(c.scalar_order),
	}
}

func (c Config) toC() C.gpukit_config {
	blinded := C.uint32_t(0)
	if c.Blinded {
		blinded = 1
	}
	return C.gpukit_config{
		backend:      C.uint32_t(c.Backend),
		window_c:     C.uint32_t(c.Window),
		validation:   C.uint32_t(c.Validation),
		input_form:   C.uint32_t(c.InputForm),
		devices:      C.uint32_t(c.Devices),
		blinded:      blinded,
		precompute:   C.uint32_t(c.Precompute),
		fixed_base:   C.uint32_t(c.FixedBase),
		point_format: C.uint32_t(c.PointFormat),
		scalar_order: C.uint32_t(c.ScalarOrder),
	}
}
