package solver

import (
	"context"
	"errors"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/burrlab/burrlab/model"
	"github.com/burrlab/burrlab/model/grid"
	"github.com/burrlab/burrlab/solver/assemble"
	"github.com/burrlab/burrlab/solver/cover"
)

// box returns an x by y by z shape of one state.
func box(x, y, z int, st model.State) model.Shape {
	s := model.NewShape(grid.Vec{x, y, z})
	for i := range s.Voxels {
		s.Voxels[i] = model.MakeVoxel(st, 0)
	}
	return s
}

// flat builds a one-layer cube shape from rows of '#'.
func flat(rows ...string) model.Shape {
	w := 0
	for _, r := range rows {
		w = max(w, len(r))
	}
	s := model.NewShape(grid.Vec{w, len(rows), 1})
	for y, r := range rows {
		for x, ch := range r {
			if ch == '#' {
				s.Set(grid.Vec{x, y, 0}, model.MakeVoxel(model.Filled, 0))
			}
		}
	}
	return s
}

// puzzle makes a cube puzzle from a result and parts given as
// (shape, min, max).
type part struct {
	s        model.Shape
	min, max int
}

func puzzle(result model.Shape, parts ...part) *model.Puzzle {
	p := &model.Puzzle{Grid: grid.Cubes}
	pr := model.NewProblem("test")
	for i, pt := range parts {
		p.Shapes = append(p.Shapes, pt.s)
		pr.Parts = append(pr.Parts, model.Part{Shape: i, Min: pt.min, Max: pt.max})
	}
	p.Shapes = append(p.Shapes, result)
	pr.Result = len(parts)
	p.Problems = []model.Problem{pr}
	return p
}

func pentominoes(rect model.Shape) *model.Puzzle {
	var parts []part
	for _, rows := range [][]string{
		{".##", "##.", ".#."}, {"#####"}, {"####", "#..."}, {"##..", ".###"},
		{"###", "##."}, {"###", ".#.", ".#."}, {"#.#", "###"}, {"#..", "#..", "###"},
		{"#..", "##.", ".##"}, {".#.", "###", ".#."}, {"####", ".#.."}, {"##.", ".#.", ".##"},
	} {
		parts = append(parts, part{flat(rows...), 1, 1})
	}
	return puzzle(rect, parts...)
}

// collect runs a search to the end and returns the Found events and Done.
func collect(t *testing.T, ch <-chan Event) ([]model.Solution, Done) {
	t.Helper()
	var sols []model.Solution
	var done Done
	seenDone := false
	for ev := range ch {
		switch ev := ev.(type) {
		case Found:
			sols = append(sols, ev.Solution)
		case Done:
			done, seenDone = ev, true
		case Error:
			t.Fatal(ev.Err)
		}
	}
	if !seenDone {
		t.Fatal("no Done event")
	}
	return sols, done
}

