package render

import (
	"bytes"
	"encoding/xml"
	"image"
	"image/png"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/burrlab/burrlab/model"
	"github.com/burrlab/burrlab/model/grid"
)

// svgOf writes a picture as SVG and checks that it is well-formed XML with
// an <svg> root of the picture's size.
func svgOf(t *testing.T, pic *Picture) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := pic.WriteSVG(&buf); err != nil {
		t.Fatal(err)
	}
	dec := xml.NewDecoder(bytes.NewReader(buf.Bytes()))
	root := true
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("SVG is not well-formed XML: %v", err)
		}
		if se, ok := tok.(xml.StartElement); ok && root {
			root = false
			w, h := pic.Size()
			attrs := map[string]string{}
			for _, a := range se.Attr {
				attrs[a.Name.Local] = a.Value
			}
			if se.Name.Local != "svg" || se.Name.Space != "http://www.w3.org/2000/svg" {
				t.Fatalf("root element %v", se.Name)
			}
			if attrs["width"] != strconv.Itoa(w) || attrs["height"] != strconv.Itoa(h) || attrs["viewBox"] != "0 0 "+strconv.Itoa(w)+" "+strconv.Itoa(h) {
				t.Errorf("root attributes %v for a %dx%d picture", attrs, w, h)
			}
		}
	}
	return buf.Bytes()
}

// filledPolygons counts the subpaths of the filled paths of an SVG: the
// faces it paints.
func filledPolygons(t *testing.T, svg []byte) int {
	t.Helper()
	var doc struct {
		Paths []struct {
			Fill string `xml:"fill,attr"`
			D    string `xml:"d,attr"`
		} `xml:"g>path"`
	}
	if err := xml.Unmarshal(svg, &doc); err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, p := range doc.Paths {
		if p.Fill != "none" {
			n += strings.Count(p.D, "M")
		}
	}
	return n
}

// A cube shows three faces in the default view; a bar of two cells along
// x shows two on top, two in front and one end: faces are painted per
// cell, back faces never.
func TestSVGVisibleFaces(t *testing.T) {
	for _, c := range []struct {
		cells []grid.Vec
		faces int
	}{
		{[]grid.Vec{{0, 0, 0}}, 3},
		{[]grid.Vec{{0, 0, 0}, {1, 0, 0}}, 5},
		{[]grid.Vec{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}}, 7},
	} {
		sh := model.NewShape(grid.Vec{2, 2, 1})
		for _, v := range c.cells {
			sh.Set(v, model.MakeVoxel(model.Filled, 0))
		}
		p := &model.Puzzle{Grid: grid.Cubes, Shapes: []model.Shape{sh}}
		opt := DefaultImageOptions()
		pic, err := ShapePicture(p, 0, opt)
		if err != nil {
			t.Fatal(err)
		}
		if got := filledPolygons(t, svgOf(t, pic)); got != c.faces {
			t.Errorf("%v: %d faces painted, want %d", c.cells, got, c.faces)
		}
	}
}

// Far cells come first: in a row of cubes along the line of sight, the
// cell nearest the eye is painted last.
func TestSVGPaintsFarToNear(t *testing.T) {
	sh := model.NewShape(grid.Vec{1, 1, 3})
	for z := 0; z < 3; z++ {
		sh.Set(grid.Vec{0, 0, z}, model.MakeVoxel(model.Filled, 0))
	}
	p := &model.Puzzle{Grid: grid.Cubes, Shapes: []model.Shape{sh}}
	opt := DefaultImageOptions()
	cam := DefaultCamera()
	opt.Camera = &cam
	pic, err := ShapePicture(p, 0, opt)
	if err != nil {
		t.Fatal(err)
	}
	// The default view looks at the +z side, so the z=2 cell is nearest.
	// Its front face is painted last: it is the last filled subpath, and
	// its colour is the front face's.
	svg := string(svgOf(t, pic))
	// Three cells of one colour: top faces three, the side three, front
	// one; faces of one colour merge into one path per run.
	if got := filledPolygons(t, []byte(svg)); got != 7 {
		t.Fatalf("%d faces painted, want 7", got)
	}
	last := strings.LastIndex(svg, "fill=\"#")
	s, cam2 := pic.tiles[0].scene, pic.tiles[0].cam
	pr := newProjection(s, cam2, 800, 600, opt.Style.Light)
	m := s.Items[0].Mesh
	var front *polygon
	for k := range m.polys {
		if m.polys[k].cell == (grid.Vec{0, 0, 2}) && m.polys[k].normal[2] > 0.9 {
			front = &m.polys[k]
		}
	}
	if front == nil {
		t.Fatal("no front face on the nearest cell")
	}
	want := hexColor(opt.Style.litFace(opt.Style.cellColor(s, &s.Items[0], front.voxel, front.light),
		pr.toView(front.normal, [3]float32{}), pr.light))
	if !strings.HasPrefix(svg[last:], "fill=\""+want+"\"") {
		t.Errorf("last face painted is %.20s, want the nearest front face in %s", svg[last:], want)
	}
}

