package ui

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/burrlab/burrlab/assets"
	"github.com/burrlab/burrlab/model"
	"github.com/burrlab/burrlab/model/grid"
	"github.com/burrlab/burrlab/model/xmpuzzle"
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

// waitFile starts a file job (files.go) and runs the UI work queued for
// u (uiQueueOf) until it ends.
func waitFile(t *testing.T, u *App, start func()) {
	t.Helper()
	start()
	uiQueueOf(u).pump(t, func() bool { return u.fileJob == nil })
}

// saveAndWait saves the document to path as File ▸ Save does, and
// returns the error the dialog shows, if any.
func saveAndWait(t *testing.T, u *App, path string) error {
	t.Helper()
	saved := false
	waitFile(t, u, func() { u.writeTo(path, func() { saved = true }) })
	if !saved {
		return fmt.Errorf("not saved: %s", overlayText(t, u))
	}
	return nil
}

func TestSaveAndOpen(t *testing.T) {
	u := newTestUI(t, newPuzzle(grid.Prisms))
	tapCell(t, u, grid.Vec{1, 0, 0})
	path := filepath.Join(t.TempDir(), "prism.xmpuzzle")
	if err := saveAndWait(t, u, path); err != nil {
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
	waitFile(t, u, func() { u.OpenPath(path) })
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
	waitFile(t, u, func() { u.OpenPath(bad) })
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
	if err := saveAndWait(t, u, path); err != nil {
		t.Fatal(err)
	}
	u.NewPuzzle(grid.Rhombic)
	waitFile(t, u, func() { u.dropped(fyne.NewPos(10, 10), []fyne.URI{storage.NewFileURI(path)}) })
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

// A file job runs in the background: the window goes on, a dialog with
// the job's progress covers it once the job has taken fileBusyDelay,
// nothing else may open, save or replace the document meanwhile, Cancel
// stops the job, and the dialog goes when the job ends.
func TestFileJobInTheBackground(t *testing.T) {
	u := newTestUI(t, newPuzzle(grid.Cubes))
	q := uiQueueOf(u)
	var got error
	ended := false
	work := func(ctx context.Context, progress func(float64)) error {
		progress(0.25)
		<-ctx.Done()
		return ctx.Err()
	}
	if !u.startFileJob("Saving big.xmpuzzle", work, func(err error) { got, ended = err, true }) {
		t.Fatal("the first job was refused")
	}
	q.pump(t, func() bool { return u.fileJob.bar != nil && u.fileJob.bar.Value == 0.25 })
	if !dialogShows(t, u, "Saving big.xmpuzzle…") {
		t.Fatalf("no progress dialog:\n%s", overlayText(t, u))
	}
	if u.startFileJob("Opening other.xmpuzzle", work, func(error) { t.Error("a second job ran") }) {
		t.Error("a second job started while the first ran")
	}
	if !strings.Contains(u.status.Text, "wait until it is done") {
		t.Errorf("status %q does not say to wait", u.status.Text)
	}
	before := u.doc
	u.NewPuzzle(grid.Spheres)
	u.OpenPath(filepath.Join(t.TempDir(), "other.xmpuzzle"))
	if u.doc != before {
		t.Error("the document was replaced while a file job ran")
	}
	test.Tap(findButton(t, u, "Cancel"))
	q.pump(t, func() bool { return ended })
	if !errors.Is(got, context.Canceled) || u.fileJob != nil {
		t.Fatalf("done with %v, job %v", got, u.fileJob)
	}
	if n := len(u.win.Canvas().Overlays().List()); n != 0 {
		t.Errorf("%d dialogs after the job ended", n)
	}
	u.NewPuzzle(grid.Spheres)
	if u.g.Type() != grid.Spheres {
		t.Error("File ▸ New still refused after the job ended")
	}
}

// A save stopped before its end leaves no file and says so.
func TestStoppedSave(t *testing.T) {
	u := trayUI(t)
	// Enough solutions that the save is far from its end when stopped.
	pr := &u.doc.Puzzle().Problems[0]
	for len(pr.Solutions) < 300000 {
		pr.Solutions = append(pr.Solutions, pr.Solutions...)
	}
	before := u.doc.Path
	path := filepath.Join(t.TempDir(), "p.xmpuzzle")
	waitFile(t, u, func() {
		u.writeTo(path, func() { t.Error("then ran after a stopped save") })
		u.fileJob.cancel()
	})
	if _, err := os.Stat(path); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("a stopped save left %s (%v)", path, err)
	}
	if u.doc.Path != before || !strings.Contains(u.status.Text, "Stopped saving p.xmpuzzle") {
		t.Errorf("after a stopped save: path %q, status %q", u.doc.Path, u.status.Text)
	}
}

// What is saved is the puzzle when Save was chosen: an edit made while
// it is written is not in the file, and leaves the document unsaved.
func TestEditDuringSaveStaysUnsaved(t *testing.T) {
	u := newTestUI(t, newPuzzle(grid.Cubes))
	q := uiQueueOf(u)
	a, b := grid.Vec{0, 0, 0}, grid.Vec{1, 0, 0}
	tapCell(t, u, a)
	path := filepath.Join(t.TempDir(), "p.xmpuzzle")
	u.writeTo(path, nil)
	tapCell(t, u, b)
	q.pump(t, func() bool { return u.fileJob == nil })
	if !u.doc.Dirty() || u.doc.Path != path {
		t.Fatalf("after an edit during the save: dirty %v, path %q", u.doc.Dirty(), u.doc.Path)
	}
	p, err := xmpuzzle.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if s := p.Shapes[0]; s.At(a).State() != model.Filled || s.At(b).State() == model.Filled {
		t.Error("the file does not hold the puzzle as it was when saved")
	}
	u.doc.Undo()
	if u.doc.Dirty() {
		t.Error("undoing the edit made during the save leaves the document unsaved")
	}
}

// TestDialogsStartWhereTheWorkIs: file dialogs start beside the open
// file; for an untitled puzzle beside the last file opened whose folder
// is still there, not in the home folder.
func TestDialogsStartWhereTheWorkIs(t *testing.T) {
	u := newTestUI(t, newPuzzle(grid.Cubes))
	dir := t.TempDir()
	gone := filepath.Join(dir, "gone")
	u.addRecent(filepath.Join(dir, "last.xmpuzzle"))
	u.addRecent(filepath.Join(gone, "removed.xmpuzzle")) // newest, but its folder is gone
	if got := u.exportFolder(); got != dir {
		t.Errorf("untitled: dialogs start in %s, want %s", got, dir)
	}
	other := t.TempDir()
	u.doc.Path = filepath.Join(other, "open.xmpuzzle")
	if got := u.exportFolder(); got != other {
		t.Errorf("with a file open: dialogs start in %s, want %s", got, other)
	}
}
