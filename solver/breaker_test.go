package solver

import (
	"context"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/burrlab/burrlab/internal/puzzles"
	"github.com/burrlab/burrlab/model"
	"github.com/burrlab/burrlab/solver/assemble"
	"github.com/burrlab/burrlab/solver/cover"
)

// solveAll solves problem 0 of p with opts and returns its assemblies as
// sorted strings and the breaker used.
func solveAll(t *testing.T, p *model.Puzzle, opts Options) ([]string, int) {
	t.Helper()
	s, err := Prepare(context.Background(), p, 0, opts)
	if err != nil {
		t.Fatal(err)
	}
	sols, done := collect(t, s.Run(context.Background()))
	out := make([]string, len(sols))
	for i, sol := range sols {
		out[i] = fmt.Sprint(sol.Assembly)
	}
	slices.Sort(out)
	if done.Assemblies != uint64(len(out)) {
		t.Fatalf("%d assemblies counted, %d found", done.Assemblies, len(out))
	}
	return out, s.Stats().Breaker
}

// TestBreakerByEstimate: with every search counted as long enough to try
// the other breakers, the boxes of pentominoes hand on the very
// assemblies they do with the assembler's own choice, BurrTools' counts,
// also where another part is chosen.
func TestBreakerByEstimate(t *testing.T) {
	defer func(n uint64) { breakerNodes = n }(breakerNodes)
	switched := 0
	for _, tc := range []struct {
		name    string
		p       *model.Puzzle
		mirrors bool
		want    int
	}{
		{"5x12", puzzles.PentominoBox(12, 5, 1), false, 1010},
		{"6x5x2", puzzles.PentominoBox(6, 5, 2), false, 264},
		{"6x5x2 with mirrors", puzzles.PentominoBox(6, 5, 2), true, 528},
	} {
		opts := Options{Workers: 2, KeepMirrors: tc.mirrors}
		breakerNodes = math.MaxUint64
		want, own := solveAll(t, tc.p, opts)
		breakerNodes = 0
		got, chosen := solveAll(t, tc.p, opts)
		if len(want) != tc.want || !slices.Equal(got, want) {
			t.Errorf("%s: %d assemblies with breaker %d, %d with breaker %d, want %d, the same", tc.name, len(want), own, len(got), chosen, tc.want)
		}
		t.Logf("%s: breaker %d by room, %d by estimate", tc.name, own, chosen)
		if chosen != own {
			switched++
		}
	}
	if switched == 0 {
		t.Error("no other breaker chosen anywhere: the test checks nothing")
	}
}

