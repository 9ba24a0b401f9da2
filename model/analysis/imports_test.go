package analysis

import (
	"context"
	"errors"
	"image/color"
	"strings"
	"testing"

	"github.com/burrlab/burrlab/model"
	"github.com/burrlab/burrlab/model/grid"
)

// twoPieces is a 3x1x1 result built from a coloured cube and a domino
// whose second cell is variable, with the given stored assemblies.
func twoPieces(assemblies ...model.Assembly) *model.Puzzle {
	cube := model.NewShape(grid.Vec{1, 1, 1})
	cube.Set(grid.Vec{}, model.MakeVoxel(model.Filled, 1))
	domino := block(grid.Vec{2, 1, 1})
	domino.Set(grid.Vec{1, 0, 0}, model.MakeVoxel(model.Variable, 0))
	p := &model.Puzzle{
		Grid:   grid.Cubes,
		Colors: []color.RGBA{{R: 255, A: 255}},
		Shapes: []model.Shape{block(grid.Vec{3, 1, 1}), cube, domino},
	}
	pr := model.NewProblem("")
	pr.Result = 0
	pr.Parts = []model.Part{{Shape: 1, Min: 1, Max: 1}, {Shape: 2, Min: 1, Max: 1}}
	for _, a := range assemblies {
		pr.Solutions = append(pr.Solutions, model.Solution{Assembly: a})
	}
	p.Problems = []model.Problem{pr}
	return p
}

func TestAssemblyShape(t *testing.T) {
	// The domino turned half around x stays in place; turned by 180°
	// about z (orientation 8) it points the other way.
	p := twoPieces(model.Assembly{{Pos: grid.Vec{0, 0, 0}, Orient: 0}, {Pos: grid.Vec{2, 0, 0}, Orient: 8}})
	s, err := AssemblyShape(p, &p.Problems[0], p.Problems[0].Solutions[0].Assembly)
	if err != nil {
		t.Fatal(err)
	}
	want := []model.Voxel{model.MakeVoxel(model.Filled, 1), model.MakeVoxel(model.Variable, 0), model.MakeVoxel(model.Filled, 0)}
	if s.Size != (grid.Vec{3, 1, 1}) || len(s.Voxels) != 3 {
		t.Fatalf("size %v", s.Size)
	}
	for i, v := range want {
		if s.Voxels[i] != v {
			t.Errorf("cell %d: %v, want %v (every piece cell keeps its state and colour)", i, s.Voxels[i], v)
		}
	}
}

func TestImportAssembliesErrors(t *testing.T) {
	ok := model.Assembly{{Pos: grid.Vec{0, 0, 0}, Orient: 0}, {Pos: grid.Vec{2, 0, 0}, Orient: 8}}
	overlap := model.Assembly{{Pos: grid.Vec{0, 0, 0}, Orient: 0}, {Pos: grid.Vec{0, 0, 0}, Orient: 0}}
	prisms := twoPieces(ok)
	prisms.Grid = grid.Prisms
	ctx := context.Background()
	for _, c := range []struct {
		name string
		p    *model.Puzzle
		prob int
		f    ImportFilter
		want string
	}{
		{"no such problem", twoPieces(ok), 3, ImportFilter{}, "problem 3 does not exist"},
		{"no assemblies", twoPieces(), 0, ImportFilter{}, ErrNoAssemblies.Error()},
		{"millable on prisms", prisms, 0, ImportFilter{DropNonMillable: true}, "cube grid only"},
		{"range upside down", twoPieces(ok), 0, ImportFilter{MinCells: 5, MaxCells: 2}, "above the largest"},
		{"overlapping pieces", twoPieces(ok, overlap), 0, ImportFilter{}, "assembly 2: pieces 0 and 1 both cover"},
		{"short assembly", twoPieces(model.Assembly{{Orient: 0}}), 0, ImportFilter{}, "1 placements for 2 piece slots"},
	} {
		_, err := ImportAssemblies(ctx, c.p, c.prob, c.f)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want one saying %q", c.name, err, c.want)
		}
	}
	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := ImportAssemblies(cancelled, twoPieces(ok), 0, ImportFilter{}); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled import: %v", err)
	}
}

func TestImportAddTo(t *testing.T) {
	// The same assembly twice, and once mirrored (the domino on the other
	// side), which is a rotation of it.
	a := model.Assembly{{Pos: grid.Vec{0, 0, 0}, Orient: 0}, {Pos: grid.Vec{2, 0, 0}, Orient: 8}}
	b := model.Assembly{{Pos: grid.Vec{2, 0, 0}, Orient: 0}, {Pos: grid.Vec{0, 0, 0}, Orient: 0}}
	p := twoPieces(a, a, b)
	im, err := ImportAssemblies(context.Background(), p, 0, DefaultImportFilter)
	if err != nil {
		t.Fatal(err)
	}
	want := []ImportStep{{FilterDisconnected, 0, 3}, {FilterIdentical, 2, 1}}
	if len(im.Steps) != 2 || im.Steps[0] != want[0] || im.Steps[1] != want[1] {
		t.Fatalf("steps %v, want %v", im.Steps, want)
	}
	if len(im.From) != 1 || im.From[0] != 0 || im.Shapes[0].Name != "assembly 1" {
		t.Fatalf("kept %v named %q", im.From, im.Shapes[0].Name)
	}
	dst := p.AddProblem("new")
	first, err := im.AddTo(p, dst, 0, 2)
	if err != nil {
		t.Fatal(err)
	}
	if first != 3 || len(p.Shapes) != 4 {
		t.Fatalf("first new shape %d of %d", first, len(p.Shapes))
	}
	if parts := p.Problems[dst].Parts; len(parts) != 1 || parts[0].Shape != 3 || parts[0].Min != 0 || parts[0].Max != 2 {
		t.Fatalf("new problem's parts %+v", parts)
	}
	if len(p.Problems[0].Solutions) != 3 {
		t.Fatal("the source problem lost its assemblies")
	}
	if _, err := im.AddTo(p, 7, 0, 1); err == nil {
		t.Fatal("adding to a missing problem worked")
	}
}
