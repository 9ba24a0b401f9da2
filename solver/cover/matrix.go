package cover

import (
	"context"
	"hash/fnv"
	"math"
	"math/bits"
	"slices"
	"strconv"
	"sync"
	"sync/atomic"

	"github.com/burrlab/burrlab/internal/splitmix"
)

// Matrix is a compiled problem. The search keeps, per search level, the
// set of rows still available as a bitset; every column knows its rows as
// a sparse bitset (the words that hold any of them). Counting a column's
// available rows is then a few AND and popcount operations, and undoing a
// step costs nothing: the parent level's set is still there. A Matrix is
// immutable and shared by all search workers.
type Matrix struct {
	ncols int32
	nrows int32 // rows of the original problem
	n     int32 // rows kept (internal numbering)
	words int32 // words of a row set

	min, max []int32
	// hole[c] is the number of holes column c counts for when left
	// empty, 0 for no hole column: k identical hole columns merged into
	// one are k holes (see merge.go).
	hole []int32
	sec  []bool // secondary columns: never open (see Column)
	// copies[c] is the number of problem columns column c stands for,
	// nil when no columns were merged, here or in the matrix Reduce
	// rebuilt this one from.
	copies   []int32
	info     []colInfo // the same, with cols, in one place for scan
	maxHoles int32     // math.MaxInt32 for no limit
	holes    int       // the problem's MaxHoles, kept for rebuilding

	rowStart []int32 // internal row r's entries are entCol[rowStart[r]:rowStart[r+1]]
	entCol   []int32
	entWt    []int32
	rowOrig  []int32 // internal row -> problem row number
	origRow  []int32 // problem row number -> internal row, -1 if left out

	// Column c's rows: the sparse set cols[c]. A weighted column (weights
	// other than 1) also lists its rows by weight, heaviest first, in
	// classes[c], to count available weight and drop overflowing rows.
	cols    []sparse
	classes [][]class
	set     []setWord // the words of every sparse set
	// dense holds each column's words from its first to its last, the
	// empty ones too, and scanPad zero words: scan reads them in order,
	// without an index to load first. Nil when too big (see denseRatio).
	dense []uint64

	// kill[r], when killMasks is set, is every row that taking row r
	// rules out through columns r fills on its own (its weight there is the
	// column's Max): the union of those columns' sets. Precomputed, it
	// turns most of a step into one pass over a sparse set. sat[e] marks
	// the entries whose columns it covers. The first search builds them
	// (see buildHints). When killDense is kept, kill is nil: the dense
	// form is made directly.
	killMasks bool
	kill      []sparse
	sat       []bool
	// killDense, when not nil, holds the same kill sets as plain row sets:
	// row r's is killDense[r*words : (r+1)*words]. A step then builds its
	// level in one pass (parent AND NOT kill) instead of a copy and a
	// scattered clear. It is kept when no bigger than the sparse sets: on
	// a tiling a kill set spans nearly every word (37.5 of 38 on the
	// 5x4x3 pentacube box), so its sparse form costs twice the memory.
	// It is chosen by a bound on the sparse sets' words, before making
	// either (see buildKills).
	killDense []uint64
	// hints[r*hintLen:] lists the columns that taking row r hits hardest
	// (the largest share of their rows ruled out), -1 padded. The next
	// node looks at them first: a column left without rows is found at
	// once, and a column with few rows sets a low bar for counting the
	// others. Empty when too costly to compute. Search builds them once,
	// on first use (Reduce's intermediate matrices never need them).
	hints     []int32
	hintsOnce sync.Once
	// doomCols[r*hintLen:], when columns were merged, lists the columns
	// that taking row r hits hardest, each once: the hints count a
	// merged column as often as it stands for problem columns, but the
	// survivor sets (doom) are worth most on different columns. Nil
	// when not needed (see doomCands).
	doomCols []int32
	// doom[r*doomLen+i], for the first hint columns h of row r that r
	// does not touch, is the set of h's rows that survive taking r (its
	// words are in pre). A step whose survivors have too few available
	// rows to satisfy h can be skipped without building the level below:
	// most steps of a tiling end that way. h is the entry's col, -1 for none.
	doom []doomSet
	pre  []setWord

	// ready[r] is set once row r's kill set, hints and survivor sets are
	// built (see ensure); buildEager sets every row's. rowMu serializes
	// the builds of single rows, which use scratch and append to pre up
	// to preLen.
	ready   []atomic.Uint32
	rowMu   sync.Mutex
	scratch *rowScratch
	preLen  int32

	// areas, when not nil, is the geometry of the cells (see Areas):
	// the search skips the steps that cut off a region no rows can fill.
	areas *areaTable

	colWords int32 // words of a column set
	// small: every column takes at most one row, of weight 1, and none
	// is a hole, so that nodes with few rows left are searched by the
	// small search (see small.go).
	small bool
	// With small, each row's columns as bits (colMask) and as a list
	// of rowStride bytes, padded with smallCols: one short read for the
	// small search, where entCol takes two dependent ones. Rows of up to
	// 8 columns (rowStride 8) keep their 8 bytes as one word (rowWord),
	// longer ones in rowCols. rowNarrow: no row has more than 6 columns
	// (a piece of up to 5 cells), so the small search uses only the
	// first 6 of 8 bytes; otherwise rowWide holds, as a row set, the
	// rows of rowWord with a seventh column.
	colMask   [][2]uint64
	rowCols   []uint8
	rowWord   []uint64
	rowStride int32
	rowNarrow bool
	rowWide   []uint64
	dead0     int32 // hole columns without any row
	fail0     bool  // some column cannot reach its Min even with every row
}

