package cover

import (
	"context"
	"hash/fnv"
	"sort"
	"strconv"
)

// Matrix is a compiled problem: dancing-links style vertical lists over
// flat arrays. Nodes 0..ncols-1 are the column headers; the entries of
// each row follow as one contiguous run of nodes, so a row is walked by
// index and needs no horizontal links. A Matrix is immutable once built
// (Reduce is the only mutator) and shared by all search workers, each of
// which copies the vertical links it changes.
type Matrix struct {
	ncols int32
	nrows int32 // rows of the original problem, before Reduce
	min   []int32
	max   []int32
	unit  []bool  // every entry of the column has weight 1
	thr   []int32 // a column is bad while its slack <= thr: -1, or 0 for holes
	inc   []int32 // what a bad column adds to the bad count
	limit int32   // the search fails while bad > limit
	holes int     // the problem's MaxHoles

	nodeCol []int32
	nodeRow []int32 // internal row of an entry node (-1 for headers)
	nodeWt  []int32
	rowNode []int32 // internal row r's nodes are rowNode[r] .. rowNode[r+1]-1
	rowOrig []int32 // internal row -> the problem's row number
	origRow []int32 // the problem's row number -> internal row, -1 if removed

	// The initial search state: vertical links and slack (weight + weight
	// of available rows - Min) of every column. bad is the initial count.
	up, down []int32
	slack    []int32
	bad      int32
}

// New compiles a problem. The problem may be changed or dropped afterwards.
func New(p *Problem) (*Matrix, error) {
	if err := p.validate(); err != nil {
		return nil, err
	}
	// A row heavier than a column's Max can never be taken; leaving it
	// out keeps the invariant that every available row fits.
	rows := make([]int32, 0, p.NumRows())
next:
	for r := 0; r < p.NumRows(); r++ {
		cols, wts := p.Row(r)
		for i, c := range cols {
			if int(wts[i]) > p.Cols[c].Max {
				continue next
			}
		}
		rows = append(rows, int32(r))
	}
	return build(p, rows, int32(p.NumRows())), nil
}

// build compiles the given rows of p (problem row numbers, increasing).
func build(p *Problem, rows []int32, nrows int32) *Matrix {
	nc := int32(len(p.Cols))
	m := &Matrix{ncols: nc, nrows: nrows, holes: p.MaxHoles}
	m.min = make([]int32, nc)
	m.max = make([]int32, nc)
	m.unit = make([]bool, nc)
	m.thr = make([]int32, nc)
	m.inc = make([]int32, nc)
	holes := 0
	for c, col := range p.Cols {
		m.min[c], m.max[c], m.unit[c] = int32(col.Min), int32(col.Max), true
		m.thr[c] = -1
		if col.Hole {
			m.thr[c] = 0
			holes++
		}
	}
	// Holes count 1 each and a violated column counts more than all allowed
	// holes together, so one comparison (bad > limit) checks both.
	if p.MaxHoles < 0 || p.MaxHoles >= holes {
		m.limit = 0
		for c, col := range p.Cols {
			if !col.Hole {
				m.inc[c] = 1
			}
		}
	} else {
		m.limit = int32(p.MaxHoles)
		for c, col := range p.Cols {
			m.inc[c] = m.limit + 1
			if col.Hole {
				m.inc[c] = 1
			}
		}
	}

	nent := 0
	for _, r := range rows {
		nent += int(p.rowStart[r+1] - p.rowStart[r])
	}
	nn := int(nc) + nent
	m.nodeCol = make([]int32, nn)
	m.nodeRow = make([]int32, nn)
	m.nodeWt = make([]int32, nn)
	m.rowNode = make([]int32, len(rows)+1)
	m.rowOrig = append([]int32(nil), rows...)
	m.origRow = make([]int32, nrows)
	for i := range m.origRow {
		m.origRow[i] = -1
	}
	for c := int32(0); c < nc; c++ {
		m.nodeCol[c], m.nodeRow[c] = c, -1
	}
	x := nc
	avail := make([]int64, nc)
	for i, r := range rows {
		m.origRow[r] = int32(i)
		m.rowNode[i] = x
		cols, wts := p.Row(int(r))
		for j, c := range cols {
			m.nodeCol[x], m.nodeRow[x], m.nodeWt[x] = c, int32(i), wts[j]
			if wts[j] != 1 {
				m.unit[c] = false
			}
			avail[c] += int64(wts[j])
			x++
		}
	}
	m.rowNode[len(rows)] = x

	// Vertical lists: row order, except that weighted columns list their
	// heaviest entries first, so the rows that overflow such a column are
	// always a prefix of its list.
	lists := make([][]int32, nc)
	for y := nc; y < x; y++ {
		c := m.nodeCol[y]
		lists[c] = append(lists[c], y)
	}
	m.up = make([]int32, nn)
	m.down = make([]int32, nn)
	for c := int32(0); c < nc; c++ {
		l := lists[c]
		if !m.unit[c] {
			sort.SliceStable(l, func(i, j int) bool { return m.nodeWt[l[i]] > m.nodeWt[l[j]] })
		}
		prev := c
		for _, y := range l {
			m.down[prev], m.up[y] = y, prev
			prev = y
		}
		m.down[prev], m.up[c] = c, prev
	}
	m.slack = make([]int32, nc)
	for c := int32(0); c < nc; c++ {
		a := avail[c]
		if a > 1<<30 {
			a = 1 << 30 // far above any Max; keeps slack in int32
		}
		m.slack[c] = int32(a) - m.min[c]
		if m.slack[c] <= m.thr[c] {
			m.bad += m.inc[c]
		}
	}
	return m
}

