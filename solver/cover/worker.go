package cover

import (
	"math"
	"math/bits"
)

// worker is one search state over a shared Matrix. Search level d (the
// node of frames[d]) has its own set of available rows, its own set of
// open columns and its count of dead holes, so going back up the tree
// undoes nothing but the column weights of the rows taken.
type worker struct {
	m      *Matrix
	levels []levelSets
	dead   []int32 // level d's dead holes (variable cells nothing can fill)
	w      []int32 // weight of the rows taken, per column
	frames []frame
	chosen []int32 // internal rows taken, in order
	out    []int32 // chosen, as problem row numbers, for the callback

	rootAlive, rootOpen []uint64 // level 0 as it starts every job

	// maxLevels caps the search levels; Search sets it (see levelsFor).
	maxLevels int

	hint int32    // the row taken into the node being entered, or -1
	todo []uint64 // scan's columns still to examine
	// bestRows is the available rows of the column scan chose.
	bestRows int32
	// failCol is the unweighted column that made scan's last failure,
	// -1 when it failed otherwise (Reduce tries it first on the next row).
	failCol int32
	// wit[c] is, for Reduce's test (meets), a word of column c's set
	// that last had an available row.
	wit []setWord

	sm    smallSearch // the search below a node with few rows (see small.go)
	small bool        // the matrix's small, unless a test turned it off
}

// frame is one search node: the column it branches on and where it stands
// among its alternatives. The alternatives are, in order: "take no more
// rows from this column" (only if its weight already satisfies Min), then
// each available row of the column in increasing order. A row that has
// been tried is dropped from the node's available rows for its later
// siblings; that is what makes each set of rows come up exactly once.
type frame struct {
	col      int32
	stopDone bool  // the "no more rows" alternative is behind us
	limited  bool  // no alternatives after the current one (job prefix, or given away)
	alt      int32 // the alternative in progress: a row, altStop or altNone
	last     int32 // the last alternative finished
	cur      int32 // entry of col where the next row is looked for (in Matrix.dense when kept)
	n, k     int32 // alternatives at entry and how many are finished (progress)
}

const (
	altNone = -1
	altStop = -2
)

// maxLevelBytes caps the memory of one worker's search levels. Each level
// holds a row set, a column set and a skip count per column, so a huge
// problem whose solutions take many steps (hundreds of thousands of
// optional cells, say) would otherwise grow without bound on its way down.
const maxLevelBytes = 512 << 20

// levelSize is the memory of one search level of m.
func levelSize(m *Matrix) int { return int(8*(m.words+scanPad) + 8*m.colWords + 4*m.ncols + 4) }

// levelsFor returns how many search levels of m fit in bytes.
func levelsFor(m *Matrix, bytes int) int { return max(2, bytes/levelSize(m)) }

func newWorker(m *Matrix) *worker {
	w := &worker{m: m, w: make([]int32, m.ncols), hint: -1, todo: make([]uint64, m.colWords), small: m.small}
	w.level(0)
	a := w.aliveAt(0)
	for i := range a {
		a[i] = math.MaxUint64
	}
	if r := m.n & 63; r != 0 {
		a[len(a)-1] = 1<<uint(r) - 1
	}
	o := w.openAt(0)
	for c := int32(0); c < m.ncols; c++ {
		// Columns without rows are settled: failed or dead from the start.
		// Secondary columns are never chosen nor counted: take still
		// drops the rows that would overflow them.
		if m.cols[c].start < m.cols[c].end && !m.sec[c] {
			o[c>>6] |= 1 << (uint(c) & 63)
		}
	}
	w.dead[0] = m.dead0
	w.rootAlive = append([]uint64(nil), a...)
	w.rootOpen = append([]uint64(nil), o...)
	return w
}

// scanPad is the zero words after each column's words in Matrix.dense
// and after a level's row set: scan counts four words a turn from
// wherever a column's skip count points, reading past the column's end.
// A count may start at the end: a column found empty keeps that skip
// count, and stays open at a level whose scan it failed.
const scanPad = 4