// colInfo is what scan needs of a column.
type colInfo struct {
	// start, end are its words in dense: dense[e] is word e+off of a
	// row set. Without dense they are its sparse set.
	start, end, off int32
	min, max        int32
	hole            int32 // see Matrix.hole
	weighted        bool  // it has classes
	// positive: every weight is at least 1. Once such a column has its
	// Min, only its rows decide (it closes without rows, and its score
	// is rows times room), so scan counts them as an unweighted
	// column's, from dense and only as far as it needs: counting the
	// classes whole was a sixth of SolidSixPieceBurrs, whose piece
	// counts (Min 0) are weighted.
	positive bool
}

// positiveWeights reports whether weighted column c's weights are all at
// least 1 (see colInfo.positive).
func (m *Matrix) positiveWeights(c int) bool {
	cl := m.classes[c]
	return len(cl) > 0 && cl[len(cl)-1].wt >= 1 // classes go by falling weight
}

// setWord is one non-zero word of a sparse set: bits of word idx.
type setWord struct {
	bits uint64
	idx  int32
}

// sparse is a bitset stored as its non-zero words: set[start:end].
type sparse struct{ start, end int32 }

// class is the rows of a weighted column that put weight wt into it.
type class struct {
	wt  int32
	set sparse
}

// New compiles a problem. The problem may be changed or dropped afterwards.
func New(p *Problem) (*Matrix, error) { return compile(p, false) }

// Take is New for a caller that is done with p: the matrix reuses p's
// storage, and p is left without rows. A small burr's whole run is a few
// milliseconds, and each fresh page of memory written costs about as much
// as the work on it: on PelikanBurr the entries' weights (320 KB) were
// one array of fresh pages too many.
func Take(p *Problem) (*Matrix, error) { return compile(p, true) }

// compile is New, and with take Take.
func compile(p *Problem, take bool) (*Matrix, error) {
	if err := p.validate(); err != nil {
		return nil, err
	}
	// A row heavier than a column's Max can never be taken. Where every
	// weight is 1 and no Max is 0, as in most problems, none is, and its
	// entries need no look (PelikanBurr's 85,000 cost 1.5 million
	// instructions).
	rows := make([]int32, 0, p.NumRows())
	if p.entWt == nil && !slices.ContainsFunc(p.Cols, func(col Column) bool { return col.Max < 1 }) {
		for r := range p.NumRows() {
			rows = append(rows, int32(r))
		}
	} else {
	next:
		for r := range p.NumRows() {
			cols, wts := p.Row(r)
			for i, c := range cols {
				if int(wts[i]) > p.Cols[c].Max {
					continue next
				}
			}
			rows = append(rows, int32(r))
		}
	}
	sortForLocality(p, rows)
	if p.areaTab == nil {
		p.areaTab = compileAreas(p) // before build takes p's rows
	}
	return build(p, rows, take), nil
}

// sortForLocality orders the rows so that each column's rows lie in few
// words of a row set: counting, kill sets and steps then touch fewer
// words. Clients number columns that belong together (the cells of a
// result) close to each other, so rows are sorted by their last column
// of bound 1 (a cell), keeping the problem's order among equals; by its
// index before the client merged columns, where it did (see
// Column.Unmerged), so that merging changes nothing. Rows without such
// a column come first.
func sortForLocality(p *Problem, rows []int32) {
	// Keys are -1 or column numbers: a counting sort, stable by
	// construction, takes two passes over the rows.
	colKey := make([]int32, len(p.Cols))
	top := int32(-1)
	for c := range p.Cols {
		col := &p.Cols[c]
		k := int32(-1)
		if col.Max == 1 {
			k = int32(c)
			if col.Unmerged != 0 {
				k = int32(col.Unmerged)
			}
		}
		colKey[c] = k
		top = max(top, k)
	}
	key := make([]int32, len(rows))
	count := make([]int32, top+3)
	for i, r := range rows {
		cols, _ := p.Row(int(r))
		k := int32(-1)
		for _, c := range cols {
			k = max(k, colKey[c])
		}
		key[i] = k
		count[k+2]++
	}
	for k := 1; k < len(count); k++ {
		count[k] += count[k-1]
	}
	sorted := make([]int32, len(rows))
	for i, r := range rows {
		sorted[count[key[i]+1]] = r
		count[key[i]+1]++
	}
	copy(rows, sorted)
}

