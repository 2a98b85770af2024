// Package gnark runs gpukit's MSM on gnark-crypto's types: a Go prover that
// holds []bn254.G1Affine and []fr.Element calls BN254G1MSM instead of
// G1Affine.MultiExp and gets a bn254.G1Affine back.
//
// The slices are handed to the library as they lie in memory, without a
// copy or a conversion: gnark-crypto keeps field elements as Montgomery-form
// little-endian uint64 limbs (R = 2^256 for 4 limbs, 2^384 for 6), which is
// gpukit's FormMontgomery input for points and scalars alike; a point is
// X then Y (G2: X.A0, X.A1, Y.A0, Y.A1, the c0 ‖ c1 order of the wire format,
// whereas gnark's own serialisation writes A1 first); and gnark's infinity,
// (0, 0), is the wire format's identity. The one result point is converted
// back from the canonical wire format.
//
// This module is separate from the binding (github.com/gpukit/gpukit/bindings/go),
// so that the binding itself depends on nothing but the standard library.
package gnark

import (
	"fmt"
	"unsafe"

	bls12377 "github.com/consensys/gnark-crypto/ecc/bls12-377"
	fp377 "github.com/consensys/gnark-crypto/ecc/bls12-377/fp"
	fr377 "github.com/consensys/gnark-crypto/ecc/bls12-377/fr"
	bls12381 "github.com/consensys/gnark-crypto/ecc/bls12-381"
	fp381 "github.com/consensys/gnark-crypto/ecc/bls12-381/fp"
	fr381 "github.com/consensys/gnark-crypto/ecc/bls12-381/fr"
	"github.com/consensys/gnark-crypto/ecc/bn254"
	fpbn254 "github.com/consensys/gnark-crypto/ecc/bn254/fp"
	frbn254 "github.com/consensys/gnark-crypto/ecc/bn254/fr"
	"github.com/consensys/gnark-crypto/ecc/secp256k1"
	fpk1 "github.com/consensys/gnark-crypto/ecc/secp256k1/fp"
	frk1 "github.com/consensys/gnark-crypto/ecc/secp256k1/fr"
	gpukit "github.com/gpukit/gpukit/bindings/go"
)

// BN254G1MSM returns Σ scalars[i]·points[i] on BN254 G1, as
// bn254.G1Affine.MultiExp would, with the default gpukit.Config.
func BN254G1MSM(points []bn254.G1Affine, scalars []frbn254.Element) (bn254.G1Affine, error) {
	return BN254G1MSMWithConfig(points, scalars, gpukit.DefaultConfig())
}

// BN254G1MSMWithConfig is BN254G1MSM with config's backend, window,
// validation, devices and blinding (its InputForm is always FormMontgomery).
func BN254G1MSMWithConfig(points []bn254.G1Affine, scalars []frbn254.Element, config gpukit.Config) (bn254.G1Affine, error) {
	var out bn254.G1Affine
	wire, err := msm(gpukit.BN254G1, points, scalars, config)
	if err == nil {
		err = decode(wire, fpbn254.LittleEndian.Element, &out.X, &out.Y)
	}
	return out, err
}

// BLS12381G1MSM returns Σ scalars[i]·points[i] on BLS12-381 G1.
func BLS12381G1MSM(points []bls12381.G1Affine, scalars []fr381.Element) (bls12381.G1Affine, error) {
	return BLS12381G1MSMWithConfig(points, scalars, gpukit.DefaultConfig())
}

// BLS12381G1MSMWithConfig is BLS12381G1MSM with config (see BN254G1MSMWithConfig).
func BLS12381G1MSMWithConfig(points []bls12381.G1Affine, scalars []fr381.Element, config gpukit.Config) (bls12381.G1Affine, error) {
	var out bls12381.G1Affine
	wire, err := msm(gpukit.BLS12381G1, points, scalars, config)
	if err == nil {
		err = decode(wire, fp381.LittleEndian.Element, &out.X, &out.Y)
	}
	return out, err
}

// BLS12381G2MSM returns Σ scalars[i]·points[i] on BLS12-381 G2.
func BLS12381G2MSM(points []bls12381.G2Affine, scalars []fr381.Element) (bls12381.G2Affine, error) {
	return BLS12381G2MSMWithConfig(points, scalars, gpukit.DefaultConfig())
}

