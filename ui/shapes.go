package ui

import (
	"fmt"
	"image/color"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/burrlab/burrlab/assets"
	"github.com/burrlab/burrlab/model"
	"github.com/burrlab/burrlab/model/grid"
)

// shapesTab is the shape editor: the list of shapes with their properties,
// the layer editor with its tools, and a 3D preview.
type shapesTab struct {
	u       *App
	content fyne.CanvasObject

	list    *navList
	name    *commitEntry
	weight  *spin
	size    [3]*spin
	editor  *layerEditor
	preview *view3D
	info    *shapeInfoPanel

	layerSlider *keySlider
	layerLabel  *widget.Label
	layerUp     *tipButton
	layerDown   *tipButton
	settingUI   bool   // true while refresh sets widget values
	note        string // a status message the next hover must not hide

	tool   tool
	color  int
	mirror [3]bool
	tools  editorTools // rectangle and column drawing, whole-shape tools

	toolButtons   [4]*tipButton
	mirrorButtons [3]*tipButton
	colorRow      *fyne.Container
	colorEdit     *tipButton
	colorDelete   *tipButton

	turnRow   *fyne.Container
	shapeBtns []fyne.Disableable // disabled when there is no shape
	copyBtn   *tipButton
	deleteBtn *tipButton
	upBtn     *tipButton
	downBtn   *tipButton
}

func iconRes(name string) fyne.Resource {
	b, err := assets.Icon(name)
	if err != nil {
		return theme.QuestionIcon()
	}
	return theme.NewThemedResource(fyne.NewStaticResource(name, b))
}

