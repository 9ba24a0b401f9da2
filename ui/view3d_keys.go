package ui

import (
	"math"

	"fyne.io/fyne/v2"
)

// A 3D view takes the keyboard focus when clicked or tabbed to, shows it
// with its focus ring (focusring.go), and then turns, zooms and
// resets with the keys of the key table's 3D-view section. The keys it
// does not use go on to its window, as they would with nothing focused.

// What one key press does to the camera.
const (
	keyTurnStep = 15 * math.Pi / 180 // radians
	keyZoomStep = 1.25               // magnification
)

// FocusGained shows the view's focus ring.
func (v *view3D) FocusGained() { v.ring.set(true) }

// FocusLost hides the view's focus ring.
func (v *view3D) FocusLost() { v.ring.set(false) }

// TypedRune is part of fyne.Focusable: the view's keys are matched by
// name in TypedKey.
func (v *view3D) TypedRune(rune) {}

// TypedKey turns, zooms or resets the view, or passes the key on.
func (v *view3D) TypedKey(ev *fyne.KeyEvent) { v.typedKey(ev, keyModifiers()) }

func (v *view3D) typedKey(ev *fyne.KeyEvent, mod fyne.KeyModifier) {
	if v.windowKeys != nil && v.windowKeys(ev.Name) {
		v.passOn(ev)
		return
	}
	switch keyActionOf(secView, ev, mod) {
	case keyViewLeft:
		v.turn(-keyTurnStep, 0)
	case keyViewRight:
		v.turn(keyTurnStep, 0)
	case keyViewUp:
		v.turn(0, -keyTurnStep)
	case keyViewDown:
		v.turn(0, keyTurnStep)
	case keyViewZoomIn:
		v.zoom(keyZoomStep)
	case keyViewZoomOut:
		v.zoom(1 / keyZoomStep)
	case keyViewReset:
		v.resetView()
	default:
		// Space, Escape, F9 and the like still work for the tab or window.
		v.passOn(ev)
	}
}

// passOn hands a key the view does not use to its window.
func (v *view3D) passOn(ev *fyne.KeyEvent) {
	if c := v.canvas(); c != nil && c.OnTypedKey() != nil {
		c.OnTypedKey()(ev)
	}
}

// turn turns the scene as a drag would.
func (v *view3D) turn(yaw, pitch float64) {
	v.cam.Turn(yaw, pitch)
	v.raster.Refresh()
}

// zoom magnifies by f, as the wheel does.
func (v *view3D) zoom(f float64) {
	v.cam.Zoom(f)
	v.tools.framed = true
	v.raster.Refresh()
}

// canvas is the canvas the view is on, or nil before it is shown.
func (v *view3D) canvas() fyne.Canvas {
	return fyne.CurrentApp().Driver().CanvasForObject(v)
}
