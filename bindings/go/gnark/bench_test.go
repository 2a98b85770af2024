package gnark

import (
	"math/rand"
	"os"
	"strconv"
	"testing"

	"github.com/consensys/gnark-crypto/ecc/bn254"
	frbn254 "github.com/consensys/gnark-crypto/ecc/bn254/fr"
	gpukit "github.com/gpukit/gpukit/bindings/go"
)

// The adapter's one-shot cost against the binding's byte call on the same
// memory: the adapter adds the slice views and the result's conversion.
//
//	go test -run - -bench . -benchtime 20x    (GPUKIT_BENCH_LOG2=20 for 2^20 points)
func BenchmarkBN254G1(b *testing.B) {
	logN := 16
	if v, err := strconv.Atoi(os.Getenv("GPUKIT_BENCH_LOG2")); err == nil {
		logN = v
	}
	n := 1 << logN
	rng := rand.New(rand.NewSource(1))
	scalars := randomScalars[frbn254.Element](rng, n)
	_, _, g, _ := bn254.Generators()
	points := bn254.BatchScalarMultiplicationG1(&g, randomScalars[frbn254.Element](rng, n))
	config := gpukit.Config{InputForm: gpukit.FormMontgomery}
	b.Run("adapter/2^"+strconv.Itoa(logN), func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			if _, err := BN254G1MSM(points, scalars); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("bytes/2^"+strconv.Itoa(logN), func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			if _, err := gpukit.MSMWithConfig(gpukit.BN254G1, asBytes(points), asBytes(scalars), config); err != nil {
				b.Fatal(err)
			}
		}
	})
}
