package gnark_test

import (
	"fmt"
	"log"

	"github.com/consensys/gnark-crypto/ecc"
	"github.com/consensys/gnark-crypto/ecc/bn254"
	"github.com/consensys/gnark-crypto/ecc/bn254/fr"
	"github.com/gpukit/gpukit/bindings/go/gnark"
)

// A prover's commitment Σ cᵢ·Gᵢ over gnark-crypto's types, by gpukit instead
// of gnark-crypto's MultiExp: the same inputs, the same result type.
func ExampleBN254G1MSM() {
	// A toy SRS τ^i·G (τ = 7) and the coefficients 1, 2, 5, 10, ...
	_, _, g, _ := bn254.Generators()
	var tau fr.Element
	tau.SetUint64(7)
	powers := make([]fr.Element, 64)
	coeffs := make([]fr.Element, 64)
	powers[0].SetOne()
	for i := range powers {
		if i > 0 {
			powers[i].Mul(&powers[i-1], &tau)
		}
		coeffs[i].SetUint64(uint64(i*i + 1))
	}
	srs := bn254.BatchScalarMultiplicationG1(&g, powers)

	// Before: var c bn254.G1Affine; c.MultiExp(srs, coeffs, ecc.MultiExpConfig{})
	commitment, err := gnark.BN254G1MSM(srs, coeffs)
	if err != nil {
		log.Fatal(err)
	}

	var reference bn254.G1Affine
	if _, err := reference.MultiExp(srs, coeffs, ecc.MultiExpConfig{}); err != nil {
		log.Fatal(err)
	}
	fmt.Println("equal to gnark-crypto's MultiExp:", commitment.Equal(&reference))
	// Output: equal to gnark-crypto's MultiExp: true
}
