package gpukit

import (
	"bytes"
	"fmt"
	"sync"
	"testing"
)

// TestConcurrentMSM: 16 goroutines run every KAT case of every curve at
// once (each its own rotation of the list), and share one Bases per curve.
func TestConcurrentMSM(t *testing.T) {
	const goroutines = 16
	type job struct {
		curve Curve
		c     katCase
		bases *Bases
	}
	var jobs []job
	for _, curve := range Curves {
		for _, c := range mustReadKAT(t, curve) {
			var b *Bases
			if c.n > 0 {
				var err error
				if b, err = NewBases(curve, c.points, Config{}); err != nil {
					t.Fatal(err)
				}
				defer b.Close()
			}
			jobs = append(jobs, job{curve, c, b})
		}
	}
	var wg sync.WaitGroup
	failures := make(chan string, goroutines*len(jobs)*2)
	start := make(chan struct{})
	for g := 0; g < goroutines; g++ {
		wg.Add(1)
		go func(g int) {
			defer wg.Done()
			<-start
			for k := range jobs {
				j := jobs[(k+g)%len(jobs)]
				got, err := MSM(j.curve, j.c.points, j.c.scalars)
				if err != nil || !bytes.Equal(got, j.c.result) {
					failures <- fmt.Sprintf("goroutine %d: %s n=%d: MSM = %x, %v", g, j.curve, j.c.n, got, err)
				}
				if j.bases == nil {
					continue
				}
				got, err = j.bases.MSM(j.c.scalars)
				if err != nil || !bytes.Equal(got, j.c.result) {
					failures <- fmt.Sprintf("goroutine %d: %s n=%d: Bases.MSM = %x, %v", g, j.curve, j.c.n, got, err)
				}
			}
		}(g)
	}
	close(start)
	wg.Wait()
	close(failures)
	for f := range failures {
		t.Error(f)
	}
}
