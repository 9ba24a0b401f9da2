package solver

import (
	"context"
	"testing"
	"time"

	"github.com/burrlab/burrlab/model"
)

// hollowBox is an n³ result whose outer layer is filled and whose inside is
// variable, with the shell as a piece, and k unit cubes.
func hollowBox(n, k int) *model.Puzzle {
	res := box(n, n, n, model.Variable)
	shell := box(n, n, n, model.Filled)
	for i := range res.Voxels {
		x, y, z := i%n, i/n%n, i/(n*n)
		if x == 0 || y == 0 || z == 0 || x == n-1 || y == n-1 || z == n-1 {
			res.Voxels[i] = model.MakeVoxel(model.Filled, 0)
		} else {
			shell.Voxels[i] = model.MakeVoxel(model.Empty, 0)
		}
	}
	return puzzle(res, part{shell, 1, 1}, part{box(1, 1, 1, model.Filled), k, k})
}

// TestLooseCubesFirstAssembly: twelve unit cubes loose in a hollow
// 10x10x10 box, or in a 10x10x10 box of variable cells, have their first
// assembly at once. Before, the search met the assemblies that fill the
// corner with the largest coordinates first, and the symmetry filter,
// which keeps the one of each symmetric set that is smallest from the
// other corner, dropped millions a second: none kept in 40 s (the box of
// variable cells reached no assembly at all in 10 s).
func TestLooseCubesFirstAssembly(t *testing.T) {
	for _, tt := range []struct {
		name string
		p    *model.Puzzle
	}{
		{"hollow box", hollowBox(10, 12)},
		{"variable box", puzzle(box(10, 10, 10, model.Variable), part{box(1, 1, 1, model.Filled), 12, 12})},
	} {
		ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		start := time.Now()
		ch, err := Solve(ctx, tt.p, 0, Options{Workers: 1, First: 1})
		if err != nil {
			t.Fatal(err)
		}
		sols, done := collect(t, ch)
		took := time.Since(start)
		cancel()
		t.Logf("%s: first assembly after %v", tt.name, took)
		if len(sols) != 1 || done.Assemblies != 1 {
			t.Fatalf("%s: %d assemblies in %v, want the first", tt.name, done.Assemblies, took)
		}
		if took > 10*time.Second { // 0.1 s here
			t.Errorf("%s: the first assembly took %v", tt.name, took)
		}
	}
}

// TestLooseCubesCount: the order in which the search meets assemblies
// changes no count. Measured with BurrTools' burrTxt -q: 3 unit cubes in a
// hollow 5x5x5 box have 101 assemblies, as in a 3x3x3 box of variable
// cells; 4 in a 4x4x4 box of variable cells have 14,011.
func TestLooseCubesCount(t *testing.T) {
	for _, tt := range []struct {
		name string
		p    *model.Puzzle
		want uint64
	}{
		{"3 in a hollow 5x5x5", hollowBox(5, 3), 101},
		{"3 in 3x3x3 variable", puzzle(box(3, 3, 3, model.Variable), part{box(1, 1, 1, model.Filled), 3, 3}), 101},
		{"4 in 4x4x4 variable", puzzle(box(4, 4, 4, model.Variable), part{box(1, 1, 1, model.Filled), 4, 4}), 14011},
	} {
		ch, err := Solve(context.Background(), tt.p, 0, Options{Workers: 2})
		if err != nil {
			t.Fatal(err)
		}
		if _, done := collect(t, ch); done.Assemblies != tt.want {
			t.Errorf("%s: %d assemblies, want %d", tt.name, done.Assemblies, tt.want)
		}
	}
}
