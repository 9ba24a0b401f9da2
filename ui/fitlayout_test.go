package ui

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
)

// TestTabsFitASmallScreen: with a puzzle open (PelikanBurr, its stored
// solution shown with its disassembly), every tab fits a 1280x720 screen less the window's
// frame, and the whole window (tabs and status bar) leaves room for the
// menu bar above it.
func TestTabsFitASmallScreen(t *testing.T) {
	u := newTestUI(t, readExample(t, "PelikanBurr.xmpuzzle"))
	room := fyne.NewSize(1260, 680)
	const menuBar = 40
	u.win.Resize(fyne.NewSize(room.Width, room.Height-menuBar))
	fits := func(what string, s, in fyne.Size) {
		t.Helper()
		if s.Width > in.Width || s.Height > in.Height {
			t.Errorf("%s needs %gx%g, more than %gx%g", what, s.Width, s.Height, in.Width, in.Height)
		}
	}
	for i, tab := range u.tabs.Items {
		u.tabs.SelectIndex(i)
		if i == tabSolve {
			u.solve.list.Select(0) // the stored solution, with its disassembly
			if u.solve.anim == nil {
				t.Fatal("the stored solution shows no disassembly")
			}
		}
		fits(tab.Text+" tab", tab.Content.MinSize(), room)
		fits("the window with the "+tab.Text+" tab", u.win.Content().MinSize(), fyne.NewSize(room.Width, room.Height-menuBar))
	}
}

// TestFlowWraps: a flow row is as narrow as its widest object and grows a
// row where its width runs out.
func TestFlowWraps(t *testing.T) {
	box := func(w float32) fyne.CanvasObject {
		r := canvas.NewRectangle(nil)
		r.SetMinSize(fyne.NewSize(w, 30))
		return r
	}
	f := newFlow(box(100), box(100), box(150))
	f.Resize(fyne.NewSize(1000, 30))
	if got := f.MinSize(); got.Width != 150 || got.Height != 30 {
		t.Errorf("one row: min size %v, want 150x30", got)
	}
	f.Resize(fyne.NewSize(260, 30))
	if got := f.MinSize(); got.Height <= 30 || got.Height > 70 {
		t.Errorf("two rows: min height %g, want two rows of 30 and a padding", got.Height)
	}
	if p := f.Objects[2].Position(); p.X != 0 || p.Y <= 30 {
		t.Errorf("the third object is at %v, want the start of the second row", p)
	}
}