// NumRows returns the number of rows left (after Reduce).
func (m *Matrix) NumRows() int { return len(m.rowOrig) }

// NumCols returns the number of columns.
func (m *Matrix) NumCols() int { return int(m.ncols) }

// NumEntries returns the number of row entries left.
func (m *Matrix) NumEntries() int { return len(m.nodeCol) - int(m.ncols) }

// Infeasible reports whether the problem has obviously no solution: some
// column cannot reach its Min even with every row, or too many holes can
// never be filled.
func (m *Matrix) Infeasible() bool { return m.bad > m.limit }

// Fingerprint identifies the matrix: its bounds, hole limit and rows. A
// saved search position can only be continued on a matrix with the same
// fingerprint.
func (m *Matrix) Fingerprint() string {
	h := fnv.New64a()
	var buf [4]byte
	put := func(v int32) {
		buf[0], buf[1], buf[2], buf[3] = byte(v), byte(v>>8), byte(v>>16), byte(v>>24)
		h.Write(buf[:])
	}
	put(m.ncols)
	put(m.limit)
	for c := int32(0); c < m.ncols; c++ {
		put(m.min[c])
		put(m.max[c])
		put(m.thr[c])
	}
	for r := range m.rowOrig {
		put(-1)
		put(m.rowOrig[r])
		for x := m.rowNode[r]; x < m.rowNode[r+1]; x++ {
			put(m.nodeCol[x])
			put(m.nodeWt[x])
		}
	}
	return strconv.FormatUint(h.Sum64(), 16)
}

// Reduce removes rows that cannot be part of any solution and returns the
// reduced matrix and the number of rows removed. A row goes when taking it
// alone already leaves some column unable to reach its Min, overflows a
// column, or leaves too many holes that nothing can fill. This repeats
// until nothing changes, since each removal can doom further rows. It
// subsumes BurrTools' implication rule (if every row of a required column
// covers D, other rows covering D go). Reduce returns ctx.Err() when
// cancelled.
func (m *Matrix) Reduce(ctx context.Context) (*Matrix, int, error) {
	w := newWorker(m)
	alive := make([]bool, m.NumRows())
	for i := range alive {
		alive[i] = true
	}
	removed := 0
	for changed := true; changed && !w.failed(); {
		changed = false
		for r := int32(0); r < int32(len(alive)); r++ {
			if !alive[r] {
				continue
			}
			if r&255 == 0 && ctx.Err() != nil {
				return nil, 0, ctx.Err()
			}
			mark := int32(len(w.trail))
			w.selectRow(r)
			bad := w.failed()
			w.undoTo(mark)
			w.unselectRow(r)
			if bad {
				// Remove the row for good: hidden, never restored.
				w.hideRow(r)
				alive[r] = false
				removed++
				changed = true
			}
		}
	}
	if removed == 0 {
		return m, 0, nil
	}
	keep := make([]int32, 0, len(alive)-removed)
	for r, ok := range alive {
		if ok {
			keep = append(keep, m.rowOrig[r])
		}
	}
	return build(m.problem(), keep, m.nrows), removed, nil
}

// problem rebuilds a Problem from the matrix, indexed by original row
// numbers (removed rows become empty placeholders that build skips).
func (m *Matrix) problem() *Problem {
	p := &Problem{Cols: make([]Column, m.ncols), rowStart: make([]int32, m.nrows+1)}
	for c := range p.Cols {
		p.Cols[c] = Column{Min: int(m.min[c]), Max: int(m.max[c]), Hole: m.thr[c] == 0}
	}
	p.MaxHoles = m.holes
	// Entries in original row order.
	next := int32(0)
	for o := int32(0); o < m.nrows; o++ {
		p.rowStart[o] = next
		if r := m.origRow[o]; r >= 0 {
			for x := m.rowNode[r]; x < m.rowNode[r+1]; x++ {
				p.entCol = append(p.entCol, m.nodeCol[x])
				p.entWt = append(p.entWt, m.nodeWt[x])
				next++
			}
		}
	}
	p.rowStart[m.nrows] = next
	return p
}
