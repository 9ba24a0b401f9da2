package ui

import (
	"bytes"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/test"

	"github.com/burrlab/burrlab/render"
)

// shiftClick sends a Shift+click at pixel (x, y) of v's last frame.
func shiftClick(v *view3D, x, y int) {
	pos := fyne.NewPos(float32(float64(x)/v.px), float32(float64(y)/v.px))
	v.MouseDown(&desktop.MouseEvent{PointEvent: fyne.PointEvent{Position: pos}, Button: desktop.MouseButtonPrimary, Modifier: fyne.KeyModifierShift})
	v.Tapped(&fyne.PointEvent{Position: pos})
}

// The movement browser has the pieces' visibility too: the square in each
// row of its piece list and Shift+click in its view cycle a piece through
// visible, outlined and hidden; the state is the window's own (the Solve
// tab's view keeps its own), and stays while pieces move.
func TestMovementBrowserVisibility(t *testing.T) {
	u := newTestUI(t, hookPuzzle())
	b := openMoves(t, u)
	b.win.Resize(fyne.NewSize(1100, 720))
	vis := b.tools.vis
	if len(vis.chips) != 2 || b.tools.explode != nil {
		t.Fatalf("%d piece squares (want 2), exploded view %v", len(vis.chips), b.tools.explode != nil)
	}
	before := frameOf(b.view)
	for _, want := range []render.Mode{render.Outline, render.Hidden, render.Solid} {
		test.Tap(vis.chips[0])
		if m := b.view.scene.Items[0].Mode; m != want || vis.chips[0].mode != want {
			t.Fatalf("after a tap piece 1 is in mode %d, want %d", m, want)
		}
		if b.view.scene.Items[1].Mode != render.Solid {
			t.Error("a tap changed piece 2")
		}
		if u.solve.vt.vis.modes[0] != render.Solid {
			t.Error("the Solve tab's view changed with the browser's")
		}
		if pic := frameOf(b.view); want != render.Solid && bytes.Equal(pic, before) {
			t.Errorf("mode %d: the picture did not change", want)
		}
	}
	// Shift+click on piece 2 outlines it; a second one at the same place
	// reaches the wire frame and hides it.
	frameOf(b.view)
	x, y, item := innerPixelOfItem(t, b.view)
	for _, want := range []render.Mode{render.Outline, render.Hidden} {
		shiftClick(b.view, x, y)
		frameOf(b.view)
		if m := b.view.scene.Items[item].Mode; m != want || vis.modes[item] != want {
			t.Fatalf("Shift+click on piece %d: mode %d, want %d", item+1, m, want)
		}
	}
	if len(b.selected()) != 1 {
		t.Error("Shift+click changed the selection")
	}
	// Moving a piece keeps the modes: the moved state is drawn anew.
	key(b, "1")
	key(b, "2")
	test.Tap(b.button(t, "+Z"))
	if b.cur.ID == 0 || b.view.scene.Items[item].Mode != render.Hidden {
		t.Errorf("after a move (state %d) piece %d is in mode %d, want hidden", b.cur.ID, item+1, b.view.scene.Items[item].Mode)
	}
}

// innerPixelOfItem finds a pixel of the last frame of v that shows a solid
// piece, with the pixels three away on every side showing it too: a click
// there hits the piece however the position rounds.
func innerPixelOfItem(t *testing.T, v *view3D) (x, y, item int) {
	t.Helper()
	w, h := v.r.Size()
	on := func(x, y, item int) bool {
		hit, ok := v.r.Pick(x, y)
		return ok && hit.Item == item
	}
	for y := h / 4; y < h*3/4; y++ {
		for x := w / 4; x < w*3/4; x++ {
			hit, ok := v.r.Pick(x, y)
			if !ok || v.scene.Items[hit.Item].Mode != render.Solid {
				continue
			}
			if i := hit.Item; on(x-3, y, i) && on(x+3, y, i) && on(x, y-3, i) && on(x, y+3, i) {
				return x, y, i
			}
		}
	}
	t.Fatal("no piece in the picture")
	return
}
