package ui

import (
	"errors"
	"fmt"
	"image/color"
	"math"
	"slices"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
	"github.com/go-gl/mathgl/mgl64"

	"github.com/burrlab/burrlab/model"
	"github.com/burrlab/burrlab/model/grid"
	"github.com/burrlab/burrlab/render"
	"github.com/burrlab/burrlab/solver/movement"
)

// browserMenuItems are the Tools menu's entries for the two browsers.
func (u *App) browserMenuItems() []*fyne.MenuItem {
	return []*fyne.MenuItem{
		fyne.NewMenuItem("Placement Browser…", u.openPlacementBrowser),
		fyne.NewMenuItem("Movement Browser…", u.openMovementBrowser),
	}
}

// overlapColors are the colours that may paint cells two pieces share,
// red first, as in BurrTools; pickOverlap takes one the pieces' own
// colours do not come near, so that a red piece's cells are not taken for
// shared ones.
var overlapColors = []namedColor{
	{color.RGBA{0xe0, 0x10, 0x10, 0xff}, "red"},
	{color.RGBA{0xe8, 0x18, 0xe8, 0xff}, "magenta"},
	{color.RGBA{0x14, 0x14, 0x14, 0xff}, "black"},
	{color.RGBA{0xf6, 0xf6, 0xf6, 0xff}, "white"},
}

// namedColor is a colour and what the status line calls it.
type namedColor struct {
	c    color.RGBA
	name string
}

// pickOverlap returns the first of overlapColors far enough from every
// piece colour, else the one farthest from the nearest.
func pickOverlap(pieces []color.RGBA) namedColor {
	const enough = 140 // RGB distance that reads as another colour
	best, bestD := overlapColors[0], -1.0
	for _, nc := range overlapColors {
		d := math.Inf(1)
		for _, p := range pieces {
			dr, dg, db := float64(nc.c.R)-float64(p.R), float64(nc.c.G)-float64(p.G), float64(nc.c.B)-float64(p.B)
			d = math.Min(d, math.Sqrt(dr*dr+dg*dg+db*db))
		}
		if d >= enough {
			return nc
		}
		if d > bestD {
			best, bestD = nc, d
		}
	}
	return best
}

// movementBrowser moves the pieces of one assembly by hand: select a
// piece or a group (in the list or with clicks in the 3D view), move it
// one unit along a grid direction with the buttons or keys; shared cells
// show red (or another colour no piece has); a group that can slide out
// is taken out. Every state reached is in the tree on the left, and a click
// returns to it. When a path takes the puzzle apart, it can be stored as
// the solution's disassembly (one undoable edit).
type movementBrowser struct {
	u       *App
	win     fyne.Window
	doc     *Document // the document the solution belongs to
	problem int
	puzzle  *model.Puzzle // a copy: the puzzle as it was when opened
	sol     model.Solution
	m       *movement.Model
	cur     *movement.Node
	colors  []color.RGBA // per piece (not slot)
	overlap namedColor   // of the cells pieces share

	checks  []*passCheck
	takeOut *passCheck
	moves   []*widget.Button // -d0, +d0, -d1, +d1, ...
	states  *stateList       // the States pane
	status  *widget.Label
	store   *widget.Button
	view    *view3D
	tools   *assemblyTools // the pieces' visibility, this window's own
	// whole[j] is piece j's mesh where the assembled state has it (nil
	// until wholeDone[j]); showScene moves it by the item's offset,
	// scale render units per lattice unit.
	whole     []*render.Mesh
	wholeDone []bool
	scale     mgl64.Vec3
	rebuilt   bool // the scene shows meshes built where the pieces are (shared cells)

	do      func(func()) // runs UI updates from other goroutines
	storing *storeJob    // the Store button's check, while it runs
	busy    *fyne.Container
}

// openMovementBrowser opens the browser on the solution selected in the
// Solve tab.
func (u *App) openMovementBrowser() {
	sol, p, ok := u.solve.selectedSolution()
	if !ok {
		u.setStatus("Select a solution in the Solve tab first")
		return
	}
	b, err := newMovementBrowser(u, p, u.view.Problem, sol)
	if err != nil {
		u.showError(err)
		return
	}
	b.win.Show()
}

