// Command verkle-bench times Verkle commitments, count vectors of 256
// Banderwagon scalars against the Verkle CRS, in go-ipa (its precomputed
// committer on every core: goroutines sharing one committer, as go-verkle
// runs it) and in gpukit (the CRS resident, the scalars read from host
// memory inside the timing, one batch call), checks every commitment of
// every run equal between the two, and prints a table and a CSV line.
//
// Both systems are timed from their input in memory to serialized 32-byte
// commitments: go-ipa from []fr.Element (Montgomery form) through its
// tables and one batch serialization per 64 vectors; gpukit from the same
// values as packed little-endian bytes (fr.Element.BytesLE, prepared once,
// outside the timing) through one Bases.MSMBatchFlat call. Building
// go-ipa's tables and gpukit's resident bases is outside the timing.
//
// Exit status: 0 when every run agreed, 2 when a result differed or a
// system failed, 1 on bad flags.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"sort"
	"strings"
	"time"

	gpukit "github.com/gpukit/gpukit/bindings/go"
	"github.com/gpukit/gpukit/bindings/go/verkle"
)

type result struct {
	system string
	times  []time.Duration
	status string
}

func (r result) ms() (median, min, max float64) {
	if len(r.times) == 0 {
		return -1, -1, -1
	}
	t := make([]float64, len(r.times))
	for i, d := range r.times {
		t[i] = float64(d.Nanoseconds()) / 1e6
	}
	sort.Float64s(t)
	mid := len(t) / 2
	median = t[mid]
	if len(t)%2 == 0 {
		median = (t[mid-1] + t[mid]) / 2
	}
	return median, t[0], t[len(t)-1]
}

// measure runs f warmup times untimed, then reps times timed; every run's
// output must equal want (when want is nil, the first run's output becomes
// it). A failed or differing run ends the measurement without times.
func measure(system string, warmup, reps int, want *[]byte, f func() ([]byte, error)) result {
	r := result{system: system, status: "ok"}
	for i := 0; i < warmup+reps; i++ {
		start := time.Now()
		out, err := f()
		elapsed := time.Since(start)
		if err != nil {
			return result{system: system, status: "error: " + err.Error()}
		}
		if *want == nil {
			// A copy, after the clock: a system may reuse its buffer.
			*want = append([]byte(nil), out...)
		} else if !bytes.Equal(out, *want) {
			return result{system: system, status: "mismatch: " + firstDifference(out, *want)}
		}
		if i >= warmup {
			r.times = append(r.times, elapsed)
		}
	}
	return r
}

func firstDifference(got, want []byte) string {
	if len(got) != len(want) {
		return fmt.Sprintf("%d bytes of results, want %d", len(got), len(want))
	}
	for i := 0; i < len(got); i += verkle.CommitmentBytes {
		g, w := got[i:i+verkle.CommitmentBytes], want[i:i+verkle.CommitmentBytes]
		if !bytes.Equal(g, w) {
			return fmt.Sprintf("vector %d: %x, want %x", i/verkle.CommitmentBytes, g, w)
		}
	}
	return "none"
}

// deviceName asks nvidia-smi (gpukit's API reports only the device count).
func deviceName() string {
	if gpukit.GPUCount() == 0 {
		return "none"
	}
	out, err := exec.Command("nvidia-smi", "--query-gpu=name", "--format=csv,noheader").Output()
	if err != nil {
		return fmt.Sprintf("%d GPU(s), name unknown (nvidia-smi: %v)", gpukit.GPUCount(), err)
	}
	return strings.Join(strings.Fields(strings.ReplaceAll(strings.TrimSpace(string(out)), "\n", " + ")), " ")
}

func cpuModel() string {
	data, err := os.ReadFile("/proc/cpuinfo")
	if err != nil {
		return "unknown"
	}
	for _, line := range strings.Split(string(data), "\n") {
		if name, ok := strings.CutPrefix(line, "model name"); ok {
			return strings.TrimSpace(strings.TrimLeft(name, " \t:"))
		}
	}
	return "unknown"
}

var backends = map[string]gpukit.Backend{
	"auto": gpukit.BackendAuto, "serial": gpukit.BackendSerial, "cpu": gpukit.BackendCPU, "gpu": gpukit.BackendGPU,
}

