package ui

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"io"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2/test"

	"github.com/burrlab/burrlab/internal/testfs"
	"github.com/burrlab/burrlab/model"
	"github.com/burrlab/burrlab/model/xmpuzzle"
	"github.com/burrlab/burrlab/render"
)

// traySolutionUI opens the tray puzzle in the Solve tab with its first
// solution selected.
func traySolutionUI(t *testing.T) *App {
	t.Helper()
	u := trayUI(t)
	u.tabs.SelectIndex(tabSolve)
	u.solve.list.Select(0)
	if u.solve.anim == nil {
		t.Fatal("the tray's first solution has no animation")
	}
	return u
}

// exportDialog opens File ▸ Export ▸ Image as the menu does and fills it
// in: what to draw, the format, the size and the folder.
func exportDialog(t *testing.T, u *App, kind exportKind, format, size, dir string) *imageExport {
	t.Helper()
	e := u.newImageExport()
	e.dlg.Show()
	t.Cleanup(e.dlg.Hide)
	e.what.SetSelected(exportKindNames[kind])
	e.format.SetSelected(format)
	w, h, _ := strings.Cut(size, "x")
	test.Type(selectAll(e.width), w)
	test.Type(selectAll(e.height), h)
	e.folder.SetText(dir)
	return e
}

// selectAll empties an entry for test.Type.
func selectAll(en *dialogEntry) *dialogEntry {
	en.SetText("")
	return en
}

// export taps Export and waits for the export to end.
func export(t *testing.T, e *imageExport) ([]string, error) {
	t.Helper()
	type result struct {
		paths []string
		err   error
	}
	ch := make(chan result, 1)
	e.done = func(paths []string, err error) { ch <- result{paths, err} }
	test.Tap(e.exportBtn)
	select {
	case r := <-ch:
		return r.paths, r.err
	case <-time.After(20 * time.Second):
		t.Fatal("the export did not end")
	}
	return nil, nil
}

func decodePNG(t *testing.T, path string) (w, h, drawn int) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	bg := img.At(0, 0)
	r0, g0, b0, _ := bg.RGBA()
	for y := 0; y < img.Bounds().Dy(); y++ {
		for x := 0; x < img.Bounds().Dx(); x++ {
			r, g, b, _ := img.At(x, y).RGBA()
			if diff(r, r0)+diff(g, g0)+diff(b, b0) > 0x3000 {
				drawn++
			}
		}
	}
	return img.Bounds().Dx(), img.Bounds().Dy(), drawn
}

func diff(a, b uint32) uint32 {
	if a > b {
		return a - b
	}
	return b - a
}

func parseSVG(t *testing.T, path string) int {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	dec := xml.NewDecoder(bytes.NewReader(b))
	n := 0
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			return n
		}
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		if _, ok := tok.(xml.StartElement); ok {
			n++
		}
	}
}

func TestExportMenu(t *testing.T) {
	u := newTestUI(t, newPuzzle(0))
	for _, it := range u.menu.Items[0].Items {
		if it.Label == "Export" && it.ChildMenu != nil {
			for _, c := range it.ChildMenu.Items {
				if c.Label == "Image…" && c.Action != nil {
					c.Action()
					if !strings.Contains(overlayText(t, u), "Writes ") {
						t.Error("File ▸ Export ▸ Image… shows no export dialog")
					}
					return
				}
			}
		}
	}
	t.Error("no File ▸ Export ▸ Image…")
}

// Every kind of picture, in both formats, lands in the folder under the
// name given, at the size asked for.
func TestExportImages(t *testing.T) {
	u := traySolutionUI(t)
	dir := t.TempDir()
	for _, c := range []struct {
		kind   exportKind
		format string
	}{
		{exportShape, "PNG"},
		{exportProblem, "SVG"},
		{exportSolution, "PNG"},
		{exportSolution, "SVG"},
	} {
		e := exportDialog(t, u, c.kind, c.format, "240x180", dir)
		e.name.SetText("pic")
		paths, err := export(t, e)
		if err != nil {
			t.Fatalf("%v %s: %v", c.kind, c.format, err)
		}
		want := filepath.Join(dir, "pic."+strings.ToLower(c.format))
		if len(paths) != 1 || paths[0] != want {
			t.Fatalf("%v %s: wrote %v, want %s", c.kind, c.format, paths, want)
		}
		if c.format == "PNG" {
			if w, h, drawn := decodePNG(t, want); w != 240 || h != 180 || drawn < 240*180/20 {
				t.Errorf("%v: %dx%d with %d pixels drawn", c.kind, w, h, drawn)
			}
		} else if n := parseSVG(t, want); n < 5 {
			t.Errorf("%v: SVG of %d elements", c.kind, n)
		}
		if !strings.Contains(u.status.Text, "Exported") {
			t.Errorf("status %q", u.status.Text)
		}
		if strings.Contains(overlayText(t, u), "Export Image") {
			t.Error("the dialog stays open after a successful export")
		}
		os.Remove(want)
	}
}