// build compiles the given rows of p (problem row numbers, in the
// matrix's order), keeping rows. With take it reuses p's storage and
// leaves p without rows.
func build(p *Problem, rows []int32, take bool) *Matrix {
	nc := int32(len(p.Cols))
	m := &Matrix{ncols: nc, nrows: int32(p.NumRows()), n: int32(len(rows)), holes: p.MaxHoles}
	m.words = (m.n + 63) / 64
	m.colWords = (nc + 63) / 64
	m.min = make([]int32, nc)
	m.max = make([]int32, nc)
	m.hole = make([]int32, nc)
	m.sec = make([]bool, nc)
	if slices.ContainsFunc(p.Cols, func(col Column) bool { return col.Copies > 1 }) {
		m.copies = make([]int32, nc)
	}
	for c, col := range p.Cols {
		m.min[c], m.max[c], m.sec[c] = int32(col.Min), int32(col.Max), col.Secondary
		k := int32(max(1, col.Copies))
		if m.copies != nil {
			m.copies[c] = k
		}
		if col.Hole {
			m.hole[c] = k
		}
	}
	m.areas = p.areaTab
	m.maxHoles = math.MaxInt32
	if p.MaxHoles >= 0 {
		m.maxHoles = int32(p.MaxHoles)
	}

	m.rowOrig = rows
	m.origRow = make([]int32, m.nrows)
	for i := range m.origRow {
		m.origRow[i] = -1
	}
	// Every array is sized before it is filled: on small burrs, growing
	// them was a third of this function's time and most of its memory.
	m.rowStart = make([]int32, len(rows)+1)
	entries := 0
	for _, r := range rows {
		entries += int(p.rowStart[r+1] - p.rowStart[r])
	}
	m.entCol = make([]int32, 0, entries)
	if !take {
		m.entWt = make([]int32, 0, entries)
	}
	// The rows come in increasing order, so each column's sparse set is
	// filled in one pass over the rows, once a first pass has counted its
	// words (where it starts). Going through a list of each column's rows
	// instead cost as much memory again as the entries: on small burrs,
	// whose whole run is a few milliseconds, every page of fresh memory
	// touched is a page fault that costs about as much as the work on it.
	// What the first pass counts of each column is in one place (t): in
	// arrays of their own, the loop kept its variables in memory.
	t := make([]colTally, nc)
	for i, r := range rows {
		m.origRow[r] = int32(i)
		m.rowStart[i] = int32(len(m.entCol))
		cols, wts := p.Row(int(r))
		m.entCol = append(m.entCol, cols...)
		if !take {
			m.entWt = append(m.entWt, wts...)
		}
		tallyRow(t, cols, wts, int32(i))
	}
	m.rowStart[len(rows)] = int32(len(m.entCol))
	if take {
		// p's columns are copied: their storage, at least entries long,
		// takes the weights (which p.Row reads from elsewhere).
		wt := p.entCol[:0]
		for _, r := range rows {
			_, wts := p.Row(int(r))
			wt = append(wt, wts...)
		}
		m.entWt = wt[:len(wt):len(wt)]
		*p = Problem{Cols: p.Cols, MaxHoles: p.MaxHoles, rowStart: []int32{0}}
	}
	if rep := m.duplicates(t); rep != nil {
		nc = m.mergeColumns(rep, t)
		t = t[:nc]
	}
	start := make([]int32, nc+1)
	for c := int32(0); c < nc; c++ {
		start[c+1] = start[c] + t[c].words
	}
	m.set = make([]setWord, start[nc]) // weighted columns' classes may add more
	m.cols = make([]sparse, nc)
	for c := int32(0); c < nc; c++ {
		m.cols[c] = sparse{start: start[c], end: start[c]}
	}
	// In locals: through m, the stores to the sets made Go load their
	// headers again for every entry.
	set, cs := m.set, m.cols
	for i := range rows {
		wi, bit := int32(i>>6), uint64(1)<<(uint(i)&63)
		for _, c := range m.entCol[m.rowStart[i]:m.rowStart[i+1]] {
			s := &cs[c]
			if s.end > s.start && set[s.end-1].idx == wi {
				set[s.end-1].bits |= bit
				continue
			}
			set[s.end] = setWord{bits: bit, idx: wi}
			s.end++
		}
	}

	m.classes = make([][]class, nc)
	var rowsOfC []int32
	for c := int32(0); c < nc; c++ {
		if t[c].weighted {
			rowsOfC = rowsOfC[:0]
			for _, x := range m.set[m.cols[c].start:m.cols[c].end] {
				for b := x.bits; b != 0; b &= b - 1 {
					rowsOfC = append(rowsOfC, x.idx<<6+int32(bits.TrailingZeros64(b)))
				}
			}
			byWt := map[int32][]int32{}
			var wts []int32
			for _, r := range rowsOfC {
				wt := m.weight(r, c)
				if byWt[wt] == nil {
					wts = append(wts, wt)
				}
				byWt[wt] = append(byWt[wt], r)
			}
			sortDesc(wts)
			for _, wt := range wts {
				m.classes[c] = append(m.classes[c], class{wt: wt, set: m.sparseOf(byWt[wt])})
			}
		}
		if t[c].avail < int64(m.min[c]) {
			m.fail0 = true
		}
		if t[c].avail == 0 {
			m.dead0 += m.hole[c]
		}
	}
	m.buildScanSets()
	if m.dead0 > m.maxHoles {
		m.fail0 = true
	}
	if m.small = m.isSmall(); m.small {
		m.buildSmall()
	}
	return m
}

// colTally is what build's first pass over the rows counts of a column.
type colTally struct {
	// hash hashes the column's rows and weights, to find identical
	// columns (see duplicates): the sum of its rows' hashes
	// (splitmix.Mix of their numbers) times their weights. An addition
	// an entry of weight 1, where a multiplication each had taken five
	// instructions more.
	hash  uint64
	avail int64 // the weight of all its rows
	last  int32 // the last word of a row set counted, +1 (0: none)
	words int32 // the words of its sparse set
	// weighted: some row puts a weight other than 1 into it.
	weighted bool
}

// tallyRow counts row i, whose entries are cols and wts, into t.
func tallyRow(t []colTally, cols, wts []int32, i int32) {
	wi := i>>6 + 1
	h := splitmix.Mix(uint64(i))
	wts = wts[:len(cols)]
	for j, c := range cols {
		ct := &t[c]
		if ct.last != wi {
			ct.last = wi
			ct.words++
		}
		w := wts[j]
		ct.avail += int64(w)
		if w != 1 {
			ct.weighted = true
			ct.hash += h * uint64(w)
			continue
		}
		ct.hash += h
	}
}

// denseRatio bounds the words of Matrix.dense, padding aside, by this
// many times the words of the column sets. On every example the columns'
// ranges of words were at most 1.3 times their words; a column with rows
// in a few far apart words only would make its range many times that.
var denseRatio = 2