func main() {
	count := flag.Int("count", 65536, "vectors (MSMs of 256 points) per run")
	reps := flag.Int("reps", 5, "timed runs per system")
	warmup := flag.Int("warmup", 1, "untimed runs before them")
	threads := flag.Int("threads", runtime.NumCPU(), "goroutines committing with go-ipa")
	seed := flag.Int64("seed", 0x6770756b6974, "seed of the random vectors")
	backendName := flag.String("backend", "gpu", "gpukit backend: gpu, cpu, auto or serial")
	fixedBase := flag.Uint("fixed-base", 0, "gpukit's fixed-base digit width (0 = auto, 1 = none, 2..16)")
	noGoIPA := flag.Bool("no-go-ipa", false, "skip go-ipa (then gpukit's runs are only checked against each other)")
	csvPath := flag.String("csv", "", "also append the CSV rows to this file")
	flag.Parse()
	backend, ok := backends[*backendName]
	if !ok || *count < 1 || *reps < 1 || *warmup < 0 || *threads < 1 {
		fmt.Fprintln(os.Stderr, "verkle-bench: bad flags (see -h)")
		os.Exit(1)
	}

	device := deviceName()
	fmt.Printf("verkle-bench: %d x %d Banderwagon commitments; %d goroutines for go-ipa on %d cores (%s); GPU: %s\n",
		*count, verkle.Width, *threads, runtime.NumCPU(), cpuModel(), device)

	setup := time.Now()
	goipa, err := verkle.NewGoIPA()
	if err != nil {
		fmt.Fprintln(os.Stderr, "verkle-bench:", err)
		os.Exit(2)
	}
	fmt.Printf("go-ipa settings (CRS and tables): %.0f ms\n", ms(time.Since(setup)))
	setup = time.Now()
	vectors := verkle.RandomVectors(*count, *seed, runtime.NumCPU())
	fmt.Printf("inputs: %.0f ms\n", ms(time.Since(setup)))

	var want []byte
	var results []result
	if !*noGoIPA {
		out := make([]byte, *count*verkle.CommitmentBytes)
		results = append(results, measure("go-ipa", *warmup, *reps, &want, func() ([]byte, error) {
			goipa.Commit(vectors.Elements, *threads, out)
			return out, nil
		}))
	}

	system := "gpukit-" + *backendName + "-resident"
	setup = time.Now()
	k, err := verkle.NewGpukit(goipa.CRSBytes(), gpukit.Config{Backend: backend, FixedBase: uint32(*fixedBase)})
	if err != nil {
		results = append(results, result{system: system, status: "error: " + err.Error()})
	} else {
		tables, _ := k.DeviceTables()
		fmt.Printf("gpukit bases: %.0f ms; device tables %+v\n", ms(time.Since(setup)), tables)
		results = append(results, measure(system, *warmup, *reps, &want, func() ([]byte, error) {
			return k.Commit(vectors.Packed)
		}))
		k.Close()
	}

	failed := false
	fmt.Printf("\n%-26s %12s %12s %12s  %s\n", "system", "median ms", "min ms", "max ms", "status")
	csv := []string{}
	for _, r := range results {
		median, lo, hi := r.ms()
		fmt.Printf("%-26s %12.2f %12.2f %12.2f  %s\n", r.system, median, lo, hi, r.status)
		failed = failed || r.status != "ok"
		csv = append(csv, fmt.Sprintf("banderwagon,%d,%d,%s,%d,%q,%q,%.4f,%.4f,%.4f,%d,%q",
			*count, verkle.Width, r.system, *threads, device, cpuModel(), median, lo, hi, len(r.times), r.status))
	}
	header := "curve,count,n,system,threads,device_name,cpu_model,median_ms,min_ms,max_ms,reps,status"
	fmt.Println("\n" + header)
	for _, line := range csv {
		fmt.Println(line)
	}
	if *csvPath != "" {
		if err := appendCSV(*csvPath, header, csv); err != nil {
			fmt.Fprintln(os.Stderr, "verkle-bench:", err)
			failed = true
		}
	}
	if failed {
		os.Exit(2)
	}
}

func ms(d time.Duration) float64 { return float64(d.Nanoseconds()) / 1e6 }

// appendCSV writes the header first when the file is new or empty.
func appendCSV(path, header string, lines []string) error {
	f, err := os.OpenFile(path, os.O_CREATE|os.O_APPEND|os.O_WRONLY, 0o644)
	if err != nil {
		return err
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return err
	}
	var b strings.Builder
	if info.Size() == 0 {
		b.WriteString(header + "\n")
	}
	for _, l := range lines {
		b.WriteString(l + "\n")
	}
	_, err = f.WriteString(b.String())
	return err
}
