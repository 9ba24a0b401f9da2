package ui

import (
	"bytes"
	"image"
	"image/color"
	"strings"
	"sync"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/test"

	"github.com/burrlab/burrlab/model"
	"github.com/burrlab/burrlab/model/grid"
)

// newTestUI opens p in a window of the headless test driver.
// testQueues holds the queue newTestUI gave each App's uiDo.
var testQueues sync.Map

// uiQueueOf returns the queue of UI work newTestUI gave u.
func uiQueueOf(u *App) uiQueue {
	q, _ := testQueues.Load(u)
	return q.(uiQueue)
}

func newTestUI(t testing.TB, p *model.Puzzle) *App {
	t.Helper()
	a := test.NewTempApp(t)
	w := a.NewWindow("test")
	u := New(a, w)
	// Tooltips, autosaves, browsers, panels and file jobs reach the UI from
	// goroutines of their own, and Fyne's test driver would run that work
	// on those goroutines, racing with the test. It is queued instead, and
	// tests that look at it run it on the test goroutine (uiQueueOf), as
	// Fyne's main loop would; what the others never run is dropped once
	// the queue is full. Replacing u.uiDo after goroutines have started
	// would race with them.
	q := make(uiQueue, 4096)
	u.uiDo = q.offer
	testQueues.Store(u, q)
	w.Resize(fyne.NewSize(1300, 850))
	u.setDocument(NewDocument(p, ""), "test")
	// A file's comment pop-up covers the window, and the menu's shortcuts
	// wait for it (menu_guard.go): close it, as a user would.
	for _, o := range w.Canvas().Overlays().List() {
		w.Canvas().Overlays().Remove(o)
	}
	t.Cleanup(u.Shutdown)
	return u
}

// cellPos returns where cell v of the edited layer is on the layer
// editor, drawing the editor once so that its geometry is known.
func cellPos(t *testing.T, u *App, v grid.Vec) fyne.Position {
	t.Helper()
	e := u.shapes.editor
	if v[2] != u.view.Layer {
		u.shapes.setLayer(v[2])
	}
	sz := e.Size()
	if sz.Width < 50 || sz.Height < 50 {
		t.Fatalf("the layer editor is %v: not laid out", sz)
	}
	e.draw(int(sz.Width), int(sz.Height))
	lay := e.geometry()
	i := lay.Index(v)
	if i < 0 {
		t.Fatalf("cell %v is not in layer %d", v, lay.Z)
	}
	p := e.frame.ToPixel(lay.Cells[i].Center)
	return fyne.NewPos(float32(p.X/e.pxPerDot), float32(p.Y/e.pxPerDot))
}

func tapCell(t *testing.T, u *App, v grid.Vec) {
	t.Helper()
	test.TapAt(u.shapes.editor, cellPos(t, u, v))
}

func state(u *App, shape int, v grid.Vec) model.State {
	return u.doc.Puzzle().Shapes[shape].At(v).State()
}

func TestEditorClicksCubes(t *testing.T) {
	u := newTestUI(t, newPuzzle(grid.Cubes))
	v := grid.Vec{1, 2, 0}
	tapCell(t, u, v)
	if state(u, 0, v) != model.Filled {
		t.Fatalf("a click did not fill %v", v)
	}
	if n := u.doc.Puzzle().Shapes[0].Count(model.Filled); n != 1 {
		t.Fatalf("one click filled %d cells", n)
	}
	tapCell(t, u, v)
	if state(u, 0, v) != model.Empty {
		t.Fatal("a second click did not empty the cell")
	}
	// Variable tool, on another layer.
	u.shapes.setTool(toolVariable)
	w := grid.Vec{3, 0, 2}
	tapCell(t, u, w)
	if state(u, 0, w) != model.Variable {
		t.Fatalf("the variable tool made %v", state(u, 0, w))
	}
	// Right click empties.
	test.TapSecondaryAt(u.shapes.editor, cellPos(t, u, w))
	if state(u, 0, w) != model.Empty {
		t.Fatal("a right click did not empty the cell")
	}
	// Every click was a step: four undos bring back the empty shape.
	for i := 0; i < 4; i++ {
		u.Undo()
	}
	if state(u, 0, v) != model.Empty || state(u, 0, w) != model.Empty || u.doc.CanUndo() {
		t.Fatal("undo did not walk back every click")
	}
	u.Redo()
	if state(u, 0, v) != model.Filled {
		t.Fatal("redo did not fill the first cell again")
	}
}

