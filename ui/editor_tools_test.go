package ui

import (
	"image"
	"image/color"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/burrlab/burrlab/model"
	"github.com/burrlab/burrlab/model/grid"
	"github.com/burrlab/burrlab/ui/layer"
)

// dragCells drags in the layer editor from the centre of cell a to that of
// cell b in a few moves, and lets go.
func dragCells(t *testing.T, u *App, a, b grid.Vec) {
	t.Helper()
	e := u.shapes.editor
	from, to := cellPos(t, u, a), cellPos(t, u, b)
	last := from
	for k := 1; k <= 4; k++ {
		f := float32(k) / 4
		p := fyne.NewPos(from.X+(to.X-from.X)*f, from.Y+(to.Y-from.Y)*f)
		e.Dragged(&fyne.DragEvent{PointEvent: fyne.PointEvent{Position: p}, Dragged: fyne.NewDelta(p.X-last.X, p.Y-last.Y)})
		last = p
	}
	e.DragEnd()
}

// filledSet returns the filled cells of shape i.
func filledSet(u *App, i int) map[grid.Vec]bool {
	s := &u.doc.Puzzle().Shapes[i]
	out := map[grid.Vec]bool{}
	for _, c := range s.FilledCells() {
		out[c.Pos] = true
	}
	return out
}

// boxCells returns the real cells of g with lo <= v <= hi.
func boxCells(g grid.Grid, lo, hi grid.Vec) map[grid.Vec]bool {
	out := map[grid.Vec]bool{}
	for z := lo[2]; z <= hi[2]; z++ {
		for y := lo[1]; y <= hi[1]; y++ {
			for x := lo[0]; x <= hi[0]; x++ {
				if v := (grid.Vec{x, y, z}); g.Valid(v) {
					out[v] = true
				}
			}
		}
	}
	return out
}

func sameSet(a, b map[grid.Vec]bool) bool {
	if len(a) != len(b) {
		return false
	}
	for v := range a {
		if !b[v] {
			return false
		}
	}
	return true
}

func TestRectangleDrawing(t *testing.T) {
	u := newTestUI(t, newPuzzle(grid.Cubes)) // a 4x4x4 space
	pressShortcut(u, alt(fyne.KeyR, false))
	if !u.shapes.tools.rect || u.shapes.tools.rectBtn.Importance != widget.HighImportance || !u.shapes.tools.rectItem.Checked {
		t.Fatal("Alt+R did not switch rectangle drawing on")
	}
	e := u.shapes.editor
	// Half way through, nothing is drawn yet but the rectangle is outlined.
	from, to := cellPos(t, u, grid.Vec{0, 0, 0}), cellPos(t, u, grid.Vec{2, 1, 0})
	e.Dragged(&fyne.DragEvent{PointEvent: fyne.PointEvent{Position: to}, Dragged: fyne.NewDelta(to.X-from.X, to.Y-from.Y)})
	if n := u.doc.Puzzle().Shapes[0].NumCells(); n != 0 {
		t.Fatalf("%d cells set before the button was let go", n)
	}
	if got := len(e.highlighted(e.geometry())); got != 6 {
		t.Fatalf("the rubber band outlines %d cells, want 6", got)
	}
	e.DragEnd()
	g := u.g
	if want := boxCells(g, grid.Vec{0, 0, 0}, grid.Vec{2, 1, 0}); !sameSet(filledSet(u, 0), want) {
		t.Fatalf("rectangle filled %v", filledSet(u, 0))
	}
	// A rectangle that starts on a filled cell clears.
	dragCells(t, u, grid.Vec{1, 1, 0}, grid.Vec{2, 0, 0})
	if want := boxCells(g, grid.Vec{0, 0, 0}, grid.Vec{0, 1, 0}); !sameSet(filledSet(u, 0), want) {
		t.Fatalf("after clearing a rectangle: %v", filledSet(u, 0))
	}
	// With mirroring along X the mirror image is drawn too.
	u.shapes.toggleMirror(0)
	dragCells(t, u, grid.Vec{0, 2, 0}, grid.Vec{0, 3, 0})
	want := boxCells(g, grid.Vec{0, 0, 0}, grid.Vec{0, 3, 0})
	for v := range boxCells(g, grid.Vec{3, 2, 0}, grid.Vec{3, 3, 0}) {
		want[v] = true
	}
	if !sameSet(filledSet(u, 0), want) {
		t.Fatalf("mirrored rectangle: %v", filledSet(u, 0))
	}
	// Each rectangle is one step.
	for i := 0; i < 3; i++ {
		u.Undo()
	}
	if n := u.doc.Puzzle().Shapes[0].NumCells(); n != 0 || u.doc.CanUndo() {
		t.Fatalf("three undos leave %d cells", n)
	}
	pressShortcut(u, alt(fyne.KeyR, false))
	if u.shapes.tools.rect {
		t.Fatal("Alt+R did not switch rectangle drawing off")
	}
}

