package ui

import (
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/theme"
)

// This file makes the lists, the 3D views and the layer editor take the
// keyboard focus (Tab, Shift+Tab and a click move it between them) and
// mark it with a ring in the theme's primary colour, the colour Fyne's
// entries mark their focus with. Fyne draws a focused list's mark on one
// row only and the 3D view and the editor had none, so a user could not
// tell where the arrow keys would go.

// focusRing is the outline a widget draws over its edge while it has the
// focus. Its zero value is ready: the rectangle is made when the widget's
// renderer first asks for it.
type focusRing struct {
	rect *canvas.Rectangle
	on   bool
}

// ringWidth is the outline's width: wide enough to see at a glance.
const ringWidth = 2

// object is the ring's rectangle, for a renderer's objects.
func (f *focusRing) object() fyne.CanvasObject {
	if f.rect == nil {
		f.rect = canvas.NewRectangle(color.Transparent)
		f.rect.StrokeWidth = ringWidth
		f.rect.Hidden = !f.on
	}
	return f.rect
}

// layout fits the ring to a widget of the given size.
func (f *focusRing) layout(size fyne.Size) {
	r := f.object()
	r.Move(fyne.NewPos(0, 0))
	r.Resize(size)
}

// set shows or hides the ring.
func (f *focusRing) set(on bool) {
	f.on = on
	if f.rect == nil {
		return // not drawn yet; object starts it in this state
	}
	f.rect.StrokeColor = theme.Color(theme.ColorNamePrimary)
	f.rect.Hidden = !on
	f.rect.Refresh()
}

// ringRenderer draws a widget's renderer with the ring on top. The ring
// takes no events, so clicks reach the widget under it.
type ringRenderer struct {
	fyne.WidgetRenderer
	ring *focusRing
}

func (r *ringRenderer) Layout(size fyne.Size) {
	r.WidgetRenderer.Layout(size)
	r.ring.layout(size)
}

func (r *ringRenderer) Objects() []fyne.CanvasObject {
	return append(r.WidgetRenderer.Objects(), r.ring.object())
}

func (r *ringRenderer) Refresh() {
	r.WidgetRenderer.Refresh()
	r.ring.set(r.ring.on) // the theme may have changed
}

// focus gives obj the keyboard focus of its window, as a click on an
// entry does.
func focus(obj interface {
	fyne.CanvasObject
	fyne.Focusable
}) {
	if c := fyne.CurrentApp().Driver().CanvasForObject(obj); c != nil && c.Focused() != obj {
		c.Focus(obj)
	}
}

// The 3D view takes the focus with a press of any mouse button
// (view3d_tools.go's MouseDown calls focus) and with Tab; its keys are in
// view3d_keys.go.

// FocusGained shows the layer editor's focus ring.
func (e *layerEditor) FocusGained() { e.ring.set(true) }

// FocusLost hides the layer editor's focus ring.
func (e *layerEditor) FocusLost() { e.ring.set(false) }

// TypedKey passes the editor's keys (F5-F8, Page Up and Down) to the
// window, which handles them for the Shapes tab.
func (e *layerEditor) TypedKey(ev *fyne.KeyEvent) {
	if k, ok := e.host.(keyPasser); ok {
		k.passKey(ev)
	}
}

// TypedRune ignores text.
func (e *layerEditor) TypedRune(rune) {}

// MouseDown gives the editor the focus when a press starts a click or a
// drag on it.
func (e *layerEditor) MouseDown(*desktop.MouseEvent) { focus(e) }

// MouseUp is part of desktop.Mouseable.
func (e *layerEditor) MouseUp(*desktop.MouseEvent) {}

// passKey hands a key the layer editor has no use for to the window.
func (t *shapesTab) passKey(ev *fyne.KeyEvent) { t.u.passKey(ev) }
