package model

import (
	"testing"

	"github.com/burrlab/burrlab/model/grid"
)

// box returns an n×n×n cube shape, solid or with its centre left empty
// (n odd), filled with voxel v.
func box(n int, hollow bool, v Voxel) Shape {
	s := NewShape(grid.Vec{n, n, n})
	for i := range s.Voxels {
		s.Voxels[i] = v
	}
	if hollow {
		s.Set(grid.Vec{n / 2, n / 2, n / 2}, 0)
	}
	return s
}

func TestFillHolesCubes(t *testing.T) {
	g := grid.Must(grid.Cubes)
	s := box(3, true, MakeVoxel(Filled, 0))
	if n := s.FillHoles(g); n != 1 || s.At(grid.Vec{1, 1, 1}) != MakeVoxel(Filled, 0) {
		t.Fatalf("a hollow 3³ cube: filled %d, centre %v", n, s.At(grid.Vec{1, 1, 1}))
	}
	// A cup: the hollow opens through the top, so nothing is a hole.
	s = box(3, true, MakeVoxel(Filled, 0))
	s.Set(grid.Vec{1, 1, 2}, 0)
	if n := s.FillHoles(g); n != 0 {
		t.Fatalf("an open cup: filled %d cells", n)
	}
	// Variable cells do not close a hole: they are filled too when enclosed,
	// and a variable cell on the surface lets the outside in.
	s = box(5, false, MakeVoxel(Filled, 2))
	s.Set(grid.Vec{2, 2, 2}, 0)
	s.Set(grid.Vec{2, 2, 3}, MakeVoxel(Variable, 1))
	// The walls have colour 2: colours do not make a filled cell passable
	// (they do in BurrTools, see conformance/shapetools_test.go), and they
	// stay.
	if n := s.FillHoles(g); n != 2 || s.At(grid.Vec{2, 2, 3}) != MakeVoxel(Filled, 0) || s.At(grid.Vec{2, 2, 4}) != MakeVoxel(Filled, 2) {
		t.Fatalf("enclosed empty and variable cells: filled %d, %v", n, s.At(grid.Vec{2, 2, 3}))
	}
	s = box(5, false, MakeVoxel(Filled, 0))
	s.Set(grid.Vec{2, 2, 2}, 0)
	s.Set(grid.Vec{2, 2, 3}, MakeVoxel(Variable, 0))
	s.Set(grid.Vec{2, 2, 4}, MakeVoxel(Variable, 0))
	if n := s.FillHoles(g); n != 0 {
		t.Fatalf("a hollow reached through surface variable cells: filled %d", n)
	}
}

// TestFillHolesConverted fills the hollow centre of a converted 3³ shell in
// the grids built of blocks: exactly the cells of the centre block.
func TestFillHolesConverted(t *testing.T) {
	for _, to := range []grid.Type{grid.Rhombic, grid.TetraOcta} {
		p := &Puzzle{Grid: grid.Cubes}
		p.AddShape(box(3, true, MakeVoxel(Filled, 0)))
		c, err := Convert(p, to)
		if err != nil {
			t.Fatal(err)
		}
		s := &c.Shapes[0]
		before := s.Count(Filled)
		if n := s.FillHoles(grid.Must(to)); n != CellsPerCube(to) || s.Count(Filled) != before+n {
			t.Errorf("%v: filled %d cells, one block has %d", to, n, CellsPerCube(to))
		}
	}
}

func TestActOnSpace(t *testing.T) {
	g := grid.Must(grid.Cubes)
	s := box(3, false, MakeVoxel(Filled, 1))
	if n := s.ActOnSpace(g, MakeVariable, true); n != 1 || s.At(grid.Vec{1, 1, 1}) != MakeVoxel(Variable, 1) {
		t.Fatalf("inside variable: %d changed, centre %v", n, s.At(grid.Vec{1, 1, 1}))
	}
	// The centre stays inside: variable cells are not empty.
	if n := s.ActOnSpace(g, RemoveColor, false); n != 26 || s.At(grid.Vec{0, 0, 0}) != MakeVoxel(Filled, 0) || s.At(grid.Vec{1, 1, 1}).Color() != 1 {
		t.Fatalf("decolour outside: %d changed", n)
	}
	if n := s.ActOnSpace(g, MakeVariable, false); n != 26 {
		t.Fatalf("outside variable: %d changed", n)
	}
	if n := s.ActOnSpace(g, MakeFixed, true); n != 1 || s.At(grid.Vec{1, 1, 1}) != MakeVoxel(Filled, 1) {
		t.Fatalf("inside fixed: %d changed", n)
	}
	if n := s.ActOnSpace(g, MakeFixed, true); n != 0 {
		t.Fatalf("a second inside fixed changed %d cells", n)
	}
	// In the rhombic grid a converted solid 3³ cube has the centre block's
	// 24 cells inside, as all their face neighbours are in the shape, and
	// more: cells of the outer blocks whose four neighbours are all filled.
	p := &Puzzle{Grid: grid.Cubes}
	p.AddShape(box(3, false, MakeVoxel(Filled, 0)))
	c, err := Convert(p, grid.Rhombic)
	if err != nil {
		t.Fatal(err)
	}
	rs := &c.Shapes[0]
	rg := grid.Must(grid.Rhombic)
	total := rs.Count(Filled)
	in := rs.ActOnSpace(rg, MakeVariable, true)
	if out := rs.ActOnSpace(rg, MakeVariable, false); in+out != total || in < CellsPerCube(grid.Rhombic) {
		t.Fatalf("rhombic: %d inside + %d outside of %d", in, out, total)
	}
	// Each of the 6×9 outer faces of the big cube shows 4 tetrahedra
	// face-on: those are exactly the outside cells.
	if out := total - in; out != 6*9*4 {
		t.Errorf("rhombic: %d outside cells, want %d", out, 6*9*4)
	}
}

