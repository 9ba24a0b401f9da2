package assemble

import (
	"context"
	"fmt"
	"slices"

	"github.com/burrlab/burrlab/model/grid"
)

// preferredBreaker returns the part to restrict instead of best
// (BurrTools' choice of symmetry breaker): the one with the least room in
// the result (see room); best on a tie, then the first. choices are the
// parts that may be restricted instead of best, best included, in part
// order: nil where only best will do.
//
// Any part can break the result's symmetry: in orientation where it has
// none (BurrTools' choice), in position where it has (trimBreaker keeps
// of its placements those no larger than their images). Either way about
// one placement in as many as the result has symmetries is left, and the
// search, which branches first where the fewest rows are, is smallest when
// that leaves the fewest: the part with the least room. It restricts the
// X pentomino to a quarter of the 6x10 box (386,508 search nodes, where
// BurrTools' F gave 752,009 and the most roomy P 525,724), X in the 6x5x2
// box (265,923 against 1,074,431 with F), and in the Bedlam cube a
// tetracube with 2 placements left (17.8 million nodes against 27.0).
// Room is a first guess only: in the 5x4x3 box the I, with 12
// placements, gives 8,438,166 nodes, where W gives 3,996,428, Z
// 4,038,221 and P 7,220,883; in the 5x12 box Z gives 242,554 against
// X's 277,897 (without axisCuts, which take X to 237,008). So choices
// lists every part that may be the breaker, and where the search is long
// the solver estimates each one's search and keeps the smallest (see
// Breakers and WithBreaker).
//
// The search then finds a different member of each class of symmetric
// assemblies than BurrTools. The filter runs on every assembly (with the
// new breaker's pivot, so that each class passes once), and canonical
// turns the one that passes into the member BurrTools keeps: the
// assemblies handed on are BurrTools' own.
//
// Only a box of cubes is a result where room counts placements, and only
// a part with at least as much room as the result has proper symmetries
// can have most of its placements removed: a placement a symmetry maps
// onto itself stays. PelikanBurr's frame, with its one placement in the
// middle of the 8x8x8 box, restricted nothing, and the search took 5,890
// nodes instead of 57. Other results keep BurrTools' choice.
func (a *Assembler) preferredBreaker(best int) (pick int, choices []int) {
	r := &a.res
	ext := r.hi.Sub(r.lo)
	if a.g.Type() != grid.Cubes || len(r.cells) != (ext[0]+1)*(ext[1]+1)*(ext[2]+1) {
		return best, nil
	}
	proper := int64(0)
	for t := range a.g.Orientations() {
		if r.sym.Has(t) {
			proper++
		}
	}
	pick, least := best, a.room(best)
	for i, p := range a.parts {
		if i == best {
			choices = append(choices, i)
			continue
		}
		if p.max != 1 {
			continue
		}
		n := a.room(i)
		if n < proper {
			continue
		}
		choices = append(choices, i)
		if n < least {
			pick, least = i, n
		}
	}
	return pick, choices
}

// Breakers returns the parts that may be the symmetry breaker in place of
// the one chosen, in part order, for WithBreaker: empty when the choice
// is BurrTools' own and no other will do (see preferredBreaker).
func (a *Assembler) Breakers() []int {
	var out []int
	for _, i := range a.plan.choices {
		if i != a.plan.breaker {
			out = append(out, i)
		}
	}
	return out
}

// WithBreaker prepares the same problem with the same options as a, but
// with part as the symmetry breaker: one of a.Breakers(). The search then
// finds other members of the classes of symmetric assemblies, and the
// filter still hands on BurrTools' own (see preferredBreaker): the
// assemblies and their count are a's, the size of the search is not.
func (a *Assembler) WithBreaker(ctx context.Context, part int) (*Assembler, error) {
	if !slices.Contains(a.plan.choices, part) {
		return nil, fmt.Errorf("part %d cannot be the symmetry breaker", part)
	}
	opts := a.opts
	opts.breaker = part + 1
	return New(ctx, a.puzzle, 0, opts)
}

// WithoutCuts prepares the same problem with the same options as a,
// without the columns of axisCuts; it returns a itself where there are
// none. Its WithBreaker leaves them out too. The solver chooses the
// breaker between such searches: the cuts shrink most the search of a
// breaker that lies on the result's axes most (in the 5x4x3 box the I,
// from 8,438,166 nodes to 5,216,639, where W goes from 3,996,428 to
// 3,934,723), and the gaps left are too small for the estimates to tell
// apart (solver/breaker.go).
func (a *Assembler) WithoutCuts(ctx context.Context) (*Assembler, error) {
	if a.axis == nil {
		return a, nil
	}
	opts := a.opts
	opts.noCuts = true
	return New(ctx, a.puzzle, 0, opts)
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
		if !o.ok || o.norm != t {
			continue
		}
		// turned, not o.abs: the lists are made on first use, and the
		// placements need these same ones next.
		cells := si.turned(t)
		if len(cells) == 0 {
			continue
		}
		lo, hi := bounds(cells)
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
