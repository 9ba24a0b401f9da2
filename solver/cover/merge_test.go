package cover

import (
	"context"
	"hash/fnv"
	"math/rand"
	"slices"
	"strconv"
	"testing"
)

// dupProblem builds a small random problem whose columns come in groups
// of identical copies (same bounds, same rows and weights), numbered in
// shuffled order and listed in shuffled order within rows: exact,
// hole, range, weighted and secondary columns, and a hole limit from
// none to tight. Sometimes a copy gets one extra entry, so that it
// differs from its group, or only differs until Reduce drops that row.
func dupProblem(rng *rand.Rand) *Problem {
	type group struct {
		col    Column
		copies int
	}
	groups := make([]group, 2+rng.Intn(4))
	for g := range groups {
		var col Column
		switch rng.Intn(5) {
		case 0, 1:
			col = Column{Min: 1, Max: 1}
		case 2:
			col = Column{Max: 1 + rng.Intn(2), Hole: true}
		case 3:
			lo := rng.Intn(3)
			col = Column{Min: lo, Max: lo + rng.Intn(3)}
		case 4:
			col = Column{Max: 1 + rng.Intn(3), Secondary: rng.Intn(2) == 0}
		}
		if g == 0 {
			col.Secondary = false // see primary below
		}
		groups[g] = group{col, 1 + rng.Intn(3)}
	}
	// Column numbers: the copies of all groups, shuffled.
	var owner []int // column -> group
	for g, gr := range groups {
		for range gr.copies {
			owner = append(owner, g)
		}
	}
	rng.Shuffle(len(owner), func(i, j int) { owner[i], owner[j] = owner[j], owner[i] })
	cols := make([]Column, len(owner))
	for c, g := range owner {
		cols[c] = groups[g].col
	}
	p := NewProblem(cols, rng.Intn(5)-1)
	nr := 1 + rng.Intn(12)
	for range nr {
		var cs, ws []int
		add := func(g int) {
			wt := 1
			if rng.Intn(5) == 0 {
				wt = 1 + rng.Intn(3)
			}
			for c, o := range owner {
				if o == g {
					cs, ws = append(cs, c), append(ws, wt)
				}
			}
		}
		primary := false
		for g := range groups {
			if rng.Intn(3) == 0 {
				add(g)
				primary = primary || !groups[g].col.Secondary
			}
		}
		if !primary {
			// The search only takes rows through the columns it
			// branches on: a row of secondary columns only is never
			// taken.
			add(0)
		}
		if rng.Intn(6) == 0 {
			// One extra entry: this column no longer equals its group.
			c := rng.Intn(len(owner))
			if !containsInt(cs, c) {
				cs, ws = append(cs, c), append(ws, 1)
			}
		}
		rng.Shuffle(len(cs), func(i, j int) { cs[i], cs[j] = cs[j], cs[i]; ws[i], ws[j] = ws[j], ws[i] })
		p.AddRow(cs, ws)
	}
	return p
}

func containsInt(a []int, x int) bool {
	for _, y := range a {
		if y == x {
			return true
		}
	}
	return false
}

