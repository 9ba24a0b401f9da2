package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"
)

// The browsers' windows step or move with the arrow and page keys. Fyne
// gives every key to the focused widget, and a click on a check box, a
// select or a slider focuses it; these wrappers keep Space for themselves
// and pass every other key on to the window's handler, so the keys still
// work after a click.

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

// passSelect is a select that passes on every key but Space.
type passSelect struct {
	widget.Select
	pass func(*fyne.KeyEvent)
}

func newPassSelect(changed func(string), pass func(*fyne.KeyEvent)) *passSelect {
	s := &passSelect{pass: pass}
	s.OnChanged = changed
	s.ExtendBaseWidget(s)
	return s
}

// TypedKey opens the list on Space and passes on the rest.
func (s *passSelect) TypedKey(ev *fyne.KeyEvent) {
	if ev.Name == fyne.KeySpace {
		s.Select.TypedKey(ev)
		return
	}
	s.pass(ev)
}

// passSlider is a slider that passes on every key: the window's handler
// steps with the arrows itself (and further than one unit with some).
type passSlider struct {
	widget.Slider
	pass func(*fyne.KeyEvent)
}

func newPassSlider(pass func(*fyne.KeyEvent)) *passSlider {
	s := &passSlider{pass: pass}
	s.Min, s.Max, s.Step = 0, 1, 1
	s.ExtendBaseWidget(s)
	return s
}

// TypedKey passes every key on.
func (s *passSlider) TypedKey(ev *fyne.KeyEvent) { s.pass(ev) }
