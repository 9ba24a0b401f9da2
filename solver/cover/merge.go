package cover

import "math/bits"

// Many puzzles have columns with exactly the same rows: cells that every
// placement covering one of them covers too (most of a burr's inner
// cells, say: DraculasDentalDesaster has 1,665 columns of which 222
// differ). Such columns always carry the same weight, so the search and
// Reduce would only count them over and over. build keeps the first of
// each group of identical columns (same bounds, rows and weights) and
// drops the others; k identical hole columns become one that counts as k
// holes. Solutions are sets of rows, so they do not change; the
// matrix's column numbers are its own (clients only ever see rows).

// hashMul is the multiplier of the column hashes (an odd constant whose
// bits are well mixed, from the golden ratio).
const hashMul = 0x9e3779b97f4a7c15

// duplicates returns, for the columns of m as build filled them (bounds,
// entries) and the hashes of their rows and weights (in t), rep[c]: the first
// column identical to c (c itself for the first of each group), or nil
// when all columns differ. Hole columns that stand for different numbers
// of holes are identical too: merged, they stand for the sum. Columns
// are grouped by hash and bounds in an open addressing table, then
// checked entry by entry: a hash collision only leaves columns unmerged.
func (m *Matrix) duplicates(t []colTally) []int32 {
	nc := len(t)
	if nc < 2 {
		return nil
	}
	for c := range t {
		k := t[c].hash
		k = (k ^ uint64(m.min[c])) * hashMul
		k = (k ^ uint64(m.max[c])) * hashMul
		if m.hole[c] > 0 {
			k = (k ^ 1) * hashMul
		}
		if m.sec[c] {
			k = (k ^ 2) * hashMul
		}
		t[c].hash = k
	}
	shift := 64 - bits.Len(uint(2*nc-1)) // a table of at least 2*nc slots
	table := make([]int32, 1<<(64-shift))
	var rep []int32
	for c := range t {
		k := t[c].hash
		i := k >> shift
		for {
			d := table[i] - 1
			if d < 0 {
				table[i] = int32(c) + 1
				break
			}
			if t[d].hash == k && m.min[d] == m.min[c] && m.max[d] == m.max[c] && (m.hole[d] > 0) == (m.hole[c] > 0) && m.sec[d] == m.sec[c] {
				if rep == nil {
					rep = make([]int32, nc)
					for j := range rep {
						rep[j] = int32(j)
					}
				}
				rep[c] = d
				break
			}
			i = (i + 1) & uint64(len(table)-1)
		}
	}
	if rep == nil {
		return nil
	}
	// Check that each column has in every row the weight of its first:
	// then, with as many entries, it has the same rows.
	// The row's entries are sliced out first: written through m's
	// fields, Go would read the bounds again after every store.
	type entry struct{ row, wt int32 } // row+1 whose entry it is
	last := make([]entry, nc)
	entries := make([]int32, nc)
	for r := int32(0); r < m.n; r++ {
		lo, hi := m.rowStart[r], m.rowStart[r+1]
		cols, wts := m.entCol[lo:hi], m.entWt[lo:hi]
		wts = wts[:len(cols)]
		for i, c := range cols {
			last[c] = entry{r + 1, wts[i]}
			entries[c]++
		}
		for i, c := range cols {
			if d := rep[c]; d != c && last[d] != (entry{r + 1, wts[i]}) {
				rep[c] = c
			}
		}
	}
	merged := false
	for c, d := range rep {
		if d != int32(c) && entries[d] != entries[c] {
			rep[c] = int32(c)
		}
		merged = merged || rep[c] != int32(c)
	}
	if !merged {
		return nil
	}
	return rep
}

// mergeColumns drops from m the columns rep (see duplicates) maps to an
// earlier one, adding their holes to it, and renumbers the others in
// order. It renumbers build's counts t alike and returns the number of
// columns left.
func (m *Matrix) mergeColumns(rep []int32, t []colTally) int32 {
	// A new array: m.copies may be the one of the matrix Reduce
	// rebuilds m from, which stays as it is.
	copies := make([]int32, len(rep))
	for c := range copies {
		copies[c] = 1
		if m.copies != nil {
			copies[c] = m.copies[c]
		}
	}
	to := make([]int32, len(rep)) // old column -> new
	n := int32(0)
	for c, d := range rep {
		if d != int32(c) {
			to[c] = to[d]
			copies[to[d]] += copies[c]
			if m.hole[to[d]] > 0 {
				m.hole[to[d]] = copies[to[d]]
			}
			continue
		}
		// n <= c: the values moved are never read again.
		to[c] = n
		m.min[n], m.max[n], m.hole[n], m.sec[n] = m.min[c], m.max[c], m.hole[c], m.sec[c]
		t[n] = t[c]
		copies[n] = copies[c]
		n++
	}
	m.min, m.max, m.hole, m.sec = m.min[:n], m.max[:n], m.hole[:n], m.sec[:n]
	m.copies = copies[:n:n]
	// A row's entry of a group goes where the row's first entry of the
	// group was: the hints then meet the columns in the order they did
	// before merging (see hintRow).
	seen := make([]int32, n) // row+1 that has column c's entry
	out := int32(0)
	for r := int32(0); r < m.n; r++ {
		a, b := m.rowStart[r], m.rowStart[r+1]
		m.rowStart[r] = out
		for e := a; e < b; e++ {
			if c := to[m.entCol[e]]; seen[c] != r+1 {
				seen[c] = r + 1
				m.entCol[out], m.entWt[out] = c, m.entWt[e]
				out++
			}
		}
	}
	m.rowStart[m.n] = out
	m.entCol, m.entWt = m.entCol[:out], m.entWt[:out]
	m.ncols = n
	m.colWords = (n + 63) / 64
	return n
}

// hintCopies is hintRow's choice of hints h among the columns touched
// (hit and size as there) when columns were merged: a column that
// stands for k problem columns takes k of the hintLen places, as its
// copies did before merging (the columns touched come in the order they
// did then, see mergeColumns). Scan then meets the columns in the order
// it did before merging, and makes the same choices, but where the
// copies of a column and other columns as good came interleaved and the
// list was cut between them (a few nodes in 30,000 on
// SolidSixPieceBurrs).
func (m *Matrix) hintCopies(h, touched, hit, size []int32) {
	// As in hintRow: a local function, inlined (passed in, it was not,
	// and cost three times the rest).
	better := func(c, d int32) bool {
		return d < 0 || int64(hit[c])*int64(size[d]) > int64(hit[d])*int64(size[c])
	}
	var places [hintLen]int32 // places[i]: h[i]'s places
	n, used := 0, int32(0)    // entries of h, places taken
	for _, c := range touched {
		if hit[c] == 0 || used == hintLen && !better(c, h[n-1]) {
			continue // most columns do not make the list
		}
		i, at := 0, int32(0)
		for i < n && !better(c, h[i]) {
			at += places[i]
			i++
		}
		if at == hintLen {
			continue // the list is full of better columns
		}
		copy(h[i+1:], h[i:hintLen-1])
		copy(places[i+1:], places[i:hintLen-1])
		h[i], places[i] = c, m.copies[c]
		n = min(n+1, hintLen)
		// Cut the list at hintLen places.
		used = 0
		for j := 0; j < n; j++ {
			if used+places[j] >= hintLen {
				places[j] = hintLen - used
				n = j + 1
				used = hintLen
				break
			}
			used += places[j]
		}
		for j := n; j < hintLen; j++ {
			h[j] = -1
		}
	}
}
