package cover

import "math"

// worker is one search state over a shared Matrix: its own copy of the
// vertical links, the weight and slack of every column, and the stacks
// that record how to undo what the search did.
//
// A column's slack is its weight plus the weight of its available rows
// minus its Min. It only ever decreases below a search node, so a column
// whose slack drops below 0 (or, for hole columns, to 0: a dead hole)
// dooms the whole subtree. bad counts such columns, weighted so that one
// comparison with the matrix's limit checks both conditions; it is kept
// up to date by every hide and unhide, which replaces BurrTools' scan of
// all columns at every node.
type worker struct {
	m        *Matrix
	up, down []int32
	slack    []int32
	w        []int32 // weight of the chosen rows in each column
	open     []bool
	prev     []int32 // open columns form a ring through index ncols
	next     []int32
	bad      int32

	// trail records what selections and exclusions hid, to be undone in
	// reverse: a row number (unhide it) or ^col (reopen the column).
	trail  []int32
	frames []frame
	chosen []int32 // internal rows taken, in order
	out    []int32 // chosen, as problem row numbers, for the callback
}

// frame is one search node: the column it branches on and where it stands
// among its alternatives. The alternatives are, in order: "take no more
// rows from this column" (only if its weight already satisfies Min), then
// each available row of the column in list order. A tried row is hidden
// for its later siblings, so the next alternative is always the first
// available row; that is what enumerates the rows taken from a column in
// increasing order.
type frame struct {
	col      int32
	owns     bool  // this node chose col (a continuation node shares it)
	stopDone bool  // the "no more rows" alternative is behind us
	limited  bool  // no alternatives after the current one (job prefix, or given away)
	more     bool  // the column had rows after the current alternative
	alt      int32 // the alternative in progress: a row, altStop or altNone
	last     int32 // the last alternative finished
	trail0   int32 // trail length when the node was entered
	sel0     int32 // trail length before the current alternative
	n, k     int32 // alternatives at entry and how many are finished (progress)
}

const (
	altNone = -1
	altStop = -2
)

func newWorker(m *Matrix) *worker {
	nc := m.ncols
	w := &worker{
		m:     m,
		up:    append([]int32(nil), m.up...),
		down:  append([]int32(nil), m.down...),
		slack: append([]int32(nil), m.slack...),
		w:     make([]int32, nc),
		open:  make([]bool, nc),
		prev:  make([]int32, nc+1),
		next:  make([]int32, nc+1),
		bad:   m.bad,
	}
	for c := int32(0); c <= nc; c++ {
		w.prev[c] = c - 1
		w.next[c] = c + 1
	}
	w.prev[0] = nc
	w.next[nc] = 0
	if nc == 0 {
		w.next[0], w.prev[0] = 0, 0
	}
	for c := range w.open {
		w.open[c] = true
	}
	return w
}

// failed reports whether the current node's subtree holds no solution.
func (w *worker) failed() bool { return w.bad > w.m.limit }

// avail returns the weight of the rows still available in column c.
func (w *worker) avail(c int32) int32 { return w.slack[c] + w.m.min[c] - w.w[c] }

// hideRow takes row r out of every column list, as no longer available.
func (w *worker) hideRow(r int32) {
	m := w.m
	for x := m.rowNode[r]; x < m.rowNode[r+1]; x++ {
		u, d := w.up[x], w.down[x]
		w.down[u], w.up[d] = d, u
		c, wt := m.nodeCol[x], m.nodeWt[x]
		s := w.slack[c] - wt
		w.slack[c] = s
		if t := m.thr[c]; s <= t && s+wt > t {
			w.bad += m.inc[c]
		}
	}
}

// unhideRow undoes hideRow(r); calls must nest.
func (w *worker) unhideRow(r int32) {
	m := w.m
	for x := m.rowNode[r+1] - 1; x >= m.rowNode[r]; x-- {
		c, wt := m.nodeCol[x], m.nodeWt[x]
		s := w.slack[c]
		if t := m.thr[c]; s <= t && s+wt > t {
			w.bad -= m.inc[c]
		}
		w.slack[c] = s + wt
		u, d := w.up[x], w.down[x]
		w.down[u], w.up[d] = x, x
	}
}

// hide hides row r and records it on the trail.
func (w *worker) hide(r int32) {
	w.hideRow(r)
	w.trail = append(w.trail, r)
}

func (w *worker) closeCol(c int32) {
	p, n := w.prev[c], w.next[c]
	w.next[p], w.prev[n] = n, p
	w.open[c] = false
}

func (w *worker) openCol(c int32) {
	p, n := w.prev[c], w.next[c]
	w.next[p], w.prev[n] = c, c
	w.open[c] = true
}

// selectRow takes row r: its weights go into its columns, and every row
// that would now overflow one of them is hidden. Columns that reach their
// Max are closed. The row itself leaves the lists without changing any
// slack (its weight moves from "available" to "chosen").
func (w *worker) selectRow(r int32) {
	m := w.m
	a, b := m.rowNode[r], m.rowNode[r+1]
	for x := a; x < b; x++ {
		w.w[m.nodeCol[x]] += m.nodeWt[x]
		u, d := w.up[x], w.down[x]
		w.down[u], w.up[d] = d, u
	}
	for x := a; x < b; x++ {
		c := m.nodeCol[x]
		room := m.max[c] - w.w[c]
		if room == 0 {
			if w.open[c] {
				w.closeCol(c)
				w.trail = append(w.trail, ^c)
			}
			for y := w.down[c]; y != c; y = w.down[y] {
				w.hide(m.nodeRow[y])
			}
		} else if !m.unit[c] {
			// Weighted lists hold their heaviest rows first.
			for y := w.down[c]; y != c && m.nodeWt[y] > room; y = w.down[y] {
				w.hide(m.nodeRow[y])
			}
		}
	}
	w.chosen = append(w.chosen, r)
}

