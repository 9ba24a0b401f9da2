package analysis

import (
	"context"
	"math/rand/v2"
	"testing"

	"github.com/burrlab/burrlab/model"
	"github.com/burrlab/burrlab/model/grid"
)

// TestSymmetriesAligned checks the chunked search of the axis-aligned
// grids against turning every cell, on shapes with many symmetries
// (cells chosen by their folded coordinates, so that mirror and
// axis-swapping images coincide), with a few symmetries and with none,
// colours and variable cells included.
func TestSymmetriesAligned(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	symmetric := 0 // shapes with more than the identity and one more
	for _, gt := range []grid.Type{grid.Cubes, grid.Rhombic, grid.TetraOcta} {
		g := grid.Must(gt)
		for trial := 0; trial < 60; trial++ {
			n := grid.Vec{2 + rng.IntN(5), 2 + rng.IntN(5), 2 + rng.IntN(5)}
			if trial%3 == 0 {
				n[1], n[2] = n[0], n[0] // a cube of cells: room for axis swaps
			}
			mode := trial % 4
			pick := map[[3]int]model.Voxel{}
			s := model.NewShape(n)
			for i := range s.Voxels {
				p := s.Pos(i)
				var key [3]int
				for k := 0; k < 3; k++ {
					key[k] = p[k]
					if mode < 3 {
						key[k] = min(p[k], n[k]-1-p[k]) // mirror-symmetric in each axis
					}
				}
				if mode == 1 && key[0] > key[1] {
					key[0], key[1] = key[1], key[0]
				}
				v, ok := pick[key]
				if !ok {
					switch r := rng.IntN(10); {
					case r < 5:
						v = model.MakeVoxel(model.Filled, 0)
					case r < 6:
						v = model.MakeVoxel(model.Filled, 1)
					case r < 7:
						v = model.MakeVoxel(model.Variable, 0)
					}
					pick[key] = v
				}
				s.Voxels[i] = v
			}
			if s.NumCells() == 0 {
				continue
			}
			cells := s.Cells()
			lo, hi, _ := s.Bounds()
			ctx := context.Background()
			want, _ := symmetriesAny(ctx, g, &s, cells, grid.Positions(cells), lo, nil)
			if want.Len() > 2 {
				symmetric++
			}
			if got, _ := symmetriesAligned(ctx, g, &s, cells, lo, hi, nil); got != want {
				t.Fatalf("%v, trial %d (%v): %v, want %v", gt, trial, n, got, want)
			}
		}
	}
	if symmetric < 30 {
		t.Errorf("only %d shapes with more than two symmetries: the test hardly checks them", symmetric)
	}
}

// TestSymmetriesClosed: on every grid, the symmetries found with the
// products of those found before taken without a check (closeGroup) are
// those that turning every cell by every orientation finds, on shapes
// with many symmetries and with few.
func TestSymmetriesClosed(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	ctx := context.Background()
	symmetric := 0
	for _, gt := range []grid.Type{grid.Cubes, grid.Prisms, grid.Spheres, grid.Rhombic, grid.TetraOcta} {
		g := grid.Must(gt)
		for trial := 0; trial < 40; trial++ {
			n := 2 + rng.IntN(4)
			s := model.NewShape(grid.Vec{n, n, n})
			for i := range s.Voxels {
				p := s.Pos(i)
				// Mirror-symmetric in each axis for most shapes.
				key := [3]int{min(p[0], n-1-p[0]), min(p[1], n-1-p[1]), min(p[2], n-1-p[2])}
				if trial%4 == 3 {
					key = [3]int{p[0], p[1], p[2]}
				}
				if (key[0]*7+key[1]*5+key[2]*3+trial)%3 != 0 && g.Valid(p) {
					s.Voxels[i] = model.MakeVoxel(model.Filled, 0)
				}
			}
			if s.NumCells() == 0 {
				continue
			}
			cells := s.Cells()
			lo, hi, _ := s.Bounds()
			pos := grid.Positions(cells)
			var want grid.Set
			for o := 0; o < 2*g.Orientations(); o++ {
				out, _, ok := grid.TransformInto(g, nil, o, pos, grid.Vec{})
				if !ok {
					continue
				}
				if same, _ := mapsOnto(ctx, g, &s, cells, lo, out); same {
					want.Add(o)
				}
			}
			if want.Len() > 2 {
				symmetric++
			}
			got, err := SymmetriesOfCells(ctx, g, &s, cells, lo, hi, nil)
			if err != nil || got != want {
				t.Fatalf("%v, trial %d: %v (%v), want %v", gt, trial, got, err, want)
			}
		}
	}
	if symmetric < 40 {
		t.Errorf("only %d shapes with more than two symmetries: the test hardly checks closeGroup", symmetric)
	}
}
