package cover

import (
	"encoding/binary"
	"math/bits"
)

// Deep in a search few rows are left: in the Bedlam cube, eight pieces
// down, about 120 of 3,400, spread over 23 of the row sets' 53 words.
// Yet every node there still counts its columns over their ranges of
// words, and tests its rows against survivor sets. So a node with at
// most smallRows rows left, on a matrix where every column takes at most
// one row (see Matrix.small), searches its subtree on a copy numbered
// from 0: a row set is four words, a column's count four ANDs and
// popcounts, a step four AND NOTs. Making the copy costs about as much
// as a node of the full search; what it saves is the survivor sets'
// tests and the counts over sparse words, and a node on the copy costs
// a fifth of one of the full search. Against the search without it
// (alternating runs of one worker, wall time; copies of 128 rows then):
// Bedlam 0.84, the 5x4x3 pentacube box 0.79, 6x10 0.90, 5x12 0.92.
// Copies of up to 256 rows against 128 (2026-11-26): Bedlam 0.71, the
// 5x4x3 box 0.72, 6x5x2, 6x10 and 5x12 0.78; 192 rows were in between.
// (Before the copy read each row's columns as one word, 256 rows had
// been no faster than 128.) The fields of rset are named, not an array:
// Go keeps named fields in registers, and an array version of the same
// search took 1.37 times as long.
//
// The copy branches as scan does: on the open column with the fewest
// rows, the first of equals when the hints of the row just taken come
// first; and it skips the rows the survivor sets rule out, as the full
// search (see doomed), not the ones that cut off a region (see
// areaSplits: a flood fill would cost more than the nodes it spares
// there). The full search skips the same at a small node (see skips),
// so the tree is the same whichever walks it. That is what lets a
// search stopped inside the copy (a halt, the -first limit, a cancelled
// disassembly) be turned into the full search's frames along the same
// path, saved, and continued by either, and the size estimates of the
// search (see EstimateProbes) count the nodes it visits.

// smallRows is the most rows a node may have for the small search (the
// bits of an rset), and smallCols the most columns its matrix may have.
const (
	smallRows = 256
	smallCols = 128
)

// smallSearch is a worker's copy of a small node (see above). Its
// columns keep the matrix's numbers.
type smallSearch struct {
	n     int                   // rows
	rows  [smallRows + 8]int32  // the internal row of each row, increasing (8 spare: see listRows)
	words [2 * smallRows]uint32 // listRows' scratch
	// sets[k][c] is word k of column c's rows: rows 64k to 64k+63 (see
	// set). Indexed by a byte, they need no bounds check; column
	// smallCols takes the padding of Matrix.rowCols, and is empty
	// during the search. The words past the copy's rows are stale
	// (see load).
	sets [smallRows / 64][256]uint64
	path [smallRows + 1]smallLevel
}

// smallLevel is a node of the small search: its available rows and open
// columns, the rows of its chosen column not tried yet and the row in
// progress.
type smallLevel struct {
	alive, cand rset
	open        [2]uint64
	col, row    int32
}

// isSmall reports whether the small search applies to m: at most
// smallCols columns, each of which takes at most one row, with weight
// 1, and is no hole.
func (m *Matrix) isSmall() bool {
	if m.ncols > smallCols {
		return false
	}
	for c := int32(0); c < m.ncols; c++ {
		if m.cols[c].start == m.cols[c].end {
			continue // settled at the root
		}
		if m.classes[c] != nil || m.max[c] != 1 || m.hole[c] != 0 || !m.sec[c] && m.min[c] != 1 {
			return false
		}
	}
	return true
}

