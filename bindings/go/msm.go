package gpukit

import "fmt"

// MSM returns Σ scalars[i]·points[i] on curve, encoded as one affine point.
// points holds n points of curve.PointBytes() bytes, scalars n scalars of
// ScalarBytes bytes; n = 0 gives the identity. The library picks the
// backend and the window, and checks that every point is on the curve and
// every scalar below the group order r.
func MSM(curve Curve, points, scalars []byte) ([]byte, error) {
	n, out, err := prepare(curve, points, scalars)
	if err != nil {
		return nil, err
	}
	if err := callMSM(curve, points, scalars, out, n, false); err != nil {
		return nil, err
	}
	return out, nil
}

// MSMBlinded is MSM for secret scalars: each scalar kᵢ is split as aᵢ + bᵢ
// with aᵢ uniform from the OS's random generator, and the result is
// MSM(a) + MSM(b), so that the timing and memory pattern of each pass
// depend only on uniform scalars. It costs about twice an MSM.
func MSMBlinded(curve Curve, points, scalars []byte) ([]byte, error) {
	n, out, err := prepare(curve, points, scalars)
	if err != nil {
		return nil, err
	}
	if err := callMSM(curve, points, scalars, out, n, true); err != nil {
		return nil, err
	}
	return out, nil
}

// MSMWithConfig is MSM with the options of config (backend, window,
// validation, input form, GPU mask, blinding).
// Points and the result are in config.PointFormat.
func MSMWithConfig(curve Curve, points, scalars []byte, config Config) ([]byte, error) {
	n, out, err := prepareFormat(curve, points, scalars, config.PointFormat)
	if err != nil {
		return nil, err
	}
	if err := callMSMEx(curve, points, scalars, out, n, config); err != nil {
		return nil, err
	}
	return out, nil
}

// prepare checks the lengths before the library sees the slices (it trusts
// n), and allocates the result.
func prepare(curve Curve, points, scalars []byte) (uint32, []byte, error) {
	return prepareFormat(curve, points, scalars, PointUncompressed)
}

func prepareFormat(curve Curve, points, scalars []byte, format PointFormat) (uint32, []byte, error) {
	if curve.PointBytes() == 0 {
		return 0, nil, newError(StatusUnknownCurve, curve.String())
	}
	pointBytes := curve.FormatPointBytes(format)
	if pointBytes == 0 {
		return 0, nil, newError(StatusBadConfig, fmt.Sprintf("point format %d on %s", format, curve))
	}
	n, err := count(len(scalars), ScalarBytes, "scalars")
	if err != nil {
		return 0, nil, err
	}
	if uint64(len(points)) != uint64(n)*uint64(pointBytes) {
		return 0, nil, newError(StatusSizeMismatch, fmt.Sprintf(
			"%d scalars need %d bytes of %s points, got %d", n, uint64(n)*uint64(pointBytes), curve, len(points)))
	}
	return n, make([]byte, pointBytes), nil
}