// buildScanSets fills info, and dense unless it would be too big (see
// denseRatio): scan then counts the sparse sets.
func (m *Matrix) buildScanSets() {
	m.info = make([]colInfo, m.ncols)
	sparseWords, n := 0, 0
	for _, cs := range m.cols {
		if cs.end > cs.start {
			sparseWords += int(cs.end - cs.start)
			n += int(m.set[cs.end-1].idx-m.set[cs.start].idx) + 1
		}
	}
	if n > denseRatio*sparseWords {
		for c, cs := range m.cols {
			m.info[c] = colInfo{start: cs.start, end: cs.end, min: m.min[c], max: m.max[c], hole: m.hole[c], weighted: m.classes[c] != nil, positive: m.positiveWeights(c)}
		}
		return
	}
	m.dense = make([]uint64, n+scanPad*int(m.ncols))
	n = 0
	for c, cs := range m.cols {
		ci := colInfo{start: int32(n), end: int32(n), min: m.min[c], max: m.max[c], hole: m.hole[c], weighted: m.classes[c] != nil, positive: m.positiveWeights(c)}
		if cs.end > cs.start {
			lo := m.set[cs.start].idx
			ci.off = lo - ci.start
			for _, x := range m.set[cs.start:cs.end] {
				m.dense[x.idx-ci.off] = x.bits
			}
			ci.end = ci.start + m.set[cs.end-1].idx - lo + 1
		}
		n = int(ci.end) + scanPad
		m.info[c] = ci
	}
}

// maxKillWords caps the memory of the precomputed kill sets (16 bytes a
// word, shared by all workers).
const maxKillWords = 1 << 23

// planKills computes sat and the bound on the kill sets' sparse words
// (their columns' words, each row's capped at a row set), past
// maxKillWords when they are too big to keep. It reports whether the
// dense form is chosen outright (see killDense).
func (m *Matrix) planKills() (bound int, dense bool) {
	m.sat = make([]bool, len(m.entCol))
	for e, c := range m.entCol {
		m.sat[e] = m.entWt[e] == m.max[c]
	}
	for r := int32(0); r < m.n; r++ {
		n := 0
		for e := m.rowStart[r]; e < m.rowStart[r+1]; e++ {
			if m.sat[e] {
				s := m.cols[m.entCol[e]]
				n += int(s.end - s.start)
			}
		}
		if bound += min(n, int(m.words)); bound > maxKillWords {
			break
		}
	}
	return bound, bound <= maxKillWords && int(m.n)*int(m.words) <= 2*bound
}

// fillKill writes row r's kill set into killDense.
func (m *Matrix) fillKill(r int32) {
	row := m.killRow(r)
	for e := m.rowStart[r]; e < m.rowStart[r+1]; e++ {
		if m.sat[e] {
			s := m.cols[m.entCol[e]]
			for _, x := range m.set[s.start:s.end] {
				row[x.idx] |= x.bits
			}
		}
	}
}

// buildKills precomputes kill (see Matrix) for every row, as planKills
// planned, unless it would be too big.
func (m *Matrix) buildKills(bound int, dense bool) {
	// Room for the kill sets at once, their size bounded by their
	// columns' words: grown step by step, they cost several times their
	// size in fresh memory, which on small burrs costs more than filling
	// them (a page fault a page). Past maxKillWords they are dropped, so
	// a bigger bound is left to grow.
	if dense {
		// The dense form will do (see killDense): made directly, without
		// the sparse sets, which nothing else needs then (on the 5x4x3
		// pentacubes they were 45,000 words made to be copied once).
		m.killDense = make([]uint64, int(m.n)*int(m.words))
		for r := int32(0); r < m.n; r++ {
			m.fillKill(r)
		}
		m.killMasks = true
		return
	}
	if bound <= maxKillWords {
		m.set = slices.Grow(m.set, bound)
	}
	dense0 := make([]uint64, m.words)
	var used []int32
	m.kill = make([]sparse, m.n)
	start := len(m.set)
	for r := int32(0); r < m.n; r++ {
		used = used[:0]
		lo, hi := m.words, int32(-1)
		for e := m.rowStart[r]; e < m.rowStart[r+1]; e++ {
			if !m.sat[e] {
				continue
			}
			s := m.cols[m.entCol[e]]
			for i := s.start; i < s.end; i++ {
				wi := m.set[i].idx
				if dense0[wi] == 0 {
					used = append(used, wi)
					lo, hi = min(lo, wi), max(hi, wi)
				}
				dense0[wi] |= m.set[i].bits
			}
		}
		// The words in increasing order: read off the dense set where
		// they are close together, sorted otherwise.
		if int(hi-lo) < 8*len(used) {
			used = used[:0]
			for wi := lo; wi <= hi; wi++ {
				if dense0[wi] != 0 {
					used = append(used, wi)
				}
			}
		} else {
			slices.Sort(used)
		}
		k := sparse{start: int32(len(m.set))}
		for _, wi := range used {
			m.set = append(m.set, setWord{bits: dense0[wi], idx: wi})
			dense0[wi] = 0
		}
		k.end = int32(len(m.set))
		m.kill[r] = k
		if len(m.set)-start > maxKillWords {
			m.set = m.set[:start]
			m.kill = nil
			return
		}
	}
	m.killMasks = true
	if dense := int(m.n) * int(m.words); dense <= 2*(len(m.set)-start) {
		m.killDense = make([]uint64, dense)
		for r, k := range m.kill {
			row := m.killDense[r*int(m.words) : (r+1)*int(m.words)]
			for _, x := range m.set[k.start:k.end] {
				row[x.idx] = x.bits
			}
		}
	}
}

// hintLen is the number of hint columns per row.
const hintLen = 8

// hintsOf returns row r's hint columns, -1 padded (see Matrix.hints).
func (m *Matrix) hintsOf(r int32) []int32 { return m.hints[int(r)*hintLen : int(r+1)*hintLen] }

// pick removes column c from the column set todo and reports whether it
// was there: scan and meets look at the hints first, then at the
// columns left.
func pick(todo []uint64, c int32) bool {
	bit := uint64(1) << (uint(c) & 63)
	if todo[c>>6]&bit == 0 {
		return false
	}
	todo[c>>6] &^= bit
	return true
}

