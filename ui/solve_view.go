package ui

import (
	"fyne.io/fyne/v2"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/burrlab/burrlab/model"
	"github.com/burrlab/burrlab/render"
)

// solveViewTools are the Solve tab's tools for its 3D view: per-piece
// visibility and the exploded view (assembly_tools.go), and fading the
// pieces a disassembly removes.
type solveViewTools struct {
	*assemblyTools
	// fade fades out the pieces that leave the puzzle on their own during
	// a disassembly, as BurrTools does by default.
	fade     bool
	fadeItem *fyne.MenuItem
}

// viewTools builds the Solve tab's row of view tools, below its 3D view:
// the pieces to click through visible, outlined and hidden, and the
// exploded-view slider. It also lets Reset View frame the disassembly as
// it stands.
func (t *solveTab) viewTools() fyne.CanvasObject {
	t.vt = &solveViewTools{fade: true}
	t.vt.assemblyTools = newAssemblyTools(t.u, t.view, true, func() { t.showStep(t.slider.Value) })
	t.view.tools.onReset = t.follow
	return t.vt.row()
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
// disassembly has them, as the view's tools say (solveLook.stage).
func (t *solveTab) placePieces(s float64) {
	sc := t.view.scene
	if sc == nil {
		return
	}
	t.look().stage(sc, t.anim, s)
	t.vt.vis.mark(sc)
	t.view.raster.Refresh()
}

// solveLook is what the Solve tab's view shows of a solution besides the
// camera and the move: the pieces' modes and the exploded view (the
// assembly tools' pieceLook), and whether removed pieces fade out. It is
// a copy, so that an image export can place its pieces with it in its
// own goroutine while the user goes on changing the view.
type solveLook struct {
	pieceLook
	fade bool
}

// look returns what the view's tools say now.
func (t *solveTab) look() solveLook {
	return solveLook{pieceLook: t.vt.look(), fade: t.vt.fade}
}

// stage puts the pieces of a scene of a solution, built by
// render.AssemblyScene, where step s of its disassembly an (nil: none)
// has them, faded once they have left the puzzle, drawn as their squares
// say and pushed apart by the exploded view. The view and the image
// export both place their pieces with it (as render.ImageOptions.Stage),
// so that the picture exported is the one shown.
func (l solveLook) stage(sc *render.Scene, an *render.Animation, s float64) {
	for i := range sc.Items {
		sc.Items[i].Offset, sc.Items[i].Fade = mgl64.Vec3{}, 0
	}
	if an != nil {
		an.Apply(sc, s)
		if l.fade {
			an.ApplyFade(sc, s)
		}
	}
	l.apply(sc)
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
	explode := fyne.NewMenuItem("Exploded View", func() { u.tabs.SelectIndex(tabSolve); u.solve.vt.toggleExplode() })
	explode.Shortcut = menuShortcut(fyne.KeyE, true)
	showAll := fyne.NewMenuItem("Show All Pieces", func() { u.tabs.SelectIndex(tabSolve); u.solve.vt.vis.showAll() })
	showAll.Shortcut = menuShortcut(fyne.KeyH, true)
	vt := u.solve.vt
	vt.fadeItem = fyne.NewMenuItem("Fade Out Removed Pieces", func() { u.solve.setFade(!vt.fade) })
	vt.fadeItem.Checked = vt.fade
	vt.fadeItem.Shortcut = menuShortcut(fyne.KeyF, true)
	return []*fyne.MenuItem{fyne.NewMenuItemSeparator(), reset, explode, showAll, vt.fadeItem}
}
