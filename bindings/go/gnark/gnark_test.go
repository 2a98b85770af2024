package gnark

import (
	"errors"
	"math/big"
	"math/rand"
	"os"
	"strconv"
	"testing"

	"github.com/consensys/gnark-crypto/ecc"
	bls12377 "github.com/consensys/gnark-crypto/ecc/bls12-377"
	fr377 "github.com/consensys/gnark-crypto/ecc/bls12-377/fr"
	bls12381 "github.com/consensys/gnark-crypto/ecc/bls12-381"
	fr381 "github.com/consensys/gnark-crypto/ecc/bls12-381/fr"
	"github.com/consensys/gnark-crypto/ecc/bn254"
	frbn254 "github.com/consensys/gnark-crypto/ecc/bn254/fr"
	"github.com/consensys/gnark-crypto/ecc/secp256k1"
	frk1 "github.com/consensys/gnark-crypto/ecc/secp256k1/fr"
	gpukit "github.com/gpukit/gpukit/bindings/go"
)

// scalar is what the tests need of a gnark fr.Element.
type scalar[S any] interface {
	*S
	SetBytes([]byte) *S
	SetZero() *S
}

// curve is one curve under test: its adapter call, gnark-crypto's own
// MultiExp as the reference, and how to make points from scalars.
type curve[P any, S any, PS scalar[S]] struct {
	name     string
	adapter  func([]P, []S, gpukit.Config) (P, error)
	gnark    func([]P, []S) (P, error)
	points   func([]S) []P // k·G for each k
	equal    func(P, P) bool
	offCurve func() P // a point not on the curve
}

// Sizes 1 … 2^12 (GPUKIT_GNARK_LARGE=1 adds 2^16).
func sizes() []int {
	s := []int{1, 2, 3, 31, 256, 1000, 1 << 12}
	if v, _ := strconv.ParseBool(os.Getenv("GPUKIT_GNARK_LARGE")); v {
		s = append(s, 1<<16)
	}
	return s
}

func randomScalars[S any, PS scalar[S]](rng *rand.Rand, n int) []S {
	out := make([]S, n)
	var b [32]byte
	for i := range out {
		rng.Read(b[:])
		PS(&out[i]).SetBytes(b[:]) // reduced mod r
	}
	return out
}

func (c curve[P, S, PS]) check(t *testing.T, what string, points []P, scalars []S, config gpukit.Config) {
	t.Helper()
	want, err := c.gnark(points, scalars)
	if err != nil {
		t.Fatalf("%s: gnark MultiExp: %v", what, err)
	}
	got, err := c.adapter(points, scalars, config)
	if err != nil {
		t.Fatalf("%s: %v", what, err)
	}
	if !c.equal(got, want) {
		t.Fatalf("%s: gpukit %v != gnark %v", what, got, want)
	}
}

func (c curve[P, S, PS]) run(t *testing.T) {
	seed := int64(0x676e61726b) // "gnark"
	if s, err := strconv.ParseInt(os.Getenv("GPUKIT_TEST_SEED"), 10, 64); err == nil {
		seed = s
	}
	rng := rand.New(rand.NewSource(seed))
	defer func() {
		if t.Failed() {
			t.Logf("seed %d (replay with GPUKIT_TEST_SEED=%d)", seed, seed)
		}
	}()
	cpu := gpukit.Config{Backend: gpukit.BackendCPU, Window: 6}
	for _, n := range sizes() {
		scalars := randomScalars[S, PS](rng, n)
		points := c.points(randomScalars[S, PS](rng, n))
		c.check(t, "random n="+strconv.Itoa(n), points, scalars, gpukit.DefaultConfig())
		if n <= 256 {
			c.check(t, "random, CPU window 6, n="+strconv.Itoa(n), points, scalars, cpu)
		}
		if n >= 3 {
			// gnark's infinity (0, 0) among the points, a zero scalar.
			var inf P
			points[0] = inf
			PS(&scalars[1]).SetZero()
			c.check(t, "identity point and zero scalar, n="+strconv.Itoa(n), points, scalars, gpukit.DefaultConfig())
			for i := range scalars {
				PS(&scalars[i]).SetZero()
			}
			c.check(t, "zero scalars, n="+strconv.Itoa(n), points, scalars, gpukit.DefaultConfig())
		}
	}
	// Every point the identity.
	c.check(t, "identity points", make([]P, 5), randomScalars[S, PS](rng, 5), gpukit.DefaultConfig())

	// n = 0 is the identity, as for gnark.
	var zero P
	if got, err := c.adapter(nil, nil, gpukit.DefaultConfig()); err != nil || !c.equal(got, zero) {
		t.Fatalf("n = 0: %v, %v", got, err)
	}
	points := c.points(randomScalars[S, PS](rng, 2))
	if _, err := c.adapter(points, randomScalars[S, PS](rng, 1), gpukit.DefaultConfig()); !errors.Is(err, gpukit.ErrSizeMismatch) {
		t.Fatalf("2 points, 1 scalar: %v", err)
	}
	points[1] = c.offCurve()
	if _, err := c.adapter(points, randomScalars[S, PS](rng, 2), gpukit.DefaultConfig()); !errors.Is(err, gpukit.ErrPointNotOnCurve) {
		t.Fatalf("a point off the curve: %v", err)
	}
}