// maxHintWork caps the work of buildHints (row entries visited).
const maxHintWork = 1 << 26

// rowScratch is the working memory of computing a row's hints and
// survivor sets, and the whole-matrix numbers they need.
type rowScratch struct {
	size       []int32 // each column's rows
	colEntries int     // the words of all column sets
	rowLen     int     // entries of a row, rounded up
	hit        []int32
	touched    []int32
	dense      []uint64
	mine       []bool
}

func (m *Matrix) newRowScratch() *rowScratch {
	s := &rowScratch{size: make([]int32, m.ncols), hit: make([]int32, m.ncols), dense: make([]uint64, m.words), mine: make([]bool, m.ncols)}
	for c, cs := range m.cols {
		s.colEntries += int(cs.end - cs.start)
		for i := cs.start; i < cs.end; i++ {
			s.size[c] += int32(bits.OnesCount64(m.set[i].bits))
		}
	}
	s.rowLen = (len(m.entCol) + int(m.n) - 1) / max(1, int(m.n))
	return s
}

// buildHints prepares the kill sets, hints and survivor sets (see
// Matrix) for the search. They wait for the first search: Reduce does
// without them (taking a row there clears its columns' sets directly,
// which is what building its kill set would cost), and on small burrs
// building them for the thousands of rows Reduce then drops was a third
// of the preparation. Most searches then take only some of the rows
// left (624 nodes of Prisgon over some 390 rows; a part of a split
// search only the rows of its subtrees), so when the limits on their
// work and memory are sure to hold anyway, each row's are built the
// first time the search needs them (see ensure): the same sets, paid
// for only when used. Otherwise buildEager makes them all now.
func (m *Matrix) buildHints() {
	bound, dense := m.planKills()
	if dense && m.planLazy() {
		return
	}
	m.buildEager(bound, dense)
}

// buildEager builds the kill sets and from them the hints and survivor
// sets of every row at once, each within its limit.
func (m *Matrix) buildEager(bound int, dense bool) {
	m.buildKills(bound, dense)
	if !m.killMasks {
		return
	}
	defer m.markReady()
	s := m.newRowScratch()
	// hit[c], the rows of column c that taking r rules out, is counted
	// either from the rows ruled out (their entries) or from the columns
	// (their sets against the kill set), whichever is less work.
	work := 0
	for r := int32(0); r < m.n; r++ {
		work += min(m.killed(r)*s.rowLen, s.colEntries)
		if work > maxHintWork {
			return
		}
	}
	m.hints = make([]int32, int(m.n)*hintLen)
	if m.copies != nil {
		m.doomCols = make([]int32, int(m.n)*hintLen)
	}
	for r := int32(0); r < m.n; r++ {
		m.hintRow(r, s)
	}
	m.buildDoom(s)
}

// markReady marks every row built (see ensure).
func (m *Matrix) markReady() {
	m.ready = make([]atomic.Uint32, m.n)
	for r := range m.ready {
		m.ready[r].Store(1)
	}
}

// planLazy sets up the build of each row's sets on first use (see
// ensure), if their limits are sure to hold: the hints' work by the
// columns' sizes (a kill set holds at most the rows of its columns), the
// survivor sets' words by the biggest columns' words (a survivor set is
// part of a column's set). It reports false, leaving everything as it
// was but sat, when they are not.
func (m *Matrix) planLazy() bool {
	s := m.newRowScratch()
	work := 0
	for r := int32(0); r < m.n; r++ {
		ub := 0
		for e := m.rowStart[r]; e < m.rowStart[r+1]; e++ {
			if m.sat[e] {
				ub += int(s.size[m.entCol[e]])
			}
		}
		work += min(min(ub, int(m.n))*s.rowLen, s.colEntries)
		if work > maxHintWork {
			return false
		}
	}
	var top [doomLen]int // the most words of unweighted columns
	for c, cs := range m.cols {
		if m.classes[c] != nil {
			continue
		}
		n := int(cs.end - cs.start)
		for i := range top {
			if n > top[i] {
				copy(top[i+1:], top[i:len(top)-1])
				top[i] = n
				break
			}
		}
	}
	pre := 0
	for _, n := range top {
		pre += n
	}
	if pre *= int(m.n); pre > maxDoomWords {
		return false
	}
	// Allocated whole but written row by row: a page is only touched
	// (a fault, 2.6 µs on a small VM) when a row on it is built.
	m.killDense = make([]uint64, int(m.n)*int(m.words))
	m.hints = make([]int32, int(m.n)*hintLen)
	if m.copies != nil {
		m.doomCols = make([]int32, int(m.n)*hintLen)
	}
	m.doom = make([]doomSet, int(m.n)*doomLen)
	m.pre = make([]setWord, pre)
	m.ready = make([]atomic.Uint32, m.n)
	m.scratch = s
	m.killMasks = true
	return true
}

// ensure makes sure row r's kill set, hints and survivor sets are
// built. Workers call it on the hot path, so the common case is one
// load of r's flag; the build itself is serialized by rowMu and checked
// again under it, and the flag is set only once the row is complete
// (the atomic store and load order the row's writes before its reads).
func (m *Matrix) ensure(r int32) {
	if m.ready[r].Load() == 0 {
		m.buildRow(r)
	}
}

// buildRow builds row r's sets for ensure.
func (m *Matrix) buildRow(r int32) {
	m.rowMu.Lock()
	defer m.rowMu.Unlock()
	if m.ready[r].Load() != 0 {
		return
	}
	m.fillKill(r)
	m.hintRow(r, m.scratch)
	// pre has room for every row's sets (see planLazy), so appending
	// never moves it under the workers reading other rows'.
	pre := m.doomRow(r, m.pre[:m.preLen], m.scratch)
	m.preLen = int32(len(pre))
	m.ready[r].Store(1)
}