func newShapesTab(u *App) *shapesTab {
	t := &shapesTab{u: u}

	// The list of shapes.
	t.list = newNavList(
		func() int { return len(u.doc.Puzzle().Shapes) },
		func() fyne.CanvasObject {
			sw := canvas.NewRectangle(color.Black)
			sw.SetMinSize(fyne.NewSize(14, 14))
			sw.CornerRadius = 3
			count := widget.NewLabel("")
			count.Importance = widget.LowImportance
			name := widget.NewLabel("")
			name.Truncation = fyne.TextTruncateEllipsis
			return container.NewBorder(nil, nil, container.NewCenter(sw), count, name)
		},
		func(i widget.ListItemID, o fyne.CanvasObject) {
			p := u.doc.Puzzle()
			if i >= len(p.Shapes) {
				return
			}
			s := &p.Shapes[i]
			c := o.(*fyne.Container)
			c.Objects[0].(*widget.Label).SetText(shapeLabel(p, i))
			c.Objects[1].(*fyne.Container).Objects[0].(*canvas.Rectangle).FillColor = pieceColor(i)
			c.Objects[1].(*fyne.Container).Objects[0].Refresh()
			c.Objects[2].(*widget.Label).SetText(fmt.Sprintf("%d", s.NumCells()))
		}, u)
	t.list.OnSelected = func(i widget.ListItemID) {
		if t.settingUI || i == u.view.Shape {
			return
		}
		u.view.Shape = i
		u.view.Layer = t.usefulLayer(i, u.view.Layer)
		u.refresh()
	}

	add := newTipButton("", theme.ContentAddIcon(), "Add a new empty shape", u, t.addShape)
	t.copyBtn = newTipButton("", theme.ContentCopyIcon(), "Add a copy of the selected shape", u, t.copyShape)
	t.deleteBtn = newTipButton("", theme.DeleteIcon(), "Delete the selected shape (problems drop it)", u, t.deleteShape)
	t.upBtn = newTipButton("", theme.MoveUpIcon(), "Move the shape up the list", u, func() { t.moveShape(-1) })
	t.downBtn = newTipButton("", theme.MoveDownIcon(), "Move the shape down the list", u, func() { t.moveShape(1) })
	listButtons := container.NewHBox(add, t.copyBtn, t.deleteBtn, layout.NewSpacer(), t.upBtn, t.downBtn)

	// Properties of the selected shape.
	t.name = newCommitEntry(t.rename)
	t.name.SetPlaceHolder("name")
	t.weight = newSpin(1, 1000000, "Weight: the disassembler keeps heavier pieces still", u)
	t.weight.OnChanged = t.setWeight
	for k := 0; k < 3; k++ {
		k := k
		t.size[k] = newSpin(1, 256, fmt.Sprintf("Size of the space along %c", "XYZ"[k]), u)
		t.size[k].OnChanged = func(v int) { t.resize(k, v) }
	}
	form := widget.NewForm(
		widget.NewFormItem("Name", t.name),
		widget.NewFormItem("Weight", t.weight.box),
		widget.NewFormItem("Size X", t.size[0].box),
		widget.NewFormItem("Size Y", t.size[1].box),
		widget.NewFormItem("Size Z", t.size[2].box),
	)
	heading := widget.NewLabelWithStyle("Shapes", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	left := container.NewBorder(heading, container.NewVBox(listButtons, widget.NewSeparator(), form), nil, nil, t.list)

	// The editor and its tools.
	t.editor = newLayerEditor(t)
	toolTips := [4]string{
		"Fill: click cells to fill them, click again to empty (F5)",
		"Variable: cells a result may leave empty (F6)",
		"Erase: empty cells (F7)",
		"Colour: give cells the selected constraint colour (F8)",
	}
	toolNames := [4]string{"Fill", "Variable", "Erase", "Colour"}
	toolIcons := [4]fyne.Resource{theme.ContentAddIcon(), iconRes("variable.svg"), theme.ContentClearIcon(), theme.ColorPaletteIcon()}
	for i := range t.toolButtons {
		i := i
		t.toolButtons[i] = newTipButton(toolNames[i], toolIcons[i], toolTips[i], u, func() { t.setTool(tool(i)) })
	}
	for k := 0; k < 3; k++ {
		k := k
		t.mirrorButtons[k] = newTipButton(string("XYZ"[k]), iconRes("flip.svg"),
			fmt.Sprintf("Mirror edits across the middle of the space along %c", "XYZ"[k]), u, func() {
				t.mirror[k] = !t.mirror[k]
				t.refreshTools()
			})
	}
	t.colorRow = container.NewHBox()
	t.colorEdit = newTipButton("", theme.ColorChromaticIcon(), "Change the selected constraint colour", u, t.editColor)
	t.colorDelete = newTipButton("", theme.DeleteIcon(), "Remove the selected constraint colour (its cells become neutral)", u, t.deleteColor)
	addColor := newTipButton("", theme.ContentAddIcon(), "Add a constraint colour", u, t.addColor)
	for _, b := range []*tipButton{t.colorEdit, t.colorDelete, addColor} {
		b.Importance = widget.LowImportance
	}
	tools := container.NewHBox(t.toolButtons[0], t.toolButtons[1], t.toolButtons[2], t.toolButtons[3])
	colors := container.NewHBox(t.colorRow, addColor, t.colorEdit, t.colorDelete)
	mirrors := newFlow(container.NewHBox(widget.NewLabel("Mirror"), t.mirrorButtons[0], t.mirrorButtons[1], t.mirrorButtons[2]),
		container.NewHBox(widget.NewSeparator(), t.drawingButtons()))
	toolbar := container.NewVBox(
		container.NewBorder(nil, nil, tools, nil, container.NewHScroll(colors)),
		mirrors)

	t.layerSlider = newKeySlider(0, 1, arrowKeys, u.passKey)
	t.layerSlider.Orientation = widget.Vertical
	t.layerSlider.OnChanged = func(v float64) {
		if !t.settingUI {
			t.setLayer(int(v))
		}
	}
	t.layerLabel = widget.NewLabel("")
	t.layerLabel.Alignment = fyne.TextAlignCenter
	t.layerUp = newTipButton("", theme.MoveUpIcon(), "Layer up (Page Up, wheel)", u, func() { t.layerStep(1) })
	t.layerDown = newTipButton("", theme.MoveDownIcon(), "Layer down (Page Down, wheel)", u, func() { t.layerStep(-1) })
	layers := container.NewBorder(container.NewVBox(t.layerLabel, t.layerUp), t.layerDown, nil, nil, t.layerSlider)

	t.turnRow = container.NewHBox()
	editorArea := container.NewBorder(toolbar, container.NewVBox(t.turnRow, t.toolsRow()), nil, layers, t.editor)

	t.preview = newView3D(u)
	t.preview.onPick = t.pick
	t.info = newShapeInfoPanel(u)
	previewBox := container.NewBorder(widget.NewLabelWithStyle("3D view", fyne.TextAlignLeading, fyne.TextStyle{Bold: true}), nil, nil, nil,
		newShrinkBottom(t.preview, container.NewVBox(wrappedLabel("Drag to turn · wheel to zoom · click a face to add a cell, right click to remove · focused (after a drag, or Tab), the arrows turn it, + and − zoom, 0 resets"), t.info.content), 120))

	right := container.NewHSplit(editorArea, previewBox)
	right.Offset = 0.56
	split := container.NewHSplit(left, right)
	split.Offset = 0.2
	t.content = split
	t.shapeBtns = append([]fyne.Disableable{t.name, t.copyBtn, t.deleteBtn}, t.tools.buttons...)
	return t
}

// shapeLabel names shape i as BurrTools does (S1, S2, ...) with its name.
func shapeLabel(p *model.Puzzle, i int) string {
	if i < 0 || i >= len(p.Shapes) {
		return "none"
	}
	if n := p.Shapes[i].Name; n != "" {
		return fmt.Sprintf("S%d · %s", i+1, n)
	}
	return fmt.Sprintf("S%d", i+1)
}

// usefulLayer keeps layer z for shape i if it shows any cell of it, and
// otherwise returns the lowest layer that does, so that selecting a shape
// never shows an empty layer of a shape that has cells.
func (t *shapesTab) usefulLayer(i, z int) int {
	p := t.u.doc.Puzzle()
	if i < 0 || i >= len(p.Shapes) {
		return z
	}
	s := &p.Shapes[i]
	lo, _, ok := s.Bounds()
	if !ok {
		return z
	}
	for k, v := range s.Voxels {
		if v.State() != model.Empty && s.Pos(k)[2] == z {
			return z
		}
	}
	return lo[2]
}

// gridChanged rebuilds the grid-specific tools.
func (t *shapesTab) gridChanged() {
	g := t.u.g
	turns := []fyne.CanvasObject{widget.NewLabel("Turn")}
	flips := []fyne.CanvasObject{widget.NewLabel("Flip")}
	for _, turn := range model.Turns(g) {
		turn := turn
		label := ""
		for _, ax := range []string{"X", "Y", "Z"} {
			if strings.Contains(turn.Name, "about "+ax) || strings.Contains(turn.Name, "along "+ax) {
				label = ax
			}
		}
		if strings.HasPrefix(turn.Name, "Flip") {
			flips = append(flips, newTipButton(label, iconRes("flip.svg"), turn.Name, t.u, func() { t.turn(turn) }))
			continue
		}
		icon := iconRes("rotate-ccw.svg")
		if !strings.Contains(turn.Name, "anticlockwise") {
			icon = iconRes("rotate-cw.svg")
		}
		turns = append(turns, newTipButton(label, icon, turn.Name, t.u, func() { t.turn(turn) }))
	}
	moves := []fyne.CanvasObject{widget.NewLabel("Move")}
	arrows := [3][2]fyne.Resource{
		{theme.NavigateBackIcon(), theme.NavigateNextIcon()},
		{theme.MoveDownIcon(), theme.MoveUpIcon()},
		{theme.MoveDownIcon(), theme.MoveUpIcon()},
	}
	for axis := 0; axis < 3; axis++ {
		step := model.LatticeStep(g, axis)
		for k, sign := range []int{-1, 1} {
			var d grid.Vec
			d[axis] = sign * step
			name := fmt.Sprintf("Nudge the shape %s along %c", map[int]string{-1: "down", 1: "up"}[sign], "XYZ"[axis])
			label := ""
			if axis == 2 {
				label = "Z"
			}
			moves = append(moves, newTipButton(label, arrows[axis][k], name, t.u, func() { t.nudge(d) }))
		}
	}
	sizes := []fyne.CanvasObject{widget.NewLabel("Size"),
		newTipButton("", iconRes("minimize.svg"), "Minimise: crop the space to the shape", t.u, t.minimize)}
	if g.Type() != grid.Spheres {
		sizes = append(sizes,
			newTipButton("×2", iconRes("scale.svg"), "Double the size of the shape", t.u, func() { t.scale(2) }),
			newTipButton("×3", iconRes("scale.svg"), "Triple the size of the shape", t.u, func() { t.scale(3) }))
	}
	if g.Type() == grid.Cubes {
		sizes = append(sizes, t.shrinkButton())
	}
	row1 := append(turns, widget.NewSeparator())
	row1 = append(row1, flips...)
	row2 := append(moves, widget.NewSeparator())
	row2 = append(row2, sizes...)
	t.turnRow.Objects = []fyne.CanvasObject{container.NewVBox(
		// Groups wrap whole where the editor is narrow.
		newFlow(container.NewHBox(turns...), container.NewHBox(append([]fyne.CanvasObject{widget.NewSeparator()}, flips...)...)),
		newFlow(container.NewHBox(moves...), container.NewHBox(append([]fyne.CanvasObject{widget.NewSeparator()}, sizes...)...)))}
	t.turnRow.Layout = layout.NewStackLayout()
	t.turnRow.Refresh()
	t.shapeBtns = append([]fyne.Disableable{t.name, t.copyBtn, t.deleteBtn}, t.tools.buttons...)
	for _, o := range append(row1, row2...) {
		if b, ok := o.(*tipButton); ok {
			t.shapeBtns = append(t.shapeBtns, b)
		}
	}
	t.editor.lay = nil
	t.preview.reset()
}

// editTarget implements editorHost.
func (t *shapesTab) editTarget() (*model.Shape, int) {
	p := t.u.doc.Puzzle()
	i := t.u.view.Shape
	if i < 0 || i >= len(p.Shapes) {
		return nil, -1
	}
	return &p.Shapes[i], i
}

func (t *shapesTab) grid() grid.Grid { return t.u.g }

func (t *shapesTab) brush() (tool, int, [3]bool, [3]bool) {
	return t.tool, t.color, t.mirror, t.tools.column
}

func (t *shapesTab) pieceColor() color.RGBA { return pieceColor(t.u.view.Shape) }

func (t *shapesTab) constraintColor(n int) color.RGBA {
	return constraintColor(t.u.doc.Puzzle(), n)
}

// beginStroke opens one undo step for a click or a drag.
func (t *shapesTab) beginStroke() {
	_, i := t.editTarget()
	t.u.doc.Begin(fmt.Sprintf("draw in S%d", i+1), t.u.view)
}

// paint applies f to the given cells of the edited shape, inside the open
// stroke.
func (t *shapesTab) paint(cells []grid.Vec, f func(model.Voxel) model.Voxel) {
	_, i := t.editTarget()
	if i < 0 {
		return
	}
	g := t.u.g
	cleared := 0
	err := t.u.doc.Apply(func(p *model.Puzzle) error {
		s := &p.Shapes[i]
		changed := false
		for _, v := range cells {
			if s.Index(v) < 0 || !g.Valid(v) {
				continue
			}
			if old := s.At(v); f(old) != old {
				s.Set(v, f(old))
				changed = true
			}
		}
		if !changed {
			return errNoChange
		}
		s.ResetHotspot(g)
		cleared = p.ShapeChanged(i)
		return nil
	})
	if err != nil {
		t.u.showError(err)
	}
	if cleared > 0 {
		t.note = fmt.Sprintf("Cleared the solutions of %s that use S%d; Undo brings them back", count(cleared, "problem", "problems"), i+1)
		t.u.setStatus(t.note)
	}
	t.editor.Refresh()
	t.preview.changed()
	t.list.RefreshItem(i)
}

func (t *shapesTab) endStroke() {
	t.u.doc.Commit()
	t.u.refresh()
}

func (t *shapesTab) hover(v grid.Vec, ok bool) {
	s, i := t.editTarget()
	if !ok || s == nil {
		t.u.hoverStatus("")
		return
	}
	if t.note != "" {
		// Leave a note about the last edit up until the pointer moves on.
		t.note = ""
		return
	}
	x := s.At(v)
	state := map[model.State]string{model.Empty: "empty", model.Filled: "filled", model.Variable: "variable"}[x.State()]
	if c := x.Color(); c != 0 && x.State() != model.Empty {
		state += fmt.Sprintf(", colour %d", c)
	}
	t.u.hoverStatus(fmt.Sprintf("S%d · cell (%d, %d, %d) · %s", i+1, v[0], v[1], v[2], state))
}

// layerStep moves the edited layer by d.
func (t *shapesTab) layerStep(d int) { t.setLayer(t.u.view.Layer + d) }

func (t *shapesTab) setLayer(z int) {
	s, _ := t.editTarget()
	if s == nil {
		return
	}
	z = max(0, min(z, s.Size[2]-1))
	if z == t.u.view.Layer && t.editor.z == z {
		return
	}
	t.u.view.Layer = z
	t.refreshLayer()
}

func (t *shapesTab) typedKey(ev *fyne.KeyEvent, mod fyne.KeyModifier) {
	switch keyActionOf(secEditor, ev, mod) {
	case keyLayerUp:
		t.layerStep(1)
	case keyLayerDown:
		t.layerStep(-1)
	case keyToolFill:
		t.setTool(toolFill)
	case keyToolVariable:
		t.setTool(toolVariable)
	case keyToolErase:
		t.setTool(toolErase)
	case keyToolColor:
		t.setTool(toolColor)
	}
}

func (t *shapesTab) setTool(k tool) {
	t.tool = k
	t.refreshTools()
}

// refresh shows the document's state.
func (t *shapesTab) refresh() {
	t.settingUI = true
	defer func() { t.settingUI = false }()
	p := t.u.doc.Puzzle()
	s, i := t.editTarget()
	t.list.Refresh()
	if i >= 0 {
		t.list.Select(i)
	} else {
		t.list.UnselectAll()
	}
	for _, b := range t.shapeBtns {
		setEnabled(b, s != nil)
	}
	setEnabled(t.upBtn, i > 0)
	setEnabled(t.downBtn, i >= 0 && i < len(p.Shapes)-1)
	if s != nil {
		t.name.SetText(s.Name)
		t.weight.set(s.Weight)
		for k := 0; k < 3; k++ {
			t.size[k].set(s.Size[k])
		}
	} else {
		t.name.SetText("")
	}
	t.weight.enable(s != nil)
	for k := 0; k < 3; k++ {
		t.size[k].enable(s != nil)
	}
	t.refreshColors()
	t.refreshTools()
	t.refreshLayer()
	t.preview.showShape(i)
	t.info.show(i)
}

func (t *shapesTab) refreshLayer() {
	s, _ := t.editTarget()
	if s == nil {
		t.layerLabel.SetText("")
		t.layerSlider.Hide()
		t.editor.Refresh()
		return
	}
	t.layerSlider.Show()
	t.u.view.Layer = max(0, min(t.u.view.Layer, s.Size[2]-1))
	z := t.u.view.Layer
	old := t.settingUI
	t.settingUI = true
	t.layerSlider.Max = float64(max(1, s.Size[2]-1))
	t.layerSlider.SetValue(float64(z))
	t.layerSlider.Refresh() // SetValue does not when z stays: Max may have changed
	t.settingUI = old
	setEnabled(t.layerSlider, s.Size[2] > 1)
	setEnabled(t.layerUp, z < s.Size[2]-1)
	setEnabled(t.layerDown, z > 0)
	t.layerLabel.SetText(fmt.Sprintf("z = %d", z))
	t.editor.setLayer(z)
}

func (t *shapesTab) refreshTools() {
	for i, b := range t.toolButtons {
		b.setOn(tool(i) == t.tool)
	}
	for k, b := range t.mirrorButtons {
		b.setOn(t.mirror[k])
	}
	t.refreshDrawingTools()
	t.editor.Refresh()
}

// refreshColors rebuilds the constraint colour swatches.
func (t *shapesTab) refreshColors() {
	p := t.u.doc.Puzzle()
	if t.color > len(p.Colors) {
		t.color = 0
	}
	objs := make([]fyne.CanvasObject, 0, len(p.Colors)+1)
	for n := 0; n <= len(p.Colors); n++ {
		n := n
		tip := "Neutral: fits any colour"
		label := "–"
		if n > 0 {
			tip = fmt.Sprintf("Constraint colour %d", n)
			label = fmt.Sprint(n)
		}
		sw := newSwatch(constraintColor(p, n), label, tip, t.u, func() {
			t.color = n
			if t.tool == toolErase {
				t.tool = toolColor
			}
			t.refreshColors()
			t.refreshTools()
		})
		sw.selected = n == t.color
		objs = append(objs, sw)
	}
	t.colorRow.Objects = objs
	t.colorRow.Refresh()
	setEnabled(t.colorEdit, t.color > 0)
	setEnabled(t.colorDelete, t.color > 0)
}

// --- edits ---------------------------------------------------------------

func (t *shapesTab) addShape() {
	var idx int
	t.u.edit("add a shape", func(p *model.Puzzle) error {
		idx = p.AddShape(newShape(p.Grid, ""))
		return nil
	})
	t.u.view.Shape, t.u.view.Layer = idx, 0
	t.u.refresh()
}

func (t *shapesTab) copyShape() {
	_, i := t.editTarget()
	var idx int
	if t.u.edit(fmt.Sprintf("copy S%d", i+1), func(p *model.Puzzle) (err error) {
		idx, err = p.CopyShape(i)
		return err
	}) {
		t.u.view.Shape = idx
		t.u.refresh()
	}
}

func (t *shapesTab) deleteShape() {
	_, i := t.editTarget()
	if i < 0 {
		return
	}
	p := t.u.doc.Puzzle()
	var users []string
	for k := range p.Problems {
		if p.Problems[k].UsesShape(i) {
			users = append(users, problemLabel(p, k))
		}
	}
	do := func() {
		t.u.edit(fmt.Sprintf("delete S%d", i+1), func(p *model.Puzzle) error { return p.DeleteShape(i) })
	}
	if len(users) == 0 {
		do()
		return
	}
	dialog.ShowConfirm("Delete Shape", fmt.Sprintf("%s is used by %s.\nDelete it and drop it from those problems?", shapeLabel(p, i), strings.Join(users, ", ")),
		func(ok bool) {
			if ok {
				do()
			}
		}, t.u.win)
}

func (t *shapesTab) moveShape(d int) {
	_, i := t.editTarget()
	j := i + d
	if t.u.edit(fmt.Sprintf("move S%d", i+1), func(p *model.Puzzle) error { return p.MoveShape(i, j) }) {
		t.u.view.Shape = j
		t.u.refresh()
	}
}

func (t *shapesTab) rename(name string) {
	if t.settingUI {
		return
	}
	_, i := t.editTarget()
	if i < 0 {
		return
	}
	name = strings.TrimSpace(name)
	t.u.edit(fmt.Sprintf("rename S%d", i+1), func(p *model.Puzzle) error {
		if p.Shapes[i].Name == name {
			return errNoChange
		}
		p.Shapes[i].Name = name
		return nil
	})
}

func (t *shapesTab) setWeight(w int) {
	_, i := t.editTarget()
	if i < 0 {
		return
	}
	t.u.edit(fmt.Sprintf("set the weight of S%d", i+1), func(p *model.Puzzle) error {
		if p.Shapes[i].Weight == w {
			return errNoChange
		}
		return p.SetWeight(i, w)
	})
}

// shapeEdit runs a geometric edit of the selected shape, or of every shape
// with "apply to all shapes", as one step.
func (t *shapesTab) shapeEdit(label string, f func(s *model.Shape, g grid.Grid) error) {
	targets, what := t.shapeTargets()
	if len(targets) == 0 {
		return
	}
	cleared := 0
	if t.u.edit(fmt.Sprintf("%s %s", label, what), func(p *model.Puzzle) error {
		changed := false
		for _, i := range targets {
			before := p.Shapes[i].Clone()
			if err := f(&p.Shapes[i], t.u.g); err != nil {
				if len(targets) > 1 {
					return fmt.Errorf("S%d: %w", i+1, err)
				}
				return err
			}
			if !equalShapes(&before, &p.Shapes[i]) {
				changed = true
				cleared += p.ShapeChanged(i)
			}
		}
		if !changed {
			return errNoChange
		}
		return nil
	}) && cleared > 0 {
		t.u.setStatus(fmt.Sprintf("Cleared the solutions of %s that use %s; Undo brings them back", count(cleared, "problem", "problems"), what))
	}
}

func equalShapes(a, b *model.Shape) bool {
	if a.Size != b.Size || a.Hotspot != b.Hotspot || len(a.Voxels) != len(b.Voxels) {
		return false
	}
	for k := range a.Voxels {
		if a.Voxels[k] != b.Voxels[k] {
			return false
		}
	}
	return true
}

func (t *shapesTab) resize(axis, v int) {
	s, _ := t.editTarget()
	if s == nil || t.settingUI {
		return
	}
	dropped := 0
	t.shapeEdit("resize", func(s *model.Shape, _ grid.Grid) error {
		size := s.Size
		size[axis] = v
		n, err := s.Resize(size)
		dropped += n
		return err
	})
	if dropped > 0 {
		t.u.setStatus(fmt.Sprintf("The smaller space dropped %s; Undo brings them back", count(dropped, "cell", "cells")))
	}
}

func (t *shapesTab) turn(turn model.Turn) {
	t.shapeEdit(strings.ToLower(strings.SplitN(turn.Name, " ", 2)[0]), func(s *model.Shape, g grid.Grid) error {
		o, ok := model.FindOrientation(g, turn.Matrix)
		if !ok {
			return fmt.Errorf("the %v grid has no such turn", g.Type())
		}
		return s.Transform(g, o)
	})
}

func (t *shapesTab) nudge(d grid.Vec) {
	t.shapeEdit("nudge", func(s *model.Shape, g grid.Grid) error { return s.Translate(g, d) })
}

func (t *shapesTab) minimize() {
	t.shapeEdit("minimise", func(s *model.Shape, g grid.Grid) error { return s.Minimize(g) })
}

func (t *shapesTab) scale(k int) {
	t.shapeEdit("scale", func(s *model.Shape, g grid.Grid) error { return s.Scale(g, k) })
}

// pick handles a click in the 3D preview: add a cell on the clicked face's
// far side, or (remove) empty the clicked cell.
func (t *shapesTab) pick(cell, across grid.Vec, remove bool) {
	s, _ := t.editTarget()
	if s == nil {
		return
	}
	target := across
	f := func(model.Voxel) model.Voxel { return model.MakeVoxel(model.Filled, t.color) }
	if remove {
		target = cell
		f = func(model.Voxel) model.Voxel { return 0 }
	} else if s.Index(across) < 0 || !t.u.g.Valid(across) {
		t.u.setStatus("That face is on the edge of the space: make the space larger to add a cell there")
		return
	}
	t.beginStroke()
	t.paint([]grid.Vec{target}, f)
	t.endStroke()
	if !remove && target[2] != t.u.view.Layer {
		t.setLayer(target[2])
	}
}

// --- constraint colours ----------------------------------------------------

func (t *shapesTab) addColor() {
	p := t.u.doc.Puzzle()
	if len(p.Colors) >= model.MaxColor {
		t.u.showError(fmt.Errorf("a puzzle holds at most %d constraint colours", model.MaxColor))
		return
	}
	d := dialog.NewColorPicker("New Constraint Colour", "Pick a colour for the new constraint", func(c color.Color) {
		var n int
		if t.u.edit("add a colour", func(p *model.Puzzle) (err error) {
			n, err = p.AddColor(toRGBA(c))
			return err
		}) {
			t.color = n
			t.tool = toolColor
			t.u.refresh()
		}
	}, t.u.win)
	d.Advanced = true
	d.SetColor(newColorSuggestion(p))
	d.Show()
}

func (t *shapesTab) editColor() {
	n := t.color
	if n == 0 {
		return
	}
	d := dialog.NewColorPicker(fmt.Sprintf("Constraint Colour %d", n), "Pick the display colour", func(c color.Color) {
		t.u.edit(fmt.Sprintf("change colour %d", n), func(p *model.Puzzle) error { return p.SetColor(n, toRGBA(c)) })
	}, t.u.win)
	d.Advanced = true
	d.SetColor(constraintColor(t.u.doc.Puzzle(), n))
	d.Show()
}

func (t *shapesTab) deleteColor() {
	n := t.color
	if n == 0 {
		return
	}
	if t.u.edit(fmt.Sprintf("remove colour %d", n), func(p *model.Puzzle) error { return p.DeleteColor(n) }) {
		t.color = 0
		t.u.refresh()
	}
}
