package ui

import (
	"context"
	"fmt"
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/burrlab/burrlab/model"
	"github.com/burrlab/burrlab/render"
	"github.com/burrlab/burrlab/solver"
	"github.com/burrlab/burrlab/solver/assemble"
)

// placementBrowser steps through the placements the assembler generates
// for one piece of a problem, showing the piece at each inside the
// result's outline: why a piece fits nowhere, or too often. Placements
// are generated in a goroutine and kept compact (orientation and
// position); only the placement shown is turned into cells and a mesh,
// so a piece with a hundred thousand placements steps as fast as one
// with ten.
type placementBrowser struct {
	u       *App
	win     fyne.Window
	problem int
	do      func(func()) // fyne.Do, or a test's queue

	piece  *keySelect
	label  *widget.Label
	where  *widget.Label
	slider *keySlider
	view   *view3D
	first  *tipButton
	prev   *tipButton
	next   *tipButton
	last   *tipButton

	set     *assemble.PlacementSet // nil until generated
	result  *render.Mesh           // the result's mesh, drawn as an outline
	cur     assemble.PartPlacements
	part    int // the part shown, -1 none
	k       int // the placement shown
	setting bool
}

// How far Up/Down and Page Up/Down step.
const (
	placementStepSmall = 10
	placementStepLarge = 100
)

// openPlacementBrowser opens the browser on the current problem
// (Tools ▸ Placement Browser).
func (u *App) openPlacementBrowser() {
	if u.view.Problem < 0 {
		u.setStatus("No problem to browse: add one in the Problems tab")
		return
	}
	// The Solve tab's switches change which placements the symmetry
	// filter leaves; browse those a search would use.
	var opts solver.Options
	if o, err := u.solve.options(); err == nil {
		opts.KeepMirrors, opts.KeepRotations, opts.CompleteRotationCheck = o.keepMirrors, o.keepRotations, o.completeRotations
	}
	b := newPlacementBrowser(u, u.view.Problem, opts, u.do)
	b.win.Show()
}

// newPlacementBrowser builds the browser's window for problem number
// problem and starts generating the placements for opts; do runs their
// arrival on the UI thread.
func newPlacementBrowser(u *App, problem int, opts solver.Options, do func(func())) *placementBrowser {
	p := u.doc.Puzzle()
	b := &placementBrowser{u: u, problem: problem, do: do, part: -1}
	b.win = u.newToolWindow(fmt.Sprintf("Placements — %s", problemLabel(p, problem)))
	b.piece = newKeySelect(nil, "", func(string) {
		if !b.setting {
			b.choose(b.piece.SelectedIndex())
		}
	}, nil, b.typedKey)
	b.piece.PlaceHolder = "(generating placements…)"
	b.label = widget.NewLabel("")
	b.label.TextStyle.Bold = true
	b.where = widget.NewLabel("")
	b.slider = newKeySlider(0, 1, nil, b.typedKey)
	b.slider.OnChanged = func(v float64) {
		if !b.setting {
			b.show(int(v))
		}
	}
	b.view = newView3D(u) // its own button resets and fits it
	tips := newWindowTips(u.do)
	b.view.setHints(tips)
	b.first = newTipButton("", theme.MediaSkipPreviousIcon(), "First placement (Home)", tips, func() { b.show(0) })
	b.prev = newTipButton("", theme.NavigateBackIcon(), "Previous placement (←; ↑ goes back 10, Page Up 100)", tips, func() { b.step(-1) })
	b.next = newTipButton("", theme.NavigateNextIcon(), "Next placement (→; ↓ goes on 10, Page Down 100)", tips, func() { b.step(1) })
	b.last = newTipButton("", theme.MediaSkipNextIcon(), "Last placement (End)", tips, func() { b.show(b.cur.Len() - 1) })
	keys := widget.NewLabel("←/→ one · ↑/↓ 10 · Page Up/Down 100 · Home/End")
	keys.Importance = widget.LowImportance
	top := container.NewVBox(
		container.NewBorder(nil, nil, widget.NewLabel("Piece"), nil, b.piece),
		container.NewBorder(nil, nil, container.NewHBox(b.first, b.prev, b.next, b.last), nil, b.label),
		b.slider, b.where, keys)
	b.win.SetContent(tips.over(container.NewBorder(top, nil, nil, nil, b.view)))
	b.win.Canvas().SetOnTypedKey(b.typedKey)
	b.win.Resize(fyne.NewSize(720, 640))
	b.enable(false)
	b.label.SetText("Generating placements…")

	ctx, cancel := context.WithCancel(context.Background())
	b.win.SetOnClosed(cancel)
	pz := p.Clone()
	go func() {
		set, err := solver.Placements(ctx, pz, problem, opts)
		var mesh *render.Mesh
		if err == nil {
			mesh, err = render.ShapeMesh(u.g, &pz.Shapes[set.Problem().Result])
		}
		if ctx.Err() != nil {
			return
		}
		if err != nil {
			err = explainSolverError(pz, problem, err)
		}
		b.do(func() { b.generated(set, mesh, err) })
	}()
	return b
}

