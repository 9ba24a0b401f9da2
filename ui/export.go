package ui

import "fyne.io/fyne/v2"

// exportMenu returns File ▸ Export: one item per kind of file the puzzle
// can be exported to. New exports add their item to exportItems.
func (u *App) exportMenu() *fyne.MenuItem {
	item := fyne.NewMenuItem("Export", nil)
	item.ChildMenu = fyne.NewMenu("", u.exportItems()...)
	return item
}

// exportItems lists the items of File ▸ Export.
func (u *App) exportItems() []*fyne.MenuItem {
	return []*fyne.MenuItem{
		fyne.NewMenuItem("Image…", u.showExportImage),
		u.exportSTLItem(),
	}
}
