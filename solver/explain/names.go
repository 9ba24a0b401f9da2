package explain

import (
	"fmt"
	"strings"

	"github.com/burrlab/burrlab/internal/plural"
	"github.com/burrlab/burrlab/model/grid"
)

// shapeName is what the designer called shape i, or S<n> (numbered from
// 1, as the app shows shapes) without a name.
func (e *explainer) shapeName(i int) string {
	if n := e.p.Shapes[i].Name; n != "" {
		return n
	}
	return fmt.Sprintf("S%d", i+1)
}

// piece names part i of the problem.
func (e *explainer) piece(i int) Piece {
	s := e.pr.Parts[i].Shape
	return Piece{Part: i, Shape: s, Name: e.shapeName(s), Slot: -1}
}

// pieceName is part i's name for messages, quoted when the designer named
// it.
func (e *explainer) pieceName(i int) string { return quoteName(e.piece(i)) }

// quoteName quotes a designer's name, but not a made-up S<n>.
func quoteName(p Piece) string {
	if p.Name == fmt.Sprintf("S%d", p.Shape+1) {
		return p.Name
	}
	return fmt.Sprintf("%q", p.Name)
}

// pieceList names pieces for a sentence: "A, B and 2 × C".
func pieceList(ps []Piece) string {
	names := make([]string, len(ps))
	for i, p := range ps {
		names[i] = quoteName(p)
		if p.Count > 1 {
			names[i] = fmt.Sprintf("%d × %s", p.Count, names[i])
		}
		if p.Copy > 0 {
			names[i] = fmt.Sprintf("%s (copy %d)", names[i], p.Copy)
		}
	}
	return plural.And(names)
}

// coord writes a cell as (x,y,z).
func coord(v grid.Vec) string { return fmt.Sprintf("(%d,%d,%d)", v[0], v[1], v[2]) }

// coordList writes up to max cells, and how many more there are.
func coordList(cells []grid.Vec, max int) string {
	var b strings.Builder
	for i, c := range cells {
		if i == max {
			fmt.Fprintf(&b, " and %d more", len(cells)-max)
			break
		}
		if i > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(coord(c))
	}
	return b.String()
}
