package model

import (
	"runtime"
	"strings"
	"testing"
	"time"
)

// Level and LevelCounts visit each node once: on a chain of 100,000
// separations (as a hostile outline could make before the reader capped
// the depth) they took quadratic time and memory.
func TestLevelLinear(t *testing.T) {
	const n = 100000
	var root *Separation
	for i := range n {
		moves := 1
		if i == 0 {
			moves = 2 // only the deepest node needs more than one move
		}
		root = &Separation{NumStates: moves + 1, Left: root}
	}
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	start := time.Now()
	level := root.Level()
	counts := root.LevelCounts()
	took := time.Since(start)
	runtime.ReadMemStats(&after)
	if want := strings.Repeat("1.", n-1) + "2"; level != want {
		t.Errorf("level %.20q..., want %.20q...", level, want)
	}
	if len(counts) != n || counts[0] != 2 || counts[n-1] != 3 {
		t.Errorf("%d counts, first %d, last %d", len(counts), counts[0], counts[n-1])
	}
	if alloc := after.TotalAlloc - before.TotalAlloc; took > time.Second || alloc > 20<<20 {
		t.Errorf("took %v and %d MB", took, alloc>>20)
	}
	// A tree without multi-move nodes has just the root's moves.
	flat := &Separation{NumStates: 2, Left: &Separation{NumStates: 2}, Removed: &Separation{NumStates: 2}}
	if got := flat.Level(); got != "1" {
		t.Errorf("level %q, want 1", got)
	}
	mixed := &Separation{NumStates: 4, Left: &Separation{NumStates: 2}, Removed: &Separation{NumStates: 3, Left: &Separation{NumStates: 2}}}
	if got := mixed.Level(); got != "3.2" {
		t.Errorf("level %q, want 3.2", got)
	}
}