// The disassembly steps: one picture per move and the assembled one, named
// with their step numbers; with Dim on.
func TestExportSteps(t *testing.T) {
	u := traySolutionUI(t)
	dir := t.TempDir()
	e := exportDialog(t, u, exportSteps, "PNG", "160x120", dir)
	e.name.SetText("tray")
	e.dim.SetChecked(true)
	paths, err := export(t, e)
	if err != nil {
		t.Fatal(err)
	}
	n := u.solve.anim.Steps() + 1
	if len(paths) != n {
		t.Fatalf("%d files for %d steps", len(paths), n)
	}
	for i, p := range paths {
		if want := filepath.Join(dir, "tray-00"+string(rune('0'+i))+".png"); p != want {
			t.Errorf("file %d is %s, want %s", i, p, want)
		}
		if w, h, _ := decodePNG(t, p); w != 160 || h != 120 {
			t.Errorf("%s: %dx%d", p, w, h)
		}
	}
	a, _ := os.ReadFile(paths[0])
	b, _ := os.ReadFile(paths[1])
	if bytes.Equal(a, b) {
		t.Error("step 1 looks like step 0")
	}
}

// Bad choices get a clear message and write nothing; a file that is there
// stays as it was when the export fails.
func TestExportErrors(t *testing.T) {
	p, err := xmpuzzle.ReadFile("testdata/tray.xmpuzzle")
	if err != nil {
		t.Fatal(err)
	}
	u := newTestUI(t, p)
	dir := t.TempDir()
	old := []byte("the old picture")
	oldFile := filepath.Join(dir, "old.png")
	os.WriteFile(oldFile, old, 0o644)

	check := func(name string, e *imageExport, want string) {
		t.Helper()
		_, err := export(t, e)
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: error %v, want one saying %q", name, err, want)
		}
		if !strings.Contains(overlayText(t, u), want) {
			t.Errorf("%s: no dialog says %q", name, want)
		}
		for _, o := range u.win.Canvas().Overlays().List() {
			u.win.Canvas().Overlays().Remove(o)
		}
	}
	// Nothing selected in the Solve tab.
	for _, k := range []exportKind{exportSolution, exportSteps} {
		e := exportDialog(t, u, k, "PNG", "100x100", dir)
		check("no solution", e, "select a solution")
	}
	// An empty shape.
	empty := model.NewShape([3]int{2, 2, 2})
	u.doc.Edit("add", u.view, func(p *model.Puzzle) error { p.AddShape(empty); return nil })
	u.view.Shape = len(u.doc.Puzzle().Shapes) - 1
	check("empty shape", exportDialog(t, u, exportShape, "PNG", "100x100", dir), "has no cells")
	u.view.Shape = 0

	for _, size := range []string{"100000x100000", "0x10", "8192x8192"} {
		e := exportDialog(t, u, exportShape, "PNG", size, dir)
		e.name.SetText("old")
		check(size, e, "out of range")
	}
	e := exportDialog(t, u, exportShape, "PNG", "big", dir)
	check("not a number", e, "whole numbers")
	// A folder that does not exist: the export offers to create it; No
	// leaves it, Yes makes it and exports there.
	nowhere := filepath.Join(dir, "new", "pictures")
	e = exportDialog(t, u, exportShape, "PNG", "100x100", nowhere)
	e.name.SetText("shape")
	ended := make(chan error, 1)
	e.done = func(_ []string, err error) { ended <- err }
	test.Tap(e.exportBtn)
	if !dialogShows(t, u, "does not exist. Create it?") {
		t.Fatalf("no offer to create the folder:\n%s", overlayText(t, u))
	}
	test.Tap(findButton(t, u, "No"))
	if _, err := os.Stat(nowhere); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the folder was made though the user said No (%v)", err)
	}
	test.Tap(e.exportBtn)
	test.Tap(findButton(t, u, "Yes"))
	select {
	case err := <-ended:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("the export did not end")
	}
	if _, err := os.Stat(filepath.Join(nowhere, "shape.png")); err != nil {
		t.Errorf("not exported into the new folder: %v", err)
	}
	for _, o := range u.win.Canvas().Overlays().List() {
		u.win.Canvas().Overlays().Remove(o)
	}
	e = exportDialog(t, u, exportShape, "PNG", "100x100", dir)
	e.name.SetText("")
	check("no name", e, "give the file a name")

	// A read-only folder and a full disk.
	ro := testfs.ReadOnly(t, dir)
	e = exportDialog(t, u, exportProblem, "SVG", "300x200", ro)
	e.name.SetText("x")
	check("read-only", e, "read-only file system")
	full := testfs.FullDisk(t, 64<<10)
	fullOld := filepath.Join(full, "old.png")
	os.WriteFile(fullOld, old, 0o644)
	f, _ := os.Create(filepath.Join(full, "filler"))
	for {
		if _, err := f.Write(make([]byte, 4096)); err != nil {
			break
		}
	}
	f.Close()
	e = exportDialog(t, u, exportShape, "PNG", "300x200", full)
	e.name.SetText("old")
	test.Tap(e.exportBtn) // asks before replacing
	ch := make(chan error, 1)
	e.done = func(_ []string, err error) { ch <- err }
	test.Tap(findButton(t, u, "Yes"))
	select {
	case err := <-ch:
		if err == nil || !strings.Contains(err.Error(), "no space left") {
			t.Errorf("full disk: %v", err)
		}
	case <-time.After(20 * time.Second):
		t.Fatal("full disk: the export did not end")
	}
	for _, path := range []string{oldFile, fullOld} {
		if b, _ := os.ReadFile(path); !bytes.Equal(b, old) {
			t.Errorf("%s now holds %d bytes", path, len(b))
		}
	}
	if left, _ := filepath.Glob(filepath.Join(full, ".*")); len(left) > 0 {
		t.Errorf("temporary files left: %v", left)
	}
}

