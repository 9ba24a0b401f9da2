package solver

import (
	"bytes"
	"compress/gzip"
	"context"
	"errors"
	"fmt"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/burrlab/burrlab/internal/budget"
	"github.com/burrlab/burrlab/model"
	"github.com/burrlab/burrlab/model/grid"
	"github.com/burrlab/burrlab/model/xmpuzzle"
)

// craft returns a cube puzzle file, gzipped as a shared file would be:
// shape 0 is the result, a box of x*y*z cells in state res ('#' or '+');
// the other shapes and the problem's parts are given as XML.
func craft(x, y, z int, res string, shapes, parts, attrs string) []byte {
	xml := fmt.Sprintf(`<?xml version="1.0"?><puzzle version="2"><gridType type="0"/><colors/><shapes>`+
		`<voxel x="%d" y="%d" z="%d" type="0">%s</voxel>%s</shapes><problems><problem%s><shapes>%s</shapes>`+
		`<result id="0"/><bitmap/></problem></problems><comment/></puzzle>`,
		x, y, z, strings.Repeat(res, x*y*z), shapes, attrs, parts)
	return craftXML(xml)
}

// craftXML gzips a file's XML.
func craftXML(xml string) []byte {
	var b bytes.Buffer
	zw := gzip.NewWriter(&b)
	zw.Write([]byte(xml))
	zw.Close()
	return b.Bytes()
}

// voxel is a <voxel> element of a box full of filled cells.
func voxel(x, y, z int) string {
	return fmt.Sprintf(`<voxel x="%d" y="%d" z="%d" type="0">%s</voxel>`, x, y, z, strings.Repeat("#", x*y*z))
}

// Crafted files whose preparation or search would pass the memory budget:
// each is refused by Prepare with an error naming the budget, before the
// memory is spent (the allocations while preparing stay far below what
// the refused job needed). The time bounds allow for the race detector
// (make test) on a loaded machine; alone each takes under 0.5 s.
func TestBudgetCraftedFiles(t *testing.T) {
	// A sphere result of 256,000 cells: the sphere grid turns it 240 ways
	// (before: 2.5 GB before the solver refused a large sphere result).
	var sphere bytes.Buffer
	for i := range 80 * 80 * 80 {
		if x, y, z := i%80, i/80%80, i/6400; (x+y+z)%2 == 0 {
			sphere.WriteByte('#')
		} else {
			sphere.WriteByte('_')
		}
	}
	sphereFile := craftXML(`<puzzle version="2"><gridType type="2"/><shapes><voxel x="80" y="80" z="80" type="0">` + sphere.String() +
		`</voxel><voxel x="1" y="1" z="1" type="0">#</voxel></shapes><problems><problem><shapes><shape id="1" min="0" max="65535"/></shapes><result id="0"/></problem></problems></puzzle>`)
	tests := []struct {
		name     string
		file     []byte
		opts     Options
		want     string
		maxTime  time.Duration
		maxAlloc uint64
	}{
		// Before: 2.5 GB and 8 s for a count range up to 65,535.
		{"count range 0..65535 over 32^3 cells", craft(32, 32, 32, "#", voxel(1, 1, 1), `<shape id="1" min="0" max="65535"/>`, ""),
			Options{Workers: 2}, "more than the memory budget of 1.0 GiB", 20 * time.Second, 100 << 20},
		{"sphere result of 256,000 cells", sphereFile, Options{Workers: 1}, "turning the shapes and the result would need about", 20 * time.Second, 20 << 20},
		// A piece of 2^22 cells turned 48 ways: about 25 GB of tables.
		{"piece of 2^22 cells", craft(2, 1, 1, "#", voxel(256, 128, 128), `<shape id="1" min="0" max="1"/>`, ""),
			Options{Workers: 1}, "turning the shapes and the result would need about", 20 * time.Second, 100 << 20},
		// The placements of a 3x3x3 cube in a 30^3 box: 21,952 rows of 29
		// entries, about 44 MB on top of 33 MB for the result's tables and
		// its 48 symmetric images; a budget of 48 MiB stops it on the way.
		{"placements past a 48 MiB budget", craft(30, 30, 30, "+", voxel(3, 3, 3), `<shape id="1" min="0" max="1000"/>`, ""),
			Options{Workers: 1, MaxMemory: 48 << 20}, "the placements would need about 48 MiB, more than the memory budget of 48 MiB", 20 * time.Second, 48 << 20},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, err := xmpuzzle.Read(bytes.NewReader(tt.file))
			if err != nil {
				t.Fatal(err)
			}
			var before, after runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&before)
			start := time.Now()
			_, err = Prepare(context.Background(), p, 0, tt.opts)
			took := time.Since(start)
			runtime.ReadMemStats(&after)
			alloc := after.TotalAlloc - before.TotalAlloc
			t.Logf("%d bytes gzipped: %v, %d KB allocated: %v", len(tt.file), took, alloc>>10, err)
			var be *budget.Error
			if !errors.As(err, &be) || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("error %v, want a budget error mentioning %q", err, tt.want)
			}
			if took > tt.maxTime {
				t.Errorf("took %v, more than %v", took, tt.maxTime)
			}
			if alloc > tt.maxAlloc {
				t.Errorf("allocated %d MB, more than %d MB", alloc>>20, tt.maxAlloc>>20)
			}
		})
	}
}

