package solver

import (
	"context"
	"math"
	"testing"

	"github.com/burrlab/burrlab/model"
)

// TestLooseMaxHolesCountsAsNone: a maxHoles above the result's variable
// cells bounds nothing, whatever its size (the largest int included:
// nothing may wrap it to a negative or small bound). Monominoes 0..4 in a
// 2x2 of variable cells have 6 assemblies without a bound (see
// TestReferenceCount), and as many with a loose one; a bound of 1 leaves 2.
func TestLooseMaxHolesCountsAsNone(t *testing.T) {
	count := func(p *model.Puzzle, holes *int) uint64 {
		t.Helper()
		ch, err := Solve(context.Background(), p, 0, Options{Workers: 1, MaxHoles: holes})
		if err != nil {
			t.Fatal(err)
		}
		_, done := collect(t, ch)
		return done.Assemblies
	}
	p := puzzle(box(2, 2, 1, model.Variable), part{box(1, 1, 1, model.Filled), 0, 4})
	if n := count(p, nil); n != 6 {
		t.Fatalf("no bound: %d assemblies, want 6", n)
	}
	for _, h := range []int{4, 5, 1 << 24, math.MaxInt32 + 1, math.MaxInt} {
		p.Problems[0].MaxHoles = h
		if n := count(p, nil); n != 6 {
			t.Errorf("maxHoles %d in the problem: %d assemblies, want 6", h, n)
		}
		p.Problems[0].MaxHoles = -1
		if n := count(p, &h); n != 6 {
			t.Errorf("maxHoles %d as an option: %d assemblies, want 6", h, n)
		}
	}
	p.Problems[0].MaxHoles = 1
	if n := count(p, nil); n != 2 {
		t.Errorf("maxHoles 1: %d assemblies, want 2", n)
	}
}
