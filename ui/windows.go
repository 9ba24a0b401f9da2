package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
)

// newToolWindow opens one of the app's other windows (the placement and
// movement browsers, the guide), which Ctrl+W closes: under a window
// manager their frame has a close button, but a designer browsing with
// the keyboard should not need the mouse to put one away.
func (u *App) newToolWindow(title string) fyne.Window {
	w := u.fyne.NewWindow(title)
	w.Canvas().AddShortcut(closeWindowShortcut, func(fyne.Shortcut) { w.Close() })
	return w
}

// closeWindowShortcut is Ctrl+W (Cmd+W on a Mac).
var closeWindowShortcut = &desktop.CustomShortcut{KeyName: fyne.KeyW, Modifier: fyne.KeyModifierShortcutDefault}
