// Code generated from registry.toml by `cargo run --release -p gpukit-gen`. DO NOT EDIT.

package gpukit

/*
#include "gpukit.h"
*/
import "C"

// The curves of the C ABI (GPUKIT_CURVE_*).
const (
	BN254G1     Curve = C.GPUKIT_CURVE_BN254_G1     // BN254 G1
	BLS12381G1  Curve = C.GPUKIT_CURVE_BLS12_381_G1 // BLS12-381 G1
	BLS12381G2  Curve = C.GPUKIT_CURVE_BLS12_381_G2 // BLS12-381 G2
	BLS12377G1  Curve = C.GPUKIT_CURVE_BLS12_377_G1 // BLS12-377 G1
	Secp256k1   Curve = C.GPUKIT_CURVE_SECP256K1    // secp256k1
	Banderwagon Curve = C.GPUKIT_CURVE_BANDERWAGON  // Bandersnatch (Banderwagon)
)

// Curves lists every supported curve, in id order.
var Curves = []Curve{BN254G1, BLS12381G1, BLS12381G2, BLS12377G1, Secp256k1, Banderwagon}

var curveNames = map[Curve]string{
	BN254G1:     "bn254_g1",
	BLS12381G1:  "bls12_381_g1",
	BLS12381G2:  "bls12_381_g2",
	BLS12377G1:  "bls12_377_g1",
	Secp256k1:   "secp256k1",
	Banderwagon: "banderwagon",
}