// selectedSolution returns a copy of the solution selected in the list and
// the puzzle it belongs to.
func (t *solveTab) selectedSolution() (model.Solution, *model.Puzzle, bool) {
	i := t.u.view.Problem
	p := t.run.puzzleFor(t.u.doc.Puzzle(), i)
	if t.sel < 0 || t.sel >= len(t.rows) || i < 0 || i >= len(p.Problems) {
		return model.Solution{}, nil, false
	}
	return t.rows[t.sel].sol.Clone(), p, true
}

// newMovementBrowser builds the browser's window for solution sol of
// problem number problem of p.
func newMovementBrowser(u *App, p *model.Puzzle, problem int, sol model.Solution) (*movementBrowser, error) {
	pz := p.Clone()
	pr := &pz.Problems[problem]
	m, err := movement.New(pz, pr, sol.Assembly)
	if err != nil {
		return nil, err
	}
	b := &movementBrowser{u: u, doc: u.doc, problem: problem, puzzle: pz, sol: sol, m: m, cur: m.Root(), do: u.do, scale: render.LatticeScale(m.Grid())}
	slotColors := render.SlotColors(pr)
	b.win = u.newToolWindow(fmt.Sprintf("Movement — solution #%d of %s", sol.AsmNum+1, problemLabel(pz, problem)))

	slots := pr.SlotParts()
	pieces := container.NewVBox()
	b.view = newView3D(u) // its own button resets and fits it
	tips := newWindowTips(u.do)
	b.view.setHints(tips)
	// Pieces are numbered by their slots, as the Solve tab's squares
	// number them; the digit keys select pieces 1 to 9.
	var numbers []int
	for _, slot := range m.Slots() {
		b.colors = append(b.colors, slotColors[slot])
		numbers = append(numbers, slot+1)
	}
	b.overlap = pickOverlap(b.colors)
	b.tools = b.newTools(tips)
	b.tools.vis.setPieces(problem, b.colors, numbers)
	for j, slot := range m.Slots() {
		text := fmt.Sprintf("%d: %s", slot+1, shapeLabel(pz, pr.Parts[slots[slot]].Shape))
		c := newPassCheck(text, func(bool) { b.showScene() }, b.typedKey)
		b.checks = append(b.checks, c)
		pieces.Add(container.NewBorder(nil, nil, b.tools.vis.chips[j], nil, c))
	}
	b.takeOut = newPassCheck("Take out a group that is free", nil, b.typedKey)
	b.takeOut.SetChecked(true)

	// Two rows: the minus moves above the plus moves.
	dirs := container.NewGridWithColumns(len(m.Directions()))
	var plus []fyne.CanvasObject
	for d, v := range m.Directions() {
		name := directionName(m.Grid(), d, v)
		for _, sign := range []int{-1, 1} {
			dir := v.Scale(sign)
			label := "−" + name
			if sign > 0 {
				label = "+" + name
			}
			btn := widget.NewButton(label, func() { b.move(dir) })
			b.moves = append(b.moves, btn)
			if sign > 0 {
				plus = append(plus, btn)
			} else {
				dirs.Add(btn)
			}
		}
	}
	for _, btn := range plus {
		dirs.Add(btn)
	}
	back := widget.NewButtonWithIcon("Back", theme.NavigateBackIcon(), b.back)
	b.store = widget.NewButtonWithIcon("Store as disassembly", theme.DocumentSaveIcon(), b.storeDisassembly)
	b.status = widget.NewLabel("")
	b.status.Wrapping = fyne.TextWrapWord

	b.states = newStateList(m, b.moveLabel, func(n *movement.Node) {
		b.cur = n
		b.refresh()
	})

	keys := widget.NewLabel(keyHelp(m.Grid(), m.Directions(), slices.ContainsFunc(m.Slots(), func(slot int) bool { return slot < 9 })))
	keys.Importance = widget.LowImportance
	keys.Wrapping = fyne.TextWrapWord
	bold := fyne.TextStyle{Bold: true}
	piecesBox := container.NewBorder(widget.NewLabelWithStyle("Pieces", fyne.TextAlignLeading, bold), nil, nil, nil, container.NewVScroll(pieces))
	treeBox := container.NewBorder(widget.NewLabelWithStyle("States (depth. move)", fyne.TextAlignLeading, bold), nil, nil, nil, b.states.list)
	side := container.NewVSplit(piecesBox, treeBox)
	side.Offset = 0.45
	b.view.onPick = func(cell, _ grid.Vec, secondary bool) { b.pick(cell, secondary) }
	b.view.windowKeys = b.isMoveKey
	b.busy = newStoreBusy()
	controls := container.NewVBox(
		container.NewBorder(nil, nil, widget.NewLabel("Move"), nil, dirs),
		// The bar fills the rest of the buttons' row: shown below it, it
		// made the row of controls taller and the 3D view jump.
		container.NewBorder(nil, nil, container.NewHBox(back, b.store, b.takeOut), nil, b.busy),
		b.status, keys)
	right := container.NewBorder(nil, controls, nil, nil, b.view)
	split := container.NewHSplit(side, right)
	split.Offset = 0.28
	b.win.SetContent(tips.over(split))
	b.win.Canvas().SetOnTypedKey(b.typedKey)
	b.win.SetOnClosed(b.stopStoring)
	b.win.Resize(fyne.NewSize(1100, 720))
	b.checks[0].SetChecked(true) // New refuses fewer than two pieces
	b.refresh()
	return b, nil
}