// levelSets is one search level's sets. Each level keeps its slices
// ready made: the search asks for them several times a node, and slicing
// them out of one long array took 4% of the 5x4x3 pentacube search.
type levelSets struct {
	alive []uint64 // available rows
	pad   []uint64 // alive and scanPad zero words, for scan
	open  []uint64 // open columns
	skip  []int32  // skip counts (see skipAt)
	fill  []uint64 // cells covered, with Matrix.areas (see areaSplits)
	few   bool     // the node here is a small one (see small.go)
}

// level makes room for search level d.
func (w *worker) level(d int) {
	m := w.m
	for len(w.dead) <= d {
		sets := make([]uint64, m.words+scanPad+m.colWords)
		w.levels = append(w.levels, levelSets{
			alive: sets[:m.words:m.words],
			pad:   sets[:m.words+scanPad],
			open:  sets[m.words+scanPad:],
			skip:  make([]int32, m.ncols),
		})
		if m.areas != nil {
			w.levels[len(w.levels)-1].fill = make([]uint64, m.areas.words)
		}
		w.dead = append(w.dead, 0)
	}
}

// skipAt returns level d's skip counts: skip[c] sparse entries of column
// c hold no available row at this level (nor below: rows only go).
func (w *worker) skipAt(d int) []int32 { return w.levels[d].skip }

func (w *worker) aliveAt(d int) []uint64 { return w.levels[d].alive }

func (w *worker) openAt(d int) []uint64 { return w.levels[d].open }

// count returns how many rows of column c are available in a, and their
// total weight.
func (w *worker) count(c int32, a []uint64) (rows, weight int32) {
	m := w.m
	if cl := m.classes[c]; cl != nil {
		for _, k := range cl {
			n := int32(0)
			for e := k.set.start; e < k.set.end; e++ {
				n += int32(bits.OnesCount64(a[m.set[e].idx] & m.set[e].bits))
			}
			rows += n
			weight += n * k.wt
		}
		return rows, weight
	}
	s := m.cols[c]
	for e := s.start; e < s.end; e++ {
		rows += int32(bits.OnesCount64(a[m.set[e].idx] & m.set[e].bits))
	}
	return rows, rows
}