// buildSmall fills colMask, and rowWord or rowCols, for the small search.
// Rows of at most 8 columns (a piece of up to 7 cells and its piece
// column) take the 8 bytes of a word (rowWord); when no row has more than
// 6 (pieces of up to 5 cells), the last two bytes are left alone: making
// a copy sets a bit for each byte, and on the Bedlam cube skipping the
// two saves 5% of its time. Longer rows take rowStride bytes each in
// rowCols.
func (m *Matrix) buildSmall() {
	m.colMask = make([][2]uint64, m.n)
	stride := int32(0)
	for r := int32(0); r < m.n; r++ {
		stride = max(stride, m.rowStart[r+1]-m.rowStart[r])
	}
	m.rowNarrow = stride <= 6
	stride = max(stride, 8)
	m.rowStride = stride
	var word [8]uint8
	if stride == 8 {
		m.rowWord = make([]uint64, m.n)
	} else {
		m.rowCols = make([]uint8, m.n*stride)
	}
	for r := int32(0); r < m.n; r++ {
		cols := word[:]
		if m.rowWord == nil {
			cols = m.rowCols[r*stride : (r+1)*stride]
		}
		for i := range cols {
			cols[i] = smallCols // the sink: see smallSearch.sets
		}
		for i, c := range m.entCol[m.rowStart[r]:m.rowStart[r+1]] {
			m.colMask[r][c>>6] |= 1 << (uint(c) & 63)
			cols[i] = uint8(c)
		}
		if m.rowWord != nil {
			m.rowWord[r] = binary.LittleEndian.Uint64(cols)
		}
	}
	if m.rowWord != nil && !m.rowNarrow {
		m.rowWide = make([]uint64, m.words)
		for r, cs := range m.rowWord {
			if cs>>48 != smallCols<<8|smallCols {
				m.rowWide[r>>6] |= 1 << (uint(r) & 63)
			}
		}
	}
}

// few reports whether level d has at most smallRows available rows.
func (w *worker) few(d int) bool {
	n := 0
	for _, x := range w.aliveAt(d) {
		if n += bits.OnesCount64(x); n > smallRows {
			return false
		}
	}
	return true
}

// load copies the node at level d into w.sm. The rows are listed first
// and their columns' bits set after, each word of the copy (64 rows) by
// a loop of its own: one loop doing both kept a dozen values on the
// stack, and the copy is a third of the Bedlam cube's time.
func (w *worker) load(d int) {
	m, s := w.m, &w.sm
	n := listRows(&s.rows, &s.words, w.aliveAt(d))
	// Only the words that hold rows are cleared: the others keep an
	// older copy's bits, which the search never sees, as it reads every
	// set through the rows available. Clearing all four took 0.4% more
	// instructions on the Bedlam cube, 0.2% on the pentomino boxes.
	for k := 0; 64*k < n; k++ {
		clear(s.sets[k][:m.ncols])
	}
	if rw := m.rowWord; rw != nil {
		for k := 0; 64*k < n; k++ {
			fillNarrow(&s.sets[k], s.rows[64*k:min(n, 64*k+64)], rw)
		}
		if !m.rowNarrow {
			s.fillWide(w.aliveAt(d), m.rowWide, rw)
		}
	} else {
		stride := int(m.rowStride)
		for j, r := range s.rows[:n] {
			h, bit := &s.sets[j>>6], uint64(1)<<uint(j&63)
			for _, c := range m.rowCols[int(r)*stride : int(r+1)*stride] {
				h[c] |= bit
			}
		}
	}
	for k := range s.sets {
		s.sets[k][smallCols] = 0
	}
	s.n = n
	o := w.openAt(d)
	s.path[0].open = [2]uint64{}
	copy(s.path[0].open[:], o)
	s.path[0].alive = rset{low(n), low(n - 64), low(n - 128), low(n - 192)} // rows 0 to n-1
}

// listRows writes the numbers of the rows in alive, at most smallRows,
// to rows in increasing order and returns how many there are. A loop
// over each word's rows mispredicted its end at almost every word, and
// the test for an empty word often: the listing took 13% of the Bedlam
// cube's time. So the words with rows are listed first, without a
// branch, and each one's first eight rows are written whether it has
// them or not (rows has room past smallRows for that), the rest of a
// word of more than eight by a loop. The eight are written out: as a
// loop they took 6% more instructions on Bedlam -first 300. words is
// scratch room for the words with rows, kept by the caller: a local
// array would be cleared at every call.
func listRows(rows *[smallRows + 8]int32, words *[2 * smallRows]uint32, alive []uint64) int {
	k := 0
	for i, x := range alive {
		// At most smallRows words have rows, so k never wraps: the
		// mask only spares the bounds check.
		words[k&(2*smallRows-1)] = uint32(i)
		if x != 0 {
			k++
		}
	}
	n := 0
	for _, i := range words[:min(k, smallRows)] {
		x := alive[i]
		base := int32(i) << 6
		c := bits.OnesCount64(x)
		p := (*[8]int32)(rows[min(n, smallRows):])
		p[0] = base + int32(bits.TrailingZeros64(x))
		x &= x - 1
		p[1] = base + int32(bits.TrailingZeros64(x))
		x &= x - 1
		p[2] = base + int32(bits.TrailingZeros64(x))
		x &= x - 1
		p[3] = base + int32(bits.TrailingZeros64(x))
		x &= x - 1
		p[4] = base + int32(bits.TrailingZeros64(x))
		x &= x - 1
		p[5] = base + int32(bits.TrailingZeros64(x))
		x &= x - 1
		p[6] = base + int32(bits.TrailingZeros64(x))
		x &= x - 1
		p[7] = base + int32(bits.TrailingZeros64(x))
		x &= x - 1
		for j := n + 8; x != 0; j++ {
			rows[min(j, smallRows)] = base + int32(bits.TrailingZeros64(x))
			x &= x - 1
		}
		n += c
	}
	return n
}