func TestEditorDragIsOneStep(t *testing.T) {
	u := newTestUI(t, newPuzzle(grid.Cubes))
	e := u.shapes.editor
	from := cellPos(t, u, grid.Vec{0, 1, 0})
	to := cellPos(t, u, grid.Vec{3, 1, 0})
	// A drag in three moves along row y=1.
	last := from
	for k := 1; k <= 3; k++ {
		p := fyne.NewPos(from.X+(to.X-from.X)*float32(k)/3, from.Y)
		e.Dragged(&fyne.DragEvent{PointEvent: fyne.PointEvent{Position: p}, Dragged: fyne.NewDelta(p.X-last.X, p.Y-last.Y)})
		last = p
	}
	e.DragEnd()
	for x := 0; x < 4; x++ {
		if state(u, 0, grid.Vec{x, 1, 0}) != model.Filled {
			t.Fatalf("the drag missed (%d,1,0)", x)
		}
	}
	if n := u.doc.Puzzle().Shapes[0].Count(model.Filled); n != 4 {
		t.Fatalf("the drag filled %d cells, want 4", n)
	}
	u.Undo()
	if n := u.doc.Puzzle().Shapes[0].Count(model.Filled); n != 0 || u.doc.CanUndo() {
		t.Fatalf("one undo leaves %d cells", n)
	}
	// A drag that starts on a filled cell clears.
	u.Redo()
	e.Dragged(&fyne.DragEvent{PointEvent: fyne.PointEvent{Position: to}, Dragged: fyne.NewDelta(to.X-from.X, 0)})
	e.DragEnd()
	if n := u.doc.Puzzle().Shapes[0].Count(model.Filled); n != 0 {
		t.Fatalf("an erasing drag left %d cells", n)
	}
}

func TestEditorMirrorAndColumn(t *testing.T) {
	u := newTestUI(t, newPuzzle(grid.Cubes)) // a 4x4x4 space
	u.shapes.mirror[0] = true
	tapCell(t, u, grid.Vec{0, 1, 0})
	if state(u, 0, grid.Vec{3, 1, 0}) != model.Filled {
		t.Fatal("mirroring along x did not fill (3,1,0)")
	}
	u.shapes.mirror[0] = false
	u.shapes.tools.column[2] = true
	tapCell(t, u, grid.Vec{2, 2, 0})
	for z := 0; z < 4; z++ {
		if state(u, 0, grid.Vec{2, 2, z}) != model.Filled {
			t.Fatalf("the column missed layer %d", z)
		}
	}
}

func TestEditorOtherGrids(t *testing.T) {
	for _, c := range []struct {
		g     grid.Type
		cells []grid.Vec
	}{
		{grid.Prisms, []grid.Vec{{0, 0, 0}, {1, 0, 0}, {2, 1, 1}}},    // an up and a down triangle
		{grid.Spheres, []grid.Vec{{0, 0, 0}, {1, 1, 0}, {1, 0, 1}}},   // the checkerboard
		{grid.Rhombic, []grid.Vec{{2, 1, 0}, {1, 2, 0}, {1, 0, 2}}},   // triangles of two sizes
		{grid.TetraOcta, []grid.Vec{{1, 1, 1}, {2, 0, 0}, {0, 2, 0}}}, // square and triangles
	} {
		u := newTestUI(t, newPuzzle(c.g))
		for _, v := range c.cells {
			tapCell(t, u, v)
			if state(u, 0, v) != model.Filled {
				t.Fatalf("%v: a click did not fill %v", c.g, v)
			}
		}
		if n := u.doc.Puzzle().Shapes[0].Count(model.Filled); n != len(c.cells) {
			t.Fatalf("%v: %d cells filled by %d clicks", c.g, n, len(c.cells))
		}
		if err := u.doc.Puzzle().Validate(); err != nil {
			t.Fatalf("%v: %v", c.g, err)
		}
	}
}

func TestHoverReportsCell(t *testing.T) {
	u := newTestUI(t, newPuzzle(grid.Prisms))
	pos := cellPos(t, u, grid.Vec{2, 1, 0})
	u.shapes.editor.MouseMoved(&desktop.MouseEvent{PointEvent: fyne.PointEvent{Position: pos}})
	if got := u.status.Text; got != "S1 · cell (2, 1, 0) · empty" {
		t.Errorf("status %q", got)
	}
}