// scan checks the node at level d: every open column must still be able
// to reach its Min, and no more holes than allowed may be dead. Open
// columns without available rows are closed for the whole subtree (their
// count can only fall). With choose set it also picks the column to
// branch on, the one with the fewest ways to go on, estimated as
// BurrTools does by available rows times the weight still missing to the
// column's Max; -1 means no open column has rows: a solution.
//
// Counting is the search's main cost, so a column is only counted as far
// as the decision needs: up to its Min, and up to the best score so far.
// It stops at a column with a single way on.
func (w *worker) scan(d int, choose bool) (ok bool, best int32) {
	m := w.m
	a, o, sk := w.levels[d].pad, w.openAt(d), w.skipAt(d)
	// todo is the open columns not examined yet: the hints go first.
	todo := w.todo
	copy(todo, o)
	var hints []int32
	if w.hint >= 0 && m.hints != nil {
		hints = m.hintsOf(w.hint)
	}
	st := scanState{dead: w.dead[d], best: -1, bestScore: math.MaxInt64, choose: choose}
	w.failCol = -1
	set, dense, info := m.set, m.dense, m.info
	// lim1 is the count limit of a column one row from its Max: enough
	// rows to rule it out as the choice (none when not choosing).
	lim1 := int32(0)
	if choose {
		lim1 = math.MaxInt32
	}
	hi, wi := 0, 0
	word := uint64(0)
	for {
		var c int32
		if hi < len(hints) {
			c = hints[hi]
			hi++
			if c < 0 {
				hi = len(hints)
				continue
			}
			if !pick(todo, c) {
				continue
			}
		} else {
			for word == 0 {
				if wi == len(todo) {
					w.dead[d] = st.dead
					w.bestRows = st.bestRows
					return true, st.best
				}
				word = todo[wi]
				wi++
			}
			c = int32((wi-1)<<6 + bits.TrailingZeros64(word))
			word &= word - 1
		}
		ci := &info[c]
		if ci.weighted && (!ci.positive || w.w[c] < ci.min) {
			switch w.examine(&st, c, a, o) {
			case scanFail:
				return false, -1
			case scanDone:
				w.dead[d] = st.dead
				w.bestRows = st.bestRows
				return true, st.best
			}
			if st.best >= 0 {
				lim1 = int32(min(st.bestScore, math.MaxInt32))
			}
			continue
		}
		// examine, for the common unweighted column (and a weighted one
		// with positive weights that has its Min).
		wc := w.w[c]
		room := ci.max - wc
		limit := max(1, ci.min-wc)
		switch {
		case room == 1:
			limit = max(limit, lim1)
		case !choose:
		case st.bestScore == math.MaxInt64:
			limit = math.MaxInt32
		default:
			limit = max(limit, int32((st.bestScore+int64(room)-1)/int64(room)))
		}
		var rows int32
		e, end := ci.start+sk[c], ci.end
		first := e
		if dense != nil {
			// Four words a turn, into the padding, with one test
			// whether to go on: the exit is the branch the processor
			// mispredicts most, and most columns need one turn. The
			// skip count (the first word with a row) is kept on the
			// way, without branches. A count that goes past the limit
			// only comes out closer to exact.
			off := ci.off
			for {
				rows += int32(bits.OnesCount64(a[e+off] & dense[e]))
				if rows == 0 {
					first = e + 1
				}
				rows += int32(bits.OnesCount64(a[e+1+off] & dense[e+1]))
				if rows == 0 {
					first = e + 2
				}
				rows += int32(bits.OnesCount64(a[e+2+off] & dense[e+2]))
				if rows == 0 {
					first = e + 3
				}
				rows += int32(bits.OnesCount64(a[e+3+off] & dense[e+3]))
				if rows == 0 {
					first = e + 4
				}
				// Go on while e < end and rows < limit.
				if e += 4; (end-e-1)|(limit-rows-1) < 0 {
					break
				}
			}
			first = min(first, end)
		} else {
			// The same on the sparse sets, two words a turn.
			for ; e+1 < end; e += 2 {
				rows += int32(bits.OnesCount64(a[set[e].idx] & set[e].bits))
				if rows == 0 {
					first = e + 1
				}
				rows += int32(bits.OnesCount64(a[set[e+1].idx] & set[e+1].bits))
				if rows == 0 {
					first = e + 2
				}
				if rows >= limit {
					break
				}
			}
			if e+1 == end && rows < limit {
				rows += int32(bits.OnesCount64(a[set[e].idx] & set[e].bits))
				if rows == 0 {
					first = end
				}
			}
		}
		sk[c] = first - ci.start
		if rows == 0 {
			if wc < ci.min {
				w.failCol = c
				return false, -1
			}
			if ci.hole > 0 && wc == 0 {
				if st.dead += ci.hole; st.dead > m.maxHoles {
					return false, -1
				}
			}
			o[c>>6] &^= 1 << (uint(c) & 63)
			continue
		}
		if wc+rows < ci.min {
			w.failCol = c
			return false, -1
		}
		if choose {
			if s := int64(rows) * int64(room); s < st.bestScore {
				st.best, st.bestRows, st.bestScore = c, rows, s
				if lim1 = math.MaxInt32; s < math.MaxInt32 {
					lim1 = int32(s)
				}
				if s == 1 {
					w.dead[d] = st.dead
					w.bestRows = rows
					return true, st.best
				}
			}
		}
	}
}

// scanState is what scan carries from column to column.
type scanState struct {
	dead      int32
	best      int32
	bestRows  int32 // best's available rows, exact: counting stops only past a better score
	bestScore int64
	choose    bool
}

// Results of examine.
const (
	scanNext = iota // go on with the next column
	scanFail        // the node has no solutions
	scanDone        // a column with a single way on: take it
)

