package model

import "fmt"

// This file holds the edits of a problem's solution list that BurrTools
// offers below its solution browser: deleting a stretch of the list,
// dropping disassemblies to their outline, storing new ones, and the keys
// the list sorts by. Edits never change a solution in place: they build a
// new slice, because undo snapshots share the old one.

// SolutionRange names which solutions a deletion takes.
type SolutionRange int

// The ranges, relative to the selected solution in the list's order.
const (
	AllSolutions       SolutionRange = iota // every solution
	BeforeSelected                          // those listed before the selected one
	AtSelected                              // the selected one
	AfterSelected                           // those listed after the selected one
	WithoutDisassembly                      // those with no disassembly stored
)

// MarkSolutions marks the solutions of range r. order is the list's order
// (a permutation of the indices into sols) and sel the index into sols of
// the selected solution, -1 if none; the ranges around the selection need
// one. The result has one entry per solution.
func MarkSolutions(sols []Solution, order []int, sel int, r SolutionRange) ([]bool, error) {
	if len(order) != len(sols) {
		return nil, fmt.Errorf("the order lists %d of %d solutions", len(order), len(sols))
	}
	mark := make([]bool, len(sols))
	switch r {
	case AllSolutions:
		for k := range mark {
			mark[k] = true
		}
		return mark, nil
	case WithoutDisassembly:
		for k := range sols {
			mark[k] = sols[k].Disassembly == nil
		}
		return mark, nil
	case BeforeSelected, AtSelected, AfterSelected:
	default:
		return nil, fmt.Errorf("unknown solution range %d", r)
	}
	if sel < 0 || sel >= len(sols) {
		return nil, fmt.Errorf("no solution is selected")
	}
	at := -1
	for k, i := range order {
		if i < 0 || i >= len(sols) {
			return nil, fmt.Errorf("the order names solution %d of %d", i, len(sols))
		}
		if i == sel {
			at = k
		}
	}
	if at < 0 {
		return nil, fmt.Errorf("the selected solution is not in the order")
	}
	switch r {
	case BeforeSelected:
		for _, i := range order[:at] {
			mark[i] = true
		}
	case AtSelected:
		mark[sel] = true
	case AfterSelected:
		for _, i := range order[at+1:] {
			mark[i] = true
		}
	}
	return mark, nil
}

// DeleteSolutions removes the marked solutions (one mark per solution) and
// returns how many went. The counters and the resume state stay: they
// describe the search, not the list, as in BurrTools.
func (pr *Problem) DeleteSolutions(mark []bool) (int, error) {
	if len(mark) != len(pr.Solutions) {
		return 0, fmt.Errorf("%d marks for %d solutions", len(mark), len(pr.Solutions))
	}
	n := 0
	for _, m := range mark {
		if m {
			n++
		}
	}
	if n == 0 {
		return 0, nil
	}
	var kept []Solution
	if n < len(mark) {
		kept = make([]Solution, 0, len(mark)-n)
		for k, m := range mark {
			if !m {
				kept = append(kept, pr.Solutions[k])
			}
		}
	}
	pr.Solutions = kept
	return n, nil
}

// SetDisassemblies replaces the disassembly of solution k by seps[k] for
// every k with set[k]; a nil entry removes it. It returns how many
// solutions changed. When every assembly found is stored, the problem's
// solution count and the solutions' numbers follow: a search without
// disassembly counted none, and once its assemblies are taken apart the
// count is known (BurrTools reads it from the file).
func (pr *Problem) SetDisassemblies(set []bool, seps []*Separation) (int, error) {
	if len(set) != len(pr.Solutions) || len(seps) != len(pr.Solutions) {
		return 0, fmt.Errorf("%d marks and %d disassemblies for %d solutions", len(set), len(seps), len(pr.Solutions))
	}
	slots := pr.NumSlots()
	var out []Solution
	n := 0
	for k := range pr.Solutions {
		if !set[k] || pr.Solutions[k].Disassembly == seps[k] {
			continue
		}
		if out == nil {
			out = append([]Solution(nil), pr.Solutions...)
		}
		out[k].Disassembly = seps[k]
		if err := out[k].Validate(slots); err != nil {
			return 0, fmt.Errorf("solution #%d: %w", pr.Solutions[k].AsmNum+1, err)
		}
		n++
	}
	if out != nil {
		pr.Solutions = out
		if uint64(len(out)) == pr.NumAssemblies {
			pr.NumSolutions = 0
			for k := range out {
				if out[k].Disassembly != nil {
					out[k].SolNum = int(pr.NumSolutions)
					pr.NumSolutions++
				}
			}
		}
	}
	return n, nil
}

// OutlineOf returns the outline of a disassembly tree: its shape and state
// counts without the states, as BurrTools keeps when it drops a
// disassembly (<separationInfo>). The level and moves stay known, so the
// list can still sort by them. An outline is its own outline.
func OutlineOf(s *Separation) *Separation {
	if s == nil {
		return nil
	}
	if outlineOnly(s) {
		return s
	}
	return &Separation{NumStates: s.Moves() + 1, Removed: OutlineOf(s.Removed), Left: OutlineOf(s.Left)}
}

// outlineOnly reports whether no node of the tree holds states.
func outlineOnly(s *Separation) bool {
	return s == nil || s.Outline() && outlineOnly(s.Removed) && outlineOnly(s.Left)
}

// HasRanges reports whether some part's count is a range: then solutions
// may use different pieces, and the list says which.
func (pr *Problem) HasRanges() bool {
	for _, p := range pr.Parts {
		if p.Min != p.Max {
			return true
		}
	}
	return false
}

// PiecesUsed counts, per part of the problem, the pieces assembly a
// places. Slots beyond the problem's are ignored.
func (pr *Problem) PiecesUsed(a Assembly) []int {
	used := make([]int, len(pr.Parts))
	slot := 0
	for i, p := range pr.Parts {
		for k := 0; k < p.Max && slot < len(a); k++ {
			if a[slot].Placed() {
				used[i]++
			}
			slot++
		}
	}
	return used
}

// ComparePieces orders two assemblies by the pieces they use, as
// BurrTools' sort by pieces does: at the first slot used by one and not
// the other, the one using it comes first. It returns -1, 0 or 1.
func ComparePieces(a, b Assembly) int {
	for k := 0; k < len(a) && k < len(b); k++ {
		switch pa, pb := a[k].Placed(), b[k].Placed(); {
		case pa && !pb:
			return -1
		case !pa && pb:
			return 1
		}
	}
	return 0
}
