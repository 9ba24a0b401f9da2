package assemble

import "github.com/burrlab/burrlab/model/grid"

// trimBreaker leaves out the placements of the symmetry breaker that the
// filter would never let through, where the breaker leaves symmetry over
// and the filter runs: it compares the breaker's slot (the pivot) first,
// so in a kept assembly the breaker lies no larger than its own image
// under every variant the filter compares. Those are the result's
// symmetries, proper ones and, when the filter compares mirror images and
// every piece is its own mirror image (so that no piece changes slots with
// a mirror partner), improper ones. Only symmetries that turn every piece
// in every orientation count (the filter skips a variant it cannot
// build). It returns how many placements went.
//
// BurrTools' breaker has its orientations restricted already; what is
// left for it is mostly mirror images (in the 6x5x2 box the search found
// 528 assemblies for 264 kept, each and its mirror image across the box's
// middle layer). A symmetric breaker (see preferredBreaker) is restricted
// here in position: X to a quarter of the 6x10 box.
func (a *Assembler) trimBreaker() int {
	use := a.pivotTurns()
	if use == nil {
		return 0
	}
	b := a.plan.breaker
	n := 0
	kept := a.rows[:0]
	for i := range a.rows {
		pl := &a.rows[i]
		if int(pl.part) == b && !a.leadUnder(b, pl, use) {
			n++
			continue
		}
		kept = append(kept, *pl)
	}
	a.rows = kept
	return n
}

// pivotTurns returns which of the filter's turns trans[k] trimBreaker
// and axisCuts may go by: use[k] for a symmetry of the result that the
// filter compares (see trimBreaker) and that turns every piece in every
// orientation. It returns nil where there are none, or no breaker and
// pivot to restrict, or the complete check compares every orientation.
func (a *Assembler) pivotTurns() []bool {
	f := a.filter
	if f == nil || a.plan.breaker < 0 || a.plan.pivot < 0 || f.complete {
		return nil
	}
	achiral := true
	for _, pt := range a.parts {
		achiral = achiral && grid.HasMirror(a.g, pt.info.sym)
	}
	nt := len(f.trans)
	use := make([]bool, nt)
	some := false
	for k, t := range f.trans {
		use[k] = t != 0 && a.res.sym.Has(t) && (t < f.n || achiral)
		for i := 0; use[k] && i < len(f.steps)/nt; i++ {
			pt := i % f.n
			o := &a.parts[i/f.n].info.or[pt]
			if o.ok && o.norm == pt && f.steps[i*nt+k].t < 0 {
				use[k] = false
			}
		}
		some = some || use[k]
	}
	if !some {
		return nil
	}
	return use
}

// leadUnder reports whether placement pl of part i is no larger than its
// image (in a proper orientation) under each symmetry trans[k] with
// use[k].
func (a *Assembler) leadUnder(i int, pl *placement, use []bool) bool {
	f := a.filter
	x := plc{t: pl.t, p: pl.pos}
	for k := range f.trans {
		if !use[k] {
			continue
		}
		if y := (plc{}); f.image(i, &x, k, &y) && int(y.t) < f.n && y.less(x) {
			return false
		}
	}
	return true
}