// examine checks open weighted column c for scan, closing it in o when
// it has no rows left. A weighted column is counted whole: its available
// weight, not its rows, decides whether it can still reach its Min.
func (w *worker) examine(st *scanState, c int32, a, o []uint64) int {
	m := w.m
	room := int64(m.max[c] - w.w[c])
	rows, avail := w.count(c, a)
	if avail == 0 {
		if w.w[c] < m.min[c] {
			return scanFail
		}
		if m.hole[c] > 0 && w.w[c] == 0 {
			if st.dead += m.hole[c]; st.dead > m.maxHoles {
				return scanFail
			}
		}
		o[c>>6] &^= 1 << (uint(c) & 63)
		return scanNext
	}
	if w.w[c]+avail < m.min[c] {
		return scanFail
	}
	if st.choose {
		if s := int64(rows) * room; s < st.bestScore {
			st.best, st.bestRows, st.bestScore = c, rows, s
			if s == 1 {
				return scanDone
			}
		}
	}
	return scanNext
}

// take builds level d+1 from level d with row r taken: its weights go
// into its columns, and every row that would now overflow one of them is
// dropped. Columns that reach their Max are closed.
func (w *worker) take(d int, r int32) {
	m := w.m
	w.level(d + 1)
	a := w.aliveAt(d + 1)
	if m.killDense != nil {
		m.ensure(r)
		p := w.aliveAt(d)
		k := m.killDense[int(r)*len(p) : int(r+1)*len(p)]
		k = k[:len(p)]
		a = a[:len(p)]
		for i, x := range p {
			a[i] = x &^ k[i]
		}
	} else {
		copy(a, w.aliveAt(d))
		if m.killMasks {
			k := m.kill[r]
			clearSet(a, m.set[k.start:k.end])
		}
	}
	o := w.openAt(d + 1)
	copy(o, w.openAt(d))
	copy(w.skipAt(d+1), w.skipAt(d))
	w.dead[d+1] = w.dead[d]
	if t := m.areas; t != nil {
		rc := t.rows[int(m.rowOrig[r])*t.words:]
		f, pf := w.levels[d+1].fill, w.levels[d].fill
		for i := range f {
			f[i] = pf[i] | rc[i]
		}
	}
	a[r>>6] &^= 1 << (uint(r) & 63)
	for e := m.rowStart[r]; e < m.rowStart[r+1]; e++ {
		c := m.entCol[e]
		w.w[c] += m.entWt[e]
		room := m.max[c] - w.w[c]
		if room == 0 {
			o[c>>6] &^= 1 << (uint(c) & 63)
			if m.killMasks && m.sat[e] {
				continue
			}
			s := m.cols[c]
			clearSet(a, m.set[s.start:s.end])
			continue
		}
		for _, k := range m.classes[c] {
			if k.wt <= room {
				break
			}
			clearSet(a, m.set[k.set.start:k.set.end])
		}
	}
	w.chosen = append(w.chosen, r)
	w.hint = r
}

// clearSet removes the words of a sparse set from a.
func clearSet(a []uint64, ws []setWord) {
	for _, x := range ws {
		a[x.idx] &^= x.bits
	}
}

// untake undoes the weights of take(d, r).
func (w *worker) untake(r int32) {
	m := w.m
	for e := m.rowStart[r]; e < m.rowStart[r+1]; e++ {
		w.w[m.entCol[e]] -= m.entWt[e]
	}
	w.chosen = w.chosen[:len(w.chosen)-1]
}

// stopAt builds level d+1 from level d with every row of column c
// dropped. It reports false when that leaves too many dead holes.
func (w *worker) stopAt(d int, c int32) bool {
	m := w.m
	w.hint = -1
	w.level(d + 1)
	a := w.aliveAt(d + 1)
	copy(a, w.aliveAt(d))
	copy(w.openAt(d+1), w.openAt(d))
	copy(w.skipAt(d+1), w.skipAt(d))
	copy(w.levels[d+1].fill, w.levels[d].fill)
	w.dead[d+1] = w.dead[d]
	if m.hole[c] > 0 && w.w[c] == 0 {
		// Left empty for good: c was closed when chosen, so no scan counts it.
		if w.dead[d+1] += m.hole[c]; w.dead[d+1] > m.maxHoles {
			return false
		}
	}
	s := m.cols[c]
	clearSet(a, m.set[s.start:s.end])
	return true
}