// generated receives the placements (on the UI thread).
func (b *placementBrowser) generated(set *assemble.PlacementSet, result *render.Mesh, err error) {
	if err != nil {
		b.label.SetText("No placements")
		b.where.SetText(err.Error())
		b.piece.PlaceHolder = "(none)"
		b.piece.Refresh()
		return
	}
	b.set, b.result = set, result
	p, pr := set.Puzzle(), set.Problem()
	var opts []string
	for i, part := range pr.Parts {
		l, _ := set.Part(i)
		opts = append(opts, fmt.Sprintf("%d: %s — %s", i+1, shapeLabel(p, part.Shape), count(l.Len(), "placement", "placements")))
	}
	b.piece.Options = opts
	b.choose(0)
}

// choose shows the placements of part i.
func (b *placementBrowser) choose(i int) {
	if b.set == nil || i < 0 || i >= b.set.Parts() {
		return
	}
	l, err := b.set.Part(i)
	if err != nil {
		b.where.SetText(err.Error())
		return
	}
	b.part, b.cur = i, l
	b.setting = true
	b.piece.SetSelectedIndex(i)
	b.slider.Max = float64(max(1, l.Len()-1))
	b.setting = false
	b.enable(l.Len() > 0)
	b.k = -1
	b.view.fit = true
	b.show(0)
}

func (b *placementBrowser) enable(on bool) {
	for _, w := range []fyne.Disableable{b.first, b.prev, b.next, b.last, b.slider} {
		setEnabled(w, on)
	}
}

// step moves by d placements, staying inside the list.
func (b *placementBrowser) step(d int) { b.show(b.k + d) }

// show draws placement k (clamped): only this placement becomes cells.
func (b *placementBrowser) show(k int) {
	if b.set == nil || b.part < 0 {
		return
	}
	n := b.cur.Len()
	items := []render.Item{{Mesh: b.result, Color: color.RGBA{0x70, 0x78, 0x84, 0xff}, Mode: render.Outline}}
	if n == 0 {
		b.k = 0
		b.label.SetText("No placement: the piece fits nowhere in the result")
		b.where.SetText("")
		b.view.setScene(&render.Scene{Items: items, Colors: b.set.Puzzle().Colors}, "")
		return
	}
	k = max(0, min(k, n-1))
	if k == b.k {
		return
	}
	b.k = k
	pl := b.cur.At(k)
	p := b.set.Puzzle()
	b.label.SetText(fmt.Sprintf("Placement %d of %d", k+1, n))
	b.where.SetText(fmt.Sprintf("orientation %d, hotspot at (%d, %d, %d)", pl.Orient, pl.Pos[0], pl.Pos[1], pl.Pos[2]))
	b.setting = true
	b.slider.SetValue(float64(k))
	b.setting = false
	cells, err := model.PlacedCells(b.u.g, &p.Shapes[b.cur.Shape()], pl)
	if err == nil {
		var m *render.Mesh
		if m, err = render.NewMesh(b.u.g, cells, render.DefaultGap); err == nil {
			items = append(items, render.Item{Mesh: m, Color: render.ShapeColor(b.cur.Shape())})
		}
	}
	if err != nil {
		b.where.SetText(err.Error())
	}
	b.view.setScene(&render.Scene{Items: items, Colors: p.Colors}, "")
}

// typedKey steps with the arrow and page keys.
func (b *placementBrowser) typedKey(ev *fyne.KeyEvent) {
	switch ev.Name {
	case fyne.KeyRight:
		b.step(1)
	case fyne.KeyLeft:
		b.step(-1)
	case fyne.KeyDown:
		b.step(placementStepSmall)
	case fyne.KeyUp:
		b.step(-placementStepSmall)
	case fyne.KeyPageDown:
		b.step(placementStepLarge)
	case fyne.KeyPageUp:
		b.step(-placementStepLarge)
	case fyne.KeyHome:
		b.show(0)
	case fyne.KeyEnd:
		b.show(b.cur.Len() - 1)
	}
}
