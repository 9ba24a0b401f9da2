package explain

import (
	"context"
	"fmt"
	"math/bits"
	"slices"
	"time"

	"github.com/burrlab/burrlab/internal/plural"
	"github.com/burrlab/burrlab/model"
	"github.com/burrlab/burrlab/model/grid"
	"github.com/burrlab/burrlab/solver/cover"
)

// maxConflicts caps the conflicting sets of the smallest size reported.
const maxConflicts = 5

// setSlice is the time a set gets in the first round of its size.
const setSlice = 50 * time.Millisecond

// searchSubsets looks for the smallest sets of pieces that cannot be
// placed in the result together, not overlapping, even leaving cells
// empty, though each piece fits alone. The pieces are the parts the
// problem requires (minimum above 0), each with its minimum count; sets
// are tried by increasing size, each with the real cover search, until a
// size has conflicts or sctx runs out. A set that cannot be placed rules
// out every assembly, since an assembly places all of them.
func (e *explainer) searchSubsets(ctx, sctx context.Context) error {
	var elems []int
	for i, part := range e.pr.Parts {
		if part.Min > 0 && len(e.lay.Fits[i]) > 0 {
			elems = append(elems, i)
		}
	}
	if len(elems) == 0 {
		e.add(Finding{Kind: NoConflict, Message: "Every piece may be left out, so no pieces must be placed together. What fails is filling the result: no choice of pieces covers every cell that must be covered within the holes allowed."})
		return nil
	}
	ss := &SubsetSearch{Complete: true}
	e.rep.Subsets = ss
	pk := newPacker(e, elems)
	var conflicts [][]int
	stopped := false
	// When the required pieces have as many cells as the result, placing
	// all of them at once means filling it: the very question the search
	// for assemblies answered. That set is left out.
	cells := 0
	for _, i := range elems {
		cells += e.pr.Parts[i].Min * e.p.Shapes[e.pr.Parts[i].Shape].Count(model.Filled)
	}
	wholeFills := cells == len(e.lay.Filled)+len(e.lay.Variable)
	last := len(elems)
	if wholeFills {
		last--
	}
	// A set gets a short slice of time first; the sets it is not enough
	// for are tried again with all the time left once the others of
	// their size are done, so that one hard set does not hold up the rest.
	record := func(idx []int, ok bool) {
		ss.Tried++
		if !ok {
			comb := make([]int, len(idx))
			for k, j := range idx {
				comb[k] = elems[j]
			}
			conflicts = append(conflicts, comb)
		}
	}
search:
	for size := 1; size <= last; size++ {
		pk.forget(size - 1)
		var pending [][]int
		idx := make([]int, size)
		for k := range idx {
			idx[k] = k
		}
		for len(conflicts) < maxConflicts {
			if sctx.Err() != nil {
				stopped = true
				break search
			}
			// One copy of a piece always fits (it has placements), and
			// extend only remembers where.
			trivial := size == 1 && e.pr.Parts[elems[idx[0]]].Min == 1
			if pk.extend(idx) {
				if !trivial {
					ss.Tried++
				}
			} else {
				slice, cancel := context.WithTimeout(sctx, setSlice)
				ok, decided, err := pk.packs(slice, idx)
				cancel()
				switch {
				case err != nil:
					return err
				case decided:
					record(idx, ok)
				default:
					pending = append(pending, append([]int(nil), idx...))
				}
			}
			if !nextComb(idx, len(elems)) {
				break
			}
		}
		for _, idx := range pending {
			if len(conflicts) == maxConflicts {
				break
			}
			ok, decided, err := pk.packs(sctx, idx)
			if err != nil {
				return err
			}
			if !decided {
				stopped = true
				break search
			}
			record(idx, ok)
		}
		ss.Size = size
		if len(conflicts) > 0 {
			break
		}
	}
	if ctx.Err() != nil {
		return ctx.Err()
	}
	if stopped {
		ss.Complete = false
		e.rep.Complete = false
	}
	for _, c := range conflicts {
		e.add(e.conflict(c))
	}
	switch {
	case len(conflicts) > 0:
	case stopped:
		e.add(Finding{Kind: Unfinished, Message: fmt.Sprintf(
			"The search for pieces that cannot be placed together %s: every set of up to %s fits into the result together (%s tried).",
			e.ranOut(), plural.Count(ss.Size, "piece", "pieces"), plural.Count(ss.Tried, "set", "sets"))})
	case wholeFills && ss.Tried == 0:
		e.add(Finding{Kind: NoConflict, Message: "The required pieces have exactly as many cells as the result, so they must fill it, and that is what fails; there are no smaller sets of them to blame."})
	case wholeFills:
		e.add(Finding{Kind: NoConflict, Message: fmt.Sprintf(
			"Every set of the required pieces fits into the result together (%s tried), except perhaps all of them: together they have exactly as many cells as the result, so they must fill it, and that is what fails. No conflict between fewer pieces is to blame.",
			plural.Count(ss.Tried, "set", "sets"))})
	default:
		e.add(Finding{Kind: NoConflict, Message: fmt.Sprintf(
			"Every set of the required pieces fits into the result together, all of them at once too (%s tried): no pieces get in each other's way. What fails is filling the result exactly: however they are placed, some cell that must be covered stays empty or the holes are too many.",
			plural.Count(ss.Tried, "set", "sets"))})
	}
	return nil
}

