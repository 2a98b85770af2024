package gpukit

import (
	"bytes"
	"fmt"
	"strings"
	"testing"
)

// reversedItems returns the items of size bytes in reverse order.
func reversedItems(items []byte, size int) []byte {
	out := make([]byte, 0, len(items))
	for i := len(items) - size; i >= 0; i -= size {
		out = append(out, items[i:i+size]...)
	}
	return out
}

// TestMSMBatch checks MSMBatch in both point-set modes against
// MSMWithConfig per vector and against the known answers, on every backend.
func TestMSMBatch(t *testing.T) {
	forEachCurve(t, func(t *testing.T, curve Curve) {
		for _, c := range mustReadKAT(t, curve) {
			if c.n == 0 || c.n > 300 {
				continue
			}
			pb := curve.PointBytes()
			zeros := make([]byte, len(c.scalars))
			scalars := [][]byte{c.scalars, zeros, reversedItems(c.scalars, ScalarBytes)}
			other := reversedItems(c.points, pb)
			for _, backend := range backends() {
				config := Config{Backend: backend}
				for _, points := range [][][]byte{{c.points}, {c.points, other, c.points}} {
					what := fmt.Sprintf("%s n=%d %d point sets", backendNames[backend], c.n, len(points))
					got, err := MSMBatch(curve, points, scalars, config)
					if err != nil {
						t.Fatalf("%s: %v", what, err)
					}
					if len(got) != len(scalars) {
						t.Fatalf("%s: %d results", what, len(got))
					}
					for j := range scalars {
						set := points[0]
						if len(points) > 1 {
							set = points[j]
						}
						want, err := MSMWithConfig(curve, set, scalars[j], config)
						expectResult(t, fmt.Sprintf("%s: MSM %d", what, j), got[j], err, want)
					}
					if !bytes.Equal(got[0], c.result) {
						t.Errorf("%s: MSM 0 is not the known answer", what)
					}
					if !bytes.Equal(got[1], identity(curve)) {
						t.Errorf("%s: zero scalars do not give the identity", what)
					}
				}
			}
		}
	})
}

// TestMSMBatchEdges: no MSMs, MSMs of no points.
func TestMSMBatchEdges(t *testing.T) {
	forEachCurve(t, func(t *testing.T, curve Curve) {
		got, err := MSMBatch(curve, [][]byte{nil}, nil, Config{})
		if err != nil || len(got) != 0 {
			t.Errorf("no MSMs: %d results, %v", len(got), err)
		}
		got, err = MSMBatch(curve, [][]byte{{}}, [][]byte{{}, {}}, Config{})
		if err != nil || len(got) != 2 {
			t.Fatalf("MSMs of no points: %d results, %v", len(got), err)
		}
		for j := range got {
			expectResult(t, fmt.Sprintf("MSM %d of no points", j), got[j], nil, identity(curve))
		}
	})
}

// TestMSMBatchFlatErrors: sizes that do not make whole MSMs, and no MSMs.
func TestMSMBatchFlatErrors(t *testing.T) {
	forEachCurve(t, func(t *testing.T, curve Curve) {
		points, scalars, n := fixture(t, curve)
		b, err := NewBases(curve, points, Config{})
		if err != nil {
			t.Fatal(err)
		}
		defer b.Close()
		_, err = b.MSMBatchFlat(scalars, 0)
		expectErr(t, curve.String()+": n = 0", err, ErrSizeMismatch)
		_, err = b.MSMBatchFlat(scalars[1:], n)
		expectErr(t, curve.String()+": a byte short", err, ErrSizeMismatch)
		_, err = b.MSMBatchFlat(append(scalars, scalars...), n+1)
		expectErr(t, curve.String()+": rows across MSMs", err, ErrSizeMismatch)
		if got, err := b.MSMBatchFlat(nil, n); err != nil || len(got) != 0 {
			t.Errorf("%s: no MSMs: %d bytes, %v", curve, len(got), err)
		}
		bad := withLast(scalars, bytes.Repeat([]byte{0xff}, ScalarBytes))
		_, err = b.MSMBatchFlat(append(append([]byte(nil), scalars...), bad...), n)
		expectErr(t, curve.String()+": a scalar >= r", err, ErrScalarOutOfRange)
	})
}

// TestMSMBatchErrors: every bad argument, with its status.
func TestMSMBatchErrors(t *testing.T) {
	for _, curve := range []Curve{0, Curve(len(Curves) + 1), 255} {
		_, err := MSMBatch(curve, [][]byte{nil}, [][]byte{nil}, Config{})
		expectErr(t, curve.String()+": MSMBatch", err, ErrUnknownCurve)
	}
	forEachCurve(t, func(t *testing.T, curve Curve) {
		points, scalars, n := fixture(t, curve)
		pb := curve.PointBytes()
		three := [][]byte{scalars, scalars, scalars}
		batch := func(what string, points, scalars [][]byte, config Config, want *Error) {
			t.Helper()
			_, err := MSMBatch(curve, points, scalars, config)
			expectErr(t, fmt.Sprintf("%s: %s", curve, what), err, want)
		}
		batch("2 point sets for 3 MSMs", [][]byte{points, points}, three, Config{}, ErrSizeMismatch)
		batch("ragged scalars", [][]byte{points}, [][]byte{scalars, scalars[ScalarBytes:]}, Config{}, ErrSizeMismatch)
		batch("a point short", [][]byte{points[pb:]}, three, Config{}, ErrSizeMismatch)
		batch("a byte of scalars short", [][]byte{points}, [][]byte{scalars[1:]}, Config{}, ErrSizeMismatch)
		batch("window too wide", [][]byte{points}, three, Config{Window: curve.MaxWindow() + 1}, ErrBadWindow)
		batch("validation 9", [][]byte{points}, three, Config{Validation: 9}, ErrBadConfig)
		badScalar := withLast(scalars, bytes.Repeat([]byte{0xff}, ScalarBytes))
		bad := [][]byte{scalars, badScalar, scalars}
		batch("a scalar >= r", [][]byte{points}, bad, Config{}, ErrScalarOutOfRange)
		batch("a scalar >= r, per-MSM points", [][]byte{points, points, points}, bad, Config{}, ErrScalarOutOfRange)
		// Bit 0 of the last point's x flipped: off the curve.
		badPoint := append([]byte(nil), points...)
		badPoint[(n-1)*pb] ^= 1
		for _, sets := range [][][]byte{{badPoint}, {points, points, badPoint}} {
			_, err := MSMBatch(curve, sets, three, Config{})
			expectErr(t, fmt.Sprintf("%s: a point off the curve in %d sets", curve, len(sets)), err, ErrPointNotOnCurve)
			var want string
			if len(sets) == 1 {
				want = fmt.Sprintf("the shared point set: point %d ", n-1)
			} else {
				want = fmt.Sprintf("MSM 2: point %d ", n-1)
			}
			if e, ok := err.(*Error); !ok || !strings.HasPrefix(e.Message, want) {
				t.Errorf("%s: %v does not start with %q", curve, err, want)
			}
		}
	})
}