// The export draws a copy: changing the puzzle while it runs changes
// nothing in it, and of a problem's solutions only the one drawn is copied.
func TestExportSnapshot(t *testing.T) {
	p, err := xmpuzzle.ReadFile("testdata/tray.xmpuzzle")
	if err != nil {
		t.Fatal(err)
	}
	sol := &p.Problems[0].Solutions[1]
	c := exportSnapshot(p, 0, sol)
	if len(c.Problems) != 1 || len(c.Problems[0].Solutions) != 1 {
		t.Fatalf("%d problems, %d solutions copied", len(c.Problems), len(c.Problems[0].Solutions))
	}
	if got := c.Problems[0].Solutions[0]; got.AsmNum != sol.AsmNum || got.Disassembly.TotalMoves() != sol.Disassembly.TotalMoves() {
		t.Error("the copied solution is not the one selected")
	}
	before := c.Shapes[0].Clone()
	for i := range p.Shapes[0].Voxels {
		p.Shapes[0].Voxels[i] = model.MakeVoxel(model.Empty, 0)
	}
	p.Problems[0].Parts[0].Shape = 99
	if !bytes.Equal(voxelBytes(c.Shapes[0]), voxelBytes(before)) || c.Problems[0].Parts[0].Shape == 99 {
		t.Error("editing the puzzle changed the export's copy")
	}
	if c := exportSnapshot(p, -1, nil); len(c.Problems) != 0 || len(c.Shapes) != len(p.Shapes) {
		t.Errorf("shape snapshot: %d problems, %d shapes", len(c.Problems), len(c.Shapes))
	}
}

func voxelBytes(s model.Shape) []byte {
	b := make([]byte, len(s.Voxels))
	for i, v := range s.Voxels {
		b[i] = byte(v)
	}
	return b
}