// nextComb advances idx to the next k-subset of 0..n-1 in lexicographic
// order; false after the last.
func nextComb(idx []int, n int) bool {
	k := len(idx)
	i := k - 1
	for i >= 0 && idx[i] == n-k+i {
		i--
	}
	if i < 0 {
		return false
	}
	idx[i]++
	for j := i + 1; j < k; j++ {
		idx[j] = idx[j-1] + 1
	}
	return true
}

// conflict describes a set of parts that cannot be placed together.
func (e *explainer) conflict(parts []int) Finding {
	f := Finding{Kind: Conflict, Blocking: true}
	for _, i := range parts {
		p := e.piece(i)
		p.Count = e.pr.Parts[i].Min
		f.Pieces = append(f.Pieces, p)
	}
	if len(parts) == 1 {
		f.Message = fmt.Sprintf("The %d copies of %s that the problem needs cannot all be placed in the result at once, not even leaving cells empty, though one fits.",
			f.Pieces[0].Count, quoteName(f.Pieces[0]))
		return f
	}
	f.Message = fmt.Sprintf("The pieces %s cannot all be placed in the result at once, not even leaving cells empty, though each fits on its own. No smaller set of pieces conflicts.",
		pieceList(f.Pieces))
	return f
}

// packer decides whether sets of the required parts can be placed in the
// result together. Sets are given as positions in elems. Most sets are
// tried right after all their subsets one smaller fitted, so it first
// tries to add the new part, first fit first, to the arrangement found
// for such a subset; only when that fails does it ask the cover search.
type packer struct {
	e     *explainer
	elems []int
	cell  map[grid.Vec]int // result cell -> bit number
	words int
	fits  [][][]int // part -> its fits' cell bits, made when first needed
	// seen holds, per set (a bit per position in elems), the cells its
	// arrangement occupies; only with at most 64 elements.
	seen map[uint64][]uint64
}

func newPacker(e *explainer, elems []int) *packer {
	pk := &packer{e: e, elems: elems, cell: map[grid.Vec]int{}, fits: make([][][]int, len(e.pr.Parts))}
	for _, cells := range [][]grid.Vec{e.lay.Filled, e.lay.Variable} {
		for _, c := range cells {
			pk.cell[c] = len(pk.cell)
		}
	}
	pk.words = (len(pk.cell) + 63) / 64
	if len(elems) <= 64 {
		pk.seen = map[uint64][]uint64{0: make([]uint64, pk.words)}
	}
	return pk
}

// mask returns the set's bits, or false when sets are not remembered.
func (pk *packer) mask(idx []int) (uint64, bool) {
	if pk.seen == nil {
		return 0, false
	}
	var m uint64
	for _, k := range idx {
		m |= 1 << k
	}
	return m, true
}

// forget drops the arrangements of sets smaller than size, which no set
// tried from now on extends.
func (pk *packer) forget(size int) {
	for m := range pk.seen {
		if m != 0 && bits.OnesCount64(m) < size {
			delete(pk.seen, m)
		}
	}
}

// fitCells returns the cell bits of part i's fits.
func (pk *packer) fitCells(i int) [][]int {
	if pk.fits[i] == nil {
		for _, f := range pk.e.lay.Fits[i] {
			c := make([]int, len(f.Cells))
			for k, v := range f.Cells {
				c[k] = pk.cell[v]
			}
			pk.fits[i] = append(pk.fits[i], c)
		}
	}
	return pk.fits[i]
}

