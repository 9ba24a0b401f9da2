package assemble

// roomier reports whether part i should be the symmetry breaker rather
// than part j when BurrTools' rule (algorithms.md §3.1) finds them equal:
// whether its orientations have more room in the result, counted as the
// translations of their bounding boxes inside the result's.
//
// Any part the rule allows breaks the result's symmetry equally well, but
// the search is smaller when the one restricted is the one with the most
// placements: restricting it removes the most rows, and a part with
// more placements is the harder one to restrict later by the search
// itself. On the pentomino boxes BurrTools' choice (F, the first) gave
// the largest search of the five allowed parts, P (the most compact) the
// smallest or nearly: 510,000 nodes against 725,000 in 6x10, 615,000
// against 1,064,000 in the 6x5x2 box. Ties keep BurrTools' choice.
func (a *Assembler) roomier(i, j int) bool {
	return a.room(i) > a.room(j)
}

// room is the number of translations that keep the bounding box of some
// distinct orientation of part i inside the result's bounding box, summed
// over the orientations: the number of its placements in a box-shaped
// result, ignoring the grid's lattice.
func (a *Assembler) room(i int) int64 {
	r := &a.res
	si := a.parts[i].info
	n := int64(0)
	for t := range a.g.Orientations() {
		o := &si.or[t]
		if !o.ok || o.norm != t || len(o.abs) == 0 {
			continue
		}
		lo, hi := bounds(o.abs)
		k := int64(1)
		for d := 0; d < 3; d++ {
			k *= int64(max(0, (r.hi[d]-r.lo[d])-(hi[d]-lo[d])+1))
		}
		n += k
	}
	return n
}
