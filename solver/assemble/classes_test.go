package assemble

import (
	"context"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/burrlab/burrlab/model"
	"github.com/burrlab/burrlab/model/grid"
	"github.com/burrlab/burrlab/model/xmpuzzle"
)

// TestClassesOf checks that shape information built from the classes
// (Sym(s) and the composition table), with cells listed when first asked
// for, by walking the voxels where the grid allows or by turning them,
// is the one built by turning, sorting and
// comparing the cells of every orientation: the same norms, symmetries, anchors
// and firsts for all 2N orientations, the same cell lists and boxes
// (turnedBounds) for the first of each class. The shapes: the pentominoes and the Soma pieces,
// random coloured shapes with symmetries, and every shape of BurrTools'
// examples (all five grids) when they are at hand.
func TestClassesOf(t *testing.T) {
	type item struct {
		g grid.Grid
		s *model.Shape
	}
	cubes := grid.Must(grid.Cubes)
	var items []item
	for _, s := range append(pentominoes(), soma()...) {
		items = append(items, item{cubes, &s})
	}
	rng := rand.New(rand.NewPCG(5, 6))
	for trial := 0; trial < 40; trial++ {
		n := 2 + rng.IntN(3)
		s := model.NewShape(grid.Vec{n, n, n})
		folded := map[grid.Vec]model.Voxel{}
		for i := range s.Voxels {
			p := s.Pos(i)
			k := grid.Vec{min(p[0], n-1-p[0]), min(p[1], n-1-p[1]), p[2]}
			if trial%2 == 0 {
				k[2] = min(p[2], n-1-p[2])
			}
			v, ok := folded[k]
			if !ok {
				v = model.MakeVoxel(model.State(rng.IntN(3)), rng.IntN(2))
				folded[k] = v
			}
			s.Voxels[i] = v
		}
		items = append(items, item{cubes, &s})
	}
	dir := examplesDir()
	files, _ := filepath.Glob(filepath.Join(dir, "*.xmpuzzle"))
	for _, f := range files {
		p, err := xmpuzzle.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		g, err := p.GridOf()
		if err != nil {
			t.Fatal(err)
		}
		for i := range p.Shapes {
			if p.Shapes[i].NumCells() <= 3000 {
				items = append(items, item{g, &p.Shapes[i]})
			}
		}
	}
	if len(files) == 0 {
		t.Logf("BurrTools' examples not found in %s: checked only shapes made here", dir)
	}
	classed := 0
	for k, it := range items {
		ctx := context.Background()
		norms, err := classesOf(ctx, it.g, it.s, it.s.Cells())
		if err != nil {
			t.Fatal(err)
		}
		if norms == nil {
			continue
		}
		classed++
		want, err := turnShapeInfo(ctx, it.g, it.s, it.s.Cells(), false, nil, false)
		if err != nil {
			t.Fatal(err)
		}
		// With the classes known, the cell lists are made when first
		// asked for, by walking the voxels or by turning the cells; on
		// the prism grid newShapeInfo finds the classes while turning.
		for v := 0; v < 3; v++ {
			var got *shapeInfo
			if v < 2 {
				got, err = turnShapeInfo(ctx, it.g, it.s, it.s.Cells(), false, norms, v == 0)
			} else {
				got, err = newShapeInfo(ctx, it.g, it.s, it.s.Cells())
			}
			if err != nil {
				t.Fatal(err)
			}
			walk := v == 0
			if got.sym != want.sym {
				t.Fatalf("shape %d (%v): symmetries %v, want %v", k, it.g.Type(), got.sym, want.sym)
			}
			for o := range want.or {
				w, g := &want.or[o], &got.or[o]
				if w.ok != g.ok || w.norm != g.norm || w.anc != g.anc || w.first() != g.first() {
					t.Fatalf("shape %d (%v), orientation %d: got ok %v norm %d anc %v first %v, want %v %d %v %v",
						k, it.g.Type(), o, g.ok, g.norm, g.anc, g.first(), w.ok, w.norm, w.anc, w.first())
				}
				if w.ok && w.norm == o && (!slices.Equal(want.turned(o), got.turned(o)) || w.hot != g.hot) {
					t.Fatalf("shape %d (%v), orientation %d, walk %v: cell lists differ", k, it.g.Type(), o, walk)
				}
				if w.ok && w.norm == o && len(want.cells) > 0 {
					wlo, whi := bounds(want.turned(o))
					if glo, ghi := got.turnedBounds(o); glo != wlo || ghi != whi {
						t.Fatalf("shape %d (%v), orientation %d, walk %v: turned box %v-%v, want %v-%v", k, it.g.Type(), o, walk, glo, ghi, wlo, whi)
					}
				}
			}
		}
	}
	if classed < len(items)/2 {
		t.Errorf("only %d of %d shapes got classes", classed, len(items))
	}
}

// examplesDir is the folder of BurrTools' examples: BURRLAB_EXAMPLES, or
// the shared folder beside the checkout.
func examplesDir() string {
	if dir := os.Getenv("BURRLAB_EXAMPLES"); dir != "" {
		return dir
	}
	return filepath.Join("..", "..", "..", "shared", "burrtools-examples")
}

// exampleFiles returns BurrTools' example files, skipping the test when
// there are none.
func exampleFiles(t *testing.T) []string {
	t.Helper()
	dir := examplesDir()
	files, _ := filepath.Glob(filepath.Join(dir, "*.xmpuzzle"))
	if len(files) == 0 {
		t.Skipf("BurrTools' examples not found in %s", dir)
	}
	return files
}
