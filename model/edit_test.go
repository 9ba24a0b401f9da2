package model

import (
	"image/color"
	"reflect"
	"testing"

	"github.com/burrlab/burrlab/model/grid"
)

// editPuzzle: shapes A B C D; problem 0 builds A from B (x1) and C (0..2)
// and holds a solution; problem 1 builds D from C and B.
func editPuzzle() *Puzzle {
	p := &Puzzle{Grid: grid.Cubes}
	for _, n := range []string{"A", "B", "C", "D"} {
		s := NewShape(grid.Vec{1, 1, 1})
		s.Name = n
		s.Voxels[0] = MakeVoxel(Filled, 0)
		p.AddShape(s)
	}
	p.AddProblem("one")
	p.Problems[0].Result = 0
	p.Problems[0].Parts = []Part{{Shape: 1, Min: 1, Max: 1}, {Shape: 2, Min: 0, Max: 2}}
	p.Problems[0].State = Solved
	p.Problems[0].NumAssemblies = 1
	p.Problems[0].Solutions = []Solution{{Assembly: Assembly{{Orient: 0}, {Orient: Unplaced}, {Orient: Unplaced}}}}
	p.AddProblem("two")
	p.Problems[1].Result = 3
	p.Problems[1].Parts = []Part{{Shape: 2, Min: 1, Max: 1}, {Shape: 1, Min: 1, Max: 1}}
	return p
}

func TestDeleteShapeFixesReferences(t *testing.T) {
	p := editPuzzle()
	if err := p.DeleteShape(1); err != nil {
		t.Fatal(err)
	}
	if got := len(p.Shapes); got != 3 || p.Shapes[1].Name != "C" {
		t.Fatalf("shapes after delete: %d, second %q", got, p.Shapes[1].Name)
	}
	if pr := p.Problems[0]; pr.Result != 0 || len(pr.Parts) != 1 || pr.Parts[0].Shape != 1 || pr.State != Unsolved || pr.Solutions != nil {
		t.Errorf("problem 0 after deleting a part's shape: %+v", pr)
	}
	if pr := p.Problems[1]; pr.Result != 2 || len(pr.Parts) != 1 || pr.Parts[0].Shape != 1 {
		t.Errorf("problem 1 after delete: %+v", pr)
	}
	if err := p.Validate(); err != nil {
		t.Fatal(err)
	}
	if err := p.DeleteShape(0); err != nil {
		t.Fatal(err)
	}
	if p.Problems[0].Result != NoResult {
		t.Errorf("deleting the result shape leaves result %d", p.Problems[0].Result)
	}
	if err := p.DeleteShape(7); err == nil {
		t.Error("deleting a missing shape: no error")
	}
}

func TestMoveShapeKeepsSolutions(t *testing.T) {
	p := editPuzzle()
	if err := p.MoveShape(3, 0); err != nil {
		t.Fatal(err)
	}
	names := ""
	for _, s := range p.Shapes {
		names += s.Name
	}
	if names != "DABC" {
		t.Fatalf("order after move: %s", names)
	}
	pr := p.Problems[0]
	if pr.Result != 1 || pr.Parts[0].Shape != 2 || pr.Parts[1].Shape != 3 || len(pr.Solutions) != 1 {
		t.Errorf("problem 0 after move: %+v", pr)
	}
	if p.Problems[1].Result != 0 {
		t.Errorf("problem 1 result %d, want 0", p.Problems[1].Result)
	}
	if err := p.MoveShape(0, 3); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(p, editPuzzle()) {
		t.Error("moving back does not restore the puzzle")
	}
}

