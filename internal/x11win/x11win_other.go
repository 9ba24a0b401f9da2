//go:build !((linux || freebsd || openbsd || netbsd) && cgo && !wayland)

package x11win

// Frame returns ErrUnsupported: there is no X11 here.
func Frame(uintptr) (Rect, error) { return Rect{}, ErrUnsupported }

// Move returns ErrUnsupported: there is no X11 here.
func Move(uintptr, int, int) error { return ErrUnsupported }

// Screens returns ErrUnsupported: there is no X11 here.
func Screens() ([]Rect, error) { return nil, ErrUnsupported }

// WorkAreas returns ErrUnsupported: there is no X11 here.
func WorkAreas() ([]Rect, error) { return nil, ErrUnsupported }