func TestColumnDrawing(t *testing.T) {
	u := newTestUI(t, newPuzzle(grid.Cubes))
	g := u.g
	pressShortcut(u, alt(fyne.KeyX, false))
	if !u.shapes.tools.column[0] || !u.shapes.tools.columnItem[0].Checked {
		t.Fatal("Alt+X did not switch column drawing along X on")
	}
	tapCell(t, u, grid.Vec{1, 2, 0})
	if want := boxCells(g, grid.Vec{0, 2, 0}, grid.Vec{3, 2, 0}); !sameSet(filledSet(u, 0), want) {
		t.Fatalf("column along X: %v", filledSet(u, 0))
	}
	// Mirror along Y adds the mirrored row; column X and Y together fill
	// the layer.
	pressShortcut(u, alt(fyne.KeyY, true))
	if !u.shapes.mirror[1] {
		t.Fatal("Alt+Shift+Y did not switch mirroring along Y on")
	}
	tapCell(t, u, grid.Vec{0, 0, 1})
	want := boxCells(g, grid.Vec{0, 2, 0}, grid.Vec{3, 2, 0})
	for v := range boxCells(g, grid.Vec{0, 0, 1}, grid.Vec{3, 0, 1}) {
		want[v] = true
	}
	for v := range boxCells(g, grid.Vec{0, 3, 1}, grid.Vec{3, 3, 1}) {
		want[v] = true
	}
	if !sameSet(filledSet(u, 0), want) {
		t.Fatalf("column X with mirror Y: %v", filledSet(u, 0))
	}
	pressShortcut(u, alt(fyne.KeyY, true))
	pressShortcut(u, alt(fyne.KeyY, false))
	tapCell(t, u, grid.Vec{1, 1, 3})
	for v := range boxCells(g, grid.Vec{0, 0, 3}, grid.Vec{3, 3, 3}) {
		want[v] = true
	}
	if !sameSet(filledSet(u, 0), want) {
		t.Fatalf("columns X and Y: %v", filledSet(u, 0))
	}
	u.Undo()
	u.Undo()
	if want := boxCells(g, grid.Vec{0, 2, 0}, grid.Vec{3, 2, 0}); !sameSet(filledSet(u, 0), want) {
		t.Fatalf("after two undos: %v", filledSet(u, 0))
	}
}

