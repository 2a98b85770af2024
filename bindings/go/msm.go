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

// MSMBatch runs len(scalars) MSMs of n points each over points that are not
// resident (NewBases is for those that are), in one library call
// (gpukit_msm_batch): result j is Σᵢ scalars[j][i]·P[i], where P is
// points[0] for every MSM when len(points) is 1, or points[j] when
// len(points) is len(scalars) (any other count is ErrSizeMismatch). Every
// scalars element holds the same n scalars, every points element n points
// in config.PointFormat; results come back in that format. config applies
// as in MSMWithConfig (ValidateDefault is ValidateOnCurve); Precompute and
// FixedBase are ignored. BackendAuto weighs the batch's whole work,
// n·len(scalars), against the GPU crossover: shared points then run as one
// batch (one pipeline on a GPU), per-MSM points in parallel on the CPU cores
// or one MSM after another on a GPU. Each result equals MSMWithConfig of
// its vector.
func MSMBatch(curve Curve, points, scalars [][]byte, config Config) ([][]byte, error) {
	if curve.PointBytes() == 0 {
		return nil, newError(StatusUnknownCurve, curve.String())
	}
	pointBytes := curve.FormatPointBytes(config.PointFormat)
	if pointBytes == 0 {
		return nil, newError(StatusBadConfig, fmt.Sprintf("point format %d on %s", config.PointFormat, curve))
	}
	batch := len(scalars)
	if uint64(batch) > 1<<32-1 {
		return nil, newError(StatusSizeMismatch, "more than 2^32-1 MSMs in one batch")
	}
	if len(points) != 1 && len(points) != batch {
		return nil, newError(StatusSizeMismatch, fmt.Sprintf(
			"%d point sets for %d MSMs: give 1 (shared) or %d (one per MSM)", len(points), batch, batch))
	}
	var n uint32
	if batch > 0 {
		var err error
		if n, err = count(len(scalars[0]), ScalarBytes, "scalars"); err != nil {
			return nil, err
		}
	}
	rowBytes := int(n) * ScalarBytes
	flatScalars := make([]byte, 0, batch*rowBytes)
	for j, row := range scalars {
		if len(row) != rowBytes {
			return nil, newError(StatusSizeMismatch,
				fmt.Sprintf("scalars[%d] has %d bytes, scalars[0] %d", j, len(row), rowBytes))
		}
		flatScalars = append(flatScalars, row...)
	}
	setBytes := int(n) * pointBytes
	for k, set := range points {
		if len(set) != setBytes {
			return nil, newError(StatusSizeMismatch, fmt.Sprintf(
				"points[%d] has %d bytes, %d %s points need %d", k, len(set), n, curve, setBytes))
		}
	}
	// A shared set goes to the library as it is; per-MSM sets side by side.
	var flatPoints []byte
	if len(points) == 1 {
		flatPoints = points[0]
	} else {
		flatPoints = make([]byte, 0, batch*setBytes)
		for _, set := range points {
			flatPoints = append(flatPoints, set...)
		}
	}
	out := make([]byte, batch*pointBytes)
	if err := callMSMBatch(curve, flatPoints, uint32(len(points)), flatScalars, n, uint32(batch), out, config); err != nil {
		return nil, err
	}
	results := make([][]byte, batch)
	for j := range results {
		results[j] = out[j*pointBytes : (j+1)*pointBytes : (j+1)*pointBytes]
	}
	return results, nil
}
