package assemble

import (
	"context"
	"image/color"
	"slices"
	"testing"

	"github.com/burrlab/burrlab/model"
	"github.com/burrlab/burrlab/model/grid"
)

// TestLayout checks every fit against model.PlacedCells (so positions are
// in the puzzle's hotspot frame), counts the L tromino's placements in a
// 3x3 square (8 orientations, since its coloured end tells turning it over
// from turning it in the plane, by 4 positions; there is no symmetry
// breaker to place it in fewer), and that colours
// count only without IgnoreColors.
func TestLayout(t *testing.T) {
	l := flat("L", "#.", "#1")
	l.Hotspot = grid.Vec{1, 1, 0}
	p := puzzle(box(3, 3, 1, model.Filled), l)
	p.Colors = []color.RGBA{{R: 255, A: 255}, {B: 255, A: 255}}
	lay, err := NewLayout(context.Background(), p, 0, LayoutOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if len(lay.Fits) != 1 || len(lay.Fits[0]) != 32 || !lay.BoxFits[0] {
		t.Fatalf("%d parts, %d fits of the L (want 32), box fits %v", len(lay.Fits), len(lay.Fits[0]), lay.BoxFits)
	}
	if len(lay.Filled) != 9 || len(lay.Variable) != 0 {
		t.Errorf("%d filled and %d variable result cells, want 9 and 0", len(lay.Filled), len(lay.Variable))
	}
	g, _ := p.GridOf()
	for _, f := range lay.Fits[0] {
		cells, err := model.PlacedCells(g, &p.Shapes[0], f.Place)
		if err != nil {
			t.Fatal(err)
		}
		var want []grid.Vec
		for _, c := range cells {
			want = append(want, c.Pos)
		}
		got := slices.Clone(f.Cells)
		cmp := func(a, b grid.Vec) int { return (a[0] - b[0]) + 100*(a[1]-b[1]) + 10000*(a[2]-b[2]) }
		slices.SortFunc(got, cmp)
		slices.SortFunc(want, cmp)
		if !slices.Equal(got, want) {
			t.Errorf("fit %+v covers %v, PlacedCells says %v", f.Place, got, want)
		}
	}

	// Colour 1 of the piece may go only on colour 1, and the result is
	// all colour 2 now: no fit with colours, 32 without.
	res := &p.Shapes[p.Problems[0].Result]
	for i := range res.Voxels {
		res.Voxels[i] = model.MakeVoxel(model.Filled, 2)
	}
	p.Problems[0].ColorRules = []model.ColorRule{{Piece: 1, Result: 1}}
	for _, ignore := range []bool{false, true} {
		lay, err := NewLayout(context.Background(), p, 0, LayoutOptions{IgnoreColors: ignore})
		if err != nil {
			t.Fatal(err)
		}
		if want := map[bool]int{false: 0, true: 32}[ignore]; len(lay.Fits[0]) != want {
			t.Errorf("ignore colours %v: %d fits, want %d", ignore, len(lay.Fits[0]), want)
		}
	}
}
