package gpukit_test

import (
	"bytes"
	"fmt"
	"log"

	gpukit "github.com/gpukit/gpukit/bindings/go"
)

// 2·G + 3·G on BN254 G1, checked against 5·G computed on resident bases.
func ExampleMSM() {
	// A point is x || y, each coordinate 32 bytes little-endian (48 for the
	// 381/377-bit curves); a scalar is 32 bytes little-endian. G = (1, 2)
	// generates BN254 G1.
	g := make([]byte, gpukit.BN254G1.PointBytes())
	g[0], g[32] = 1, 2
	points := append(append([]byte{}, g...), g...)
	scalars := make([]byte, 2*gpukit.ScalarBytes)
	scalars[0], scalars[32] = 2, 3

	sum, err := gpukit.MSM(gpukit.BN254G1, points, scalars)
	if err != nil {
		log.Fatal(err)
	}

	// The same on the CPU backend, and on bases validated and kept resident
	// for many MSMs (here one, over the first base alone).
	sumCPU, err := gpukit.MSMWithConfig(gpukit.BN254G1, points, scalars,
		gpukit.Config{Backend: gpukit.BackendCPU})
	if err != nil {
		log.Fatal(err)
	}
	bases, err := gpukit.NewBases(gpukit.BN254G1, points, gpukit.DefaultConfig())
	if err != nil {
		log.Fatal(err)
	}
	defer bases.Close()
	five := make([]byte, gpukit.ScalarBytes)
	five[0] = 5
	fiveG, err := bases.MSM(five)
	if err != nil {
		log.Fatal(err)
	}

	fmt.Println("2·G + 3·G == 5·G:", bytes.Equal(sum, fiveG) && bytes.Equal(sumCPU, fiveG))
	// Output: 2·G + 3·G == 5·G: true
}