// next returns the first available row of frame f's column at level d,
// from the frame's cursor on, or -1.
func (w *worker) next(d int, f *frame) int32 {
	m := w.m
	a := w.aliveAt(d)
	if m.dense != nil {
		// The column's dense words, from the later of the cursor and
		// the skip count (no rows before either at this level).
		ci := &m.info[f.col]
		cw := m.dense[ci.start:ci.end]
		i := max(f.cur, w.skipAt(d)[f.col])
		for ; int(i) < len(cw); i++ {
			if b := a[ci.start+ci.off+i] & cw[i]; b != 0 {
				f.cur = i
				return (ci.start+ci.off+i)<<6 + int32(bits.TrailingZeros64(b))
			}
		}
		f.cur = i
		return -1
	}
	s := m.cols[f.col]
	for i := s.start + f.cur; i < s.end; i++ {
		if b := a[m.set[i].idx] & m.set[i].bits; b != 0 {
			f.cur = i - s.start
			return m.set[i].idx<<6 + int32(bits.TrailingZeros64(b))
		}
	}
	f.cur = s.end - s.start
	return -1
}

// anyAfter reports whether column c has an available row after row r at
// level d (r < 0: any row).
func (w *worker) anyAfter(d int, c, r int32) bool {
	m := w.m
	a := w.aliveAt(d)
	s := m.cols[c]
	for i := s.start; i < s.end; i++ {
		b := a[m.set[i].idx] & m.set[i].bits
		if r >= 0 {
			switch wi := m.set[i].idx; {
			case wi < r>>6:
				continue
			case wi == r>>6:
				b &^= 2<<(uint(r)&63) - 1
			}
		}
		if b != 0 {
			return true
		}
	}
	return false
}

// dropUpTo drops, at level d, the available rows of column c before row
// r (and r itself if with is set). It returns how many it dropped and
// whether r was available.
func (w *worker) dropUpTo(d int, c, r int32, with bool) (n int32, found bool) {
	m := w.m
	a := w.aliveAt(d)
	s := m.cols[c]
	rw, rb := r>>6, uint64(1)<<(uint(r)&63)
	for i := s.start; i < s.end && m.set[i].idx <= rw; i++ {
		wi := m.set[i].idx
		b := a[wi] & m.set[i].bits
		if wi == rw {
			found = b&rb != 0
			mask := rb - 1
			if with {
				mask |= rb
			}
			b &= mask
		}
		n += int32(bits.OnesCount64(b))
		a[wi] &^= b
	}
	return n, found
}

// push enters the node at level len(frames): a continuation of column
// col, or (cont false) a new node that chooses its column. It reports ok
// false for a dead end, and solution true when no column is left to
// branch on.
func (w *worker) push(cont bool, col int32) (ok, solution bool) {
	return w.pushFew(cont, col, w.smallAt(len(w.frames), cont))
}

// smallAt reports whether the node at level d (a continuation when cont
// is set) is a small one (see small.go). Every way of entering a node
// decides it here, so that all of them walk the same tree.
func (w *worker) smallAt(d int, cont bool) bool { return w.small && !cont && w.few(d) }

// pushFew is push for a caller that knows whether the node is a small
// one (see small.go): few rows left, on a matrix where the small search
// applies. Such a node skips no rows for the region rule (see skips),
// as the small search.
func (w *worker) pushFew(cont bool, col int32, few bool) (ok, solution bool) {
	d := len(w.frames)
	w.levels[d].few = few
	ok, best := w.scan(d, !cont)
	if !ok {
		return false, false
	}
	if cont {
		if _, avail := w.count(col, w.aliveAt(d)); w.w[col]+avail < w.m.min[col] {
			return false, false
		}
	} else {
		if best < 0 {
			return true, true
		}
		col = best
		o := w.openAt(d)
		o[col>>6] &^= 1 << (uint(col) & 63)
	}
	n := w.bestRows
	if cont {
		n, _ = w.count(col, w.aliveAt(d))
	}
	if w.w[col] >= w.m.min[col] {
		n++
	}
	w.frames = append(w.frames, frame{col: col, alt: altNone, last: altNone, n: max(n, 1)})
	return true, false
}