// TestHoverGivesBackTheMessage: the cell under the pointer shows in place
// of the last message only while the pointer is over the grid, and not on
// another tab that Alt+2 brought up with the pointer resting there, nor
// under a dialog a shortcut opened.
func TestHoverGivesBackTheMessage(t *testing.T) {
	u := newTestUI(t, newPuzzle(grid.Cubes))
	u.setStatus("Saved box.xmpuzzle")
	hover := func() {
		pos := cellPos(t, u, grid.Vec{1, 1, 0})
		u.shapes.editor.MouseMoved(&desktop.MouseEvent{PointEvent: fyne.PointEvent{Position: pos}})
		if got := u.status.Text; got != "S1 · cell (1, 1, 0) · empty" {
			t.Fatalf("hovering: status %q", got)
		}
	}
	hover()
	u.shapes.editor.MouseOut()
	if got := u.status.Text; got != "Saved box.xmpuzzle" {
		t.Errorf("after the pointer left: status %q", got)
	}
	hover()
	u.tabs.SelectIndex(1)
	if got := u.status.Text; got != "Saved box.xmpuzzle" {
		t.Errorf("on the Problems tab: status %q", got)
	}
	u.tabs.SelectIndex(0)
	hover()
	pressShortcut(u, menuShortcut(fyne.KeyS, true)) // Save As, over a still pointer
	if top := u.win.Canvas().Overlays().Top(); top == nil {
		t.Fatal("Save As opened no dialog")
	}
	if got := u.status.Text; got != "Saved box.xmpuzzle" {
		t.Errorf("under the Save As dialog: status %q", got)
	}
	u.win.Canvas().Overlays().Top().Hide()
	hover()
	u.setStatus("Turned S1")
	if got := u.status.Text; got != "Turned S1" {
		t.Errorf("a new message while hovering: status %q", got)
	}
}

func TestShapeToolsAndUndo(t *testing.T) {
	p := newPuzzle(grid.Cubes)
	s := &p.Shapes[0]
	s.Set(grid.Vec{0, 0, 0}, model.MakeVoxel(model.Filled, 0))
	s.Set(grid.Vec{1, 0, 0}, model.MakeVoxel(model.Filled, 0))
	u := newTestUI(t, p)
	u.shapes.minimize()
	if got := u.doc.Puzzle().Shapes[0].Size; got != (grid.Vec{2, 1, 1}) {
		t.Fatalf("minimised size %v", got)
	}
	turn := model.Turns(u.g)[4] // a quarter turn about z
	u.shapes.turn(turn)
	if got := u.doc.Puzzle().Shapes[0].Size; got != (grid.Vec{1, 2, 1}) {
		t.Fatalf("size after the turn %v", got)
	}
	u.shapes.scale(2)
	if got := u.doc.Puzzle().Shapes[0].Count(model.Filled); got != 16 {
		t.Fatalf("%d cells after scaling by 2", got)
	}
	u.shapes.resize(0, 5)
	if got := u.doc.Puzzle().Shapes[0].Size[0]; got != 5 {
		t.Fatalf("resized x to %d", got)
	}
	for i := 0; i < 4; i++ {
		u.Undo()
	}
	if got := u.doc.Puzzle().Shapes[0]; got.Size != (grid.Vec{4, 4, 4}) || got.Count(model.Filled) != 2 {
		t.Fatalf("after undoing the tools: size %v, %d cells", got.Size, got.Count(model.Filled))
	}
}

func TestShapeListEdits(t *testing.T) {
	p := newPuzzle(grid.Cubes)
	p.Problems[0].Result = 0
	u := newTestUI(t, p)
	u.shapes.addShape()
	u.shapes.copyShape()
	if n := len(u.doc.Puzzle().Shapes); n != 3 || u.view.Shape != 2 {
		t.Fatalf("%d shapes, selected %d", n, u.view.Shape)
	}
	u.shapes.rename("  Piece ")
	if got := u.doc.Puzzle().Shapes[2].Name; got != "Piece" {
		t.Fatalf("name %q", got)
	}
	u.shapes.moveShape(-1)
	if u.doc.Puzzle().Shapes[1].Name != "Piece" || u.view.Shape != 1 {
		t.Fatal("move up did not move the shape")
	}
	u.view.Shape = 0
	u.shapes.deleteShape() // used as a result: asks first
	if len(u.doc.Puzzle().Shapes) != 3 {
		t.Fatal("deleted a used shape without asking")
	}
	u.view.Shape = 2
	u.shapes.deleteShape()
	if len(u.doc.Puzzle().Shapes) != 2 {
		t.Fatal("an unused shape was not deleted")
	}
	u.shapes.setWeight(3)
	if u.doc.Puzzle().Shapes[1].Weight != 3 {
		t.Fatal("weight not set")
	}
	for u.doc.CanUndo() {
		u.Undo()
	}
	if n := len(u.doc.Puzzle().Shapes); n != 1 {
		t.Fatalf("%d shapes after undoing everything", n)
	}
}

