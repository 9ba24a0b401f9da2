package model

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/burrlab/burrlab/model/grid"
)

// TestCellsWalk: Cells, FilledCells, Bounds, Count and Validate, which
// walk the voxels by coordinates and skip zero voxels in blocks of 32,
// give what looking up each voxel's position by its index gives, on
// random shapes (empty ones, sparse ones and rows shorter than eight
// voxels included).
func TestCellsWalk(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for trial := 0; trial < 400; trial++ {
		s := NewShape(grid.Vec{1 + rng.IntN(12), 1 + rng.IntN(6), 1 + rng.IntN(6)})
		density := []int{0, 1, 8, 16, 32}[rng.IntN(5)] // in 32
		counts := map[State]int{}
		for i := range s.Voxels {
			if rng.IntN(32) < density {
				s.Voxels[i] = MakeVoxel(State(1+rng.IntN(2)), rng.IntN(3))
			}
			counts[s.Voxels[i].State()]++
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
		for _, st := range []State{Empty, Filled, Variable} {
			if got := s.Count(st); got != counts[st] {
				t.Fatalf("shape %v: Count(%d) %d, want %d", s.Size, st, got, counts[st])
			}
		}
		if got := nonZero(s.Voxels); got != len(cells) {
			t.Fatalf("shape %v: nonZero %d, want %d", s.Size, got, len(cells))
		}
		cubes, err := grid.New(grid.Cubes)
		if err != nil {
			t.Fatal(err)
		}
		if err := s.Validate(cubes, 2); err != nil {
			t.Fatalf("shape %v: %v", s.Size, err)
		}
		i := rng.IntN(len(s.Voxels))
		s.Voxels[i] = 3 // an unknown state
		want := fmt.Sprintf("cell %v: unknown state 3", s.Pos(i))
		if err := s.Validate(cubes, 2); err == nil || err.Error() != want {
			t.Fatalf("shape %v: Validate says %v, want %q", s.Size, err, want)
		}
	}
}

// TestCountBytes: Count, which reads eight voxels a word, counts each
// state as State does, whatever the colour bits and the length (not a
// multiple of eight, or too short for a word), on any voxel byte,
// including the unknown state 3.
func TestCountBytes(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for range 300 {
		vs := make([]Voxel, rng.IntN(40))
		var want [4]int
		for i := range vs {
			vs[i] = Voxel(rng.IntN(256))
			if rng.IntN(3) == 0 {
				vs[i] = 0
			}
			want[vs[i].State()]++
		}
		s := Shape{Size: grid.Vec{len(vs), 1, 1}, Voxels: vs}
		for st := State(0); st < 4; st++ {
			if got := s.Count(st); got != want[st] {
				t.Fatalf("%v: Count(%d) %d, want %d", vs, st, got, want[st])
			}
		}
	}
}

// TestCellsWalkInvalid: the walks over an invalid shape's voxels (a
// negative or zero size whose product still matches the voxels, or a
// size that does not) end without a panic, and Validate says what is
// wrong.
func TestCellsWalkInvalid(t *testing.T) {
	filled := MakeVoxel(Filled, 0)
	for _, s := range []Shape{
		{Size: grid.Vec{-1, -2, 3}, Voxels: []Voxel{filled, 0, filled, 0, 0, filled}},
		{Size: grid.Vec{0, 5, 2}, Voxels: []Voxel{filled}},
		{Size: grid.Vec{2, 2, 2}, Voxels: []Voxel{filled, filled, filled}},
	} {
		n := len(s.Cells())
		if want := s.NumCells(); n != want {
			t.Errorf("size %v: %d cells listed, %d counted", s.Size, n, want)
		}
		s.Bounds()
		cubes, err := grid.New(grid.Cubes)
		if err != nil {
			t.Fatal(err)
		}
		if s.Validate(cubes, 0) == nil {
			t.Errorf("size %v with %d voxels: valid", s.Size, len(s.Voxels))
		}
	}
}

// TestVoxelsValid: voxelsValid, which tests eight voxels at a time,
// says what testing each voxel says, for every voxel byte among valid
// ones and every number of colours.
func TestVoxelsValid(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for colors := 0; colors <= MaxColor+1; colors++ {
		for v := 0; v < 256; v++ {
			vs := make([]Voxel, 1+rng.IntN(100))
			for i := range vs {
				vs[i] = MakeVoxel(State(rng.IntN(3)), rng.IntN(min(colors, MaxColor)+1))
			}
			vs[rng.IntN(len(vs))] = Voxel(v)
			st, c := Voxel(v).State(), Voxel(v).Color()
			want := st != 3 && (st != Empty || c == 0) && c <= colors
			if got := voxelsValid(vs, colors); got != want {
				t.Fatalf("voxel %#x among %d, %d colours: %v, want %v", v, len(vs), colors, got, want)
			}
		}
	}
}

// TestAt: At, written out for inlining, reads what Index finds, and
// empty voxels outside the space, also for a size below zero.
func TestAt(t *testing.T) {
	s := NewShape(grid.Vec{3, 2, 4})
	for i := range s.Voxels {
		s.Voxels[i] = Voxel(i + 1)
	}
	odd := Shape{Size: grid.Vec{-1, -2, 3}, Voxels: []Voxel{9, 9, 9, 9, 9, 9}}
	for z := -2; z <= 5; z++ {
		for y := -2; y <= 3; y++ {
			for x := -2; x <= 4; x++ {
				v := grid.Vec{x, y, z}
				var want Voxel
				if i := s.Index(v); i >= 0 {
					want = s.Voxels[i]
				}
				if got := s.At(v); got != want {
					t.Fatalf("At(%v) = %d, want %d", v, got, want)
				}
				if got := odd.At(v); got != 0 {
					t.Fatalf("size %v: At(%v) = %d, want 0", odd.Size, v, got)
				}
			}
		}
	}
}
