package gpukit

import (
	"bufio"
	"bytes"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// katDir holds the known-answer files shared by the Rust, C and Go tests.
var katDir = filepath.Join("..", "..", "tests", "kat")

type katCase struct {
	n                       uint32
	points, scalars, result []byte
}

// readKAT parses tests/kat/<curve>.kat: '#' comment lines; cases separated
// by blank lines; each case the lines "n <decimal>", "points <hex>",
// "scalars <hex>", "result <hex>" (the hex may be empty, with or without
// the space, when n = 0). Lines run to hundreds of KB: bufio.Reader, not a
// Scanner with its 64 KB line limit.
func readKAT(curve Curve) ([]katCase, error) {
	path := filepath.Join(katDir, curve.String()+".kat")
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	r := bufio.NewReader(f)
	lineNo := 0
	next := func() (string, error) {
		line, err := r.ReadString('\n')
		if err == io.EOF && line != "" {
			err = nil
		}
		lineNo++
		return strings.TrimRight(line, "\r\n"), err
	}
	field := func(key string, size int) ([]byte, error) {
		line, err := next()
		if err != nil {
			return nil, fmt.Errorf("%s:%d: want %q: %v", path, lineNo, key, err)
		}
		value := strings.TrimPrefix(line, key)
		if !strings.HasPrefix(line, key) || (value != "" && value[0] != ' ') {
			return nil, fmt.Errorf("%s:%d: want %q", path, lineNo, key)
		}
		b, err := hex.DecodeString(strings.TrimPrefix(value, " "))
		if err != nil || len(b) != size {
			return nil, fmt.Errorf("%s:%d: %s: want %d bytes of hex", path, lineNo, key, size)
		}
		return b, nil
	}
	pointBytes := curve.PointBytes()
	var cases []katCase
	for {
		line, err := next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, err
		}
		if line == "" || line[0] == '#' {
			continue
		}
		n, perr := strconv.ParseUint(strings.TrimPrefix(line, "n "), 10, 32)
		if !strings.HasPrefix(line, "n ") || perr != nil {
			return nil, fmt.Errorf("%s:%d: want \"n <decimal>\"", path, lineNo)
		}
		c := katCase{n: uint32(n)}
		if c.points, err = field("points", int(n)*pointBytes); err != nil {
			return nil, err
		}
		if c.scalars, err = field("scalars", int(n)*ScalarBytes); err != nil {
			return nil, err
		}
		if c.result, err = field("result", pointBytes); err != nil {
			return nil, err
		}
		cases = append(cases, c)
	}
	if len(cases) == 0 {
		return nil, fmt.Errorf("%s: no cases", path)
	}
	return cases, nil
}

func mustReadKAT(t testing.TB, curve Curve) []katCase {
	t.Helper()
	cases, err := readKAT(curve)
	if err != nil {
		t.Fatal(err)
	}
	return cases
}

func identity(curve Curve) []byte {
	id := make([]byte, curve.PointBytes())
	if twistedEdwards[curve] {
		id[len(id)/2] = 1 // the Edwards identity (0, 1)
	}
	return id
}

// backends lists the backends to test: the GPU only where one is visible.
func backends() []Backend {
	list := []Backend{BackendAuto, BackendSerial, BackendCPU}
	if GPUCount() > 0 {
		list = append(list, BackendGPU)
	}
	return list
}

var backendNames = map[Backend]string{BackendAuto: "auto", BackendSerial: "serial", BackendCPU: "cpu", BackendGPU: "gpu"}

func expectResult(t *testing.T, what string, got []byte, err error, want []byte) {
	t.Helper()
	if err != nil {
		t.Errorf("%s: %v", what, err)
	} else if !bytes.Equal(got, want) {
		t.Errorf("%s:\n got  %x\n want %x", what, got, want)
	}
}

func TestKAT(t *testing.T) {
	for _, curve := range Curves {
		curve := curve
		t.Run(curve.String(), func(t *testing.T) {
			t.Parallel()
			for i, c := range mustReadKAT(t, curve) {
				name := fmt.Sprintf("case %d (n=%d)", i, c.n)
				got, err := MSM(curve, c.points, c.scalars)
				expectResult(t, name+": MSM", got, err, c.result)
				got, err = MSMBlinded(curve, c.points, c.scalars)
				expectResult(t, name+": MSMBlinded", got, err, c.result)
				// Windows 1..16 over the cases: the explicit-window path, small and large.
				window := uint32(1 + i%16)
				got, err = MSMWithConfig(curve, c.points, c.scalars, Config{Window: window})
				expectResult(t, fmt.Sprintf("%s: MSMWithConfig window %d", name, window), got, err, c.result)
				for _, backend := range backends() {
					for _, blinded := range []bool{false, true} {
						config := Config{Backend: backend, Blinded: blinded}
						got, err = MSMWithConfig(curve, c.points, c.scalars, config)
						expectResult(t, fmt.Sprintf("%s: MSMWithConfig %s blinded=%v", name,
							backendNames[backend], blinded), got, err, c.result)
					}
				}
				if c.n > 0 {
					checkBases(t, curve, name, c)
				}
			}
		})
	}
}

// checkBases: the case through resident bases, one MSM and a batch
// [k, 0, k] -> [result, identity, result] (the zero row catches a batch
// that repeats or misplaces results).
func checkBases(t *testing.T, curve Curve, name string, c katCase) {
	t.Helper()
	for _, backend := range []Backend{BackendAuto, BackendCPU, BackendGPU} {
		if backend == BackendGPU && GPUCount() == 0 {
			continue
		}
		what := fmt.Sprintf("%s: Bases %s", name, backendNames[backend])
		b, err := NewBases(curve, c.points, Config{Backend: backend})
		if err != nil {
			t.Errorf("%s: NewBases: %v", what, err)
			continue
		}
		got, err := b.MSM(c.scalars)
		expectResult(t, what+" MSM", got, err, c.result)
		zero := make([]byte, len(c.scalars))
		batch, err := b.MSMBatch([][]byte{c.scalars, zero, c.scalars})
		if err != nil {
			t.Errorf("%s MSMBatch: %v", what, err)
		} else {
			for i, want := range [][]byte{c.result, identity(curve), c.result} {
				expectResult(t, fmt.Sprintf("%s MSMBatch[%d]", what, i), batch[i], nil, want)
			}
		}
		// The same rows packed in one buffer: the results packed alike.
		if c.n > 0 {
			flat, err := b.MSMBatchFlat(bytes.Join([][]byte{c.scalars, zero, c.scalars}, nil), int(c.n))
			want := bytes.Join([][]byte{c.result, identity(curve), c.result}, nil)
			expectResult(t, what+" MSMBatchFlat", flat, err, want)
		}
		b.Close()
	}
}
