package ui

import (
	"slices"
	"sort"

	"github.com/burrlab/burrlab/model"
)

// This file holds the Solve tab's solution list: its rows, their sort
// keys and orders, and how solutions arriving from a run are merged in.

// Sort orders of the solution list.
const (
	sortFound = iota // the order the solver found them
	sortLevel        // highest level first
	sortMoves        // most moves first
)

// solRow is one entry of the solution list. Its sort keys are computed
// when a sort first needs them: a run can keep a million solutions, and
// the order found needs no keys at all.
type solRow struct {
	sol    *model.Solution
	keyed  bool // counts and moves hold the keys
	counts []int
	moves  int
}

// keys computes the row's sort keys once.
func (r *solRow) keys() {
	if r.keyed {
		return
	}
	r.keyed = true
	if d := r.sol.Disassembly; d != nil {
		r.counts, r.moves = d.LevelCounts(), d.TotalMoves()
	}
}

// lessLevel orders by level, BurrTools' way: compare the state counts of
// the tree, node by node.
func lessLevel(a, b []int) bool {
	for i := 0; i < len(a) && i < len(b); i++ {
		if a[i] != b[i] {
			return a[i] < b[i]
		}
	}
	return len(a) < len(b)
}

// setSolutions replaces the list's content.
func (t *solveTab) setSolutions(sols []model.Solution) {
	if n := len(sols); n > 0 && n == len(t.rows) && t.rows[0].sol == &sols[0] && t.rows[n-1].sol == &sols[n-1] {
		// The list shows these very solutions already: a run's results
		// that moved into the document. Rows are built in order from one
		// slice, so the first and last decide; keys, order and selection
		// stay, which spares rebuilding a million rows when a run ends.
		return
	}
	var keep *model.Solution
	if t.sel >= 0 && t.sel < len(t.rows) {
		keep = t.rows[t.sel].sol
	}
	t.rows = t.rows[:0]
	for k := range sols {
		t.rows = append(t.rows, solRow{sol: &sols[k]})
	}
	t.sel = -1
	for k := range t.rows {
		// The same solution, though perhaps a copy: a run's kept slice
		// moves as it grows, and the document stores the latest one.
		if s := t.rows[k].sol; keep != nil && (s == keep || s.AsmNum == keep.AsmNum && slices.Equal(s.Assembly, keep.Assembly)) {
			t.sel = k
			break
		}
	}
	t.resort()
	if t.sel < 0 {
		t.clearView()
	} else if t.rows[t.sel].sol.Disassembly != keep.Disassembly {
		t.reshow() // the Movement Browser stored a disassembly, or it was undone
	}
}

// appendSolutions adds newly found solutions: the run's kept slice grew
// from from to len(sols), and the list shows sols[:from]. The rows follow
// the slice when append moved it, so that they never hold on to an old
// array and setSolutions can recognise the slice. The new rows are merged
// into the order, so that a batch costs the same whether the list holds a
// hundred solutions or a million.
func (t *solveTab) appendSolutions(sols []model.Solution, from int) {
	if from > 0 && t.rows[0].sol != &sols[0] {
		for k := range t.rows {
			t.rows[k].sol = &sols[k]
		}
	}
	start := len(t.rows)
	for k := from; k < len(sols); k++ {
		t.rows = append(t.rows, solRow{sol: &sols[k]})
	}
	if t.order == sortFound {
		for k := start; k < len(t.rows); k++ {
			t.sorted = append(t.sorted, k)
		}
	} else {
		added := make([]int, 0, len(t.rows)-start)
		for k := start; k < len(t.rows); k++ {
			t.rows[k].keys()
			added = append(added, k)
		}
		less := t.less()
		sort.SliceStable(added, func(a, b int) bool { return less(added[a], added[b]) })
		// A stable merge: on ties the older row, which has the lower
		// index, comes first, as a stable sort of all rows would have it.
		merged := make([]int, 0, len(t.sorted)+len(added))
		old := t.sorted
		for len(old) > 0 && len(added) > 0 {
			if less(added[0], old[0]) {
				merged, added = append(merged, added[0]), added[1:]
			} else {
				merged, old = append(merged, old[0]), old[1:]
			}
		}
		merged = append(append(merged, old...), added...)
		t.sorted = merged
	}
	t.showSorted()
}

// less orders two rows (indices into rows) for the chosen sort; their keys
// must be computed.
func (t *solveTab) less() func(a, b int) bool {
	rows := t.rows
	switch t.order {
	case sortLevel:
		return func(a, b int) bool { return lessLevel(rows[b].counts, rows[a].counts) }
	case sortMoves:
		return func(a, b int) bool { return rows[a].moves > rows[b].moves }
	}
	return func(a, b int) bool { return a < b }
}

// resort orders all rows afresh.
func (t *solveTab) resort() {
	t.sorted = t.sorted[:0]
	for k := range t.rows {
		t.sorted = append(t.sorted, k)
	}
	if t.order != sortFound {
		for k := range t.rows {
			t.rows[k].keys()
		}
		less := t.less()
		sort.SliceStable(t.sorted, func(a, b int) bool { return less(t.sorted[a], t.sorted[b]) })
	}
	t.showSorted()
}

// showSorted refreshes the list and keeps the selected row selected.
func (t *solveTab) showSorted() {
	t.list.Refresh()
	for k, r := range t.sorted {
		if r == t.sel {
			t.list.Select(k)
			return
		}
	}
	t.list.UnselectAll()
}