// directionName names direction d of the grid as a designer sees it: X,
// Y or Z along an axis, else its angle from X in the layer ("60°" on
// prisms, whose unit moves run along the triangles' sides), not the
// lattice vector ("(1,1,0)"), which says nothing of where it points.
func directionName(g grid.Grid, d int, v grid.Vec) string {
	if g.Type() == grid.Cubes && d < 3 {
		return string(rune('X' + d))
	}
	sc := render.LatticeScale(g)
	x, y := float64(v[0])*sc[0], float64(v[1])*sc[1]
	switch {
	case v[0] == 0 && v[1] == 0:
		return "Z"
	case v[2] == 0 && y == 0:
		return "X"
	case v[2] == 0 && x == 0:
		return "Y"
	case v[2] == 0:
		return fmt.Sprintf("%.0f°", math.Atan2(y, x)*180/math.Pi)
	}
	return fmt.Sprintf("(%d,%d,%d)", v[0], v[1], v[2])
}

// moveKeys are the keys of the directions' minus and plus moves, in
// order, and how the key help names them.
var moveKeys = []struct {
	minus, plus fyne.KeyName
	help        string
}{
	{fyne.KeyLeft, fyne.KeyRight, "←/→"},
	{fyne.KeyDown, fyne.KeyUp, "↓/↑"},
	{fyne.KeyPageDown, fyne.KeyPageUp, "Page Down/Up"},
	{fyne.KeyHome, fyne.KeyEnd, "Home/End"},
}

// keyHelp lists the keys of the grid's directions, and the digits when
// a piece is numbered 1 to 9 (digits).
func keyHelp(g grid.Grid, dirs []grid.Vec, digits bool) string {
	var parts []string
	for d, v := range dirs {
		if d < len(moveKeys) {
			parts = append(parts, moveKeys[d].help+" "+directionName(g, d, v))
		}
	}
	if digits {
		parts = append(parts, "1-9 select a piece")
	}
	return "Keys: " + strings.Join(append(parts, "Backspace back"), " · ")
}

// selected returns the pieces checked.
func (b *movementBrowser) selected() []int {
	var out []int
	for j, c := range b.checks {
		if c.Checked {
			out = append(out, j)
		}
	}
	return out
}

// pick selects the piece drawn at cell (a click in the 3D view): a click
// adds it to the selection or takes it out, a secondary click selects it
// alone. In a red cell the first of the pieces there is picked.
func (b *movementBrowser) pick(cell grid.Vec, alone bool) {
	// The view reports cells in its meshes' coordinates: where the
	// assembled state has the pieces, unless showScene built them again
	// where they are. Pieces do not share cells in either.
	at := b.m.Root()
	if b.rebuilt {
		at = b.cur
	}
	for j := range b.m.Slots() {
		if !slices.Contains(b.m.Cells(at, j), cell) {
			continue
		}
		if alone {
			for k, c := range b.checks {
				c.SetChecked(k == j)
			}
		} else {
			b.checks[j].SetChecked(!b.checks[j].Checked)
		}
		return
	}
}

