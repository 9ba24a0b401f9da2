package ui

import (
	"image/color"
	"testing"

	"github.com/burrlab/burrlab/model"
	"github.com/burrlab/burrlab/model/grid"
)

// infoPuzzle holds a chiral tetracube (S1), its mirror image (S2), S1
// turned (S3), S1 with a coloured cell (S4), a hollow 3x3x3 cube (S5) and
// two cubes touching at an edge (S6).
func infoPuzzle() *model.Puzzle {
	cube := func(size grid.Vec, cells ...grid.Vec) model.Shape {
		s := model.NewShape(size)
		for _, c := range cells {
			s.Set(c, model.MakeVoxel(model.Filled, 0))
		}
		return s
	}
	screw := cube(grid.Vec{2, 2, 2}, grid.Vec{0, 0, 0}, grid.Vec{1, 0, 0}, grid.Vec{1, 1, 0}, grid.Vec{1, 1, 1})
	mirror := cube(grid.Vec{2, 2, 2}, grid.Vec{1, 0, 0}, grid.Vec{0, 0, 0}, grid.Vec{0, 1, 0}, grid.Vec{0, 1, 1})
	turned := screw.Clone()
	if err := turned.Transform(grid.Must(grid.Cubes), 9); err != nil {
		panic(err)
	}
	coloured := screw.Clone()
	coloured.Set(grid.Vec{0, 0, 0}, model.MakeVoxel(model.Filled, 1))
	hollow := model.NewShape(grid.Vec{3, 3, 3})
	for i := range hollow.Voxels {
		if hollow.Pos(i) != (grid.Vec{1, 1, 1}) {
			hollow.Voxels[i] = model.MakeVoxel(model.Filled, 0)
		}
	}
	edge := cube(grid.Vec{2, 2, 1}, grid.Vec{0, 0, 0}, grid.Vec{1, 1, 0})
	p := &model.Puzzle{Grid: grid.Cubes, Colors: []color.RGBA{{R: 200, A: 255}}}
	for _, s := range []model.Shape{screw, mirror, turned, coloured, hollow, edge} {
		p.AddShape(s)
	}
	p.AddProblem("")
	return p
}

// infoTexts returns the panel's labels: cells, same as, symmetry,
// connected, holes, tools.
func infoTexts(u *App) []string {
	var out []string
	for _, l := range u.shapes.info.labels() {
		out = append(out, l.Text)
	}
	return out
}

func TestShapeInfoPanel(t *testing.T) {
	u := newTestUI(t, infoPuzzle())
	for _, c := range []struct {
		shape int
		want  []string
	}{
		{0, []string{"4 filled, 0 variable", "S2 (mirror image), S3 (identical), S4 (same shape, other colours)",
			"2 of 24 rotations, no mirror symmetry", "by faces", "none", "millable, notchable"}},
		{3, []string{"4 filled, 0 variable", "S1 (same shape, other colours), S2 (mirror image), S3 (same shape, other colours)",
			"none", "by faces", "none", "millable, notchable"}},
		{4, []string{"26 filled, 0 variable", "no other shape", "24 of 24 rotations, is its own mirror image",
			"by faces", "2D and 3D holes", "not millable, not notchable"}},
		{5, []string{"2 filled, 0 variable", "no other shape", "4 of 24 rotations, is its own mirror image",
			"by edges, not by faces alone", "none", "millable, notchable"}},
	} {
		u.shapes.list.Select(c.shape)
		got := infoTexts(u)
		for k := range c.want {
			if got[k] != c.want[k] {
				t.Errorf("S%d, line %d: %q, want %q", c.shape+1, k, got[k], c.want[k])
			}
		}
	}
	// An empty shape has no symmetry, contacts, holes or tools to speak of.
	if err := u.doc.Edit("test", u.view, func(p *model.Puzzle) error {
		p.AddShape(model.NewShape(grid.Vec{2, 2, 2}))
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	u.refresh()
	u.shapes.list.Select(len(u.doc.Puzzle().Shapes) - 1)
	if got := infoTexts(u); got[0] != "0 filled, 0 variable" || got[2] != "—" || got[3] != "—" || got[4] != "—" || got[5] != "—" {
		t.Errorf("empty shape: %q", got)
	}
	// An edit shows at once: the screw's third cube removed leaves a
	// bent tromino, identical to nothing.
	u.shapes.list.Select(0)
	if err := u.doc.Edit("test", u.view, func(p *model.Puzzle) error {
		p.Shapes[0].Set(grid.Vec{1, 1, 1}, 0)
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	u.refresh()
	if got := infoTexts(u); got[0] != "3 filled, 0 variable" || got[1] != "no other shape" || got[2] != "2 of 24 rotations, is its own mirror image" {
		t.Errorf("after the edit: %q", got)
	}
}

// TestShapeInfoPanelInBackground runs the analysis the way big shapes
// get it: in a goroutine, a newer request replacing an older one.
func TestShapeInfoPanelInBackground(t *testing.T) {
	p := infoPuzzle()
	p.Grid = grid.Prisms // no millable outside cubes
	for i := range p.Shapes {
		p.Shapes[i] = model.NewShape(grid.Vec{2, 2, 2})
		p.Shapes[i].Set(grid.Vec{0, 0, 0}, model.MakeVoxel(model.Filled, 0))
	}
	p.Shapes[1].Set(grid.Vec{1, 0, 0}, model.MakeVoxel(model.Variable, 0))
	u := newTestUI(t, p)
	pl := u.shapes.info
	pl.syncWork = 0
	q := make(uiQueue, 16)
	pl.do = q.do
	u.shapes.list.Select(1)
	if got := infoTexts(u); got[0] != "1 filled, 1 variable" || got[1] != "…" {
		t.Fatalf("while analysing: %q", got)
	}
	u.shapes.list.Select(0) // replaces the request for S2
	q.pump(t, func() bool { return pl.related.Text != "…" })
	want := []string{"1 filled, 0 variable", "S3 (identical), S4 (identical), S5 (identical), S6 (identical)",
		"6 of 12 rotations, is its own mirror image", "by faces", "none", "millable and notchable are defined for cubes only"}
	check := func() {
		t.Helper()
		got := infoTexts(u)
		for k := range want {
			if got[k] != want[k] {
				t.Errorf("line %d: %q, want %q", k, got[k], want[k])
			}
		}
	}
	check()
	// Whatever the older request still delivers is dropped.
	for len(q) > 0 {
		(<-q)()
	}
	check()
}