func TestCentre(t *testing.T) {
	g := grid.Must(grid.Cubes)
	s := NewShape(grid.Vec{4, 3, 1})
	s.Set(grid.Vec{0, 0, 0}, MakeVoxel(Filled, 0))
	if err := s.Centre(g); err != nil {
		t.Fatal(err)
	}
	// 3 free cells along x: the space grows to 5 and the cell goes to 2;
	// 2 free along y: the cell goes to 1.
	if s.Size != (grid.Vec{5, 3, 1}) || s.At(grid.Vec{2, 1, 0}).State() != Filled || s.NumCells() != 1 {
		t.Fatalf("size %v, cells %v", s.Size, s.Cells())
	}
	// Rhombic: the shape moves by whole blocks only.
	rg := grid.Must(grid.Rhombic)
	r := NewShape(grid.Vec{15, 5, 5})
	r.Set(grid.Vec{2, 1, 0}, MakeVoxel(Filled, 0))
	if err := r.Centre(rg); err != nil {
		t.Fatal(err)
	}
	if r.Size != (grid.Vec{15, 5, 5}) || r.At(grid.Vec{7, 1, 0}).State() != Filled {
		t.Fatalf("rhombic: size %v, cells %v", r.Size, r.Cells())
	}
	empty := NewShape(grid.Vec{2, 2, 2})
	if err := empty.Centre(g); err != nil || empty.Size != (grid.Vec{2, 2, 2}) {
		t.Fatalf("an empty shape: %v %v", err, empty.Size)
	}
}

func TestShrinkShapes(t *testing.T) {
	g := grid.Must(grid.Cubes)
	// An L tromino with a variable, coloured cell, scaled by 6 and moved off
	// the block grid: it shrinks back by 2 and then by 3.
	small := NewShape(grid.Vec{2, 2, 1})
	small.Set(grid.Vec{0, 0, 0}, MakeVoxel(Filled, 0))
	small.Set(grid.Vec{1, 0, 0}, MakeVoxel(Filled, 0))
	small.Set(grid.Vec{0, 1, 0}, MakeVoxel(Variable, 3))
	big := small.Clone()
	if err := big.Scale(g, 6); err != nil {
		t.Fatal(err)
	}
	if _, err := big.Resize(big.Size.Add(grid.Vec{1, 2, 0})); err != nil {
		t.Fatal(err)
	}
	if err := big.Translate(g, grid.Vec{1, 2, 0}); err != nil {
		t.Fatal(err)
	}
	a := big.Clone()
	if k, err := ShrinkShapes(g, []*Shape{&a}); err != nil || k != 6 {
		t.Fatalf("factor %d, %v", k, err)
	}
	if a.Size != small.Size || a.At(grid.Vec{0, 1, 0}) != MakeVoxel(Variable, 3) || a.NumCells() != 3 {
		t.Fatalf("shrunk to %v %v", a.Size, a.Cells())
	}
	// Together with a shape that only shrinks by 2, both shrink by 2.
	b := small.Clone()
	if err := b.Scale(g, 2); err != nil {
		t.Fatal(err)
	}
	a = big.Clone()
	empty := NewShape(grid.Vec{3, 3, 3})
	if k, err := ShrinkShapes(g, []*Shape{&a, &b, &empty}); err != nil || k != 2 {
		t.Fatalf("common factor %d, %v", k, err)
	}
	if b.Size != small.Size || a.NumCells() != 3*27 {
		t.Fatalf("after the common shrink: %v, %d cells", b.Size, a.NumCells())
	}
	// A shape that is no enlargement does not shrink; nor do empty ones.
	if k, _ := ShrinkShapes(g, []*Shape{&small}); k != 1 {
		t.Fatalf("the tromino shrank by %d", k)
	}
	if k, err := ShrinkShapes(g, []*Shape{&empty}); k != 1 || err != nil {
		t.Fatalf("an empty shape: %d %v", k, err)
	}
	if _, err := ShrinkShapes(grid.Must(grid.Rhombic), []*Shape{&small}); err == nil {
		t.Fatal("a rhombic shape was scaled down")
	}
}
