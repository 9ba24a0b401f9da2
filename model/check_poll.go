package model

import (
	"context"
	"fmt"

	"github.com/burrlab/burrlab/model/grid"
)

// checkPollWork is how many cells a check handles between looks at its
// context: about a millisecond of work, so that Ctrl-C or Stop ends even
// a check of pieces of millions of cells within 100 ms.
const checkPollWork = 1 << 15

// checkPoll counts a check's work and looks at its context every
// checkPollWork cells.
type checkPoll struct {
	ctx  context.Context
	work int
}

// add counts n cells of work and returns ctx.Err() when it is time to look.
func (c *checkPoll) add(n int) error {
	c.work += n
	if c.work < checkPollWork {
		return nil
	}
	c.work = 0
	return c.ctx.Err()
}

// placed is PlacedCells for the checks: the filled cells of s placed by
// pl, listed and turned a chunk at a time with a look at the context
// between chunks, and not sorted (the checks don't need the order; sorting
// 2^24 cells alone took seconds). Sphere shapes are turned in one go: their
// turn depends on the whole cell set.
func (c *checkPoll) placed(g grid.Grid, s *Shape, pl Placement) ([]grid.Cell, error) {
	var cells []grid.Cell
	for i, v := range s.Voxels {
		if err := c.add(1); err != nil {
			return nil, err
		}
		if v.State() == Filled {
			cells = append(cells, grid.Cell{Pos: s.Pos(i), Tag: uint8(v)})
		}
	}
	if g.Type() == grid.Spheres {
		return placeCells(g, cells, s.Hotspot, pl)
	}
	if pl.Orient < 0 || pl.Orient >= g.Orientations() {
		return nil, fmt.Errorf("orientation %d out of range 0..%d", pl.Orient, g.Orientations()-1)
	}
	pos := make([]grid.Vec, 0, min(len(cells), checkPollWork))
	for start := 0; start < len(cells); start += checkPollWork {
		if err := c.ctx.Err(); err != nil {
			return nil, err
		}
		chunk := cells[start:min(start+checkPollWork, len(cells))]
		pos = pos[:0]
		for _, cell := range chunk {
			pos = append(pos, cell.Pos)
		}
		// Outside spheres a cell's image depends on that cell alone, and
		// the hotspot's on the hotspot alone (grid.Grid.Transform).
		tp, hotOut, ok := g.Transform(pl.Orient, pos, s.Hotspot)
		if !ok {
			return nil, fmt.Errorf("orientation %d does not exist for this shape", pl.Orient)
		}
		d := pl.Pos.Sub(hotOut)
		for i := range chunk {
			chunk[i].Pos = tp[i].Add(d)
		}
	}
	return cells, nil
}