// TestDrawingOtherGrids draws rectangles and a column in each grid built of
// several cell kinds and checks that exactly the intended cells were
// reached.
func TestDrawingOtherGrids(t *testing.T) {
	// Rhombic, a 10x10x10 space of 2x2x2 blocks: layer 0 shows the four
	// triangles of each block's bottom face.
	u := newTestUI(t, newPuzzle(grid.Rhombic))
	g := u.g
	u.shapes.toggleRect()
	// From the left to the right triangle of block (0,0): that block.
	dragCells(t, u, grid.Vec{1, 2, 0}, grid.Vec{3, 2, 0})
	if want := boxCells(g, grid.Vec{0, 0, 0}, grid.Vec{4, 4, 0}); !sameSet(filledSet(u, 0), want) || len(want) != 4 {
		t.Fatalf("rhombic block: %v", filledSet(u, 0))
	}
	u.Undo()
	// From the left triangle of block (0,1) to the bottom one of block
	// (1,0): the rectangle spans the whole layer.
	dragCells(t, u, grid.Vec{1, 7, 0}, grid.Vec{7, 1, 0})
	if want := boxCells(g, grid.Vec{0, 0, 0}, grid.Vec{9, 9, 0}); !sameSet(filledSet(u, 0), want) || len(want) != 16 {
		t.Fatalf("rhombic layer: %d cells", len(filledSet(u, 0)))
	}
	u.Undo()

	for _, c := range []struct {
		g    grid.Type
		a, b grid.Vec // rectangle corners (cells of layer 0)
		col  grid.Vec // a cell of layer 0 for a Z column
	}{
		{grid.Prisms, grid.Vec{0, 0, 0}, grid.Vec{3, 2, 0}, grid.Vec{4, 1, 0}},
		{grid.Spheres, grid.Vec{0, 0, 0}, grid.Vec{2, 2, 0}, grid.Vec{3, 3, 0}},
		{grid.Rhombic, grid.Vec{2, 1, 0}, grid.Vec{7, 6, 0}, grid.Vec{2, 1, 0}},
		{grid.TetraOcta, grid.Vec{2, 0, 0}, grid.Vec{0, 2, 0}, grid.Vec{2, 0, 0}},
	} {
		u := newTestUI(t, newPuzzle(c.g))
		g := u.g
		u.shapes.toggleRect()
		dragCells(t, u, c.a, c.b)
		// The cells whose centres lie in the box around both corner
		// cells' footprints: on screen, the rectangle between them.
		e := u.shapes.editor
		lay := e.geometry()
		ca, cb := &lay.Cells[lay.Index(c.a)], &lay.Cells[lay.Index(c.b)]
		lo, hi := ca.Bounds()
		lo2, hi2 := cb.Bounds()
		want := map[grid.Vec]bool{}
		for i := range lay.Cells {
			p := lay.Cells[i].Center
			if p.X > min(lo.X, lo2.X)-1e-6 && p.X < max(hi.X, hi2.X)+1e-6 && p.Y > min(lo.Y, lo2.Y)-1e-6 && p.Y < max(hi.Y, hi2.Y)+1e-6 {
				want[lay.Cells[i].Pos] = true
			}
		}
		got := filledSet(u, 0)
		if !sameSet(got, want) || !got[c.a] || !got[c.b] || len(got) < 2 || len(got) == len(lay.Cells) {
			t.Fatalf("%v: rectangle filled %d cells, want %d of the layer's %d", c.g, len(got), len(want), len(lay.Cells))
		}
		u.Undo()
		u.shapes.toggleRect()
		u.shapes.toggleColumn(2)
		tapCell(t, u, c.col)
		size := u.doc.Puzzle().Shapes[0].Size
		want = boxCells(g, grid.Vec{c.col[0], c.col[1], 0}, grid.Vec{c.col[0], c.col[1], size[2] - 1})
		if got := filledSet(u, 0); !sameSet(got, want) || len(got) < 2 {
			t.Fatalf("%v: Z column filled %v, want %v", c.g, got, want)
		}
		if err := u.doc.Puzzle().Validate(); err != nil {
			t.Fatalf("%v: %v", c.g, err)
		}
	}
}

