package cli

import (
	"context"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/burrlab/burrlab/model"
	"github.com/burrlab/burrlab/model/grid"
	"github.com/burrlab/burrlab/model/xmpuzzle"
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
		res := solveProblem(context.Background(), p, 0, opts, false, keepRule{save: keep}, nil)
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
	res := solveProblem(context.Background(), p, 0, solver.Options{KeepRotations: true, Drop: 100}, false, keepRule{save: true}, nil)
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
	if res := solveProblem(context.Background(), rowPuzzle(3), 0, solver.Options{Drop: -1}, false, keepRule{}, nil); res.Error == "" {
		t.Error("-drop -1 was accepted")
	}
}

// TestSplitOnly: -split-only writes each problem's split file and
// searches nothing; without -part or -split-dir it is refused.
func TestSplitOnly(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "row.xmpuzzle")
	if err := xmpuzzle.WriteFile(file, rowPuzzle(12)); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{{"-split-only", file}, {"-split-only", "-part", "1/3", file}, {"-split-only", "-split-dir", dir, file}} {
		if err := runSolve(args, io.Discard); err == nil || !strings.Contains(err.Error(), "-split-only needs") {
			t.Errorf("%q: %v, want a refusal", args, err)
		}
	}
	var out strings.Builder
	if err := runSolve([]string{"-split-only", "-part", "2/3", "-split-dir", dir, file}, &out); err != nil {
		t.Fatal(err)
	}
	names, _ := filepath.Glob(filepath.Join(dir, "split-*-3-v*.txt"))
	if len(names) != 1 || !strings.Contains(out.String(), names[0]) || strings.Contains(out.String(), "assemblies") {
		t.Errorf("split files %q, output %q", names, out.String())
	}
}

// TestSolveThin: -limit 10 -thin stores an even sample of the 1024
// assemblies (every 128th: 8 of them), each with its own number and
// assembly, and the counts of the whole search; with -drop 3 the steps are
// 3, 6, 12, ... (192: 6 stored). A run stopped by -first and continued
// stores what one run stores.
func TestSolveThin(t *testing.T) {
	base := solver.Options{KeepRotations: true, Workers: 1}
	full := rowPuzzle(10)
	if res := solveProblem(context.Background(), full, 0, base, false, keepRule{save: true}, nil); res.Error != "" || res.Assemblies != 1024 {
		t.Fatalf("full run: %+v", res)
	}
	byNum := map[int]model.Assembly{}
	for _, s := range full.Problems[0].Solutions {
		byNum[s.AsmNum] = s.Assembly
	}
	// A continued search finds the same assemblies, but not necessarily
	// in the same order as one run: there only the set is compared.
	check := func(what string, p *model.Puzzle, step, n int, sameOrder bool) {
		t.Helper()
		seen := map[string]bool{}
		all := map[string]bool{}
		for _, a := range byNum {
			all[fmt.Sprint(a)] = true
		}
		pr := &p.Problems[0]
		if pr.NumAssemblies != 1024 || pr.State != model.Solved {
			t.Errorf("%s: %d assemblies counted, state %v", what, pr.NumAssemblies, pr.State)
		}
		var nums []int
		for _, s := range pr.Solutions {
			nums = append(nums, s.AsmNum)
			key := fmt.Sprint(s.Assembly)
			if sameOrder && !slices.Equal(s.Assembly, byNum[s.AsmNum]) || !all[key] || seen[key] {
				t.Errorf("%s: assembly #%d is not the one found as #%d, or not an assembly, or stored twice", what, s.AsmNum, s.AsmNum)
			}
			seen[key] = true
		}
		slices.Sort(nums)
		var want []int
		for k := 0; k < n; k++ {
			want = append(want, k*step)
		}
		if !slices.Equal(nums, want) {
			t.Errorf("%s: stored %v, want %v", what, nums, want)
		}
	}
	opts := base
	opts.Limit = 10
	p := rowPuzzle(10)
	res := solveProblem(context.Background(), p, 0, opts, false, keepRule{save: true, thin: true}, nil)
	if res.Error != "" || res.Every != 128 {
		t.Fatalf("-limit 10 -thin: %+v, want every 128th", res)
	}
	check("-limit 10 -thin", p, 128, 8, true)
	opts.Drop = 3
	p = rowPuzzle(10)
	if res := solveProblem(context.Background(), p, 0, opts, false, keepRule{save: true, thin: true}, nil); res.Error != "" || res.Every != 192 {
		t.Fatalf("-drop 3: %+v, want every 192nd", res)
	}
	check("-limit 10 -drop 3 -thin", p, 192, 6, true)

	// Stopped after 300, then continued.
	opts.Drop, opts.First = 0, 300
	p = rowPuzzle(10)
	if res := solveProblem(context.Background(), p, 0, opts, false, keepRule{save: true, thin: true}, nil); res.Complete || res.Every != 32 {
		t.Fatalf("first 300: %+v, want a stopped search keeping every 32nd", res)
	}
	opts.First = 0
	if res := solveProblem(context.Background(), p, 0, opts, true, keepRule{save: true, thin: true}, nil); res.Error != "" || !res.Complete {
		t.Fatalf("continued: %+v", res)
	}
	check("stopped and continued", p, 128, 8, false)

	var out strings.Builder
	printResult(&out, res)
	if !strings.Contains(out.String(), "storing 1 in 128 found") {
		t.Errorf("the text line does not say the step: %q", out.String())
	}
	if err := runSolve([]string{"-thin", filepath.Join("testdata", "none.xmpuzzle")}, io.Discard); err == nil || !strings.Contains(err.Error(), "-limit") {
		t.Errorf("-thin without -limit: %v", err)
	}
}

