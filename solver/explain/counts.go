package explain

import (
	"fmt"

	"github.com/burrlab/burrlab/internal/plural"
	"github.com/burrlab/burrlab/model"
)

// maxSumCells caps the totals the count check works through (a bool per
// total); the assembler refuses results beyond 2^18 cells anyway.
const maxSumCells = 1 << 20

// checkCounts checks that some choice of piece counts, each within its
// range, gives a number of cells the result can take: at least its filled
// cells, at most all its cells, and with a hole limit (when counts are
// ranges) at most that many variable cells left empty. As in the
// assembler, with fixed counts the number of holes follows from them and
// the hole limit does not apply.
func (e *explainer) checkCounts() {
	p, pr := e.p, e.pr
	res := &p.Shapes[pr.Result]
	c := &Counts{Filled: res.Count(model.Filled), Variable: res.Count(model.Variable), MaxHoles: -1, Below: -1, Above: -1}
	total := c.Filled + c.Variable
	biggest := 0
	for i, part := range pr.Parts {
		n := p.Shapes[part.Shape].Count(model.Filled)
		c.Parts = append(c.Parts, PartCells{Piece: e.piece(i), Cells: n, Min: part.Min, Max: part.Max})
		c.PiecesMin += part.Min * n
		c.PiecesMax += part.Max * n
		if part.Max > 0 {
			biggest = max(biggest, n)
		}
	}
	c.NeedMin, c.NeedMax = c.Filled, total
	if c.PiecesMin != c.PiecesMax {
		holes := pr.MaxHoles
		if e.opts.MaxHoles != nil {
			holes = *e.opts.MaxHoles
		}
		if holes >= 0 {
			c.MaxHoles = holes
			c.NeedMin = max(c.NeedMin, total-holes)
		}
	}
	f := Finding{Kind: CellCount, Blocking: true, Counts: c}
	for _, pc := range c.Parts {
		f.Pieces = append(f.Pieces, pc.Piece)
	}
	cells := fmt.Sprintf("%d filled and %d variable", c.Filled, c.Variable)
	switch {
	case c.PiecesMin > c.NeedMax:
		f.Message = fmt.Sprintf("The pieces have at least %d cells (%s), but the result has only %d (%s).",
			c.PiecesMin, e.rangeText(c, true), c.NeedMax, cells)
	case c.PiecesMax < c.Filled:
		f.Message = fmt.Sprintf("The pieces have at most %d cells (%s), but the result has %d filled cells, which must all be covered.",
			c.PiecesMax, e.rangeText(c, false), c.Filled)
	case c.PiecesMax < c.NeedMin:
		holes := "With at most " + plural.Count(c.MaxHoles, "hole", "holes")
		if c.MaxHoles == 0 {
			holes = "With no holes allowed"
		}
		f.Message = fmt.Sprintf("%s, at least %d of the result's %d cells (%s) must be covered, but the pieces have at most %d cells (%s).",
			holes, c.NeedMin, total, cells, c.PiecesMax, e.rangeText(c, false))
	default:
		if c.NeedMax+biggest > maxSumCells {
			return // too big to work through; the solver will say
		}
		reach := e.totals(c.NeedMax + biggest)
		for s := c.NeedMin; s <= c.NeedMax; s++ {
			if reach[s] {
				return
			}
		}
		for s := c.NeedMin - 1; s >= 0; s-- {
			if reach[s] {
				c.Below = s
				break
			}
		}
		for s := c.NeedMax + 1; s < len(reach); s++ {
			if reach[s] {
				c.Above = s
				break
			}
		}
		need := fmt.Sprintf("%d", c.NeedMin)
		if c.NeedMax > c.NeedMin {
			need = fmt.Sprintf("anything from %d to %d", c.NeedMin, c.NeedMax)
		}
		var near []string
		if c.Below >= 0 {
			near = append(near, fmt.Sprintf("%d", c.Below))
		}
		if c.Above >= 0 {
			near = append(near, fmt.Sprintf("%d", c.Above))
		}
		f.Message = fmt.Sprintf("The pieces' cells cannot add up to what the result needs: it needs %s cells (%s%s), but with the counts allowed (%s) the pieces make %s cells, never %s.",
			need, cells, holesText(c), e.rangeText(c, false), andOr(near), need)
	}
	e.add(f)
}

// holesText mentions the hole limit, if one applies.
func holesText(c *Counts) string {
	switch {
	case c.MaxHoles < 0:
		return ""
	case c.MaxHoles == 0:
		return ", no holes"
	}
	return fmt.Sprintf(", at most %s", plural.Count(c.MaxHoles, "hole", "holes"))
}

// andOr joins the nearest totals: "9 or 12".
func andOr(w []string) string {
	switch len(w) {
	case 0:
		return "other numbers of"
	case 1:
		return "at best " + w[0]
	}
	return "at best " + w[0] + " or " + w[1]
}

// rangeText lists the pieces' cells and counts: "3 × "L" of 4 cells, 0-2
// × "I" of 3 cells". least says the sentence is about the minimum counts,
// so parts that may be left out are not listed.
func (e *explainer) rangeText(c *Counts, least bool) string {
	var parts []string
	for _, pc := range c.Parts {
		if pc.Max == 0 || least && pc.Min == 0 {
			continue
		}
		n := fmt.Sprintf("%d", pc.Min)
		if pc.Max != pc.Min {
			n = fmt.Sprintf("%d-%d", pc.Min, pc.Max)
		}
		parts = append(parts, fmt.Sprintf("%s × %s of %s", n, quoteName(pc.Piece), plural.Count(pc.Cells, "cell", "cells")))
	}
	return plural.And(parts)
}

// totals returns which numbers of cells, up to limit, some choice of
// piece counts within their ranges gives: a bounded knapsack, each part's
// optional copies split into chunks of 1, 2, 4, ... copies.
func (e *explainer) totals(limit int) []bool {
	reach := make([]bool, limit+1)
	reach[0] = true
	for _, part := range e.pr.Parts {
		n := e.p.Shapes[part.Shape].Count(model.Filled)
		if shift := part.Min * n; shift > 0 {
			for s := limit; s >= 0; s-- {
				reach[s] = s >= shift && reach[s-shift]
			}
		}
		extra := part.Max - part.Min
		for chunk := 1; extra > 0; chunk *= 2 {
			k := min(chunk, extra)
			extra -= k
			w := k * n
			for s := limit; s >= w; s-- {
				if reach[s-w] {
					reach[s] = true
				}
			}
		}
	}
	return reach
}
