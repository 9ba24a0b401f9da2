package analysis

import (
	"context"

	"github.com/burrlab/burrlab/model"
	"github.com/burrlab/burrlab/model/grid"
)

// axisAligned reports whether every orientation of g maps each axis onto
// an axis (a signed permutation, about a cell's centre or corner): then
// a turned shape's bounding box is the turned bounding box, and its
// corner tells where the turned shape must move before turning a
// single cell.
func axisAligned(g grid.Grid) bool {
	switch g.Type() {
	case grid.Cubes, grid.Rhombic, grid.TetraOcta:
		return true
	}
	return false
}

// symmetriesAligned is SymmetriesCtx for an axis-aligned grid. Each
// orientation is an axis map, so the turned bounding box is the turned
// box: an orientation that does not give the box its own extents is no
// symmetry, and otherwise the box's corner tells where the turned shape
// must move. The moved image of a cell then lies in the box, and its
// voxel index is an affine function of the cell, so each cell is checked
// with a few multiplications and one read, stopping at the first that
// lands elsewhere (for most orientations of a big result, among the
// first few). A symmetry, though, is only known once every cell has been
// checked, and the symmetries of a shape form a group: each one found
// brings in its products with those found before (see closeGroup), which
// need no check (preparing HexSticks checked 56,600 cells before, 9,200
// since). ctx is looked at for every orientation and every 16384 cells.
func symmetriesAligned(ctx context.Context, g grid.Grid, s *model.Shape, cells []grid.Cell, lo, hi grid.Vec, step func(float64)) (grid.Set, error) {
	var set grid.Set
	if len(cells) == 0 {
		return set, nil
	}
	if len(s.Voxels) != s.Size[0]*s.Size[1]*s.Size[2] {
		// Not a valid shape: look every cell up with bounds checks.
		return symmetriesAny(ctx, g, s, cells, grid.Positions(cells), lo, step)
	}
	stride := grid.Vec{1, s.Size[0], s.Size[0] * s.Size[1]}
	dot := func(a, b grid.Vec) int { return a[0]*b[0] + a[1]*b[1] + a[2]*b[2] }
	var gens []int // the symmetries checked cell by cell
next:
	for t := 0; t < 2*g.Orientations(); t++ {
		if err := ctx.Err(); err != nil {
			return set, err
		}
		if step != nil {
			step(float64(t) / float64(2*g.Orientations()))
		}
		if set.Has(t) {
			continue // a product of symmetries found before
		}
		am, ok := grid.AxisMapOf(g, t)
		if !ok {
			continue
		}
		a, b := am.Apply(lo), am.Apply(hi)
		tlo := grid.Vec{min(a[0], b[0]), min(a[1], b[1]), min(a[2], b[2])}
		thi := grid.Vec{max(a[0], b[0]), max(a[1], b[1]), max(a[2], b[2])}
		if thi.Sub(tlo) != hi.Sub(lo) {
			continue // the turned box has other extents
		}
		d := lo.Sub(tlo)
		if !g.InLattice(d) {
			continue
		}
		// index(am(v) + d) = base + coef·v.
		c0 := am.Apply(grid.Vec{})
		base := dot(stride, c0.Add(d))
		var coef grid.Vec
		for j := 0; j < 3; j++ {
			var e grid.Vec
			e[j] = 1
			coef[j] = dot(stride, am.Apply(e).Sub(c0))
		}
		// On scalars: a Cell copied whole for dot went through
		// overlapping moves whose stalls were half of this loop.
		cx, cy, cz := coef[0], coef[1], coef[2]
		for i := range cells {
			if i&(1<<14-1) == 0 && i > 0 && ctx.Err() != nil {
				return set, ctx.Err()
			}
			c := &cells[i]
			if uint8(s.Voxels[base+cx*c.Pos[0]+cy*c.Pos[1]+cz*c.Pos[2]]) != c.Tag {
				continue next
			}
		}
		set.Add(t)
		gens = append(gens, t)
		set = closeGroup(g, set, gens)
	}
	return set, nil
}

// closeGroup adds to set every product of its members with the
// generators gens (members of set themselves), and of those products in
// turn, until nothing new comes: the group they generate, in a finite
// group every element being a product of generators. If t1 and t2 map a
// shape onto itself moved by d1 and d2 (lattice vectors), then t2 after
// t1 maps it onto itself moved by d2 plus t2's turn of d1, again a
// lattice vector. Where the grid cannot compose two orientations, the
// products it cannot form are left out (and then checked cell by cell).
func closeGroup(g grid.Grid, set grid.Set, gens []int) grid.Set {
	c := grid.ComposerOf(g)
	var elems []int
	for t := 0; t < 2*g.Orientations(); t++ {
		if set.Has(t) {
			elems = append(elems, t)
		}
	}
	for i := 0; i < len(elems); i++ {
		for _, h := range gens {
			if u, ok := c.Compose(elems[i], h); ok && !set.Has(u) {
				set.Add(u)
				elems = append(elems, u)
			}
		}
	}
	return set
}
