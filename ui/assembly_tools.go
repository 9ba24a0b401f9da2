package ui

import (
	"slices"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"github.com/burrlab/burrlab/render"
)

// assemblyTools are the tools of a 3D view that shows an assembly, one
// scene item per piece: the pieces' visibility (visible, outlined, hidden:
// a square per piece to click, or Shift+click on the piece in the view)
// and, where the view has one, the exploded view. Each view has its own,
// so each keeps its own state: the Solve tab's view and every movement
// browser window.
type assemblyTools struct {
	vis *pieceVisibility
	// explode is the exploded-view slider, nil where the view has none.
	explode     *tipSlider
	lastExplode float64 // the last spread used, for the toggle
}

// newAssemblyTools makes the tools of view v; changed redraws the view
// after a change. With exploded the view gets the exploded-view slider.
func newAssemblyTools(u *App, v *view3D, exploded bool, changed func()) *assemblyTools {
	a := &assemblyTools{vis: newPieceVisibility(u, changed)}
	v.tools.onShiftPick = a.vis.cycle
	if exploded {
		a.explode = newTipSlider(0, 1, "Exploded view: push the pieces apart from the centre (Ctrl+Shift+E)", u)
		a.explode.Step = 0
		a.explode.OnChanged = func(f float64) {
			if f > 0 {
				a.lastExplode = f
			}
			changed()
		}
	}
	return a
}

// row is the tools' row below the view: the pieces' squares, and the
// exploded-view slider if there is one.
func (a *assemblyTools) row() fyne.CanvasObject {
	pieces := widget.NewLabel("Pieces")
	if a.explode == nil {
		return container.NewBorder(nil, nil, pieces, nil, a.vis.scroll)
	}
	explode := container.NewBorder(nil, nil, widget.NewLabel("Exploded"), nil, a.explode)
	wide := container.NewGridWrap(fyne.NewSize(220, explode.MinSize().Height), explode)
	return container.NewBorder(nil, nil, pieces, wide, a.vis.scroll)
}

// apply draws the scene's pieces as the tools say (pieceLook.apply) and
// marks on the squares the slots that hold no piece.
func (a *assemblyTools) apply(s *render.Scene) {
	a.look().apply(s)
	a.vis.mark(s)
}

// pieceLook is how the tools of an assembly view draw its pieces: each
// slot's mode and the exploded view's spread. It is a copy of the tools'
// state, so that an image export can draw with it in its own goroutine
// while the user goes on clicking.
type pieceLook struct {
	modes   []render.Mode // per slot, as its square says
	explode float64       // the exploded view's spread; 0 assembled
}

// look returns the tools' state as it is now.
func (a *assemblyTools) look() pieceLook {
	l := pieceLook{modes: slices.Clone(a.vis.modes)}
	if a.explode != nil {
		l.explode = a.explode.Value
	}
	return l
}

// apply draws the pieces of a scene built by render.AssemblyScene for the
// problem in their modes (slots without a piece stay hidden) and, on top
// of where they are, pushes them apart by the exploded view's spread.
func (l pieceLook) apply(s *render.Scene) {
	for i, m := range l.modes {
		if i < len(s.Items) && s.Items[i].Mesh != nil {
			s.Items[i].Mode = m
		}
	}
	if l.explode > 0 {
		for i, d := range render.ExplodeOffsets(s, l.explode, nil) {
			s.Items[i].Offset = s.Items[i].Offset.Add(d)
		}
	}
}

// toggleExplode switches between the assembly and the exploded view last
// used.
func (a *assemblyTools) toggleExplode() {
	s := a.explode
	if s == nil {
		return
	}
	if s.Value > 0 {
		s.SetValue(0)
		return
	}
	if a.lastExplode <= 0 {
		a.lastExplode = defaultExplode
	}
	s.SetValue(a.lastExplode)
}

// newTools gives the movement browser's view the pieces' visibility: a
// square in each row of its piece list, and Shift+click in its view. It
// has no exploded view: the window is for moving pieces unit by unit and
// seeing where they collide, which a spread would misplace.
func (b *movementBrowser) newTools(tips windowTips) *assemblyTools {
	a := newAssemblyTools(b.u, b.view, false, func() { b.showScene() })
	a.vis.hints = tips
	a.vis.status = nil // the main window's status line is not this window's
	a.vis.absent = "has all its cells shared with other pieces (drawn " + b.overlap.name + "); it"
	return a
}
