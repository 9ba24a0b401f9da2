package ui

import (
	"encoding/binary"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/burrlab/burrlab/internal/testfs"
	"github.com/burrlab/burrlab/model/xmpuzzle"
	"github.com/burrlab/burrlab/render/stl"
)

// stlTriangles returns the triangle count of a binary STL file, failing
// the test when the file is not one.
func stlTriangles(t *testing.T, path string) int {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(b) < 84 {
		t.Fatalf("%s: %d bytes", path, len(b))
	}
	n := int(binary.LittleEndian.Uint32(b[80:]))
	if n == 0 || len(b) != 84+50*n {
		t.Fatalf("%s: %d bytes for %d triangles", path, len(b), n)
	}
	return n
}

// exportAndWait runs the dialog's export to path and returns its error.
func exportAndWait(t *testing.T, e *stlExport, path string) error {
	t.Helper()
	j, err := e.job()
	if err != nil {
		return err
	}
	done := make(chan error, 1)
	e.done = func(err error) { done <- err }
	e.run(j, path)
	return waitExport(t, done)
}

// waitExport waits for an export's end on done and returns its error.
func waitExport(t *testing.T, done <-chan error) error {
	t.Helper()
	select {
	case err := <-done:
		return err
	case <-time.After(20 * time.Second):
		t.Fatal("the export did not finish")
	}
	return nil
}

// dialogShows reports whether a dialog on the window shows text, in any
// case (Fyne capitalises error messages).
func dialogShows(t *testing.T, u *App, text string) bool {
	return strings.Contains(strings.ToLower(overlayText(t, u)), strings.ToLower(text))
}

func trayUI(t *testing.T) *App {
	t.Helper()
	p, err := xmpuzzle.ReadFile("testdata/tray.xmpuzzle")
	if err != nil {
		t.Fatal(err)
	}
	return newTestUI(t, p)
}

// File ▸ Export ▸ STL… opens the dialog; it offers the three exports
// and its Export… button leads to the file chooser.
func TestExportSTLMenuAndDialog(t *testing.T) {
	u := trayUI(t)
	var item *fyne.MenuItem
	for _, m := range u.menu.Items {
		for _, it := range m.Items {
			if m.Label == "File" && it.Label == "Export" && it.ChildMenu != nil {
				for _, c := range it.ChildMenu.Items {
					if c.Label == "STL…" {
						item = c
					}
				}
			}
		}
	}
	if item == nil {
		t.Fatal("no File ▸ Export ▸ STL…")
	}
	item.Action()
	if !dialogShows(t, u, "Gap per side") {
		t.Fatal("the STL dialog did not open")
	}
	b := findButton(t, u, "Export…")
	if b == nil {
		t.Fatal("no Export… button")
	}
	test.Tap(b)
	// The current shape is selected: the next dialog asks for the file
	// (savePath: the path only, nothing opened), not an error.
	if dialogShows(t, u, "no shape is selected") {
		t.Error("an error instead of the file chooser")
	}
	if !dialogShows(t, u, "File name") || !dialogShows(t, u, ".stl") {
		t.Errorf("no file chooser:\n%s", overlayText(t, u))
	}
}