// BLS12381G2MSMWithConfig is BLS12381G2MSM with config (see BN254G1MSMWithConfig).
func BLS12381G2MSMWithConfig(points []bls12381.G2Affine, scalars []fr381.Element, config gpukit.Config) (bls12381.G2Affine, error) {
	var out bls12381.G2Affine
	wire, err := msm(gpukit.BLS12381G2, points, scalars, config)
	if err == nil {
		err = decode(wire, fp381.LittleEndian.Element, &out.X.A0, &out.X.A1, &out.Y.A0, &out.Y.A1)
	}
	return out, err
}

// BLS12377G1MSM returns Σ scalars[i]·points[i] on BLS12-377 G1.
func BLS12377G1MSM(points []bls12377.G1Affine, scalars []fr377.Element) (bls12377.G1Affine, error) {
	return BLS12377G1MSMWithConfig(points, scalars, gpukit.DefaultConfig())
}

// BLS12377G1MSMWithConfig is BLS12377G1MSM with config (see BN254G1MSMWithConfig).
func BLS12377G1MSMWithConfig(points []bls12377.G1Affine, scalars []fr377.Element, config gpukit.Config) (bls12377.G1Affine, error) {
	var out bls12377.G1Affine
	wire, err := msm(gpukit.BLS12377G1, points, scalars, config)
	if err == nil {
		err = decode(wire, fp377.LittleEndian.Element, &out.X, &out.Y)
	}
	return out, err
}

// Secp256k1MSM returns Σ scalars[i]·points[i] on secp256k1.
func Secp256k1MSM(points []secp256k1.G1Affine, scalars []frk1.Element) (secp256k1.G1Affine, error) {
	return Secp256k1MSMWithConfig(points, scalars, gpukit.DefaultConfig())
}

// Secp256k1MSMWithConfig is Secp256k1MSM with config (see BN254G1MSMWithConfig).
func Secp256k1MSMWithConfig(points []secp256k1.G1Affine, scalars []frk1.Element, config gpukit.Config) (secp256k1.G1Affine, error) {
	var out secp256k1.G1Affine
	wire, err := msm(gpukit.Secp256k1, points, scalars, config)
	if err == nil {
		err = decode(wire, fpk1.LittleEndian.Element, &out.X, &out.Y)
	}
	return out, err
}

// msm hands gnark's slices to the library as bytes, in place.
func msm[P, S any](curve gpukit.Curve, points []P, scalars []S, config gpukit.Config) ([]byte, error) {
	if len(points) != len(scalars) {
		return nil, &gpukit.Error{Code: gpukit.StatusSizeMismatch,
			Message: fmt.Sprintf("%d points and %d scalars", len(points), len(scalars))}
	}
	// gnark-crypto's layout is what makes the bytes valid input: guard it.
	var p P
	var s S
	if int(unsafe.Sizeof(p)) != curve.PointBytes() || unsafe.Sizeof(s) != gpukit.ScalarBytes {
		panic(fmt.Sprintf("gnark adapter: %T is %d bytes, %T %d; gpukit's %s expects %d and %d",
			p, unsafe.Sizeof(p), s, unsafe.Sizeof(s), curve, curve.PointBytes(), gpukit.ScalarBytes))
	}
	config.InputForm = gpukit.FormMontgomery
	return gpukit.MSMWithConfig(curve, asBytes(points), asBytes(scalars), config)
}

// asBytes is the memory of s, without a copy.
func asBytes[T any](s []T) []byte {
	if len(s) == 0 {
		return nil
	}
	var t T
	return unsafe.Slice((*byte)(unsafe.Pointer(unsafe.SliceData(s))), len(s)*int(unsafe.Sizeof(t)))
}

// decode reads the wire result's coordinates (canonical, little-endian, in
// order) into Montgomery-form elements.
func decode[E any, B any](wire []byte, element func(*B) (E, error), coords ...*E) error {
	var b B
	size := int(unsafe.Sizeof(b))
	if len(wire) != size*len(coords) {
		return &gpukit.Error{Code: gpukit.StatusInternal,
			Message: fmt.Sprintf("result of %d bytes, expected %d", len(wire), size*len(coords))}
	}
	for i, c := range coords {
		e, err := element((*B)(unsafe.Pointer(&wire[i*size])))
		if err != nil {
			return &gpukit.Error{Code: gpukit.StatusInternal, Message: "result coordinate: " + err.Error()}
		}
		*c = e
	}
	return nil
}
