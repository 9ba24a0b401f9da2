package ui

import (
	"fmt"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver"

	"github.com/burrlab/burrlab/internal/x11win"
)

// The window's size and position, remembered from one run to the next.
// Fyne can size a window but not place it, so on X11 the app asks the X
// server itself (internal/x11win) through the window handle Fyne gives
// (driver.NativeWindow): where the window's frame is when the app quits,
// and to put it there again when it starts, moved onto a monitor if it
// would open off every one (a monitor unplugged, a smaller screen).
// Wayland lets no program place its windows: there, and wherever the X
// server cannot be reached, only the size is remembered, the window
// manager places the window, and nothing is said.

// prefWindow holds the window's geometry as "W H" (size in Fyne units) or
// "W H X Y" (with the frame's top-left corner in X screen pixels). One key
// is written once: Fyne saves the first change at once but later ones
// only 100 ms on, which the end of the app can cut short (several keys
// written on quitting kept only the first in some runs).
const prefWindow = "window"

// geometry is what prefWindow holds.
type geometry struct {
	size   fyne.Size
	placed bool // x, y are known
	x, y   int
}

func (g geometry) String() string {
	s := fmt.Sprintf("%g %g", g.size.Width, g.size.Height)
	if g.placed {
		s += fmt.Sprintf(" %d %d", g.x, g.y)
	}
	return s
}

// parseGeometry reads prefWindow's value; ok is false where it holds no
// usable size.
func parseGeometry(s string) (g geometry, ok bool) {
	n, _ := fmt.Sscan(s, &g.size.Width, &g.size.Height, &g.x, &g.y)
	g.placed = n == 4
	return g, n >= 2 && g.size.Width >= 400 && g.size.Height >= 300
}

// savedGeometry is the geometry recorded when the app last quit.
func (u *App) savedGeometry() (geometry, bool) {
	return parseGeometry(u.fyne.Preferences().String(prefWindow))
}

// WindowSize returns the window size to start with: the one it had when
// the app last quit, or def, shrunk where it is larger than the work area
// of the monitor it goes on (fitWindow corrects this guess once the
// window, its scale and its frame are known).
func (u *App) WindowSize(def fyne.Size) fyne.Size {
	g, ok := u.savedGeometry()
	if !ok {
		g = geometry{size: def}
	}
	areas, err := x11win.WorkAreas()
	if err != nil || len(areas) == 0 {
		return g.size
	}
	scale := u.fyne.Settings().Scale() // the user's; the monitor's is not known yet
	if scale <= 0 {
		scale = 1
	}
	at := x11win.Rect{X: areas[0].X, Y: areas[0].Y, W: int(g.size.Width * scale), H: int(g.size.Height * scale)}
	if g.placed {
		at.X, at.Y = g.x, g.y
	}
	return fitSize(g.size, scale, 0, 0, areas[bestScreen(at, areas)])
}

// fitSize returns size (Fyne units at scale pixels each) shrunk where,
// with a frame dw by dh pixels around it, it is wider or taller than room.
func fitSize(size fyne.Size, scale float32, dw, dh int, room x11win.Rect) fyne.Size {
	return fyne.NewSize(
		min(size.Width, float32(room.W-dw)/scale),
		min(size.Height, float32(room.H-dh)/scale))
}

// rememberWindow records the window's size, keeping the position last
// recorded (Shutdown calls it, also once the window has gone).
func (u *App) rememberWindow() {
	old, _ := u.savedGeometry()
	u.saveGeometry(old.placed, old.x, old.y)
}

// rememberPlace records the window's size and, where the window can be
// placed, its position. Call it while the window exists: once the app's
// loop has ended without the window being closed (a SIGTERM), Fyne still
// asks GLFW, which has ended, for the handle, and GLFW's Go binding
// panics.
func (u *App) rememberPlace() {
	if h := u.x11Handle(); h != 0 {
		if r, err := x11win.Frame(h); err == nil {
			u.saveGeometry(true, r.X, r.Y)
			return
		}
	}
	u.rememberWindow()
}

