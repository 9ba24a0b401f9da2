package ui

import (
	"fmt"
	"image/color"
	"slices"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/burrlab/burrlab/model"
	"github.com/burrlab/burrlab/render"
)

// pieceVisibility keeps, per piece of the assembly a view shows (in the
// Solve tab, per slot of its problem), how the piece is drawn, cycling
// visible -> outlined -> hidden as in BurrTools, and makes a chip per
// piece to click: in a row of its own, or in a piece list. The state
// belongs to the problem: it stays while other solutions of the problem
// are shown and starts afresh for another problem.
type pieceVisibility struct {
	// hints shows the chips' tooltips: the main window's, or those of
	// the window the chips are in.
	hints hints
	// status, if set, says on the status line what a click did.
	status func(string)
	// absent says, after "Piece N", why a piece without a mesh is not
	// drawn. Empty, such a piece's chip is hidden: in the Solve tab a
	// piece the solution does not use (a problem with piece ranges may
	// have a hundred slots, of which a solution uses six).
	absent string
	modes  []render.Mode // per piece
	// The problem the modes belong to: its index and its slots' colours,
	// which change when its pieces do. (Its address changes with every
	// edit and when a run's results move into the document.)
	problem int
	colors  []color.RGBA
	numbers []int // the pieces' numbers as shown; nil: 1, 2, 3, ...
	chips   []*pieceChip
	row     *fyne.Container
	scroll  *container.Scroll
	// changed redraws the view after a change.
	changed func()
}

func newPieceVisibility(u *App, changed func()) *pieceVisibility {
	pv := &pieceVisibility{hints: u, status: u.setStatus, changed: changed, row: container.NewHBox(), problem: -1}
	pv.scroll = container.NewHScroll(pv.row)
	return pv
}

// setProblem shows the pieces of problem pr, number i; the modes start
// afresh when the problem is another one or its pieces changed.
func (pv *pieceVisibility) setProblem(i int, pr *model.Problem) {
	colors := []color.RGBA(nil)
	if pr != nil {
		colors = render.SlotColors(pr)
	}
	pv.setPieces(i, colors, nil)
}

// setPieces shows pieces of the colours given, numbered as numbers says
// (nil: from 1), for the assembly key (a problem's number); the modes
// start afresh when the key or the colours change.
func (pv *pieceVisibility) setPieces(key int, colors []color.RGBA, numbers []int) {
	if key == pv.problem && slices.Equal(colors, pv.colors) && slices.Equal(numbers, pv.numbers) {
		return
	}
	pv.problem, pv.colors, pv.numbers = key, colors, numbers
	pv.modes = make([]render.Mode, len(colors))
	pv.chips = pv.chips[:0]
	pv.row.Objects = nil
	for i, c := range colors {
		i := i
		ch := newPieceChip(c, fmt.Sprint(pv.number(i)), pv.hints, func() { pv.cycle(i) })
		pv.chips = append(pv.chips, ch)
		pv.row.Objects = append(pv.row.Objects, ch)
		pv.describe(i)
	}
	pv.row.Refresh()
}

// number is the number piece i is shown with.
func (pv *pieceVisibility) number(i int) int {
	if pv.numbers != nil {
		return pv.numbers[i]
	}
	return i + 1
}

// cycle moves piece slot i on to its next mode.
func (pv *pieceVisibility) cycle(i int) {
	if i < 0 || i >= len(pv.modes) {
		return
	}
	switch pv.modes[i] {
	case render.Solid:
		pv.modes[i] = render.Outline
	case render.Outline:
		pv.modes[i] = render.Hidden
	default:
		pv.modes[i] = render.Solid
	}
	pv.describe(i)
	if pv.status != nil {
		pv.status(pv.chips[i].tip)
	}
	pv.changed()
}

// showAll makes every piece visible again.
func (pv *pieceVisibility) showAll() {
	for i := range pv.modes {
		pv.modes[i] = render.Solid
		pv.describe(i)
	}
	if pv.status != nil {
		pv.status("All pieces visible")
	}
	pv.changed()
}

// describe updates chip i to show its mode.
func (pv *pieceVisibility) describe(i int) {
	next := map[render.Mode]string{render.Solid: "outline it", render.Outline: "hide it", render.Hidden: "show it"}
	name := map[render.Mode]string{render.Solid: "visible", render.Outline: "outlined", render.Hidden: "hidden"}
	m := pv.modes[i]
	ch := pv.chips[i]
	ch.mode = m
	num := pv.number(i)
	ch.tip = fmt.Sprintf("Piece %d is %s: click to %s (or Shift+click the piece in the 3D view)", num, name[m], next[m])
	if m == render.Hidden {
		// A hidden piece is not there to Shift+click.
		ch.tip = fmt.Sprintf("Piece %d is hidden: click to show it", num)
	}
	if ch.absent {
		ch.tip = fmt.Sprintf("Piece %d %s is %s: click to %s", num, pv.absent, name[m], next[m])
	}
	ch.Refresh()
}