// hintRow computes row r's hints from its kill set.
func (m *Matrix) hintRow(r int32, s *rowScratch) {
	hit, dense, size := s.hit, s.dense, s.size
	touched := s.touched[:0]
	kd := m.killRow(r) // the kill set as a row set, if kept so
	if m.killed(r)*s.rowLen <= s.colEntries {
		count := func(w uint64, wi int32) {
			for b := w; b != 0; b &= b - 1 {
				q := wi<<6 + int32(bits.TrailingZeros64(b))
				for e := m.rowStart[q]; e < m.rowStart[q+1]; e++ {
					c := m.entCol[e]
					if hit[c] == 0 {
						touched = append(touched, c)
					}
					hit[c]++
				}
			}
		}
		if kd != nil {
			for wi, w := range kd {
				count(w, int32(wi))
			}
		} else {
			for _, x := range m.set[m.kill[r].start:m.kill[r].end] {
				count(x.bits, x.idx)
			}
		}
	} else {
		if kd == nil {
			kd = dense
			for _, x := range m.set[m.kill[r].start:m.kill[r].end] {
				dense[x.idx] = x.bits
			}
		}
		for c, cs := range m.cols {
			n := 0
			for _, x := range m.set[cs.start:cs.end] {
				n += bits.OnesCount64(kd[x.idx] & x.bits)
			}
			if n > 0 {
				hit[c] = int32(n)
				touched = append(touched, int32(c))
			}
		}
		if m.killDense == nil {
			for _, x := range m.set[m.kill[r].start:m.kill[r].end] {
				dense[x.idx] = 0
			}
		}
	}
	for e := m.rowStart[r]; e < m.rowStart[r+1]; e++ {
		if m.sat[e] {
			hit[m.entCol[e]] = 0 // closed by the step itself
		}
	}
	h := m.hintsOf(r)
	for i := range h {
		h[i] = -1
	}
	// Keep the hintLen columns with the largest share hit, by insertion.
	better := func(c, d int32) bool {
		return d < 0 || int64(hit[c])*int64(size[d]) > int64(hit[d])*int64(size[c])
	}
	if m.copies != nil {
		// The survivor sets go by the best columns as such (see
		// hintCopies).
		m.hintCopies(h, touched, hit, size)
		h = m.doomCols[int(r)*hintLen : int(r+1)*hintLen]
		for i := range h {
			h[i] = -1
		}
	}
	for _, c := range touched {
		if hit[c] == 0 || !better(c, h[len(h)-1]) {
			continue // most columns do not make the list
		}
		for i := range h {
			if better(c, h[i]) {
				copy(h[i+1:], h[i:len(h)-1])
				h[i] = c
				break
			}
		}
	}
	for _, c := range touched {
		hit[c] = 0
	}
	s.touched = touched
}

// maxDoomWords caps the memory of the survivor sets (16 bytes a word,
// shared by all workers): they only save time.
const maxDoomWords = 1 << 21

// doomSet is one entry of doom: column col and its surviving rows, the
// two together since doomed reads both.
type doomSet struct {
	col int32
	set sparse
}

// doomLen is the number of hint columns per row with survivor sets.
const doomLen = 4

// doomCands returns the columns doomRow makes row r's survivor sets for
// (the first fit ones).
func (m *Matrix) doomCands(r int32) []int32 {
	if m.doomCols != nil {
		return m.doomCols[int(r)*hintLen : int(r+1)*hintLen]
	}
	return m.hintsOf(r)
}

// killed returns the number of rows in row r's kill set.
func (m *Matrix) killed(r int32) int {
	n := 0
	if kd := m.killRow(r); kd != nil {
		for _, w := range kd {
			n += bits.OnesCount64(w)
		}
		return n
	}
	k := m.kill[r]
	for i := k.start; i < k.end; i++ {
		n += bits.OnesCount64(m.set[i].bits)
	}
	return n
}

// killRow returns row r's kill set in its dense form, nil when the kill
// sets are kept sparse (then only m.kill has them).
func (m *Matrix) killRow(r int32) []uint64 {
	if m.killDense == nil {
		return nil
	}
	return m.killDense[int(r)*int(m.words) : int(r+1)*int(m.words)]
}

// buildDoom computes doom (see Matrix) from the hints and kill sets of
// every row, unless they would take more than maxDoomWords words.
func (m *Matrix) buildDoom(s *rowScratch) {
	m.doom = make([]doomSet, int(m.n)*doomLen)
	mine := s.mine
	// Room for the survivor sets at once (see buildKills), bounded by the
	// words of the columns they are made for; a bigger bound is left to
	// grow, since the sets are dropped past maxDoomWords.
	bound := 0
	for r := int32(0); r < m.n && bound <= maxDoomWords; r++ {
		for e := m.rowStart[r]; e < m.rowStart[r+1]; e++ {
			mine[m.entCol[e]] = true
		}
		j := 0
		for _, h := range m.doomCands(r) {
			if j == doomLen || h < 0 {
				break
			}
			if !mine[h] && m.classes[h] == nil {
				bound += int(m.cols[h].end - m.cols[h].start)
				j++
			}
		}
		for e := m.rowStart[r]; e < m.rowStart[r+1]; e++ {
			mine[m.entCol[e]] = false
		}
	}
	if bound <= maxDoomWords {
		m.pre = make([]setWord, 0, bound)
	}
	for r := int32(0); r < m.n; r++ {
		if m.pre = m.doomRow(r, m.pre, s); len(m.pre) > maxDoomWords {
			m.doom, m.pre = nil, nil
			return
		}
	}
}

