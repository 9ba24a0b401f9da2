package ui

import (
	"slices"
	"testing"

	"fyne.io/fyne/v2"

	"github.com/burrlab/burrlab/solver"
)

// TestCtrlWClosesToolWindows: Ctrl+W closes the placement and movement
// browsers and the guide, and leaves the main window open.
func TestCtrlWClosesToolWindows(t *testing.T) {
	u := newTestUI(t, hookPuzzle())
	open := func(w fyne.Window) bool { return slices.Contains(u.fyne.Driver().AllWindows(), w) }
	u.showGuide()
	guide := u.guide
	// Not openPlacements: its cleanup would close the window again, which
	// Fyne's test driver does not survive. The placements are not waited
	// for, and their arrival is dropped.
	places := newPlacementBrowser(u, 0, solver.DefaultOptions(), func(func()) {})
	for _, w := range []fyne.Window{guide, places.win, openMovesWindow(t, u).win} {
		if !open(w) {
			t.Fatalf("%q is not open", w.Title())
		}
		w.Canvas().(interface{ TypedShortcut(fyne.Shortcut) }).TypedShortcut(closeWindowShortcut)
		if open(w) {
			t.Errorf("%q is still open after Ctrl+W", w.Title())
		}
	}
	if u.guide != nil {
		t.Error("the app still holds the closed guide")
	}
	if !open(u.win) {
		t.Error("the main window closed too")
	}
}
