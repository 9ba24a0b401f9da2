package cover

import (
	"context"
	"math/rand"
	"slices"
	"testing"
)

// boardAreas returns the Areas of a w x h board whose cell x, y is
// column first+y*w+x, its neighbours the cells beside, above and below.
func boardAreas(first, w, h int) *Areas {
	a := &Areas{}
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			i := y*w + x
			a.Cells = append(a.Cells, first+i)
			var adj []int
			if x > 0 {
				adj = append(adj, i-1)
			}
			if x+1 < w {
				adj = append(adj, i+1)
			}
			if y > 0 {
				adj = append(adj, i-w)
			}
			if y+1 < h {
				adj = append(adj, i+w)
			}
			a.Adj = append(a.Adj, adj)
		}
	}
	return a
}

// randomPiece grows a random connected piece of n cells.
func randomPiece(rng *rand.Rand, n int) [][2]int {
	cells := [][2]int{{0, 0}}
	for len(cells) < n {
		c := cells[rng.Intn(len(cells))]
		d := [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}}[rng.Intn(4)]
		q := [2]int{c[0] + d[0], c[1] + d[1]}
		if !slices.Contains(cells, q) {
			cells = append(cells, q)
		}
	}
	return cells
}

// TestAreasSameSolutions packs random pieces of one size into boards,
// with and without the region rule: the solutions must be the same, with
// one worker and three, after Reduce and split into parts, and the rule
// may only take nodes away. Over all problems it must take some.
func TestAreasSameSolutions(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	fewer := 0
	for i := 0; i < 150; i++ {
		u := 2 + rng.Intn(3)
		w, h := 2+rng.Intn(4), 2+rng.Intn(4)
		if w*h%u != 0 || w*h/u > 7 {
			continue
		}
		pieces := make([][][2]int, w*h/u)
		for k := range pieces {
			pieces[k] = randomPiece(rng, u)
		}
		plain := tiling(w, h, pieces)
		if plain.NumRows() == 0 {
			continue // a piece longer than the board
		}
		ruled := tiling(w, h, pieces)
		ruled.SetAreas(boardAreas(len(pieces), w, h))
		mp, err := New(plain)
		if err != nil {
			t.Fatal(err)
		}
		mr, err := New(ruled)
		if err != nil {
			t.Fatal(err)
		}
		if mr.areas == nil {
			t.Fatalf("problem %d: the rule was not taken up", i)
		}
		// The small search (see small.go) skips no steps: these boards
		// are small enough for it to take every node below the root.
		want, base := collect(t, mp, Options{Workers: 1, noSmall: true})
		for _, workers := range []int{1, 3} {
			got, res := collect(t, mr, Options{Workers: workers, tickEvery: 1, noSmall: true})
			if !slices.Equal(got, want) {
				t.Fatalf("problem %d (%d workers): %d solutions with the rule, %d without", i, workers, len(got), len(want))
			}
			if workers == 1 {
				if res.Nodes > base.Nodes {
					t.Fatalf("problem %d: %d nodes with the rule, %d without", i, res.Nodes, base.Nodes)
				}
				if res.Nodes < base.Nodes {
					fewer++
				}
			}
		}
		red, _, err := mr.Reduce(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		if red.n > 0 && red.areas != mr.areas {
			t.Fatalf("problem %d: Reduce's matrix lost the rule", i)
		}
		if parts := collectParts(t, red, 3); !slices.Equal(parts, want) {
			t.Fatalf("problem %d: 3 parts after Reduce found %d solutions, want %d", i, len(parts), len(want))
		}
	}
	if fewer == 0 {
		t.Fatal("the rule never skipped a step")
	}
}

// TestAreasPentominoes solves the pentominoes in the 3x20 and 4x15 boxes
// with the rule: the same 2 and 368 packings (times the 4 symmetries of a
// box, which this problem does not break), in fewer nodes.
func TestAreasPentominoes(t *testing.T) {
	for _, c := range []struct{ w, h, want int }{{20, 3, 8}, {15, 4, 1472}} {
		plain := pentominoBox(c.w, c.h)
		ruled := pentominoBox(c.w, c.h)
		ruled.SetAreas(boardAreas(12, c.w, c.h))
		mp, _ := New(plain)
		mr, _ := New(ruled)
		got, res := collect(t, mr, Options{Workers: 2})
		want, base := collect(t, mp, Options{Workers: 2})
		if len(got) != c.want || !slices.Equal(got, want) {
			t.Fatalf("%dx%d: %d packings with the rule, %d without, want %d", c.w, c.h, len(got), len(want), c.want)
		}
		if res.Nodes >= base.Nodes {
			t.Errorf("%dx%d: %d nodes with the rule, %d without", c.w, c.h, res.Nodes, base.Nodes)
		}
	}
}

// TestAreasFingerprint: with the region rule the fingerprint also says
// how far the small search reaches (the rule is not tried there, so a
// search saved under another reach would go on along another tree);
// without it the fingerprint is the matrix's alone, as before.
func TestAreasFingerprint(t *testing.T) {
	plain := pentominoBox(15, 4)
	ruled := pentominoBox(15, 4)
	ruled.SetAreas(boardAreas(12, 15, 4))
	mp, _ := New(plain)
	mr, _ := New(ruled)
	if mr.areas == nil || mp.areas != nil {
		t.Fatal("the rule should apply to the ruled box only")
	}
	if got := mp.Fingerprint(); got != oldFingerprint(mp) {
		t.Errorf("without the rule: fingerprint %s, want the matrix's %s", got, oldFingerprint(mp))
	}
	if mr.Fingerprint() == mp.Fingerprint() || mr.Fingerprint() == oldFingerprint(mr) {
		t.Errorf("with the rule the fingerprint %s should differ from the matrix's %s", mr.Fingerprint(), oldFingerprint(mr))
	}
}

// TestAreasIgnored checks that the rule is left out wherever it would not
// hold or could not prune.
func TestAreasIgnored(t *testing.T) {
	domino := [][2]int{{0, 0}, {1, 0}}
	tromino := [][2]int{{0, 0}, {1, 0}, {2, 0}}
	cases := map[string]func() *Problem{
		"sizes 2 and 3": func() *Problem {
			p := tiling(5, 1, [][][2]int{domino, tromino})
			p.SetAreas(boardAreas(2, 5, 1))
			return p
		},
		"a cell column that may stay empty": func() *Problem {
			p := tiling(4, 1, [][][2]int{domino, domino})
			p.Cols[3] = Column{Min: 0, Max: 1, Hole: true}
			p.SetAreas(boardAreas(2, 4, 1))
			return p
		},
		"a row whose cells do not touch": func() *Problem {
			p := tiling(4, 1, [][][2]int{domino, domino})
			p.AddRow([]int{0, 2, 4}, nil)
			p.SetAreas(boardAreas(2, 4, 1))
			return p
		},
		"a neighbour out of range": func() *Problem {
			p := tiling(4, 1, [][][2]int{domino, domino})
			a := boardAreas(2, 4, 1)
			a.Adj[0] = append(a.Adj[0], 9)
			p.SetAreas(a)
			return p
		},
		"more than 128 cells": func() *Problem {
			p := tiling(130, 1, [][][2]int{{{0, 0}, {1, 0}}})
			p.Cols[0] = Column{Min: 65, Max: 65}
			p.SetAreas(boardAreas(1, 130, 1))
			return p
		},
		"a column given twice": func() *Problem {
			p := tiling(4, 1, [][][2]int{domino, domino})
			a := boardAreas(2, 4, 1)
			a.Cells[1] = a.Cells[0]
			p.SetAreas(a)
			return p
		},
	}
	for name, mk := range cases {
		m, err := New(mk())
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if m.areas != nil {
			t.Errorf("%s: the rule was taken up", name)
		}
	}
	p := tiling(4, 1, [][][2]int{domino, domino})
	p.SetAreas(boardAreas(2, 4, 1))
	if m, _ := New(p); m.areas == nil || m.areas.unit != 2 {
		t.Fatalf("two dominoes in a 4x1 board: the rule was not taken up with unit 2")
	}
}

// refSplits is what areaSplits decides, the plain way: the regions of
// open cells beside the row, in the order of their first neighbour of
// the row; all but the last must have a multiple of unit cells.
func refSplits(adj [][]int, unit int, covered []bool, row []int) bool {
	n := len(adj)
	open := make([]bool, n)
	for i := range open {
		open[i] = !covered[i]
	}
	for _, c := range row {
		open[c] = false
	}
	seed := make([]bool, n)
	for _, c := range row {
		for _, j := range adj[c] {
			if open[j] {
				seed[j] = true
			}
		}
	}
	var sizes []int
	done := make([]bool, n)
	for s := 0; s < n; s++ {
		if !seed[s] || done[s] {
			continue
		}
		size, stack := 0, []int{s}
		done[s] = true
		for len(stack) > 0 {
			c := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			size++
			for _, j := range adj[c] {
				if open[j] && !done[j] {
					done[j] = true
					stack = append(stack, j)
				}
			}
		}
		sizes = append(sizes, size)
	}
	for k := 0; k+1 < len(sizes); k++ {
		if sizes[k]%unit != 0 {
			return true
		}
	}
	return false
}

// TestAreaSplitsAgainstReference compares both forms of the test (one
// word of cells and two) with refSplits on random boards, covered cells
// and rows.
func TestAreaSplitsAgainstReference(t *testing.T) {
	rng := rand.New(rand.NewSource(3))
	for _, dims := range [][2]int{{8, 7}, {8, 8}, {10, 9}, {16, 8}} {
		w, h := dims[0], dims[1]
		a := boardAreas(0, w, h)
		n := w * h
		words := (n + 63) / 64
		tab := &areaTable{words: words, all: make([]uint64, words), nbr: make([]uint64, n*words)}
		for i, adj := range a.Adj {
			tab.all[i>>6] |= 1 << (uint(i) & 63)
			for _, j := range adj {
				tab.nbr[i*words+j>>6] |= 1 << (uint(j) & 63)
			}
		}
		for k := 0; k < 3000; k++ {
			tab.unit = int32(2 + rng.Intn(4))
			covered := make([]bool, n)
			fill := make([]uint64, words)
			density := rng.Float64() * 0.7
			for i := range covered {
				if rng.Float64() < density {
					covered[i] = true
					fill[i>>6] |= 1 << (uint(i) & 63)
				}
			}
			// The row: a random piece of open cells, grown from one.
			var row []int
			rc := make([]uint64, words)
			start := rng.Intn(n)
			if covered[start] {
				continue
			}
			row = append(row, start)
			rc[start>>6] |= 1 << (uint(start) & 63)
			for tries := 0; tries < 20 && len(row) < 6; tries++ {
				c := row[rng.Intn(len(row))]
				j := a.Adj[c][rng.Intn(len(a.Adj[c]))]
				if !covered[j] && !slices.Contains(row, j) {
					row = append(row, j)
					rc[j>>6] |= 1 << (uint(j) & 63)
				}
			}
			want := refSplits(a.Adj, int(tab.unit), covered, row)
			// The ring: the cells two steps from the row or less, not
			// its own.
			dist := map[int]int{}
			queue := slices.Clone(row)
			for _, c := range row {
				dist[c] = 0
			}
			for len(queue) > 0 {
				c := queue[0]
				queue = queue[1:]
				for _, j := range a.Adj[c] {
					if _, ok := dist[j]; !ok && dist[c] < 2 {
						dist[j] = dist[c] + 1
						queue = append(queue, j)
					}
				}
			}
			ring := make([]uint64, words)
			for c, k := range dist {
				if k > 0 {
					ring[c>>6] |= 1 << (uint(c) & 63)
				}
			}
			var got bool
			if words == 1 {
				got = tab.splits1(fill[0], rc[0], ring[0])
			} else {
				got = tab.splits2(cells2{fill[0], fill[1]}, cells2{rc[0], rc[1]}, cells2{ring[0], ring[1]})
			}
			if got != want {
				t.Fatalf("%dx%d, case %d: splits %v, want %v", w, h, k, got, want)
			}
		}
	}
}

// partition cuts a w x h board into connected pieces of n cells, each as
// its cells' x, y pairs, or returns nil when a random attempt gets stuck.
func partition(rng *rand.Rand, w, h, n int) [][][2]int {
	owner := make([]int, w*h)
	for i := range owner {
		owner[i] = -1
	}
	var pieces [][][2]int
	free := func(x, y int) bool { return x >= 0 && y >= 0 && x < w && y < h && owner[y*w+x] < 0 }
	for len(pieces)*n < w*h {
		// Start at the first free cell: the board fills from one end,
		// which leaves fewer pockets behind.
		start := slices.Index(owner, -1)
		cells := [][2]int{{start % w, start / w}}
		owner[start] = len(pieces)
		for len(cells) < n {
			var next [][2]int
			for _, c := range cells {
				for _, d := range [][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
					if x, y := c[0]+d[0], c[1]+d[1]; free(x, y) {
						next = append(next, [2]int{x, y})
					}
				}
			}
			if len(next) == 0 {
				return nil
			}
			q := next[rng.Intn(len(next))]
			owner[q[1]*w+q[0]] = len(pieces)
			cells = append(cells, q)
		}
		pieces = append(pieces, cells)
	}
	return pieces
}

// TestAreasManyWords runs the rule's search on boards of more than 64
// cells, whose cell sets take several words: random pieces of 9 cells
// cut from a 12x6 board, packed back with and without the rule.
func TestAreasManyWords(t *testing.T) {
	rng := rand.New(rand.NewSource(11))
	fewer := false
	for done := 0; done < 5; {
		pieces := partition(rng, 12, 6, 9)
		if pieces == nil {
			continue
		}
		done++
		plain := tiling(12, 6, pieces)
		ruled := tiling(12, 6, pieces)
		ruled.SetAreas(boardAreas(len(pieces), 12, 6))
		mp, _ := New(plain)
		mr, _ := New(ruled)
		if mr.areas == nil || mr.areas.words != 2 {
			t.Fatalf("board %d: the rule was not taken up on two words", done)
		}
		want, base := collect(t, mp, Options{Workers: 2})
		got, res := collect(t, mr, Options{Workers: 2})
		if len(want) == 0 || !slices.Equal(got, want) {
			t.Fatalf("board %d: %d packings with the rule, %d without", done, len(got), len(want))
		}
		if res.Nodes > base.Nodes {
			t.Fatalf("board %d: %d nodes with the rule, %d without", done, res.Nodes, base.Nodes)
		}
		fewer = fewer || res.Nodes < base.Nodes
	}
	if !fewer {
		t.Fatal("the rule never skipped a step")
	}
}