// rsvgPNG converts an SVG with rsvg-convert (Debian's librsvg2-bin; the
// test fails without it, as scripts/deps.sh installs it) and decodes the
// PNG.
func rsvgPNG(t *testing.T, svg []byte) *image.RGBA {
	t.Helper()
	if _, err := exec.LookPath("rsvg-convert"); err != nil {
		t.Fatal("rsvg-convert not found: install librsvg2-bin (scripts/deps.sh does)")
	}
	dir := t.TempDir()
	in, out := filepath.Join(dir, "a.svg"), filepath.Join(dir, "a.png")
	if err := os.WriteFile(in, svg, 0o644); err != nil {
		t.Fatal(err)
	}
	if b, err := exec.Command("rsvg-convert", "-o", out, in).CombinedOutput(); err != nil {
		t.Fatalf("rsvg-convert: %v: %s", err, b)
	}
	f, err := os.Open(out)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatalf("rsvg-convert wrote no PNG: %v", err)
	}
	rgba := image.NewRGBA(img.Bounds())
	for y := 0; y < img.Bounds().Dy(); y++ {
		for x := 0; x < img.Bounds().Dx(); x++ {
			rgba.Set(x, y, img.At(x, y))
		}
	}
	return rgba
}

// mismatch returns the pixels of a and b that differ by more than tol in
// some channel, and the pixels at the centre of a 5x5 square that differs
// everywhere: a patch, where a face is painted in the wrong order, rather
// than the thin lines where edges are anti-aliased differently.
func mismatch(a, b *image.RGBA, tol int) (differ, patches int) {
	w, h := a.Rect.Dx(), a.Rect.Dy()
	bad := make([]bool, w*h)
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			i := y*a.Stride + 4*x
			for c := 0; c < 4; c++ {
				if absDiff(a.Pix[i+c], b.Pix[i+c]) > tol {
					bad[y*w+x] = true
				}
			}
			if bad[y*w+x] {
				differ++
			}
		}
	}
	for y := 2; y < h-2; y++ {
	next:
		for x := 2; x < w-2; x++ {
			for dy := -2; dy <= 2; dy++ {
				for dx := -2; dx <= 2; dx++ {
					if !bad[(y+dy)*w+x+dx] {
						continue next
					}
				}
			}
			patches++
		}
	}
	return differ, patches
}

// The SVG, drawn by librsvg, shows what the raster draws, on every grid:
// the same faces in the same places and colours, none painted over one in
// front of it. Balls differ a little inside (a radial gradient only
// approximates the raster's per-pixel light), so they are compared with a
// wider tolerance.
func TestSVGMatchesRaster(t *testing.T) {
	for _, c := range []struct {
		file string
		grid grid.Type
		tol  int
	}{
		{"SolidSixPieceBurrs.xmpuzzle", grid.Cubes, 24},
		{"Prisgon.xmpuzzle", grid.Prisms, 24},
		{"BallRoom.xmpuzzle", grid.Spheres, 64},
		{"HexSticks.xmpuzzle", grid.Rhombic, 24},
		{"FourPieceTetrahedron.xmpuzzle", grid.TetraOcta, 24},
	} {
		p := loadExample(t, c.file)
		if p.Grid != c.grid {
			t.Fatalf("%s: grid %v, want %v", c.file, p.Grid, c.grid)
		}
		opt := DefaultImageOptions()
		opt.Width, opt.Height, opt.Supersample = 400, 300, 1
		// Two views: the default, and from below and behind.
		views := []*Camera{nil, {Rot: DefaultCamera().Rot.Conjugate(), FovY: DefaultFovY, Dist: 1}}
		for v, cam := range views {
			opt.Camera = cam
			pic, err := AssemblyPicture(p, 0, 0, 0, opt)
			if err != nil {
				t.Fatal(err)
			}
			want, err := pic.Image()
			if err != nil {
				t.Fatal(err)
			}
			got := rsvgPNG(t, svgOf(t, pic))
			differ, patches := mismatch(want, got, c.tol)
			cover := coverage(want, opt.Style)
			t.Logf("%s view %d: %d pixels differ (the puzzle covers %.0f%% of %d), %d in patches", c.file, v, differ, 100*cover, 400*300, patches)
			if patches > 0 || float64(differ) > 0.25*cover*400*300 {
				t.Errorf("%s view %d: the SVG differs from the raster: %d pixels, %d in patches", c.file, v, differ, patches)
			}
			if gc := coverage(got, opt.Style); gc < cover*0.9 || gc > cover*1.1 {
				t.Errorf("%s view %d: the SVG covers %.1f%%, the raster %.1f%%", c.file, v, 100*gc, 100*cover)
			}
		}
	}
}