// TestMergedColumnsAgainstBruteForce checks searches of problems with
// identical columns, before and after Reduce, against brute force, and
// that scan on the merged matrices decides as full counts would (dead
// holes counted by the holes a column stands for). It also checks that
// merging happens: in most problems, holes among them, and after
// Reduce in some that were not merged before.
func TestMergedColumnsAgainstBruteForce(t *testing.T) {
	rng := rand.New(rand.NewSource(11))
	merged, holes, later := 0, 0, 0
	const n = 3000
	for i := range n {
		p := dupProblem(rng)
		nc := len(p.Cols)
		m, err := New(p)
		if err != nil {
			t.Fatal(err)
		}
		if m.NumCols() < nc {
			merged++
		}
		for _, k := range m.hole {
			if k > 1 {
				holes++
				break
			}
		}
		red, _, err := m.Reduce(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		if red.NumCols() < m.NumCols() {
			later++
		}
		walkChecked(t, m)
		walkChecked(t, red)
		checkAgainstBrute(t, i, p, 1, 3)
	}
	t.Logf("%d problems: %d merged, %d with merged holes, %d merged further after Reduce", n, merged, holes, later)
	if merged < n/2 || holes < n/10 || later < n/100 {
		t.Errorf("too few merges: %d merged, %d with merged holes, %d after Reduce (of %d)", merged, holes, later, n)
	}
}

// TestMergedTake checks that Take merges as New does (Take moves the
// weights into the problem's storage before merging).
func TestMergedTake(t *testing.T) {
	rng := rand.New(rand.NewSource(12))
	for i := range 500 {
		seed := rng.Int63()
		a, err := New(dupProblem(rand.New(rand.NewSource(seed))))
		if err != nil {
			t.Fatal(err)
		}
		b, err := Take(dupProblem(rand.New(rand.NewSource(seed))))
		if err != nil {
			t.Fatal(err)
		}
		if a.Fingerprint() != b.Fingerprint() || a.NumCols() != b.NumCols() {
			t.Fatalf("problem %d: Take's matrix (%d columns) differs from New's (%d)", i, b.NumCols(), a.NumCols())
		}
	}
}

// oldFingerprint is Fingerprint as it was before columns were merged.
// Saved searches of matrices without identical columns must stay valid.
func oldFingerprint(m *Matrix) string {
	h := fnv.New64a()
	put := func(v int32) { h.Write([]byte{byte(v), byte(v >> 8), byte(v >> 16), byte(v >> 24)}) }
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
	return strconv.FormatUint(h.Sum64(), 16)
}

// TestFingerprintWithMerging checks that a matrix without merged columns
// keeps its fingerprint, and that merged ones differ from it: the same
// matrix with one more copy of a hole column is another search.
func TestFingerprintWithMerging(t *testing.T) {
	rng := rand.New(rand.NewSource(13))
	checked := 0
	for i := range 1000 {
		m, err := New(randomProblem(rng))
		if err != nil {
			t.Fatal(err)
		}
		if m.copies != nil {
			continue
		}
		checked++
		if m.Fingerprint() != oldFingerprint(m) {
			t.Fatalf("problem %d: fingerprint %s, before merging %s", i, m.Fingerprint(), oldFingerprint(m))
		}
	}
	if checked < 500 {
		t.Fatalf("only %d of 1000 problems without merged columns", checked)
	}
	// Cells 0 and 1 of a row of three; cell 2 is a hole, and so is its
	// copy 3 in the second problem.
	build := func(copies bool) *Matrix {
		cols := []Column{{Min: 1, Max: 1}, {Min: 1, Max: 1}, {Max: 1, Hole: true}}
		if copies {
			cols = append(cols, Column{Max: 1, Hole: true})
		}
		p := NewProblem(cols, 1)
		p.AddRow([]int{0, 1}, nil)
		if copies {
			p.AddRow([]int{2, 3}, nil)
		} else {
			p.AddRow([]int{2}, nil)
		}
		m, err := New(p)
		if err != nil {
			t.Fatal(err)
		}
		return m
	}
	one, two := build(false), build(true)
	if one.NumCols() != two.NumCols() || two.dead0 != 0 {
		t.Fatalf("columns %d and %d, want the same", one.NumCols(), two.NumCols())
	}
	if one.Fingerprint() == two.Fingerprint() {
		t.Errorf("one hole and two merged holes give the same fingerprint %s", one.Fingerprint())
	}
	// One hole may stay empty: the first problem has two solutions (row
	// 0 alone, or both rows), the second only one (both rows).
	for _, tc := range []struct {
		m    *Matrix
		want int
	}{{one, 2}, {two, 1}} {
		if got, _ := collect(t, tc.m, Options{Workers: 1}); len(got) != tc.want {
			t.Errorf("solutions %v, want %d", got, tc.want)
		}
	}
}

// refReduce is Reduce done the slow obvious way on p's rows in keep
// (those compile keeps): a row goes when, taken with every other row
// left that fits with it, some column stays below its Min or more than
// MaxHoles hole columns stay empty; until no row goes.
func refReduce(p *Problem, keep []int32) []int32 {
	alive := slices.Clone(keep)
	w := make([]int, len(p.Cols))
	for changed := true; changed; {
		changed = false
		for i := 0; i < len(alive); i++ {
			r := alive[i]
			clear(w)
			cols, wts := p.Row(int(r))
			for j, c := range cols {
				w[c] += int(wts[j])
			}
			reach := slices.Clone(w)
			for _, x := range alive {
				if x == r {
					continue
				}
				xc, xw := p.Row(int(x))
				fits := true
				for j, c := range xc {
					if w[c]+int(xw[j]) > p.Cols[c].Max {
						fits = false
					}
				}
				if fits {
					for j, c := range xc {
						reach[c] += int(xw[j])
					}
				}
			}
			ok, dead := true, 0
			for c, col := range p.Cols {
				if reach[c] < col.Min {
					ok = false
				}
				if col.Hole && reach[c] == 0 {
					dead++
				}
			}
			if !ok || p.MaxHoles >= 0 && dead > p.MaxHoles {
				alive = slices.Delete(alive, i, i+1)
				i--
				changed = true
			}
		}
	}
	return alive
}

// TestReduceAgainstReference checks the rows Reduce keeps, rebuilding
// and merging columns on the way, against refReduce.
func TestReduceAgainstReference(t *testing.T) {
	rng := rand.New(rand.NewSource(14))
	dropped, rebuilt := 0, 0
	for i := range 1500 {
		var p *Problem
		switch i % 3 {
		case 0:
			p = dupProblem(rng)
		case 1:
			p = packingProblem(rng)
		default:
			p = randomProblem(rng)
		}
		m, err := New(p)
		if err != nil {
			t.Fatal(err)
		}
		want := slices.Clone(m.rowOrig)
		if !m.fail0 {
			want = refReduce(p, want)
		}
		red, n, err := m.Reduce(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		got := slices.Clone(red.rowOrig)
		slices.Sort(got)
		slices.Sort(want)
		if !slices.Equal(got, want) || n != int(m.n)-len(want) {
			t.Fatalf("problem %d: Reduce kept rows %v (%d dropped), want %v", i, got, n, want)
		}
		dropped += n
		if !m.fail0 && 2*n >= int(m.n) && n > 0 {
			rebuilt++ // the round that dropped the half rebuilt (see reduce)
		}
	}
	t.Logf("%d rows dropped; %d problems rebuilt during Reduce", dropped, rebuilt)
	if rebuilt < 20 {
		t.Errorf("only %d problems rebuilt during Reduce", rebuilt)
	}
}

// TestMergedSplit: the parts of a split of a matrix with merged columns
// (the jobs replay paths through its merged columns, Stop alternatives
// included) together find every solution exactly once.
func TestMergedSplit(t *testing.T) {
	checkSplitParts(t, dupProblem, 15, 600, []int{2, 3, 7})
}

// clientMerged returns p with its identical columns merged as a client
// merges them (Column.Copies, Column.Unmerged): each group becomes the
// column of its first, numbered in order, and a row's entry goes where
// its first column of the group was. It returns nil where no columns
// are identical.
func clientMerged(p *Problem) *Problem {
	type sig struct {
		col  Column
		rows string
	}
	rowsOf := make([][]int32, len(p.Cols))
	for r := range p.NumRows() {
		cols, wts := p.Row(r)
		for i, c := range cols {
			rowsOf[c] = append(rowsOf[c], int32(r), wts[i])
		}
	}
	first := map[sig]int{}
	rep := make([]int, len(p.Cols))
	merged := false
	for c, col := range p.Cols {
		k := sig{Column{Min: col.Min, Max: col.Max, Hole: col.Hole, Secondary: col.Secondary}, fmtInts(rowsOf[c])}
		d, ok := first[k]
		if !ok {
			first[k], d = c, c
		}
		rep[c] = d
		merged = merged || d != c
	}
	if !merged {
		return nil
	}
	to := make([]int, len(p.Cols))
	var cols []Column
	for c, col := range p.Cols {
		if d := rep[c]; d != c {
			to[c] = to[d]
			cols[to[d]].Copies++
			cols[to[d]].Unmerged = c
			continue
		}
		to[c] = len(cols)
		col.Copies, col.Unmerged = 1, c
		cols = append(cols, col)
	}
	q := NewProblem(cols, p.MaxHoles)
	for r := range p.NumRows() {
		cs, ws := p.Row(r)
		var mc, mw []int
		for i, c := range cs {
			if !containsInt(mc, to[c]) {
				mc, mw = append(mc, to[c]), append(mw, int(ws[i]))
			}
		}
		q.AddRow(mc, mw)
	}
	return q
}

func fmtInts(a []int32) string {
	var b []byte
	for _, x := range a {
		b = strconv.AppendInt(append(b, ' '), int64(x), 10)
	}
	return string(b)
}

// TestClientMergedColumns: a problem whose client merged its identical
// columns (as the assembler merges a burr's cells) compiles to the
// matrix the problem compiles to unmerged, to the byte, and Reduce and
// the search agree.
func TestClientMergedColumns(t *testing.T) {
	rng := rand.New(rand.NewSource(29))
	checked := 0
	for i := range 1000 {
		p := dupProblem(rng)
		q := clientMerged(p)
		if q == nil {
			continue
		}
		checked++
		m, err := New(p)
		if err != nil {
			t.Fatal(err)
		}
		mq, err := New(q)
		if err != nil {
			t.Fatalf("problem %d, merged: %v", i, err)
		}
		if m.Fingerprint() != mq.Fingerprint() {
			t.Fatalf("problem %d: merged by the client, fingerprint %s; unmerged %s", i, mq.Fingerprint(), m.Fingerprint())
		}
		rm, _, err1 := m.Reduce(context.Background())
		rq, _, err2 := mq.Reduce(context.Background())
		if err1 != nil || err2 != nil || rm.Fingerprint() != rq.Fingerprint() {
			t.Fatalf("problem %d: reduced fingerprints differ (%v, %v)", i, err1, err2)
		}
	}
	if checked < 300 {
		t.Fatalf("only %d of 1000 problems had identical columns", checked)
	}
}
