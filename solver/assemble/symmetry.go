package assemble

import (
	"slices"

	"github.com/burrlab/burrlab/model/grid"
)

// unified returns the union of the conjugates of s: every x such that
// r·x·r⁻¹ is in s for some orientation r. These are the orientations that
// are a self-symmetry of some orientation of a shape with symmetry set s
// (grids.md §7, BurrTools' unifiedsym table, mirrors included).
//
// It conjugates each member of s by every r, rather than testing every
// x against every r: most shapes have one or two symmetries, and testing
// every x made the grid's Compose the most called function of preparing
// HexSticks (11,000 calls).
func unified(g grid.Grid, s grid.Set) grid.Set {
	n := 2 * g.Orientations()
	c := grid.ComposerOf(g)
	inv := inverses(g)
	out := s
	for y := 0; y < n; y++ {
		if !s.Has(y) {
			continue
		}
		for r := 1; r < n; r++ {
			if inv[r] < 0 {
				continue
			}
			// First r, then y, then r's inverse: y conjugated by r. As r
			// runs over every orientation so does its inverse, so these
			// are the x whose conjugate by some orientation is y.
			if a, ok := c.Compose(r, y); ok {
				if x, ok := c.Compose(a, inv[r]); ok {
					out.Add(x)
				}
			}
		}
	}
	return out
}

// inverses returns each orientation's inverse, -1 where the grid has
// none. The inverse of r is the last of its powers r, r·r, ... before
// the identity: at most five steps on the cube's grids, where trying
// every orientation took 24 on average (preparing HexSticks composed
// 2,350 pairs for it). Where the powers do not reach the identity, every
// orientation is tried.
func inverses(g grid.Grid) []int {
	n := 2 * g.Orientations()
	c := grid.ComposerOf(g)
	inv := make([]int, n)
	for r := range inv {
		inv[r] = -1
		for x, k := r, 0; k < n; k++ {
			p, ok := c.Compose(r, x)
			if !ok {
				break
			}
			if p == 0 {
				inv[r] = x
				break
			}
			x = p
		}
		for u := 0; u < n && inv[r] < 0; u++ {
			if p, ok := c.Compose(r, u); ok && p == 0 {
				inv[r] = u
			}
		}
	}
	return inv
}

// and returns the intersection of two sets.
func and(a, b grid.Set) grid.Set {
	for i := range a {
		a[i] &= b[i]
	}
	return a
}

// symmetryPlan is BurrTools' decision how to deal with the result's
// symmetry (algorithms.md §3.1 and §3.2).
type symmetryPlan struct {
	breaker int  // part placed in fewer orientations, or -1
	filter  bool // run the post-filter on every assembly
	pivot   int  // slot compared first by the filter, or -1
	// canon, when not -1, is the pivot of BurrTools' own breaker, which
	// decides the representative handed on of each assembly (see
	// preferredBreaker).
	canon int
	// choices are the parts that may be the breaker in its place,
	// BurrTools' own included, in part order (see preferredBreaker); nil
	// when only BurrTools' choice will do.
	choices []int
	mirror  bool // the filter also tries mirror images, swapping partners
	// partner[slot] is the slot holding the mirror image piece (-1: none)
	// and partnerT[slot] the mirror orientation that turns this slot's
	// shape into the partner's.
	partner  []int
	partnerT []int
}

