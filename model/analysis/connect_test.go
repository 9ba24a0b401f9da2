package analysis

import (
	"testing"

	"github.com/burrlab/burrlab/model"
	"github.com/burrlab/burrlab/model/grid"
)

func TestConnected(t *testing.T) {
	for _, c := range []struct {
		name               string
		s                  model.Shape
		face, edge, corner bool
	}{
		{"bar", block(grid.Vec{3, 1, 1}), true, true, true},
		{"edge", cells(grid.Vec{2, 2, 1}, grid.Vec{0, 0, 0}, grid.Vec{1, 1, 0}), false, true, true},
		{"corner", cells(grid.Vec{2, 2, 2}, grid.Vec{0, 0, 0}, grid.Vec{1, 1, 1}), false, false, true},
		{"apart", cells(grid.Vec{3, 1, 1}, grid.Vec{0, 0, 0}, grid.Vec{2, 0, 0}), false, false, false},
		{"empty", model.NewShape(grid.Vec{1, 1, 1}), true, true, true},
	} {
		for kind, want := range []bool{c.face, c.edge, c.corner} {
			if got := Connected(cubes, &c.s, grid.Adjacency(kind)); got != want {
				t.Errorf("%s: connected by kind %d: %v, want %v", c.name, kind, got, want)
			}
		}
	}
	// Variable cells hold a shape together like filled ones.
	s := cells(grid.Vec{3, 1, 1}, grid.Vec{0, 0, 0}, grid.Vec{2, 0, 0})
	s.Set(grid.Vec{1, 0, 0}, model.MakeVoxel(model.Variable, 0))
	if !Connected(cubes, &s, grid.ByFace) {
		t.Error("a variable cell does not join its neighbours")
	}
}

func TestHoles(t *testing.T) {
	hollow := block(grid.Vec{3, 3, 3})
	hollow.Set(grid.Vec{1, 1, 1}, 0)
	ring := block(grid.Vec{3, 3, 1})
	ring.Set(grid.Vec{1, 1, 0}, 0)
	tallRing := model.NewShape(grid.Vec{3, 3, 3})
	for _, c := range ring.Cells() {
		tallRing.Set(c.Pos.Add(grid.Vec{0, 0, 1}), model.Voxel(c.Tag))
	}
	filled := hollow.Clone()
	filled.Set(grid.Vec{1, 1, 1}, model.MakeVoxel(model.Variable, 0))
	cup := block(grid.Vec{3, 3, 2})
	cup.Set(grid.Vec{1, 1, 1}, 0) // open at the top
	for _, c := range []struct {
		name           string
		s              model.Shape
		holes2, holes3 bool
	}{
		{"hollow cube", hollow, true, true},
		{"ring in one layer", ring, true, false},
		{"ring with room above and below", tallRing, false, false},
		{"hollow cube, variable centre", filled, false, false},
		{"cup", cup, true, false},
		{"bar", block(grid.Vec{3, 1, 1}), false, false},
	} {
		if got := Holes2D(cubes, &c.s); got != c.holes2 {
			t.Errorf("%s: 2D holes %v, want %v", c.name, got, c.holes2)
		}
		if got := Holes3D(cubes, &c.s); got != c.holes3 {
			t.Errorf("%s: 3D holes %v, want %v", c.name, got, c.holes3)
		}
	}
}
