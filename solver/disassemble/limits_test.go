package disassemble

import (
	"context"
	"errors"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/burrlab/burrlab/internal/budget"
	"github.com/burrlab/burrlab/model/grid"
)

// TestMemoryLimit: twelve loose cubes shut in a hollow 10x10x10 box never
// come out, and they can be shuffled inside in more ways than any memory
// holds; the search, which keeps every position it has seen, must stop at
// the memory limit with a clear error instead of growing without bound.
func TestMemoryLimit(t *testing.T) {
	inner := box(grid.Vec{1, 1, 1}, grid.Vec{8, 8, 8})
	shell := box(grid.Vec{0, 0, 0}, grid.Vec{9, 9, 9}, inner...)
	pieces := [][]grid.Vec{shell}
	for i := range 12 {
		pieces = append(pieces, []grid.Vec{{1 + i%8, 1 + 3*(i/8), 1 + i%3}})
	}
	p, pr, a := puzzle(grid.Cubes, 0, pieces...)
	d, err := New(p, pr)
	if err != nil {
		t.Fatal(err)
	}
	const limit = 16 << 20
	d.SetMemoryLimit(limit)

	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	start := time.Now()
	sep, err := d.Disassemble(context.Background(), a)
	elapsed := time.Since(start)
	runtime.ReadMemStats(&after)

	var over *budget.Error
	if !errors.As(err, &over) || sep != nil {
		t.Fatalf("Disassemble = %v, %v; want a budget error", sep, err)
	}
	if over.Limit != limit || over.Need <= limit || !strings.Contains(err.Error(), "taking apart 13 pieces") ||
		!strings.Contains(err.Error(), "memory budget of 16 MiB") {
		t.Errorf("error %q (need %d, limit %d): want the pieces, the estimate and the limit", err, over.Need, over.Limit)
	}
	if elapsed > 20*time.Second {
		t.Errorf("took %v to stop", elapsed)
	}
	if got := after.TotalAlloc - before.TotalAlloc; got > 4*limit {
		t.Errorf("allocated %d MiB for a limit of 16 MiB", got>>20)
	}
	t.Logf("stopped after %v, %d MiB allocated: %v", elapsed, (after.TotalAlloc-before.TotalAlloc)>>20, err)

}
