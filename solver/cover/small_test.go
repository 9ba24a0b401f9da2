package cover

import (
	"context"
	"math/rand"
	"slices"
	"testing"
)

// smallProblems returns exact cover problems the small search applies
// to, each with more than smallRows rows, so that their searches start
// above it and pass into it: packings of random pieces into boxes, n
// queens with the diagonals as secondary columns, and random rows over
// cells with a planted solution and a few secondary columns.
func smallProblems(rng *rand.Rand) []*Problem {
	var ps []*Problem
	for len(ps) < 40 {
		u := 3 + rng.Intn(3)
		w, h := 3+rng.Intn(3), 3+rng.Intn(4)
		if w*h%u != 0 || w*h/u > 6 {
			continue // a search too long for a test
		}
		pieces := make([][][2]int, w*h/u)
		for k := range pieces {
			pieces[k] = randomPiece(rng, u)
		}
		if p := tiling(w, h, pieces); p.NumRows() > smallRows {
			ps = append(ps, p)
		}
	}
	for n := 6; n <= 9; n++ {
		ps = append(ps, secondaryQueens(n))
	}
	// Rows of up to 5 columns, then of 5 to 8 and of 5 to 11: the
	// small search reads rows of at most 6, of 7 or 8 and of more
	// columns each its own way (see Matrix.rowNarrow and rowStride).
	for len(ps) < 76 {
		lo, span := 1, 4
		switch {
		case len(ps) >= 68:
			lo, span = 5, 6
		case len(ps) >= 60:
			lo, span = 5, 3
		}
		cells, sec := 12+rng.Intn(20), rng.Intn(4)
		cols := make([]Column, cells+sec)
		for c := range cols {
			cols[c] = Column{Min: 1, Max: 1}
			if c >= cells {
				cols[c] = Column{Max: 1, Secondary: true}
			}
		}
		p := NewProblem(cols, -1)
		perm := rng.Perm(cells)
		for len(perm) > 0 {
			k := min(len(perm), lo+rng.Intn(span))
			p.AddRow(perm[:k], nil)
			perm = perm[k:]
		}
		for p.NumRows() < 70+rng.Intn(60) {
			row := rng.Perm(cells)[:min(cells, lo+1+rng.Intn(span-1))]
			if sec > 0 && rng.Intn(2) == 0 {
				row = append(row, cells+rng.Intn(sec))
			}
			p.AddRow(row, nil)
		}
		ps = append(ps, p)
	}
	return ps
}

// secondaryQueens is n queens with ranks and files exact and the
// diagonals secondary columns (at most one queen each).
func secondaryQueens(n int) *Problem {
	cols := make([]Column, 2*n+2*(2*n-1))
	for i := range cols {
		cols[i] = Column{Min: 1, Max: 1}
		if i >= 2*n {
			cols[i] = Column{Max: 1, Secondary: true}
		}
	}
	p := NewProblem(cols, -1)
	for r := 0; r < n; r++ {
		for f := 0; f < n; f++ {
			p.AddRow([]int{r, n + f, 2*n + r + f, 2*n + 2*n - 1 + r - f + n - 1}, nil)
		}
	}
	return p
}

// inOrder runs a search with one worker and returns its solutions in the
// order found, each sorted.
func inOrder(t *testing.T, m *Matrix, opts Options) ([]string, Result) {
	t.Helper()
	var sols []string
	opts.Workers = 1
	opts.OnSolution = func(_ int, rows []int32) Action {
		sols = append(sols, sorted(rows))
		return Continue
	}
	res, err := Search(context.Background(), m, opts)
	if err != nil {
		t.Fatal(err)
	}
	return sols, res
}

// walkFull walks m's whole search tree with the full search alone (see
// walk) and returns its solutions in order, its nodes and how many of
// them were small nodes it branched on.
func walkFull(m *Matrix) (sols []string, nodes, small int) {
	nodes = walk(m, func(w *worker, _ int, cont bool, col int32) {
		if ok, sol := w.push(cont, col); ok && sol {
			sols = append(sols, sorted(w.solution()))
		} else if ok && w.levels[len(w.frames)-1].few {
			small++
		}
	})
	return sols, nodes, small
}

// TestSmallSameSearch: the small search walks the tree the full search
// walks when it enters the small nodes itself: the same solutions in the
// same order, and the same number of nodes. Without it (where the full
// search also skips doomed steps below) the solutions are the same too.
func TestSmallSameSearch(t *testing.T) {
	rng := rand.New(rand.NewSource(5))
	smallNodes, solutions := 0, 0
	for i, p := range smallProblems(rng) {
		m, err := New(p)
		if err != nil {
			t.Fatal(err)
		}
		if !m.small {
			t.Fatalf("problem %d: the small search does not apply", i)
		}
		want, nodes, small := walkFull(m)
		got, res := inOrder(t, m, Options{})
		if !slices.Equal(got, want) {
			t.Fatalf("problem %d: the small search found %v, the full search %v", i, got, want)
		}
		if res.Nodes != uint64(nodes) {
			t.Fatalf("problem %d: the small search took %d nodes, the full search %d", i, res.Nodes, nodes)
		}
		plain, _ := inOrder(t, m, Options{noSmall: true})
		if !slices.Equal(plain, want) {
			t.Fatalf("problem %d: without the small search %v, with it %v", i, plain, want)
		}
		several, _ := collect(t, m, Options{Workers: 3, tickEvery: 1})
		slices.Sort(want)
		if !slices.Equal(several, want) {
			t.Fatalf("problem %d: 3 workers found %d solutions, one %d", i, len(several), len(want))
		}
		smallNodes += small
		solutions += len(want)
	}
	if smallNodes < 1000 || solutions < 100 {
		t.Fatalf("only %d small nodes branched on and %d solutions", smallNodes, solutions)
	}
	t.Logf("%d small nodes branched on, %d solutions", smallNodes, solutions)
}

