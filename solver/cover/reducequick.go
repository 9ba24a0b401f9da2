package cover

import (
	"math/bits"
	"slices"
)

// quickTest spares Reduce most of its row tests. A full test takes the
// row (building the level below, which clears the sets of all its
// columns) and scans every column. Two cheaper tests, row against row,
// come first, and each gives the full test's verdict when it gives one;
// Reduce keeps and drops the same rows either way.
//
// The rows Reduce drops mostly fail on the same column as the row before:
// a required cell that only a few placements cover, all in conflict with
// each of those rows (2,954 of PelikanBurr's 3,011 drops, 1,854 of
// Prisgon's 1,856). So the columns of the last failures are tried first:
// their rows that do not conflict with the tested row are counted, and
// too few fail the row (the full test leaves the column those rows and
// no others).
//
// A row that passed its last test keeps passing while every row dropped
// since conflicts with it: the rows the full test would leave are then
// the same. On the later rounds of Reduce, which drop a few rows each,
// that settles most rows without a full test.
type quickTest struct {
	m    *Matrix
	root []uint64 // the rows still available
	// wt[c] is the weight in column c of the last tested row with an
	// entry there, and that row+1: the tested row's weight where that is
	// cur. Left behind after a test, not cleared: a row's weights are
	// the same at each of its tests, and clearing them after each test
	// was a fifth of the quick tests' instructions on HexSticks.
	wt   []rowWt
	cur  int32   // the tested row+1
	cols []int32 // columns of recent failures, most useful first
	gone []int32 // the rows dropped, in order
	// at[r]-1 is len(gone) when row r last passed a test (0: never).
	at []int32
	// After a test that found rows dropped since the tested row last
	// passed that fit with it, recheck is set and lost holds those rows:
	// the full test may then look at their columns only (see
	// worker.stillMet).
	recheck bool
	lost    []int32
	work    int64 // row entries looked at by the current test
	// limit is where the failure columns stop being tried: about what a
	// full test costs (HexSticks' rows have 190 entries each, and going
	// through the rows of four columns of them cost more than it saved).
	limit int64
}

// rowWt is a row's weight in a column (see quickTest.wt).
type rowWt struct{ row, wt int32 }

// Verdicts of quickTest.test.
const (
	quickUnsure = iota // the full test must decide
	quickKeep          // the row passes
	quickDrop          // the row fails
)

// quickCols is how many recent failure columns quickTest tries.
const quickCols = 4

// seedShare: see seed.
const seedShare = 64

// maxSince is how many rows dropped since a row's last test quickTest
// looks at before it leaves the row to the full test.
const maxSince = 64

func newQuickTest(m *Matrix, root []uint64) *quickTest {
	return &quickTest{m: m, root: root, wt: make([]rowWt, m.ncols), cols: make([]int32, 0, quickCols), at: make([]int32, m.n),
		limit: 2 * int64(m.ncols)}
}

// seed makes the required unweighted columns with the fewest rows, if
// they have few (at most one in seedShare of all rows), the first
// failure columns to try (a piece with one placement, say, whose column
// fails every row in conflict with it), and reports whether there are
// any. On HexSticks, whose columns all have a tenth of the rows and
// whose rows fail on ever other columns, trying them first did not pay.
func (q *quickTest) seed() bool {
	m := q.m
	rows := make([]int32, 0, quickCols)
	most := max(1, m.n/seedShare)
	for c := int32(0); c < m.ncols; c++ {
		if m.min[c] <= 0 || m.classes[c] != nil {
			continue
		}
		n := int32(0)
		s := m.cols[c]
		for i := s.start; i < s.end; i++ {
			n += int32(bits.OnesCount64(m.set[i].bits))
		}
		if n > most {
			continue
		}
		// Insert c among the columns kept, fewest rows first.
		i := len(q.cols)
		for i > 0 && rows[i-1] > n {
			i--
		}
		if i == quickCols {
			continue
		}
		if len(q.cols) < quickCols {
			q.cols, rows = append(q.cols, 0), append(rows, 0)
		}
		copy(q.cols[i+1:], q.cols[i:len(q.cols)-1])
		copy(rows[i+1:], rows[i:len(rows)-1])
		q.cols[i], rows[i] = c, n
	}
	return len(q.cols) > 0
}

