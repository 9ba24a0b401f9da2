package ui

import (
	"os"
	"path/filepath"
	"testing"

	"fyne.io/fyne/v2/test"

	"github.com/burrlab/burrlab/model/grid"
	"github.com/burrlab/burrlab/model/xmpuzzle"
)

// File ▸ Save As asks for a folder and a name and opens nothing itself:
// when the save then fails, the file chosen is still what it was (Fyne's
// save dialog would have truncated it before our atomic write began).
func TestSaveAsFailureKeepsFile(t *testing.T) {
	u := newTestUI(t, newPuzzle(grid.Cubes))
	dir := t.TempDir()
	path := filepath.Join(dir, "old.xmpuzzle")
	const old = "the previous puzzle, which must survive"
	if err := os.WriteFile(path, []byte(old), 0o644); err != nil {
		t.Fatal(err)
	}
	// A non-empty folder where the backup old.xmpuzzle~ goes makes the
	// save fail after its temporary file is written (even for root, whom
	// read-only folders do not stop).
	if err := os.MkdirAll(filepath.Join(path+"~", "full"), 0o755); err != nil {
		t.Fatal(err)
	}
	s := u.saveAsThen(func() { t.Error("then ran after a failed save") })
	s.folder.SetText(dir)
	s.name.SetText("old") // the extension is added
	if s.path() != path {
		t.Fatalf("path %q, want %q", s.path(), path)
	}
	test.Tap(findButton(t, u, "Save"))
	if !dialogShows(t, u, "old.xmpuzzle exists. Replace it?") {
		t.Fatalf("no question before replacing:\n%s", overlayText(t, u))
	}
	if b, _ := os.ReadFile(path); string(b) != old {
		t.Fatalf("the file changed before the save: %q", b)
	}
	waitFile(t, u, func() { test.Tap(findButton(t, u, "Yes")) })
	if !dialogShows(t, u, "cannot save old.xmpuzzle") {
		t.Errorf("no message about the failed save:\n%s", overlayText(t, u))
	}
	if b, _ := os.ReadFile(path); string(b) != old {
		t.Errorf("a failed Save As changed the file: %q", b)
	}
	if u.doc.Path == path {
		t.Error("the document took the path of a failed save")
	}
}

// Save As writes the puzzle where the dialog says, refuses a name that
// is a folder, with a message and the dialog still open, and offers to
// create a folder that does not exist.
func TestSaveAsWrites(t *testing.T) {
	u := newTestUI(t, newPuzzle(grid.Prisms))
	dir := t.TempDir()
	if err := os.Mkdir(filepath.Join(dir, "sub.xmpuzzle"), 0o755); err != nil {
		t.Fatal(err)
	}
	saved := false
	s := u.saveAsThen(func() { saved = true })
	for _, c := range []struct{ folder, name, want string }{
		{dir, "sub", "is a folder"},
		{dir, "  ", "type a file name"},
		{dir, filepath.Join("a", "b"), "choose the folder"},
	} {
		s.folder.SetText(c.folder)
		s.name.SetText(c.name)
		s.confirm()
		if !dialogShows(t, u, c.want) {
			t.Errorf("folder %q, name %q: no message %q:\n%s", c.folder, c.name, c.want, overlayText(t, u))
		}
		if saved {
			t.Fatalf("folder %q, name %q: saved", c.folder, c.name)
		}
	}
	s.folder.SetText(dir)
	s.name.SetText("prism.XMPUZZLE")
	waitFile(t, u, s.confirm)
	path := filepath.Join(dir, "prism.XMPUZZLE")
	if !saved || u.doc.Path != path || u.doc.Dirty() {
		t.Fatalf("saved %v, document path %q, dirty %v", saved, u.doc.Path, u.doc.Dirty())
	}
	p, err := xmpuzzle.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if p.Grid != grid.Prisms {
		t.Errorf("saved grid %v, want prisms", p.Grid)
	}

	// A folder that does not exist: Save As offers to create it.
	for _, o := range u.win.Canvas().Overlays().List() {
		u.win.Canvas().Overlays().Remove(o)
	}
	saved = false
	s = u.saveAsThen(func() { saved = true })
	newDir := filepath.Join(dir, "new", "folder")
	s.folder.SetText(newDir)
	s.name.SetText("prism")
	s.confirm()
	if !dialogShows(t, u, "The folder "+newDir+" does not exist. Create it?") || saved {
		t.Fatalf("no offer to create the folder (saved %v):\n%s", saved, overlayText(t, u))
	}
	waitFile(t, u, func() { test.Tap(findButton(t, u, "Yes")) })
	if path := filepath.Join(newDir, "prism.xmpuzzle"); !saved || u.doc.Path != path {
		t.Fatalf("after creating the folder: saved %v, document path %q", saved, u.doc.Path)
	}
}