// doomRow computes row r's entries of doom, appending their sets to pre,
// and returns pre.
func (m *Matrix) doomRow(r int32, pre []setWord, s *rowScratch) []setWord {
	mine, dense := s.mine, s.dense
	// The rows taking r rules out (r itself too): the dense kill set
	// when there is one, which spares copying it in and out.
	kd := m.killRow(r)
	if kd == nil {
		kd = dense
		for _, x := range m.set[m.kill[r].start:m.kill[r].end] {
			dense[x.idx] = x.bits
		}
	}
	rw, rb := r>>6, uint64(1)<<(uint(r)&63)
	for e := m.rowStart[r]; e < m.rowStart[r+1]; e++ {
		mine[m.entCol[e]] = true
	}
	j := int(r) * doomLen
	for _, h := range m.doomCands(r) {
		if j == int(r+1)*doomLen || h < 0 {
			break
		}
		if mine[h] || m.classes[h] != nil {
			continue // the step changes h's weight, or h is weighted
		}
		ds := sparse{start: int32(len(pre))}
		c := m.cols[h]
		for _, x := range m.set[c.start:c.end] {
			b := x.bits &^ kd[x.idx]
			if x.idx == rw {
				b &^= rb
			}
			if b != 0 {
				pre = append(pre, setWord{bits: b, idx: x.idx})
			}
		}
		ds.end = int32(len(pre))
		m.doom[j] = doomSet{col: h, set: ds}
		j++
	}
	for ; j < int(r+1)*doomLen; j++ {
		m.doom[j].col = -1
	}
	if m.killDense == nil {
		for _, x := range m.set[m.kill[r].start:m.kill[r].end] {
			dense[x.idx] = 0
		}
	}
	for e := m.rowStart[r]; e < m.rowStart[r+1]; e++ {
		mine[m.entCol[e]] = false
	}
	return pre
}

// sparseOf stores increasing rows as a sparse set.
func (m *Matrix) sparseOf(rows []int32) sparse {
	s := sparse{start: int32(len(m.set))}
	for _, r := range rows {
		wi := r >> 6
		if k := len(m.set); k > int(s.start) && m.set[k-1].idx == wi {
			m.set[k-1].bits |= 1 << (uint(r) & 63)
			continue
		}
		m.set = append(m.set, setWord{bits: 1 << (uint(r) & 63), idx: wi})
	}
	s.end = int32(len(m.set))
	return s
}

// weight returns the weight row r puts into column c (0 if none).
func (m *Matrix) weight(r, c int32) int32 {
	for e := m.rowStart[r]; e < m.rowStart[r+1]; e++ {
		if m.entCol[e] == c {
			return m.entWt[e]
		}
	}
	return 0
}

func sortDesc(a []int32) {
	for i := 1; i < len(a); i++ {
		for j := i; j > 0 && a[j] > a[j-1]; j-- {
			a[j], a[j-1] = a[j-1], a[j]
		}
	}
}

// NumRows returns the number of rows left (after Reduce).
func (m *Matrix) NumRows() int { return int(m.n) }

// NumCols returns the number of columns, identical ones counted once.
func (m *Matrix) NumCols() int { return int(m.ncols) }

// NumEntries returns the number of row entries left.
func (m *Matrix) NumEntries() int { return len(m.entCol) }

// Infeasible reports whether the problem has obviously no solution: some
// column cannot reach its Min even with every row, or too many hole
// columns have no row at all.
func (m *Matrix) Infeasible() bool { return m.fail0 }

// Fingerprint identifies the matrix: its bounds, hole limit, rows and
// merged columns. A saved search position can only be continued on a
// matrix with the same fingerprint.
func (m *Matrix) Fingerprint() string {
	h := fnv.New64a()
	// The values go to the hash a few thousand bytes at a time: a Write
	// per value was most of the cost (the hash of a byte stream does not
	// depend on how it is cut).
	buf := make([]byte, 0, 4096)
	put := func(v int32) {
		if len(buf) == cap(buf) {
			h.Write(buf)
			buf = buf[:0]
		}
		buf = append(buf, byte(v), byte(v>>8), byte(v>>16), byte(v>>24))
	}
	put(m.ncols)
	put(m.maxHoles)
	for c := int32(0); c < m.ncols; c++ {
		put(m.min[c])
		put(m.max[c])
		switch {
		case m.hole[c] > 0:
			put(1)
		case m.sec[c]:
			put(2)
		default:
			put(0)
		}
	}
	for r := int32(0); r < m.n; r++ {
		put(-1)
		put(m.rowOrig[r])
		for e := m.rowStart[r]; e < m.rowStart[r+1]; e++ {
			put(m.entCol[e])
			put(m.entWt[e])
		}
	}
	if m.copies != nil {
		// The problem columns each column stands for decide its holes
		// and the hints (see hintCopies): they are part of the search.
		// Without merged columns the bytes stay those of the versions
		// that did not merge, whose saved searches stay valid.
		put(-2)
		for _, k := range m.copies {
			put(k)
		}
	}
	if m.areas != nil {
		// With the region rule the tree also depends on how far the
		// small search reaches, where the rule is not tried: a search
		// saved when it took nodes of at most 128 rows would go on
		// along another tree, and could choose another column that the
		// saved row also covers. Without the rule the bytes stay those
		// of the versions before.
		put(-3)
		put(smallRows)
	}
	h.Write(buf)
	return strconv.FormatUint(h.Sum64(), 16)
}

// Reduce removes rows that cannot be part of any solution and returns the
// reduced matrix and the number of rows removed. A row goes when taking it
// alone already leaves some column unable to reach its Min, or more dead
// holes than allowed. This repeats until nothing changes, since each
// removal can doom further rows. It subsumes BurrTools' implication rule
// (if every row of a required column covers D, other rows covering D go).
// Testing a row costs about a pass over the columns, so on a huge matrix
// Reduce stops after maxReduceWork column visits, keeping what it removed
// so far: the search finds the same solutions, only less quickly.
// Reduce returns ctx.Err() when cancelled.
func (m *Matrix) Reduce(ctx context.Context) (*Matrix, int, error) {
	return m.reduce(ctx, maxReduceWork, true)
}

