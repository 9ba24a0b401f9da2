package assemble

import (
	"context"

	"github.com/burrlab/burrlab/model"
	"github.com/burrlab/burrlab/model/grid"
)

// Fit is one way a piece lies in the result: its placement (in the
// puzzle's own hotspot frame, as in assemblies) and the result cells its
// filled cells cover.
type Fit struct {
	Place model.Placement
	Cells []grid.Vec
}

// Layout says where each piece of a problem can go, for questions the
// search does not answer (why is there no assembly?). Unlike New it does
// not stop at a piece that fits nowhere or at cell counts that cannot
// match, and it uses no symmetry breaker: every distinct orientation of
// every piece is listed at every position.
type Layout struct {
	// Fits lists, per part of the problem, every placement of one copy.
	Fits [][]Fit
	// BoxFits reports, per part, whether the bounding box of some
	// orientation of the piece fits into the result's bounding box.
	BoxFits []bool
	// Filled and Variable are the result's cells of each kind.
	Filled, Variable []grid.Vec
}

// LayoutOptions change what NewLayout counts as a fit.
type LayoutOptions struct {
	// IgnoreColors places pieces as if the problem had no colour rules.
	IgnoreColors bool
}

// NewLayout lists the placements of every part of problem number problem
// of p, which it copies. Its errors are those of New for invalid input (no
// result, no pieces, an empty piece, sizes beyond the limits); ctx cancels
// a long listing. The placements are generated as NewPlacementSet's are,
// without the symmetry breaker (and, if asked, the colour rules), and
// then turned into cells.
func NewLayout(ctx context.Context, p *model.Puzzle, problem int, opts LayoutOptions) (*Layout, error) {
	a, _, err := begin(ctx, p, problem, Options{})
	if err != nil {
		return nil, err
	}
	a.plan.breaker = -1 // every distinct orientation
	if err := a.place(ctx, false, !opts.IgnoreColors); err != nil {
		return nil, err
	}
	set := a.PlacementSet()
	l := &Layout{Fits: make([][]Fit, len(a.parts)), BoxFits: make([]bool, len(a.parts))}
	for _, c := range a.res.cells {
		if model.Voxel(c.Tag).State() == model.Filled {
			l.Filled = append(l.Filled, c.Pos)
		} else {
			l.Variable = append(l.Variable, c.Pos)
		}
	}
	rext := a.res.hi.Sub(a.res.lo)
	for i := range a.parts {
		si := a.parts[i].info
		for _, t := range a.orientations(i) {
			clo, chi := bounds(si.turned(t))
			if ext := chi.Sub(clo); ext[0] <= rext[0] && ext[1] <= rext[1] && ext[2] <= rext[2] {
				l.BoxFits[i] = true
			}
		}
		pp, err := set.Part(i)
		if err != nil {
			return nil, err
		}
		l.Fits[i] = make([]Fit, pp.Len())
		for k := range l.Fits[i] {
			pl := &pp.rows[k]
			f := Fit{Place: pp.At(k)}
			d := pl.pos.Sub(si.or[pl.t].hot)
			for _, c := range si.turned(int(pl.t)) {
				if model.Voxel(c.Tag).State() == model.Filled {
					f.Cells = append(f.Cells, c.Pos.Add(d))
				}
			}
			l.Fits[i][k] = f
		}
	}
	return l, nil
}