// mark shows which slots of a scene built by render.AssemblyScene for the
// problem hold no piece: their squares say so, or hide (see absent). The
// scene's modes are set by pieceLook.apply.
func (pv *pieceVisibility) mark(s *render.Scene) {
	for i := range pv.modes {
		absent := i >= len(s.Items) || s.Items[i].Mesh == nil
		if ch := pv.chips[i]; ch.absent != absent {
			ch.absent = absent
			pv.describe(i)
			if pv.absent == "" && absent {
				ch.Hide()
			} else {
				ch.Show()
			}
		}
	}
}

// pieceChip is a small square in a piece's colour: filled while the piece
// is visible, only its border while outlined, an empty grey frame while
// hidden. Tapping it cycles the piece.
type pieceChip struct {
	widget.BaseWidget
	fill  color.RGBA
	label string
	mode  render.Mode
	// absent marks a piece the solution shown does not use (a problem
	// with piece ranges): the square is drawn faint.
	absent bool
	tip    string
	hints  hints
	onTap  func()
}

func newPieceChip(c color.RGBA, label string, h hints, tapped func()) *pieceChip {
	ch := &pieceChip{fill: c, label: label, hints: h, onTap: tapped}
	ch.ExtendBaseWidget(ch)
	return ch
}

// Tapped cycles the piece.
func (ch *pieceChip) Tapped(*fyne.PointEvent) {
	if ch.onTap != nil {
		ch.onTap()
	}
	if ch.hints != nil {
		ch.hints.hint(ch.tip, ch) // the tooltip follows the new state
	}
}

// MouseIn shows the chip's tooltip.
func (ch *pieceChip) MouseIn(*desktop.MouseEvent) {
	if ch.hints != nil {
		ch.hints.hint(ch.tip, ch)
	}
}

// MouseMoved is part of desktop.Hoverable.
func (ch *pieceChip) MouseMoved(*desktop.MouseEvent) {}

// MouseOut hides the tooltip.
func (ch *pieceChip) MouseOut() {
	if ch.hints != nil {
		ch.hints.unhint()
	}
}

// Cursor shows that the chip can be clicked.
func (ch *pieceChip) Cursor() desktop.Cursor { return desktop.PointerCursor }

func (ch *pieceChip) MinSize() fyne.Size { return fyne.NewSize(28, 28) }

func (ch *pieceChip) CreateRenderer() fyne.WidgetRenderer {
	box := canvas.NewRectangle(ch.fill)
	box.CornerRadius = 4
	text := canvas.NewText(ch.label, color.Black)
	text.TextSize = theme.CaptionTextSize()
	text.Alignment = fyne.TextAlignCenter
	r := &pieceChipRenderer{ch: ch, box: box, text: text}
	r.Refresh()
	return r
}

type pieceChipRenderer struct {
	ch   *pieceChip
	box  *canvas.Rectangle
	text *canvas.Text
}

func (r *pieceChipRenderer) Layout(size fyne.Size) {
	d := min(size.Width, size.Height) - 4
	r.box.Move(fyne.NewPos((size.Width-d)/2, (size.Height-d)/2))
	r.box.Resize(fyne.NewSize(d, d))
	ts := r.text.MinSize()
	r.text.Move(fyne.NewPos((size.Width-ts.Width)/2, (size.Height-ts.Height)/2))
	r.text.Resize(ts)
}

func (r *pieceChipRenderer) MinSize() fyne.Size { return r.ch.MinSize() }

func (r *pieceChipRenderer) Refresh() {
	c := r.ch.fill
	fg := theme.Color(theme.ColorNameForeground)
	switch r.ch.mode {
	case render.Solid:
		r.box.FillColor, r.box.StrokeColor, r.box.StrokeWidth = c, color.NRGBA{0, 0, 0, 0x60}, 1
		r.text.Color = contrastText(c)
	case render.Outline:
		r.box.FillColor, r.box.StrokeColor, r.box.StrokeWidth = color.Transparent, c, 3
		r.text.Color = fg
	default:
		r.box.FillColor, r.box.StrokeColor, r.box.StrokeWidth = color.Transparent, theme.Color(theme.ColorNameDisabled), 1
		r.text.Color = theme.Color(theme.ColorNameDisabled)
	}
	if r.ch.absent {
		r.box.FillColor = color.Transparent
		r.box.StrokeWidth = 1
		r.box.StrokeColor = theme.Color(theme.ColorNameDisabled)
		r.text.Color = theme.Color(theme.ColorNameDisabled)
	}
	r.text.Text = r.ch.label
	r.box.Refresh()
	r.text.Refresh()
}

func (r *pieceChipRenderer) Objects() []fyne.CanvasObject {
	return []fyne.CanvasObject{r.box, r.text}
}

func (r *pieceChipRenderer) Destroy() {}
