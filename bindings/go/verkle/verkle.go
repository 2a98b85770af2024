// Package verkle puts gpukit beside the committer that Verkle clients use:
// go-ipa's precomputed-table MSM over the 256-point Verkle CRS (the
// IPAConfig that go-verkle builds once and shares between goroutines).
// Both compute the same commitments, Banderwagon elements in their 32-byte
// serialization; the test checks them equal and cmd/verkle-bench times
// them on the shape a Verkle client runs, many 256-element vectors.
package verkle

import (
	"fmt"
	"math/rand"
	"runtime"
	"sync"
	"sync/atomic"

	"github.com/crate-crypto/go-ipa/bandersnatch/fr"
	"github.com/crate-crypto/go-ipa/banderwagon"
	"github.com/crate-crypto/go-ipa/ipa"

	gpukit "github.com/gpukit/gpukit/bindings/go"
)

// Width is the length of a Verkle vector: a node's 256 children.
const Width = 256

// CommitmentBytes is the size of a serialized Banderwagon element.
const CommitmentBytes = banderwagon.CompressedSize

// GoIPA is go-ipa's committer: the CRS generated from its seed and the
// precomputed tables of banderwagon.MSMPrecomp (16-bit windows for the
// first 5 points, 8-bit for the rest), as go-verkle's config holds it.
type GoIPA struct {
	config *ipa.IPAConfig
}

// NewGoIPA builds go-ipa's settings (a few seconds and about half a GiB of
// tables on one core; go-verkle pays it once per process).
func NewGoIPA() (*GoIPA, error) {
	config, err := ipa.NewIPASettings()
	if err != nil {
		return nil, fmt.Errorf("go-ipa settings: %w", err)
	}
	return &GoIPA{config: config}, nil
}

// CRSBytes is the CRS as go-ipa serializes it, 32 bytes a point, one after
// another: what gpukit takes as bases with gpukit.PointCompressed.
func (g *GoIPA) CRSBytes() []byte {
	out := make([]byte, 0, len(g.config.SRS)*CommitmentBytes)
	for _, p := range g.config.SRS {
		b := p.Bytes()
		out = append(out, b[:]...)
	}
	return out
}

// commitChunk is how many vectors a goroutine commits before serializing
// them together: one batch inversion per chunk (banderwagon.ElementsToBytes,
// as go-verkle serializes many commitments), and chunks small enough that
// the goroutines finish together.
const commitChunk = 64

// Commit computes the serialized commitment of every vector (each Width
// elements) on threads goroutines sharing the one committer, into out
// (len(vectors) * CommitmentBytes bytes).
func (g *GoIPA) Commit(vectors [][]fr.Element, threads int, out []byte) {
	if threads < 1 {
		threads = runtime.NumCPU()
	}
	var next atomic.Int64
	var wg sync.WaitGroup
	for w := 0; w < threads; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			elements := make([]banderwagon.Element, commitChunk)
			refs := make([]*banderwagon.Element, commitChunk)
			for {
				start := int(next.Add(commitChunk)) - commitChunk
				if start >= len(vectors) {
					return
				}
				end := min(start+commitChunk, len(vectors))
				for i := start; i < end; i++ {
					elements[i-start] = g.config.Commit(vectors[i])
					refs[i-start] = &elements[i-start]
				}
				for k, b := range banderwagon.ElementsToBytes(refs[:end-start]...) {
					copy(out[(start+k)*CommitmentBytes:], b[:])
				}
			}
		}()
	}
	wg.Wait()
}

// Gpukit is gpukit's resident bases over the same CRS, in the serialized
// Banderwagon format: points and results as go-ipa serializes them.
type Gpukit struct {
	bases *gpukit.Bases
}

// NewGpukit makes the CRS resident with the config's backend and tables
// (PointFormat is set to gpukit.PointCompressed) and default validation:
// every point is checked to be a Banderwagon element, once, here.
func NewGpukit(crs []byte, config gpukit.Config) (*Gpukit, error) {
	config.PointFormat = gpukit.PointCompressed
	bases, err := gpukit.NewBases(gpukit.Banderwagon, crs, config)
	if err != nil {
		return nil, err
	}
	return &Gpukit{bases: bases}, nil
}

// Commit computes the serialized commitment of every vector of scalars,
// packed: Width little-endian 32-byte scalars a vector, one after another.
// One library call for the whole batch.
func (k *Gpukit) Commit(scalars []byte) ([]byte, error) {
	return k.bases.MSMBatchFlat(scalars, Width)
}

// DeviceTables reports what the bases hold on the GPU (all zero on the host).
func (k *Gpukit) DeviceTables() (gpukit.DeviceTables, error) {
	return k.bases.DeviceTables()
}

// Close frees the bases.
func (k *Gpukit) Close() error { return k.bases.Close() }

// Vectors are count vectors of Width field elements in both systems' input
// forms: go-ipa's fr.Element (Montgomery form, as go-verkle holds them) and
// the packed little-endian bytes gpukit reads (go-verkle's own
// serialization of values, fr.Element.BytesLE).
type Vectors struct {
	Elements [][]fr.Element
	Packed   []byte
}

// RandomVectors draws count seeded vectors of uniform field elements on
// threads goroutines (vector i depends on the seed and i only, so results
// do not depend on the thread count). Every 16th vector keeps only its
// first 5 elements non-zero, as a tree key's commitment does (go-ipa's
// tables are widest for those points).
func RandomVectors(count int, seed int64, threads int) Vectors {
	if threads < 1 {
		threads = runtime.NumCPU()
	}
	backing := make([]fr.Element, count*Width)
	v := Vectors{Elements: make([][]fr.Element, count), Packed: make([]byte, count*Width*32)}
	var wg sync.WaitGroup
	for w := 0; w < threads; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			var wide [64]byte
			for i := w; i < count; i += threads {
				rng := rand.New(rand.NewSource(seed + int64(i)*0x5851f42d4c957f2d))
				row := backing[i*Width : (i+1)*Width : (i+1)*Width]
				for j := range row {
					if i%16 == 15 && j >= 5 {
						continue
					}
					// 64 random bytes reduced mod r: uniform up to 2^-250.
					rng.Read(wide[:])
					row[j].SetBytes(wide[:])
				}
				for j := range row {
					b := row[j].BytesLE()
					copy(v.Packed[(i*Width+j)*32:], b[:])
				}
				v.Elements[i] = row
			}
		}(w)
	}
	wg.Wait()
	return v
}