// paintedCube opens a cube puzzle with one constraint colour c and fills
// cell 0,0,0 of its first shape in that colour.
func paintedCube(t *testing.T, c color.RGBA) *App {
	t.Helper()
	u := newTestUI(t, newPuzzle(grid.Cubes))
	u.edit("add a colour", func(p *model.Puzzle) error {
		_, err := p.AddColor(c)
		return err
	})
	u.shapes.color = 1
	tapCell(t, u, grid.Vec{0, 0, 0})
	return u
}

func TestConstraintColours(t *testing.T) {
	u := paintedCube(t, color.RGBA{200, 30, 30, 255})
	if c := u.doc.Puzzle().Shapes[0].At(grid.Vec{0, 0, 0}).Color(); c != 1 {
		t.Fatalf("filled with colour %d, want 1", c)
	}
	u.shapes.setTool(toolColor)
	tapCell(t, u, grid.Vec{0, 0, 0})
	if c := u.doc.Puzzle().Shapes[0].At(grid.Vec{0, 0, 0}).Color(); c != 0 {
		t.Fatalf("the colour tool on a cell of that colour left colour %d", c)
	}
	u.shapes.deleteColor()
	if len(u.doc.Puzzle().Colors) != 0 {
		t.Fatal("colour not deleted")
	}
}

// TestConstraintColoursToggle: the 3D views show piece colours until View ▸
// Constraint Colours switches them to the cells' constraint colours.
func TestConstraintColoursToggle(t *testing.T) {
	u := paintedCube(t, color.RGBA{30, 200, 30, 255})
	green := func() bool {
		img := u.shapes.preview.draw(160, 120)
		for i := 0; i+3 < len(img.(*image.RGBA).Pix); i += 4 {
			px := img.(*image.RGBA).Pix[i : i+3]
			if px[1] > 120 && px[0] < 90 && px[2] < 90 {
				return true
			}
		}
		return false
	}
	if green() {
		t.Error("the preview shows the constraint colour before it is asked for")
	}
	u.setShowColors(true)
	if !green() || !u.colorsItem.Checked {
		t.Errorf("constraint colours on: preview green %v, menu item checked %v", green(), u.colorsItem.Checked)
	}
	u.setShowColors(false)
	if green() {
		t.Error("the preview keeps the constraint colour after it is switched off")
	}
}

func TestProblemEdits(t *testing.T) {
	p := newPuzzle(grid.Cubes)
	p.AddShape(newShape(grid.Cubes, "piece"))
	u := newTestUI(t, p)
	u.tabs.SelectIndex(tabProblems)
	u.problems.result.SetSelectedIndex(1) // S1
	if got := u.doc.Puzzle().Problems[0].Result; got != 0 {
		t.Fatalf("result %d", got)
	}
	u.problems.setRange(1, 2, 3)
	if got := u.doc.Puzzle().Problems[0].Parts; len(got) != 1 || got[0].Min != 2 || got[0].Max != 3 {
		t.Fatalf("parts %+v", got)
	}
	u.problems.setGroups(1, "1:2 2")
	if got := u.doc.Puzzle().Problems[0].Parts[0].Groups; len(got) != 2 || got[0] != (model.GroupCount{Group: 1, Count: 2}) || got[1] != (model.GroupCount{Group: 2, Count: 3}) {
		t.Fatalf("groups %+v", got)
	}
	// A mistake says how groups are written, and changes nothing.
	for _, bad := range []string{"abc", "0", "1:9"} {
		if _, err := parseGroups(bad, 3); err == nil || !strings.Contains(err.Error(), "1:2 2:1") && !strings.Contains(err.Error(), "0..3") {
			t.Errorf("groups %q: %v", bad, err)
		}
	}
	u.problems.setMaxHoles("2")
	if u.doc.Puzzle().Problems[0].MaxHoles != 2 {
		t.Fatal("max holes not set")
	}
	u.problems.setMaxHoles("")
	u.problems.addProblem()
	u.problems.rename("second")
	if len(u.doc.Puzzle().Problems) != 2 || u.doc.Puzzle().Problems[1].Name != "second" {
		t.Fatal("problem not added and named")
	}
	n := 0
	for u.doc.CanUndo() {
		u.Undo()
		n++
	}
	if n != 7 {
		t.Errorf("%d undo steps, want 7", n)
	}
	if pr := u.doc.Puzzle().Problems; len(pr) != 1 || pr[0].Result != model.NoResult || len(pr[0].Parts) != 0 {
		t.Fatalf("after undoing: %+v", pr)
	}
}

