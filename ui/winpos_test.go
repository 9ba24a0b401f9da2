package ui

import (
	"testing"

	"fyne.io/fyne/v2"

	"github.com/burrlab/burrlab/internal/x11win"
	"github.com/burrlab/burrlab/model/grid"
)

// TestPlaceOnScreens: a window opens where it was when it lies on a
// monitor; one that would open off every monitor, or across an edge,
// moves just onto the monitor it overlaps most (the first when none);
// one larger than its monitor opens at the monitor's corner.
func TestPlaceOnScreens(t *testing.T) {
	rect := func(x, y, w, h int) x11win.Rect { return x11win.Rect{X: x, Y: y, W: w, H: h} }
	one := []x11win.Rect{rect(0, 0, 1280, 900)}
	// Two monitors side by side, the right one smaller and lower.
	two := []x11win.Rect{rect(0, 0, 1920, 1080), rect(1920, 200, 1280, 800)}
	for _, tt := range []struct {
		name    string
		win     x11win.Rect
		screens []x11win.Rect
		x, y    int
	}{
		{"inside", rect(137, 94, 900, 600), one, 137, 94},
		{"at the corner", rect(0, 0, 1280, 900), one, 0, 0},
		{"past the right edge", rect(700, 100, 900, 600), one, 380, 100},
		{"past the bottom edge", rect(100, 500, 900, 600), one, 100, 300},
		{"above and left", rect(-50, -20, 900, 600), one, 0, 0},
		{"wider and taller", rect(137, 94, 1360, 960), one, 0, 0},
		{"on a monitor since unplugged", rect(2100, 300, 900, 600), one, 380, 300},
		{"far off", rect(-40000, 90000, 900, 600), one, 0, 300},
		{"on the second monitor", rect(2100, 300, 900, 600), two, 2100, 300},
		{"mostly on the second, below its bottom", rect(2000, 600, 900, 600), two, 2000, 400},
		{"across both, mostly on the first", rect(1500, 100, 900, 600), two, 1020, 100},
		{"in the gap below the smaller monitor", rect(2100, 1050, 900, 600), two, 1020, 480},
		{"no screens known", rect(5, 6, 900, 600), nil, 5, 6},
	} {
		if x, y := placeOnScreens(tt.win, tt.screens); x != tt.x || y != tt.y {
			t.Errorf("%s: %d,%d, want %d,%d", tt.name, x, y, tt.x, tt.y)
		}
	}
}

// TestGeometryKept: the size and position are one preference; a later
// Shutdown (which knows only the size) keeps the position; values that
// are not a geometry give the default size and no position.
func TestGeometryKept(t *testing.T) {
	u := newTestUI(t, newPuzzle(grid.Cubes))
	def := fyne.NewSize(1360, 860)
	u.win.Resize(fyne.NewSize(1000, 700))
	u.saveGeometry(true, 137, 94)
	if got := u.fyne.Preferences().String(prefWindow); got != "1000 700 137 94" {
		t.Fatalf("recorded %q", got)
	}
	u.Shutdown()
	g, ok := u.savedGeometry()
	if !ok || !g.placed || g.x != 137 || g.y != 94 || u.WindowSize(def) != fyne.NewSize(1000, 700) {
		t.Fatalf("after Shutdown: %+v, %v", g, ok)
	}
	// The test driver's window has no X11 handle: only the size is kept,
	// with the position known from before.
	u.win.Resize(fyne.NewSize(1100, 720))
	u.rememberPlace()
	if got := u.fyne.Preferences().String(prefWindow); got != "1100 720 137 94" {
		t.Fatalf("without X11: %q", got)
	}
	for _, bad := range []string{"", "wide", "10 10 3 4", "1000", "NaN 700"} {
		u.fyne.Preferences().SetString(prefWindow, bad)
		if g, ok := u.savedGeometry(); u.WindowSize(def) != def || (ok && g.placed) {
			t.Errorf("%q: size %v, placed %v", bad, u.WindowSize(def), ok && g.placed)
		}
	}
	u.fyne.Preferences().SetString(prefWindow, "1000 700 5")
	if g, ok := u.savedGeometry(); !ok || g.placed || g.size != fyne.NewSize(1000, 700) {
		t.Errorf("a size and half a position: %+v, %v", g, ok)
	}
	u.fyne.Preferences().SetString(prefWindow, "1000 700 -5 12")
	if g, ok := u.savedGeometry(); !ok || !g.placed || g.x != -5 || g.y != 12 {
		t.Errorf("a position left of the first monitor: %+v", g)
	}
}

// TestFitSize: a window larger than the room left by its frame shrinks to
// it, in Fyne units at the canvas scale; one that fits keeps its size.
func TestFitSize(t *testing.T) {
	room := x11win.Rect{X: 1366, Y: 0, W: 1366, H: 740} // a laptop beside, less a panel
	for _, tt := range []struct {
		name   string
		size   fyne.Size
		scale  float32
		dw, dh int
		want   fyne.Size
	}{
		{"fits", fyne.NewSize(1200, 600), 1, 10, 40, fyne.NewSize(1200, 600)},
		{"the default on a laptop", fyne.NewSize(1360, 860), 1, 10, 40, fyne.NewSize(1356, 700)},
		{"only too tall", fyne.NewSize(1000, 900), 1, 0, 0, fyne.NewSize(1000, 740)},
		{"scaled", fyne.NewSize(1360, 860), 2, 0, 20, fyne.NewSize(683, 360)},
	} {
		if got := fitSize(tt.size, tt.scale, tt.dw, tt.dh, room); got != tt.want {
			t.Errorf("%s: %v, want %v", tt.name, got, tt.want)
		}
	}
}
