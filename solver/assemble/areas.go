package assemble

import (
	"github.com/burrlab/burrlab/model/grid"
	"github.com/burrlab/burrlab/solver/cover"
)

// areas returns the result's cells and their face neighbours, for the
// search to skip steps that cut off a region the pieces cannot fill
// (cover.Areas), or nil where that cannot happen: a result with variable
// cells (a region may keep some empty), or pieces whose sizes have no
// common divisor above 1 (any region size is a sum of them). The cover
// search checks the rest itself: that each placement's cells touch.
//
// It is nil, too, except on a flat board of cubes (one cube thick),
// where the rule pays: a piece there cuts regions off easily (in the
// 5x12 box the rule skips a quarter of the nodes, for 0.89 of the time;
// 13x5, 65 cells, 0.86). In every 3D result measured, regions rarely
// close while each test floods through more cells, and the rule cost
// more than it saved: the 6x5x2 box 1.07 of the time with 7% fewer
// nodes, 5x4x3 1.02 with 16% fewer, PiecesOfEight/3 (rhombic
// tetrahedra) 2.4 with 8% fewer. So it did on flat boards of triangular
// prisms (12 random hexiamonds in 72 triangles: 1.04 with 16% fewer).
func (a *Assembler) areas() *cover.Areas {
	if !a.areaRule() {
		return nil
	}
	r := &a.res
	ar := &cover.Areas{Cells: make([]int, len(r.cells)), Adj: make([][]int, len(r.cells))}
	var nb []grid.Vec
	for i := range r.cells {
		q := r.cells[i].Pos
		ar.Cells[i] = int(r.col[i])
		nb = a.g.Neighbors(nb[:0], q, grid.ByFace)
		for _, v := range nb {
			if c := r.cellOf(v); c >= 0 {
				ar.Adj[i] = append(ar.Adj[i], int(c))
			}
		}
	}
	return ar
}

// areaRule reports whether areas gives the cells' geometry (see there).
func (a *Assembler) areaRule() bool {
	r := &a.res
	if r.fixed != len(r.cells) || a.g.Type() != grid.Cubes || r.lo[0] != r.hi[0] && r.lo[1] != r.hi[1] && r.lo[2] != r.hi[2] {
		return false
	}
	unit := 0
	for _, pt := range a.parts {
		if pt.max > 0 {
			for n := pt.info.filled; n != 0; {
				unit, n = n, unit%n
			}
		}
	}
	return unit >= 2
}