var multiExp = ecc.MultiExpConfig{}

func TestBN254G1(t *testing.T) {
	_, _, g, _ := bn254.Generators()
	curve[bn254.G1Affine, frbn254.Element, *frbn254.Element]{
		name:    "bn254_g1",
		adapter: BN254G1MSMWithConfig,
		gnark: func(p []bn254.G1Affine, s []frbn254.Element) (bn254.G1Affine, error) {
			var r bn254.G1Affine
			_, err := r.MultiExp(p, s, multiExp)
			return r, err
		},
		points: func(k []frbn254.Element) []bn254.G1Affine { return bn254.BatchScalarMultiplicationG1(&g, k) },
		equal:  func(a, b bn254.G1Affine) bool { return a.Equal(&b) },
		offCurve: func() bn254.G1Affine {
			var p bn254.G1Affine
			p.X.SetOne()
			p.Y.SetOne() // 1 != 1 + 3
			return p
		},
	}.run(t)
}

func TestBLS12381G1(t *testing.T) {
	_, _, g, _ := bls12381.Generators()
	curve[bls12381.G1Affine, fr381.Element, *fr381.Element]{
		name:    "bls12_381_g1",
		adapter: BLS12381G1MSMWithConfig,
		gnark: func(p []bls12381.G1Affine, s []fr381.Element) (bls12381.G1Affine, error) {
			var r bls12381.G1Affine
			_, err := r.MultiExp(p, s, multiExp)
			return r, err
		},
		points: func(k []fr381.Element) []bls12381.G1Affine { return bls12381.BatchScalarMultiplicationG1(&g, k) },
		equal:  func(a, b bls12381.G1Affine) bool { return a.Equal(&b) },
		offCurve: func() bls12381.G1Affine {
			var p bls12381.G1Affine
			p.X.SetOne()
			p.Y.SetOne()
			return p
		},
	}.run(t)
}

func TestBLS12381G2(t *testing.T) {
	_, _, _, g := bls12381.Generators()
	curve[bls12381.G2Affine, fr381.Element, *fr381.Element]{
		name:    "bls12_381_g2",
		adapter: BLS12381G2MSMWithConfig,
		gnark: func(p []bls12381.G2Affine, s []fr381.Element) (bls12381.G2Affine, error) {
			var r bls12381.G2Affine
			_, err := r.MultiExp(p, s, multiExp)
			return r, err
		},
		points: func(k []fr381.Element) []bls12381.G2Affine { return bls12381.BatchScalarMultiplicationG2(&g, k) },
		equal:  func(a, b bls12381.G2Affine) bool { return a.Equal(&b) },
		offCurve: func() bls12381.G2Affine {
			// The generator with its X coordinates swapped: c1 ‖ c0 order,
			// gnark's serialisation, is not a point.
			p := g
			p.X.A0, p.X.A1 = g.X.A1, g.X.A0
			return p
		},
	}.run(t)
}

func TestBLS12377G1(t *testing.T) {
	_, _, g, _ := bls12377.Generators()
	curve[bls12377.G1Affine, fr377.Element, *fr377.Element]{
		name:    "bls12_377_g1",
		adapter: BLS12377G1MSMWithConfig,
		gnark: func(p []bls12377.G1Affine, s []fr377.Element) (bls12377.G1Affine, error) {
			var r bls12377.G1Affine
			_, err := r.MultiExp(p, s, multiExp)
			return r, err
		},
		points: func(k []fr377.Element) []bls12377.G1Affine { return bls12377.BatchScalarMultiplicationG1(&g, k) },
		equal:  func(a, b bls12377.G1Affine) bool { return a.Equal(&b) },
		offCurve: func() bls12377.G1Affine {
			var p bls12377.G1Affine
			p.X.SetOne()
			p.Y.SetOne()
			return p
		},
	}.run(t)
}

