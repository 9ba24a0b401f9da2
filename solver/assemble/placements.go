package assemble

import (
	"context"
	"fmt"
	"sort"

	"github.com/burrlab/burrlab/model"
)

// PlacementSet lists the placements the assembler generated for each part
// of a problem: the rows of its cover matrix, grouped by part. A
// placement is kept as an orientation and a position only; the cells of
// one are computed when asked for, so a part with a hundred thousand
// placements costs a few megabytes, not a hundred thousand cell lists.
type PlacementSet struct {
	a *Assembler
	// start[i]..start[i+1] are the rows of part i (rows are made part by
	// part and stay in that order).
	start []int
}

// NewPlacementSet generates the placements of every part of problem number
// problem of p exactly as New does (same orientations, symmetry breaker
// and filter trimming for opts), but it builds no cover matrix, and a
// piece count that cannot match the result or a part that fits nowhere is
// no error: these are the cases a designer browses placements for. The
// errors are invalid input, the size limits and ctx's.
func NewPlacementSet(ctx context.Context, p *model.Puzzle, problem int, opts Options) (*PlacementSet, error) {
	a, exact, err := begin(ctx, p, problem, opts)
	if err != nil {
		return nil, err
	}
	if _, _, err := a.generate(ctx, exact, opts, false); err != nil {
		return nil, err
	}
	return a.PlacementSet(), nil
}

// PlacementSet returns the placements of a prepared assembler: those its
// cover matrix was built from (Stats().Placements in all).
func (a *Assembler) PlacementSet() *PlacementSet {
	s := &PlacementSet{a: a, start: make([]int, len(a.parts)+1)}
	for i := range a.parts {
		s.start[i] = sort.Search(len(a.rows), func(r int) bool { return int(a.rows[r].part) >= i })
	}
	s.start[len(a.parts)] = len(a.rows)
	return s
}

// Parts returns the number of parts of the problem.
func (s *PlacementSet) Parts() int { return len(s.a.parts) }

// Puzzle returns the set's own copy of the puzzle (the one the
// placements refer to); it must not be changed.
func (s *PlacementSet) Puzzle() *model.Puzzle { return s.a.puzzle }

// Problem returns the set's own copy of the problem; it must not be
// changed.
func (s *PlacementSet) Problem() *model.Problem { return s.a.prob }

// Part returns the placements of part i (an index into the problem's
// Parts).
func (s *PlacementSet) Part(i int) (PartPlacements, error) {
	if i < 0 || i >= len(s.a.parts) {
		return PartPlacements{}, fmt.Errorf("part %d does not exist (the problem has %d)", i, len(s.a.parts))
	}
	return PartPlacements{a: s.a, part: i, rows: s.a.rows[s.start[i]:s.start[i+1]]}, nil
}

// PartPlacements are the placements of one part, in the assembler's order
// (orientation, then position).
type PartPlacements struct {
	a    *Assembler
	part int
	rows []placement
}

// Len returns the number of placements.
func (l PartPlacements) Len() int { return len(l.rows) }

// Shape returns the part's shape (an index into the puzzle's shapes).
func (l PartPlacements) Shape() int {
	if l.a == nil {
		return -1
	}
	return l.a.parts[l.part].shape
}

// At returns placement k (0 <= k < Len) in the puzzle's frame, as an
// assembly holds it: the shape's own hotspot at Pos, turned by Orient.
// model.PlacedCells gives its cells.
func (l PartPlacements) At(k int) model.Placement {
	pl := &l.rows[k]
	return model.Placement{Pos: pl.pos.Add(l.a.fromReset[l.part][pl.t]), Orient: int(pl.t)}
}
