package conformance

import (
	"fmt"
	"slices"
	"testing"

	"github.com/burrlab/burrlab/model"
	"github.com/burrlab/burrlab/solver"
)

// keys renders solutions as sorted strings: the assembly and, when there
// is one, the disassembly's total moves, for comparing runs that find
// them in different orders.
func keys(sols []model.Solution) []string {
	out := make([]string, len(sols))
	for i, s := range sols {
		out[i] = fmt.Sprint(s.Assembly)
		if s.Disassembly != nil {
			out[i] += " level " + s.Disassembly.Level()
		}
	}
	slices.Sort(out)
	return out
}

// TestSplitMatchesSingleWorker: on every example problem, in every
// combination of the symmetry options (and with the disassembler where
// BurrTools has one, and with max holes where the problem has ranges),
// one worker, two workers, and the parts of a split into 3 and into 7
// together find the same assemblies and solutions with the same counts.
func TestSplitMatchesSingleWorker(t *testing.T) {
	type run struct {
		file    string
		problem int
		opts    solver.Options
	}
	var runs []run
	for _, tc := range burrToolsOptionCounts {
		for k := 0; k < 8; k++ {
			runs = append(runs, run{tc.file, tc.problem, solver.Options{
				KeepMirrors: k&4 != 0, KeepRotations: k&2 != 0, CompleteRotationCheck: k&1 != 0,
			}})
		}
	}
	for _, e := range loadExpected(t) {
		if e.Solutions != nil && e.Status == "" {
			runs = append(runs, run{e.File, e.Problem, solver.Options{Disassemble: true}})
		}
	}
	for _, h := range []int{0, 3} {
		holes := h
		runs = append(runs, run{"DemoPieceGenerator.xmpuzzle", 0, solver.Options{MaxHoles: &holes, KeepMirrors: true}})
	}
	for _, r := range runs {
		name := fmt.Sprintf("%s/%d/mirrors=%v,rotations=%v,complete=%v,disassemble=%v,holes=%v", r.file, r.problem,
			r.opts.KeepMirrors, r.opts.KeepRotations, r.opts.CompleteRotationCheck, r.opts.Disassemble, r.opts.MaxHoles != nil)
		t.Run(name, func(t *testing.T) {
			p := loadExample(t, r.file)
			one := r.opts
			one.Workers = 1
			sols, done, err := solveAll(t, p, r.problem, one)
			if err != nil {
				t.Fatal(err)
			}
			want := keys(sols)
			two := r.opts
			two.Workers = 2
			sols2, done2, err := solveAll(t, p, r.problem, two)
			if err != nil {
				t.Fatal(err)
			}
			if done2.Assemblies != done.Assemblies || done2.Solutions != done.Solutions || !slices.Equal(keys(sols2), want) {
				t.Errorf("2 workers: %d assemblies, %d solutions; 1 worker: %d, %d", done2.Assemblies, done2.Solutions, done.Assemblies, done.Solutions)
			}
			for _, n := range []int{3, 7} {
				var all []model.Solution
				var asm, sol uint64
				for part := 1; part <= n; part++ {
					o := r.opts
					o.Workers, o.Part, o.Parts = 1+part%2, part, n
					s, d, err := solveAll(t, p, r.problem, o)
					if err != nil {
						t.Fatal(err)
					}
					if !d.Complete || d.State == nil || d.State.Part != part || d.State.Parts != n {
						t.Fatalf("part %d/%d: complete %v, state %+v", part, n, d.Complete, d.State)
					}
					all = append(all, s...)
					asm += d.Assemblies
					sol += d.Solutions
				}
				if asm != done.Assemblies || sol != done.Solutions || !slices.Equal(keys(all), want) {
					t.Errorf("%d parts: %d assemblies, %d solutions (%d reported); 1 worker: %d, %d (%d)",
						n, asm, sol, len(all), done.Assemblies, done.Solutions, len(want))
				}
			}
		})
	}
}
