package gpukit

import (
	"bytes"
	"encoding/hex"
	"errors"
	"fmt"
	"strings"
	"testing"
)

// fixturePoints: invalid inputs go last among a few valid ones, so that a
// check that looks only at the first element is caught.
const fixturePoints = 4

// fixture returns the first (up to) fixturePoints points and scalars of the
// curve's first non-empty KAT case.
func fixture(t *testing.T, curve Curve) (points, scalars []byte, n int) {
	t.Helper()
	for _, c := range mustReadKAT(t, curve) {
		if c.n == 0 {
			continue
		}
		n = int(c.n)
		if n > fixturePoints {
			n = fixturePoints
		}
		pb := curve.PointBytes()
		return append([]byte(nil), c.points[:n*pb]...), append([]byte(nil), c.scalars[:n*ScalarBytes]...), n
	}
	t.Fatalf("%s: no non-empty KAT case", curve)
	return nil, nil, 0
}

// withLast returns a copy of items whose final len(last) bytes are last.
func withLast(items []byte, last []byte) []byte {
	out := append([]byte(nil), items...)
	copy(out[len(out)-len(last):], last)
	return out
}

func mustHex(t *testing.T, s string) []byte {
	t.Helper()
	b, err := hex.DecodeString(s)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// expectErr checks that err matches want through errors.Is, and no other
// sentinel, and that it carries a message.
func expectErr(t *testing.T, what string, err error, want *Error) {
	t.Helper()
	var e *Error
	switch {
	case !errors.Is(err, want):
		t.Errorf("%s: got %v, want %v", what, err, want)
	case !errors.As(err, &e) || e.Message == "":
		t.Errorf("%s: %v has no message", what, err)
	case errors.Is(err, otherThan(want)):
		t.Errorf("%s: %v also matches %v", what, err, otherThan(want))
	}
}

func otherThan(e *Error) *Error {
	if e.Code == StatusInternal {
		return ErrBadConfig
	}
	return ErrInternal
}

// oneShot runs the three one-shot entries (validation by default).
func oneShot(curve Curve, points, scalars []byte) map[string]error {
	errs := map[string]error{}
	_, errs["MSM"] = MSM(curve, points, scalars)
	_, errs["MSMBlinded"] = MSMBlinded(curve, points, scalars)
	_, errs["MSMWithConfig"] = MSMWithConfig(curve, points, scalars, DefaultConfig())
	return errs
}

func expectOneShot(t *testing.T, what string, curve Curve, points, scalars []byte, want *Error) {
	t.Helper()
	for entry, err := range oneShot(curve, points, scalars) {
		expectErr(t, fmt.Sprintf("%s: %s: %s", curve, entry, what), err, want)
	}
}

func newBasesErr(curve Curve, points []byte, config Config) error {
	b, err := NewBases(curve, points, config)
	if err == nil {
		b.Close()
	}
	return err
}

func forEachCurve(t *testing.T, test func(t *testing.T, curve Curve)) {
	for _, curve := range Curves {
		curve := curve
		t.Run(curve.String(), func(t *testing.T) { test(t, curve) })
	}
}

func TestUnknownCurve(t *testing.T) {
	for _, curve := range []Curve{0, Curve(len(Curves) + 1), 255} {
		if curve.PointBytes() != 0 || curve.MaxWindow() != 0 {
			t.Errorf("%s: PointBytes %d, MaxWindow %d, want 0", curve, curve.PointBytes(), curve.MaxWindow())
		}
		expectOneShot(t, "unknown curve", curve, nil, nil, ErrUnknownCurve)
		expectErr(t, curve.String()+": NewBases", newBasesErr(curve, make([]byte, 192), Config{}), ErrUnknownCurve)
	}
}

func TestEmptyIsIdentity(t *testing.T) {
	forEachCurve(t, func(t *testing.T, curve Curve) {
		for entry, err := range oneShot(curve, nil, nil) {
			if err != nil {
				t.Errorf("%s: %v", entry, err)
			}
		}
		got, err := MSM(curve, nil, nil)
		expectResult(t, "MSM of nothing", got, err, identity(curve))
		for _, backend := range []Backend{BackendSerial, BackendCPU} {
			got, err := MSMWithConfig(curve, []byte{}, []byte{}, Config{Backend: backend})
			expectResult(t, "MSMWithConfig of nothing, "+backendNames[backend], got, err, identity(curve))
		}
	})
}

func TestLengthChecks(t *testing.T) {
	forEachCurve(t, func(t *testing.T, curve Curve) {
		points, scalars, n := fixture(t, curve)
		expectOneShot(t, "scalars not a multiple of 32", curve, points, scalars[:len(scalars)-1], ErrSizeMismatch)
		expectOneShot(t, "one point short", curve, points[:len(points)-curve.PointBytes()], scalars, ErrSizeMismatch)
		expectOneShot(t, "one byte of points short", curve, points[:len(points)-1], scalars, ErrSizeMismatch)
		expectErr(t, "NewBases: points not a multiple of the point size",
			newBasesErr(curve, points[:len(points)-1], Config{}), ErrSizeMismatch)

		b, err := NewBases(curve, points, Config{})
		if err != nil {
			t.Fatal(err)
		}
		defer b.Close()
		if b.Len() != n || b.Curve() != curve {
			t.Errorf("Bases: Len %d, Curve %s; want %d, %s", b.Len(), b.Curve(), n, curve)
		}
		tooMany := make([]byte, (n+1)*ScalarBytes)
		_, err = b.MSM(tooMany)
		expectErr(t, "Bases.MSM: more scalars than bases", err, ErrSizeMismatch)
		_, err = b.MSMBatch([][]byte{tooMany, tooMany})
		expectErr(t, "Bases.MSMBatch: more scalars than bases", err, ErrSizeMismatch)
		_, err = b.MSMBatch([][]byte{scalars, scalars[:len(scalars)-ScalarBytes]})
		expectErr(t, "Bases.MSMBatch: rows of different lengths", err, ErrSizeMismatch)
		_, err = b.MSM(scalars[:len(scalars)-1])
		expectErr(t, "Bases.MSM: scalars not a multiple of 32", err, ErrSizeMismatch)
		empty, err := b.MSMBatch(nil)
		if err != nil || len(empty) != 0 {
			t.Errorf("Bases.MSMBatch(nil) = %v, %v; want no results", empty, err)
		}
	})
}

func TestBadWindow(t *testing.T) {
	forEachCurve(t, func(t *testing.T, curve Curve) {
		points, scalars, _ := fixture(t, curve)
		if curve.MaxWindow() != 24 {
			t.Errorf("MaxWindow %d, want 24", curve.MaxWindow())
		}
		for _, window := range []uint32{curve.MaxWindow() + 1, 1<<32 - 1} {
			_, err := MSMWithConfig(curve, points, scalars, Config{Window: window})
			expectErr(t, fmt.Sprintf("MSMWithConfig window %d", window), err, ErrBadWindow)
			expectErr(t, fmt.Sprintf("NewBases window %d", window),
				newBasesErr(curve, points, Config{Window: window}), ErrBadWindow)
		}
	})
}

func TestBadEncoding(t *testing.T) {
	forEachCurve(t, func(t *testing.T, curve Curve) {
		points, scalars, _ := fixture(t, curve)
		pb := curve.PointBytes()
		p := mustHex(t, baseModulusHex[curve])
		for _, offset := range []int{0, pb / 2} { // x = p, then y = p
			bad := append([]byte(nil), points[:pb]...)
			copy(bad[offset:], p)
			what := fmt.Sprintf("coordinate at byte %d = p", offset)
			expectOneShot(t, what, curve, withLast(points, bad), scalars, ErrBadEncoding)
			expectErr(t, "NewBases: "+what, newBasesErr(curve, withLast(points, bad), Config{}), ErrBadEncoding)
		}
	})
}

func TestPointNotOnCurve(t *testing.T) {
	forEachCurve(t, func(t *testing.T, curve Curve) {
		points, scalars, _ := fixture(t, curve)
		// (1, 1) is on none of the curves: y² = x³ + b needs b = 0, and
		// ax² + y² = 1 + dx²y² needs a = d.
		bad := make([]byte, curve.PointBytes())
		bad[0], bad[len(bad)/2] = 1, 1
		points = withLast(points, bad)
		expectOneShot(t, "point (1, 1)", curve, points, scalars, ErrPointNotOnCurve)
		_, err := MSMWithConfig(curve, points, scalars, Config{Validation: ValidateFull})
		expectErr(t, "MSMWithConfig full: point (1, 1)", err, ErrPointNotOnCurve)
		expectErr(t, "NewBases: point (1, 1)", newBasesErr(curve, points, Config{}), ErrPointNotOnCurve)
	})
}

func TestPointNotInSubgroup(t *testing.T) {
	forEachCurve(t, func(t *testing.T, curve Curve) {
		h, ok := notInSubgroupHex[curve]
		if !ok {
			t.Skip("cofactor 1: every point on the curve is in the group")
		}
		points, scalars, _ := fixture(t, curve)
		points = withLast(points, mustHex(t, h))
		_, err := MSMWithConfig(curve, points, scalars, Config{Validation: ValidateFull})
		expectErr(t, "MSMWithConfig full", err, ErrPointNotInSubgroup)
		expectErr(t, "NewBases (default full)", newBasesErr(curve, points, Config{}), ErrPointNotInSubgroup)
		if _, err := MSM(curve, points, scalars); err != nil {
			t.Errorf("MSM (on_curve by default) rejects a point on the curve: %v", err)
		}
		if err := newBasesErr(curve, points, Config{Validation: ValidateOnCurve}); err != nil {
			t.Errorf("NewBases on_curve rejects a point on the curve: %v", err)
		}
	})
}

func TestScalarOutOfRange(t *testing.T) {
	forEachCurve(t, func(t *testing.T, curve Curve) {
		points, scalars, _ := fixture(t, curve)
		r := mustHex(t, scalarModulusHex[curve])
		b, err := NewBases(curve, points, Config{})
		if err != nil {
			t.Fatal(err)
		}
		defer b.Close()
		for name, bad := range map[string][]byte{"r": r, "2^256-1": bytes.Repeat([]byte{0xff}, ScalarBytes)} {
			bad := withLast(scalars, bad)
			expectOneShot(t, "scalar "+name, curve, points, bad, ErrScalarOutOfRange)
			_, err := MSMWithConfig(curve, points, bad, Config{Validation: ValidateTrusted})
			expectErr(t, "MSMWithConfig trusted: scalar "+name, err, ErrScalarOutOfRange)
			_, err = b.MSM(bad)
			expectErr(t, "Bases.MSM: scalar "+name, err, ErrScalarOutOfRange)
		}
		rMinus1 := append([]byte(nil), r...)
		rMinus1[0]-- // r is odd: no borrow
		if _, err := MSM(curve, points, withLast(scalars, rMinus1)); err != nil {
			t.Errorf("scalar r-1: %v", err)
		}
	})
}

func TestBadConfig(t *testing.T) {
	forEachCurve(t, func(t *testing.T, curve Curve) {
		points, scalars, _ := fixture(t, curve)
		for name, config := range map[string]Config{
			"backend 9":    {Backend: 9},
			"validation 9": {Validation: 9},
			"input form 9": {InputForm: 9},
		} {
			_, err := MSMWithConfig(curve, points, scalars, config)
			expectErr(t, "MSMWithConfig "+name, err, ErrBadConfig)
			expectErr(t, "NewBases "+name, newBasesErr(curve, points, config), ErrBadConfig)
		}
	})
}

func TestNoDevice(t *testing.T) {
	if GPUCount() > 0 {
		t.Skip("a GPU is visible")
	}
	forEachCurve(t, func(t *testing.T, curve Curve) {
		points, scalars, _ := fixture(t, curve)
		_, err := MSMWithConfig(curve, points, scalars, Config{Backend: BackendGPU})
		expectErr(t, "MSMWithConfig gpu", err, ErrNoDevice)
		expectErr(t, "NewBases gpu", newBasesErr(curve, points, Config{Backend: BackendGPU}), ErrNoDevice)
	})
}

func TestClosedBases(t *testing.T) {
	points, scalars, _ := fixture(t, BN254G1)
	b, err := NewBases(BN254G1, points, Config{})
	if err != nil {
		t.Fatal(err)
	}
	if err := b.Close(); err != nil {
		t.Fatal(err)
	}
	if err := b.Close(); err != nil {
		t.Errorf("second Close: %v", err)
	}
	_, err = b.MSM(scalars)
	expectErr(t, "MSM after Close", err, ErrNullPointer)
	_, err = b.MSMBatch([][]byte{scalars})
	expectErr(t, "MSMBatch after Close", err, ErrNullPointer)
}

func TestStatusAndConfig(t *testing.T) {
	seen := map[string]Status{}
	for s := StatusOK; s <= StatusHostRegistration; s++ {
		str := s.String()
		if prev, dup := seen[str]; dup || str == "" {
			t.Errorf("status %d: %q (also status %d)", s, str, prev)
		}
		seen[str] = s
	}
	err := error(newError(StatusBadWindow, "window 99"))
	if !strings.Contains(err.Error(), "window 99") || !strings.Contains(err.Error(), StatusBadWindow.String()) {
		t.Errorf("Error() = %q: want the status and the message", err.Error())
	}
	if DefaultConfig() != (Config{}) {
		t.Errorf("DefaultConfig() = %+v, want the zero Config", DefaultConfig())
	}
}
