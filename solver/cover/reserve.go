package cover

import "slices"

// Reserve makes room for rows more rows with entries more entries in
// all, so that adding them does not grow the problem's storage step by
// step (a small burr adds tens of thousands of entries).
func (p *Problem) Reserve(rows, entries int) {
	p.rowStart = slices.Grow(p.rowStart, rows)
	p.entCol = slices.Grow(p.entCol, entries)
	if p.entWt != nil {
		p.entWt = slices.Grow(p.entWt, entries)
	}
}