// The examples' problems are far below the default budget; the largest
// estimate among them is HexSticks' (about 60 MB with two workers).
func TestBudgetLeavesRealPuzzlesAlone(t *testing.T) {
	p := pentominoes(box(10, 6, 1, model.Filled))
	s, err := Prepare(context.Background(), p, 0, Options{Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	if est := searchCost(s.asm, 2); est > 16<<20 {
		t.Errorf("pentominoes 6x10 estimated at %d MB", est>>20)
	}
}

// Cancelling a long preparation returns within 100 ms, in every phase:
// a 64^3 result of variable cells and an L piece in 24 orientations take
// a minute to prepare (without a budget). Each phase is cancelled at its
// first progress report, so the test follows the phases however fast
// they get. On a loaded machine the goroutine may wait for a core after
// the cancel, so each phase gets three tries; a phase that does not look
// at ctx fails all three.
func TestPrepareStopsQuickly(t *testing.T) {
	if testing.Short() || raceEnabled {
		t.Skip("prepares for seconds; a response time means nothing under the race detector (make test runs it without)")
	}
	l := model.NewShape(grid.Vec{3, 2, 2})
	for _, v := range []grid.Vec{{0, 0, 0}, {1, 0, 0}, {2, 0, 0}, {0, 1, 0}, {0, 0, 1}} {
		l.Set(v, model.MakeVoxel(model.Filled, 0))
	}
	p := puzzle(box(64, 64, 64, model.Variable), part{l, 0, 50000})
	phases := []string{"the result's symmetries", "placing the pieces", "the symmetry filter", "the search's selectors", "building the cover matrix"}
	for i, phase := range phases {
		var lates []time.Duration
		for range 3 {
			late, err := cancelLate(p, phases[i:])
			if !errors.Is(err, context.Canceled) {
				t.Fatalf("cancelled in %s: error %v", phase, err)
			}
			if lates = append(lates, late); late <= 100*time.Millisecond {
				break
			}
		}
		if late := lates[len(lates)-1]; late > 100*time.Millisecond {
			t.Errorf("cancelled in %s: returned %v later", phase, lates)
		}
	}
}

// cancelLate prepares p, cancels at the first progress report of one of
// phases (the first, or a later one where a phase took less than the
// 250 ms between reports), and returns how long after the cancel Prepare
// returned.
func cancelLate(p *model.Puzzle, phases []string) (time.Duration, error) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var at time.Time
	_, err := Prepare(ctx, p, 0, Options{Workers: 1, MaxMemory: 1 << 40, OnPrepare: func(pp PrepareProgress) {
		if at.IsZero() && slices.Contains(phases, pp.Phase) {
			at = time.Now()
			cancel()
		}
	}})
	if at.IsZero() {
		return 0, fmt.Errorf("no report of %v: %v", phases, err)
	}
	return time.Since(at), err
}

// A preparation that takes seconds reports its progress about every
// 250 ms, from the first phase on.
func TestPrepareReportsProgress(t *testing.T) {
	if testing.Short() {
		t.Skip("prepares for a second")
	}
	l := model.NewShape(grid.Vec{3, 2, 2})
	for _, v := range []grid.Vec{{0, 0, 0}, {1, 0, 0}, {2, 0, 0}, {0, 1, 0}, {0, 0, 1}} {
		l.Set(v, model.MakeVoxel(model.Filled, 0))
	}
	p := puzzle(box(64, 64, 64, model.Variable), part{l, 0, 50000})
	// Stop after the third report rather than at a fixed time: on a loaded
	// machine preparation may get little of a core, and the reports come
	// by elapsed time, not by work done.
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	var got []PrepareProgress
	_, err := Prepare(ctx, p, 0, Options{Workers: 1, MaxMemory: 1 << 40, OnPrepare: func(pp PrepareProgress) {
		if got = append(got, pp); len(got) == 3 {
			cancel()
		}
	}})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("error %v after %d reports", err, len(got))
	}
	for i, pp := range got {
		if pp.Phase == "" || pp.Fraction < 0 || pp.Fraction > 1 || pp.Elapsed < 250*time.Millisecond {
			t.Errorf("report %d: %+v", i, pp)
		}
		if i > 0 && pp.Elapsed-got[i-1].Elapsed < 250*time.Millisecond {
			t.Errorf("reports %d and %d %v apart", i-1, i, pp.Elapsed-got[i-1].Elapsed)
		}
	}
	t.Logf("%+v", got)
}