// hollowCube returns a cube puzzle whose first shape is a 3x3x3 cube with
// an empty centre, in colour 1.
func hollowCube() *model.Puzzle {
	p := newPuzzle(grid.Cubes)
	p.Colors = append(p.Colors, pieceColor(5))
	s := model.NewShape(grid.Vec{3, 3, 3})
	for i := range s.Voxels {
		s.Voxels[i] = model.MakeVoxel(model.Filled, 1)
	}
	s.Set(grid.Vec{1, 1, 1}, 0)
	p.Shapes[0] = s
	return p
}

func TestFillHolesAndInsideOutside(t *testing.T) {
	u := newTestUI(t, hollowCube())
	centre := grid.Vec{1, 1, 1}
	pressShortcut(u, alt(fyne.KeyH, false))
	if got := u.doc.Puzzle().Shapes[0].At(centre); got != model.MakeVoxel(model.Filled, 0) {
		t.Fatalf("fill holes left the centre %v", got)
	}
	if !strings.Contains(u.doc.UndoLabel(), "fill holes in S1") {
		t.Errorf("undo label %q", u.doc.UndoLabel())
	}
	pressShortcut(u, alt(fyne.KeyH, false)) // no hole left
	if got := u.status.Text; got != "Fill holes in S1: nothing to change" {
		t.Errorf("again: status %q", got)
	}
	u.Undo()
	if got := u.doc.Puzzle().Shapes[0].At(centre); got != 0 {
		t.Fatalf("undo left the centre %v", got)
	}
	u.Redo()
	// The inside is the centre cell: make it variable by key.
	pressShortcut(u, alt(fyne.KeyI, true))
	if got := u.doc.Puzzle().Shapes[0].At(centre).State(); got != model.Variable {
		t.Fatalf("inside variable: centre %v", got)
	}
	// Remove the colours outside through the Outside button's menu.
	var outside *tipButton
	for _, b := range u.shapes.tools.buttons {
		if tb := b.(*tipButton); tb.Text == "Outside" {
			outside = tb
		}
	}
	if outside == nil {
		t.Fatal("no Outside button")
	}
	test.Tap(outside)
	menu := u.shapes.tools.popup
	if menu == nil || !menu.Visible() || len(menu.Items) != 3 {
		t.Fatal("the Outside button opened no menu of three tools")
	}
	test.Tap(menu.Items[2].(fyne.Tappable)) // Remove Colours Outside
	s := &u.doc.Puzzle().Shapes[0]
	for i, v := range s.Voxels {
		if p := s.Pos(i); p != centre && v != model.MakeVoxel(model.Filled, 0) {
			t.Fatalf("outside cell %v is %v", p, v)
		}
	}
	if s.At(centre).State() != model.Variable {
		t.Fatal("the outside tool changed the inside")
	}
	// Outside variable, then inside fixed, by keys; undo them one by one.
	pressShortcut(u, alt(fyne.KeyO, true))
	pressShortcut(u, alt(fyne.KeyI, false))
	s = &u.doc.Puzzle().Shapes[0]
	if s.Count(model.Variable) != 26 || s.At(centre).State() != model.Filled {
		t.Fatalf("outside variable + inside fixed: %d variable", s.Count(model.Variable))
	}
	for i := 0; i < 4; i++ {
		u.Undo()
	}
	if got := u.doc.Puzzle().Shapes[0]; got.Count(model.Filled) != 27 || got.At(centre) != model.MakeVoxel(model.Filled, 0) {
		t.Fatalf("after four undos: %d filled", got.Count(model.Filled))
	}
}

