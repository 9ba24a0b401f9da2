package model

import (
	"image/color"
	"testing"

	"github.com/burrlab/burrlab/model/grid"
)

func TestCellsPerCube(t *testing.T) {
	// grids.md §5.1 and §6.4: 24 rhombic tetrahedra, 5 tetra-octa cells.
	for to, want := range map[grid.Type]int{grid.Rhombic: 24, grid.TetraOcta: 5, grid.Spheres: 0, grid.Cubes: 0} {
		if got := CellsPerCube(to); got != want {
			t.Errorf("%v: %d cells per cube, want %d", to, got, want)
		}
	}
	if got := ConvertTargets(grid.Cubes); len(got) != 2 || got[0] != grid.Rhombic || got[1] != grid.TetraOcta {
		t.Errorf("targets of cubes: %v", got)
	}
	if got := ConvertTargets(grid.Rhombic); len(got) != 0 {
		t.Errorf("targets of rhombic: %v", got)
	}
}

func TestConvert(t *testing.T) {
	p := &Puzzle{Grid: grid.Cubes, Comment: "note", CommentPopup: true}
	if _, err := p.AddColor(color.RGBA{200, 10, 10, 255}); err != nil {
		t.Fatal(err)
	}
	res := NewShape(grid.Vec{2, 2, 1})
	for i := range res.Voxels {
		res.Voxels[i] = MakeVoxel(Filled, 1)
	}
	res.Voxels[3] = MakeVoxel(Variable, 0)
	res.Name = "box"
	piece := NewShape(grid.Vec{2, 1, 1})
	piece.Voxels[0], piece.Voxels[1] = MakeVoxel(Filled, 1), MakeVoxel(Filled, 0)
	piece.Weight = 3
	p.AddShape(res)
	p.AddShape(piece)
	pr := p.AddProblem("two dominoes")
	p.Problems[pr].Result = 0
	p.Problems[pr].Parts = []Part{{Shape: 1, Min: 1, Max: 2}}
	p.Problems[pr].MaxHoles = 1
	p.Problems[pr].Solutions = []Solution{{}}
	p.Problems[pr].State = Solved
	before := p.Clone()

	for _, to := range []grid.Type{grid.Rhombic, grid.TetraOcta} {
		c, err := Convert(p, to)
		if err != nil {
			t.Fatalf("%v: %v", to, err)
		}
		per := CellsPerCube(to)
		b := convBlock(to)
		if c.Grid != to || c.Comment != "note" || !c.CommentPopup || len(c.Colors) != 1 {
			t.Fatalf("%v: grid %v, comment %q, %d colours", to, c.Grid, c.Comment, len(c.Colors))
		}
		r := &c.Shapes[0]
		if r.Size != (grid.Vec{2 * b, 2 * b, b}) || r.Name != "box" {
			t.Errorf("%v: result size %v name %q", to, r.Size, r.Name)
		}
		if r.Count(Filled) != 3*per || r.Count(Variable) != per {
			t.Errorf("%v: result %d filled, %d variable; want %d, %d", to, r.Count(Filled), r.Count(Variable), 3*per, per)
		}
		colored := 0
		for _, v := range r.Voxels {
			if v.Color() == 1 {
				colored++
			}
		}
		if colored != 3*per {
			t.Errorf("%v: %d cells of colour 1, want %d", to, colored, 3*per)
		}
		q := &c.Shapes[1]
		if q.Count(Filled) != 2*per || q.Weight != 3 {
			t.Errorf("%v: piece %d cells, weight %d", to, q.Count(Filled), q.Weight)
		}
		cp := &c.Problems[0]
		if cp.Name != "two dominoes" || cp.Result != 0 || len(cp.Parts) != 1 || cp.Parts[0].Max != 2 ||
			len(cp.ColorRules) != 1 || cp.MaxHoles != per || len(cp.Solutions) != 0 || cp.State != Unsolved {
			t.Errorf("%v: problem %+v", to, cp)
		}
		if err := c.Validate(); err != nil {
			t.Errorf("%v: %v", to, err)
		}
	}
	// The source puzzle is untouched.
	if p.Shapes[0].Count(Filled) != before.Shapes[0].Count(Filled) || len(p.Problems[0].Solutions) != 1 || p.Grid != grid.Cubes {
		t.Fatal("Convert changed its input")
	}
	if _, err := Convert(&Puzzle{Grid: grid.Spheres}, grid.Rhombic); err == nil {
		t.Error("spheres converted to rhombic")
	}
	big := &Puzzle{Grid: grid.Cubes}
	big.AddShape(NewShape(grid.Vec{60, 60, 60}))
	if _, err := Convert(big, grid.Rhombic); err == nil {
		t.Error("a 300³ space was accepted")
	}
}