// TestSolveSaveFolderChecked: a -save file whose folder is missing, or is
// a file, is refused before the search, with the folder named, and so is
// a -save that is a folder.
func TestSolveSaveFolderChecked(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "row.xmpuzzle")
	if err := xmpuzzle.WriteFile(in, rowPuzzle(4)); err != nil {
		t.Fatal(err)
	}
	for _, folder := range []string{filepath.Join(dir, "missing"), in} {
		code, out, errOut := burrRun("solve", "-save", filepath.Join(folder, "out.xmpuzzle"), in)
		if code == 0 || out != "" || !strings.Contains(errOut, "cannot write there: folder "+folder) {
			t.Errorf("-save in %s: exit %d, stdout %q, stderr %q", folder, code, out, errOut)
		}
	}
	// A -save that names a folder: the rename at the end would fail.
	code, out, errOut := burrRun("solve", "-save", dir, in)
	if code == 0 || out != "" || !strings.Contains(errOut, "cannot write there: "+dir+" is a folder, not a file") {
		t.Errorf("-save %s: exit %d, stdout %q, stderr %q", dir, code, out, errOut)
	}
}

// TestSolveNegativeFlags: a negative count is refused by name before the
// file is read (the file here does not exist), not reported per problem
// by the solver after the search was set up.
func TestSolveNegativeFlags(t *testing.T) {
	missing := filepath.Join(t.TempDir(), "missing.xmpuzzle")
	for _, flag := range []string{"-workers", "-limit", "-drop", "-first"} {
		code, out, errOut := burrRun("solve", flag, "-2", missing)
		want := "burr solve: " + flag + " -2: must be 0 ("
		if code == 0 || !strings.HasPrefix(errOut, want) || out != "" {
			t.Errorf("%s -2: exit %d, stdout %q, stderr %q; want %q...", flag, code, out, errOut, want)
		}
	}
}

// TestPrintResultCounts: one assembly or solution is said in the singular.
func TestPrintResultCounts(t *testing.T) {
	one, two := uint64(1), uint64(2)
	for _, c := range []struct {
		res  solveResult
		want string
	}{
		{solveResult{Assemblies: 1, Solutions: &one, Complete: true}, "problem 0: 1 assembly, 1 solution (complete, 0.00 s)\n"},
		{solveResult{Assemblies: 2, Solutions: &two, Complete: true}, "problem 0: 2 assemblies, 2 solutions (complete, 0.00 s)\n"},
		{solveResult{Complete: true}, "problem 0: 0 assemblies (complete, 0.00 s)\n"},
	} {
		var out strings.Builder
		printResult(&out, c.res)
		if out.String() != c.want {
			t.Errorf("got %q, want %q", out.String(), c.want)
		}
	}
}
