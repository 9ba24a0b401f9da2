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
// It is nil, too, where the rule costs more than it saves: on results
// whose cells have more than maxAreaDegree neighbours on average. A
// piece in a flat board cuts regions off easily (in the 5x12 box the
// rule skips a quarter of the nodes, for 0.83 to 0.9 of the time), but
// in a box two or more cells thick regions rarely close while each test
// floods through more neighbours (the 6x5x2 box: 7% fewer nodes for
// 1.05 to 1.1 of the time; 5x4x3: 16% fewer for 1.02).
func (a *Assembler) areas() *cover.Areas {
	r := &a.res
	if r.fixed != len(r.pos) {
		return nil
	}
	unit := 0
	for _, pt := range a.parts {
		if pt.max > 0 {
			for n := pt.info.filled; n != 0; {
				unit, n = n, unit%n
			}
		}
	}
	if unit < 2 {
		return nil
	}
	ar := &cover.Areas{Cells: make([]int, len(r.pos)), Adj: make([][]int, len(r.pos))}
	var nb []grid.Vec
	degrees := 0
	for i, q := range r.pos {
		ar.Cells[i] = int(r.col[i])
		nb = a.g.Neighbors(nb[:0], q, grid.ByFace)
		for _, v := range nb {
			if c := r.cellOf(v); c >= 0 {
				ar.Adj[i] = append(ar.Adj[i], int(c))
			}
		}
		degrees += len(ar.Adj[i])
	}
	if degrees > maxAreaDegree*len(r.pos) {
		return nil
	}
	return ar
}

// maxAreaDegree is the most neighbours a result's cells may have on
// average for the search to use the region rule (see areas): 4 lets in
// every flat board of cubes and prisms, and no box two cubes thick.
const maxAreaDegree = 4
