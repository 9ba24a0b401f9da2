package explain

import (
	"fmt"
	"slices"
	"strings"

	"github.com/burrlab/burrlab/internal/plural"
	"github.com/burrlab/burrlab/model"
	"github.com/burrlab/burrlab/model/grid"
)

// checkPieces finds the pieces that can be placed nowhere and says why:
// colour rules that shut out one of the piece's colours whatever its
// shape (ColorExcluded), else too many cells, a box too large in every
// orientation, colour rules that forbid every position the shape has, or
// the result's empty cells in the way everywhere (PieceNowhere). A piece
// that may be left out (minimum 0) does not block the problem.
//
// Pieces the colour rules shut out for the same reason make one finding:
// a result of one colour shuts out every piece of another, and a report
// that said so once per piece read as the same paragraph nine times.
func (e *explainer) checkPieces() {
	var shut []colorShut
	for i, part := range e.pr.Parts {
		if part.Max == 0 || len(e.lay.Fits[i]) > 0 {
			continue
		}
		if c, ok := e.colorExcluded(i); ok {
			k := slices.IndexFunc(shut, func(o colorShut) bool { return o.sameReason(c) })
			if k < 0 {
				shut = append(shut, c)
			} else {
				shut[k].pieces = append(shut[k].pieces, i)
			}
			continue
		}
		e.add(e.nowhere(i))
	}
	for _, c := range shut {
		e.add(c.finding(e))
	}
}

// colorShut is why the colour rules shut out pieces: the colours of
// theirs that may go on no colour of the result, the rules for those
// colours, the result's colours, and whether the pieces may be left out.
type colorShut struct {
	pieces   []int // parts, in order
	colors   []int
	rules    string
	have     string
	optional bool
}

// sameReason reports whether c shuts out its pieces for o's reason.
func (o colorShut) sameReason(c colorShut) bool {
	return slices.Equal(o.colors, c.colors) && o.rules == c.rules && o.have == c.have && o.optional == c.optional
}

// finding says it, naming every piece.
func (c colorShut) finding(e *explainer) Finding {
	f := Finding{Kind: ColorExcluded, Blocking: !c.optional, Colors: c.colors}
	var names []string
	for _, i := range c.pieces {
		f.Pieces = append(f.Pieces, e.piece(i))
		names = append(names, e.pieceName(i))
	}
	note := ""
	if c.optional {
		note = optionalNote
	}
	if len(names) == 1 {
		f.Message = fmt.Sprintf("The colour rules shut out the piece %s: it has cells of %s, %s, and the result has only %s cells.%s",
			names[0], colorsText(c.colors), c.rules, c.have, note)
		return f
	}
	if c.optional {
		note = " They may be left out (their minimum counts are 0), so they are never used."
	}
	f.Message = fmt.Sprintf("The colour rules shut out the pieces %s: each has cells of %s, %s, and the result has only %s cells.%s",
		plural.And(names), colorsText(c.colors), c.rules, c.have, note)
	return f
}

// optional is the note for a piece that may be left out.
func optional(part model.Part) string {
	if part.Min > 0 {
		return ""
	}
	return optionalNote
}

// optionalNote follows what is said of a piece that may be left out.
const optionalNote = " It may be left out (its minimum count is 0), so it is never used."

// colorExcluded reports whether the colour rules let some colour of part
// i's cells go on no cell of the result, and why.
func (e *explainer) colorExcluded(i int) (colorShut, bool) {
	p, pr := e.p, e.pr
	if len(p.Colors) == 0 {
		return colorShut{}, false
	}
	res := &p.Shapes[pr.Result]
	resColors := map[int]bool{}
	for _, v := range res.Voxels {
		if v.State() != model.Empty {
			resColors[v.Color()] = true
		}
	}
	var shut []int
	for _, c := range shapeColors(&p.Shapes[pr.Parts[i].Shape]) {
		ok := false
		for rc := range resColors {
			if p.ColorAllowed(pr, c, rc) {
				ok = true
				break
			}
		}
		if !ok {
			shut = append(shut, c)
		}
	}
	if len(shut) == 0 {
		return colorShut{}, false
	}
	var allowed []string
	for _, r := range pr.ColorRules {
		if slices.Contains(shut, r.Piece) {
			allowed = append(allowed, fmt.Sprintf("colour %d on colour %d", r.Piece, r.Result))
		}
	}
	rules := "no rule lets it go on any colour"
	if len(allowed) > 0 {
		rules = "the rules allow only " + plural.And(allowed)
	}
	var have []string
	for _, c := range sortedKeys(resColors) {
		have = append(have, colorName(c))
	}
	return colorShut{pieces: []int{i}, colors: shut, rules: rules, have: plural.And(have), optional: pr.Parts[i].Min == 0}, true
}

