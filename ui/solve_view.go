package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/burrlab/burrlab/model"
)

// solveViewTools are the Solve tab's tools for its 3D view: per-piece
// visibility, the exploded view, and fading the pieces a disassembly
// removes.
type solveViewTools struct {
	vis         *pieceVisibility
	explode     *tipSlider
	lastExplode float64 // the last exploded spread, for the menu's toggle
	// fade fades out the pieces that leave the puzzle on their own during
	// a disassembly, as BurrTools does by default.
	fade     bool
	fadeItem *fyne.MenuItem
	offs     []mgl64.Vec3 // scratch: the animation's offsets
	expl     []mgl64.Vec3 // scratch: the exploded view's
}

// viewTools builds the Solve tab's row of view tools, below its 3D view:
// the pieces to click through visible, outlined and hidden, and the
// exploded-view slider. It also lets Shift+click in the view cycle a
// piece and Reset View frame the disassembly as it stands.
func (t *solveTab) viewTools() fyne.CanvasObject {
	t.vt = &solveViewTools{fade: true}
	t.vt.vis = newPieceVisibility(t.u, func() { t.showStep(t.slider.Value) })
	t.vt.explode = t.newExplodeSlider()
	t.view.tools.onShiftPick = t.vt.vis.cycle
	t.view.tools.onReset = t.follow
	pieces := widget.NewLabel("Pieces")
	explode := container.NewBorder(nil, nil, widget.NewLabel("Exploded"), nil, t.vt.explode)
	wide := container.NewGridWrap(fyne.NewSize(220, explode.MinSize().Height), explode)
	return container.NewBorder(nil, nil, pieces, wide, t.vt.vis.scroll)
}

// showPieces updates the piece row for problem i of p.
func (t *solveTab) showPieces(p *model.Puzzle, i int) {
	if i < 0 || i >= len(p.Problems) {
		t.vt.vis.setProblem(-1, nil)
		return
	}
	t.vt.vis.setProblem(i, &p.Problems[i])
}

// placePieces puts the pieces of the solution shown where step s of its
// disassembly has them, pushed apart by the exploded view, faded once
// they have left the puzzle, and drawn as the piece row says.
func (t *solveTab) placePieces(s float64) {
	sc := t.view.scene
	if sc == nil {
		return
	}
	vt := t.vt
	vt.vis.apply(sc)
	for i := range sc.Items {
		sc.Items[i].Offset, sc.Items[i].Fade = mgl64.Vec3{}, 0
	}
	if t.anim != nil {
		t.anim.Apply(sc, s)
		if vt.fade {
			t.anim.ApplyFade(sc, s)
		}
	}
	t.explodeOffsets()
	t.view.raster.Refresh()
}

// setFade turns fading removed pieces on or off.
func (t *solveTab) setFade(on bool) {
	t.vt.fade = on
	t.vt.fadeItem.Checked = on
	t.u.menu.Refresh()
	t.showStep(t.slider.Value)
}

// view3DMenuItems are the View menu's items for the 3D views.
func (u *App) view3DMenuItems() []*fyne.MenuItem {
	reset := fyne.NewMenuItem("Reset View", func() { u.currentView().resetView() })
	reset.Shortcut = menuShortcut(fyne.Key0, false)
	explode := fyne.NewMenuItem("Exploded View", func() { u.tabs.SelectIndex(tabSolve); u.solve.toggleExplode() })
	explode.Shortcut = menuShortcut(fyne.KeyE, true)
	showAll := fyne.NewMenuItem("Show All Pieces", func() { u.tabs.SelectIndex(tabSolve); u.solve.vt.vis.showAll() })
	showAll.Shortcut = menuShortcut(fyne.KeyH, true)
	vt := u.solve.vt
	vt.fadeItem = fyne.NewMenuItem("Fade Out Removed Pieces", func() { u.solve.setFade(!vt.fade) })
	vt.fadeItem.Checked = vt.fade
	vt.fadeItem.Shortcut = menuShortcut(fyne.KeyF, true)
	return []*fyne.MenuItem{fyne.NewMenuItemSeparator(), reset, explode, showAll, vt.fadeItem}
}
