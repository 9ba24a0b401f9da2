package cli

import (
	"bytes"
	"context"
	"errors"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/burrlab/burrlab/model"
	"github.com/burrlab/burrlab/model/grid"
	"github.com/burrlab/burrlab/model/xmpuzzle"
)

// longCheckPuzzle is a crafted file whose single stored solution takes
// seconds to check, within the memory budget: two 32³ cubes side by side
// (64 KiB of voxels, a few KB gzipped), and a disassembly in which the
// second cube slides out and back moves times before it is taken away;
// every move is checked over all 2^16 cells.
func longCheckPuzzle(t *testing.T, moves int) string {
	t.Helper()
	cube := func(x int) model.Shape {
		s := model.NewShape(grid.Vec{x, 32, 32})
		for i := range s.Voxels {
			s.Voxels[i] = model.Voxel(model.Filled)
		}
		return s
	}
	p := &model.Puzzle{Grid: grid.Cubes, Shapes: []model.Shape{cube(64), cube(32)}}
	pr := model.NewProblem("long check")
	pr.Result = 0
	pr.Parts = []model.Part{{Shape: 1, Min: 2, Max: 2}}
	asm := model.Assembly{{Pos: grid.Vec{0, 0, 0}}, {Pos: grid.Vec{32, 0, 0}}}
	sep := &model.Separation{Pieces: []int{0, 1}}
	for i := range moves {
		sep.States = append(sep.States, []grid.Vec{{}, {32 + i%2, 0, 0}})
	}
	sep.States = append(sep.States, []grid.Vec{{}, {32 + (moves-1)%2 + model.RemoveDistance, 0, 0}})
	pr.Solutions = []model.Solution{{Assembly: asm, Disassembly: sep}}
	p.Problems = []model.Problem{pr}
	path := filepath.Join(t.TempDir(), "long.xmpuzzle")
	if err := xmpuzzle.WriteFile(path, p); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestCheckStopsQuickly: `burr check` stops inside a single long check
// (before, it stopped only between stored solutions, so one solution of
// huge pieces ran for seconds after Ctrl-C). The crafted solution is
// first checked whole, to know it is valid and how long it takes; then
// the check is cancelled a tenth of the way in and must return
// context.Canceled within a bound, long before the full check's time.
func TestCheckStopsQuickly(t *testing.T) {
	p, err := xmpuzzle.ReadFile(longCheckPuzzle(t, 80))
	if err != nil {
		t.Fatal(err)
	}
	pr := &p.Problems[0]
	at := func(int, int) {}

	start := time.Now()
	asm, dis, _, err := checkProblem(context.Background(), p, pr, 0, at)
	full := time.Since(start)
	if err != nil || asm != 1 || dis != 1 {
		t.Fatalf("full check: %d assemblies, %d disassemblies, %v; want 1, 1, nil", asm, dis, err)
	}

	ctx, cancel := context.WithCancel(context.Background())
	after := full / 10
	time.AfterFunc(after, cancel)
	start = time.Now()
	_, _, _, err = checkProblem(ctx, p, pr, 0, at)
	took := time.Since(start)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled check returned %v, want context.Canceled", err)
	}
	late := took - after
	t.Logf("full check %v; cancelled after %v, returned %v later", full, after, late)
	// 100 ms is the aim; a loaded 2-core machine gets a generous bound,
	// still far below the full check.
	if late > time.Second || took > full/2 {
		t.Errorf("returned %v after the cancel (full check %v)", late, full)
	}
}

// TestCheckProgressLine: a check that runs past a second shows which
// solution it is at, and the line is gone when the check stops.
func TestCheckProgressLine(t *testing.T) {
	var b syncBuffer
	w := watchCheck(&progress{w: &b})
	w.at(3)(4, 10)
	w.mu.Lock()
	w.from = time.Now().Add(-2 * time.Second) // as if it had run for 2 s
	w.mu.Unlock()
	deadline := time.Now().Add(5 * time.Second)
	for !strings.Contains(b.String(), "checking problem 3: solution 5 of 10 (Ctrl-C stops)") {
		if time.Now().After(deadline) {
			t.Fatalf("no progress line after 5 s: %q", b.String())
		}
		time.Sleep(10 * time.Millisecond)
	}
	w.stop()
	if out := b.String(); !strings.HasSuffix(out, "\r\033[K") {
		t.Errorf("line not cleared at the end: %q", out)
	}
}

// syncBuffer is a bytes.Buffer safe for the progress goroutine and the test.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}
