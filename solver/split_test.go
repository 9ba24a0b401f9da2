package solver

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/burrlab/burrlab/internal/puzzles"
	"github.com/burrlab/burrlab/model"
	"github.com/burrlab/burrlab/model/xmpuzzle"
	"github.com/burrlab/burrlab/solver/cover"
)

// balance splits problem 0 of p into n parts and searches each part with
// one worker, returning the nodes each part visits. The problem is
// prepared as a part of n is (the choice of symmetry breaker depends on
// n).
func balance(t testing.TB, p *model.Puzzle, n int) (nodes []uint64, pieces int, split time.Duration) {
	t.Helper()
	ctx := context.Background()
	s, err := Prepare(ctx, p, 0, Options{Part: 1, Parts: n})
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	ps, err := cover.Subdivide(ctx, s.m, n)
	if err != nil {
		t.Fatal(err)
	}
	split = time.Since(start)
	owner, _ := cover.Deal(ps, n)
	nodes = make([]uint64, n)
	for k, pc := range ps {
		res, err := cover.Search(ctx, s.m, cover.Options{Workers: 1, Jobs: []cover.Job{pc.Job},
			OnSolution: func(int, []int32) cover.Action { return cover.Continue }})
		if err != nil {
			t.Fatal(err)
		}
		nodes[owner[k]] += res.Nodes
	}
	return nodes, len(ps), split
}

// maxOverMean is the largest part's nodes over the mean part's.
func maxOverMean(nodes []uint64) float64 {
	var sum, mx uint64
	for _, x := range nodes {
		sum += x
		mx = max(mx, x)
	}
	return float64(mx) * float64(len(nodes)) / float64(sum)
}

// TestSplitBalance: split into 16 and into 64 parts, the pentominoes in
// 6x10 and in 6x5x2 and BurrTools' SolidSixPieceBurrs (a search of only
// 196,000 nodes, counted exactly by the split) give no part more than 1.3
// times the mean part's search nodes. (TestBalanceReport measures the
// README's table.)
func TestSplitBalance(t *testing.T) {
	burrs, err := xmpuzzle.ReadFile(filepath.Join(examplesDir(t), "SolidSixPieceBurrs.xmpuzzle"))
	if err != nil {
		t.Fatalf("%v (set BURRLAB_EXAMPLES to the folder of BurrTools' examples)", err)
	}
	for _, tc := range []struct {
		name string
		p    *model.Puzzle
	}{
		{"6x10", puzzles.PentominoBox(10, 6, 1)},
		{"6x5x2", puzzles.PentominoBox(6, 5, 2)},
		{"SolidSixPieceBurrs", burrs},
	} {
		for _, n := range []int{16, 64} {
			nodes, pieces, split := balance(t, tc.p, n)
			r := maxOverMean(nodes)
			t.Logf("%s in %d parts: %d pieces, split in %v, largest part %.3f times the mean", tc.name, n, pieces, split, r)
			if r > 1.3 {
				t.Errorf("%s in %d parts: the largest part visits %.3f times the mean part's nodes (at most 1.3)", tc.name, n, r)
			}
		}
	}
}

// TestBalanceReport prints the balance table of the README: set
// BURRLAB_BALANCE=all (or one name); it takes minutes.
func TestBalanceReport(t *testing.T) {
	if os.Getenv("BURRLAB_BALANCE") == "" {
		t.Skip("BURRLAB_BALANCE not set")
	}

	for _, tc := range []struct {
		name string
		p    *model.Puzzle
	}{
		{"pentominoes 6x10", puzzles.PentominoBox(10, 6, 1)},
		{"pentominoes 6x5x2", puzzles.PentominoBox(6, 5, 2)},
		{"pentominoes 5x4x3", puzzles.PentominoBox(5, 4, 3)},
		{"Bedlam", puzzles.Bedlam()},
		{"SolidSixPieceBurrs", nil},
	} {
		if tc.p == nil {
			var err error
			if tc.p, err = xmpuzzle.ReadFile(filepath.Join(examplesDir(t), "SolidSixPieceBurrs.xmpuzzle")); err != nil {
				t.Fatal(err)
			}
		}
		if only := os.Getenv("BURRLAB_BALANCE"); only != "all" && only != tc.name {
			continue
		}
		for _, n := range []int{2, 4, 8, 16, 64} {
			nodes, pieces, split := balance(t, tc.p, n)
			var sum uint64
			for _, x := range nodes {
				sum += x
			}
			t.Logf("%-20s N=%2d pieces %5d split %6.3fs nodes %10d max/mean %.3f", tc.name, n, pieces, split.Seconds(), sum, maxOverMean(nodes))
		}
	}
}