// pressShortcut delivers a shortcut as Fyne's desktop driver does
// (internal/driver/glfw, triggersShortcut): the main menu's items first,
// matched by shortcut name, then a focused widget that takes shortcuts,
// then the canvas. The driver sends Ctrl+Z as fyne.ShortcutUndo and Ctrl+Y
// as fyne.ShortcutRedo, other Ctrl combinations as desktop.CustomShortcut.
func pressShortcut(u *App, sc fyne.Shortcut) {
	var inMenu func(m *fyne.Menu) bool
	inMenu = func(m *fyne.Menu) bool {
		for _, it := range m.Items {
			if it.Shortcut != nil && it.Shortcut.ShortcutName() == sc.ShortcutName() && it.Action != nil {
				it.Action()
				return true
			}
			if it.ChildMenu != nil && inMenu(it.ChildMenu) {
				return true
			}
		}
		return false
	}
	for _, m := range u.menu.Items {
		if inMenu(m) {
			return
		}
	}
	c := u.win.Canvas()
	if f, ok := c.Focused().(fyne.Shortcutable); ok {
		f.TypedShortcut(sc)
		return
	}
	c.(interface{ TypedShortcut(fyne.Shortcut) }).TypedShortcut(sc)
}

// TestUndoRedoKeys presses the keys as the desktop driver sends them. Menu
// items with a CustomShortcut for Ctrl+Z or a canvas shortcut for a custom
// Ctrl+Y never fire there.
func TestUndoRedoKeys(t *testing.T) {
	u := newTestUI(t, newPuzzle(grid.Cubes))
	v := grid.Vec{0, 0, 0}
	tapCell(t, u, v)
	pressShortcut(u, &fyne.ShortcutUndo{})
	if state(u, 0, v) != model.Empty {
		t.Fatal("Ctrl+Z did not undo")
	}
	pressShortcut(u, &fyne.ShortcutRedo{})
	if state(u, 0, v) != model.Filled {
		t.Fatal("Ctrl+Y did not redo")
	}
	pressShortcut(u, &fyne.ShortcutUndo{})
	pressShortcut(u, &desktop.CustomShortcut{KeyName: fyne.KeyZ, Modifier: fyne.KeyModifierControl | fyne.KeyModifierShift})
	if state(u, 0, v) != model.Filled {
		t.Fatal("Ctrl+Shift+Z did not redo")
	}
}

// TestUndoWhileTyping: Ctrl+Z in a name field whose text is not committed
// yet takes back the typing, not the step before it.
func TestUndoWhileTyping(t *testing.T) {
	u := newTestUI(t, newPuzzle(grid.Cubes))
	tapCell(t, u, grid.Vec{0, 0, 0})
	u.win.Canvas().Focus(u.shapes.name)
	u.shapes.name.SetText("bar")
	pressShortcut(u, &fyne.ShortcutUndo{})
	s := u.doc.Puzzle().Shapes[0]
	if s.Name != "" || s.At(grid.Vec{0, 0, 0}).State() != model.Filled {
		t.Fatalf("after Ctrl+Z while typing: name %q, cell %v; want the typing undone and the cell kept", s.Name, s.At(grid.Vec{0, 0, 0}).State())
	}
	if u.shapes.name.Text != "" {
		t.Errorf("the name field shows %q after the undo", u.shapes.name.Text)
	}
	pressShortcut(u, &fyne.ShortcutRedo{})
	if got := u.doc.Puzzle().Shapes[0].Name; got != "bar" {
		t.Errorf("redo brought back name %q", got)
	}
}

func TestLayerKeysAndWheel(t *testing.T) {
	u := newTestUI(t, newPuzzle(grid.Cubes))
	u.shapes.typedKey(&fyne.KeyEvent{Name: fyne.KeyPageUp}, 0)
	u.shapes.editor.Scrolled(&fyne.ScrollEvent{Scrolled: fyne.NewDelta(0, 10)})
	if u.view.Layer != 2 {
		t.Fatalf("layer %d after Page Up and a wheel step", u.view.Layer)
	}
	for i := 0; i < 10; i++ {
		u.shapes.layerStep(1)
	}
	if u.view.Layer != 3 {
		t.Fatalf("layer %d, the space has 4", u.view.Layer)
	}
	if u.shapes.editor.z != 3 {
		t.Fatal("the editor does not show the layer")
	}
}

