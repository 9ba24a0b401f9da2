package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"
)

// The browsers' windows step or move with the arrow and page keys. Fyne
// gives every key to the focused widget, and a click on a check box, a
// select or a slider focuses it; passCheck (and keySelect and keySlider
// with nothing to keep but Space) pass every other key on to the window's
// handler, so the keys still work after a click.

// passCheck is a check box that passes on every key but Space.
type passCheck struct {
	widget.Check
	pass func(*fyne.KeyEvent)
}

func newPassCheck(label string, changed func(bool), pass func(*fyne.KeyEvent)) *passCheck {
	c := &passCheck{pass: pass}
	c.Text, c.OnChanged = label, changed
	c.ExtendBaseWidget(c)
	return c
}

// TypedKey toggles on Space and passes on the rest.
func (c *passCheck) TypedKey(ev *fyne.KeyEvent) {
	if ev.Name == fyne.KeySpace {
		c.Check.TypedKey(ev)
		return
	}
	c.pass(ev)
}
