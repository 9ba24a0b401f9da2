package cover

import (
	"context"
	"math/rand"
	"slices"
	"sync"
	"testing"
)

// pentominoBox is the 12 pentominoes in a w x h box: a column per piece
// and per cell, a row per placement.
func pentominoBox(w, h int) *Problem {
	// Each shape's cells as x,y digit pairs: F I L N P T U V W X Y Z.
	shapes := []string{
		"1020011112", "0010203040", "0001020313", "1011021203", "0010011102", "0010201112",
		"0020011121", "0001021222", "0001111222", "1001112112", "1001111213", "0010111222",
	}
	cols := make([]Column, 12+w*h)
	for c := range cols {
		cols[c] = Column{Min: 1, Max: 1}
	}
	p := NewProblem(cols, 0)
	for i, s := range shapes {
		var cells [][2]int
		for k := 0; k < len(s); k += 2 {
			cells = append(cells, [2]int{int(s[k] - '0'), int(s[k+1] - '0')})
		}
		seen := map[string]bool{}
		for o := 0; o < 8; o++ {
			t := make([][2]int, len(cells))
			for j, c := range cells {
				x, y := c[0], c[1]
				if o&4 != 0 {
					x = -x
				}
				for range o & 3 {
					x, y = -y, x
				}
				t[j] = [2]int{x, y}
			}
			mx, my := t[0][0], t[0][1]
			for _, c := range t {
				mx, my = min(mx, c[0]), min(my, c[1])
			}
			for j := range t {
				t[j][0] -= mx
				t[j][1] -= my
			}
			slices.SortFunc(t, func(a, b [2]int) int { return (a[1]*8 + a[0]) - (b[1]*8 + b[0]) })
			key := ""
			for _, c := range t {
				key += string(rune('a'+c[0])) + string(rune('a'+c[1]))
			}
			if seen[key] {
				continue
			}
			seen[key] = true
			for dy := 0; dy < h; dy++ {
				for dx := 0; dx < w; dx++ {
					row := []int{i}
					for _, c := range t {
						x, y := c[0]+dx, c[1]+dy
						if x >= w || y >= h {
							row = nil
							break
						}
						row = append(row, 12+y*w+x)
					}
					if row != nil {
						p.AddRow(row, []int{1, 1, 1, 1, 1, 1})
					}
				}
			}
		}
	}
	return p
}

// denseKill returns row r's kill set as a row set, whatever its form.
func denseKill(m *Matrix, r int32) []uint64 {
	if kd := m.killRow(r); kd != nil {
		return kd
	}
	k := make([]uint64, m.words)
	for _, x := range m.set[m.kill[r].start:m.kill[r].end] {
		k[x.idx] = x.bits
	}
	return k
}

// TestLazyRowsSame: the kill sets, hints and survivor sets that are built
// row by row on first use, by several workers at once in any order, are
// those built for every row at once; and a search on either visits as
// many nodes and finds the same solutions.
func TestLazyRowsSame(t *testing.T) {
	rng := rand.New(rand.NewSource(11))
	var probs []*Problem
	// The searches of the pentomino boxes and of some packing problems
	// are too long for a test: their sets are compared, the searches of
	// the queens and random problems too.
	probs = append(probs, pentominoBox(10, 6), pentominoBox(12, 5), pentominoBox(20, 3), queens(8))
	for i := 0; i < 60; i++ {
		if i%2 == 0 {
			probs = append(probs, randomProblem(rng))
		} else {
			probs = append(probs, packingProblem(rng))
		}
	}
	lazy := 0
	for i, p := range probs {
		m0, err := New(p)
		if err != nil {
			t.Fatal(err)
		}
		eager, _, err := m0.Reduce(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		m := build(eager.problem(allRows(eager)), eager.rowOrig, false)
		eager.hintsOnce.Do(func() { eager.buildEager(eager.planKills()) })
		m.hintsOnce.Do(m.buildHints)
		if m.scratch == nil {
			if eager.killDense != nil && eager.doom != nil {
				t.Errorf("problem %d: built eagerly within the limits", i)
			}
			continue
		}
		lazy++
		order := rng.Perm(int(m.n))
		var wg sync.WaitGroup
		for g := 0; g < 4; g++ {
			wg.Go(func() {
				for k := g; k < len(order); k += 4 {
					m.ensure(int32(order[k]))
				}
			})
		}
		wg.Wait()
		if (eager.hints == nil) != (m.hints == nil) || (eager.doom == nil) != (m.doom == nil) {
			t.Fatalf("problem %d: hints %v/%v, doom %v/%v", i, eager.hints != nil, m.hints != nil, eager.doom != nil, m.doom != nil)
		}
		for r := int32(0); r < m.n; r++ {
			if !slices.Equal(denseKill(eager, r), denseKill(m, r)) {
				t.Fatalf("problem %d row %d: kill sets differ", i, r)
			}
			if h := m.hints[r*hintLen : (r+1)*hintLen]; !slices.Equal(eager.hints[r*hintLen:(r+1)*hintLen], h) {
				t.Fatalf("problem %d row %d: hints %v, want %v", i, r, h, eager.hints[r*hintLen:(r+1)*hintLen])
			}
			for j := r * doomLen; j < (r+1)*doomLen; j++ {
				a, b := eager.doom[j], m.doom[j]
				if a.col != b.col || a.col >= 0 && !slices.Equal(eager.pre[a.set.start:a.set.end], m.pre[b.set.start:b.set.end]) {
					t.Fatalf("problem %d row %d: survivor set %d differs", i, r, j-r*doomLen)
				}
			}
		}
		if i < 3 || i >= 4 && i%2 == 1 {
			continue
		}
		// A fresh lazy matrix, searched by two workers.
		m2 := build(eager.problem(allRows(eager)), eager.rowOrig, false)
		want, wres := collect(t, eager, Options{Workers: 1})
		got, gres := collect(t, m2, Options{Workers: 2})
		if !slices.Equal(want, got) || wres.Nodes != gres.Nodes {
			t.Fatalf("problem %d: %d solutions in %d nodes, want %d in %d", i, len(got), gres.Nodes, len(want), wres.Nodes)
		}
	}
	t.Logf("%d of %d problems built lazily", lazy, len(probs))
	if lazy < len(probs)/2 {
		t.Errorf("only %d of %d problems built lazily", lazy, len(probs))
	}
}

// allRows returns the set of all of m's rows.
func allRows(m *Matrix) []uint64 {
	a := make([]uint64, m.words)
	for r := int32(0); r < m.n; r++ {
		a[r>>6] |= 1 << (uint(r) & 63)
	}
	return a
}

// TestPentominoBoxRows: pentominoBox places the 12 pentominoes in all
// their orientations (63 fixed pentominoes), at every position that fits.
func TestPentominoBoxRows(t *testing.T) {
	// A fixed pentomino of extents a x b fits (w-a+1)(h-b+1) times in a
	// w x h box; in a 5x5 box, summed over the 63: counted by hand as
	// F 8*9 + I 2*5 + L 8*8 + N 8*8 + P 8*12 + T 4*9 + U 4*12 + V 4*9 +
	// W 4*9 + X 1*9 + Y 8*8 + Z 4*9.
	want := 8*9 + 2*5 + 8*8 + 8*8 + 8*12 + 4*9 + 4*12 + 4*9 + 4*9 + 9 + 8*8 + 4*9
	if got := pentominoBox(5, 5).NumRows(); got != want {
		t.Errorf("%d rows, want %d", got, want)
	}
}