// nowhere explains why part i, which has no placement, fits nowhere.
func (e *explainer) nowhere(i int) Finding {
	p, pr := e.p, e.pr
	part := pr.Parts[i]
	sh := &p.Shapes[part.Shape]
	res := &p.Shapes[pr.Result]
	f := Finding{Kind: PieceNowhere, Blocking: part.Min > 0, Pieces: []Piece{e.piece(i)}}
	name := e.pieceName(i)
	n, total := sh.Count(model.Filled), res.NumCells()
	switch {
	case n > total:
		f.Reason = ReasonTooManyCells
		f.Message = fmt.Sprintf("The piece %s can be placed nowhere: it has %d cells, the whole result only %d.", name, n, total)
	case !e.lay.BoxFits[i]:
		f.Reason = ReasonTooLarge
		f.Message = fmt.Sprintf("The piece %s can be placed nowhere: it is larger than the result in every orientation (the piece spans %s cells, the result %s).",
			name, extent(sh), extent(res))
	case len(e.shapeLay.Fits[i]) > 0:
		f.Reason = ReasonColors
		f.Colors = shapeColors(sh)
		f.Message = fmt.Sprintf("The piece %s can be placed nowhere: its shape fits in %s, but the colour rules forbid every one of them (the piece has %s).",
			name, plural.Count(len(e.shapeLay.Fits[i]), "position", "positions"), colorsText(f.Colors))
	default:
		f.Reason = ReasonShape
		f.Message = fmt.Sprintf("The piece %s can be placed nowhere: in every orientation and position some of its cells fall on cells that are not part of the result.", name)
	}
	f.Message += optional(part)
	return f
}

// checkCells finds the result cells that no placement of any piece
// covers: filled ones (each rules the problem out), and variable ones
// when more of them must stay empty than the holes allowed.
func (e *explainer) checkCells() {
	covered := map[grid.Vec]bool{}
	shapeCovered := map[grid.Vec]bool{}
	for i, part := range e.pr.Parts {
		if part.Max == 0 {
			continue
		}
		for _, f := range e.lay.Fits[i] {
			for _, c := range f.Cells {
				covered[c] = true
			}
		}
		for _, f := range e.shapeLay.Fits[i] {
			for _, c := range f.Cells {
				shapeCovered[c] = true
			}
		}
	}
	open := func(cells []grid.Vec) (out []grid.Vec, byColor int) {
		for _, c := range cells {
			if !covered[c] {
				out = append(out, c)
				if shapeCovered[c] {
					byColor++
				}
			}
		}
		return out, byColor
	}
	why := func(n, byColor int) string {
		switch {
		case byColor == n:
			return " Pieces fit there by shape, but the colour rules keep them off."
		case byColor > 0:
			return fmt.Sprintf(" For %d of them the colour rules are the reason: pieces fit there by shape.", byColor)
		}
		return ""
	}
	if cells, byColor := open(e.lay.Filled); len(cells) > 0 {
		e.add(Finding{Kind: UncoveredCells, Blocking: true, Cells: cells,
			Message: fmt.Sprintf("No piece can cover %s of the result in any position: %s.%s",
				plural.Count(len(cells), "filled cell", "filled cells"), coordList(cells, 20), why(len(cells), byColor))})
	}
	holes := e.holesAllowed()
	if cells, byColor := open(e.lay.Variable); holes >= 0 && len(cells) > holes {
		allowed := fmt.Sprintf("at most %d may stay empty", holes)
		if holes == 0 {
			allowed = "none may stay empty"
		}
		e.add(Finding{Kind: UncoveredCells, Blocking: true, Cells: cells,
			Message: fmt.Sprintf("No piece can cover %s of the result, but %s: %s.%s",
				plural.Count(len(cells), "variable cell", "variable cells"), allowed, coordList(cells, 20), why(len(cells), byColor))})
	}
}

// holesAllowed returns how many variable cells may stay empty, -1 for
// any number: as the assembler decides it.
func (e *explainer) holesAllowed() int {
	p, pr := e.p, e.pr
	lo, hi := 0, 0
	for _, part := range pr.Parts {
		n := p.Shapes[part.Shape].Count(model.Filled)
		lo += part.Min * n
		hi += part.Max * n
	}
	switch {
	case lo == hi:
		return max(0, p.Shapes[pr.Result].NumCells()-lo)
	case e.opts.MaxHoles != nil:
		return *e.opts.MaxHoles
	}
	return pr.MaxHoles
}

// shapeColors returns the constraint colours of a shape's cells, sorted.
func shapeColors(s *model.Shape) []int {
	seen := map[int]bool{}
	for _, v := range s.Voxels {
		if v.State() != model.Empty && v.Color() != 0 {
			seen[v.Color()] = true
		}
	}
	return sortedKeys(seen)
}

// sortedKeys returns a set's members in order.
func sortedKeys(m map[int]bool) []int {
	out := make([]int, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

// colorName names constraint colour c.
func colorName(c int) string {
	if c == 0 {
		return "neutral"
	}
	return fmt.Sprintf("colour %d", c)
}

// colorsText names a list of colours: "colours 1 and 3".
func colorsText(cs []int) string {
	if len(cs) == 0 {
		return "no colours"
	}
	w := make([]string, len(cs))
	for i, c := range cs {
		w[i] = fmt.Sprint(c)
	}
	if len(cs) == 1 {
		return "colour " + w[0]
	}
	return "colours " + plural.And(w)
}

// extent writes a shape's bounding box as x × y × z.
func extent(s *model.Shape) string {
	lo, hi, ok := s.Bounds()
	if !ok {
		return "no"
	}
	d := hi.Sub(lo)
	return strings.Join([]string{fmt.Sprint(d[0] + 1), fmt.Sprint(d[1] + 1), fmt.Sprint(d[2] + 1)}, " × ")
}
