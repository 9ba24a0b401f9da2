package assemble

// entries returns how many cover matrix entries the placements make (see
// build): the part's column and each filled cell, plus the range column
// for optional parts when ranged, plus the leader column when lead (an
// upper bound: only leaders get it).
func (a *Assembler) entries(ranged, lead bool) int {
	n := 0
	for _, pl := range a.rows {
		pt := &a.parts[pl.part]
		n += 1 + pt.info.filled
		if ranged && pt.min != pt.max {
			n++
		}
		if lead {
			n++
		}
	}
	return n
}
