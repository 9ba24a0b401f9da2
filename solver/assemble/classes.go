package assemble

import (
	"context"

	"github.com/burrlab/burrlab/model"
	"github.com/burrlab/burrlab/model/analysis"
	"github.com/burrlab/burrlab/model/grid"
)

// classesOf returns, for every orientation t of shape s (whose cells,
// as Shape.Cells lists them, are cells), the first
// orientation that turns s into the same shape (up to a lattice
// translation), or nil where it cannot tell without comparing the
// turned shapes (the sphere grid, whose turns depend on the shape; an
// empty shape). Two orientations t and u give the same shape exactly
// when u is "first a symmetry of s, then t", so the classes follow from
// Sym(s), found without sorting, and the grid's composition table:
// newShapeInfo then sorts one orientation per class instead of all 2N.
// The error is ctx's.
func classesOf(ctx context.Context, g grid.Grid, s *model.Shape, cells []grid.Cell) ([]int, error) {
	if g.Type() == grid.Spheres || len(cells) == 0 {
		return nil, nil
	}
	lo, hi := bounds(cells)
	sym, err := analysis.SymmetriesOfCells(ctx, g, s, cells, lo, hi, nil)
	if err != nil {
		return nil, err
	}
	return normsOf(g, sym), nil
}

// normsOf returns classesOf's result for a shape with symmetries sym, nil
// where the grid cannot compose them.
func normsOf(g grid.Grid, sym grid.Set) []int {
	n := 2 * g.Orientations()
	c := grid.ComposerOf(g)
	// The symmetries listed first: most shapes have a few, and looking
	// each orientation up in sym for every t took 48 look-ups a t on
	// the cube's grids (PelikanBurr: 113,000 instructions).
	var buf [64]int
	syms := buf[:0]
	for r := 0; r < n; r++ {
		if sym.Has(r) {
			syms = append(syms, r)
		}
	}
	norms := make([]int, n)
	for t := range norms {
		norms[t] = t
		for _, r := range syms {
			u, ok := c.Compose(r, t)
			if !ok {
				return nil
			}
			norms[t] = min(norms[t], u)
		}
	}
	return norms
}

// least returns the smallest of ps (non-empty) in index order. It keeps
// the smallest on scalars: a Vec copied whole at each new minimum went
// through memory, and least took a twelfth of preparing HexSticks.
func least(ps []grid.Vec) grid.Vec {
	x, y, z := ps[0][0], ps[0][1], ps[0][2]
	for i := 1; i < len(ps); i++ {
		p := &ps[i]
		if p[2] < z || p[2] == z && (p[1] < y || p[1] == y && p[0] < x) {
			x, y, z = p[0], p[1], p[2]
		}
	}
	return grid.Vec{x, y, z}
}