// failed records the column of a full test's failure (-1: none).
func (q *quickTest) failed(c int32) {
	if c < 0 || q.m.classes[c] != nil {
		return
	}
	i := slices.Index(q.cols, c)
	if i < 0 {
		if len(q.cols) < quickCols {
			q.cols = append(q.cols, 0)
		}
		i = len(q.cols) - 1
	}
	q.front(i, c)
}

// front moves column c from place i of cols to the front.
func (q *quickTest) front(i int, c int32) {
	copy(q.cols[1:i+1], q.cols[:i])
	q.cols[0] = c
}

// tested records the verdict on row r.
func (q *quickTest) tested(r int32, verdict int) {
	switch verdict {
	case quickKeep:
		q.at[r] = int32(len(q.gone)) + 1
	case quickDrop:
		q.gone = append(q.gone, r)
	}
}

// test returns the verdict on row r, quickUnsure if it has none, and the
// work that took (row entries looked at, for Reduce's budget).
func (q *quickTest) test(r int32) (verdict int, work int64) {
	m := q.m
	q.work = 2 * int64(m.rowStart[r+1]-m.rowStart[r])
	q.cur = r + 1
	for e := m.rowStart[r]; e < m.rowStart[r+1]; e++ {
		q.wt[m.entCol[e]] = rowWt{q.cur, m.entWt[e]}
	}
	verdict = quickUnsure
	q.lost, q.recheck = q.lost[:0], false
	if at := q.at[r] - 1; at >= 0 && len(q.gone)-int(at) <= maxSince {
		// Looking at the columns of the rows lost pays when they are
		// few next to all the columns scan looks at: on
		// DraculasDentalDesaster, whose rows lost had more entries than
		// it has columns, and often made a column short, it did not.
		entries := int32(0)
		q.recheck = true
		for _, x := range q.gone[at:] {
			if q.fits(x) {
				q.lost = append(q.lost, x)
				if entries += m.rowStart[x+1] - m.rowStart[x]; 4*entries > m.ncols {
					q.recheck = false
					break
				}
			}
		}
		if len(q.lost) == 0 {
			verdict, q.recheck = quickKeep, false
		}
	}
	if verdict == quickUnsure {
		for i, c := range q.cols {
			if q.work > q.limit {
				break // a full test is cheaper now
			}
			if q.wt[c].row != q.cur && q.short(c) {
				q.front(i, c)
				verdict = quickDrop
				break
			}
		}
	}
	return verdict, q.work
}

// short reports whether unweighted column c, which the tested row does
// not touch, has fewer than its Min available rows that fit with it.
func (q *quickTest) short(c int32) bool {
	m := q.m
	need := m.min[c]
	if need <= 0 {
		return false
	}
	s := m.cols[c]
	for i := s.start; i < s.end; i++ {
		for b := q.root[m.set[i].idx] & m.set[i].bits; b != 0; b &= b - 1 {
			if q.work > q.limit {
				return false
			}
			if q.fits(m.set[i].idx<<6 + int32(bits.TrailingZeros64(b))) {
				if need--; need == 0 {
					return false
				}
			}
		}
	}
	return true
}

// fits reports whether row x can be taken together with the tested row:
// no column gets more than its Max from the two. The other rows are those
// taking the tested row clears.
func (q *quickTest) fits(x int32) bool {
	m := q.m
	q.work += int64(m.rowStart[x+1] - m.rowStart[x])
	for e := m.rowStart[x]; e < m.rowStart[x+1]; e++ {
		c := m.entCol[e]
		if w := q.wt[c]; w.row == q.cur && w.wt+m.entWt[e] > m.max[c] {
			return false
		}
	}
	return true
}

