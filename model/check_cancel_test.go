package model

import (
	"context"
	"errors"
	"testing"

	"github.com/burrlab/burrlab/model/grid"
)

// TestChecksLookAtContext: with a cancelled context both checks of a
// solution with a piece of 2^18 cells return context.Canceled instead of
// running to the end; with a live one they pass.
func TestChecksLookAtContext(t *testing.T) {
	cube := func(x int) Shape {
		s := NewShape(grid.Vec{x, 64, 64})
		for i := range s.Voxels {
			s.Voxels[i] = Voxel(Filled)
		}
		return s
	}
	p := &Puzzle{Grid: grid.Cubes, Shapes: []Shape{cube(128), cube(64)}}
	pr := NewProblem("")
	pr.Result = 0
	pr.Parts = []Part{{Shape: 1, Min: 2, Max: 2}}
	s := Solution{
		Assembly: Assembly{{Pos: grid.Vec{0, 0, 0}}, {Pos: grid.Vec{64, 0, 0}}},
		Disassembly: &Separation{Pieces: []int{0, 1}, States: [][]grid.Vec{
			{{}, {64, 0, 0}}, {{}, {65, 0, 0}}, {{}, {65 + RemoveDistance, 0, 0}},
		}},
	}
	p.Problems = []Problem{pr}
	ctx := context.Background()
	if err := CheckAssemblyContext(ctx, p, &p.Problems[0], s.Assembly); err != nil {
		t.Fatalf("assembly: %v", err)
	}
	if err := CheckDisassemblyContext(ctx, p, &p.Problems[0], &s); err != nil {
		t.Fatalf("disassembly: %v", err)
	}
	ctx, cancel := context.WithCancel(ctx)
	cancel()
	if err := CheckAssemblyContext(ctx, p, &p.Problems[0], s.Assembly); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled assembly check: %v", err)
	}
	if err := CheckDisassemblyContext(ctx, p, &p.Problems[0], &s); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled disassembly check: %v", err)
	}
}
