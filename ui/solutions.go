package ui

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/burrlab/burrlab/model"
)

// This file holds the Solve tab's solution list: its rows, their sort
// keys and orders, and how solutions arriving from a run are merged in.

// Sort orders of the solution list.
const (
	sortFound  = iota // the order the solver found them
	sortLevel         // highest level first
	sortMoves         // most moves first
	sortPieces        // by the pieces used, as BurrTools sorts them
)

// sortNames are the sort orders as the sort select lists them.
var sortNames = []string{"order found", "level", "moves", "pieces"}

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

// sortsByKeys reports whether an order compares the rows' keys (the pieces are
// compared on the assemblies themselves).
func sortsByKeys(order int) bool { return order == sortLevel || order == sortMoves }

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
	defer t.tools.refresh() // the tools apply to the document's solutions only
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
			if sortsByKeys(t.order) {
				t.rows[k].keys()
			}
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
	case sortPieces:
		return func(a, b int) bool { return model.ComparePieces(rows[a].sol.Assembly, rows[b].sol.Assembly) < 0 }
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
		if sortsByKeys(t.order) {
			for k := range t.rows {
				t.rows[k].keys()
			}
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
			t.nav.show(k)
			return
		}
	}
	t.list.UnselectAll()
	t.nav.show(-1)
}

// newSolutionList makes the list widget: one row per solution in display
// order, with its number, level, moves and, for problems whose piece
// counts are ranges, the pieces it uses.
func (t *solveTab) newSolutionList() *navList {
	cols := t.columns()
	l := newNavList(
		func() int { return len(t.sorted) },
		func() fyne.CanvasObject {
			labels := make([]fyne.CanvasObject, 4)
			for k := range labels {
				lb := widget.NewLabel("")
				lb.Truncation = fyne.TextTruncateEllipsis
				labels[k] = lb
			}
			return container.New(cols, labels...)
		},
		func(i widget.ListItemID, o fyne.CanvasObject) {
			if i >= len(t.sorted) {
				return
			}
			sol := t.rows[t.sorted[i]].sol
			labels := o.(*fyne.Container).Objects
			level, moves := "none", ""
			if d := sol.Disassembly; d != nil {
				level, moves = d.Level(), fmt.Sprint(d.TotalMoves())
			}
			setLabel(labels[0].(*widget.Label), fmt.Sprintf("#%d", sol.AsmNum+1))
			setLabel(labels[1].(*widget.Label), level)
			setLabel(labels[2].(*widget.Label), moves)
			setLabel(labels[3].(*widget.Label), t.piecesText(sol.Assembly))
		}, t.u)
	l.OnSelected = func(i widget.ListItemID) {
		if i < len(t.sorted) {
			t.selectRow(t.sorted[i])
		}
		t.nav.show(i)
		t.tools.refresh()
	}
	return l
}

// listHeader names the list's columns.
func (t *solveTab) listHeader() fyne.CanvasObject {
	var labels []fyne.CanvasObject
	for _, s := range []string{"solution", "level", "moves", "pieces used"} {
		lb := widget.NewLabelWithStyle(s, fyne.TextAlignLeading, fyne.TextStyle{Italic: true})
		lb.Truncation = fyne.TextTruncateEllipsis
		labels = append(labels, lb)
	}
	return container.New(t.columns(), labels...)
}

// columns returns the layout the header and the rows share.
func (t *solveTab) columns() *solColumns {
	if t.cols == nil {
		t.cols = newSolColumns()
	}
	return t.cols
}

// piecesText names the pieces assembly a uses, when the problem's counts
// are ranges ("S1×2 S3"); otherwise every solution uses the same pieces
// and the column stays empty.
func (t *solveTab) piecesText(a model.Assembly) string {
	p := t.run.puzzleFor(t.u.doc.Puzzle(), t.u.view.Problem)
	i := t.u.view.Problem
	if i < 0 || i >= len(p.Problems) || !p.Problems[i].HasRanges() {
		return ""
	}
	pr := &p.Problems[i]
	var b strings.Builder
	for k, n := range pr.PiecesUsed(a) {
		if n == 0 {
			continue
		}
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
		fmt.Fprintf(&b, "S%d", pr.Parts[k].Shape+1)
		if n > 1 {
			fmt.Fprintf(&b, "×%d", n)
		}
	}
	if b.Len() == 0 {
		return "none"
	}
	return b.String()
}

