package assemble

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/burrlab/burrlab/model/grid"
)

// TestSortKeys checks the packed-key sort against grid.SortCells on
// random cell sets, negative coordinates included, and that it declines
// coordinate ranges too wide for its keys. The sets take both of its
// sorts: few cells in a wide box are compared, many in a small box
// counted (countingSort).
func TestSortKeys(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	counted := 0
	for trial := 0; trial < 200; trial++ {
		seen := map[grid.Vec]bool{}
		var c []grid.Cell
		n := 1 + rng.IntN(300)
		span := 1 + rng.IntN(40)
		for len(c) < n {
			v := grid.Vec{rng.IntN(span) - span/2, rng.IntN(span) - 7, rng.IntN(span) - span}
			if seen[v] {
				if len(seen) >= span*span*span {
					break
				}
				continue
			}
			seen[v] = true
			c = append(c, grid.Cell{Pos: v, Tag: uint8(rng.IntN(256))})
		}
		if lo, hi := bounds(c); hi[0]-lo[0]+hi[1]-lo[1]+hi[2]-lo[2] <= 4*len(c) {
			counted++ // as sortKeys decides
		}
		want := slices.Clone(c)
		grid.SortCells(want)
		got := slices.Clone(c)
		if !sortKeys(got) {
			t.Fatalf("trial %d: declined %d cells in a span of %d", trial, len(c), span)
		}
		if !slices.Equal(got, want) {
			t.Fatalf("trial %d: got %v, want %v", trial, got, want)
		}
	}
	if counted < 10 || counted > 190 {
		t.Errorf("%d of 200 sets counted: the test should take both sorts", counted)
	}
	wide := []grid.Cell{{Pos: grid.Vec{0, 0, 0}}, {Pos: grid.Vec{1 << keyBits, 0, 0}}}
	if sortKeys(wide) {
		t.Error("a coordinate range of 2^16 was accepted")
	}
	sortCells(wide)
	if wide[0].Pos[0] != 0 {
		t.Errorf("the slow way left %v", wide)
	}
}

// TestSortOffsets checks sortOffsets against slices.Sort on random
// values, with tops that take one pass and two, duplicates included.
func TestSortOffsets(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for trial := 0; trial < 200; trial++ {
		top := 1 + rng.IntN(1<<(1+rng.IntN(16)))
		top = min(top, 1<<16-1)
		v := make([]uint16, rng.IntN(300))
		for i := range v {
			v[i] = uint16(rng.IntN(top + 1))
		}
		want := slices.Clone(v)
		slices.Sort(want)
		sortOffsets(v, make([]uint16, len(v)), top)
		if !slices.Equal(v, want) {
			t.Fatalf("trial %d (top %d): got %v, want %v", trial, top, v, want)
		}
	}
}
