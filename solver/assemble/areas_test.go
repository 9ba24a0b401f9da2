package assemble

import (
	"context"
	"testing"

	"github.com/burrlab/burrlab/model"
)

// TestAreasWhere checks where the assembler gives the search the region
// rule: flat boards packed with pieces of one size (or sizes with a
// common divisor), not boxes two cells thick, results with variable
// cells or pieces whose sizes have no common divisor.
func TestAreasWhere(t *testing.T) {
	dominoes := []model.Shape{flat("A", "##"), flat("B", "##"), flat("C", "##")}
	mixed := []model.Shape{flat("A", "##"), flat("B", "###"), flat("C", "#")}
	withHoles := box(3, 2, 1, model.Filled)
	withHoles.Voxels[0] = model.MakeVoxel(model.Variable, 0)
	cases := []struct {
		name string
		p    *model.Puzzle
		want bool
	}{
		{"pentominoes in 6x10", puzzle(box(10, 6, 1, model.Filled), pentominoes()...), true},
		{"pentominoes in 5x12", puzzle(box(12, 5, 1, model.Filled), pentominoes()...), true},
		{"pentominoes in 6x5x2", puzzle(box(6, 5, 2, model.Filled), pentominoes()...), false},
		{"dominoes in 3x2", puzzle(box(3, 2, 1, model.Filled), dominoes...), true},
		{"sizes 2, 3 and 1", puzzle(box(3, 2, 1, model.Filled), mixed...), false},
		{"a variable cell", puzzle(withHoles, dominoes...), false},
	}
	for _, c := range cases {
		a, err := New(context.Background(), c.p, 0, DefaultOptions())
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		ar := a.areas()
		if got := ar != nil; got != c.want {
			t.Errorf("%s: region rule %v, want %v", c.name, got, c.want)
			continue
		}
		if ar == nil {
			continue
		}
		// Every cell is listed once, and touching is mutual.
		if len(ar.Cells) != len(a.res.cells) {
			t.Errorf("%s: %d cells, the result has %d", c.name, len(ar.Cells), len(a.res.cells))
		}
		for i, adj := range ar.Adj {
			for _, j := range adj {
				back := false
				for _, k := range ar.Adj[j] {
					back = back || k == i
				}
				if !back {
					t.Errorf("%s: cell %d touches %d, not the other way round", c.name, i, j)
				}
			}
		}
	}
}