// move moves the selected pieces one unit by dir, or takes them out when
// they are free that way and the option is on.
func (b *movementBrowser) move(dir grid.Vec) {
	group := b.selected()
	if len(group) == 0 {
		b.status.SetText("Select the pieces to move first")
		return
	}
	var n *movement.Node
	err := errors.New("not free")
	if b.takeOut.Checked && b.m.Free(b.cur, group, dir) {
		n, err = b.m.TakeOut(b.cur, group, dir) // fails where pieces overlap
	}
	if err != nil {
		n, err = b.m.Move(b.cur, group, dir)
	}
	if err != nil {
		b.status.SetText(capitalize(err.Error()))
		return
	}
	b.cur = n
	if n.Move.Removal {
		b.view.fit = true // the group went out of view
	}
	b.refresh()
}

// back returns to the state before the current one.
func (b *movementBrowser) back() {
	if b.cur.Parent != nil {
		b.cur = b.cur.Parent
		b.refresh()
	}
}

// mutedColor is what the pieces not selected fade towards, so that the
// ones the buttons move stand out.
var mutedColor = color.RGBA{0x80, 0x84, 0x8a, 0xff}

// refresh shows the current state: scene, tree selection, status.
func (b *movementBrowser) refresh() {
	n := b.cur
	ov := b.showScene()

	b.states.show(n)

	// Said as the States pane counts: by moves from the assembled state.
	where := "Assembled"
	if depth := b.states.depth[n.ID]; depth > 0 {
		where = "After " + count(depth, "move", "moves")
	}
	d, derr := b.m.Disassembly(n)
	switch {
	case len(ov) > 0:
		b.status.SetText(fmt.Sprintf("%s: %s shared by pieces (%s)", where, count(len(ov), "cell", "cells"), b.overlap.name))
	case derr == nil:
		b.status.SetText(fmt.Sprintf("%s: the puzzle is apart (level %s, %s); Store as disassembly keeps this way", where, d.Level(), count(d.TotalMoves(), "move", "moves")))
	case b.m.Apart(n):
		b.status.SetText(fmt.Sprintf("%s: apart, but %v", where, derr))
	default:
		b.status.SetText(fmt.Sprintf("%s (%s reached)", where, count(b.m.Len(), "state", "states")))
	}
	b.enableStore(derr)
}

// enableStore enables Store when the current state converts into a
// disassembly (derr is nil), or while a check runs (the button stops it).
func (b *movementBrowser) enableStore(derr error) {
	setEnabled(b.store, derr == nil || b.storing != nil)
}

// showScene draws the current state: the selected pieces in their
// colours, the others muted, cells shared by pieces red, each piece as its
// square says (visible, outlined, hidden). Item j is piece j (without a
// mesh when all its cells are shared); the shared cells come last. It
// returns the shared cells.
//
// Without shared cells, which is nearly always, each piece is its whole
// mesh, built once where the assembled state has it, moved by its item's
// offset: rebuilding the meshes took 0.6 s a move for two slabs of 50,000
// cells each, offsets 0.1 ms (BenchmarkMovementMove). With shared cells
// the pieces are built again without them, where the state has them.
func (b *movementBrowser) showScene() map[grid.Vec][]int {
	n := b.cur
	ov := b.m.Overlaps(n)
	b.rebuilt = len(ov) > 0
	var items []render.Item
	g := b.m.Grid()
	root := b.m.Root()
	for j := range b.m.Slots() {
		col := b.colors[j]
		if !b.checks[j].Checked {
			col = mix(col, mutedColor, 0.6)
		}
		it := render.Item{Color: col}
		if !b.rebuilt {
			it.Mesh = b.wholeMesh(j)
			d := n.Pos[j].Add(n.Shift[j]).Sub(root.Pos[j].Add(root.Shift[j]))
			for k := range 3 {
				it.Offset[k] = float64(d[k]) * b.scale[k]
			}
			items = append(items, it)
			continue
		}
		var cells []grid.Cell
		for _, c := range b.m.Cells(n, j) {
			if _, shared := ov[c]; !shared {
				cells = append(cells, grid.Cell{Pos: c, Tag: uint8(model.MakeVoxel(model.Filled, 0))})
			}
		}
		if len(cells) > 0 {
			it.Mesh, _ = render.NewMesh(g, cells, render.DefaultGap)
		}
		items = append(items, it)
	}
	if len(ov) > 0 {
		var cells []grid.Cell
		for c := range ov {
			cells = append(cells, grid.Cell{Pos: c, Tag: uint8(model.MakeVoxel(model.Filled, 0))})
		}
		grid.SortCells(cells)
		if m, err := render.NewMesh(g, cells, render.DefaultGap); err == nil {
			items = append(items, render.Item{Mesh: m, Color: b.overlap.c})
		}
	}
	sc := &render.Scene{Items: items, Colors: b.puzzle.Colors}
	b.tools.apply(sc)
	b.view.setScene(sc, "")
	return ov
}

