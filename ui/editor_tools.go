package ui

import (
	"fmt"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/widget"

	"github.com/burrlab/burrlab/model"
	"github.com/burrlab/burrlab/model/grid"
)

// This file holds the shape editor's drawing modes (rectangle and column
// drawing) and its whole-shape tools (fill holes, the inside/outside tools,
// centre, and "apply to all shapes"), with their buttons, menu items and
// shortcuts. The drawing itself is in editor_draw.go, the algorithms in
// model/shapetools.go.

// editorTools is the state of those tools and the widgets that show it.
type editorTools struct {
	rect      bool    // a drag draws a rectangle
	column    [3]bool // edits reach the whole row along each axis
	allShapes bool    // whole-shape tools change every shape

	rectBtn   *tipButton
	columnBtn [3]*tipButton
	allBtn    *tipButton
	buttons   []fyne.Disableable // the tool buttons, off when there is no shape
	popup     *widget.PopUpMenu  // the last inside/outside menu shown

	rectItem   *fyne.MenuItem
	columnItem [3]*fyne.MenuItem
	mirrorItem [3]*fyne.MenuItem
	allItem    *fyne.MenuItem
}

// alt returns the Alt+key shortcut, shift adding Shift.
func alt(k fyne.KeyName, shift bool) *desktop.CustomShortcut {
	m := fyne.KeyModifierAlt
	if shift {
		m |= fyne.KeyModifierShift
	}
	return &desktop.CustomShortcut{KeyName: k, Modifier: m}
}

// axisKeys are the keys of the X, Y and Z toggles.
var axisKeys = [3]fyne.KeyName{fyne.KeyX, fyne.KeyY, fyne.KeyZ}

// spaceTool is one of the inside/outside tools.
type spaceTool struct {
	action model.SpaceAction
	inside bool
	name   string // for the undo label and the menu
	key    fyne.KeyName
	shift  bool // the shortcut is Alt+Shift+key
}

var spaceTools = []spaceTool{
	{model.MakeFixed, true, "Make Inside Fixed", fyne.KeyI, false},
	{model.MakeVariable, true, "Make Inside Variable", fyne.KeyI, true},
	{model.RemoveColor, true, "Remove Colours Inside", fyne.KeyU, false},
	{model.MakeFixed, false, "Make Outside Fixed", fyne.KeyO, false},
	{model.MakeVariable, false, "Make Outside Variable", fyne.KeyO, true},
	{model.RemoveColor, false, "Remove Colours Outside", fyne.KeyU, true},
}

// drawingButtons returns the rectangle and column drawing toggles.
func (t *shapesTab) drawingButtons() fyne.CanvasObject {
	d := &t.tools
	d.rectBtn = newTipButton("Rectangle", iconRes("rectangle.svg"),
		"Rectangle drawing: drag a rectangle over the layer, the cells inside are set or cleared when you let go (Alt+R)", t.u, t.toggleRect)
	objs := []fyne.CanvasObject{d.rectBtn, widget.NewSeparator(), widget.NewLabel("Column")}
	for k := 0; k < 3; k++ {
		k := k
		d.columnBtn[k] = newTipButton(string("XYZ"[k]), iconRes("column.svg"),
			fmt.Sprintf("Column drawing: edits reach the whole row of cells along %c (Alt+%c)", "XYZ"[k], "XYZ"[k]), t.u, func() { t.toggleColumn(k) })
		objs = append(objs, d.columnBtn[k])
	}
	return container.NewHBox(objs...)
}

// toolsRow returns the buttons of the whole-shape tools. The six
// inside/outside tools sit behind two buttons that open a menu each.
func (t *shapesTab) toolsRow() fyne.CanvasObject {
	d := &t.tools
	holes := newTipButton("Holes", iconRes("fill-holes.svg"), "Fill holes: fill the cells no path of empty or variable cells joins to the outside (Alt+H)", t.u, t.fillHoles)
	var inside, outside *tipButton
	inside = newTipButton("Inside", iconRes("inside.svg"), "Inside cells (all face neighbours in the shape): make them fixed (Alt+I), variable (Alt+Shift+I) or remove their colours (Alt+U)", t.u, func() { t.spaceToolMenu(inside, true) })
	outside = newTipButton("Outside", iconRes("outside.svg"), "Outside cells (an empty face neighbour): make them fixed (Alt+O), variable (Alt+Shift+O) or remove their colours (Alt+Shift+U)", t.u, func() { t.spaceToolMenu(outside, false) })
	centre := newTipButton("Centre", iconRes("centre.svg"), "Centre: move the shape to the middle of its space (Alt+C)", t.u, t.centre)
	d.allBtn = newTipButton("All shapes", iconRes("scale.svg"),
		"Apply to all shapes: turn, flip, nudge, size, minimise, centre and the tools change every shape at once (Alt+A)", t.u, t.toggleAllShapes)
	d.buttons = append(d.buttons, holes, inside, outside, centre)
	return container.NewHScroll(container.NewHBox(widget.NewLabel("Tools"), holes, inside, outside, widget.NewSeparator(), centre, widget.NewSeparator(), d.allBtn))
}