// fillNarrow sets bit j of h[c] for each column c of rows[j], whose
// columns are the first 6 bytes of its rowWord (Matrix.rowNarrow). The
// bit is shifted along, not made as 1<<j: Go turns h[c] |= 1<<j into a
// load, a BTS and a store, but h[c] |= bit into one OR to memory. That
// took the copy from 1,406 to 1,202 million instructions on Bedlam
// -first 1000 (6% of the whole).
func fillNarrow(h *[256]uint64, rows []int32, rw []uint64) {
	bit := uint64(1)
	for _, r := range rows {
		cs := rw[r]
		h[uint8(cs)] |= bit
		h[uint8(cs>>8)] |= bit
		h[uint8(cs>>16)] |= bit
		h[uint8(cs>>24)] |= bit
		h[uint8(cs>>32)] |= bit
		h[uint8(cs>>40)] |= bit
		bit <<= 1
	}
}

// fillWide sets the bits of the last two columns of the rows in alive
// (the full search's row set of the node) that have a seventh column:
// wide, a row set of the full search. Those are few: in the 6x5x2
// pentacube box only the 98 of 2,064 rows that fill an axis cut (see
// assemble's axisCuts). Setting the others' two bits in the padding
// column made each row wait for the one before, whose store it reads
// back: skipping them took 0.82 of the time on the 6x5x2 box (21 pairs),
// 0.89 and 0.97 on the 5x4x3 box (two rounds of 9 pairs). Finding the
// wide rows a word of alive at a time instead of testing every row of
// the copy: 6x5x2 1,051 to 1,014 million instructions, 5x12 769 to 745.
func (s *smallSearch) fillWide(alive, wide, rw []uint64) {
	wide = wide[:len(alive)]
	j := 0 // the copy's number of word i's first row
	for i, x := range alive {
		for y := x & wide[i]; y != 0; y &= y - 1 {
			k := j + bits.OnesCount64(x&(y&-y-1)) // the row's number in the copy
			h, bit := &s.sets[k>>6&3], uint64(1)<<(uint(k)&63)
			cs := rw[i<<6+bits.TrailingZeros64(y)] >> 48
			h[uint8(cs)] |= bit
			h[uint8(cs>>8)] |= bit
		}
		j += bits.OnesCount64(x)
	}
}

