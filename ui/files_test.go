package ui

import (
	"os"
	"path/filepath"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/burrlab/burrlab/assets"
	"github.com/burrlab/burrlab/model"
	"github.com/burrlab/burrlab/model/grid"
)

// findButton looks for a button with the given text among the window's
// overlays (dialogs).
func findButton(t *testing.T, u *App, text string) *widget.Button {
	for _, b := range overlayWidgets[*widget.Button](t, u) {
		if b.Text == text {
			return b
		}
	}
	return nil
}

func TestSaveAndOpen(t *testing.T) {
	u := newTestUI(t, newPuzzle(grid.Prisms))
	tapCell(t, u, grid.Vec{1, 0, 0})
	path := filepath.Join(t.TempDir(), "prism.xmpuzzle")
	if err := u.writeTo(path); err != nil {
		t.Fatal(err)
	}
	if u.doc.Dirty() || u.doc.Path != path {
		t.Fatalf("after saving: dirty %v, path %q", u.doc.Dirty(), u.doc.Path)
	}
	if got := u.win.Title(); got != "prism.xmpuzzle — BurrLab" {
		t.Errorf("title %q", got)
	}
	if r := u.recentFiles(); len(r) == 0 || r[0] != path {
		t.Errorf("recent files %v", r)
	}
	u.NewPuzzle(grid.Spheres)
	if u.g.Type() != grid.Spheres || u.doc.Path != "" {
		t.Fatal("File > New did not start a sphere puzzle")
	}
	u.OpenPath(path)
	p := u.doc.Puzzle()
	if p.Grid != grid.Prisms || p.Shapes[0].At(grid.Vec{1, 0, 0}).State() != model.Filled {
		t.Fatal("the saved puzzle did not come back")
	}
	if u.doc.Dirty() || u.doc.CanUndo() {
		t.Error("a file just opened is dirty or has history")
	}
}

func TestOpenBadFileShowsError(t *testing.T) {
	u := newTestUI(t, newPuzzle(grid.Cubes))
	bad := filepath.Join(t.TempDir(), "bad.xmpuzzle")
	if err := os.WriteFile(bad, []byte("<puzzle version=\"2\"><shapes><voxel x=\"1\" y=\"1\" z=\"1\">#</voxel>"), 0o644); err != nil {
		t.Fatal(err)
	}
	before := u.doc
	u.OpenPath(bad)
	if u.doc != before {
		t.Error("a broken file replaced the open document")
	}
	if len(u.win.Canvas().Overlays().List()) == 0 {
		t.Error("no error dialog for a broken file")
	}
}

func TestUnsavedChangesAreAsked(t *testing.T) {
	u := newTestUI(t, newPuzzle(grid.Cubes))
	tapCell(t, u, grid.Vec{0, 0, 0})
	u.NewPuzzle(grid.Prisms)
	if u.g.Type() != grid.Cubes {
		t.Fatal("File > New threw away unsaved changes without asking")
	}
	b := findButton(t, u, "Don't Save")
	if b == nil {
		t.Fatal("no unsaved changes dialog")
	}
	test.Tap(b)
	if u.g.Type() != grid.Prisms {
		t.Fatal("Don't Save did not go on to the new puzzle")
	}
}

func TestExamplesOpen(t *testing.T) {
	u := newTestUI(t, newPuzzle(grid.Cubes))
	for _, ex := range assets.Examples() {
		u.OpenExample(ex.File)
		if u.docName() != ex.File {
			t.Fatalf("example %s did not open", ex.File)
		}
		if err := u.doc.Puzzle().Validate(); err != nil {
			t.Fatalf("example %s: %v", ex.File, err)
		}
		if len(u.doc.Puzzle().Problems) == 0 {
			t.Fatalf("example %s has no problem to solve", ex.File)
		}
	}
}

func TestEmptyPuzzle(t *testing.T) {
	u := newTestUI(t, &model.Puzzle{Grid: grid.TetraOcta})
	for _, tab := range []int{tabShapes, tabProblems, tabSolve} {
		u.tabs.SelectIndex(tab)
	}
	if u.view.Shape != -1 || u.view.Problem != -1 {
		t.Fatalf("view %+v for a puzzle without shapes and problems", u.view)
	}
	if !u.shapes.copyBtn.Disabled() || !u.problems.deleteBtn.Disabled() || !u.solve.ctl.start.Disabled() {
		t.Error("buttons that need a shape or a problem are enabled")
	}
	u.tabs.SelectIndex(tabShapes)
	u.shapes.addShape()
	if u.view.Shape != 0 || u.shapes.copyBtn.Disabled() {
		t.Error("adding a shape did not select it")
	}
	tapCell(t, u, grid.Vec{1, 1, 1})
	if state(u, 0, grid.Vec{1, 1, 1}) != model.Filled {
		t.Error("could not draw in the new shape")
	}
}

func TestDropAndRecentMenu(t *testing.T) {
	u := newTestUI(t, newPuzzle(grid.Cubes))
	path := filepath.Join(t.TempDir(), "dropped.xmpuzzle")
	if err := u.writeTo(path); err != nil {
		t.Fatal(err)
	}
	u.NewPuzzle(grid.Rhombic)
	u.dropped(fyne.NewPos(10, 10), []fyne.URI{storage.NewFileURI(path)})
	if u.doc.Path != path || u.g.Type() != grid.Cubes {
		t.Fatalf("dropping %s did not open it", path)
	}
	var recent *fyne.MenuItem
	for _, it := range u.menu.Items[0].Items {
		if it.Label == "Open Recent" {
			recent = it
		}
	}
	if recent == nil || len(recent.ChildMenu.Items) == 0 || recent.ChildMenu.Items[0].Label != path {
		t.Fatalf("Open Recent does not list %s first", path)
	}
}