func TestSecp256k1(t *testing.T) {
	_, g := secp256k1.Generators()
	curve[secp256k1.G1Affine, frk1.Element, *frk1.Element]{
		name:    "secp256k1",
		adapter: Secp256k1MSMWithConfig,
		// gnark-crypto v0.19.2's secp256k1 MultiExp and
		// BatchScalarMultiplicationG1 panic (index out of range: the signed
		// digits of a full 256-bit scalar overflow the top window) when the
		// count makes them pick a large window: the reference adds
		// MultiExps over chunks of at most 1024 points (window <= 9 bits).
		gnark: func(p []secp256k1.G1Affine, s []frk1.Element) (secp256k1.G1Affine, error) {
			var sum secp256k1.G1Jac
			for start := 0; start < len(p); start += 1024 {
				end := min(start+1024, len(p))
				var part secp256k1.G1Jac
				if _, err := part.MultiExp(p[start:end], s[start:end], multiExp); err != nil {
					return secp256k1.G1Affine{}, err
				}
				sum.AddAssign(&part)
			}
			var r secp256k1.G1Affine
			r.FromJacobian(&sum)
			return r, nil
		},
		points: func(k []frk1.Element) []secp256k1.G1Affine {
			// Chunked for the same bug (its window grows with the count).
			var out []secp256k1.G1Affine
			for start := 0; start < len(k); start += 128 {
				out = append(out, secp256k1.BatchScalarMultiplicationG1(&g, k[start:min(start+128, len(k))])...)
			}
			return out
		},
		equal: func(a, b secp256k1.G1Affine) bool { return a.Equal(&b) },
		offCurve: func() secp256k1.G1Affine {
			var p secp256k1.G1Affine
			p.X.SetOne()
			p.Y.SetOne() // 1 != 1 + 7
			return p
		},
	}.run(t)
}

// The one-call wrappers (default config) agree with the config ones.
func TestDefaultConfigWrappers(t *testing.T) {
	_, _, g1, g2 := bls12381.Generators()
	var k fr381.Element
	k.SetUint64(5)
	ks := []fr381.Element{k}
	if got, err := BLS12381G1MSM([]bls12381.G1Affine{g1}, ks); err != nil || !got.Equal(new(bls12381.G1Affine).ScalarMultiplication(&g1, k.BigInt(new(big.Int)))) {
		t.Fatalf("BLS12381G1MSM: %v %v", got, err)
	}
	if got, err := BLS12381G2MSM([]bls12381.G2Affine{g2}, ks); err != nil || !got.Equal(new(bls12381.G2Affine).ScalarMultiplication(&g2, k.BigInt(new(big.Int)))) {
		t.Fatalf("BLS12381G2MSM: %v %v", got, err)
	}
	_, _, b, _ := bn254.Generators()
	var kb frbn254.Element
	kb.SetUint64(5)
	if got, err := BN254G1MSM([]bn254.G1Affine{b}, []frbn254.Element{kb}); err != nil || !got.Equal(new(bn254.G1Affine).ScalarMultiplication(&b, kb.BigInt(new(big.Int)))) {
		t.Fatalf("BN254G1MSM: %v %v", got, err)
	}
	_, _, c, _ := bls12377.Generators()
	var kc fr377.Element
	kc.SetUint64(5)
	if got, err := BLS12377G1MSM([]bls12377.G1Affine{c}, []fr377.Element{kc}); err != nil || !got.Equal(new(bls12377.G1Affine).ScalarMultiplication(&c, kc.BigInt(new(big.Int)))) {
		t.Fatalf("BLS12377G1MSM: %v %v", got, err)
	}
	_, s := secp256k1.Generators()
	var kk frk1.Element
	kk.SetUint64(5)
	if got, err := Secp256k1MSM([]secp256k1.G1Affine{s}, []frk1.Element{kk}); err != nil || !got.Equal(new(secp256k1.G1Affine).ScalarMultiplication(&s, kk.BigInt(new(big.Int)))) {
		t.Fatalf("Secp256k1MSM: %v %v", got, err)
	}
}