// searchSmall searches the subtree of the node at level d, which load
// has copied (the caller counted the node itself). It reports whether
// the search stopped: then the jobs left are saved. On a Halt from
// OnSolution it returns false with the frames of the path to the
// solution in place, for loop to stop after it as after any solution.
func (r *runner) searchSmall(d int) (stopped bool) {
	s, w, m := r.s, r.w, r.w.m
	sm := &w.sm
	p := &sm.path
	k, enter := 0, true
	for {
		l := &p[k]
		if enter {
			enter = false
			taken := w.hint // the row that led here
			if k > 0 {
				taken = sm.rows[p[k-1].row]
				if s.halted.Load() {
					w.frameSmall(d, k)
					r.stop(true)
					return true
				}
				if r.ticks++; r.ticks >= s.opts.tickEvery {
					r.tick()
				}
			}
			if l.open[0]|l.open[1] == 0 {
				switch s.opts.OnSolution(r.id, w.solutionSmall(k)) {
				case Retry:
					s.halt()
					w.frameSmall(d, k)
					r.stop(true)
					return true
				case Halt:
					s.halt()
					w.frameSmall(d, k)
					return false
				}
				if k--; k < 0 {
					return false
				}
				continue
			}
			// The open column with the fewest rows: the first of equals
			// in scan's order, the hints of the row just taken first.
			best, least := w.chooseSmall(l, taken)
			if least == 0 {
				if k--; k < 0 {
					return false
				}
				continue
			}
			l.col, l.cand = best, l.alive.and(sm.set(best))
		}
		if l.cand.empty() {
			if k--; k < 0 {
				return false
			}
			continue
		}
		i := l.cand.pop()
		l.row = int32(i)
		row := sm.rows[i]
		if m.hints != nil {
			m.ensure(row) // its hints, for the node below
		}
		var kill rset
		if m.rowWord != nil {
			// The rows of the row's columns, word by word.
			cs := m.rowWord[row]
			h0, h1, h2, h3 := &sm.sets[0], &sm.sets[1], &sm.sets[2], &sm.sets[3]
			kill.w0 = h0[uint8(cs)] | h0[uint8(cs>>8)] | h0[uint8(cs>>16)] | h0[uint8(cs>>24)] | h0[uint8(cs>>32)] | h0[uint8(cs>>40)]
			kill.w1 = h1[uint8(cs)] | h1[uint8(cs>>8)] | h1[uint8(cs>>16)] | h1[uint8(cs>>24)] | h1[uint8(cs>>32)] | h1[uint8(cs>>40)]
			kill.w2 = h2[uint8(cs)] | h2[uint8(cs>>8)] | h2[uint8(cs>>16)] | h2[uint8(cs>>24)] | h2[uint8(cs>>32)] | h2[uint8(cs>>40)]
			kill.w3 = h3[uint8(cs)] | h3[uint8(cs>>8)] | h3[uint8(cs>>16)] | h3[uint8(cs>>24)] | h3[uint8(cs>>32)] | h3[uint8(cs>>40)]
			if !m.rowNarrow {
				kill.w0 |= h0[uint8(cs>>48)] | h0[uint8(cs>>56)]
				kill.w1 |= h1[uint8(cs>>48)] | h1[uint8(cs>>56)]
				kill.w2 |= h2[uint8(cs>>48)] | h2[uint8(cs>>56)]
				kill.w3 |= h3[uint8(cs>>48)] | h3[uint8(cs>>56)]
			}
		} else {
			stride := int(m.rowStride)
			for _, c := range m.rowCols[int(row)*stride : int(row+1)*stride] {
				kill.or(sm.set(int32(c)))
			}
		}
		// The rows tried before stay in l.alive: kill holds them, as
		// they share the column chosen.
		alive := l.alive.andNot(kill)
		if m.doom != nil && w.doomedSmall(row, alive, l.open) {
			continue // skipped without a node, as skips does
		}
		cm := &m.colMask[row]
		q := &p[k+1]
		q.alive = alive
		q.open = [2]uint64{l.open[0] &^ cm[0], l.open[1] &^ cm[1]}
		k++
		enter = true
	}
}

// killOf returns the rows of the copy that share a column with row, row
// among them. It reads the row's columns from the matrix, which is slower
// than searchSmall's word of column bytes but needs no second copy of
// that code (the size estimates call it, far less often than the search).
func (s *smallSearch) killOf(m *Matrix, row int32) (kill rset) {
	for _, c := range m.entCol[m.rowStart[row]:m.rowStart[row+1]] {
		kill.or(s.set(c))
	}
	return kill
}

// doomedSmall is doomed for the small search: taking row leaves alive,
// and one of row's doom columns that is open keeps no row. (Every open
// column of a small matrix needs exactly one row, and a doom column's
// survivors are its rows that row leaves.) It asks whether a column's
// rows meet alive, not how many: no popcounts, 0.3% fewer instructions
// on the Bedlam cube. All doomLen entries are looked at, and the answer
// is put together without branches: testing each column in turn, open
// and then empty, mispredicted 0.9 million times on Bedlam -first 300,
// 13% of all.
func (w *worker) doomedSmall(row int32, alive rset, open [2]uint64) bool {
	m, sm := w.m, &w.sm
	var dead uint64
	for _, x := range (*[doomLen]doomSet)(m.doom[int(row)*doomLen:]) {
		h := x.col                                                  // -1 for none
		isOpen := open[h>>6&1] >> (uint(h) & 63) & uint64(^h>>31&1) // 1 or 0
		a := alive.and(sm.set(h))
		e := a.w0 | a.w1 | a.w2 | a.w3
		dead |= isOpen &^ ((e | -e) >> 63) // open, and no row left
	}
	return dead != 0
}