func TestSolvePentominoes(t *testing.T) {
	p := pentominoes(box(20, 3, 1, model.Filled))
	ch, err := Solve(context.Background(), p, 0, Options{Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	sols, done := collect(t, ch)
	if !done.Complete || done.Assemblies != 2 || len(sols) != 2 {
		t.Fatalf("done %+v with %d solutions, want 2 complete", done, len(sols))
	}
	for _, s := range sols {
		if err := model.CheckAssembly(p, &p.Problems[0], s.Assembly); err != nil {
			t.Error(err)
		}
	}
}

// TestCountOnly counts without Found events: the same counts, with and
// without disassembly, and none of the solutions.
func TestCountOnly(t *testing.T) {
	p := pentominoes(box(10, 6, 1, model.Filled))
	for _, dis := range []bool{false, true} {
		var want Done
		for _, countOnly := range []bool{false, true} {
			ch, err := Solve(context.Background(), p, 0, Options{Workers: 2, Disassemble: dis, CountOnly: countOnly})
			if err != nil {
				t.Fatal(err)
			}
			sols, done := collect(t, ch)
			if !countOnly {
				want = done
				if len(sols) == 0 {
					t.Fatal("no solutions reported")
				}
				continue
			}
			if len(sols) != 0 || done.Assemblies != want.Assemblies || done.Solutions != want.Solutions || !done.Complete {
				t.Errorf("disassemble %v: %d solutions reported, done %+v; want none and %+v", dis, len(sols), done, want)
			}
		}
	}
}

// TestStopAndContinue stops a search again and again and continues it
// from its encoded State; the assemblies found over all runs must be the
// complete set, numbered 0..n-1 without gaps or repeats.
func TestStopAndContinue(t *testing.T) {
	p := pentominoes(box(15, 4, 1, model.Filled))
	var all []model.Solution
	var resume *State
	lastFraction := 0.0
	for round := 0; ; round++ {
		if round > 1000 {
			t.Fatal("no progress")
		}
		ctx, cancel := context.WithCancel(context.Background())
		s, err := Prepare(ctx, p, 0, Options{Workers: 1 + round%2, Resume: resume})
		if err != nil {
			t.Fatal(err)
		}
		var done Done
		n := 0
		for ev := range s.Run(ctx) {
			switch ev := ev.(type) {
			case Found:
				all = append(all, ev.Solution)
				if n++; n == 40 {
					cancel()
				}
			case Done:
				done = ev
			case Error:
				t.Fatal(ev.Err)
			}
		}
		cancel()
		if done.Assemblies != uint64(len(all)) {
			t.Fatalf("round %d: Done counts %d, %d found", round, done.Assemblies, len(all))
		}
		// The fraction done grows from round to round and is 1 at the end.
		if done.Complete != (done.Fraction == 1) || done.Fraction < lastFraction {
			t.Fatalf("round %d: fraction %v after %v (complete %v)", round, done.Fraction, lastFraction, done.Complete)
		}
		lastFraction = done.Fraction
		if done.Complete {
			break
		}
		// Through the text form, as a file would keep it.
		if resume, err = DecodeState(done.State.Encode()); err != nil {
			t.Fatal(err)
		}
	}
	if len(all) != 368 {
		t.Fatalf("%d assemblies, want 368", len(all))
	}
	nums := make([]int, len(all))
	for i, s := range all {
		nums[i] = s.AsmNum
	}
	sort.Ints(nums)
	for i, n := range nums {
		if n != i {
			t.Fatalf("assembly numbers are not 0..%d: %v...", len(all)-1, nums[:i+1])
		}
	}
}

func TestResumeMismatch(t *testing.T) {
	p := pentominoes(box(15, 4, 1, model.Filled))
	st := &State{Fingerprint: "1234", Jobs: nil, SplitVersion: cover.SplitVersion}
	if _, err := Prepare(context.Background(), p, 0, Options{Resume: st}); !errors.Is(err, ErrStateMismatch) || !strings.Contains(err.Error(), "another problem") {
		t.Errorf("foreign state: error %v", err)
	}
	// Same problem, other options.
	ctx, cancel := context.WithCancel(context.Background())
	s, err := Prepare(ctx, p, 0, Options{Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	var done Done
	for ev := range s.Run(ctx) {
		switch ev := ev.(type) {
		case Found:
			cancel()
		case Done:
			done = ev
		}
	}
	cancel()
	if done.State == nil {
		t.Fatal("stopped search left no state")
	}
	// The message says which options differ, before the preparation
	// (here cancelled), and Fits says it without one.
	other := Options{KeepMirrors: true, Disassemble: true, Resume: done.State}
	_, err = Prepare(ctx, p, 0, other)
	if want := "keep mirrors was off for it, on here; disassemble was off for it, on here"; !errors.Is(err, ErrStateMismatch) || !strings.HasSuffix(err.Error(), want) {
		t.Errorf("other options: error %v, want one ending %q", err, want)
	}
	if fits := done.State.Fits(other); fits == nil || fits.Error() != err.Error() {
		t.Errorf("Fits: %v, Prepare: %v", fits, err)
	}
	// Same problem and options, saved by a version that searches
	// otherwise; the state as saved is taken.
	if done.State.SplitVersion != cover.SplitVersion {
		t.Errorf("state of split version %d, this one is %d", done.State.SplitVersion, cover.SplitVersion)
	}
	older := *done.State
	older.SplitVersion--
	if _, err := Prepare(context.Background(), p, 0, Options{Resume: &older}); !errors.Is(err, ErrStateMismatch) {
		t.Errorf("other version: error %v", err)
	}
	if _, err := Prepare(context.Background(), p, 0, Options{Resume: done.State}); err != nil {
		t.Errorf("the state as saved: %v", err)
	}
}

// TestStateText: a whole search's state round-trips through its text,
// version included, and one saved before states had a version (format
// 1) reads as oldVersion.
func TestStateText(t *testing.T) {
	s := &State{Fingerprint: "89abcdef01234567", Flags: 5, Assemblies: 1 << 40, Solutions: 7, Elapsed: 90 * time.Second, SplitVersion: 12}
	s.Jobs = append(s.Jobs, assembleJob())
	got, err := DecodeState(s.Encode())
	if err != nil {
		t.Fatal(err)
	}
	if got.Fingerprint != s.Fingerprint || got.Flags != 5 || got.Assemblies != s.Assemblies || got.Solutions != 7 || got.Elapsed != s.Elapsed || len(got.Jobs) != 1 || got.SplitVersion != 12 {
		t.Fatalf("round trip: %+v", got)
	}
	// The old layout: format 1 and no version after the flags.
	f := strings.Fields(s.Encode())
	f = append(f[:1:1], append([]string{"1"}, append(f[2:7:7], f[8:]...)...)...)
	f[0] = strconv.Itoa(len(f) - 1)
	old, err := DecodeState(strings.Join(f, " "))
	if err != nil {
		t.Fatal(err)
	}
	if old.SplitVersion != oldVersion || old.Assemblies != s.Assemblies || len(old.Jobs) != 1 {
		t.Fatalf("old layout: %+v", old)
	}
	if j := got.Jobs[0]; j.After != s.Jobs[0].After || len(j.Path) != 3 || j.Path[1] != -1 {
		t.Fatalf("job round trip: %+v", j)
	}
	for _, bad := range []string{"", "3 1 2", "2 1 2 3", "1 -5", "x"} {
		if _, err := DecodeState(bad); err == nil {
			t.Errorf("%q decoded", bad)
		}
	}
}

// TestMillionAssemblies streams 2^20 assemblies (every subset of a row of
// 20 optional cells, filled with single cubes, kept as found) and counts
// them without keeping any; memory must stay flat.
func TestMillionAssemblies(t *testing.T) {
	p := puzzle(box(20, 1, 1, model.Variable), part{box(1, 1, 1, model.Filled), 0, 20})
	const want = 1 << 20
	ch, err := Solve(context.Background(), p, 0, Options{KeepRotations: true})
	if err != nil {
		t.Fatal(err)
	}
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	n := uint64(0)
	var done Done
	for ev := range ch {
		switch ev := ev.(type) {
		case Found:
			if n++; n == want/2 {
				runtime.GC()
				runtime.ReadMemStats(&after)
			}
		case Done:
			done = ev
		}
	}
	if n != want || done.Assemblies != want || !done.Complete {
		t.Errorf("%d events, done %+v, want %d", n, done, want)
	}
	if grow := int64(after.HeapAlloc) - int64(before.HeapAlloc); grow > 8<<20 {
		t.Errorf("heap grew by %d bytes halfway through", grow)
	}
}

// TestSubsetsUpToReversal: subsets of a row of 16 optional cells, with
// subsets that are mirror images of each other counted once (the row's
// symmetries only reverse it): (2^16 + 2^8) / 2.
func TestSubsetsUpToReversal(t *testing.T) {
	p := puzzle(box(16, 1, 1, model.Variable), part{box(1, 1, 1, model.Filled), 0, 16})
	ch, err := Solve(context.Background(), p, 0, Options{Limit: 10})
	if err != nil {
		t.Fatal(err)
	}
	sols, done := collect(t, ch)
	if want := uint64(1<<16+1<<8) / 2; done.Assemblies != want || len(sols) != 10 {
		t.Errorf("%d assemblies (%d reported), want %d (10 reported)", done.Assemblies, len(sols), want)
	}
}

// TestDrop: of the (2^16 + 2^8) / 2 subsets above, Drop 1000 reports
// those numbered 0, 1000, 2000, ...: ceil(32896/1000) = 33, sampling the
// whole search; with Limit 5 the first 5 of them. With Disassemble the
// solutions' numbers decide.
func TestDrop(t *testing.T) {
	p := puzzle(box(16, 1, 1, model.Variable), part{box(1, 1, 1, model.Filled), 0, 16})
	for _, tc := range []struct {
		limit, want int
	}{{0, 33}, {5, 5}} {
		ch, err := Solve(context.Background(), p, 0, Options{Drop: 1000, Limit: tc.limit})
		if err != nil {
			t.Fatal(err)
		}
		sols, done := collect(t, ch)
		if done.Assemblies != 32896 || len(sols) != tc.want {
			t.Errorf("limit %d: %d assemblies, %d reported, want 32896 and %d", tc.limit, done.Assemblies, len(sols), tc.want)
		}
		for _, s := range sols {
			if s.AsmNum%1000 != 0 {
				t.Errorf("assembly #%d reported; only multiples of 1000 should be", s.AsmNum)
			}
		}
	}
	// Three dominoes in a 3x2 rectangle: 2 assemblies, both come apart.
	dom := box(2, 1, 1, model.Filled)
	ch, err := Solve(context.Background(), puzzle(box(3, 2, 1, model.Filled), part{dom, 3, 3}), 0, Options{Drop: 2, Disassemble: true})
	if err != nil {
		t.Fatal(err)
	}
	sols, done := collect(t, ch)
	if done.Solutions != 2 || len(sols) != 1 || sols[0].SolNum != 0 {
		t.Errorf("%d solutions, reported %+v; want solution 0 alone", done.Solutions, sols)
	}
	if _, err := Solve(context.Background(), p, 0, Options{Drop: -1}); err == nil {
		t.Error("a negative drop was accepted")
	}
}

// TestKeepRotations checks the option on cases small enough to count by
// hand. Three copies of a domino tile a 3x2 rectangle in 3 ways: all
// upright, or one upright at either end; the last two are mirror images
// (a half turn in space), so 2 count. With several copies of the piece no
// symmetry breaker can be used, so keeping rotations finds all 3.
//
// Two dominoes as two different parts tile a 2x2 square in 4 labelled
// ways (A above or below B, A left or right of B), all one up to
// rotation. Here BurrTools' symmetry breaker places A only lying along x,
// and keeping rotations only switches the filter off: 2, not 4, as the
// user guide warns ("somewhere between the right number and a multiple").
func TestKeepRotations(t *testing.T) {
	dom := box(2, 1, 1, model.Filled)
	for _, tc := range []struct {
		name string
		p    *model.Puzzle
		keep bool
		want uint64
	}{
		{"3 dominoes", puzzle(box(3, 2, 1, model.Filled), part{dom, 3, 3}), false, 2},
		{"3 dominoes, keep rotations", puzzle(box(3, 2, 1, model.Filled), part{dom, 3, 3}), true, 3},
		{"A and B", puzzle(box(2, 2, 1, model.Filled), part{dom, 1, 1}, part{dom, 1, 1}), false, 1},
		{"A and B, keep rotations", puzzle(box(2, 2, 1, model.Filled), part{dom, 1, 1}, part{dom, 1, 1}), true, 2},
	} {
		ch, err := Solve(context.Background(), tc.p, 0, Options{KeepRotations: tc.keep})
		if err != nil {
			t.Fatal(err)
		}
		if _, done := collect(t, ch); done.Assemblies != tc.want {
			t.Errorf("%s: %d assemblies, want %d", tc.name, done.Assemblies, tc.want)
		}
	}
}

func TestErrors(t *testing.T) {
	p := puzzle(box(2, 2, 1, model.Filled), part{flat("###"), 1, 1})
	_, err := Solve(context.Background(), p, 0, Options{})
	var pe *assemble.PlaceError
	var ue *assemble.UnitsError
	if !errors.As(err, &pe) && !errors.As(err, &ue) {
		t.Errorf("error %v", err)
	}
	if _, err := Solve(context.Background(), p, 3, Options{}); err == nil {
		t.Error("problem 3 of 1 accepted")
	}
}

func assembleJob() cover.Job {
	return cover.Job{Path: []int32{4, -1, 9}, After: 7, Share: 0.25}
}
