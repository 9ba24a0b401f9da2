package ui

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"

	"github.com/burrlab/burrlab/model/grid"
	"github.com/burrlab/burrlab/model/xmpuzzle"
)

// The worked example of the file format stores three assemblies in P1;
// the third builds the same shape as the second, turned, and every one is
// its own mirror image.
const workedExample = "../model/xmpuzzle/testdata/worked-example.xml"

// openImport opens the worked example and the import dialog on it, with
// the dialog's UI updates queued for the test to run.
func openImport(t *testing.T) (*App, *importDialog, uiQueue) {
	t.Helper()
	p, err := xmpuzzle.ReadFile(workedExample)
	if err != nil {
		t.Fatal(err)
	}
	p.CommentPopup = false // its comment would open a dialog of its own
	u := newTestUI(t, p)
	d := u.importAssemblies()
	if d == nil || len(u.win.Canvas().Overlays().List()) == 0 {
		t.Fatal("the dialog did not open")
	}
	q := make(uiQueue, 16)
	d.do = q.do
	return u, d, q
}

func TestImportAssembliesDialog(t *testing.T) {
	u, d, q := openImport(t)
	if d.millable == nil {
		t.Fatal("no millable filter on the cube grid")
	}
	if !d.disconnected.Checked || !d.identical.Checked || d.mirror.Checked || !d.target.Disabled() {
		t.Fatal("the dialog does not start with BurrTools' defaults")
	}
	d.dest.SetSelected(importDestinations[importNewProblem])
	d.maxCount.SetText("3")
	test.Tap(findButton(t, u, "Import"))
	q.pump(t, func() bool { return len(u.doc.Puzzle().Shapes) != 4 })

	p := u.doc.Puzzle()
	if len(p.Shapes) != 6 || len(p.Problems) != 3 {
		t.Fatalf("%d shapes and %d problems after the import; want 6 and 3", len(p.Shapes), len(p.Problems))
	}
	if parts := p.Problems[2].Parts; len(parts) != 2 || parts[1].Shape != 5 || parts[1].Min != 0 || parts[1].Max != 3 {
		t.Fatalf("the new problem's pieces: %+v", parts)
	}
	if len(u.win.Canvas().Overlays().List()) != 0 {
		t.Error("the dialog is still open after the import")
	}
	if s := u.status.Text; !strings.Contains(s, "3 assemblies became 2 new shapes (S5 on)") || !strings.Contains(s, "identical 1") {
		t.Errorf("status %q", s)
	}
	// One step: a single undo takes the shapes and the problem away.
	if !strings.HasPrefix(u.doc.UndoLabel(), "Import") {
		t.Errorf("undo label %q", u.doc.UndoLabel())
	}
	u.Undo()
	if p := u.doc.Puzzle(); len(p.Shapes) != 4 || len(p.Problems) != 2 {
		t.Fatalf("after one undo: %d shapes, %d problems; want 4 and 2", len(p.Shapes), len(p.Problems))
	}
	u.Redo()
	if len(u.doc.Puzzle().Shapes) != 6 {
		t.Fatal("redo did not bring the shapes back")
	}
}

func TestImportAssembliesDialogBadInput(t *testing.T) {
	u, d, q := openImport(t)
	steps := len(u.doc.undo)
	for _, c := range []struct {
		set  func()
		want string
	}{
		{func() { d.minCells.SetText("many") }, "The smallest number of filled cells must be a whole number"},
		{func() { d.minCells.SetText("9"); d.maxCells.SetText("2") }, "above the largest"},
		{func() {
			d.minCells.SetText("")
			d.maxCells.SetText("")
			d.dest.SetSelected(importDestinations[importToProblem])
			d.minCount.SetText("2")
			d.maxCount.SetText("1")
		}, "The piece count runs from 2 to 1"},
		{func() { d.minCount.SetText("0"); d.source.SetSelectedIndex(1) }, "P2 · Grouped variant has no stored assemblies: solve it first"},
	} {
		c.set()
		test.Tap(findButton(t, u, "Import"))
		if !strings.Contains(d.message.Text, c.want) {
			t.Errorf("message %q, want one saying %q", d.message.Text, c.want)
		}
		if len(u.doc.undo) != steps || len(u.doc.Puzzle().Shapes) != 4 {
			t.Fatal("bad input changed the puzzle")
		}
		if len(u.win.Canvas().Overlays().List()) == 0 {
			t.Fatal("the dialog closed on bad input")
		}
	}
	// Dropping mirror-symmetric shapes leaves none: nothing is added, no
	// step is recorded, and the status says why.
	d.source.SetSelectedIndex(0)
	d.dest.SetSelected(importDestinations[importJustAdd])
	d.mirror.SetChecked(true)
	test.Tap(findButton(t, u, "Import"))
	q.pump(t, func() bool { return len(u.win.Canvas().Overlays().List()) == 0 })
	if len(u.doc.undo) != steps || len(u.doc.Puzzle().Shapes) != 4 {
		t.Fatal("an import of nothing changed the puzzle")
	}
	if !strings.Contains(u.status.Text, "became 0 new shapes") || !strings.Contains(u.status.Text, "mirror-symmetric 3") {
		t.Errorf("status %q", u.status.Text)
	}
}

func TestImportAssembliesDialogOtherGrids(t *testing.T) {
	p, err := xmpuzzle.ReadFile(workedExample)
	if err != nil {
		t.Fatal(err)
	}
	p.Grid = grid.Prisms
	u := newTestUI(t, p)
	d := u.importAssemblies()
	if d.millable != nil || d.notchable != nil {
		t.Error("millable and notchable offered outside the cube grid")
	}
}