func TestApplyToAllShapes(t *testing.T) {
	p := newPuzzle(grid.Cubes)
	p.AddShape(newShape(grid.Cubes, ""))
	p.Shapes[0].Set(grid.Vec{3, 3, 3}, model.MakeVoxel(model.Filled, 0))
	p.Shapes[1].Set(grid.Vec{0, 1, 2}, model.MakeVoxel(model.Filled, 0))
	p.Shapes[1].Set(grid.Vec{1, 1, 2}, model.MakeVoxel(model.Filled, 0))
	u := newTestUI(t, p)
	// Without "all shapes" only the selected shape is minimised.
	pressShortcut(u, alt(fyne.KeyM, false))
	if a, b := u.doc.Puzzle().Shapes[0].Size, u.doc.Puzzle().Shapes[1].Size; a != (grid.Vec{1, 1, 1}) || b != (grid.Vec{4, 4, 4}) {
		t.Fatalf("minimise one: sizes %v %v", a, b)
	}
	u.Undo()
	test.Tap(u.shapes.tools.allBtn)
	if !u.shapes.tools.allShapes || !u.shapes.tools.allItem.Checked {
		t.Fatal("the All shapes button did not switch it on")
	}
	pressShortcut(u, alt(fyne.KeyM, false))
	if a, b := u.doc.Puzzle().Shapes[0].Size, u.doc.Puzzle().Shapes[1].Size; a != (grid.Vec{1, 1, 1}) || b != (grid.Vec{2, 1, 1}) {
		t.Fatalf("minimise all: sizes %v %v", a, b)
	}
	if l := u.doc.UndoLabel(); l != "minimise all shapes" {
		t.Errorf("undo label %q", l)
	}
	// Grow both along x, then centre both.
	u.shapes.resize(0, 5)
	pressShortcut(u, alt(fyne.KeyC, false))
	// S1: 4 free cells, it moves to x=2. S2: 3 free cells, the space
	// grows to 6 so that it sits at x=2..3.
	s0, s1 := &u.doc.Puzzle().Shapes[0], &u.doc.Puzzle().Shapes[1]
	if s0.Size[0] != 5 || s0.At(grid.Vec{2, 0, 0}).State() != model.Filled ||
		s1.Size[0] != 6 || s1.At(grid.Vec{2, 0, 0}).State() != model.Filled || s1.At(grid.Vec{3, 0, 0}).State() != model.Filled {
		t.Fatalf("centre all: %v %v / %v %v", s0.Size, s0.Cells(), s1.Size, s1.Cells())
	}
	// A turn of all shapes is one step too; four undos restore both.
	u.shapes.turn(model.Turns(u.g)[4])
	for i := 0; i < 4; i++ {
		u.Undo()
	}
	if a, b := u.doc.Puzzle().Shapes[0], u.doc.Puzzle().Shapes[1]; a.Size != (grid.Vec{4, 4, 4}) || b.Size != (grid.Vec{4, 4, 4}) ||
		a.At(grid.Vec{3, 3, 3}).State() != model.Filled || b.At(grid.Vec{1, 1, 2}).State() != model.Filled {
		t.Fatalf("after the undos: %v %v", a.Size, b.Size)
	}
}

func TestToolButtonsHaveTipsAndShortcuts(t *testing.T) {
	u := newTestUI(t, newPuzzle(grid.Cubes))
	d := &u.shapes.tools
	btns := []*tipButton{d.rectBtn, d.allBtn, d.columnBtn[0], d.columnBtn[1], d.columnBtn[2]}
	for _, b := range d.buttons {
		btns = append(btns, b.(*tipButton))
	}
	for _, b := range btns {
		if !strings.Contains(b.tip, "(Alt+") {
			t.Errorf("button %q: tooltip %q names no shortcut", b.Text, b.tip)
		}
	}
	// Without a shape the tools are off.
	u.edit("delete", func(p *model.Puzzle) error { return p.DeleteShape(0) })
	for _, b := range d.buttons {
		if !b.Disabled() {
			t.Errorf("button %q is on without a shape", b.(*tipButton).Text)
		}
	}
}

