package ui

import (
	"errors"
	"testing"

	"github.com/burrlab/burrlab/model"
	"github.com/burrlab/burrlab/model/grid"
)

func cell(p *model.Puzzle, shape int, v grid.Vec) model.State {
	return p.Shapes[shape].At(v).State()
}

func TestDocumentUndoRedo(t *testing.T) {
	d := NewDocument(newPuzzle(grid.Cubes), "")
	if d.Dirty() || d.CanUndo() || d.CanRedo() {
		t.Fatal("a new document is dirty or has history")
	}
	set := func(v grid.Vec) func(p *model.Puzzle) error {
		return func(p *model.Puzzle) error {
			p.Shapes[0].Set(v, model.MakeVoxel(model.Filled, 0))
			return nil
		}
	}
	a, b := grid.Vec{0, 0, 0}, grid.Vec{1, 0, 0}
	if err := d.Edit("a", View{Shape: 0, Layer: 2}, set(a)); err != nil {
		t.Fatal(err)
	}
	if err := d.Edit("b", View{}, set(b)); err != nil {
		t.Fatal(err)
	}
	if !d.Dirty() || d.UndoLabel() != "b" {
		t.Fatalf("after two edits: dirty %v, undo label %q", d.Dirty(), d.UndoLabel())
	}
	label, _, ok := d.Undo()
	if !ok || label != "b" || cell(d.Puzzle(), 0, b) != model.Empty || cell(d.Puzzle(), 0, a) != model.Filled {
		t.Fatalf("undo b: %q %v", label, ok)
	}
	_, v, _ := d.Undo()
	if v.Layer != 2 || cell(d.Puzzle(), 0, a) != model.Empty {
		t.Fatalf("undo a: view %+v", v)
	}
	if d.Dirty() {
		t.Error("undoing every edit leaves the document dirty")
	}
	if _, _, ok := d.Undo(); ok {
		t.Error("undo beyond the start")
	}
	d.Redo()
	d.Redo()
	if cell(d.Puzzle(), 0, a) != model.Filled || cell(d.Puzzle(), 0, b) != model.Filled || d.CanRedo() {
		t.Fatal("redo does not restore both edits")
	}
	d.MarkSaved("x.xmpuzzle", d.StateID())
	if d.Dirty() {
		t.Error("dirty after saving")
	}
	d.Undo()
	if !d.Dirty() {
		t.Error("undo after saving is not dirty")
	}
	d.Redo()
	if d.Dirty() {
		t.Error("redo back to the saved state is dirty")
	}
	// A new edit after an undo drops the redo branch.
	d.Undo()
	if err := d.Edit("c", View{}, set(grid.Vec{2, 0, 0})); err != nil {
		t.Fatal(err)
	}
	if d.CanRedo() {
		t.Error("redo survives a new edit")
	}
}

func TestDocumentFailedAndEmptyEdits(t *testing.T) {
	d := NewDocument(newPuzzle(grid.Cubes), "")
	boom := errors.New("boom")
	err := d.Edit("half", View{}, func(p *model.Puzzle) error {
		p.Shapes[0].Name = "changed"
		return boom
	})
	if !errors.Is(err, boom) {
		t.Fatalf("error %v", err)
	}
	if d.Puzzle().Shapes[0].Name != "" || d.CanUndo() || d.Dirty() {
		t.Error("a failed edit left its half-done change or a step")
	}
	if err := d.Edit("nothing", View{}, func(*model.Puzzle) error { return errNoChange }); err != nil || d.CanUndo() {
		t.Errorf("errNoChange: %v, step recorded %v", err, d.CanUndo())
	}
}

func TestDocumentStroke(t *testing.T) {
	d := NewDocument(newPuzzle(grid.Cubes), "")
	d.Begin("drag", View{})
	for x := 0; x < 4; x++ {
		v := grid.Vec{x, 1, 0}
		if err := d.Apply(func(p *model.Puzzle) error {
			p.Shapes[0].Set(v, model.MakeVoxel(model.Filled, 0))
			return nil
		}); err != nil {
			t.Fatal(err)
		}
	}
	if !d.Dirty() {
		t.Error("an open stroke with changes is not dirty")
	}
	if !d.Commit() {
		t.Fatal("the stroke recorded no step")
	}
	if n := d.Puzzle().Shapes[0].Count(model.Filled); n != 4 {
		t.Fatalf("%d cells after the stroke", n)
	}
	d.Undo()
	if n := d.Puzzle().Shapes[0].Count(model.Filled); n != 0 || d.CanUndo() {
		t.Fatalf("one undo leaves %d cells; more steps: %v", n, d.CanUndo())
	}
	d.Begin("empty drag", View{})
	if d.Commit() || d.CanUndo() {
		t.Error("a stroke without changes recorded a step")
	}
}

func TestSnapshotSharesSolutionsSafely(t *testing.T) {
	p := newPuzzle(grid.Cubes)
	p.Problems[0].Solutions = make([]model.Solution, 1, 8)
	s := snapshot(p)
	if &s.Problems[0].Solutions[0] != &p.Problems[0].Solutions[0] {
		t.Error("the snapshot copied the solutions")
	}
	s.Problems[0].Solutions = append(s.Problems[0].Solutions, model.Solution{AsmNum: 7})
	if got := p.Problems[0].Solutions[:2][1].AsmNum; got == 7 {
		t.Error("appending to a snapshot wrote into the original's array")
	}
	s.Shapes[0].Voxels[0] = model.MakeVoxel(model.Filled, 0)
	s.Problems[0].Parts = append(s.Problems[0].Parts, model.Part{Shape: 0, Min: 1, Max: 1})
	if p.Shapes[0].Voxels[0] != 0 || len(p.Problems[0].Parts) != 0 {
		t.Error("the snapshot shares voxels or parts")
	}
}

func TestHistoryLimit(t *testing.T) {
	d := NewDocument(newPuzzle(grid.Cubes), "")
	for i := 0; i < maxSteps+20; i++ {
		i := i
		d.Edit("n", View{}, func(p *model.Puzzle) error {
			p.Shapes[0].Weight = i + 2
			return nil
		})
	}
	if len(d.undo) != maxSteps {
		t.Errorf("%d steps kept, limit %d", len(d.undo), maxSteps)
	}
}