// wholeMesh returns piece j's mesh with all its cells where the assembled
// state has them, built on first use. A piece whose mesh cannot be built
// (too big for the renderer) is drawn as nothing, as before.
func (b *movementBrowser) wholeMesh(j int) *render.Mesh {
	if b.whole == nil {
		b.whole = make([]*render.Mesh, len(b.m.Slots()))
		b.wholeDone = make([]bool, len(b.m.Slots()))
	}
	if !b.wholeDone[j] {
		b.wholeDone[j] = true
		cs := b.m.Cells(b.m.Root(), j)
		cells := make([]grid.Cell, len(cs))
		for i, c := range cs {
			cells[i] = grid.Cell{Pos: c, Tag: uint8(model.MakeVoxel(model.Filled, 0))}
		}
		b.whole[j], _ = render.NewMesh(b.m.Grid(), cells, render.DefaultGap)
	}
	return b.whole[j]
}

// moveOf returns the move key makes in this grid, if it makes one.
func (b *movementBrowser) moveOf(key fyne.KeyName) (grid.Vec, bool) {
	for d, v := range b.m.Directions() {
		if d >= len(moveKeys) {
			break
		}
		switch key {
		case moveKeys[d].minus:
			return v.Neg(), true
		case moveKeys[d].plus:
			return v, true
		}
	}
	return grid.Vec{}, false
}

// isMoveKey reports whether key moves pieces in this grid.
func (b *movementBrowser) isMoveKey(key fyne.KeyName) bool {
	_, ok := b.moveOf(key)
	return ok
}

// typedKey moves with the arrow and page keys, selects with digits (the
// pieces numbered 1 to 9).
func (b *movementBrowser) typedKey(ev *fyne.KeyEvent) {
	if dir, ok := b.moveOf(ev.Name); ok {
		b.move(dir)
		return
	}
	switch ev.Name {
	case fyne.KeyBackspace:
		b.back()
		return
	}
	if len(ev.Name) == 1 && ev.Name[0] >= '1' && ev.Name[0] <= '9' {
		// The piece of that number, as the list numbers them.
		if j := slices.Index(b.m.Slots(), int(ev.Name[0]-'1')); j >= 0 {
			b.checks[j].SetChecked(!b.checks[j].Checked)
		}
	}
}

// moveLabel describes the move that reached node n.
func (b *movementBrowser) moveLabel(n *movement.Node) string {
	if n.Parent == nil {
		return "Assembled"
	}
	var names []string
	for _, j := range n.Move.Group {
		names = append(names, strconv.Itoa(b.m.Slots()[j]+1))
	}
	dir := ""
	for d, v := range b.m.Directions() {
		switch n.Move.Dir {
		case v:
			dir = "+" + directionName(b.m.Grid(), d, v)
		case v.Neg():
			dir = "−" + directionName(b.m.Grid(), d, v)
		}
	}
	what := "piece"
	if len(names) > 1 {
		what = "pieces"
	}
	if n.Move.Removal {
		return fmt.Sprintf("take out %s %s %s", what, strings.Join(names, ","), dir)
	}
	return fmt.Sprintf("%s %s %s", what, strings.Join(names, ","), dir)
}

// reshow shows the selected solution again: its disassembly changed.
func (t *solveTab) reshow() {
	r := t.sel
	t.sel = -1
	t.selectRow(r)
}

// movesButton opens the movement browser on the selected solution.
func (t *solveTab) movesButton() fyne.CanvasObject {
	return newTipButton("", theme.ViewFullScreenIcon(), "Move the pieces of the selected solution by hand (Movement Browser)", t.u, t.u.openMovementBrowser)
}