// sameHue reports whether c has the hue of piece colour p, and enough
// colour for a hue at all: shading darkens and lightens a piece's colour
// but keeps its hue, while the background (white here), the outlines of
// solid pieces (near black) and the antialiased fringe have none.
func sameHue(c color.Color, p color.RGBA) bool {
	hue := func(c color.Color) (float64, bool) {
		r, g, b, _ := c.RGBA()
		hi, lo := float64(max(r, g, b)), float64(min(r, g, b))
		if hi < 0.25*0xffff || hi-lo < 0.35*hi {
			return 0, false
		}
		var h float64
		switch d := hi - lo; hi {
		case float64(r):
			h = 60 * math.Mod((float64(g)-float64(b))/d+6, 6)
		case float64(g):
			h = 60 * ((float64(b)-float64(r))/d + 2)
		default:
			h = 60 * ((float64(r)-float64(g))/d + 4)
		}
		return h, true
	}
	hc, ok := hue(c)
	hp, _ := hue(p)
	d := math.Abs(hc - hp)
	return ok && min(d, 360-d) < 20
}

// piecePixels counts, per piece colour, the pixels of a PNG in its hue
// and returns the box around them.
func piecePixels(t *testing.T, path string, colors []color.RGBA) ([]int, []image.Rectangle) {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	n := make([]int, len(colors))
	box := make([]image.Rectangle, len(colors))
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			for i, pc := range colors {
				if sameHue(img.At(x, y), pc) {
					n[i]++
					box[i] = box[i].Union(image.Rect(x, y, x+1, y+1))
				}
			}
		}
	}
	return n, box
}

var svgPaint = regexp.MustCompile(`(fill|stroke)="#([0-9a-f]{6})"`)

// svgPaints counts, per piece colour, the fills and the strokes of an SVG
// in its hue.
func svgPaints(t *testing.T, path string, colors []color.RGBA) (fills, strokes []int) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	fills, strokes = make([]int, len(colors)), make([]int, len(colors))
	for _, m := range svgPaint.FindAllSubmatch(b, -1) {
		var c color.RGBA
		if _, err := fmt.Sscanf(string(m[2]), "%02x%02x%02x", &c.R, &c.G, &c.B); err != nil {
			t.Fatal(err)
		}
		c.A = 0xff
		for i, pc := range colors {
			if !sameHue(c, pc) {
				continue
			}
			if string(m[1]) == "fill" {
				fills[i]++
			} else {
				strokes[i]++
			}
		}
	}
	return fills, strokes
}

// exportAsShown exports what the Solve tab shows into dir, on white, and
// returns the files written.
func exportAsShown(t *testing.T, u *App, kind exportKind, format, dir, name string) []string {
	t.Helper()
	e := exportDialog(t, u, kind, format, "240x180", dir)
	e.name.SetText(name)
	e.background.SetSelected("White")
	paths, err := export(t, e)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return paths
}

// The selected solution is exported as the Solve tab shows it, not only
// from where it looks: a piece hidden with its square is left out, one
// outlined is outlined, the exploded view pushes the pieces apart, and a
// piece that has left the puzzle at the move shown is faded out while
// Fade Out Removed Pieces is on; in PNG and in SVG.
func TestExportSolutionAsShown(t *testing.T) {
	u := traySolutionUI(t)
	st := u.solve
	dir := t.TempDir()
	colors := render.SlotColors(&u.doc.Puzzle().Problems[0])[:2] // slot 3 is empty
	const ell, bar = 0, 1
	shot := func(name string) ([]int, []image.Rectangle) {
		t.Helper()
		return piecePixels(t, exportAsShown(t, u, exportSolution, "PNG", dir, name)[0], colors)
	}
	plain, plainBox := shot("plain")
	if plain[ell] < 1000 || plain[bar] < 1000 {
		t.Fatalf("the assembled pieces cover %v pixels", plain)
	}
	if !plainBox[ell].Overlaps(plainBox[bar]) {
		t.Fatalf("assembled, the pieces are drawn apart: %v, %v", plainBox[ell], plainBox[bar])
	}

	test.Tap(st.vt.vis.chips[bar]) // outlined
	if n, _ := shot("outlined"); n[ell] < 1000 || n[bar] == 0 || n[bar] > plain[bar]/4 {
		t.Errorf("piece 2 outlined: %v pixels in the pieces' colours, assembled %v", n, plain)
	}
	fills, strokes := svgPaints(t, exportAsShown(t, u, exportSolution, "SVG", dir, "outlined")[0], colors)
	if fills[ell] == 0 || fills[bar] != 0 || strokes[bar] == 0 {
		t.Errorf("SVG with piece 2 outlined: fills %v, strokes %v in the pieces' colours", fills, strokes)
	}
	test.Tap(st.vt.vis.chips[bar]) // hidden
	if n, _ := shot("hidden"); n[ell] < 1000 || n[bar] != 0 {
		t.Errorf("piece 2 hidden: %v pixels in the pieces' colours", n)
	}
	fills, strokes = svgPaints(t, exportAsShown(t, u, exportSolution, "SVG", dir, "hidden")[0], colors)
	if fills[ell] == 0 || fills[bar]+strokes[bar] != 0 {
		t.Errorf("SVG with piece 2 hidden: fills %v, strokes %v in the pieces' colours", fills, strokes)
	}
	test.Tap(st.vt.vis.chips[bar]) // visible again

	st.vt.explode.SetValue(1)
	n, box := shot("exploded")
	if n[ell] == 0 || n[bar] == 0 || box[ell].Overlaps(box[bar]) {
		t.Errorf("exploded: pieces of %v pixels in %v and %v", n, box[ell], box[bar])
	}
	st.vt.explode.SetValue(0)

	// The tray's one move takes piece 2 out on its own.
	st.setStep(1)
	if n, _ := shot("removed"); n[ell] < 1000 || n[bar] != 0 {
		t.Errorf("piece 2 removed and faded out: %v pixels in the pieces' colours", n)
	}
	st.setFade(false)
	if n, _ := shot("removed-unfaded"); n[ell] < 1000 || n[bar] < 1000 {
		t.Errorf("piece 2 removed, not faded: %v pixels in the pieces' colours", n)
	}
}