// solColumns lays out a row of the solution list: the number, level and
// moves in columns wide enough for their usual texts, the pieces used in
// what is left. Header and rows share one, so the columns line up.
type solColumns struct {
	widths [3]float32
}

func newSolColumns() *solColumns {
	c := &solColumns{}
	// A label's own size for the header's word and a long entry, so that
	// the label's padding is counted as Fyne draws it.
	for k, texts := range [][2]string{{"solution", "#0000000"}, {"level", "00.00.00.0"}, {"moves", "0000"}} {
		for _, s := range texts {
			c.widths[k] = max(c.widths[k], widget.NewLabelWithStyle(s, fyne.TextAlignLeading, fyne.TextStyle{Italic: true}).MinSize().Width)
		}
		// Slack, as a truncating label cuts its text a little early.
		c.widths[k] += theme.InnerPadding()
	}
	return c
}

// Layout places the columns from the left.
func (c *solColumns) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	x := float32(0)
	for k, o := range objs {
		w := max(0, size.Width-x)
		if k < len(c.widths) {
			w = min(w, c.widths[k])
		}
		o.Move(fyne.NewPos(x, 0))
		o.Resize(fyne.NewSize(w, size.Height))
		x += w
	}
}

// MinSize is the fixed columns' width and the tallest cell.
func (c *solColumns) MinSize(objs []fyne.CanvasObject) fyne.Size {
	var h float32
	for _, o := range objs {
		h = max(h, o.MinSize().Height)
	}
	return fyne.NewSize(c.widths[0]+c.widths[1]+c.widths[2], h)
}

// keepRows drops the rows of deleted solutions (mark, one per row) after
// an edit left sols, the survivors in order. Keys and order are kept, so
// a deletion costs a pass over the rows and no sorting however long the
// list. The selection stays, or (when it went) moves to the row that now
// takes its place in the list.
func (t *solveTab) keepRows(mark []bool, sols []model.Solution) {
	newIdx := make([]int, len(t.rows))
	n := 0
	for k := range t.rows {
		newIdx[k] = -1
		if !mark[k] {
			newIdx[k] = n
			t.rows[n] = t.rows[k]
			t.rows[n].sol = &sols[n]
			n++
		}
	}
	clear(t.rows[n:])
	t.rows = t.rows[:n]
	pos, m := -1, 0
	for _, r := range t.sorted {
		if r == t.sel {
			pos = m // where the selected row was, among the rows kept
		}
		if newIdx[r] >= 0 {
			t.sorted[m] = newIdx[r]
			m++
		}
	}
	t.sorted = t.sorted[:m]
	if t.sel >= 0 && t.sel < len(newIdx) && newIdx[t.sel] >= 0 {
		t.sel = newIdx[t.sel]
		t.showSorted()
		return
	}
	t.sel = -1
	t.list.UnselectAll()
	t.list.Refresh()
	if pos >= 0 && m > 0 {
		t.list.Select(min(pos, m-1))
	} else {
		t.clearView()
	}
}

// rowsFollow points the rows at sols, a copy of the listed solutions in
// which those marked changed got another disassembly: their keys are made
// afresh and the list resorted; the selected one is shown again.
func (t *solveTab) rowsFollow(sols []model.Solution, changed []bool) {
	for k := range t.rows {
		t.rows[k].sol = &sols[k]
		if changed[k] {
			t.rows[k].keyed = false
		}
	}
	t.resort()
	if t.sel >= 0 && changed[t.sel] {
		t.reshow()
	}
}
