package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// navList is a list driven from the keyboard as well as the mouse: the
// list keys of the key table (Up, Down, Page Up, Page Down, Home, End)
// move the selection itself, as a click does, and the list scrolls to keep
// the selected row in view. Fyne's own list keys only move a focus
// highlight and select with Space, which leaves the 3D view and the editor
// behind; navList replaces them. The keys it has no use for go to the
// window (App.passKey), so that Space plays a disassembly and F5-F9 work
// while a list has the focus. A ring around the list marks the focus.
type navList struct {
	widget.List

	// OnSelected runs when row id becomes the selection: a click, a key,
	// or Select. It shadows the embedded list's callback, which navList
	// uses to follow the selection.
	OnSelected func(id widget.ListItemID)

	pass keyPasser
	cur  widget.ListItemID // the selected row, -1 none
	rowH float32           // a row's height, measured once
	ring focusRing
}

// newNavList makes a list of length() rows, made by create and filled by
// update, that passes the keys it does not use to pass.
func newNavList(length func() int, create func() fyne.CanvasObject, update func(widget.ListItemID, fyne.CanvasObject), pass keyPasser) *navList {
	n := &navList{pass: pass, cur: -1}
	n.Length, n.CreateItem, n.UpdateItem = length, create, update
	// Fyne calls OnUnselected for the old row before OnSelected for the
	// new one, so cur ends on the new row.
	n.List.OnUnselected = func(id widget.ListItemID) {
		if id == n.cur {
			n.cur = -1
		}
	}
	n.List.OnSelected = func(id widget.ListItemID) {
		n.cur = id
		if n.OnSelected != nil {
			n.OnSelected(id)
		}
	}
	n.ExtendBaseWidget(n)
	return n
}

// selected is the selected row, -1 when there is none.
func (n *navList) selected() widget.ListItemID { return n.cur }

// TypedKey moves the selection for the list keys of the key table and
// passes the others on.
func (n *navList) TypedKey(ev *fyne.KeyEvent) {
	act := keyActionOf(secLists, ev, keyModifiers())
	if act == keyNone {
		if n.pass != nil {
			n.pass.passKey(ev)
		}
		return
	}
	n.move(act)
}

// TypedRune ignores text: a list has none to edit, and Space (which Fyne
// also delivers as a rune) is the window's key, passed on by TypedKey.
func (n *navList) TypedRune(rune) {}

// FocusGained shows the focus ring. The embedded list's own focus mark,
// a highlight on the row its arrow keys walked to, is not wanted: here
// the arrows move the selection, which has a mark of its own.
func (n *navList) FocusGained() { n.ring.set(true) }

// FocusLost hides the focus ring.
func (n *navList) FocusLost() { n.ring.set(false) }

// move selects the row a list action leads to and scrolls it into view.
func (n *navList) move(act keyAction) {
	to := n.target(act)
	if to < 0 {
		return
	}
	if to == n.cur {
		// At either end, or the row is selected already: bring it back
		// into view should the wheel have scrolled it away.
		n.ScrollTo(to)
		return
	}
	n.Select(to) // scrolls as little as keeps the row in view
}

// target is the row act leads to from the selection, -1 for an empty
// list. Without a selection every key but End starts at the first row.
func (n *navList) target(act keyAction) widget.ListItemID {
	count := 0
	if n.Length != nil {
		count = n.Length()
	}
	if count == 0 {
		return -1
	}
	cur := n.cur
	if cur < 0 || cur >= count {
		if act == keyListLast {
			return count - 1
		}
		return 0
	}
	to := cur
	switch act {
	case keyListUp:
		to = cur - 1
	case keyListDown:
		to = cur + 1
	case keyListPageUp:
		to = cur - n.page()
	case keyListPageDown:
		to = cur + n.page()
	case keyListFirst:
		to = 0
	case keyListLast:
		to = count - 1
	}
	return max(0, min(to, count-1))
}

// page is the number of rows the list shows whole, at least 1.
func (n *navList) page() int {
	h := n.rowHeight()
	if h <= 0 {
		return 1
	}
	// Fyne puts a padding's height between rows.
	sep := n.Theme().Size(theme.SizeNamePadding)
	return max(1, int((n.Size().Height+sep)/(h+sep)))
}

// rowHeight is the height of a row. Fyne sizes every row as its template
// row, which this measures the same way, once.
func (n *navList) rowHeight() float32 {
	if n.rowH == 0 && n.CreateItem != nil {
		n.rowH = n.CreateItem().MinSize().Height
	}
	return n.rowH
}

// CreateRenderer draws the list with the focus ring over it.
func (n *navList) CreateRenderer() fyne.WidgetRenderer {
	return &ringRenderer{WidgetRenderer: n.List.CreateRenderer(), ring: &n.ring}
}

// setLabel sets a row label's text when it changes. Fyne lays out (shapes)
// a label's text anew at every SetText, and a list fills all its visible
// rows again whenever the selection moves: unchanged rows made up most of
// a step's time in a long solution list.
func setLabel(l *widget.Label, text string) {
	if l.Text != text {
		l.SetText(text)
	}
}