func TestPartStateText(t *testing.T) {
	for _, s := range []*State{
		{Fingerprint: "1234", Flags: 8, Part: 3, Parts: 7, Assemblies: 5, SplitVersion: 1, Jobs: []cover.Job{{Path: []int32{4, -1}, After: 9, Share: 0.5}}},
		{Fingerprint: "1234", Part: 1, Parts: 2, Unsplit: true},
		{Fingerprint: "1234", Part: 2, Parts: 2},
	} {
		got, err := DecodeState(s.Encode())
		if err != nil {
			t.Fatal(err)
		}
		if got.Part != s.Part || got.Parts != s.Parts || got.Unsplit != s.Unsplit || got.SplitVersion != s.SplitVersion || got.Flags != s.Flags || len(got.Jobs) != len(s.Jobs) || got.Disassembled() != (s.Flags&8 != 0) {
			t.Errorf("round trip of %+v: %+v", s, got)
		}
	}
	// A part outside 1..N does not decode.
	bad := (&State{Fingerprint: "1", Part: 2, Parts: 2}).Encode()
	bad = strings.Replace(bad, " 2 2 0 0 ", " 3 2 0 0 ", 1)
	if _, err := DecodeState(bad); err == nil {
		t.Errorf("%q decoded", bad)
	}
}

// drain runs a solver to its Done, returning the assemblies found.
func drain(t *testing.T, s *Solver, ctx context.Context) ([]string, Done) {
	t.Helper()
	var sols []string
	var done Done
	for ev := range s.Run(ctx) {
		switch ev := ev.(type) {
		case Found:
			sols = append(sols, fmt.Sprint(ev.Solution.Assembly))
		case Done:
			done = ev
		case Error:
			t.Fatal(ev.Err)
		}
	}
	return sols, done
}

// TestFirstAndContinue: Options.First stops after exactly that many
// assemblies, with two workers racing for the last places; continuing
// with First again and then without it finds the rest, each assembly once.
func TestFirstAndContinue(t *testing.T) {
	p := puzzles.PentominoBox(10, 6, 1)
	var all []string
	var resume *State
	for round, first := range []int{1, 7, 100, 0} {
		s, err := Prepare(context.Background(), p, 0, Options{Workers: 2, First: first, Resume: resume})
		if err != nil {
			t.Fatal(err)
		}
		sols, done := drain(t, s, context.Background())
		all = append(all, sols...)
		if first > 0 && (done.Complete || len(sols) != first || done.Assemblies != uint64(len(all))) {
			t.Fatalf("round %d, first %d: complete %v, %d found, %d counted", round, first, done.Complete, len(sols), done.Assemblies)
		}
		resume = done.State
		if first == 0 && (!done.Complete || done.Assemblies != 2339) {
			t.Fatalf("last round: complete %v, %d assemblies", done.Complete, done.Assemblies)
		}
	}
	slices.Sort(all)
	if n := len(all); n != 2339 || len(slices.Compact(all)) != 2339 {
		t.Errorf("%d assemblies found, %d different, want 2339", n, len(all))
	}
}