// extend reports whether the set fits by adding one of its parts to the
// arrangement of the rest, and remembers the arrangement.
func (pk *packer) extend(idx []int) bool {
	m, ok := pk.mask(idx)
	if !ok {
		return false
	}
	for _, k := range idx {
		base, ok := pk.seen[m&^(1<<k)]
		if !ok {
			continue
		}
		occ := append([]uint64(nil), base...)
		i := pk.elems[k]
		need := pk.e.pr.Parts[i].Min
		for _, f := range pk.fitCells(i) {
			if need == 0 {
				break
			}
			free := true
			for _, c := range f {
				if occ[c>>6]&(1<<(c&63)) != 0 {
					free = false
					break
				}
			}
			if free {
				for _, c := range f {
					occ[c>>6] |= 1 << (c & 63)
				}
				need--
			}
		}
		if need == 0 {
			pk.seen[m] = occ
			return true
		}
	}
	return false
}

// packs reports whether the parts of the set, each with its minimum
// count, can be placed in the result at once without overlapping, and
// remembers the arrangement. It asks the cover search to tile the cells
// the parts can reach with the parts (a column per part, its count
// exactly) and single-cell fillers (a row per cell and no column of its
// own), so that every cell column is required: with optional cell columns
// the search would branch on leaving each cell empty and take seconds
// even for sets that pack easily. decided is false when ctx ran out
// first.
func (pk *packer) packs(ctx context.Context, idx []int) (ok, decided bool, err error) {
	e := pk.e
	parts := make([]int, len(idx))
	for k, j := range idx {
		parts[k] = pk.elems[j]
	}
	// Cells that fewer fits cover get higher column numbers. The cover
	// search branches on the cell with the fewest ways on and tries rows
	// in the order of their last cell column, a filler (whose last cell
	// is its own) before every fit that reaches a later cell: with the
	// cells hardest to cover last, the fits covering them mostly end
	// there too, come first (they were added first) and the fillers last.
	ways := map[int]int{}
	for _, i := range parts {
		for _, f := range pk.fitCells(i) {
			for _, c := range f {
				ways[c]++
			}
		}
	}
	order := make([]int, 0, len(ways))
	for c := range ways {
		order = append(order, c)
	}
	slices.SortFunc(order, func(a, b int) int {
		if ways[a] != ways[b] {
			return ways[b] - ways[a]
		}
		return a - b
	})
	cellCol := make(map[int]int, len(order))
	for k, c := range order {
		cellCol[c] = len(parts) + k
	}
	cols := make([]cover.Column, len(parts)+len(cellCol))
	for k, i := range parts {
		n := e.pr.Parts[i].Min
		cols[k] = cover.Column{Min: n, Max: n}
	}
	for k := len(parts); k < len(cols); k++ {
		cols[k] = cover.Column{Min: 1, Max: 1}
	}
	prob := cover.NewProblem(cols, -1)
	var rowFit [][]int // problem row -> the cells of its fit
	var row []int
	for k, i := range parts {
		for _, f := range pk.fitCells(i) {
			row = append(row[:0], k)
			for _, c := range f {
				row = append(row, cellCol[c])
			}
			prob.AddRow(row, nil)
			rowFit = append(rowFit, f)
		}
	}
	for k := len(parts); k < len(cols); k++ {
		prob.AddRow([]int{k}, nil)
	}
	m, err := cover.New(prob)
	if err != nil {
		return false, false, err
	}
	if m, _, err = m.Reduce(ctx); err != nil {
		if ctx.Err() != nil {
			return false, false, nil
		}
		return false, false, err
	}
	var occ []uint64
	res, err := cover.Search(ctx, m, cover.Options{Workers: 1, OnSolution: func(_ int, rows []int32) cover.Action {
		occ = make([]uint64, pk.words)
		for _, r := range rows {
			if int(r) < len(rowFit) { // not a filler
				for _, c := range rowFit[r] {
					occ[c>>6] |= 1 << (c & 63)
				}
			}
		}
		return cover.Halt
	}})
	if err != nil {
		return false, false, err
	}
	if occ != nil {
		if mk, ok := pk.mask(idx); ok {
			pk.seen[mk] = occ
		}
		return true, true, nil
	}
	return false, res.Complete(), nil
}
