package analysis

import (
	"math/rand"
	"testing"

	"github.com/burrlab/burrlab/model"
	"github.com/burrlab/burrlab/model/grid"
)

func TestMillableNotchable(t *testing.T) {
	cornerless := block(grid.Vec{2, 2, 2})
	cornerless.Set(grid.Vec{1, 1, 1}, 0)
	column := block(grid.Vec{2, 2, 2})
	column.Set(grid.Vec{1, 1, 0}, 0)
	column.Set(grid.Vec{1, 1, 1}, 0)
	pocket := block(grid.Vec{3, 2, 3})
	pocket.Set(grid.Vec{1, 0, 1}, 0) // a blind hole in the middle of one face
	variable := block(grid.Vec{2, 2, 2})
	variable.Set(grid.Vec{1, 1, 1}, model.MakeVoxel(model.Variable, 0))
	for _, c := range []struct {
		name                string
		s                   model.Shape
		millable, notchable bool
	}{
		{"bar", block(grid.Vec{3, 1, 1}), true, true},
		{"flat L", cells(grid.Vec{2, 2, 1}, grid.Vec{0, 0, 0}, grid.Vec{1, 0, 0}, grid.Vec{0, 1, 0}), true, true},
		// The empty corner cell has material beside it along x, y and z:
		// an inside corner, and its three shadows are all covered.
		{"cube without a corner", cornerless, false, false},
		// A square hole through the cube: cut by notches from one side.
		{"cube with a column cut out", column, true, true},
		{"pocket", pocket, false, false},
		// The cell (2,0,2) is in the shadow of all three cells along x, y
		// and z but touches none of them: no inside corner, yet saw cuts
		// cannot leave it out.
		{"three shadows", cells(grid.Vec{3, 3, 3}, grid.Vec{2, 0, 0}, grid.Vec{0, 0, 2}, grid.Vec{2, 2, 2}), true, false},
		// A variable cell is neither air nor material: no inside corner
		// at it, but it is not material where the shadows say there is.
		{"variable corner", variable, true, false},
		{"empty", model.NewShape(grid.Vec{2, 2, 2}), true, true},
	} {
		if got := Millable(&c.s); got != c.millable {
			t.Errorf("%s: millable %v, want %v", c.name, got, c.millable)
		}
		if got := Notchable(&c.s); got != c.notchable {
			t.Errorf("%s: notchable %v, want %v", c.name, got, c.notchable)
		}
	}
}

// TestMillableIndependentOfSpace checks that both answers depend on the
// cells only, not on empty room around them, and that a notchable shape is
// always millable (every saw cut can be made with a router).
func TestMillableIndependentOfSpace(t *testing.T) {
	rng := rand.New(rand.NewSource(3))
	for n := 0; n < 300; n++ {
		s := model.NewShape(grid.Vec{3, 3, 3})
		for i := range s.Voxels {
			if rng.Intn(3) > 0 {
				s.Voxels[i] = model.MakeVoxel(model.Filled, 0)
			}
		}
		big := model.NewShape(grid.Vec{5, 6, 5})
		for _, c := range s.Cells() {
			big.Set(c.Pos.Add(grid.Vec{1, 2, 1}), model.Voxel(c.Tag))
		}
		m, no := Millable(&s), Notchable(&s)
		if Millable(&big) != m || Notchable(&big) != no {
			t.Fatalf("shape %d: the answers change with the space around it", n)
		}
		if no && !m {
			t.Fatalf("shape %d: notchable but not millable", n)
		}
	}
}