func TestConvertPuzzle(t *testing.T) {
	p := hollowCube()
	p.Problems[0].Result = 0
	u := newTestUI(t, p)
	// Through the dialog: pick rhombic, tap Convert.
	pressShortcut(u, u.convertMenuItem().Shortcut)
	choice := findRadio(t, u)
	convert := findButton(t, u, "Convert")
	if choice == nil || convert == nil || len(choice.Options) != 2 {
		t.Fatal("Ctrl+Shift+G opened no dialog with two grids and a Convert button")
	}
	choice.SetSelected(choice.Options[0])
	test.Tap(convert)
	if u.g.Type() != grid.Rhombic || u.doc.Puzzle().Grid != grid.Rhombic {
		t.Fatalf("after converting: window grid %v, puzzle grid %v", u.g.Type(), u.doc.Puzzle().Grid)
	}
	s := &u.doc.Puzzle().Shapes[0]
	if s.Size != (grid.Vec{15, 15, 15}) || s.Count(model.Filled) != 26*model.CellsPerCube(grid.Rhombic) {
		t.Fatalf("converted shape: size %v, %d cells", s.Size, s.Count(model.Filled))
	}
	// The editor now edits rhombic cells: fill the hollow centre with
	// fill holes, a tap on one of its cells empties it again.
	pressShortcut(u, alt(fyne.KeyH, false))
	if got := u.doc.Puzzle().Shapes[0].Count(model.Filled); got != 27*model.CellsPerCube(grid.Rhombic) {
		t.Fatalf("fill holes after converting: %d cells", got)
	}
	tapCell(t, u, grid.Vec{7, 6, 5})
	if state(u, 0, grid.Vec{7, 6, 5}) != model.Empty {
		t.Fatal("a tap did not empty the rhombic cell (7,6,5)")
	}
	u.Undo()
	u.Undo()
	u.Undo()
	if u.g.Type() != grid.Cubes || u.doc.Puzzle().Shapes[0].Size != (grid.Vec{3, 3, 3}) {
		t.Fatalf("undo: window grid %v, size %v", u.g.Type(), u.doc.Puzzle().Shapes[0].Size)
	}
	tapCell(t, u, grid.Vec{1, 1, 1})
	if state(u, 0, grid.Vec{1, 1, 1}) != model.Filled {
		t.Fatal("after undoing the conversion the cube editor does not work")
	}
	u.convertTo(grid.TetraOcta)
	if u.g.Type() != grid.TetraOcta || u.doc.Puzzle().Shapes[0].Count(model.Filled) != 27*model.CellsPerCube(grid.TetraOcta) {
		t.Fatalf("tetra-octa: grid %v, %d cells", u.g.Type(), u.doc.Puzzle().Shapes[0].Count(model.Filled))
	}
	// A rhombic puzzle cannot be converted: the dialog says so and nothing
	// changes.
	u2 := newTestUI(t, newPuzzle(grid.Rhombic))
	u2.convertDialog()
	if len(u2.win.Canvas().Overlays().List()) == 0 {
		t.Fatal("no message for a puzzle that cannot be converted")
	}
	u2.convertTo(grid.TetraOcta)
	if u2.doc.Puzzle().Grid != grid.Rhombic || u2.doc.CanUndo() {
		t.Fatal("a rhombic puzzle was converted")
	}
}

// hasShrinkButton reports whether the Size row offers scaling down.
func hasShrinkButton(u *App) bool {
	for _, b := range u.shapes.shapeBtns {
		if tb, ok := b.(*tipButton); ok && strings.HasPrefix(tb.tip, "Scale down") {
			return true
		}
	}
	return false
}

