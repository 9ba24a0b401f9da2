package explain

import (
	"context"
	"fmt"

	"github.com/burrlab/burrlab/model"
	"github.com/burrlab/burrlab/model/grid"
	"github.com/burrlab/burrlab/solver/cover"
)

// maxConflicts caps the conflicting sets of the smallest size reported.
const maxConflicts = 5

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
	var conflicts [][]int
	comb := make([]int, 0, len(elems))
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
search:
	for size := 1; size <= last; size++ {
		idx := make([]int, size)
		for k := range idx {
			idx[k] = k
		}
		for {
			comb = comb[:0]
			for _, k := range idx {
				comb = append(comb, elems[k])
			}
			// One copy of a piece always fits (it has placements).
			if size > 1 || e.pr.Parts[comb[0]].Min > 1 {
				ok, decided, err := e.packs(sctx, comb)
				if err != nil {
					return err
				}
				if !decided {
					if ctx.Err() != nil {
						return ctx.Err()
					}
					stopped = true
					break search
				}
				ss.Tried++
				if !ok {
					conflicts = append(conflicts, append([]int(nil), comb...))
					if len(conflicts) == maxConflicts {
						break
					}
				}
			}
			if !nextComb(idx, len(elems)) {
				break
			}
		}
		ss.Size = size
		if len(conflicts) > 0 {
			break
		}
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
			"The search for pieces that cannot be placed together ran out of time: every set of up to %s fits into the result together (%s tried).",
			plural(ss.Size, "piece"), plural(ss.Tried, "set"))})
	case wholeFills && ss.Tried == 0:
		e.add(Finding{Kind: NoConflict, Message: "The required pieces have exactly as many cells as the result, so they must fill it, and that is what fails; there are no smaller sets of them to blame."})
	case wholeFills:
		e.add(Finding{Kind: NoConflict, Message: fmt.Sprintf(
			"Every set of the required pieces fits into the result together (%s tried), except perhaps all of them: together they have exactly as many cells as the result, so they must fill it, and that is what fails. No conflict between fewer pieces is to blame.",
			plural(ss.Tried, "set"))})
	default:
		e.add(Finding{Kind: NoConflict, Message: fmt.Sprintf(
			"Every set of the required pieces fits into the result together, all of them at once too (%s tried): no pieces get in each other's way. What fails is filling the result exactly: however they are placed, some cell that must be covered stays empty or the holes are too many.",
			plural(ss.Tried, "set"))})
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

// packs reports whether the parts, each with its minimum count, can be
// placed in the result at once without overlapping. It asks the cover
// search to tile the cells the parts can reach with the parts (a column
// per part, its count exactly) and single-cell fillers (a row per cell
// and no column of its own), so that every cell column is required: with
// optional cell columns the search would branch on leaving each cell
// empty and take seconds even for sets that pack easily. decided is false
// when ctx ran out first.
func (e *explainer) packs(ctx context.Context, parts []int) (ok, decided bool, err error) {
	cellCol := map[grid.Vec]int{}
	for _, i := range parts {
		for _, f := range e.lay.Fits[i] {
			for _, c := range f.Cells {
				if _, seen := cellCol[c]; !seen {
					cellCol[c] = len(parts) + len(cellCol)
				}
			}
		}
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
	var row []int
	for k, i := range parts {
		for _, f := range e.lay.Fits[i] {
			row = append(row[:0], k)
			for _, c := range f.Cells {
				row = append(row, cellCol[c])
			}
			prob.AddRow(row, nil)
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
	found := false
	res, err := cover.Search(ctx, m, cover.Options{Workers: 1, OnSolution: func(int, []int32) cover.Action {
		found = true
		return cover.Halt
	}})
	if err != nil {
		return false, false, err
	}
	if found {
		return true, true, nil
	}
	return false, res.Complete(), nil
}