// spaceToolMenu opens the menu of the inside or the outside tools under
// button b.
func (t *shapesTab) spaceToolMenu(b fyne.CanvasObject, inside bool) {
	var items []*fyne.MenuItem
	for i, st := range spaceTools {
		i := i
		if st.inside == inside {
			items = append(items, fyne.NewMenuItem(st.name, func() { t.spaceTool(i) }))
		}
	}
	c := t.u.fyne.Driver().CanvasForObject(b)
	if c == nil {
		return
	}
	pos := t.u.fyne.Driver().AbsolutePositionForObject(b).Add(fyne.NewPos(0, b.Size().Height))
	t.tools.popup = widget.NewPopUpMenu(fyne.NewMenu("", items...), c)
	t.tools.popup.ShowAtPosition(pos)
}

// editorMenuItems returns the Edit menu's entries for the drawing modes and
// the shape tools.
func (u *App) editorMenuItems() []*fyne.MenuItem {
	t := u.shapes
	d := &t.tools
	d.rectItem = fyne.NewMenuItem("Rectangle Drawing", t.toggleRect)
	d.rectItem.Shortcut = alt(fyne.KeyR, false)
	drawing := []*fyne.MenuItem{d.rectItem, fyne.NewMenuItemSeparator()}
	for k := 0; k < 3; k++ {
		k := k
		d.columnItem[k] = fyne.NewMenuItem(fmt.Sprintf("Column Along %c", "XYZ"[k]), func() { t.toggleColumn(k) })
		d.columnItem[k].Shortcut = alt(axisKeys[k], false)
		drawing = append(drawing, d.columnItem[k])
	}
	drawing = append(drawing, fyne.NewMenuItemSeparator())
	for k := 0; k < 3; k++ {
		k := k
		d.mirrorItem[k] = fyne.NewMenuItem(fmt.Sprintf("Mirror Along %c", "XYZ"[k]), func() { t.toggleMirror(k) })
		d.mirrorItem[k].Shortcut = alt(axisKeys[k], true)
		drawing = append(drawing, d.mirrorItem[k])
	}
	drawMenu := fyne.NewMenuItem("Drawing", nil)
	drawMenu.ChildMenu = fyne.NewMenu("", drawing...)

	holes := fyne.NewMenuItem("Fill Holes", t.fillHoles)
	holes.Shortcut = alt(fyne.KeyH, false)
	tools := []*fyne.MenuItem{holes, fyne.NewMenuItemSeparator()}
	for i, st := range spaceTools {
		i := i
		it := fyne.NewMenuItem(st.name, func() { t.spaceTool(i) })
		it.Shortcut = alt(st.key, st.shift)
		tools = append(tools, it)
	}
	centre := fyne.NewMenuItem("Centre", t.centre)
	centre.Shortcut = alt(fyne.KeyC, false)
	minimise := fyne.NewMenuItem("Minimise", func() {
		t.toolEdit("minimise", func(s *model.Shape, g grid.Grid) error { return s.Minimize(g) })
	})
	minimise.Shortcut = alt(fyne.KeyM, false)
	shrink := fyne.NewMenuItem("Scale Down", t.shrink)
	shrink.Shortcut = alt(fyne.KeyS, false)
	d.allItem = fyne.NewMenuItem("Apply to All Shapes", t.toggleAllShapes)
	d.allItem.Shortcut = alt(fyne.KeyA, false)
	tools = append(tools, fyne.NewMenuItemSeparator(), centre, minimise, shrink, fyne.NewMenuItemSeparator(), d.allItem)
	toolMenu := fyne.NewMenuItem("Shape Tools", nil)
	toolMenu.ChildMenu = fyne.NewMenu("", tools...)
	t.refreshDrawingTools()
	return []*fyne.MenuItem{fyne.NewMenuItemSeparator(), drawMenu, toolMenu}
}

func (t *shapesTab) toggleRect() {
	t.tools.rect = !t.tools.rect
	t.refreshTools()
}

func (t *shapesTab) toggleColumn(k int) {
	t.tools.column[k] = !t.tools.column[k]
	t.refreshTools()
}

