// Package x11win reads and sets where a top-level X11 window is, which
// Fyne has no API for: its frame (the window with what the window manager
// draws around it) and the monitors it can be on. The app uses it to open
// its window where it was closed.
//
// The calls open a connection of their own to the display in $DISPLAY, so
// they need no access to the toolkit's. Where there is no X11 (Wayland
// builds, other systems, builds without cgo) every call returns
// ErrUnsupported.
package x11win

import "errors"

// ErrUnsupported is returned where windows cannot be placed.
var ErrUnsupported = errors.New("x11win: windows cannot be placed here")

// Rect is a rectangle in X screen pixels.
type Rect struct {
	X, Y, W, H int
}

// Clip returns each of screens cut to area (the work area, one rectangle
// over all monitors), keeping a screen whole where area misses it.
func Clip(screens []Rect, area Rect) []Rect {
	out := make([]Rect, len(screens))
	for i, s := range screens {
		x0, y0 := max(s.X, area.X), max(s.Y, area.Y)
		x1, y1 := min(s.X+s.W, area.X+area.W), min(s.Y+s.H, area.Y+area.H)
		if x1 > x0 && y1 > y0 {
			out[i] = Rect{x0, y0, x1 - x0, y1 - y0}
		} else {
			out[i] = s
		}
	}
	return out
}
