package ui

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"

	"github.com/burrlab/burrlab/model"
	"github.com/burrlab/burrlab/model/grid"
)

// While a dialog covers the main window, the menu's shortcuts, Ctrl+Y and
// the window's keys do nothing; once it is closed they work again.
func TestShortcutsWaitForDialogs(t *testing.T) {
	u := newTestUI(t, newPuzzle(grid.Cubes))
	v := grid.Vec{0, 0, 0}
	tapCell(t, u, v)
	tapCell(t, u, grid.Vec{1, 0, 0})
	pressShortcut(u, &fyne.ShortcutUndo{}) // one undone, for redo below
	d := dialog.NewInformation("Note", "A dialog", u.win)
	d.Show()
	tab := u.tabs.SelectedIndex()
	pressShortcut(u, &fyne.ShortcutUndo{})
	pressShortcut(u, &fyne.ShortcutRedo{})
	pressShortcut(u, menuShortcut(fyne.KeyE, true)) // Exploded View: would switch to Solve
	pressShortcut(u, &fyne.ShortcutRedo{})          // Ctrl+Y, a canvas shortcut
	u.passKey(&fyne.KeyEvent{Name: fyne.KeyF9})
	if state(u, 0, v) == model.Empty || state(u, 0, grid.Vec{1, 0, 0}) != model.Empty {
		t.Error("undo or redo ran behind the dialog")
	}
	if u.tabs.SelectedIndex() != tab || u.solve.vt.explode.Value != 0 {
		t.Error("the exploded view's shortcut ran behind the dialog")
	}
	d.Hide()
	pressShortcut(u, &fyne.ShortcutRedo{})
	if state(u, 0, grid.Vec{1, 0, 0}) == model.Empty {
		t.Error("redo does not work after the dialog closed")
	}
	pressShortcut(u, menuShortcut(fyne.KeyE, true))
	if u.tabs.SelectedIndex() != tabSolve || u.solve.vt.explode.Value == 0 {
		t.Error("the exploded view's shortcut does not work after the dialog closed")
	}
}
