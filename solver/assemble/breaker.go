package assemble

import (
	"github.com/burrlab/burrlab/model/grid"
)

// preferredBreaker returns, of the parts that assembler 0's rule finds
// as good a symmetry breaker as best (BurrTools' choice, with bestCnt
// symmetries in common with the result's unified set uRes), the one whose
// orientations have the most room in the result (see room); best on a
// tie.
//
// Any of these parts breaks the result's symmetry equally well, but the
// search is smaller when the part restricted is the one with the most
// placements: restricting it removes the most rows. BurrTools restricts
// F in the pentomino boxes, of the five allowed the one with the largest
// search; P, the most compact, gives 525,724 search nodes against 752,009
// in 6x10, 619,899 against 1,074,431 in 6x5x2.
//
// The search then finds a different member of each class of symmetric
// assemblies than BurrTools. The filter runs on every assembly (with the
// new breaker's pivot, so that each class passes once), and canonical
// turns the one that passes into the member BurrTools keeps: the
// assemblies handed on are BurrTools' own.
func (a *Assembler) preferredBreaker(uRes grid.Set, best, bestCnt int) int {
	pick, most := best, a.room(best)
	for i, p := range a.parts {
		if p.max == 0 || and(uRes, p.info.sym).Len() != bestCnt {
			continue
		}
		if r := a.room(i); r > most {
			pick, most = i, r
		}
	}
	return pick
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

// canonical replaces the assembly in s.orig, which passed the filter, by
// the smallest of its variants compared from slot pivot on: the member
// of its class that BurrTools keeps when its breaker's slot is pivot.
// BurrTools' search finds the members with that piece in the first
// orientation of its class, and its filter keeps the one no variant is
// smaller than: the smallest, which has the piece in such an orientation.
func (f *filter) canonical(s *Scratch, pivot int) {
	a := f.a
	s.best = append(s.best[:0], s.orig...)
	for k, t := range f.trans {
		if !f.variant(s, k) {
			continue
		}
		if t >= f.n && (f.mirrored(s.v) || !f.valid(s.v)) {
			continue
		}
		for i := range a.parts {
			sortPlaced(s.v[a.slotStart[i] : a.slotStart[i]+a.parts[i].max])
		}
		if smallerFrom(s.v, s.best, pivot) {
			copy(s.best, s.v)
		}
	}
	copy(s.orig, s.best)
}
