package gpukit

import (
	"bytes"
	"errors"
	"testing"
)

// Page-locked inputs give the same results as any others, on every curve,
// one-shot and over resident bases, above the library's 1 MiB staged-copy
// size; the registration's errors are values.
func TestPageLockedInputs(t *testing.T) {
	if GPUCount() == 0 {
		_, err := PageLock(make([]byte, 1<<20))
		if !errors.Is(err, ErrNoDevice) {
			t.Fatalf("without a GPU: %v, want ErrNoDevice", err)
		}
		t.Skip("no GPU: the page-locked calls were not run")
	}
	const n = 1<<15 + 3
	for _, curve := range Curves {
		points, scalars := tiled(t, curve, n)
		want, err := MSMWithConfig(curve, points, scalars, Config{Backend: BackendCPU})
		if err != nil {
			t.Fatalf("%s: %v", curve, err)
		}
		lockedPoints, err := PageLock(append([]byte(nil), points...))
		if err != nil {
			t.Fatalf("%s: lock points: %v", curve, err)
		}
		lockedScalars, err := PageLock(append([]byte(nil), scalars...))
		if err != nil {
			t.Fatalf("%s: lock scalars: %v", curve, err)
		}
		got, err := MSMWithConfig(curve, lockedPoints.Bytes(), lockedScalars.Bytes(), Config{Backend: BackendGPU})
		if err != nil || !bytes.Equal(got, want) {
			t.Fatalf("%s one-shot, page-locked: %x (%v), want %x", curve, got, err, want)
		}
		bases, err := NewBases(curve, points, Config{Backend: BackendGPU})
		if err != nil {
			t.Fatalf("%s: bases: %v", curve, err)
		}
		got, err = bases.MSM(lockedScalars.Bytes())
		bases.Close()
		if err != nil || !bytes.Equal(got, want) {
			t.Fatalf("%s resident, page-locked: %x (%v), want %x", curve, got, err, want)
		}
		if _, err := PageLock(lockedScalars.Bytes()[64:128]); !errors.Is(err, ErrHostRegistration) {
			t.Fatalf("%s: a range inside a locked one: %v, want ErrHostRegistration", curve, err)
		}
		for _, l := range []*PageLocked{lockedPoints, lockedScalars} {
			if err := l.Unlock(); err != nil {
				t.Fatalf("%s: unlock: %v", curve, err)
			}
			if err := l.Unlock(); err != nil {
				t.Fatalf("%s: a second unlock: %v", curve, err)
			}
		}
	}
}

// tiled repeats the curve's KAT fixture (valid points, scalars below r) to
// n points and scalars.
func tiled(t *testing.T, curve Curve, n int) (points, scalars []byte) {
	t.Helper()
	p, s, m := fixture(t, curve)
	for i := 0; i < n; i++ {
		k := i % m
		points = append(points, p[k*curve.PointBytes():(k+1)*curve.PointBytes()]...)
		scalars = append(scalars, s[k*ScalarBytes:(k+1)*ScalarBytes]...)
	}
	return points, scalars
}

func TestPageLockEmpty(t *testing.T) {
	l, err := PageLock(nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := l.Unlock(); err != nil {
		t.Fatal(err)
	}
}
