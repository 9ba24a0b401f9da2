package ui

import (
	"bytes"
	"math"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/theme"

	"github.com/burrlab/burrlab/model/grid"
	"github.com/burrlab/burrlab/model/xmpuzzle"
	"github.com/burrlab/burrlab/render"
)

// press gives the view the focus as a click does, then delivers the key
// as the desktop driver does: to the focused widget.
func press(t *testing.T, u *App, v *view3D, name fyne.KeyName, mod fyne.KeyModifier) {
	t.Helper()
	v.MouseDown(&desktop.MouseEvent{Button: desktop.MouseButtonPrimary})
	v.MouseUp(&desktop.MouseEvent{Button: desktop.MouseButtonPrimary})
	f, ok := u.win.Canvas().Focused().(*view3D)
	if !ok || f != v {
		t.Fatalf("a click did not give the view the focus (focused: %T)", u.win.Canvas().Focused())
	}
	f.typedKey(&fyne.KeyEvent{Name: name}, mod)
}

// Each 3D view of the main window turns, zooms and resets with the keys
// of the key table once it has the focus: the camera turns by one step
// the way a drag would, zooms by one step, and 0 brings back the first
// framing and picture.
func TestView3DKeys(t *testing.T) {
	p, err := xmpuzzle.ReadFile("testdata/tray.xmpuzzle")
	if err != nil {
		t.Fatal(err)
	}
	u := newTestUI(t, p)
	// The file's comment opens in a dialog, which would keep the focus.
	for o := u.win.Canvas().Overlays(); o.Top() != nil; {
		o.Remove(o.Top())
	}
	u.tabs.SelectIndex(tabSolve)
	u.solve.list.Select(0)
	turn := func(yaw, pitch float64) func(*render.Camera) {
		return func(c *render.Camera) { c.Turn(yaw, pitch) }
	}
	zoom := func(f float64) func(*render.Camera) {
		return func(c *render.Camera) { c.Zoom(f) }
	}
	keys := []struct {
		name fyne.KeyName
		mod  fyne.KeyModifier
		want func(*render.Camera)
	}{
		{fyne.KeyLeft, 0, turn(-keyTurnStep, 0)},
		{fyne.KeyRight, 0, turn(keyTurnStep, 0)},
		{fyne.KeyUp, 0, turn(0, -keyTurnStep)},
		{fyne.KeyDown, 0, turn(0, keyTurnStep)},
		{fyne.KeyPlus, 0, zoom(keyZoomStep)},                             // + of other layouts, keypad +
		{fyne.KeyEqual, fyne.KeyModifierShift, zoom(keyZoomStep)},        // + on a US keyboard
		{fyne.KeyEqual, 0, zoom(keyZoomStep)},                            // =
		{fyne.KeyMinus, 0, zoom(1 / keyZoomStep)},                        // - and keypad -
		{fyne.KeyLeft, fyne.KeyModifierControl, func(*render.Camera) {}}, // not a view key
	}
	for _, tab := range []int{tabShapes, tabProblems, tabSolve} {
		u.tabs.SelectIndex(tab)
		v := u.currentView()
		first := frameOf(v)
		home := v.cam
		for _, k := range keys {
			want := v.cam
			k.want(&want)
			press(t, u, v, k.name, k.mod)
			if d := v.cam.Rot.Sub(want.Rot).Len(); d > 1e-12 || math.Abs(v.cam.Dist-want.Dist) > 1e-12 || v.cam.Target != want.Target {
				t.Errorf("tab %d, key %q mod %d: camera %+v, want %+v", tab, k.name, k.mod, v.cam, want)
			}
		}
		if v.cam == home || bytes.Equal(frameOf(v), first) {
			t.Errorf("tab %d: the keys did not change the view", tab)
		}
		press(t, u, v, fyne.Key0, 0)
		if pic := frameOf(v); v.cam != home || !bytes.Equal(pic, first) || v.tools.framed {
			t.Errorf("tab %d: 0 left the camera at %+v, want %+v", tab, v.cam, home)
		}
	}
}

// The view shows the focus with its ring while it has it; Tab reaches it
// too.
func TestView3DFocus(t *testing.T) {
	u, v := barPreview(t, grid.Cubes)
	c := u.win.Canvas()
	if v.ring.rect.Visible() {
		t.Fatal("the focus frame shows before the view has the focus")
	}
	press(t, u, v, fyne.KeyUnknown, 0)
	if r := v.ring.rect; !r.Visible() || r.StrokeColor != theme.Color(theme.ColorNamePrimary) || r.StrokeWidth <= 0 {
		t.Errorf("focused view: ring visible %v, colour %v", r.Visible(), r.StrokeColor)
	}
	c.Unfocus()
	if v.ring.rect.Visible() {
		t.Error("the focus frame stays after the focus left")
	}
	for i := 0; i < 200 && c.Focused() != v; i++ {
		c.FocusNext()
	}
	if c.Focused() != v || !v.ring.rect.Visible() {
		t.Errorf("Tab does not reach the view (focused: %T)", c.Focused())
	}
}

// Keys the view does not use go on to the window: Page Up still steps the
// edited layer while the Shapes tab's preview has the focus.
func TestView3DPassesKeysOn(t *testing.T) {
	u, v := barPreview(t, grid.Cubes)
	u.tabs.SelectIndex(tabShapes)
	if u.view.Layer != 0 {
		t.Fatalf("layer %d at the start", u.view.Layer)
	}
	press(t, u, v, fyne.KeyPageUp, 0)
	if u.view.Layer != 1 {
		t.Errorf("Page Up with the view focused: layer %d, want 1", u.view.Layer)
	}
}

// A browser window's 3D view takes the keys too once clicked: the arrows
// turn it instead of stepping the placements, and Page Down, which the
// view does not use, still goes on to the window and steps 100.
func TestPlacementBrowserViewKeys(t *testing.T) {
	p := readExample(t, "SolidSixPieceBurrs.xmpuzzle")
	u := newTestUI(t, p)
	b := openPlacements(t, u)
	v := b.view
	v.MouseDown(&desktop.MouseEvent{Button: desktop.MouseButtonPrimary})
	if b.win.Canvas().Focused() != v || !v.ring.rect.Visible() {
		t.Fatalf("a click did not give the browser's view the focus (focused: %T)", b.win.Canvas().Focused())
	}
	label := b.label.Text
	want := v.cam
	want.Turn(keyTurnStep, 0)
	v.typedKey(&fyne.KeyEvent{Name: fyne.KeyRight}, 0)
	if v.cam.Rot.Sub(want.Rot).Len() > 1e-12 || b.label.Text != label {
		t.Errorf("Right with the view focused: %q, camera %v; want %q and the view turned", b.label.Text, v.cam.Rot, label)
	}
	v.typedKey(&fyne.KeyEvent{Name: fyne.KeyPageDown}, 0)
	if b.label.Text == label {
		t.Errorf("Page Down with the view focused did not step: %q", b.label.Text)
	}
}