func TestColorsAddDelete(t *testing.T) {
	p := editPuzzle()
	for i := 0; i < 3; i++ {
		if n, err := p.AddColor(color.RGBA{R: uint8(i), A: 255}); err != nil || n != i+1 {
			t.Fatalf("AddColor: %d %v", n, err)
		}
	}
	if got := len(p.Problems[0].ColorRules); got != 3 {
		t.Fatalf("identity rules: %d", got)
	}
	if err := p.AllowColor(1, 3, 1, true); err != nil {
		t.Fatal(err)
	}
	p.Shapes[1].Voxels[0] = MakeVoxel(Filled, 2)
	p.Shapes[2].Voxels[0] = MakeVoxel(Filled, 3)
	if err := p.DeleteColor(2); err != nil {
		t.Fatal(err)
	}
	if c := p.Shapes[1].Voxels[0].Color(); c != 0 {
		t.Errorf("voxel of the deleted colour keeps colour %d", c)
	}
	if c := p.Shapes[2].Voxels[0].Color(); c != 2 {
		t.Errorf("colour 3 became %d, want 2", c)
	}
	if p.Problems[0].Solutions != nil {
		t.Error("problem using a recoloured shape kept its solutions")
	}
	want := []ColorRule{{1, 1}, {2, 2}, {2, 1}}
	if got := p.Problems[1].ColorRules; !reflect.DeepEqual(got, want) {
		t.Errorf("rules after delete: %v, want %v", got, want)
	}
	if err := p.Validate(); err != nil {
		t.Fatal(err)
	}
}

func TestPartRange(t *testing.T) {
	p := editPuzzle()
	if err := p.SetPartRange(0, 3, 1, 2); err != nil {
		t.Fatal(err)
	}
	if got := p.Problems[0].Parts; len(got) != 3 || !reflect.DeepEqual(got[2], Part{Shape: 3, Min: 1, Max: 2}) {
		t.Fatalf("parts after adding: %+v", got)
	}
	if p.Problems[0].Solutions != nil {
		t.Error("changing the pieces kept the solutions")
	}
	if err := p.SetPartRange(0, 1, 0, 0); err != nil {
		t.Fatal(err)
	}
	if got := p.Problems[0].PartOf(1); got != -1 {
		t.Errorf("removed part still at %d", got)
	}
	if err := p.SetPartRange(0, 2, 3, 1); err == nil {
		t.Error("min > max accepted")
	}
	if err := p.SetPartGroups(0, 2, []GroupCount{{Group: 1, Count: 2}}); err != nil {
		t.Fatal(err)
	}
	if err := p.SetPartRange(0, 2, 0, 1); err != nil {
		t.Fatal(err)
	}
	if g := p.Problems[0].Parts[0].Groups[0].Count; g != 1 {
		t.Errorf("group count %d above the new maximum", g)
	}
	if err := p.Validate(); err != nil {
		t.Fatal(err)
	}
}

func TestProblemCopyMoveDelete(t *testing.T) {
	p := editPuzzle()
	i, err := p.CopyProblem(0)
	if err != nil || i != 2 {
		t.Fatal(i, err)
	}
	if pr := p.Problems[2]; pr.Name != "one copy" || pr.Solutions != nil || len(pr.Parts) != 2 {
		t.Errorf("copy: %+v", pr)
	}
	p.Problems[2].Parts[0].Max = 5 // the copy must not share parts
	if p.Problems[0].Parts[0].Max != 1 {
		t.Error("the copy shares its parts with the original")
	}
	if err := p.MoveProblem(2, 0); err != nil {
		t.Fatal(err)
	}
	if p.Problems[0].Name != "one copy" || p.Problems[2].Name != "two" {
		t.Errorf("order after move: %q %q %q", p.Problems[0].Name, p.Problems[1].Name, p.Problems[2].Name)
	}
	if err := p.DeleteProblem(0); err != nil || len(p.Problems) != 2 {
		t.Fatal(err)
	}
}

func TestSetWeightInvalidates(t *testing.T) {
	p := editPuzzle()
	if err := p.SetWeight(1, 3); err != nil {
		t.Fatal(err)
	}
	if pr := p.Problems[0]; pr.State != Stale || len(pr.Solutions) != 1 {
		t.Errorf("after a weight change: state %d, %d solutions", pr.State, len(pr.Solutions))
	}
	if err := p.SetWeight(1, 0); err == nil {
		t.Error("weight 0 accepted")
	}
}

func TestMoved(t *testing.T) {
	for _, c := range []struct {
		n, i, j int
		want    []int
	}{
		{4, 0, 3, []int{3, 0, 1, 2}},
		{4, 3, 1, []int{0, 2, 3, 1}},
		{3, 1, 1, []int{0, 1, 2}},
	} {
		if got := moved(c.n, c.i, c.j); !reflect.DeepEqual(got, c.want) {
			t.Errorf("moved(%d,%d,%d) = %v, want %v", c.n, c.i, c.j, got, c.want)
		}
	}
}
