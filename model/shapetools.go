package model

import (
	"fmt"

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

// canShrink reports whether the cube shape s is the k-times enlargement of
// a smaller shape: whether the grid of k×k×k blocks that starts at the
// shape's lowest cells cuts it into blocks whose cells are all alike (an
// enlargement's bounding box is made of whole blocks). It returns the
// shift that puts that block grid at the origin.
func (s *Shape) canShrink(k int) (shift grid.Vec, ok bool) {
	lo, hi, any := s.Bounds()
	if !any {
		return grid.Vec{}, true
	}
	for a := 0; a < 3; a++ {
		if (hi[a]-lo[a]+1)%k != 0 {
			return grid.Vec{}, false
		}
		shift[a] = (k - lo[a]%k) % k
	}
	return shift, s.blocksUniform(k, shift, lo, hi)
}

// blocksUniform reports whether every k-block of the grid shifted by sh
// that meets the box lo..hi holds k³ equal voxels (cells outside the space
// are empty).
func (s *Shape) blocksUniform(k int, sh, lo, hi grid.Vec) bool {
	var b0, b1 grid.Vec
	for a := 0; a < 3; a++ {
		b0[a] = (lo[a] + sh[a]) / k
		b1[a] = (hi[a] + sh[a]) / k
	}
	for bz := b0[2]; bz <= b1[2]; bz++ {
		for by := b0[1]; by <= b1[1]; by++ {
			for bx := b0[0]; bx <= b1[0]; bx++ {
				base := grid.Vec{bx*k - sh[0], by*k - sh[1], bz*k - sh[2]}
				first := s.At(base)
				for z := 0; z < k; z++ {
					for y := 0; y < k; y++ {
						for x := 0; x < k; x++ {
							if s.At(base.Add(grid.Vec{x, y, z})) != first {
								return false
							}
						}
					}
				}
			}
		}
	}
	return true
}

// shrink replaces s by the shape it is the k-times enlargement of, cut
// into blocks shifted by sh (see canShrink), placed at the origin. Every
// cell of a block holds the same voxel, so any one of them stands for it.
func (s *Shape) shrink(g grid.Grid, k int, sh grid.Vec) error {
	seen := map[grid.Vec]bool{}
	var cells []grid.Cell
	for i, v := range s.Voxels {
		if v.State() == Empty {
			continue
		}
		p := s.Pos(i).Add(sh)
		c := grid.Vec{p[0] / k, p[1] / k, p[2] / k}
		if !seen[c] {
			seen[c] = true
			cells = append(cells, grid.Cell{Pos: c, Tag: uint8(v)})
		}
	}
	return s.place(g, cells, nil, grid.Vec{})
}

// ShrinkShapes scales the given cube shapes down together by the largest
// factor that keeps every one of them exact (BurrTools' "try to minimise
// the size of the shape", which tries the primes up to 19 in turn), and
// returns that factor (1: none). Shapes of other grids cannot be scaled
// down. Empty shapes do not limit the factor.
func ShrinkShapes(g grid.Grid, shapes []*Shape) (int, error) {
	if g.Type() != grid.Cubes {
		return 1, fmt.Errorf("only cube shapes can be scaled down")
	}
	cells := 0
	for _, s := range shapes {
		cells += s.NumCells()
	}
	if cells == 0 {
		return 1, nil
	}
	factor := 1
	for _, p := range []int{2, 3, 5, 7, 11, 13, 17, 19} {
		for {
			shifts := make([]grid.Vec, len(shapes))
			ok := true
			for i, s := range shapes {
				if shifts[i], ok = s.canShrink(p); !ok {
					break
				}
			}
			if !ok {
				break
			}
			for i, s := range shapes {
				if s.NumCells() == 0 {
					continue
				}
				if err := s.shrink(g, p, shifts[i]); err != nil {
					return factor, err
				}
			}
			factor *= p
		}
	}
	return factor, nil
}
