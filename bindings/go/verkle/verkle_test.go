package verkle

import (
	"bytes"
	"testing"

	"github.com/crate-crypto/go-ipa/bandersnatch/fr"

	gpukit "github.com/gpukit/gpukit/bindings/go"
)

// edgeVectors: the zero vector (the identity's serialization), every
// element r − 1, and single non-zero elements at both ends of the CRS (a
// 16-bit-window point and an 8-bit one in go-ipa's tables).
func edgeVectors() [][]fr.Element {
	zero := make([]fr.Element, Width)
	minusOne := make([]fr.Element, Width)
	for i := range minusOne {
		minusOne[i].SetOne()
		minusOne[i].Neg(&minusOne[i])
	}
	first := make([]fr.Element, Width)
	first[0].SetUint64(0xdead_beef)
	last := make([]fr.Element, Width)
	last[Width-1].Neg(&first[0])
	return [][]fr.Element{zero, minusOne, first, last}
}

func pack(vectors [][]fr.Element) []byte {
	out := make([]byte, 0, len(vectors)*Width*32)
	for _, v := range vectors {
		for j := range v {
			b := v[j].BytesLE()
			out = append(out, b[:]...)
		}
	}
	return out
}

// TestCommitmentsEqualGoIPA: gpukit's commitments over go-ipa's CRS, passed
// as go-ipa serializes it, equal go-ipa's precomputed committer's byte for
// byte, on every backend here (the GPU where one is visible).
func TestCommitmentsEqualGoIPA(t *testing.T) {
	goipa, err := NewGoIPA()
	if err != nil {
		t.Fatal(err)
	}
	// 100 random vectors: one full chunk of a goroutine and a partial one.
	random := RandomVectors(100, 0x7665726b6c65, 2)
	vectors := append(random.Elements, edgeVectors()...)
	packed := pack(vectors)
	if !bytes.Equal(packed[:len(random.Packed)], random.Packed) {
		t.Fatal("RandomVectors' packed scalars are not their elements' BytesLE")
	}
	want := make([]byte, len(vectors)*CommitmentBytes)
	// More goroutines than chunks: some find no work.
	goipa.Commit(vectors, 3, want)
	if got := want[100*CommitmentBytes : 101*CommitmentBytes]; !bytes.Equal(got, make([]byte, CommitmentBytes)) {
		t.Fatalf("go-ipa's commitment to zero is %x, not the identity's serialization", got)
	}
	single := make([]byte, len(vectors)*CommitmentBytes)
	goipa.Commit(vectors, 1, single)
	if !bytes.Equal(single, want) {
		t.Fatal("go-ipa's commitments depend on the goroutine count")
	}

	crs := goipa.CRSBytes()
	backends := []gpukit.Backend{gpukit.BackendAuto, gpukit.BackendSerial, gpukit.BackendCPU}
	if gpukit.GPUCount() > 0 {
		backends = append(backends, gpukit.BackendGPU)
	}
	for _, backend := range backends {
		k, err := NewGpukit(crs, gpukit.Config{Backend: backend})
		if err != nil {
			t.Fatalf("backend %d: bases: %v", backend, err)
		}
		got, err := k.Commit(packed)
		k.Close()
		if err != nil {
			t.Fatalf("backend %d: %v", backend, err)
		}
		for i := range vectors {
			g := got[i*CommitmentBytes : (i+1)*CommitmentBytes]
			w := want[i*CommitmentBytes : (i+1)*CommitmentBytes]
			if !bytes.Equal(g, w) {
				t.Errorf("backend %d, vector %d: gpukit %x, go-ipa %x", backend, i, g, w)
			}
		}
	}
}