// A 200-byte file with a domino range 0..65535 over an 8x8x8 box of
// variable cells has astronomically many assemblies: its search cannot
// finish, but it prepares in bounded memory, reports progress, and stops
// within 100 ms of the cancel (three tries, as a loaded machine may keep
// the goroutines waiting for a core).
func TestEndlessSearchReportsAndStops(t *testing.T) {
	file := craft(8, 8, 8, "+", voxel(2, 1, 1), `<shape id="1" min="0" max="65535"/>`, "")
	p, err := xmpuzzle.Read(bytes.NewReader(file))
	if err != nil {
		t.Fatal(err)
	}
	var lates []time.Duration
	for range 3 {
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		s, err := Prepare(context.Background(), p, 0, Options{Workers: 1})
		runtime.ReadMemStats(&after)
		if err != nil {
			t.Fatal(err)
		}
		if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 20<<20 {
			t.Errorf("%d bytes gzipped: preparing allocated %d MB", len(file), alloc>>20)
		}
		late := stopAfterProgress(t, s, 3)
		if lates = append(lates, late); raceEnabled || late <= 100*time.Millisecond {
			return
		}
	}
	t.Errorf("Done came %v after the cancel", lates)
}

// stopAfterProgress runs s, cancels after n progress reports and returns
// how long after the cancel Done came.
func stopAfterProgress(t *testing.T, s *Solver, n int) time.Duration {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	progress := 0
	var cancelled time.Time
	var late time.Duration
	for ev := range s.Run(ctx) {
		switch ev := ev.(type) {
		case Progress:
			if progress++; progress == n {
				cancelled = time.Now()
				cancel()
			}
		case Done:
			late = time.Since(cancelled)
			if cancelled.IsZero() || ev.Complete || ev.State == nil {
				t.Fatalf("done after %d progress reports: complete %v", progress, ev.Complete)
			}
		}
	}
	return late
}