// retract undoes the current alternative of the top frame: a tried row
// is dropped for the later siblings.
func (w *worker) retract(f *frame) {
	switch f.alt {
	case altNone:
		return
	case altStop:
	default:
		w.untake(f.alt)
		a := w.aliveAt(len(w.frames) - 1)
		a[f.alt>>6] &^= 1 << (uint(f.alt) & 63)
	}
	f.last, f.alt = f.alt, altNone
	f.k++
}

// advance starts the next alternative of the top frame f, building the
// level below. It returns false when f has none left; otherwise cont and
// col say what kind of node comes next.
func (w *worker) advance(f *frame) (ok, cont bool, col int32) {
	m := w.m
	d := len(w.frames) - 1
	c := f.col
	for {
		if f.limited && f.last != altNone {
			return false, false, 0
		}
		if !f.stopDone {
			f.stopDone = true
			if w.w[c] >= m.min[c] {
				f.alt = altStop
				if w.stopAt(d, c) {
					return true, false, 0
				}
				w.retract(f)
			}
		}
		r := w.next(d, f)
		if r < 0 {
			return false, false, 0
		}
		if w.skips(d, r) {
			a := w.aliveAt(d)
			a[r>>6] &^= 1 << (uint(r) & 63)
			f.last = r
			f.k++
			continue
		}
		f.alt = r
		w.take(d, r)
		switch {
		case w.w[c] == m.max[c]:
			return true, false, 0
		case w.anyAfter(d+1, c, -1):
			return true, true, c
		case w.w[c] >= m.min[c]:
			return true, false, 0
		}
		w.retract(f) // the column can no longer reach its Min
	}
}

// skips reports whether the search skips row r at level d without
// entering the node below: taking r surely leads to a dead end.
//
// At a small node (see small.go) only doomed rows are skipped, as the
// small search does: the tree is then the same whichever of the two
// walks it.
func (w *worker) skips(d int, r int32) bool {
	if w.doomed(d, r) {
		return true
	}
	return w.m.areas != nil && !w.levels[d].few && w.areaSplits(d, r)
}

// doomed reports whether taking row r at level d surely leads to a dead
// end, because one of r's doom columns keeps too few rows to reach its Min.
func (w *worker) doomed(d int, r int32) bool {
	m := w.m
	if m.doom == nil {
		return false
	}
	m.ensure(r)
	a, o := w.aliveAt(d), w.openAt(d)
	for _, x := range m.doom[int(r)*doomLen : int(r+1)*doomLen] {
		h := x.col
		if h < 0 {
			return false
		}
		need := m.min[h] - w.w[h]
		if need <= 0 || o[h>>6]&(1<<(uint(h)&63)) == 0 {
			continue
		}
		if !atLeast(a, m.pre[x.set.start:x.set.end], need) {
			return true
		}
	}
	return false
}

// atLeast reports whether a holds at least n rows of a sparse set.
func atLeast(a []uint64, ws []setWord, n int32) bool {
	for _, x := range ws {
		if b := a[x.idx] & x.bits; b != 0 {
			if n -= int32(bits.OnesCount64(b)); n <= 0 {
				return true
			}
		}
	}
	return false
}

// reset returns the worker to the root of the search.
func (w *worker) reset() {
	for len(w.chosen) > 0 {
		w.untake(w.chosen[len(w.chosen)-1])
	}
	w.frames = w.frames[:0]
	w.hint = -1 // the column choice depends on it: replays must see the same
	copy(w.aliveAt(0), w.rootAlive)
	copy(w.openAt(0), w.rootOpen)
	clear(w.skipAt(0))
	clear(w.levels[0].fill)
	w.dead[0] = w.m.dead0
}

// solution returns the chosen rows as problem row numbers.
func (w *worker) solution() []int32 {
	w.out = w.out[:0]
	for _, r := range w.chosen {
		w.out = append(w.out, w.m.rowOrig[r])
	}
	return w.out
}

// more reports whether frame i has alternatives after its current one,
// which must be a row or the stop.
func (w *worker) more(i int) bool {
	f := &w.frames[i]
	if f.alt == altStop {
		return w.anyAfter(i, f.col, -1)
	}
	return w.anyAfter(i, f.col, f.alt)
}