// TestSmallStopAndContinue stops searches inside the small search, by
// each way a search stops (a Halt or a Retry from a solution, a
// cancellation between two nodes), continues them from the jobs left,
// and so on to the end: every solution comes up exactly once.
func TestSmallStopAndContinue(t *testing.T) {
	rng := rand.New(rand.NewSource(11))
	for i, p := range smallProblems(rng) {
		m, err := New(p)
		if err != nil {
			t.Fatal(err)
		}
		want, _ := collect(t, m, Options{Workers: 1, noSmall: true})
		for _, how := range []string{"halt", "retry", "cancel"} {
			if got := stopAndContinue(t, m, how, 2*len(want)+5, 2); !slices.Equal(got, want) {
				t.Fatalf("problem %d (%s): %d solutions, want %d (or duplicates)", i, how, len(got), len(want))
			}
		}
	}
}

// TestSmallSplit: the parts of a split search, whose pieces end in small
// nodes, find every solution once.
func TestSmallSplit(t *testing.T) {
	rng := rand.New(rand.NewSource(3))
	for i, p := range smallProblems(rng)[:20] {
		m, err := New(p)
		if err != nil {
			t.Fatal(err)
		}
		want, _ := collect(t, m, Options{Workers: 1, noSmall: true})
		if got := collectParts(t, m, 4); !slices.Equal(got, want) {
			t.Fatalf("problem %d: 4 parts found %d solutions, want %d", i, len(got), len(want))
		}
	}
}

// TestListRows checks listRows against a plain loop over the bits, on
// row sets of up to smallRows rows with empty words, words of fewer than
// eight rows and of more, and full words, in sets of 1 to 600 words,
// and on smallRows rows each in a word of its own.
func TestListRows(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	var rows [smallRows + 8]int32
	var words [2 * smallRows]uint32
	for k := range 2000 {
		var alive []uint64
		left := 0 // rows still to place
		if k < 20 {
			// smallRows words of one row each, among empty ones.
			alive = make([]uint64, smallRows+rng.Intn(300))
			for _, i := range rng.Perm(len(alive))[:smallRows] {
				alive[i] = 1 << uint(rng.Intn(64))
			}
		} else {
			alive = make([]uint64, 1+rng.Intn(600))
			left = min(rng.Intn(smallRows+1), 64*len(alive))
		}
		for left > 0 {
			i := rng.Intn(len(alive))
			var x uint64
			switch rng.Intn(4) {
			case 0:
				x = ^uint64(0)
			case 1:
				x = rng.Uint64()
			default:
				x = 1 << uint(rng.Intn(64))
			}
			for ; x != 0 && left > 0; x &= x - 1 {
				if bit := x & -x; alive[i]&bit == 0 {
					alive[i] |= bit
					left--
				}
			}
		}
		var want []int32
		for i, x := range alive {
			for j := range 64 {
				if x>>uint(j)&1 != 0 {
					want = append(want, int32(64*i+j))
				}
			}
		}
		n := listRows(&rows, &words, alive)
		if !slices.Equal(rows[:n], want) {
			t.Fatalf("listRows of %d rows in %d words: %v, want %v", len(want), len(alive), rows[:n], want)
		}
	}
}

// TestSmallDescents: the size estimates' probes, which walk the small
// search's copy below a small node (descentsSmall), get the values they
// get on the full search, at the root and at every child of it, with the
// hints' sets built on first use and without them.
func TestSmallDescents(t *testing.T) {
	rng := rand.New(rand.NewSource(5))
	for i, p := range smallProblems(rng) {
		// A matrix each: a row's sets are built on first use (see
		// ensure), and the small probes must build theirs too.
		var ms [2]*Matrix
		for k := range ms {
			m, err := New(p)
			if err != nil {
				t.Fatal(err)
			}
			m.hintsOnce.Do(m.buildHints)
			ms[k] = m
		}
		if ms[0].fail0 {
			continue
		}
		// Without the hints' sets too (EstimateBare builds none).
		var bare [2]*Matrix
		for k := range bare {
			m, err := New(p)
			if err != nil {
				t.Fatal(err)
			}
			bare[k] = m
		}
		bare[0].small = false
		if got, want := EstimateBare(bare[1], 40), EstimateBare(bare[0], 40); got != want {
			t.Fatalf("problem %d: bare estimate %+v, want %+v", i, got, want)
		}
		full, small := newSplitter(ms[0]), newSplitter(ms[1])
		full.r.w.small = false
		kids, err := full.children(nil)
		if err != nil {
			continue // the root is a leaf
		}
		paths := [][]int32{nil}
		for _, k := range kids {
			paths = append(paths, k.path)
		}
		for _, path := range paths {
			got, err := small.piece(path, 0, satMax)
			if err != nil {
				t.Fatal(err)
			}
			want, err := full.piece(path, 0, satMax)
			if err != nil {
				t.Fatal(err)
			}
			if got.est != want.est || got.hi != want.hi || !slices.Equal(small.vals, full.vals) {
				t.Fatalf("problem %d, piece %v: estimate %d (largest probe %d), want %d (%d)\nprobes %v\nwant   %v",
					i, path, got.est, got.hi, want.est, want.hi, small.vals, full.vals)
			}
		}
	}
}
