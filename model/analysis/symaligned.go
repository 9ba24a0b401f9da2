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
// box (its corner tells where the turned shape must move) and each cell
// is turned in place, with no list of turned cells made. It stops at the
// first cell that lands elsewhere, which for most orientations of a big
// result is among the first few. ctx is looked at for every orientation
// and every 16384 cells.
func symmetriesAligned(ctx context.Context, g grid.Grid, s *model.Shape, cells []grid.Cell, pos []grid.Vec, lo, hi grid.Vec, step func(float64)) (grid.Set, error) {
	var set grid.Set
	if len(pos) == 0 {
		return set, nil
	}
next:
	for t := 0; t < 2*g.Orientations(); t++ {
		if err := ctx.Err(); err != nil {
			return set, err
		}
		if step != nil {
			step(float64(t) / float64(2*g.Orientations()))
		}
		am, ok := grid.AxisMapOf(g, t)
		if !ok {
			continue
		}
		// The turned box's low corner, from the two corners of s's box.
		a, b := am.Apply(lo), am.Apply(hi)
		d := lo.Sub(grid.Vec{min(a[0], b[0]), min(a[1], b[1]), min(a[2], b[2])})
		if !g.InLattice(d) {
			continue
		}
		for i, p := range pos {
			if i&(1<<14-1) == 0 && i > 0 && ctx.Err() != nil {
				return set, ctx.Err()
			}
			if uint8(s.At(am.Apply(p).Add(d))) != cells[i].Tag {
				continue next
			}
		}
		set.Add(t)
	}
	return set, nil
}
