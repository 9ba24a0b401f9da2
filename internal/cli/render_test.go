package cli

import (
	"encoding/binary"
	"image/png"
	"os"
	"path/filepath"
	"testing"

	"github.com/burrlab/burrlab/model"
	"github.com/burrlab/burrlab/model/grid"
	"github.com/burrlab/burrlab/model/xmpuzzle"
)

// pngSize decodes a PNG file and returns its size and how many of its
// pixels differ from the top-left one (the background).
func pngSize(t *testing.T, path string) (w, h, drawn int) {
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
	b := img.Bounds()
	bg := img.At(0, 0)
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			r1, g1, b1, _ := img.At(x, y).RGBA()
			r0, g0, b0, _ := bg.RGBA()
			if absDiff(r1, r0)+absDiff(g1, g0)+absDiff(b1, b0) > 0x3000 {
				drawn++
			}
		}
	}
	return b.Dx(), b.Dy(), drawn
}

func absDiff(a, b uint32) uint32 {
	if a > b {
		return a - b
	}
	return b - a
}

func TestRenderPictures(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		name string
		args []string
		w, h int
	}{
		{"solution", nil, 800, 600},
		{"sized", []string{"-size", "320x200"}, 320, 200},
		{"shape", []string{"-shape", "1", "-size", "200x200"}, 200, 200},
		{"parts", []string{"-parts", "-size", "400x300"}, 400, 300},
		{"colours", []string{"-colors", "-size", "300x200"}, 300, 200},
		{"step", []string{"-step", "1.5", "-size", "300x200"}, 300, 200},
	} {
		out := filepath.Join(dir, c.name+".png")
		args := append([]string{"render"}, c.args...)
		args = append(args, "-o", out, workedExample)
		if code, _, errOut := burrRun(args...); code != 0 {
			t.Fatalf("%s: exit %d: %s", c.name, code, errOut)
		}
		w, h, drawn := pngSize(t, out)
		if w != c.w || h != c.h {
			t.Errorf("%s: %dx%d, want %dx%d", c.name, w, h, c.w, c.h)
		}
		if drawn < w*h/10 {
			t.Errorf("%s: only %d of %d pixels drawn", c.name, drawn, w*h)
		}
	}
}

func TestRenderSTL(t *testing.T) {
	out := filepath.Join(t.TempDir(), "tray.stl")
	if code, _, errOut := burrRun("render", "-o", out, workedExample); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	b, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if len(b) < 84 || len(b) != 84+50*int(binary.LittleEndian.Uint32(b[80:])) {
		t.Fatalf("not a binary STL file (%d bytes)", len(b))
	}
}

func TestRenderErrors(t *testing.T) {
	out := filepath.Join(t.TempDir(), "x.png")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"render", workedExample}, "usage"},
		{[]string{"render", "-o", out, "-size", "big", workedExample}, "-size"},
		{[]string{"render", "-o", out, "-size", "0x10", workedExample}, "-size"},
		{[]string{"render", "-o", out, "-shape", "9", workedExample}, "shape 9"},
		{[]string{"render", "-o", out, "-problem", "4", workedExample}, "problem 4"},
		{[]string{"render", "-o", out, "-solution", "7", workedExample}, "solution 7"},
		{[]string{"render", "-o", out, "no-such-file.xmpuzzle"}, "no-such-file"},
	} {
		code, _, errOut := burrRun(c.args...)
		oneLineError(t, code, errOut, c.want)
	}
	if _, err := os.Stat(out); err == nil {
		t.Error("a failed run left an output file")
	}
}

// TestRenderShapesOnly draws a file without problems: its first shape with
// cells, skipping empty ones; with none, it says there is nothing to draw.
func TestRenderShapesOnly(t *testing.T) {
	dir := t.TempDir()
	empty := model.NewShape(grid.Vec{3, 3, 3})
	full := model.NewShape(grid.Vec{2, 2, 1})
	for i := range full.Voxels {
		full.Voxels[i] = model.MakeVoxel(model.Filled, 0)
	}
	file := filepath.Join(dir, "shapes.xmpuzzle")
	if err := xmpuzzle.WriteFile(file, &model.Puzzle{Grid: grid.Cubes, Shapes: []model.Shape{empty, full}}); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "shapes.png")
	if code, _, errOut := burrRun("render", "-size", "200x200", "-o", out, file); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if _, _, drawn := pngSize(t, out); drawn < 200*200/10 {
		t.Errorf("only %d pixels drawn", drawn)
	}

	file = filepath.Join(dir, "empty.xmpuzzle")
	if err := xmpuzzle.WriteFile(file, &model.Puzzle{Grid: grid.Cubes, Shapes: []model.Shape{empty}}); err != nil {
		t.Fatal(err)
	}
	code, _, errOut := burrRun("render", "-o", filepath.Join(dir, "empty.png"), file)
	oneLineError(t, code, errOut, "nothing to draw")
}
