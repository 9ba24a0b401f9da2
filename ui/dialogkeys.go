package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"
)

// Fyne's dialogs take no keys: Escape does not cancel them and Enter does
// not close a message. The window passes the keys typed while a dialog is
// open and none of its fields has the focus to answerDialog, which taps
// the button a desktop program's dialog would answer with. (A focused
// text field keeps Escape to itself; its Enter submits as before.)

// dismissLabels are the buttons that take a dialog back without doing
// anything, as our dialogs and Fyne's label them.
var dismissLabels = map[string]bool{"Cancel": true, "Close": true, "No": true}

// answerDialog answers the dialog shown in overlay for key: Escape taps its
// Cancel, Close or No button, or its only button (a message's OK); Enter
// taps a message's only button. It reports whether it tapped one.
func answerDialog(overlay fyne.CanvasObject, key fyne.KeyName) bool {
	pop, ok := overlay.(*widget.PopUp)
	if !ok {
		return false
	}
	var buttons []*widget.Button
	var walk func(o fyne.CanvasObject)
	walk = func(o fyne.CanvasObject) {
		if o == nil || !o.Visible() {
			return
		}
		switch o := o.(type) {
		case *widget.Button:
			if !o.Disabled() && o.OnTapped != nil {
				buttons = append(buttons, o)
			}
		case *fyne.Container:
			for _, ch := range o.Objects {
				walk(ch)
			}
		}
	}
	walk(pop.Content)
	var tap *widget.Button
	switch key {
	case fyne.KeyEscape:
		for _, b := range buttons {
			if dismissLabels[b.Text] {
				tap = b
			}
		}
		if tap == nil && len(buttons) == 1 {
			tap = buttons[0]
		}
	case fyne.KeyReturn, fyne.KeyEnter:
		if len(buttons) == 1 {
			tap = buttons[0]
		}
	}
	if tap == nil {
		return false
	}
	tap.OnTapped()
	return true
}

// dialogEntry is a text field for a dialog: Escape in it answers the
// dialog as Escape with no field focused does, instead of being lost.
type dialogEntry struct {
	widget.Entry
	u *App
}

// newDialogEntry returns a one-line dialogEntry of u's window.
func newDialogEntry(u *App) *dialogEntry {
	e := &dialogEntry{u: u}
	e.ExtendBaseWidget(e)
	return e
}

// newDialogMultiLineEntry returns a dialogEntry for text of several lines.
func newDialogMultiLineEntry(u *App) *dialogEntry {
	e := newDialogEntry(u)
	e.MultiLine, e.Wrapping = true, fyne.TextWrap(fyne.TextTruncateClip) // as widget.NewMultiLineEntry
	return e
}

// TypedKey answers the dialog on Escape; other keys edit as usual.
func (e *dialogEntry) TypedKey(ev *fyne.KeyEvent) {
	if ev.Name == fyne.KeyEscape {
		if top := e.u.win.Canvas().Overlays().Top(); top != nil {
			answerDialog(top, ev.Name)
		}
		return
	}
	e.Entry.TypedKey(ev)
}
