package cover

import (
	"fmt"
	"math"
	"math/rand"
	"slices"
	"testing"
)

// refScan is scan done the slow obvious way, on copies: every column it
// looks at is counted in full from the level's row set, in scan's order
// (the hints of the row just taken, then the other open columns in
// increasing order) and by scan's rules, stopping where scan stops (a
// failing column, or a column with a single way on). It returns what
// scan must leave: its verdict and choice, the choice's rows, and the
// level's open columns and dead holes afterwards.
func refScan(w *worker, d int, choose bool) (ok bool, best, bestRows int32, open []uint64, dead int32) {
	m := w.m
	a := w.aliveAt(d)
	open = slices.Clone(w.openAt(d))
	dead = w.dead[d]
	isOpen := func(c int32) bool { return open[c>>6]&(1<<(uint(c)&63)) != 0 }
	var order []int32
	seen := make([]bool, m.ncols)
	if w.hint >= 0 && m.hints != nil {
		for _, c := range m.hints[int(w.hint)*hintLen : int(w.hint+1)*hintLen] {
			if c < 0 {
				break
			}
			if isOpen(c) && !seen[c] {
				seen[c] = true
				order = append(order, c)
			}
		}
	}
	for c := int32(0); c < m.ncols; c++ {
		if isOpen(c) && !seen[c] {
			order = append(order, c)
		}
	}
	best, bestScore := int32(-1), int64(math.MaxInt64)
	for _, c := range order {
		rows, avail := w.count(c, a)
		if avail == 0 {
			if w.w[c] < m.min[c] {
				return false, -1, 0, nil, 0
			}
			if m.hole[c] > 0 && w.w[c] == 0 {
				if dead += m.hole[c]; dead > m.maxHoles {
					return false, -1, 0, nil, 0
				}
			}
			open[c>>6] &^= 1 << (uint(c) & 63)
			continue
		}
		if w.w[c]+avail < m.min[c] {
			return false, -1, 0, nil, 0
		}
		if choose {
			if s := int64(rows) * int64(m.max[c]-w.w[c]); s < bestScore {
				best, bestRows, bestScore = c, rows, s
				if s == 1 {
					break
				}
			}
		}
	}
	return true, best, bestRows, open, dead
}

// walk walks m's whole search tree with one worker as runner.loop does,
// but entering every node itself (no small search): enter must push the
// node, as runner.enter does; its number counts from 1. It returns the
// nodes visited.
func walk(m *Matrix, enter func(w *worker, node int, cont bool, col int32)) int {
	m.hintsOnce.Do(m.buildHints)
	w := newWorker(m)
	w.maxLevels = levelsFor(m, maxLevelBytes)
	w.reset()
	if m.fail0 {
		return 0
	}
	nodes := 0
	entering, cont, col := true, false, int32(0)
	for {
		if entering {
			nodes++
			enter(w, nodes, cont, col)
		}
		entering = false
		for {
			if len(w.frames) == 0 {
				return nodes
			}
			f := &w.frames[len(w.frames)-1]
			w.retract(f)
			var ok bool
			if ok, cont, col = w.advance(f); ok {
				entering = true
				break
			}
			w.frames = w.frames[:len(w.frames)-1]
		}
	}
}

// walkChecked searches m as runner.loop does and checks, at every node,
// what scan decided against refScan, and on a matrix of plain columns
// Reduce's test (meets) too. It returns the nodes visited.
func walkChecked(t *testing.T, m *Matrix) int {
	t.Helper()
	plain := m.plainCols()
	return walk(m, func(w *worker, node int, cont bool, col int32) {
		d := len(w.frames)
		refOK, refBest, refRows, refOpen, refDead := refScan(w, d, !cont)
		if plain {
			// Reduce's test, which looks at every column (scan without a
			// choice), unlike a scan that stops at a column of one row.
			if ok, _, _, _, _ := refScan(w, d, false); w.meets(d) != ok {
				t.Fatalf("node %d: meets says %v, counting from scratch %v", node, !ok, ok)
			} else if c := w.failCol; !ok {
				if rows, _ := w.count(c, w.aliveAt(d)); w.openAt(d)[c>>6]&(1<<(uint(c)&63)) == 0 || w.w[c]+rows >= m.min[c] {
					t.Fatalf("node %d: meets blames column %d, which is closed or has rows enough", node, c)
				}
			}
		}
		if refOK && cont {
			// push also checks that the continued column can go on.
			_, avail := w.count(col, w.aliveAt(d))
			refOK = w.w[col]+avail >= m.min[col]
		}
		ok, sol := w.push(cont, col)
		switch {
		case ok != refOK:
			t.Fatalf("node %d: push says %v, counting from scratch %v", node, ok, refOK)
		case !ok:
		case sol:
			if refBest >= 0 {
				t.Fatalf("node %d: a solution, but counting from scratch finds column %d", node, refBest)
			}
		default:
			f := w.frames[d]
			if !cont {
				if f.col != refBest || w.bestRows != refRows {
					t.Fatalf("node %d: scan chose column %d (%d rows), counting from scratch %d (%d rows)",
						node, f.col, w.bestRows, refBest, refRows)
				}
				refOpen[f.col>>6] &^= 1 << (uint(f.col) & 63) // push closes the column it branches on
			}
			if !slices.Equal(w.openAt(d), refOpen) || w.dead[d] != refDead {
				t.Fatalf("node %d: scan left open columns %x and %d dead holes, counting from scratch %x and %d",
					node, w.openAt(d), w.dead[d], refOpen, refDead)
			}
		}
	})
}