// planSymmetry chooses the symmetry breaker and the filter settings the
// way BurrTools' assemblers do. exact says every part is used exactly
// once or never (BurrTools' assembler 0); otherwise assembler 1's rules
// apply. Parts that are never used take no part in the choice. With
// prefer, the breaker may be another part that makes a smaller search
// (see preferredBreaker), or force if that is one of the parts it may
// be (-1: none); then the filter runs and hands on BurrTools'
// representative of each assembly (canonical).
//
// complete (the expensive rotation check) runs the filter on a result
// without symmetry too, and where the breaker takes all of the result's
// symmetry, where BurrTools runs none: the check is there to remove
// assemblies that are turns and moves of each other outside the result's
// symmetries, as its tooltip says, and a result whose variable cells
// break its symmetry, or that takes turned copies of an assembly
// elsewhere, is where they happen (see conformance
// TestCompleteCheckAsymmetricResult and
// TestCompleteCheckWhenTheBreakerTakesAllSymmetry). The filter and the
// breaker agree: the filter keeps the smallest of the turned and moved
// copies, comparing the pivot's orientation first, and that is the
// breaker's, whose orientations are the first of each set that the
// result's symmetries turn into each other (a copy turned further by one
// of them would be smaller).
func (a *Assembler) planSymmetry(exact, prefer bool, force int, complete bool) symmetryPlan {
	g := a.g
	pl := symmetryPlan{breaker: -1, pivot: -1, canon: -1}
	resSym := a.res.sym
	if resSym.Len() <= 1 {
		// No symmetry: nothing to avoid, and without the complete check
		// nothing to filter.
		pl.filter = complete
		return pl
	}
	uRes := unified(g, resSym)
	best, bestCnt := -1, 0
	for i, p := range a.parts {
		if p.max == 0 {
			continue
		}
		cnt := and(uRes, p.info.sym).Len()
		switch {
		case best < 0:
		case exact && cnt < bestCnt:
		case !exact && (p.max < a.parts[best].max || p.max == a.parts[best].max && cnt < bestCnt):
		default:
			continue
		}
		best, bestCnt = i, cnt
	}
	if best < 0 {
		return pl
	}
	if exact && prefer {
		p, choices := a.preferredBreaker(best)
		if slices.Contains(choices, force) {
			p = force
		}
		pl.choices = choices
		if p != best {
			pl.canon = a.slotStart[best]
			best = p
		}
	}
	left := and(resSym, unified(g, a.parts[best].info.sym))
	left[0] &^= 1 // the identity is no symmetry left over
	symLeft := left.Len() > 0

	ranges := false
	for _, p := range a.parts {
		if p.min != p.max {
			ranges = true
		}
	}
	pl.breaker = best
	pl.pivot = a.slotStart[best]
	if exact {
		if symLeft || pl.canon >= 0 || complete {
			pl.filter = true
		}
	} else if symLeft || a.parts[best].max > 1 || ranges || complete {
		// With several copies of the breaker's shape, or optional pieces,
		// restricting one piece's orientations would lose assemblies.
		if ranges || a.parts[best].max > 1 {
			pl.breaker, pl.pivot = -1, -1
		}
		pl.filter = true
	}

	if grid.HasMirror(g, resSym) {
		// Mirror images of assemblies are only comparable if every piece is
		// its own mirror image or has a partner that is.
		slots := len(a.slotPart)
		pl.partner = make([]int, slots)
		pl.partnerT = make([]int, slots)
		for s := range pl.partner {
			pl.partner[s], pl.partnerT[s] = -1, -1
		}
		check := true
		for i := 0; i < slots; i++ {
			if pl.partner[i] >= 0 {
				continue
			}
			si := a.parts[a.slotPart[i]].info
			if grid.HasMirror(g, si.sym) {
				continue
			}
			found := false
			for j := i + 1; j < slots && !found; j++ {
				if pl.partner[j] >= 0 {
					continue
				}
				sj := a.parts[a.slotPart[j]].info
				for t := g.Orientations(); t < 2*g.Orientations(); t++ {
					if si.sameAs(g, t, sj) {
						pl.partner[i], pl.partnerT[i] = j, t
						pl.partner[j], pl.partnerT[j] = i, mirrorTo(g, sj, si)
						found = true
						break
					}
				}
			}
			if !found {
				check = false
				break
			}
		}
		// Assembler 1 also checks mirrors when pieces are optional, with
		// whatever pairs it found before giving up.
		if check || !exact && ranges {
			pl.filter, pl.mirror = true, true
		}
	}
	return pl
}

// mirrorTo returns the first mirror orientation turning a into b.
func mirrorTo(g grid.Grid, a, b *shapeInfo) int {
	for t := g.Orientations(); t < 2*g.Orientations(); t++ {
		if a.sameAs(g, t, b) {
			return t
		}
	}
	return -1
}
