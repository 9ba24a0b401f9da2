package ui

import "fyne.io/fyne/v2"

// Fyne's desktop driver runs a main-menu item's action for its shortcut
// whatever covers the window: with a dialog open, Ctrl+S would save the
// puzzle behind it, Ctrl+Shift+E switch tabs under it, and Ctrl+Z typed
// in the dialog's text field would undo an edit of the puzzle instead of
// the typing. While an overlay covers the main window (a dialog, a
// pop-up), the menu's items therefore do nothing. Clicks are not
// affected: an overlay keeps them from the menu bar, and an open menu is
// dismissed before its item acts.

// guardMenu makes every item of the main menu, in submenus too, wait for
// the window to be uncovered. Items kept across rebuilds of the menu are
// wrapped once.
func (u *App) guardMenu(m *fyne.MainMenu) {
	if u.guarded == nil {
		u.guarded = map[*fyne.MenuItem]bool{}
	}
	var walk func(items []*fyne.MenuItem)
	walk = func(items []*fyne.MenuItem) {
		for _, it := range items {
			if it.ChildMenu != nil {
				walk(it.ChildMenu.Items)
			}
			if it.Action == nil || u.guarded[it] {
				continue
			}
			u.guarded[it] = true
			it.Action = u.unlessCovered(it.Action)
		}
	}
	for _, menu := range m.Items {
		walk(menu.Items)
	}
}

// unlessCovered returns f, made to do nothing while an overlay covers the
// main window. It also gives the status line its message back: a shortcut
// typed with the pointer resting on the grid would otherwise leave that
// cell's text under the dialog it opens, or beside the cell it changed.
func (u *App) unlessCovered(f func()) func() {
	return func() {
		if u.win.Canvas().Overlays().Top() == nil {
			u.hoverStatus("")
			f()
		}
	}
}