// tiling returns the cover problem of packing the given pieces (cells
// as x, y pairs), each once and in any rotation or mirror image, into a
// w by h box: a column per piece, then one per cell.
func tiling(w, h int, pieces [][][2]int) *Problem {
	n := len(pieces)
	cols := make([]Column, n+w*h)
	for i := range cols {
		cols[i] = Column{Min: 1, Max: 1}
	}
	p := NewProblem(cols, -1)
	for i, cells := range pieces {
		seen := map[string]bool{}
		for o := 0; o < 8; o++ {
			shape := make([][2]int, len(cells))
			for k, c := range cells {
				x, y := c[0], c[1]
				for range o % 4 {
					x, y = y, -x
				}
				if o >= 4 {
					x = -x
				}
				shape[k] = [2]int{x, y}
			}
			mx, my := math.MaxInt, math.MaxInt
			for _, c := range shape {
				mx, my = min(mx, c[0]), min(my, c[1])
			}
			for k := range shape {
				shape[k][0] -= mx
				shape[k][1] -= my
			}
			slices.SortFunc(shape, func(a, b [2]int) int { return (a[0]-b[0])*64 + a[1] - b[1] })
			key := fmt.Sprint(shape)
			if seen[key] {
				continue
			}
			seen[key] = true
			for dx := 0; dx < w; dx++ {
				for dy := 0; dy < h; dy++ {
					row := []int{i}
					for _, c := range shape {
						x, y := c[0]+dx, c[1]+dy
						if x >= w || y >= h {
							row = nil
							break
						}
						row = append(row, n+y*w+x)
					}
					if row != nil {
						p.AddRow(row, nil)
					}
				}
			}
		}
	}
	return p
}

// TestScanAgreesWithFullCounts walks whole searches and checks, at every
// node, that scan (counting each column only as far as its decision
// needs, from its skip count on) decides exactly as full counts from
// scratch would: the same verdict, column and rows, closed columns and
// dead holes. So the search tree is the one the rules define, whatever
// shortcuts the counting takes.
func TestScanAgreesWithFullCounts(t *testing.T) {
	// The pentominoes F, I, L, N, P, T, U, V, W, X, Y, Z.
	pent := [][][2]int{
		{{1, 0}, {2, 0}, {0, 1}, {1, 1}, {1, 2}},
		{{0, 0}, {0, 1}, {0, 2}, {0, 3}, {0, 4}},
		{{0, 0}, {0, 1}, {0, 2}, {0, 3}, {1, 3}},
		{{1, 0}, {1, 1}, {0, 2}, {1, 2}, {0, 3}},
		{{0, 0}, {1, 0}, {0, 1}, {1, 1}, {0, 2}},
		{{0, 0}, {1, 0}, {2, 0}, {1, 1}, {1, 2}},
		{{0, 0}, {2, 0}, {0, 1}, {1, 1}, {2, 1}},
		{{0, 0}, {0, 1}, {0, 2}, {1, 2}, {2, 2}},
		{{0, 0}, {0, 1}, {1, 1}, {1, 2}, {2, 2}},
		{{1, 0}, {0, 1}, {1, 1}, {2, 1}, {1, 2}},
		{{1, 0}, {0, 1}, {1, 1}, {1, 2}, {1, 3}},
		{{0, 0}, {1, 0}, {1, 1}, {1, 2}, {2, 2}},
	}
	box := tiling(20, 3, pent)
	// Any six of the twelve in a 5 by 6 box: the piece columns may stay
	// empty.
	spare := tiling(5, 6, pent)
	for c := range pent {
		spare.Cols[c].Min = 0
	}
	// Scan counts the columns' dense words when they are few enough (see
	// denseRatio), else their sparse sets: both ways are checked.
	defer func(r int) { denseRatio = r }(denseRatio)
	for _, ratio := range []int{denseRatio, 0} {
		denseRatio = ratio
		form := "dense"
		if ratio == 0 {
			form = "sparse"
		}
		for _, tc := range []struct {
			name string
			p    *Problem
		}{{"the twelve pentominoes in a 3x20 box", box}, {"six of the twelve pentominoes in a 5x6 box", spare}, {"8 queens", queens(8)}} {
			m, err := New(tc.p)
			if err != nil {
				t.Fatal(err)
			}
			if (m.dense == nil) != (ratio == 0) {
				t.Fatalf("%s: dense words %d with denseRatio %d", tc.name, len(m.dense), ratio)
			}
			n := walkChecked(t, m)
			if n < 1000 {
				t.Errorf("%s (%s): only %d nodes checked", tc.name, form, n)
			}
			t.Logf("%s (%s): %d nodes checked", tc.name, form, n)
		}
		// Weights, holes and bounds.
		rng := rand.New(rand.NewSource(7))
		nodes := 0
		for i := 0; i < 2000; i++ {
			m, err := New(randomProblem(rng))
			if err != nil {
				t.Fatal(err)
			}
			nodes += walkChecked(t, m)
		}
		t.Logf("random problems (%s): %d nodes checked", form, nodes)
	}
}
