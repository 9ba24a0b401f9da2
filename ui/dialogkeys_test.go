package ui

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	"github.com/burrlab/burrlab/model/grid"
)

// TestDialogKeys: Escape cancels a dialog and closes a message, from a
// text field too; Enter closes a message but does not answer a question.
func TestDialogKeys(t *testing.T) {
	u := newTestUI(t, newPuzzle(grid.Cubes))
	top := func() fyne.CanvasObject { return u.win.Canvas().Overlays().Top() }
	key := func(name fyne.KeyName) { u.passKey(&fyne.KeyEvent{Name: name}) }

	for _, k := range []fyne.KeyName{fyne.KeyEscape, fyne.KeyReturn} {
		dialog.ShowInformation("Note", "A message", u.win)
		key(k)
		if top() != nil {
			t.Errorf("%s did not close a message", k)
		}
	}

	answer := "none"
	dialog.ShowConfirm("Delete?", "Delete it?", func(ok bool) { answer = map[bool]string{true: "yes", false: "no"}[ok] }, u.win)
	key(fyne.KeyReturn)
	if top() == nil || answer != "none" {
		t.Fatalf("Enter answered a question: %s", answer)
	}
	key(fyne.KeyEscape)
	if top() != nil || answer != "no" {
		t.Errorf("Escape on a question: answer %s, dialog open %v", answer, top() != nil)
	}

	// Save As puts the keyboard in its file name; Escape there cancels.
	pressShortcut(u, menuShortcut(fyne.KeyS, true))
	f, ok := u.win.Canvas().Focused().(*dialogEntry)
	if top() == nil || !ok {
		t.Fatalf("Save As: dialog %v, focus on %T", top() != nil, u.win.Canvas().Focused())
	}
	f.TypedKey(&fyne.KeyEvent{Name: fyne.KeyEscape})
	if top() != nil || u.doc.Path != "" {
		t.Errorf("Escape in Save As's field: dialog open %v, saved as %q", top() != nil, u.doc.Path)
	}

	// The comment's Cancel, not its Apply.
	u.editComment()
	c := findDialogEntry(t, top())
	c.SetText("changed")
	c.TypedKey(&fyne.KeyEvent{Name: fyne.KeyEscape})
	if top() != nil || u.doc.Puzzle().Comment != "" {
		t.Errorf("Escape in the comment: dialog open %v, comment %q", top() != nil, u.doc.Puzzle().Comment)
	}
}

// findDialogEntry returns the first dialogEntry in the containers of the
// dialog shown in overlay.
func findDialogEntry(t *testing.T, overlay fyne.CanvasObject) *dialogEntry {
	t.Helper()
	pop, ok := overlay.(*widget.PopUp)
	if !ok {
		t.Fatalf("the overlay is a %T, not a dialog", overlay)
	}
	var found *dialogEntry
	var walk func(o fyne.CanvasObject)
	walk = func(o fyne.CanvasObject) {
		switch o := o.(type) {
		case *dialogEntry:
			if found == nil {
				found = o
			}
		case *fyne.Container:
			for _, ch := range o.Objects {
				walk(ch)
			}
		}
	}
	walk(pop.Content)
	if found == nil {
		t.Fatal("the dialog has no text field")
	}
	return found
}
