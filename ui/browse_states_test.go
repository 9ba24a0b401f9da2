package ui

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// deepPath moves piece 2 of the hook puzzle n times along +Z with taking
// out off: n new states, one under the other.
func deepPath(t *testing.T, b *movementBrowser, n int) {
	t.Helper()
	b.takeOut.SetChecked(false)
	key(b, "1") // piece 1 off, piece 2 alone
	key(b, "2")
	for range n {
		test.Tap(b.button(t, "+Z"))
	}
}

// rowLabel returns the label the States list draws for text, and where it
// is relative to the list, or nil when it is not drawn.
func rowLabel(b *movementBrowser, text string) (*widget.Label, fyne.Position) {
	for _, o := range test.LaidOutObjects(b.states.list) {
		if l, ok := o.(*widget.Label); ok && l.Visible() && l.Text == text {
			return l, fyne.CurrentApp().Driver().AbsolutePositionForObject(l).Subtract(fyne.CurrentApp().Driver().AbsolutePositionForObject(b.states.list))
		}
	}
	return nil, fyne.Position{}
}

// TestStatesDeepPathReadable: a state 40 moves deep is drawn with its
// depth and move inside the States pane (a tree indented it off the
// pane), and a fork is marked and listed after the first branch's states.
func TestStatesDeepPathReadable(t *testing.T) {
	u := newTestUI(t, hookPuzzle())
	b := openMoves(t, u)
	deepPath(t, b, 40)
	if b.m.Len() != 41 || b.states.depth[b.cur.ID] != 40 {
		t.Fatalf("%d states, at depth %d", b.m.Len(), b.states.depth[b.cur.ID])
	}
	want := strings.Repeat("   ", statesMaxIndent) + "40. piece 2 +Z"
	if got := b.states.text(b.cur, b.moveLabel(b.cur)); got != want {
		t.Fatalf("row %q, want %q", got, want)
	}
	l, at := rowLabel(b, want)
	if l == nil {
		t.Fatal("the current state's row is not drawn")
	}
	width := b.states.list.Size().Width
	// The text, indentation included, starts one inner padding into the
	// label.
	if end := at.X + theme.InnerPadding() + fyne.MeasureText(l.Text, theme.TextSize(), l.TextStyle).Width; end > width {
		t.Errorf("the row at depth 40 ends at x %.0f of a %.0f wide list", end, width)
	}
	// Back to depth 10 and another way: a second child of state 10, its
	// row after the 30 states under the first.
	for range 30 {
		key(b, fyne.KeyBackspace)
	}
	test.Tap(b.button(t, "+X"))
	if b.cur.ID != 41 || b.states.depth[41] != 11 || b.states.row[41] != 41 {
		t.Fatalf("fork: state %d at depth %d, row %d", b.cur.ID, b.states.depth[41], b.states.row[41])
	}
	if got := b.states.text(b.cur, b.moveLabel(b.cur)); !strings.HasSuffix(got, "↳ 11. piece 2 +X") {
		t.Errorf("fork row %q", got)
	}
	if sel := b.states.row[b.cur.ID]; b.states.order[sel] != b.cur {
		t.Error("the list does not select the current state")
	}
	// A click on the deep state returns to it.
	b.states.list.Select(b.states.row[40])
	if b.cur.ID != 40 {
		t.Errorf("click on row %d: state %d", b.states.row[40], b.cur.ID)
	}
}