// The disassembly series shows the pieces as the Solve tab does at each
// move: a hidden piece in none of its pictures, the exploded view in all,
// a piece removed on its own faded out after its move.
func TestExportStepsAsShown(t *testing.T) {
	u := traySolutionUI(t)
	st := u.solve
	dir := t.TempDir()
	colors := render.SlotColors(&u.doc.Puzzle().Problems[0])[:2]
	const ell, bar = 0, 1
	test.Tap(st.vt.vis.chips[ell])
	test.Tap(st.vt.vis.chips[ell]) // hidden
	paths := exportAsShown(t, u, exportSteps, "PNG", dir, "hidden")
	if len(paths) != 2 {
		t.Fatalf("%d pictures for the tray's one move", len(paths))
	}
	for i, path := range paths {
		if n, _ := piecePixels(t, path, colors); n[ell] != 0 || i == 0 && n[bar] < 1000 {
			t.Errorf("picture %d with piece 1 hidden: %v pixels in the pieces' colours", i, n)
		}
	}
	test.Tap(st.vt.vis.chips[ell]) // visible again

	st.vt.explode.SetValue(1)
	paths = exportAsShown(t, u, exportSteps, "PNG", dir, "exploded")
	if n, box := piecePixels(t, paths[0], colors); n[ell] == 0 || n[bar] == 0 || box[ell].Overlaps(box[bar]) {
		t.Errorf("exploded, assembled: pieces of %v pixels in %v and %v", n, box[ell], box[bar])
	}
	if n, _ := piecePixels(t, paths[1], colors); n[ell] == 0 || n[bar] != 0 {
		t.Errorf("exploded, after piece 2 left: %v pixels in the pieces' colours", n)
	}
}

// While the list shows a run whose problem was edited after it started,
// the selected solution is exported with the shapes the view draws it
// with, the run's, not the document's new ones.
func TestExportRunSolution(t *testing.T) {
	u := newTestUI(t, dominoPuzzle())
	u.tabs.SelectIndex(tabSolve)
	st := u.solve
	q := make(uiQueue, 1024)
	st.do, st.launch = q.do, endless
	st.start()
	q.pump(t, func() bool { return st.run.solutions > 10 && st.sel >= 0 })
	// The pieces become bars: the run's solutions are of cubes.
	u.edit("bars", func(p *model.Puzzle) error { p.Problems[0].Parts[0].Shape = 0; return nil })
	st.stop()
	q.pump(t, func() bool { return !st.run.running })
	if st.run.stored || st.sel < 0 {
		t.Fatalf("the run's results were stored (%v), or none is selected (%d)", st.run.stored, st.sel)
	}
	path := exportAsShown(t, u, exportSolution, "PNG", t.TempDir(), "run")[0]
	cube, bar := render.ShapeColor(1), render.ShapeColor(0)
	if n, _ := piecePixels(t, path, []color.RGBA{cube, bar}); n[0] < 1000 || n[1] != 0 {
		t.Errorf("%v pixels in the colours of the cubes and the bars", n)
	}
}
