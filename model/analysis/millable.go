package analysis

import (
	"github.com/burrlab/burrlab/model"
	"github.com/burrlab/burrlab/model/grid"
)

// These two tests use BurrTools' definitions for pieces made from square
// sticks (cube grid only: callers check the grid). Only filled cells are
// material; variable cells are neither material nor air, so they neither
// make nor spoil an inside corner.

// Millable reports whether a cube shape can be made with a router: it has
// no inside corner, that is no empty cell that has a filled neighbour
// along each of the three axes (on either side). Such a corner is where
// three cut faces would meet at a concave corner, which a round cutter
// cannot reach.
func Millable(s *model.Shape) bool {
	for i, v := range s.Voxels {
		if v.State() != model.Empty {
			continue
		}
		p := s.Pos(i)
		corner := true
		for axis := 0; axis < 3 && corner; axis++ {
			corner = filledAt(s, p, axis, -1) || filledAt(s, p, axis, +1)
		}
		if corner {
			return false
		}
	}
	return true
}

// filledAt reports whether the neighbour of p one step along axis in
// direction dir is filled.
func filledAt(s *model.Shape, p grid.Vec, axis, dir int) bool {
	p[axis] += dir
	return s.At(p).State() == model.Filled
}

// Notchable reports whether a cube shape can be made by straight saw cuts
// alone (notches through the whole stick): its filled cells are exactly
// the cells whose three shadows, along x, along y and along z, are all
// shadows of filled cells. In other words the shape is the intersection of
// its three projections extruded back through the space.
func Notchable(s *model.Shape) bool {
	sx, sy, sz := s.Size[0], s.Size[1], s.Size[2]
	xy := make([]bool, sx*sy)
	xz := make([]bool, sx*sz)
	yz := make([]bool, sy*sz)
	for i, v := range s.Voxels {
		if v.State() != model.Filled {
			continue
		}
		p := s.Pos(i)
		xy[p[0]+sx*p[1]] = true
		xz[p[0]+sx*p[2]] = true
		yz[p[1]+sy*p[2]] = true
	}
	for i, v := range s.Voxels {
		p := s.Pos(i)
		hull := xy[p[0]+sx*p[1]] && xz[p[0]+sx*p[2]] && yz[p[1]+sy*p[2]]
		if hull != (v.State() == model.Filled) {
			return false
		}
	}
	return true
}