// unselectRow undoes selectRow(r) once the trail is back where it was
// before the selection.
func (w *worker) unselectRow(r int32) {
	m := w.m
	for x := m.rowNode[r+1] - 1; x >= m.rowNode[r]; x-- {
		w.w[m.nodeCol[x]] -= m.nodeWt[x]
		u, d := w.up[x], w.down[x]
		w.down[u], w.up[d] = x, x
	}
	w.chosen = w.chosen[:len(w.chosen)-1]
}

// hideAll hides every row still available in column c.
func (w *worker) hideAll(c int32) {
	for y := w.down[c]; y != c; y = w.down[y] {
		w.hide(w.m.nodeRow[y])
	}
}

// undoTo unwinds the trail to length mark.
func (w *worker) undoTo(mark int32) {
	for i := int32(len(w.trail)) - 1; i >= mark; i-- {
		if e := w.trail[i]; e >= 0 {
			w.unhideRow(e)
		} else {
			w.openCol(^e)
		}
	}
	w.trail = w.trail[:mark]
}

// choose returns the open column to branch on, or -1 when no open column
// has rows left (then the chosen rows form a solution). It takes the
// column with the fewest ways to go on, estimated as BurrTools does by
// available rows times the weight still missing to the column's Max.
func (w *worker) choose() int32 {
	m := w.m
	root := m.ncols
	best := int32(-1)
	bestScore := int64(math.MaxInt64)
	for c := w.next[root]; c != root; c = w.next[c] {
		a := w.slack[c] + m.min[c] - w.w[c]
		if a == 0 {
			continue
		}
		s := int64(a) * int64(m.max[c]-w.w[c])
		if s < bestScore {
			best, bestScore = c, s
			if s == 1 {
				break
			}
		}
	}
	return best
}

// push enters a node: a continuation of column col, or (cont false) a new
// node that chooses its column. It reports false when no column is left:
// the node is a solution.
func (w *worker) push(cont bool, col int32) bool {
	if !cont {
		col = w.choose()
		if col < 0 {
			return false
		}
		w.closeCol(col)
	}
	n := w.avail(col)
	if !w.m.unit[col] {
		n = 1 // a weighted column's rows are uncounted; progress treats it as one step
	}
	if w.w[col] >= w.m.min[col] {
		n++
	}
	w.frames = append(w.frames, frame{
		col: col, owns: !cont, alt: altNone, last: altNone,
		trail0: int32(len(w.trail)), n: max(n, 1),
	})
	return true
}

// retract undoes the current alternative of frame f: a tried row stays
// hidden for the later siblings.
func (w *worker) retract(f *frame) {
	switch f.alt {
	case altNone:
		return
	case altStop:
		w.undoTo(f.sel0)
	default:
		w.undoTo(f.sel0)
		w.unselectRow(f.alt)
		w.hide(f.alt)
	}
	f.last, f.alt = f.alt, altNone
	f.k++
}

// advance tries the next alternatives of frame f until one leaves a
// feasible node below it. It returns false when f has no alternatives
// left; otherwise cont and col say what kind of node comes next.
func (w *worker) advance(f *frame) (ok, cont bool, col int32) {
	m := w.m
	c := f.col
	for {
		if f.limited && f.last != altNone || w.failed() {
			return false, false, 0
		}
		f.sel0 = int32(len(w.trail))
		if !f.stopDone {
			f.stopDone = true
			if w.w[c] >= m.min[c] {
				f.alt, f.more = altStop, w.down[c] != c
				w.hideAll(c)
				if !w.failed() {
					return true, false, 0
				}
				w.retract(f)
				continue
			}
		}
		y := w.down[c]
		if y == c {
			return false, false, 0
		}
		r := m.nodeRow[y]
		f.alt, f.more = r, w.down[y] != c
		w.selectRow(r)
		if !w.failed() {
			if w.avail(c) == 0 {
				return true, false, 0
			}
			return true, true, c
		}
		w.retract(f)
	}
}

// pop leaves the top frame, undoing its exclusions and reopening its column.
func (w *worker) pop() {
	f := &w.frames[len(w.frames)-1]
	w.undoTo(f.trail0)
	if f.owns {
		w.openCol(f.col)
	}
	w.frames = w.frames[:len(w.frames)-1]
}

// unwind pops every frame, returning the worker to the initial state.
func (w *worker) unwind() {
	for len(w.frames) > 0 {
		f := &w.frames[len(w.frames)-1]
		switch f.alt {
		case altNone:
		case altStop:
			w.undoTo(f.sel0)
		default:
			w.undoTo(f.sel0)
			w.unselectRow(f.alt)
		}
		f.alt = altNone
		w.pop()
	}
}

// solution returns the chosen rows as problem row numbers.
func (w *worker) solution() []int32 {
	w.out = w.out[:0]
	for _, r := range w.chosen {
		w.out = append(w.out, w.m.rowOrig[r])
	}
	return w.out
}