// stillMet is Reduce's full test of the row just taken into level d,
// which passed its last full test while the rows lost were still
// available, and fits with each of them. Only the columns of the rows
// lost have fewer rows at level d than then: if each of them
// (unweighted) still has enough for its Min and at least one, it is
// neither short nor a dead hole (it was not then, one of the rows lost
// being among its rows), and the full test would pass again. It reports
// whether it could tell so; false leaves the row to scan. On Prisgon it
// spares scanning every column in most of Reduce's last round.
func (w *worker) stillMet(d int, lost []int32) bool {
	m := w.m
	a := w.aliveAt(d)
	for _, x := range lost {
		for e := m.rowStart[x]; e < m.rowStart[x+1]; e++ {
			c := m.entCol[e]
			if m.classes[c] != nil {
				return false
			}
			if s := m.cols[c]; !atLeast(a, m.set[s.start:s.end], max(1, m.min[c]-w.w[c])) {
				return false
			}
		}
	}
	return true
}

// meets is Reduce's full test, scan(d, false), for a matrix of plain
// columns (see plainCols): whether every open column of level d still
// has rows enough for its Min, with failCol set to the first that has
// not, looked at in scan's order (the hints of the row taken first, then
// the others in increasing order). It counts a column only up to its
// Min and changes nothing in the level, which the test undoes at once:
// scan also keeps the skip counts, closes columns and weighs every
// column for a choice. On HexSticks, whose Reduce runs 191 full tests on
// 484 columns, scan had been a fifth of the whole run's instructions.
func (w *worker) meets(d int) bool {
	m := w.m
	a, todo := w.aliveAt(d), w.todo
	copy(todo, w.openAt(d))
	if w.wit == nil {
		w.wit = make([]setWord, m.ncols)
		for c, s := range m.cols {
			if s.end > s.start {
				w.wit[c] = m.set[s.start]
			}
		}
	}
	if w.hint >= 0 && m.hints != nil {
		for _, c := range m.hintsOf(w.hint) {
			if c < 0 {
				break
			}
			if pick(todo, c) && w.short(a, c) {
				w.failCol = c
				return false
			}
		}
	}
	// Most columns need one row, and the word that last had one mostly
	// has one again: that word alone is looked at first. The arrays are
	// in locals: read through m and w, their headers were loaded again
	// for every column. On HexSticks the two took meets from 2.7 to 1.5
	// million instructions.
	mins, wts, wit := m.min, w.w, w.wit
	for h, x := range todo {
		for ; x != 0; x &= x - 1 {
			c := int32(h<<6 + bits.TrailingZeros64(x))
			need := mins[c] - wts[c]
			if need <= 0 {
				continue
			}
			if x := wit[c]; need == 1 && a[x.idx]&x.bits != 0 {
				continue
			}
			if w.short(a, c) {
				w.failCol = c
				return false
			}
		}
	}
	w.failCol = -1
	return true
}

// short reports whether column c has fewer rows in a than its Min still
// needs, for meets: where it has one, the first word with one becomes
// its witness word.
func (w *worker) short(a []uint64, c int32) bool {
	m := w.m
	need, s := m.min[c]-w.w[c], m.cols[c]
	if need <= 0 {
		return false
	}
	for _, x := range m.set[s.start:s.end] {
		if b := a[x.idx] & x.bits; b != 0 {
			w.wit[c] = x
			if need -= int32(bits.OnesCount64(b)); need <= 0 {
				return false
			}
		}
	}
	return true
}

// plainCols reports whether every column of m is plain: unweighted and
// no hole, so that a column is short exactly when it has fewer rows than
// its Min still needs (see meets).
func (m *Matrix) plainCols() bool {
	for c := range m.info {
		if m.info[c].weighted || m.info[c].hole > 0 {
			return false
		}
	}
	return true
}
