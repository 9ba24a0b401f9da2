package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"

	"github.com/burrlab/burrlab/render"
)

// viewTools is the state of a 3D view's navigation tools: which button and
// modifiers the pointer went down with (a middle or Shift drag pans, a
// Shift+click cycles a piece's visibility), whether the user has moved
// the camera away from the automatic framing, and the Reset View button.
type viewTools struct {
	button desktop.MouseButton
	mods   fyne.KeyModifier
	// framed is set once the user pans or zooms: views that follow their
	// scene (the Solve tab during a disassembly) then leave the camera
	// alone until the view is reset.
	framed   bool
	resetBtn *tipButton
	// onShiftPick, when set, receives the scene item under a Shift+click.
	onShiftPick func(item int)
	// onReset, when set, runs after the view was reset, for views that
	// frame more than their scene's current bounds.
	onReset func()
}

// panDrag reports whether the drag under way pans rather than turns.
func (t *viewTools) panDrag() bool {
	return t.button == desktop.MouseButtonTertiary || t.mods&fyne.KeyModifierShift != 0
}

// MouseDown notes the button and modifiers a drag or click starts with:
// Fyne's drag and tap events carry neither. A press also gives the view
// the keyboard focus.
func (v *view3D) MouseDown(ev *desktop.MouseEvent) {
	v.tools.button, v.tools.mods = ev.Button, ev.Modifier
	focus(v)
}

// MouseUp is part of desktop.Mouseable; the press's state stays until the
// next press, because the tap event arrives after the release.
func (v *view3D) MouseUp(*desktop.MouseEvent) {}

// shiftClick hands the item under a Shift+click to onShiftPick and reports
// whether it took the click. Outlined pieces count as drawn (PickAny), so
// that the cycle visible -> outlined -> hidden goes on in the view.
func (v *view3D) shiftClick(pos fyne.Position) bool {
	if v.tools.mods&fyne.KeyModifierShift == 0 || v.tools.onShiftPick == nil {
		return false
	}
	if v.r != nil {
		if hit, ok := v.r.PickAny(int(float64(pos.X)*v.px), int(float64(pos.Y)*v.px)); ok {
			v.tools.onShiftPick(hit.Item)
		}
	}
	return true
}

// resetView turns the camera back to the default direction and frames the
// whole scene, undoing any pan and zoom.
func (v *view3D) resetView() {
	v.cam = render.DefaultCamera()
	v.refit()
	if v.tools.onReset != nil {
		v.tools.onReset()
	}
}

// setHints sends the reset button's tooltip to h: a view in another
// window than the main one shows its tooltips there.
func (v *view3D) setHints(h hints) { v.tools.resetBtn.hints = h }

// currentView returns the 3D view of the tab shown.
func (u *App) currentView() *view3D {
	switch u.tabs.SelectedIndex() {
	case tabShapes:
		return u.shapes.preview
	case tabProblems:
		return u.problems.preview
	}
	return u.solve.view
}