// TestBreakerChoiceFixed: in the 5x4x3 box another part than the one with
// the least room breaks the symmetry (its search is about half as big),
// and every process of a split search, whatever its part number, number
// of parts or workers, makes the same choice as one search: the same
// matrix.
func TestBreakerChoiceFixed(t *testing.T) {
	p := puzzles.PentominoBox(5, 4, 3)
	a, err := assemble.New(context.Background(), p, 0, assemble.DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	own := a.Stats().Breaker
	var breaker int
	var fp string
	for i, opts := range []Options{{Workers: 1}, {Workers: 3}, {Workers: 2, Part: 1, Parts: 2}, {Workers: 1, Part: 2, Parts: 2},
		{Workers: 1, Part: 1, Parts: 5}, {Workers: 2, Part: 5, Parts: 5}} {
		s, err := Prepare(context.Background(), p, 0, opts)
		if err != nil {
			t.Fatal(err)
		}
		got := s.Stats().Breaker
		switch {
		case i == 0:
			breaker, fp = got, s.m.Fingerprint()
			if breaker == own {
				t.Errorf("breaker %d, the assembler's own choice: want another", breaker)
			}
			t.Logf("breaker %d by estimate, %d by room", breaker, own)
		case got != breaker || s.m.Fingerprint() != fp:
			t.Errorf("%+v: breaker %d, matrix %s; want %d and %s as with one worker", opts, got, s.m.Fingerprint(), breaker, fp)
		}
	}
}

// TestBreakerFirstAndResume: a search of the 5x4x3 box to stop at its
// first assembly keeps the assembler's breaker (choosing would cost more
// than the whole search), and a search continued from a saved state
// prepares the matrix of the run that saved it, with the first assembly
// or without.
func TestBreakerFirstAndResume(t *testing.T) {
	p := puzzles.PentominoBox(5, 4, 3)
	a, err := assemble.New(context.Background(), p, 0, assemble.DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	own := a.Stats().Breaker
	first, err := Prepare(context.Background(), p, 0, Options{Workers: 1, First: 1})
	if err != nil {
		t.Fatal(err)
	}
	if got := first.Stats().Breaker; got != own {
		t.Errorf("stopping at the first assembly: breaker %d, want the assembler's %d", got, own)
	}
	_, done := collect(t, first.Run(context.Background()))
	if done.Complete || done.State == nil {
		t.Fatalf("stopped search: %+v", done)
	}
	// Stopped by hand after one assembly, with the breaker by estimate.
	whole, err := Prepare(context.Background(), p, 0, Options{Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	chosen := whole.Stats().Breaker
	ctx, cancel := context.WithCancel(context.Background())
	var stopped Done
	for ev := range whole.Run(ctx) {
		switch ev := ev.(type) {
		case Found:
			cancel()
		case Done:
			stopped = ev
		}
	}
	cancel()
	if stopped.State == nil || chosen == own {
		t.Fatalf("breaker %d, stopped %+v: want another breaker and a state", chosen, stopped)
	}
	for _, tc := range []struct {
		name  string
		state *State
		first int
		want  int
	}{
		{"first assembly's state, continued to the end", done.State, 0, own},
		{"chosen breaker's state, continued to one more", stopped.State, 1, chosen},
	} {
		s, err := Prepare(context.Background(), p, 0, Options{Workers: 1, First: tc.first, Resume: tc.state})
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if got := s.Stats().Breaker; got != tc.want {
			t.Errorf("%s: breaker %d, want %d", tc.name, got, tc.want)
		}
	}
}

// TestBreakerFile: parts sharing a split folder choose the 5x4x3 box's
// breaker once. The first part writes the choice there and a later one
// takes it as written: told that the assembler's own choice was made, it
// keeps it, where choosing would not. A damaged file, or one naming a part
// that cannot break the symmetry, is refused.
func TestBreakerFile(t *testing.T) {
	p := puzzles.PentominoBox(5, 4, 3)
	ctx := context.Background()
	dir := filepath.Join(t.TempDir(), "split")
	first, err := Prepare(ctx, p, 0, Options{Workers: 1, Part: 1, Parts: 4, SplitDir: dir})
	if err != nil {
		t.Fatal(err)
	}
	a, err := assemble.New(ctx, p, 0, assemble.DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	own := a.Stats().Breaker
	if first.Stats().Breaker == own {
		t.Fatalf("breaker %d, the assembler's own: the test needs a box where another is chosen", own)
	}
	names, _ := filepath.Glob(filepath.Join(dir, "breaker-*.txt"))
	if len(names) != 1 {
		t.Fatalf("breaker files %v, want one", names)
	}
	ownFP := strings.TrimSuffix(strings.TrimPrefix(filepath.Base(names[0]), "breaker-"), ".txt")
	second, err := Prepare(ctx, p, 0, Options{Workers: 1, Part: 3, Parts: 4, SplitDir: dir})
	if err != nil {
		t.Fatal(err)
	}
	if second.Stats().Breaker != first.Stats().Breaker || second.m.Fingerprint() != first.m.Fingerprint() {
		t.Errorf("part 3 read breaker %d, matrix %s; part 1 chose %d, %s", second.Stats().Breaker, second.m.Fingerprint(), first.Stats().Breaker, first.m.Fingerprint())
	}
	if err := writeBreaker(dir, ownFP, -1, ownFP); err != nil {
		t.Fatal(err)
	}
	kept, err := Prepare(ctx, p, 0, Options{Workers: 1, Part: 2, Parts: 4, SplitDir: dir})
	if err != nil {
		t.Fatal(err)
	}
	if kept.Stats().Breaker != own {
		t.Errorf("told the assembler's choice was kept, part 2 has breaker %d, want %d", kept.Stats().Breaker, own)
	}
	for _, bad := range []string{"burrlab-breaker " + ownFP + " 99 0\n", "garbage", "burrlab-breaker " + ownFP + " -1 0123\n"} {
		if err := os.WriteFile(names[0], []byte(bad), 0o644); err != nil {
			t.Fatal(err)
		}
		if _, err := Prepare(ctx, p, 0, Options{Workers: 1, Part: 2, Parts: 4, SplitDir: dir}); !errors.Is(err, ErrSplitFile) {
			t.Errorf("breaker file %q: %v, want ErrSplitFile", bad, err)
		}
	}
}

// TestBreakerFirstProbes: a part is estimated with breakerFirstProbes
// descents alone when they rule it out against the assembler's choice,
// and with breakerProbes otherwise.
func TestBreakerFirstProbes(t *testing.T) {
	ctx := context.Background()
	a, err := assemble.New(ctx, puzzles.PentominoBox(5, 4, 3), 0, assemble.DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	part := a.Breakers()[0]
	estimate := func(probes int) cover.SearchEstimate {
		b, err := a.WithBreaker(ctx, part)
		if err != nil {
			t.Fatal(err)
		}
		m, err := reduced(ctx, b)
		if err != nil {
			t.Fatal(err)
		}
		return cover.EstimateProbes(m, probes)
	}
	short, long := estimate(breakerFirstProbes), estimate(breakerProbes)
	if short == long {
		t.Fatalf("%d and %d descents estimate the same (%+v): the test cannot tell them apart", breakerFirstProbes, breakerProbes, short)
	}
	for _, tc := range []struct {
		own  cover.SearchEstimate
		want cover.SearchEstimate
	}{
		{cover.SearchEstimate{Nodes: 1}, short},             // far below the part: ruled out
		{cover.SearchEstimate{Nodes: math.MaxUint64}, long}, // far above: estimated in full
	} {
		got, ok, err := estimateBreaker(ctx, a, part, tc.own)
		if err != nil || !ok || got != tc.want {
			t.Errorf("against %+v: %+v, %v, %v; want %+v", tc.own, got, ok, err, tc.want)
		}
	}
	if clearlyBelow(short, cover.SearchEstimate{Nodes: 1}) {
		t.Error("a part ruled out by its first descents is clearly below the assembler's choice")
	}
}
