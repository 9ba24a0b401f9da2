package analysis

import (
	"context"
	"image/color"
	"testing"

	"github.com/burrlab/burrlab/model"
	"github.com/burrlab/burrlab/model/grid"
)

// screw is a chiral tetracube; its mirror image is screwMirror.
var (
	screw       = cells(grid.Vec{2, 2, 2}, grid.Vec{0, 0, 0}, grid.Vec{1, 0, 0}, grid.Vec{1, 1, 0}, grid.Vec{1, 1, 1})
	screwMirror = cells(grid.Vec{2, 2, 2}, grid.Vec{1, 0, 0}, grid.Vec{0, 0, 0}, grid.Vec{0, 1, 0}, grid.Vec{0, 1, 1})
	tromino     = cells(grid.Vec{2, 2, 1}, grid.Vec{0, 0, 0}, grid.Vec{1, 0, 0}, grid.Vec{0, 1, 0})
)

func TestSymmetryOf(t *testing.T) {
	coloured := block(grid.Vec{3, 1, 1})
	coloured.Set(grid.Vec{0, 0, 0}, model.MakeVoxel(model.Filled, 1))
	for _, c := range []struct {
		name string
		s    model.Shape
		want Symmetry
	}{
		{"cube", block(grid.Vec{1, 1, 1}), Symmetry{24, true}},
		{"bar", block(grid.Vec{3, 1, 1}), Symmetry{8, true}},
		{"bar with one coloured end", coloured, Symmetry{4, true}},
		{"L tromino", tromino, Symmetry{2, true}},
		{"screw", screw, Symmetry{2, false}},
		{"L tetracube", cells(grid.Vec{3, 2, 1}, grid.Vec{0, 0, 0}, grid.Vec{1, 0, 0}, grid.Vec{2, 0, 0}, grid.Vec{0, 1, 0}), Symmetry{1, true}},
		{"asymmetric", cells(grid.Vec{3, 2, 2}, grid.Vec{0, 0, 0}, grid.Vec{1, 0, 0}, grid.Vec{2, 0, 0}, grid.Vec{0, 1, 0}, grid.Vec{1, 0, 1}), Symmetry{1, false}},
	} {
		got := SymmetryOf(cubes, &c.s)
		if got != c.want {
			t.Errorf("%s: %+v, want %+v", c.name, got, c.want)
		}
		if got.None() != (c.want.Rotations == 1 && !c.want.Mirror) {
			t.Errorf("%s: None() %v", c.name, got.None())
		}
	}
}

func TestCatalog(t *testing.T) {
	turned := tromino.Clone()
	if err := turned.Transform(cubes, 5); err != nil {
		t.Fatal(err)
	}
	moved := model.NewShape(grid.Vec{4, 4, 4})
	for _, c := range screwMirror.Cells() {
		moved.Set(c.Pos.Add(grid.Vec{2, 1, 2}), model.Voxel(c.Tag))
	}
	coloured := tromino.Clone()
	coloured.Set(grid.Vec{0, 0, 0}, model.MakeVoxel(model.Filled, 2))
	variable := tromino.Clone()
	variable.Set(grid.Vec{0, 0, 0}, model.MakeVoxel(model.Variable, 0))

	for _, c := range []struct {
		name string
		same Sameness
		s    model.Shape
		want int // index found, -1 for none
	}{
		{"turned", Sameness{}, turned, 0},
		{"mirror image", Sameness{}, moved, -1},
		{"mirror image, mirrors allowed", Sameness{Mirror: true}, moved, 1},
		{"other colours", Sameness{}, coloured, 0},
		{"other colours, colours compared", Sameness{Colours: true}, coloured, -1},
		{"a variable cell", Sameness{Mirror: true}, variable, -1},
		{"the same screw", Sameness{}, screw, 1},
	} {
		cat := NewCatalog(cubes, c.same)
		cat.Add(0, &tromino)
		cat.Add(1, &screw)
		got, ok := cat.Find(&c.s)
		if !ok {
			got = -1
		}
		if got != c.want {
			t.Errorf("%s: found %d, want %d", c.name, got, c.want)
		}
	}
}

func TestDescribeAll(t *testing.T) {
	turned := screw.Clone()
	if err := turned.Transform(cubes, 7); err != nil {
		t.Fatal(err)
	}
	coloured := screw.Clone()
	coloured.Set(grid.Vec{0, 0, 0}, model.MakeVoxel(model.Filled, 1))
	p := &model.Puzzle{Grid: grid.Cubes, Colors: make([]color.RGBA, 1),
		Shapes: []model.Shape{screw, screwMirror, turned, coloured, model.NewShape(grid.Vec{1, 1, 1})}}
	got, err := DescribeAll(context.Background(), p)
	if err != nil {
		t.Fatal(err)
	}
	for i, w := range []struct{ mirror, plain, colours int }{
		{-1, -1, -1},
		{0, -1, -1}, // the mirror image
		{0, 0, 0},   // a rotation
		{0, 0, -1},  // other colours
		{-1, -1, -1},
	} {
		g := got[i]
		if g.SameAsMirror != w.mirror || g.SameAs != w.plain || g.SameWithColours != w.colours {
			t.Errorf("shape %d: same as %d/%d/%d, want %d/%d/%d", i, g.SameAsMirror, g.SameAs, g.SameWithColours, w.mirror, w.plain, w.colours)
		}
		if g.Millable == nil || g.Notchable == nil {
			t.Errorf("shape %d: no millable/notchable on the cube grid", i)
		}
	}
	if s := got[0].Symmetry; s == nil || *s != (Symmetry{2, false}) || got[4].Symmetry != nil {
		t.Errorf("symmetries %+v and %+v (empty shape)", got[0].Symmetry, got[4].Symmetry)
	}
	p.Grid = grid.Prisms
	p.Shapes = p.Shapes[4:]
	if got, _ := DescribeAll(context.Background(), p); got[0].Millable != nil {
		t.Error("millable reported outside the cube grid")
	}
}

func TestRelations(t *testing.T) {
	turned := screw.Clone()
	if err := turned.Transform(cubes, 13); err != nil {
		t.Fatal(err)
	}
	coloured := screw.Clone()
	coloured.Set(grid.Vec{1, 1, 1}, model.MakeVoxel(model.Filled, 1))
	shapes := []model.Shape{screwMirror, tromino, turned, screw, coloured, model.NewShape(grid.Vec{2, 2, 2})}
	got, err := Relations(context.Background(), cubes, shapes, 3)
	if err != nil {
		t.Fatal(err)
	}
	want := []Relation{{0, MirrorImage}, {2, Identical}, {4, OtherColours}}
	if len(got) != len(want) {
		t.Fatalf("relations %v, want %v", got, want)
	}
	for k := range want {
		if got[k] != want[k] {
			t.Errorf("relation %d: %v, want %v", k, got[k], want[k])
		}
	}
	if r, err := Relations(context.Background(), cubes, shapes, 5); err != nil || len(r) != 0 {
		t.Errorf("an empty shape is related to %v (%v)", r, err)
	}
	if _, err := Relations(context.Background(), cubes, shapes, 6); err == nil {
		t.Error("no error for a missing shape")
	}
}
