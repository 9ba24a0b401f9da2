package cli

import (
	"context"
	"fmt"
	"io"
	"slices"
	"testing"
	"time"

	"github.com/burrlab/burrlab/internal/puzzles"
	"github.com/burrlab/burrlab/model"
	"github.com/burrlab/burrlab/solver"
)

// assemblyKeys lists a problem's stored assemblies, sorted, and fails
// the test if two share an assembly or a solution number.
func assemblyKeys(t *testing.T, name string, pr *model.Problem) []string {
	t.Helper()
	var out []string
	nums := map[[2]int]bool{}
	for _, s := range pr.Solutions {
		out = append(out, fmt.Sprint(s.Assembly, s.Disassembly != nil))
		if k := [2]int{s.AsmNum, s.SolNum}; nums[k] {
			t.Errorf("%s: assembly %d, solution %d twice", name, s.AsmNum, s.SolNum)
		} else {
			nums[k] = true
		}
	}
	slices.Sort(out)
	return out
}

// TestSolveCheckpoints: a search cut into a dozen or so segments, the problem
// saved paused between them and the search prepared again from there,
// ends with the same counts as one run and keeps as many solutions,
// whatever is kept (all, the first N, a thinned sample, every Nth), each
// once, taken apart, and all of them when all are kept. (A search that
// goes on from a saved state may take its branches in another order, as
// after Ctrl-C and -continue, so the first N can be others.) Every
// checkpoint holds a paused search whose counts only grow.
//
// The segments last an eighth of the one run, not a fixed time: under
// the race detector, which runs the search and its preparations many
// times slower, 10 ms segments made hundreds of checkpoints and minutes
// of test, and without it a fast machine could need none.
func TestSolveCheckpoints(t *testing.T) {
	base := solver.Options{Workers: 1, Disassemble: true}
	full := puzzles.PentominoBox(6, 5, 2)
	start := time.Now()
	if res := solveProblem(context.Background(), full, 0, base, false, keepRule{save: true}, nil); res.Error != "" || !res.Complete {
		t.Fatalf("one run: %+v", res)
	}
	every := max(time.Since(start)/8, time.Millisecond)
	all := assemblyKeys(t, "one run", &full.Problems[0])
	for _, tc := range []struct {
		name  string
		limit int
		drop  int
		thin  bool
	}{
		{"all", 0, 0, false},
		{"limit", 50, 0, false},
		{"thin", 64, 0, true},
		{"drop", 0, 7, false},
	} {
		opts := base
		opts.Limit, opts.Drop = tc.limit, tc.drop
		keep := keepRule{save: true, thin: tc.thin}

		one := puzzles.PentominoBox(6, 5, 2)
		want := solveProblem(context.Background(), one, 0, opts, false, keep, nil)
		if want.Error != "" || !want.Complete {
			t.Fatalf("%s: one run: %+v", tc.name, want)
		}

		p := puzzles.PentominoBox(6, 5, 2)
		pr := &p.Problems[0]
		saves := 0
		var last uint64
		cp := &checkpoints{Segments: solver.Segments{Every: every}, warn: io.Discard, save: func() error {
			saves++
			if pr.State != model.Paused || pr.Assembler == nil {
				t.Errorf("%s: checkpoint %d: state %v without a saved search", tc.name, saves, pr.State)
			}
			if pr.NumAssemblies < last {
				t.Errorf("%s: checkpoint %d: %d assemblies after %d", tc.name, saves, pr.NumAssemblies, last)
			}
			last = pr.NumAssemblies
			return nil
		}}
		got := solveProblem(context.Background(), p, 0, opts, false, keep, cp)
		if saves < 3 {
			t.Errorf("%s: %d checkpoints, want several", tc.name, saves)
		}
		if got.Error != "" || !got.Complete || got.Assemblies != want.Assemblies || *got.Solutions != *want.Solutions {
			t.Errorf("%s: checkpointed %+v, one run %+v", tc.name, got, want)
		}
		if pr.State != model.Solved || pr.NumAssemblies != one.Problems[0].NumAssemblies || len(pr.Solutions) != len(one.Problems[0].Solutions) {
			t.Errorf("%s: ends in state %v with %d assemblies, %d kept; one run %d, %d kept", tc.name, pr.State,
				pr.NumAssemblies, len(pr.Solutions), one.Problems[0].NumAssemblies, len(one.Problems[0].Solutions))
		}
		kept := assemblyKeys(t, tc.name, pr)
		for _, k := range kept {
			if _, ok := slices.BinarySearch(all, k); !ok {
				t.Errorf("%s: kept %s, which one run did not find", tc.name, k)
			}
		}
		if tc.name == "all" && !slices.Equal(kept, all) {
			t.Errorf("all: %d solutions kept, one run %d, or others", len(kept), len(all))
		}
	}
}