func TestPreviewClicksAddAndRemove(t *testing.T) {
	p := newPuzzle(grid.Cubes)
	p.Shapes[0].Set(grid.Vec{1, 1, 1}, model.MakeVoxel(model.Filled, 0))
	u := newTestUI(t, p)
	v := u.shapes.preview
	sz := v.Size()
	if sz.Width < 50 || sz.Height < 50 {
		t.Fatalf("the preview is %v: not laid out", sz)
	}
	v.draw(int(sz.Width), int(sz.Height))
	centre := fyne.NewPos(sz.Width/2, sz.Height/2)
	test.TapAt(v, centre)
	if n := u.doc.Puzzle().Shapes[0].Count(model.Filled); n != 2 {
		t.Fatalf("a click on the cube's face left %d cells, want 2", n)
	}
	// The new cell is a face neighbour of the old one.
	var added grid.Vec
	for _, c := range u.doc.Puzzle().Shapes[0].FilledCells() {
		if c.Pos != (grid.Vec{1, 1, 1}) {
			added = c.Pos
		}
	}
	d := added.Sub(grid.Vec{1, 1, 1})
	if abs(d[0])+abs(d[1])+abs(d[2]) != 1 {
		t.Fatalf("added %v, not a face neighbour of (1,1,1)", added)
	}
	v.draw(int(sz.Width), int(sz.Height))
	test.TapSecondaryAt(v, centre)
	if n := u.doc.Puzzle().Shapes[0].Count(model.Filled); n != 1 {
		t.Fatalf("a right click left %d cells, want 1", n)
	}
	u.Undo()
	u.Undo()
	if n := u.doc.Puzzle().Shapes[0].Count(model.Filled); n != 1 || u.doc.CanUndo() {
		t.Fatalf("undo: %d cells", n)
	}
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

func TestSelectingAShapeShowsItsCells(t *testing.T) {
	p := newPuzzle(grid.Cubes)
	s := newShape(grid.Cubes, "high")
	s.Set(grid.Vec{1, 1, 2}, model.MakeVoxel(model.Filled, 0))
	p.AddShape(s)
	u := newTestUI(t, p)
	u.shapes.list.Select(1)
	if u.view.Shape != 1 || u.view.Layer != 2 || u.shapes.editor.z != 2 {
		t.Fatalf("selected shape %d, layer %d (editor %d); want layer 2 where its cell is", u.view.Shape, u.view.Layer, u.shapes.editor.z)
	}
	u.shapes.list.Select(0) // an empty shape keeps the layer
	if u.view.Layer != 2 {
		t.Errorf("layer %d after selecting an empty shape", u.view.Layer)
	}
}

// pressKey delivers a key as Fyne's desktop driver does: to the focused
// widget when there is one, else to the canvas.
func pressKey(u *App, name fyne.KeyName) {
	ev := &fyne.KeyEvent{Name: name}
	c := u.win.Canvas()
	if f := c.Focused(); f != nil {
		f.TypedKey(ev)
		if name == fyne.KeySpace {
			f.TypedRune(' ')
		}
		return
	}
	c.OnTypedKey()(ev)
}

// TestWindowKeysWhateverHasFocus: a click on a check, a select or a slider
// gives it the focus; the window's keys must still work.
func TestWindowKeysWhateverHasFocus(t *testing.T) {
	u := newTestUI(t, newPuzzle(grid.Cubes))
	c := u.win.Canvas()
	sh := u.shapes
	c.Focus(sh.layerSlider)
	pressKey(u, fyne.KeyPageUp)
	pressKey(u, fyne.KeyF6)
	if u.view.Layer != 1 || sh.tool != toolVariable {
		t.Fatalf("with the layer slider focused: layer %d, tool %d; want layer 1, the variable tool", u.view.Layer, sh.tool)
	}
	pressKey(u, fyne.KeyUp) // the slider's own key
	if u.view.Layer != 2 {
		t.Errorf("the arrow key on the layer slider shows layer %d, want 2", u.view.Layer)
	}

	u.setDocument(NewDocument(dominoPuzzle(), ""), "domino")
	u.tabs.SelectIndex(tabSolve)
	st := u.solve
	q := make(uiQueue, 1024)
	st.do, st.launch = q.do, endless
	c.Focus(st.ctl.mirrors)
	pressKey(u, fyne.KeySpace)
	if !st.ctl.mirrors.Checked {
		t.Error("Space on a focused check did not toggle it")
	}
	pressKey(u, fyne.KeyF9)
	if st.run == nil || !st.run.running {
		t.Fatal("F9 with a check focused did not start the solver")
	}
	c.Focus(st.sortBy)
	pressKey(u, fyne.KeyEscape)
	q.pump(t, func() bool { return !st.run.running })
	if st.run.complete || !st.run.stored {
		t.Errorf("Escape with the sort select focused: complete %v, stored %v; want a stopped run", st.run.complete, st.run.stored)
	}
}

// TestNudgeAndFlip: the Move and Flip buttons of the shape editor, each one
// undoable step.
func TestNudgeAndFlip(t *testing.T) {
	p := newPuzzle(grid.Cubes)
	s := &p.Shapes[0]
	s.Set(grid.Vec{0, 0, 0}, model.MakeVoxel(model.Filled, 0))
	s.Set(grid.Vec{1, 0, 0}, model.MakeVoxel(model.Filled, 0))
	s.Set(grid.Vec{0, 1, 0}, model.MakeVoxel(model.Filled, 0))
	u := newTestUI(t, p)
	u.shapes.nudge(grid.Vec{1, 0, 0})
	sh := &u.doc.Puzzle().Shapes[0]
	if sh.At(grid.Vec{0, 0, 0}).State() != model.Empty || sh.At(grid.Vec{2, 0, 0}).State() != model.Filled || sh.At(grid.Vec{1, 1, 0}).State() != model.Filled {
		t.Fatal("nudging along x did not move the cells one step")
	}
	var flipX model.Turn
	for _, tr := range model.Turns(u.g) {
		if strings.HasPrefix(tr.Name, "Flip along X") {
			flipX = tr
		}
	}
	u.shapes.turn(flipX)
	// The L tromino (1,0) (2,0) (1,1) mirrored in x: the arm at y=1 is
	// now at the other end of the bar.
	sh = &u.doc.Puzzle().Shapes[0]
	bar := []grid.Vec{}
	for _, c := range sh.FilledCells() {
		bar = append(bar, c.Pos)
	}
	if len(bar) != 3 {
		t.Fatalf("the flip left %d cells", len(bar))
	}
	lo, _, _ := sh.Bounds()
	if sh.At(lo.Add(grid.Vec{1, 1, 0})).State() != model.Filled || sh.At(lo.Add(grid.Vec{0, 1, 0})).State() != model.Empty {
		t.Fatalf("the flip did not mirror the L: cells %v", bar)
	}
	u.Undo()
	u.Undo()
	if got := u.doc.Puzzle().Shapes[0]; got.At(grid.Vec{0, 1, 0}).State() != model.Filled || got.Count(model.Filled) != 3 || u.doc.CanUndo() {
		t.Fatal("two undos did not bring the shape back")
	}
}

// TestLayerSlider: moving the layer slider shows that layer.
func TestLayerSlider(t *testing.T) {
	u := newTestUI(t, newPuzzle(grid.Cubes))
	sl := u.shapes.layerSlider
	if sl.Max != 3 {
		t.Fatalf("the slider goes up to %v for 4 layers", sl.Max)
	}
	sl.SetValue(2)
	if u.view.Layer != 2 || u.shapes.editor.z != 2 || u.shapes.layerLabel.Text != "z = 2" {
		t.Fatalf("slider at 2: layer %d, editor %d, label %q", u.view.Layer, u.shapes.editor.z, u.shapes.layerLabel.Text)
	}
	tapCell(t, u, grid.Vec{1, 1, 2})
	if state(u, 0, grid.Vec{1, 1, 2}) != model.Filled {
		t.Fatal("a click on layer 2 did not fill its cell")
	}
}

// TestPreviewTurnsWithTheMouse: dragging over the 3D preview turns the
// picture and changes nothing in the puzzle.
func TestPreviewTurnsWithTheMouse(t *testing.T) {
	p := newPuzzle(grid.Cubes)
	p.Shapes[0].Set(grid.Vec{0, 0, 0}, model.MakeVoxel(model.Filled, 0))
	p.Shapes[0].Set(grid.Vec{1, 0, 0}, model.MakeVoxel(model.Filled, 0))
	u := newTestUI(t, p)
	v := u.shapes.preview
	sz := v.Size()
	frame := func() []byte {
		return append([]byte(nil), v.draw(int(sz.Width), int(sz.Height)).(*image.RGBA).Pix...)
	}
	before := frame()
	rot := v.cam.Rot
	from := fyne.NewPos(sz.Width/2, sz.Height/2)
	for k := 1; k <= 4; k++ {
		to := fyne.NewPos(from.X+float32(k)*20, from.Y+float32(k)*5)
		v.Dragged(&fyne.DragEvent{PointEvent: fyne.PointEvent{Position: to}, Dragged: fyne.NewDelta(20, 5)})
	}
	v.DragEnd()
	if v.cam.Rot == rot {
		t.Fatal("dragging did not turn the camera")
	}
	if bytes.Equal(frame(), before) {
		t.Error("the picture is the same after turning")
	}
	if u.doc.CanUndo() || u.doc.Puzzle().Shapes[0].Count(model.Filled) != 2 {
		t.Error("turning the view changed the puzzle")
	}
}

// TestCloseAsksAboutUnsavedChanges: closing the window with unsaved
// changes asks first; Cancel keeps everything, Don't Save closes.
func TestCloseAsksAboutUnsavedChanges(t *testing.T) {
	u := newTestUI(t, newPuzzle(grid.Cubes))
	closed := false
	u.win.SetOnClosed(func() { closed = true })
	tapCell(t, u, grid.Vec{0, 0, 0})
	u.closeRequested()
	b := findButton(t, u, "Cancel")
	if closed || b == nil || findButton(t, u, "Save") == nil || findButton(t, u, "Don't Save") == nil {
		t.Fatalf("closing with unsaved changes did not ask Save / Don't Save / Cancel (closed %v)", closed)
	}
	test.Tap(b)
	if closed || !u.doc.Dirty() || state(u, 0, grid.Vec{0, 0, 0}) != model.Filled || !u.doc.CanUndo() {
		t.Fatalf("Cancel did not keep the puzzle as it was (closed %v)", closed)
	}
	u.closeRequested()
	test.Tap(findButton(t, u, "Don't Save"))
	if !closed {
		t.Error("Don't Save did not close the window")
	}
}

// TestCloseWithoutChangesAsksNothing: a saved or untouched puzzle closes at
// once.
func TestCloseWithoutChangesAsksNothing(t *testing.T) {
	u := newTestUI(t, newPuzzle(grid.Cubes))
	closed := false
	u.win.SetOnClosed(func() { closed = true })
	u.closeRequested()
	if !closed || len(u.win.Canvas().Overlays().List()) != 0 {
		t.Errorf("closing an untouched puzzle: closed %v, %d dialogs", closed, len(u.win.Canvas().Overlays().List()))
	}
}

// TestTooltipDoesNotFollowToAnotherTab: a tooltip due for a button on one
// tab must not appear after the user switched to another.
func TestTooltipDoesNotFollowToAnotherTab(t *testing.T) {
	u := newTestUI(t, newPuzzle(grid.Cubes))
	b := u.shapes.copyBtn
	q := make(uiQueue, 16)
	u.tips.do = q.do
	b.MouseIn(&desktop.MouseEvent{})
	u.tabs.SelectIndex(tabSolve)
	time.Sleep(900 * time.Millisecond) // past the tooltip's delay
	q.drain()
	if u.tips.box.Visible() {
		t.Errorf("the tooltip %q shows on the Solve tab", u.tips.text.Text)
	}
	// On the same tab it does show.
	u.tabs.SelectIndex(tabShapes)
	b.MouseIn(&desktop.MouseEvent{})
	q.pump(t, u.tips.box.Visible)
}

func TestProblemSummaryCounts(t *testing.T) {
	p := &model.Puzzle{Grid: grid.Cubes}
	cube := newShape(grid.Cubes, "cube")
	cube.Set(grid.Vec{}, model.MakeVoxel(model.Filled, 0))
	p.AddShape(cube)
	p.AddShape(cube)
	p.AddProblem("")
	pr := &p.Problems[0]
	pr.Parts = []model.Part{{Shape: 0, Min: 1, Max: 1}}
	if got, want := problemSummary(p, pr), "1 piece. Choose the result shape."; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
	pr.Result = 1
	if got, want := problemSummary(p, pr), "1 piece with 1 cell; the result has 1 cell."; !strings.HasPrefix(got, want) {
		t.Errorf("got %q, want it to start %q", got, want)
	}
	pr.Parts[0].Max = 3
	if got, want := problemSummary(p, pr), "1..3 pieces with 1..3 cells; the result has 1 cell."; !strings.HasPrefix(got, want) {
		t.Errorf("got %q, want it to start %q", got, want)
	}
	pr.Parts[0].Min = 2
	if got, want := problemSummary(p, pr), "The pieces have 1 cell too many."; !strings.HasSuffix(got, want) {
		t.Errorf("got %q, want it to end %q", got, want)
	}
	// Max holes with fixed counts: the holes are known, the limit is
	// ignored (as BurrTools does), and the summary says so.
	big := newShape(grid.Cubes, "big")
	for _, v := range []grid.Vec{{0, 0, 0}, {1, 0, 0}, {2, 0, 0}} {
		big.Set(v, model.MakeVoxel(model.Variable, 0))
	}
	p.AddShape(big)
	pr.Result, pr.Parts[0].Min, pr.Parts[0].Max, pr.MaxHoles = 2, 2, 2, 0
	if got, want := problemSummary(p, pr), "Max holes does not apply: the pieces' cells are fixed, so 1 cell of the result stays empty."; !strings.HasSuffix(got, want) {
		t.Errorf("got %q, want it to end %q", got, want)
	}
}
