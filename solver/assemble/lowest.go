package assemble

import (
	"context"

	"github.com/burrlab/burrlab/solver/cover"
)

// lowestLeaders narrows the search where leaders cannot: the part of
// slot 0 is optional, or comes in a range of copies. The filter compares
// an assembly with its variants slot by slot from slot 0, and the
// variants under the result's proper symmetries hold the same parts; so
// in a kept assembly the smallest placement of its lowest-numbered used
// part is no larger than its own images under them, a "leader" (see
// isLead). Assemblies without such a leader are dropped by the filter
// anyway; the search need not find them.
//
// The cover problem says so with one selector row per part p that may be
// the lowest used one (up to the first required part). A column that
// needs exactly one selector makes the search pick one. Selector p fills
// the piece columns of the parts before p, which keeps them out, and
// needs a leader of p: a column of p [1, max+1] that p's leaders put 1
// into and every other selector 1 as well, so that only selector p
// leaves it to the leaders. When every part is optional, one more
// selector keeps all parts out, for the assembly without pieces. Every
// assembly the filter keeps fits exactly one selector, the one of its
// lowest used part; so each is still found once. In the solid six-piece
// burrs (25 shapes, 0 to 6 copies each) the search found every assembly
// in all its rotations, 12,597 for 588 kept, in 196,703 nodes; with the
// selectors 1,523 in 23,227 nodes.
type lowestLeaders struct {
	parts []int   // the parts that may be the lowest used, in order
	none  bool    // every part is optional: no part at all is a case too
	col0  int     // the selector column; parts[i]'s leader column is col0+1+i
	lead  []bool  // lead[row]: a leader of its part, one of parts
	first []int32 // first[p]: index in parts of part p, -1 if none
}

// planLowest decides whether lowestLeaders applies (the filter runs,
// BurrTools' symmetry breaker is off, and leaders does not cover the
// case) and if so returns it, with no columns yet.
func (a *Assembler) planLowest(ctx context.Context) (*lowestLeaders, error) {
	f := a.filter
	if f == nil || a.plan.pivot >= 0 || len(a.slotPart) == 0 {
		return nil, nil
	}
	if pt := &a.parts[a.slotPart[0]]; pt.min > 0 && (pt.max == 1 || pt.min == pt.max) {
		return nil, nil // leaders' case
	}
	l := &lowestLeaders{first: make([]int32, len(a.parts))}
	for i := range l.first {
		l.first[i] = -1
	}
	for i, pt := range a.parts {
		if pt.max == 0 {
			continue
		}
		l.first[i] = int32(len(l.parts))
		l.parts = append(l.parts, i)
		if pt.min > 0 {
			break // this part is always used: no later one is the lowest
		}
	}
	l.none = a.parts[l.parts[len(l.parts)-1]].min == 0
	l.lead = make([]bool, len(a.rows))
	// Each placement is turned by every symmetry of the result: millions
	// of placements in a big box of variable cells take seconds.
	for r := range a.rows {
		if r&4095 == 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			a.report("the search's selectors", float64(r)/float64(len(a.rows)))
		}
		if pl := &a.rows[r]; l.first[pl.part] >= 0 {
			l.lead[r] = a.isLead(int(pl.part), pl)
		}
	}
	return l, nil
}

// isLead reports whether placement pl of part i is no larger than its
// image under any proper symmetry of the result (as the filter turns and
// compares it).
func (a *Assembler) isLead(i int, pl *placement) bool {
	f := a.filter
	x := plc{t: pl.t, p: pl.pos}
	for k, t := range f.trans {
		if t == 0 || t >= f.n || !a.res.sym.Has(t) {
			continue
		}
		if y := (plc{}); f.image(i, &x, k, &y) && y.less(x) {
			return false
		}
	}
	return true
}

// addColumns appends the selector column and the leader columns.
func (l *lowestLeaders) addColumns(a *Assembler, cols []cover.Column) []cover.Column {
	l.col0 = len(cols)
	cols = append(cols, cover.Column{Min: 1, Max: 1})
	for _, p := range l.parts {
		cols = append(cols, cover.Column{Min: 1, Max: a.parts[p].max + 1})
	}
	return cols
}

// extend adds placement row r's entry in its part's leader column
// (weight 1).
func (l *lowestLeaders) extend(a *Assembler, r int, cs []int) []int {
	if l.lead[r] {
		cs = append(cs, l.col0+1+int(l.first[a.rows[r].part]))
	}
	return cs
}

// addRows appends the selector rows, after the placements.
func (l *lowestLeaders) addRows(a *Assembler, p *cover.Problem) {
	var cs, ws []int
	n := len(l.parts)
	if l.none {
		n++ // the selector of no part keeps out every part
	}
	for i := range n {
		part := len(a.parts)
		if i < len(l.parts) {
			part = l.parts[i]
		}
		cs, ws = append(cs[:0], l.col0), append(ws[:0], 1)
		for q := 0; q < part; q++ {
			if m := a.parts[q].max; m > 0 {
				cs, ws = append(cs, q), append(ws, m)
			}
		}
		for j := range l.parts {
			if j != i {
				cs, ws = append(cs, l.col0+1+j), append(ws, 1)
			}
		}
		p.AddRow(cs, ws)
	}
}