// chooseSmall returns the column node l branches on and its rows, as
// scan chooses: the open column with the fewest rows, the first of
// equals when the hints of row taken (the row that led to l, or -1) are
// looked at first and then the other open columns in increasing order;
// a column with one row is taken at once, and none with no row (no
// rows: l is a dead end).
func (w *worker) chooseSmall(l *smallLevel, taken int32) (best int32, least int) {
	m, sm := w.m, &w.sm
	best, least = -1, smallRows+1
	todo := l.open
	if taken >= 0 && m.hints != nil {
		for _, c := range m.hintsOf(taken) {
			if c < 0 {
				break
			}
			// A hint closed already is counted anyway and then ruled
			// out: whether it was open was the small search's most
			// mispredicted branch.
			bit := uint64(1) << (uint(c) & 63)
			open := todo[c>>6] & bit
			todo[c>>6] &^= bit
			n := l.alive.count(sm.set(c))
			if open == 0 {
				n = smallRows + 1
			}
			if n < least {
				best = c
			}
			least = min(least, n)
			if least <= 1 {
				return best, least
			}
		}
	}
	for h, x := range todo {
		for ; x != 0; x &= x - 1 {
			c := int32(h<<6 + bits.TrailingZeros64(x))
			n := l.alive.count(sm.set(c))
			if n < least {
				best = c
			}
			least = min(least, n)
			if least <= 1 {
				return best, least
			}
		}
	}
	return best, least
}

// solutionSmall returns the rows taken above the small search and on its
// path down to level k, as problem row numbers.
func (w *worker) solutionSmall(k int) []int32 {
	w.solution()
	for _, l := range w.sm.path[:k] {
		w.out = append(w.out, w.m.rowOrig[w.sm.rows[l.row]])
	}
	return w.out
}

// frameSmall turns the small search's path down to its level k into the
// full search's frames, from level d: each step chooses its column as the
// small search did (push), drops the rows tried before and takes the row.
func (w *worker) frameSmall(d, k int) {
	for _, l := range w.sm.path[:k] {
		if ok, sol := w.push(false, 0); !ok || sol {
			panic("cover: the small search's path is not the search's")
		}
		f := &w.frames[len(w.frames)-1]
		row := w.sm.rows[l.row]
		if f.col != l.col {
			panic("cover: the small search chose another column")
		}
		n, found := w.dropUpTo(d, f.col, row, false)
		if !found {
			panic("cover: the small search's row is not available")
		}
		f.stopDone, f.k, f.alt = true, n, row
		w.take(d, row)
		d++
	}
}

// set returns the rows of column c.
func (s *smallSearch) set(c int32) rset {
	return rset{s.sets[0][uint8(c)], s.sets[1][uint8(c)], s.sets[2][uint8(c)], s.sets[3][uint8(c)]}
}

// rset is a set of the small search's rows, smallRows bits: w0 holds
// rows 0 to 63, w1 64 to 127, and so on.
type rset struct{ w0, w1, w2, w3 uint64 }

// or adds b's rows to a.
func (a *rset) or(b rset) { a.w0 |= b.w0; a.w1 |= b.w1; a.w2 |= b.w2; a.w3 |= b.w3 }

// and returns the rows in a and b.
func (a rset) and(b rset) rset { return rset{a.w0 & b.w0, a.w1 & b.w1, a.w2 & b.w2, a.w3 & b.w3} }

// andNot returns the rows in a but not b.
func (a rset) andNot(b rset) rset {
	return rset{a.w0 &^ b.w0, a.w1 &^ b.w1, a.w2 &^ b.w2, a.w3 &^ b.w3}
}

// empty reports whether a has no rows.
func (a rset) empty() bool { return a.w0|a.w1|a.w2|a.w3 == 0 }

// count returns the number of rows in a and b.
func (a rset) count(b rset) int {
	return bits.OnesCount64(a.w0&b.w0) + bits.OnesCount64(a.w1&b.w1) +
		bits.OnesCount64(a.w2&b.w2) + bits.OnesCount64(a.w3&b.w3)
}

// pop removes a's first row and returns it; a must not be empty.
func (a *rset) pop() int {
	switch {
	case a.w0 != 0:
		i := bits.TrailingZeros64(a.w0)
		a.w0 &= a.w0 - 1
		return i
	case a.w1 != 0:
		i := 64 + bits.TrailingZeros64(a.w1)
		a.w1 &= a.w1 - 1
		return i
	case a.w2 != 0:
		i := 128 + bits.TrailingZeros64(a.w2)
		a.w2 &= a.w2 - 1
		return i
	}
	i := 192 + bits.TrailingZeros64(a.w3)
	a.w3 &= a.w3 - 1
	return i
}

// low returns a word of the lowest b bits, b clamped to 0..64.
func low(b int) uint64 {
	if b <= 0 {
		return 0
	}
	return ^uint64(0) >> uint(64-min(b, 64))
}
