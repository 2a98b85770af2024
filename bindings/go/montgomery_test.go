package gpukit

import (
	"fmt"
	"math/big"
	"testing"
)

// toMontgomery rewrites little-endian words of size bytes each as x·R mod m
// with R = 2^(8·size): arkworks' in-memory form of a field element of that
// width (R = 2^256 for 4 limbs, 2^384 for 6), which FormMontgomery takes.
func toMontgomery(data []byte, size int, modulus *big.Int) []byte {
	out := make([]byte, len(data))
	r := new(big.Int).Lsh(big.NewInt(1), uint(8*size))
	for off := 0; off < len(data); off += size {
		x := new(big.Int).SetBytes(reversed(data[off : off+size]))
		x.Mul(x, r).Mod(x, modulus)
		le := reversed(x.FillBytes(make([]byte, size)))
		copy(out[off:], le)
	}
	return out
}

func reversed(b []byte) []byte {
	out := make([]byte, len(b))
	for i, v := range b {
		out[len(b)-1-i] = v
	}
	return out
}

func modulus(t *testing.T, hexLE string) (*big.Int, int) {
	le := mustHex(t, hexLE)
	return new(big.Int).SetBytes(reversed(le)), len(le)
}

// TestKATMontgomery: the KAT cases with points and scalars converted to
// Montgomery form (FormMontgomery) give the same canonical results, one-shot
// and through resident bases.
func TestKATMontgomery(t *testing.T) {
	forEachCurve(t, func(t *testing.T, curve Curve) {
		p, fieldBytes := modulus(t, baseModulusHex[curve]) // Fp2: each of c0, c1 is one Fp word
		r, _ := modulus(t, scalarModulusHex[curve])
		config := Config{InputForm: FormMontgomery}
		for i, c := range mustReadKAT(t, curve) {
			points := toMontgomery(c.points, fieldBytes, p)
			scalars := toMontgomery(c.scalars, ScalarBytes, r)
			got, err := MSMWithConfig(curve, points, scalars, config)
			expectResult(t, fmt.Sprintf("case %d: MSMWithConfig Montgomery", i), got, err, c.result)
			if c.n == 0 {
				continue
			}
			b, err := NewBases(curve, points, config)
			if err != nil {
				t.Errorf("case %d: NewBases Montgomery: %v", i, err)
				continue
			}
			got, err = b.MSM(scalars)
			expectResult(t, fmt.Sprintf("case %d: Bases.MSM Montgomery", i), got, err, c.result)
			b.Close()
		}
	})
}
