package model

import (
	"github.com/burrlab/burrlab/model/grid"
)

// This file holds the shape editor's whole-shape tools besides the
// geometric ones of shapeedit.go: filling holes, the inside/outside tools
// and centring. They follow the definitions of BurrTools' tools of the same
// names and work in every grid through the grid's face neighbours.

// SpaceAction is what an inside/outside tool does to the cells it selects.
type SpaceAction int

// The actions of the inside/outside tools.
const (
	MakeFixed    SpaceAction = iota // the cells become filled, keeping their colour
	MakeVariable                    // the cells become variable, keeping their colour
	RemoveColor                     // the cells lose their constraint colour
)

// isInside reports whether non-empty cell v has only non-empty face
// neighbours; a neighbour outside the space counts as empty.
func (s *Shape) isInside(g grid.Grid, v grid.Vec, buf []grid.Vec) (bool, []grid.Vec) {
	buf = g.Neighbors(buf[:0], v, grid.ByFace)
	for _, n := range buf {
		if s.At(n).State() == Empty {
			return false, buf
		}
	}
	return true, buf
}

// ActOnSpace applies action to the inside cells of the shape (inside true:
// the non-empty cells whose face neighbours are all non-empty) or to its
// outside cells (the non-empty cells with at least one empty or missing face
// neighbour). Which cells are inside is decided before any change. It
// returns how many cells changed.
func (s *Shape) ActOnSpace(g grid.Grid, action SpaceAction, inside bool) int {
	var picked []int
	var buf []grid.Vec
	for i, v := range s.Voxels {
		if v.State() == Empty {
			continue
		}
		var in bool
		in, buf = s.isInside(g, s.Pos(i), buf)
		if in == inside {
			picked = append(picked, i)
		}
	}
	n := 0
	for _, i := range picked {
		v := s.Voxels[i]
		w := v
		switch action {
		case MakeFixed:
			w = MakeVoxel(Filled, v.Color())
		case MakeVariable:
			w = MakeVoxel(Variable, v.Color())
		case RemoveColor:
			w = MakeVoxel(v.State(), 0)
		}
		if w != v {
			s.Voxels[i] = w
			n++
		}
	}
	return n
}

// FillHoles fills the holes of the shape: the cells that are not filled
// (empty or variable) and that no path of face neighbours through
// unfilled cells joins to the outside of the space. They become filled
// with neutral colour, as in BurrTools. Unlike BurrTools, which compares
// whole voxel bytes, a filled cell with a constraint colour is a wall like
// any other. It returns how many cells changed.
func (s *Shape) FillHoles(g grid.Grid) int {
	// Flood the unfilled cells from those that touch the outside.
	outside := make([]bool, len(s.Voxels))
	var queue []int
	var buf []grid.Vec
	for i, v := range s.Voxels {
		p := s.Pos(i)
		if v.State() == Filled || !g.Valid(p) {
			continue
		}
		buf = g.Neighbors(buf[:0], p, grid.ByFace)
		for _, n := range buf {
			if s.Index(n) < 0 {
				outside[i] = true
				queue = append(queue, i)
				break
			}
		}
	}
	for len(queue) > 0 {
		i := queue[len(queue)-1]
		queue = queue[:len(queue)-1]
		buf = g.Neighbors(buf[:0], s.Pos(i), grid.ByFace)
		for _, n := range buf {
			j := s.Index(n)
			if j < 0 || outside[j] || s.Voxels[j].State() == Filled || !g.Valid(n) {
				continue
			}
			outside[j] = true
			queue = append(queue, j)
		}
	}
	n := 0
	for i, v := range s.Voxels {
		if v.State() != Filled && !outside[i] && g.Valid(s.Pos(i)) {
			s.Voxels[i] = MakeVoxel(Filled, 0)
			n++
		}
	}
	return n
}

// Centre moves the shape to the middle of its space by a translation of
// the grid's lattice. Where the free room along an axis is an odd number of
// lattice steps the space grows by one step so the shape sits exactly in
// the middle, as BurrTools' "centre" does for cubes. An empty shape is left
// alone.
func (s *Shape) Centre(g grid.Grid) error {
	lo, hi, ok := s.Bounds()
	if !ok {
		return nil
	}
	a := g.Anchor(lo)
	size := s.Size
	var d grid.Vec
	for k := 0; k < 3; k++ {
		step := LatticeStep(g, k)
		if step == 0 {
			continue
		}
		free := size[k] - (hi[k] - a[k] + 1)
		if free%(2*step) == step {
			size[k] += step
			free += step
		}
		target := free / 2 / step * step
		d[k] = target - a[k]
	}
	if size != s.Size {
		if _, err := s.Resize(size); err != nil {
			return err
		}
	}
	return s.Translate(g, d)
}
