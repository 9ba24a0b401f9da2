package ui

import (
	"math"
	"runtime"
	"testing"
	"time"

	"fyne.io/fyne/v2"
)

// The selection-to-frame path: Down in a focused solution list selects the
// next solution, which builds its scene and disassembly animation, moves
// the go-to bar, and the 3D view renders one frame. Holding Down repeats
// it at the keyboard's repeat rate, so a step must stay well under a
// frame's time (50 ms) and must not grow with the list.

// frameW and frameH are the 3D view's size in pixels, about what it takes
// in a full-screen window.
const frameW, frameH = 900, 700

// stepDown presses Down in the focused list and renders the frame the
// selection leads to, starting again from the top at the end of the list.
func stepDown(u *App, st *solveTab) {
	if st.list.selected() == len(st.sorted)-1 {
		pressKey(u, fyne.KeyHome)
	} else {
		pressKey(u, fyne.KeyDown)
	}
	st.view.draw(frameW, frameH)
}

// BenchmarkSolutionStep times the selection-to-frame path in a list of
// 100,000 solutions and reports the slowest step as well as the mean.
func BenchmarkSolutionStep(b *testing.B) {
	u, st := solveWith(b, trayCopies(b, 100000))
	stepDown(u, st) // the first frame makes the renderer
	var slowest time.Duration
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		start := time.Now()
		stepDown(u, st)
		slowest = max(slowest, time.Since(start))
	}
	b.ReportMetric(float64(slowest.Microseconds())/1000, "max-ms/step")
}

// stepCost is the allocations and bytes allocated per step, the least of
// three rounds of 30 steps (ten times the tray's three solutions): Fyne's
// caches expire on a timer, and a round that refills them costs more.
func stepCost(u *App, st *solveTab) (allocs, bytes float64) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	const steps = 30
	allocs, bytes = math.Inf(1), math.Inf(1)
	for round := 0; round < 3; round++ {
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		for k := 0; k < steps; k++ {
			stepDown(u, st)
		}
		runtime.ReadMemStats(&after)
		allocs = min(allocs, float64(after.Mallocs-before.Mallocs)/steps)
		bytes = min(bytes, float64(after.TotalAlloc-before.TotalAlloc)/steps)
	}
	return allocs, bytes
}

// TestSolutionStepDoesNotGrowWithTheList: a step allocates as much in a
// list of 100,000 solutions as in one of 1,000, so that no step does work
// in proportion to the list (a copy of the rows or of the order, a search
// allocating per row). Allocations are counted, not time, which would
// depend on the machine's load.
func TestSolutionStepDoesNotGrowWithTheList(t *testing.T) {
	cost := func(n int) (float64, float64) {
		u, st := solveWith(t, trayCopies(t, n))
		stepDown(u, st) // the first frame makes the renderer
		return stepCost(u, st)
	}
	smallN, smallB := cost(1000)
	largeN, largeB := cost(100000)
	if smallN == 0 || smallB == 0 {
		t.Fatal("a step allocates nothing: the path was not measured")
	}
	t.Logf("per step: %.0f allocations, %.0f bytes with 1,000 solutions; %.0f, %.0f with 100,000", smallN, smallB, largeN, largeB)
	// A tenth for the labels' longer numbers and the runtime's noise; a
	// copy of the 100,000 rows' order alone would be 800 KB, several
	// times a whole step.
	if largeN > smallN*1.1 || largeB > smallB*1.1 {
		t.Errorf("a step with 100,000 solutions costs %.0f allocations, %.0f bytes; with 1,000, %.0f and %.0f", largeN, largeB, smallN, smallB)
	}
}
