package model

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/burrlab/burrlab/model/grid"
)

// TestCellsWalk: Cells, FilledCells and Bounds, which walk the voxels by
// coordinates, give what looking up each voxel's position by its index
// gives, on random shapes (empty ones included).
func TestCellsWalk(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for trial := 0; trial < 200; trial++ {
		s := NewShape(grid.Vec{1 + rng.IntN(6), 1 + rng.IntN(6), 1 + rng.IntN(6)})
		density := rng.IntN(4)
		for i := range s.Voxels {
			if rng.IntN(4) < density {
				s.Voxels[i] = MakeVoxel(State(1+rng.IntN(2)), rng.IntN(3))
			}
		}
		var cells, filled []grid.Cell
		var lo, hi grid.Vec
		found := false
		for i, v := range s.Voxels {
			if v.State() == Empty {
				continue
			}
			p := s.Pos(i)
			cells = append(cells, grid.Cell{Pos: p, Tag: uint8(v)})
			if v.State() == Filled {
				filled = append(filled, grid.Cell{Pos: p, Tag: uint8(v)})
			}
			if !found {
				lo, hi, found = p, p, true
			}
			for k := 0; k < 3; k++ {
				lo[k], hi[k] = min(lo[k], p[k]), max(hi[k], p[k])
			}
		}
		if got := s.Cells(); !slices.Equal(got, cells) {
			t.Fatalf("shape %v: Cells %v, want %v", s.Size, got, cells)
		}
		if got := s.FilledCells(); !slices.Equal(got, filled) {
			t.Fatalf("shape %v: FilledCells %v, want %v", s.Size, got, filled)
		}
		if l, h, ok := s.Bounds(); ok != found || l != lo || h != hi {
			t.Fatalf("shape %v: Bounds %v %v %v, want %v %v %v", s.Size, l, h, ok, lo, hi, found)
		}
	}
}
