package cli

import (
	"context"
	"slices"
	"testing"

	"github.com/burrlab/burrlab/model"
	"github.com/burrlab/burrlab/model/grid"
	"github.com/burrlab/burrlab/solver"
)

// rowPuzzle is a row of n optional cells to fill with any number of unit
// cubes: 2^n assemblies when rotations are kept.
func rowPuzzle(n int) *model.Puzzle {
	row := model.NewShape(grid.Vec{n, 1, 1})
	for i := range row.Voxels {
		row.Voxels[i] = model.MakeVoxel(model.Variable, 0)
	}
	cube := model.NewShape(grid.Vec{1, 1, 1})
	cube.Voxels[0] = model.MakeVoxel(model.Filled, 0)
	pr := model.NewProblem("")
	pr.Parts = []model.Part{{Shape: 0, Min: 0, Max: n}}
	pr.Result = 1
	return &model.Puzzle{Grid: grid.Cubes, Shapes: []model.Shape{cube, row}, Problems: []model.Problem{pr}}
}

// TestSolveKeepsSolutionsOnlyToSave: burr solve holds the solutions only
// when -save will write them; otherwise a run with millions of assemblies
// would keep them all in memory for nothing.
func TestSolveKeepsSolutionsOnlyToSave(t *testing.T) {
	opts := solver.Options{KeepRotations: true}
	for _, keep := range []bool{false, true} {
		p := rowPuzzle(10)
		res := solveProblem(context.Background(), p, 0, opts, false, keep)
		if res.Error != "" || !res.Complete || res.Assemblies != 1024 {
			t.Fatalf("keep %v: %+v, want 1024 assemblies", keep, res)
		}
		pr := &p.Problems[0]
		want := 0
		if keep {
			want = 1024
		}
		if len(pr.Solutions) != want || pr.NumAssemblies != 1024 || pr.State != model.Solved {
			t.Errorf("keep %v: %d solutions kept (want %d), %d assemblies counted, state %v",
				keep, len(pr.Solutions), want, pr.NumAssemblies, pr.State)
		}
	}
}

// TestSolveDrop: -drop 100 keeps assemblies 0, 100, ..., 1000 of the 1024.
func TestSolveDrop(t *testing.T) {
	p := rowPuzzle(10)
	res := solveProblem(context.Background(), p, 0, solver.Options{KeepRotations: true, Drop: 100}, false, true)
	if res.Error != "" || res.Assemblies != 1024 {
		t.Fatalf("%+v, want 1024 assemblies", res)
	}
	sols := p.Problems[0].Solutions
	if len(sols) != 11 {
		t.Fatalf("%d stored, want 11", len(sols))
	}
	var nums []int
	for _, s := range sols {
		nums = append(nums, s.AsmNum)
	}
	slices.Sort(nums) // workers may report out of order
	for k, n := range nums {
		if n != 100*k {
			t.Errorf("stored assemblies %v, want 0, 100, ..., 1000", nums)
			break
		}
	}
	if res := solveProblem(context.Background(), rowPuzzle(3), 0, solver.Options{Drop: -1}, false, false); res.Error == "" {
		t.Error("-drop -1 was accepted")
	}
}