// saveGeometry writes the window's current size with the position given,
// unless that is what is recorded already.
func (u *App) saveGeometry(placed bool, x, y int) {
	g := geometry{size: u.win.Canvas().Size(), placed: placed, x: x, y: y}
	if g.size.Width < 400 || g.size.Height < 300 {
		return // not laid out, or a size not worth keeping
	}
	p := u.fyne.Preferences()
	if s := g.String(); s != p.String(prefWindow) {
		p.SetString(prefWindow, s)
	}
}

// x11Handle returns the X11 window of the main window, or 0 where there is
// none (Wayland, other systems, the test driver, a closed window).
func (u *App) x11Handle() uintptr {
	nw, ok := u.win.(driver.NativeWindow)
	if !ok {
		return 0
	}
	var h uintptr
	nw.RunNative(func(ctx any) {
		if x, ok := ctx.(driver.X11WindowContext); ok {
			h = x.WindowHandle
		}
	})
	return h
}

// RestoreWindowPosition moves the main window to where it was when the app
// last quit, kept on a monitor, and shrinks it where it is larger than that
// monitor's work area. Call it once the window is shown (the app's
// Lifecycle OnStarted).
func (u *App) RestoreWindowPosition() {
	h := u.x11Handle()
	if h == 0 {
		return
	}
	frame, err := x11win.Frame(h)
	if err != nil {
		return
	}
	screens, err := x11win.WorkAreas()
	if err != nil || len(screens) == 0 {
		return
	}
	g, ok := u.savedGeometry()
	placed := ok && g.placed
	if placed {
		frame.X, frame.Y = g.x, g.y
	}
	frame, shrunk := u.fitWindow(frame, screens[bestScreen(frame, screens)])
	if !placed && !shrunk {
		return // where the window manager put it
	}
	x, y := placeOnScreens(frame, screens)
	if err := x11win.Move(h, x, y); err != nil {
		fyne.LogError("could not place the window", err)
	}
}

// fitWindow shrinks the window where its frame is larger than room and
// returns the frame it then has.
func (u *App) fitWindow(frame, room x11win.Rect) (x11win.Rect, bool) {
	if frame.W <= room.W && frame.H <= room.H {
		return frame, false
	}
	c := u.win.Canvas()
	scale, size := c.Scale(), c.Size()
	// What the window manager draws around the window.
	dw := max(0, frame.W-int(size.Width*scale+0.5))
	dh := max(0, frame.H-int(size.Height*scale+0.5))
	fit := fitSize(size, scale, dw, dh, room)
	u.win.Resize(fit)
	frame.W, frame.H = int(fit.Width*scale+0.5)+dw, int(fit.Height*scale+0.5)+dh
	return frame, true
}

// placeOnScreens returns where window frame r goes: on the screen it
// overlaps most (the first screen if it overlaps none), moved just far
// enough to lie wholly on it, or at its top-left corner where it is
// larger than the screen.
func placeOnScreens(r x11win.Rect, screens []x11win.Rect) (x, y int) {
	if len(screens) == 0 {
		return r.X, r.Y
	}
	best := screens[bestScreen(r, screens)]
	return clampSpan(r.X, r.W, best.X, best.W), clampSpan(r.Y, r.H, best.Y, best.H)
}

// bestScreen returns the index of the screen r overlaps most, 0 where it
// overlaps none.
func bestScreen(r x11win.Rect, screens []x11win.Rect) int {
	best, area := 0, 0
	for i, s := range screens {
		w := min(r.X+r.W, s.X+s.W) - max(r.X, s.X)
		h := min(r.Y+r.H, s.Y+s.H) - max(r.Y, s.Y)
		if w > 0 && h > 0 && w*h > area {
			best, area = i, w*h
		}
	}
	return best
}

// clampSpan moves the span [at, at+size) into [lo, lo+room), or to lo
// where it does not fit.
func clampSpan(at, size, lo, room int) int {
	return max(lo, min(at, lo+room-size))
}
