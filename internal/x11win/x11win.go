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