func TestScaleDown(t *testing.T) {
	p := newPuzzle(grid.Cubes)
	p.AddShape(newShape(grid.Cubes, ""))
	g := grid.Must(grid.Cubes)
	// S1: a domino scaled by 6; S2: a single cube scaled by 2.
	p.Shapes[0] = model.NewShape(grid.Vec{2, 1, 1})
	p.Shapes[0].Voxels[0], p.Shapes[0].Voxels[1] = model.MakeVoxel(model.Filled, 0), model.MakeVoxel(model.Filled, 0)
	p.Shapes[1] = model.NewShape(grid.Vec{1, 1, 1})
	p.Shapes[1].Voxels[0] = model.MakeVoxel(model.Filled, 0)
	if err := p.Shapes[0].Scale(g, 6); err != nil {
		t.Fatal(err)
	}
	if err := p.Shapes[1].Scale(g, 2); err != nil {
		t.Fatal(err)
	}
	u := newTestUI(t, p)
	if !hasShrinkButton(u) {
		t.Fatal("no scale-down button in the cube grid")
	}
	pressShortcut(u, alt(fyne.KeyS, false))
	if s := u.doc.Puzzle().Shapes[0]; s.Size != (grid.Vec{2, 1, 1}) || u.doc.Puzzle().Shapes[1].Size != (grid.Vec{2, 2, 2}) {
		t.Fatalf("scale down S1: sizes %v %v", s.Size, u.doc.Puzzle().Shapes[1].Size)
	}
	if !strings.Contains(u.status.Text, "by 6") {
		t.Errorf("status %q", u.status.Text)
	}
	u.Undo()
	// All shapes together shrink by the common factor 2.
	u.shapes.toggleAllShapes()
	pressShortcut(u, alt(fyne.KeyS, false))
	if a, b := u.doc.Puzzle().Shapes[0].Size, u.doc.Puzzle().Shapes[1].Size; a != (grid.Vec{6, 3, 3}) || b != (grid.Vec{1, 1, 1}) {
		t.Fatalf("scale down all: sizes %v %v", a, b)
	}
	// Nothing left to shrink: no step, a message.
	pressShortcut(u, alt(fyne.KeyS, false))
	if u.doc.UndoLabel() != "scale down all shapes" || !strings.Contains(u.status.Text, "cannot be scaled down") {
		t.Errorf("a second scale down: undo %q, status %q", u.doc.UndoLabel(), u.status.Text)
	}
	u.Undo()
	if a, b := u.doc.Puzzle().Shapes[0].Size, u.doc.Puzzle().Shapes[1].Size; a != (grid.Vec{12, 6, 6}) || b != (grid.Vec{2, 2, 2}) {
		t.Fatalf("undo: sizes %v %v", a, b)
	}
	// The rhombic grid has no scale-down tool.
	u2 := newTestUI(t, newPuzzle(grid.Rhombic))
	if hasShrinkButton(u2) {
		t.Error("a scale-down button in the rhombic grid")
	}
}

// findRadio returns the first radio group among the window's overlays.
func findRadio(t *testing.T, u *App) *widget.RadioGroup {
	if rs := overlayWidgets[*widget.RadioGroup](t, u); len(rs) > 0 {
		return rs[0]
	}
	return nil
}

// TestBallsBelowShow: on the sphere grid the layer editor marks the balls
// of the layer below with dots in the gaps they fill, as the cube and
// prism layers tint the cells above filled ones.
func TestBallsBelowShow(t *testing.T) {
	u := newTestUI(t, newPuzzle(grid.Spheres))
	tapCell(t, u, grid.Vec{1, 1, 0})
	e := u.shapes.editor
	u.view.Layer = 1
	u.shapes.refreshLayer()
	sz := e.Size()
	img := e.draw(int(sz.Width), int(sz.Height)).(*image.RGBA)
	// The pixel of layer 1 over the centre of ball v of layer 0.
	over := func(v grid.Vec) color.RGBA {
		for _, c := range layer.Cells(u.g, u.doc.Puzzle().Shapes[0].Size, 0) {
			if c.Pos == v {
				p := e.frame.ToPixel(c.Center)
				return img.RGBAAt(int(p.X), int(p.Y))
			}
		}
		t.Fatalf("no ball %v in layer 0", v)
		return color.RGBA{}
	}
	if filled, empty := over(grid.Vec{1, 1, 0}), over(grid.Vec{3, 1, 0}); filled == empty {
		t.Errorf("layer 1 shows the same (%v) over the ball below as over an empty place", filled)
	}
}