// reduce is Reduce with a budget of budget column visits (a row entry
// looked at by the quick tests counts as one), with or without the quick
// tests (see quickTest), which change its speed but not its result.
func (m *Matrix) reduce(ctx context.Context, budget int64, quick bool) (*Matrix, int, error) {
	if m.fail0 {
		return m, 0, nil
	}
	w := newWorker(m)
	w.level(1) // before taking a slice of level 0: growing moves the levels
	root := w.aliveAt(0)
	q := newQuickTest(m, root)
	plain := m.plainCols()
	removed := 0
	work := int64(0)
	// With the quick tests, a first round drops what they can before
	// any full test: the rows that then pass a full test are fewer, and
	// fewer rows drop after it, so that more pass again quickly.
	sweep := quick && q.seed()
	for changed := true; changed && work < budget; {
		changed = sweep
		fresh := w.refreshSkips()
		for r := int32(0); r < m.n && work < budget; r++ {
			if root[r>>6]&(1<<(uint(r)&63)) == 0 {
				continue
			}
			if r&255 == 0 && ctx.Err() != nil {
				return nil, 0, ctx.Err()
			}
			verdict := quickUnsure
			if quick {
				var cost int64
				verdict, cost = q.test(r)
				work += cost
			}
			if verdict == quickUnsure && sweep {
				continue
			}
			if verdict == quickUnsure {
				work += int64(m.ncols)
				w.take(0, r)
				verdict = quickKeep
				if !q.recheck || !w.stillMet(1, q.lost) {
					var ok bool
					if plain {
						ok = w.meets(1)
					} else {
						ok, _ = w.scan(1, false)
					}
					if !ok {
						verdict = quickDrop
						q.failed(w.failCol)
					}
				}
				w.untake(r)
			}
			q.tested(r, verdict)
			if verdict == quickDrop {
				root[r>>6] &^= 1 << (uint(r) & 63)
				removed++
				changed = true
				if fresh++; fresh == refreshEvery {
					fresh = w.refreshSkips()
				}
			}
		}
		sweep = false
		if changed && work < budget && 2*removed >= int(m.n) {
			// Half the rows are gone: the rest of Reduce goes on on
			// the matrix of the rows left, whose row sets are half as
			// long and whose columns, merged again, often far fewer
			// (Prisgon: 2,249 rows and 234 columns after the first
			// round of quick tests 405 and 81). Its result is the
			// same: a row that fails still fails with fewer rows.
			red := m.rebuild(root, removed)
			if red.fail0 {
				// Some column can no longer reach its Min, or too
				// many holes are dead: every row would fail its
				// test, and goes, as without the rebuild.
				return red.rebuild(make([]uint64, red.words), int(red.n)), removed + int(red.n), nil
			}
			more, n, err := red.reduce(ctx, budget-work, quick)
			return more, removed + n, err
		}
	}
	if removed == 0 {
		return m, 0, nil
	}
	return m.rebuild(root, removed), removed, nil
}

// rebuild returns the matrix of the rows in root, a row set of all but
// removed rows.
func (m *Matrix) rebuild(root []uint64, removed int) *Matrix {
	keep := make([]int32, 0, int(m.n)-removed)
	for r := int32(0); r < m.n; r++ {
		if root[r>>6]&(1<<(uint(r)&63)) != 0 {
			keep = append(keep, m.rowOrig[r])
		}
	}
	return build(m.problem(root), keep, true)
}

// maxReduceWork bounds Reduce's column visits: a few seconds at most.
const maxReduceWork = 1 << 29

// problem rebuilds the Problem of the internal rows in keep (a row set),
// indexed by original row numbers (the rows left out become empty
// placeholders that build skips). Copying only the kept rows matters:
// Reduce drops all but 15 of PelikanBurr's 3,026.
func (m *Matrix) problem(keep []uint64) *Problem {
	p := &Problem{Cols: make([]Column, m.ncols), MaxHoles: m.holes, rowStart: make([]int32, m.nrows+1), areaTab: m.areas}
	for c := range p.Cols {
		p.Cols[c] = Column{Min: int(m.min[c]), Max: int(m.max[c]), Hole: m.hole[c] > 0, Secondary: m.sec[c]}
		if m.copies != nil {
			p.Cols[c].Copies = int(m.copies[c])
		}
	}
	kept := func(r int32) bool { return r >= 0 && keep[r>>6]&(1<<(uint(r)&63)) != 0 }
	entries := 0
	for r := int32(0); r < m.n; r++ {
		if kept(r) {
			entries += int(m.rowStart[r+1] - m.rowStart[r])
		}
	}
	p.entCol = make([]int32, 0, entries)
	// Only a weighted column (one with classes) has weights other than 1.
	if slices.ContainsFunc(m.classes, func(cl []class) bool { return cl != nil }) {
		p.entWt = make([]int32, 0, entries)
	}
	for o := int32(0); o < m.nrows; o++ {
		p.rowStart[o] = int32(len(p.entCol))
		if r := m.origRow[o]; kept(r) {
			p.entCol = append(p.entCol, m.entCol[m.rowStart[r]:m.rowStart[r+1]]...)
			if p.entWt != nil {
				p.entWt = append(p.entWt, m.entWt[m.rowStart[r]:m.rowStart[r+1]]...)
			}
			p.growOnes(int(m.rowStart[r+1] - m.rowStart[r]))
		}
	}
	p.rowStart[m.nrows] = int32(len(p.entCol))
	return p
}
