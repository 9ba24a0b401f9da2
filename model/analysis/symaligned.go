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

// symChunk is how many cells symmetriesAligned turns at a time.
const symChunk = 64

// symmetriesAligned is SymmetriesCtx for an axis-aligned grid. It turns
// the cells a chunk at a time and stops at the first cell that lands
// elsewhere, which for most orientations of a big result is among the
// first few: a result of thousands of cells with few symmetries costs
// a few chunks per orientation instead of all its cells. ctx is looked
// at for every orientation and every 256 chunks.
func symmetriesAligned(ctx context.Context, g grid.Grid, s *model.Shape, cells []grid.Cell, pos []grid.Vec, lo, hi grid.Vec, step func(float64)) (grid.Set, error) {
	var corners []grid.Vec
	for i := 0; i < 8; i++ {
		c := lo
		for k := 0; k < 3; k++ {
			if i>>k&1 != 0 {
				c[k] = hi[k]
			}
		}
		corners = append(corners, c)
	}
	var set grid.Set
next:
	for t := 0; t < 2*g.Orientations(); t++ {
		if err := ctx.Err(); err != nil {
			return set, err
		}
		if step != nil {
			step(float64(t) / float64(2*g.Orientations()))
		}
		out, _, ok := g.Transform(t, corners, grid.Vec{})
		if !ok || len(pos) == 0 {
			continue
		}
		olo, _ := grid.Bounds(out)
		d := lo.Sub(olo)
		if !g.InLattice(d) {
			continue
		}
		for start := 0; start < len(pos); start += symChunk {
			if start&(256*symChunk-1) == 0 && ctx.Err() != nil {
				return set, ctx.Err()
			}
			end := min(start+symChunk, len(pos))
			out, _, ok := g.Transform(t, pos[start:end], grid.Vec{})
			if !ok {
				continue next
			}
			for i, p := range out {
				if uint8(s.At(p.Add(d))) != cells[start+i].Tag {
					continue next
				}
			}
		}
		set.Add(t)
	}
	return set, nil
}