// White and transparent backgrounds, in both formats: a PNG corner is
// white or has alpha 0; the SVG paints a white rectangle or none, and
// librsvg's picture of it agrees.
func TestBackgrounds(t *testing.T) {
	p := barPuzzle()
	for _, bg := range []Background{White, Transparent} {
		opt := DefaultImageOptions()
		opt.Width, opt.Height, opt.Background = 200, 150, bg
		pic, err := ProblemPicture(p, 0, opt)
		if err != nil {
			t.Fatal(err)
		}
		img, err := pic.Image()
		if err != nil {
			t.Fatal(err)
		}
		want := white
		if bg == Transparent {
			want = transparent
		}
		svg := svgOf(t, pic)
		ras := rsvgPNG(t, svg)
		for _, pt := range [][2]int{{0, 0}, {199, 149}, {0, 100}} {
			if c := img.RGBAAt(pt[0], pt[1]); c != want {
				t.Errorf("%v PNG: pixel %v is %v", bg, pt, c)
			}
			if c := ras.RGBAAt(pt[0], pt[1]); c != want {
				t.Errorf("%v SVG: pixel %v is %v", bg, pt, c)
			}
		}
		if bg == Transparent && bytes.Contains(svg, []byte("<rect")) {
			t.Error("transparent SVG paints a background")
		}
		// The puzzle is there: its parts and result in both.
		if differ, patches := mismatch(img, ras, 24); patches > 0 {
			t.Errorf("%v: SVG differs from PNG in %d pixels, %d in patches", bg, differ, patches)
		}
		opaque := 0
		for i := 3; i < len(img.Pix); i += 4 {
			if img.Pix[i] == 0xff {
				opaque++
			}
		}
		if opaque < 200*150/10 {
			t.Errorf("%v: only %d opaque pixels", bg, opaque)
		}
	}
	if _, err := ParseBackground("plaid"); err == nil {
		t.Error("ParseBackground accepts plaid")
	}
	if b, err := ParseBackground("Transparent"); err != nil || b != Transparent {
		t.Errorf("ParseBackground(Transparent) = %v, %v", b, err)
	}
}

func TestFormatOf(t *testing.T) {
	for path, want := range map[string]Format{"a.png": PNG, "b.SVG": SVG, "dir.x/c.svg": SVG} {
		if f, err := FormatOf(path); err != nil || f != want {
			t.Errorf("FormatOf(%q) = %v, %v", path, f, err)
		}
	}
	for _, path := range []string{"a.jpg", "b", "c.stl"} {
		if _, err := FormatOf(path); err == nil {
			t.Errorf("FormatOf(%q): no error", path)
		}
	}
}

// Disassembly steps too: pieces moved by whole cells and groups flown out
// are painted in the right order.
func TestSVGStepsMatchRaster(t *testing.T) {
	for _, file := range []string{"PelikanBurr.xmpuzzle", "Prisgon.xmpuzzle", "CubeInCage.xmpuzzle"} {
		p := loadExample(t, file)
		opt := DefaultImageOptions()
		opt.Width, opt.Height, opt.Supersample, opt.Dim = 400, 300, 1, true
		q, err := SolutionSteps(p, 0, 0, opt)
		if err != nil {
			t.Fatal(err)
		}
		for _, i := range []int{1, q.Len() / 3, q.Len() * 2 / 3, q.Len() - 1} {
			pic, err := q.Picture(i)
			if err != nil {
				t.Fatal(err)
			}
			want, err := pic.Image()
			if err != nil {
				t.Fatal(err)
			}
			got := rsvgPNG(t, svgOf(t, pic))
			if differ, patches := mismatch(want, got, 24); patches > 0 {
				t.Errorf("%s step %d: the SVG differs from the raster in %d pixels, %d in patches", file, i, differ, patches)
			}
		}
	}
}

// A piece faded out is left out of an SVG as a hidden one is; one partly
// faded is painted, translucent.
func TestSVGFades(t *testing.T) {
	p := barPuzzle()
	svg := func(mode Mode, fade float64) string {
		t.Helper()
		opt := DefaultImageOptions()
		opt.Stage = func(s *Scene, _ *Animation, _ float64) { s.Items[1].Mode, s.Items[1].Fade = mode, fade }
		pic, err := AssemblyPicture(p, 0, 0, 0, opt)
		if err != nil {
			t.Fatal(err)
		}
		return string(svgOf(t, pic))
	}
	all, hidden := svg(Solid, 0), svg(Hidden, 0)
	if filledPolygons(t, []byte(hidden)) >= filledPolygons(t, []byte(all)) {
		t.Fatal("hiding a piece paints no fewer faces")
	}
	if gone := svg(Solid, 1); gone != hidden {
		t.Error("a piece faded out is painted")
	}
	half := svg(Solid, 0.5)
	if filledPolygons(t, []byte(half)) != filledPolygons(t, []byte(all)) {
		t.Error("a piece half faded is not painted whole")
	}
	if strings.Contains(all, "opacity=") || !strings.Contains(half, ` opacity="0.5"`) {
		t.Error("a piece half faded is not painted translucent, or an opaque one is")
	}
}
