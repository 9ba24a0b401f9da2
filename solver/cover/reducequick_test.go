package cover

import (
	"context"
	"math/rand"
	"slices"
	"testing"
)

// packingProblem builds a random packing-like problem big enough for
// Reduce's quick tests to matter: parts used once (or in a range),
// required and optional cells, rows of a part and a few cells, some rows
// with a weighted range column.
func packingProblem(rng *rand.Rand) *Problem {
	parts := 2 + rng.Intn(5)
	cells := 10 + rng.Intn(40)
	var cols []Column
	for range parts {
		lo := rng.Intn(2)
		cols = append(cols, Column{Min: lo, Max: lo + rng.Intn(2)})
	}
	for range cells {
		if rng.Intn(4) == 0 {
			cols = append(cols, Column{Min: 0, Max: 1, Hole: true})
		} else {
			cols = append(cols, Column{Min: 1, Max: 1})
		}
	}
	cols = append(cols, Column{Min: rng.Intn(4), Max: 4 + rng.Intn(8)})
	p := NewProblem(cols, rng.Intn(6)-1)
	for range 20 + rng.Intn(300) {
		cs := []int{rng.Intn(parts)}
		ws := []int{1}
		start := parts + rng.Intn(cells)
		for k := 0; k < 1+rng.Intn(5) && start+k < parts+cells; k++ {
			cs = append(cs, start+k)
			ws = append(ws, 1)
		}
		if rng.Intn(3) == 0 {
			cs = append(cs, len(cols)-1)
			ws = append(ws, 1+rng.Intn(3))
		}
		p.AddRow(cs, ws)
	}
	return p
}

// TestQuickReduceSame: Reduce keeps exactly the rows it keeps without its
// quick tests, and visits at most as many columns.
func TestQuickReduceSame(t *testing.T) {
	rng := rand.New(rand.NewSource(5))
	dropped := 0
	for i := 0; i < 2000; i++ {
		var p *Problem
		if i%2 == 0 {
			p = randomProblem(rng)
		} else {
			p = packingProblem(rng)
		}
		m, err := New(p)
		if err != nil {
			t.Fatal(err)
		}
		slow, n, err := m.reduce(context.Background(), maxReduceWork, false)
		if err != nil {
			t.Fatal(err)
		}
		fast, k, err := m.reduce(context.Background(), maxReduceWork, true)
		if err != nil {
			t.Fatal(err)
		}
		if n != k || !slices.Equal(slow.rowOrig, fast.rowOrig) {
			t.Fatalf("problem %d: Reduce kept rows %v (%d dropped), without quick tests %v (%d dropped)",
				i, fast.rowOrig, k, slow.rowOrig, n)
		}
		dropped += n
	}
	if dropped == 0 {
		t.Fatal("no problem had a row to drop: the test tests nothing")
	}
}