// TestPartStoppedWhileSplitting: a part cancelled before it has split the
// search leaves a State that splits and searches it when continued.
func TestPartStoppedWhileSplitting(t *testing.T) {
	p := puzzles.PentominoBox(10, 6, 1)
	var total uint64
	var all []string
	for part := 1; part <= 2; part++ {
		s, err := Prepare(context.Background(), p, 0, Options{Workers: 1, Part: part, Parts: 2})
		if err != nil {
			t.Fatal(err)
		}
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		_, done := drain(t, s, ctx)
		if done.Complete || done.State == nil || !done.State.Unsplit {
			t.Fatalf("part %d cancelled at once: complete %v, state %+v", part, done.Complete, done.State)
		}
		st, err := DecodeState(done.State.Encode())
		if err != nil {
			t.Fatal(err)
		}
		other := *st
		other.SplitVersion++
		if _, err := Prepare(context.Background(), p, 0, Options{Part: part, Parts: 2, Resume: &other}); !errors.Is(err, ErrStateMismatch) {
			t.Errorf("a part split by another version: %v, want ErrStateMismatch", err)
		}
		if _, err := Prepare(context.Background(), p, 0, Options{Part: 3 - part, Parts: 2, Resume: st}); !errors.Is(err, ErrStateMismatch) {
			t.Errorf("continued as the other part: %v, want ErrStateMismatch", err)
		}
		s, err = Prepare(context.Background(), p, 0, Options{Workers: 2, Part: part, Parts: 2, Resume: st})
		if err != nil {
			t.Fatal(err)
		}
		sols, done := drain(t, s, context.Background())
		if !done.Complete || done.State == nil || done.State.Unsplit || len(done.State.Jobs) != 0 {
			t.Fatalf("part %d continued: complete %v, state %+v", part, done.Complete, done.State)
		}
		total += done.Assemblies
		all = append(all, sols...)
	}
	slices.Sort(all)
	if total != 2339 || len(slices.Compact(all)) != 2339 {
		t.Errorf("%d assemblies counted, %d different, want 2339", total, len(all))
	}
}

// TestManyWorkersSubdivided: with many workers the search starts from the
// subdivision (the size threshold lowered for the test) and finds every
// assembly once, also when stopped and continued.
func TestManyWorkersSubdivided(t *testing.T) {
	defer func(n uint64) { subdivideNodes = n }(subdivideNodes)
	subdivideNodes = 0
	p := puzzles.PentominoBox(10, 6, 1)
	s, err := Prepare(context.Background(), p, 0, Options{Workers: 8})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	var first []string
	var done Done
	for ev := range s.Run(ctx) {
		switch ev := ev.(type) {
		case Found:
			first = append(first, fmt.Sprint(ev.Solution.Assembly))
			if len(first) == 500 {
				cancel()
			}
		case Done:
			done = ev
		}
	}
	cancel()
	if done.Complete || done.State == nil {
		t.Fatalf("stopped: complete %v, state %v", done.Complete, done.State)
	}
	s, err = Prepare(context.Background(), p, 0, Options{Workers: 8, Resume: done.State})
	if err != nil {
		t.Fatal(err)
	}
	rest, done := drain(t, s, context.Background())
	all := append(first, rest...)
	slices.Sort(all)
	if n := len(all); !done.Complete || done.Assemblies != 2339 || n != 2339 || len(slices.Compact(all)) != 2339 {
		t.Errorf("complete %v, %d assemblies counted, %d found, %d different; want 2339", done.Complete, done.Assemblies, n, len(all))
	}
}

// TestFirstAssemblyYCube: the 5x5x5 cube of 25 Y-pentominoes (1264
// assemblies, two minutes of search) shows its first assembly after a
// small part of its search: one worker gets there in about 215,000 nodes
// (0.1 to 0.3 s here).
func TestFirstAssemblyYCube(t *testing.T) {
	p := puzzles.YCube()
	start := time.Now()
	s, err := Prepare(context.Background(), p, 0, Options{Workers: 1, First: 1})
	if err != nil {
		t.Fatal(err)
	}
	var sols []model.Solution
	var done Done
	for ev := range s.Run(context.Background()) {
		switch ev := ev.(type) {
		case Found:
			sols = append(sols, ev.Solution)
		case Done:
			done = ev
		}
	}
	t.Logf("first assembly after %v, %d nodes", time.Since(start), done.Nodes)
	if len(sols) != 1 || done.Assemblies != 1 || done.Complete || done.State == nil {
		t.Fatalf("%d found, %d counted, complete %v", len(sols), done.Assemblies, done.Complete)
	}
	if err := model.CheckAssembly(p, &p.Problems[0], sols[0].Assembly); err != nil {
		t.Fatal(err)
	}
	if done.Nodes > 1_000_000 {
		t.Errorf("%d nodes to the first assembly, want well under a million", done.Nodes)
	}
}
