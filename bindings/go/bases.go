package gpukit

/*
#include "gpukit.h"
*/
import "C"

import (
	"fmt"
	"runtime"
	"sync"
)

// Bases are points validated and uploaded once (to every selected GPU, or
// kept on the host for the CPU backends), for many MSMs against them: the
// fast path of a prover that reuses one SRS. A Bases is safe for concurrent
// use; Close frees it (a finalizer does, too, when it is unreachable, but
// GPU memory is scarce enough to free it explicitly).
type Bases struct {
	mu     sync.RWMutex // MSMs share it, Close takes it alone
	handle *C.gpukit_bases
	curve  Curve
	n      int
	// pointBytes is the size of a point in the bases' point format.
	pointBytes int
}

// NewBases validates points (by default fully, with the subgroup check) and
// makes them resident. config as in MSMWithConfig; its Window is the
// default of the MSMs against these bases. Points and results are in
// config.PointFormat.
func NewBases(curve Curve, points []byte, config Config) (*Bases, error) {
	if curve.PointBytes() == 0 {
		return nil, newError(StatusUnknownCurve, curve.String())
	}
	pointBytes := curve.FormatPointBytes(config.PointFormat)
	if pointBytes == 0 {
		return nil, newError(StatusBadConfig, fmt.Sprintf("point format %d on %s", config.PointFormat, curve))
	}
	n, err := count(len(points), pointBytes, curve.String()+" points")
	if err != nil {
		return nil, err
	}
	handle, err := callBasesNew(curve, points, n, config)
	if err != nil {
		return nil, err
	}
	b := &Bases{handle: handle, curve: curve, n: int(n), pointBytes: pointBytes}
	runtime.SetFinalizer(b, (*Bases).Close)
	return b, nil
}

// Curve is the curve of the bases.
func (b *Bases) Curve() Curve { return b.curve }

// Len is the number of bases.
func (b *Bases) Len() int { return b.n }

// MSM returns Σ scalars[i]·bases[i] over the first len(scalars)/ScalarBytes
// bases (ErrSizeMismatch when there are more scalars than bases).
func (b *Bases) MSM(scalars []byte) ([]byte, error) {
	n, err := count(len(scalars), ScalarBytes, "scalars")
	if err != nil {
		return nil, err
	}
	out := make([]byte, b.pointBytes)
	if err := b.run(scalars, n, 1, out); err != nil {
		return nil, err
	}
	return out, nil
}

// MSMBatch runs one MSM per element of scalars, all of the same length,
// against the first len(scalars[i])/ScalarBytes bases, in one library call.
func (b *Bases) MSMBatch(scalars [][]byte) ([][]byte, error) {
	if len(scalars) == 0 {
		return [][]byte{}, nil
	}
	if uint64(len(scalars)) > 1<<32-1 {
		return nil, newError(StatusSizeMismatch, "more than 2^32-1 MSMs in one batch")
	}
	rowBytes := len(scalars[0])
	n, err := count(rowBytes, ScalarBytes, "scalars")
	if err != nil {
		return nil, err
	}
	flat := make([]byte, 0, len(scalars)*rowBytes)
	for i, row := range scalars {
		if len(row) != rowBytes {
			return nil, newError(StatusSizeMismatch,
				fmt.Sprintf("scalars[%d] has %d bytes, scalars[0] %d", i, len(row), rowBytes))
		}
		flat = append(flat, row...)
	}
	pointBytes := b.pointBytes
	out := make([]byte, len(scalars)*pointBytes)
	if err := b.run(flat, n, uint32(len(scalars)), out); err != nil {
		return nil, err
	}
	results := make([][]byte, len(scalars))
	for i := range results {
		results[i] = out[i*pointBytes : (i+1)*pointBytes : (i+1)*pointBytes]
	}
	return results, nil
}

// MSMBatchFlat is MSMBatch over vectors packed one after another in one
// buffer, len(scalars)/(n·ScalarBytes) MSMs of n scalars each, as the
// library's batch call takes them: the scalars go to the library without
// the copy MSMBatch makes to pack its rows (512 MiB for 65,536 Verkle
// vectors of 256 scalars). The results come back packed the same way, one
// point after another. n must be at least 1.
func (b *Bases) MSMBatchFlat(scalars []byte, n int) ([]byte, error) {
	if n < 1 || uint64(n) > 1<<32-1 {
		return nil, newError(StatusSizeMismatch, fmt.Sprintf("%d scalars per MSM", n))
	}
	rowBytes := n * ScalarBytes
	if len(scalars)%rowBytes != 0 {
		return nil, newError(StatusSizeMismatch,
			fmt.Sprintf("%d bytes of scalars are not MSMs of %d scalars", len(scalars), n))
	}
	batch := len(scalars) / rowBytes
	if uint64(batch) > 1<<32-1 {
		return nil, newError(StatusSizeMismatch, "more than 2^32-1 MSMs in one batch")
	}
	out := make([]byte, batch*b.pointBytes)
	if batch == 0 {
		return out, nil
	}
	if err := b.run(scalars, uint32(n), uint32(batch), out); err != nil {
		return nil, err
	}
	return out, nil
}

// DeviceTables describes what GPU-resident bases hold on the device.
type DeviceTables struct {
	Copies      uint32 // shifted copies per base (1 = none; copy k of P is 2^(k·Window)·P); 0 on the host
	Window      uint32 // the window the copies were built for; 0 when Copies <= 1; fixed-base tables: the digit width
	Multiples   uint32 // multiples per copy: 2^(Window-1) for fixed-base tables, else 1; 0 on the host
	DeviceBytes uint64 // device memory the bases hold on all GPUs together; 0 on the host
}

// DeviceTables reports the bases' precomputed tables on the GPU
// (Config.Precompute, Config.FixedBase); all zero when the bases are kept on
// the host.
func (b *Bases) DeviceTables() (DeviceTables, error) {
	b.mu.RLock()
	defer b.mu.RUnlock()
	if b.handle == nil {
		return DeviceTables{}, newError(StatusNullPointer, "Bases used after Close")
	}
	return callBasesDeviceInfo(b.handle)
}

func (b *Bases) run(scalars []byte, n, batch uint32, out []byte) error {
	b.mu.RLock()
	defer b.mu.RUnlock()
	if b.handle == nil {
		return newError(StatusNullPointer, "Bases used after Close")
	}
	return callBasesMSM(b.handle, scalars, n, batch, out)
}

// Close frees the bases; later MSMs return ErrNullPointer. Calling it again
// does nothing.
func (b *Bases) Close() error {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.handle != nil {
		callBasesFree(b.handle)
		b.handle = nil
		runtime.SetFinalizer(b, nil)
	}
	return nil
}