// The file chooser replaces an existing file only when asked, and only
// once the STL is written: until then the old file is intact.
func TestExportSTLFileChooser(t *testing.T) {
	u := trayUI(t)
	dir := t.TempDir()
	path := filepath.Join(dir, "tray.stl")
	if err := os.WriteFile(path, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	e := u.newSTLExport()
	e.what.SetSelected(stlShape)
	u.view.Shape = 0
	done := make(chan error, 1)
	e.done = func(err error) { done <- err }
	s := e.choose()
	if s == nil {
		t.Fatalf("no file chooser:\n%s", overlayText(t, u))
	}
	s.folder.SetText(dir)
	s.name.SetText("tray")
	test.Tap(findButton(t, u, "Export"))
	if !dialogShows(t, u, "tray.stl exists. Replace it?") {
		t.Fatalf("no question before replacing:\n%s", overlayText(t, u))
	}
	if b, _ := os.ReadFile(path); string(b) != "old" {
		t.Fatalf("the file changed before the export: %q", b)
	}
	test.Tap(findButton(t, u, "Yes"))
	if err := waitExport(t, done); err != nil {
		t.Fatal(err)
	}
	stlTriangles(t, path)
}

// The pieces' export asks for the folder and how the files' names start,
// lists the files it writes, asks before replacing any, and writes them
// under those names.
func TestExportSTLPiecesChooser(t *testing.T) {
	u := trayUI(t)
	dir := t.TempDir()
	u.tabs.SelectIndex(tabSolve)
	u.solve.list.Select(0)
	e := u.newSTLExport()
	e.what.SetSelected(stlPieces)
	done := make(chan error, 1)
	e.done = func(err error) { done <- err }
	s := e.choose()
	if s == nil {
		t.Fatalf("no file chooser:\n%s", overlayText(t, u))
	}
	if base := strings.TrimSuffix(u.docName(), filepath.Ext(u.docName())); s.name.Text != base+"-" {
		t.Errorf("the names start with %q, not the puzzle's name %q", s.name.Text, base)
	}
	s.folder.SetText(dir)
	s.name.SetText("tray-")
	names, err := stl.PieceFileNames(u.doc.Puzzle(), u.view.Problem, 0, "tray-")
	if err != nil || len(names) < 2 {
		t.Fatalf("piece files %v: %v", names, err)
	}
	if want := "Writes " + listNames(names, 6) + " into " + dir; s.target.Text != want {
		t.Errorf("the dialog says %q, want %q", s.target.Text, want)
	}
	old := filepath.Join(dir, names[1])
	if err := os.WriteFile(old, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	test.Tap(findButton(t, u, "Export"))
	if !dialogShows(t, u, names[1]+" exists. Replace it?") {
		t.Fatalf("no question before replacing:\n%s", overlayText(t, u))
	}
	test.Tap(findButton(t, u, "Yes"))
	if err := waitExport(t, done); err != nil {
		t.Fatal(err)
	}
	for _, n := range names {
		stlTriangles(t, filepath.Join(dir, n))
	}
}

// The three exports write what they say: a shape, one file per distinct
// piece named after its shape, and the assembled solution; ASCII on
// request; unequal units.
func TestExportSTLWrites(t *testing.T) {
	u := trayUI(t)
	dir := t.TempDir()
	p := u.doc.Puzzle()

	e := u.newSTLExport()
	e.what.SetSelected(stlShape)
	u.view.Shape = 0
	shapeFile := filepath.Join(dir, "shape.stl")
	if err := exportAndWait(t, e, shapeFile); err != nil {
		t.Fatal(err)
	}
	stlTriangles(t, shapeFile)

	e.ascii.SetChecked(true)
	e.unitZ.SetText("5")
	ascii := filepath.Join(dir, "ascii.stl")
	if err := exportAndWait(t, e, ascii); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(ascii); !strings.HasPrefix(string(b), "solid ") || !strings.Contains(string(b), "endsolid") {
		t.Errorf("not ASCII STL: %.40q", b)
	}
	e.ascii.SetChecked(false)

	e.bevel.SetText("0.1")
	bev := filepath.Join(dir, "bevel.stl")
	if err := exportAndWait(t, e, bev); err != nil {
		t.Fatal(err)
	}
	if n, plain := stlTriangles(t, bev), stlTriangles(t, shapeFile); n <= plain {
		t.Errorf("bevelled shape: %d triangles, %d without bevel", n, plain)
	}
	e.bevel.SetText("0")

	u.tabs.SelectIndex(tabSolve)
	u.solve.list.Select(0)
	e.what.SetSelected(stlAssembled)
	asm := filepath.Join(dir, "asm.stl")
	if err := exportAndWait(t, e, asm); err != nil {
		t.Fatal(err)
	}
	stlTriangles(t, asm)

	e.what.SetSelected(stlPieces)
	pieces := filepath.Join(dir, "pieces")
	if err := os.Mkdir(pieces, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := exportAndWait(t, e, pieces); err != nil {
		t.Fatal(err)
	}
	// One file per distinct shape of the solution's pieces.
	want := map[int]bool{}
	prob := &p.Problems[u.view.Problem]
	for i, part := range prob.SlotParts() {
		if prob.Solutions[0].Assembly[i].Placed() {
			want[prob.Parts[part].Shape] = true
		}
	}
	files, _ := filepath.Glob(filepath.Join(pieces, "*.stl"))
	if len(files) != len(want) {
		t.Errorf("%d piece files %v, want %d", len(files), files, len(want))
	}
	for _, f := range files {
		stlTriangles(t, f)
	}
	if !strings.Contains(u.status.Text, "Wrote") {
		t.Errorf("status %q", u.status.Text)
	}
}

// Mistakes get a clear message and write nothing: no shape or no solution
// selected, sizes that are not numbers or out of range, a folder that
// does not exist, a full disk (which leaves the old file as it was).
func TestExportSTLErrors(t *testing.T) {
	u := trayUI(t)
	dir := t.TempDir()
	e := u.newSTLExport()

	e.what.SetSelected(stlShape)
	u.view.Shape = -1
	if _, err := e.job(); err == nil || !strings.Contains(err.Error(), "no shape is selected") {
		t.Errorf("no shape: %v", err)
	}
	e.show()
	test.Tap(findButton(t, u, "Export…"))
	if !dialogShows(t, u, "no shape is selected") {
		t.Error("Export… with no shape selected shows no message")
	}
	u.view.Shape = 0

	e.what.SetSelected(stlAssembled)
	u.solve.sel = -1
	if _, err := e.job(); err == nil || !strings.Contains(err.Error(), "no solution is selected") {
		t.Errorf("no solution: %v", err)
	}
	e.what.SetSelected(stlShape)
	for _, c := range []struct{ x, gap, bevel, want string }{
		{"ten", "0.01", "0", "not a number"},
		{"-1", "0.01", "0", "unit -1 for X"},
		{"5000", "0.01", "0", "at most 1000"},
		{"10", "0", "0", "gap 0"},
		{"10", "0.5", "0", "gap 0.5"},
		{"10", "0.01", "x", "bevel"},
		{"10", "0.01", "0.4", "bevel 0.4"},
		{"10", "0.01", "0.02", "4 times the gap"},
	} {
		e.unitX.SetText(c.x)
		e.gap.SetText(c.gap)
		e.bevel.SetText(c.bevel)
		if _, err := e.job(); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("unit %s gap %s: %v, want %q", c.x, c.gap, err, c.want)
		}
	}
	e.unitX.SetText("10")
	e.gap.SetText("0.01")
	e.bevel.SetText("0")

	missing := filepath.Join(dir, "no-such-folder", "x.stl")
	err := exportAndWait(t, e, missing)
	if err == nil {
		t.Error("export into a missing folder succeeded")
	}
	if !dialogShows(t, u, "STL export") {
		t.Error("the failure shows no message")
	}

	// A full disk: the old file stays.
	full := testfs.FullDisk(t, 64<<10)
	old := filepath.Join(full, "old.stl")
	if err := os.WriteFile(old, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	filler := filepath.Join(full, "filler")
	exec.Command("dd", "if=/dev/zero", "of="+filler, "bs=4k", "count=15").Run()
	e.ascii.SetChecked(true) // about 250 bytes a triangle
	if err := exportAndWait(t, e, old); err == nil {
		t.Fatal("export onto a full disk succeeded")
	}
	if b, _ := os.ReadFile(old); string(b) != "old" {
		t.Errorf("the old file now holds %d bytes", len(b))
	}
	if left, _ := filepath.Glob(filepath.Join(full, ".*.tmp")); len(left) != 0 {
		t.Errorf("temporary files left: %v", left)
	}
}