func (t *shapesTab) toggleMirror(k int) {
	t.mirror[k] = !t.mirror[k]
	t.refreshTools()
}

func (t *shapesTab) toggleAllShapes() {
	t.tools.allShapes = !t.tools.allShapes
	t.refreshTools()
}

// rectangle implements editorHost.
func (t *shapesTab) rectangle() bool { return t.tools.rect }

// refreshDrawingTools shows the toggles' state on the buttons and in the
// menu.
func (t *shapesTab) refreshDrawingTools() {
	d := &t.tools
	if d.rectBtn != nil {
		d.rectBtn.setOn(d.rect)
		for k, b := range d.columnBtn {
			b.setOn(d.column[k])
		}
		d.allBtn.setOn(d.allShapes)
	}
	if d.rectItem == nil {
		return
	}
	changed := d.rectItem.Checked != d.rect || d.allItem.Checked != d.allShapes
	d.rectItem.Checked, d.allItem.Checked = d.rect, d.allShapes
	for k := 0; k < 3; k++ {
		changed = changed || d.columnItem[k].Checked != d.column[k] || d.mirrorItem[k].Checked != t.mirror[k]
		d.columnItem[k].Checked, d.mirrorItem[k].Checked = d.column[k], t.mirror[k]
	}
	if changed && t.u.menu != nil {
		t.u.menu.Refresh()
	}
}

// shapeTargets returns the shapes a whole-shape tool changes and how the
// undo label names them: the selected shape, or all with "apply to all
// shapes".
func (t *shapesTab) shapeTargets() ([]int, string) {
	_, i := t.editTarget()
	if i < 0 {
		return nil, ""
	}
	if !t.tools.allShapes {
		return []int{i}, fmt.Sprintf("S%d", i+1)
	}
	all := make([]int, len(t.u.doc.Puzzle().Shapes))
	for k := range all {
		all[k] = k
	}
	return all, "all shapes"
}

// toolEdit runs a whole-shape tool from a menu or a key: it shows the
// Shapes tab, where the change can be seen, and reports when nothing
// changed.
func (t *shapesTab) toolEdit(label string, f func(s *model.Shape, g grid.Grid) error) {
	if t.u.tabs.SelectedIndex() != tabShapes {
		t.u.tabs.SelectIndex(tabShapes)
	}
	before := t.u.doc.id
	t.shapeEdit(label, f)
	if t.u.doc.id == before {
		_, what := t.shapeTargets()
		t.u.setStatus(fmt.Sprintf("%s %s: nothing to change", capitalize(label), what))
	}
}

func (t *shapesTab) fillHoles() {
	t.toolEdit("fill holes in", func(s *model.Shape, g grid.Grid) error {
		s.FillHoles(g)
		return nil
	})
}

func (t *shapesTab) spaceTool(i int) {
	st := spaceTools[i]
	t.toolEdit(strings.ToLower(st.name)+" in", func(s *model.Shape, g grid.Grid) error {
		s.ActOnSpace(g, st.action, st.inside)
		return nil
	})
}

func (t *shapesTab) centre() {
	t.toolEdit("centre", func(s *model.Shape, g grid.Grid) error { return s.Centre(g) })
}

// shrinkButton returns the button of the scale-down tool, which the Size
// row shows in the cube grid, the only one where BurrTools has it.
func (t *shapesTab) shrinkButton() *tipButton {
	return newTipButton("", iconRes("shrink.svg"), "Scale down: shrink the shape as far as it stays exact; with All shapes, all by one factor (Alt+S)", t.u, t.shrink)
}

// shrink scales the selected shape, or all shapes together, down by the
// largest factor that keeps them exact, as one step.
func (t *shapesTab) shrink() {
	if t.u.tabs.SelectedIndex() != tabShapes {
		t.u.tabs.SelectIndex(tabShapes)
	}
	targets, what := t.shapeTargets()
	if len(targets) == 0 {
		return
	}
	factor := 1
	if t.u.edit("scale down "+what, func(p *model.Puzzle) error {
		shapes := make([]*model.Shape, len(targets))
		for k, i := range targets {
			shapes[k] = &p.Shapes[i]
		}
		var err error
		if factor, err = model.ShrinkShapes(t.u.g, shapes); err != nil {
			return err
		}
		if factor == 1 {
			return errNoChange
		}
		for _, i := range targets {
			p.ShapeChanged(i)
		}
		return nil
	}) {
		if factor == 1 {
			t.u.setStatus(fmt.Sprintf("%s cannot be scaled down: no factor keeps it exact", what))
		} else {
			t.u.setStatus(fmt.Sprintf("Scaled %s down by %d", what, factor))
		}
	}
}
