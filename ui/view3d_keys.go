package ui

import (
	"image/color"
	"math"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/theme"
)

// A 3D view takes the keyboard focus when clicked or tabbed to, shows it
// with a frame in the theme's focus colour, and then turns, zooms and
// resets with the keys of the key table's 3D-view section. The keys it
// does not use go on to its window, as they would with nothing focused.

// What one key press does to the camera.
const (
	keyTurnStep = 15 * math.Pi / 180 // radians
	keyZoomStep = 1.25               // magnification
)

// newFocusFrame is the frame a view shows while it has the focus.
func newFocusFrame() *canvas.Rectangle {
	r := canvas.NewRectangle(color.Transparent)
	r.StrokeWidth = 2
	r.Hide()
	return r
}

// refreshFocusFrame shows the frame, in the theme's current focus colour,
// while the view has the focus. The colour is made opaque: the themes'
// focus colour is half transparent, meant for a field's whole background,
// and a thin line of it over the dark 3D view is hard to see.
func (v *view3D) refreshFocusFrame() {
	c := color.NRGBAModel.Convert(theme.Color(theme.ColorNameFocus)).(color.NRGBA)
	c.A = 0xff
	v.focusFrame.StrokeColor = c
	v.focusFrame.Hidden = !v.focused
	v.focusFrame.Refresh()
}

// FocusGained marks the view as focused.
func (v *view3D) FocusGained() {
	v.focused = true
	v.refreshFocusFrame()
}

// FocusLost takes the mark away.
func (v *view3D) FocusLost() {
	v.focused = false
	v.refreshFocusFrame()
}

// TypedRune is part of fyne.Focusable: the view's keys are matched by
// name in TypedKey.
func (v *view3D) TypedRune(rune) {}

// TypedKey turns, zooms or resets the view, or passes the key on.
func (v *view3D) TypedKey(ev *fyne.KeyEvent) { v.typedKey(ev, keyModifiers()) }

func (v *view3D) typedKey(ev *fyne.KeyEvent, mod fyne.KeyModifier) {
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
		if c := v.canvas(); c != nil && c.OnTypedKey() != nil {
			c.OnTypedKey()(ev)
		}
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

// takeFocus gives the view the keyboard focus, as a press on it does.
func (v *view3D) takeFocus() {
	if c := v.canvas(); c != nil && c.Focused() != v {
		c.Focus(v)
	}
}

// canvas is the canvas the view is on, or nil before it is shown.
func (v *view3D) canvas() fyne.Canvas {
	return fyne.CurrentApp().Driver().CanvasForObject(v)
}
