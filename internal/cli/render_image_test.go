package cli

import (
	"bytes"
	"encoding/xml"
	"image/png"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/burrlab/burrlab/internal/testfs"
	"github.com/burrlab/burrlab/model/xmpuzzle"
)

// checkSVG parses an SVG file to the end and returns its root's width and
// height attributes and the number of elements.
func checkSVG(t *testing.T, path string) (w, h string, elements int) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	dec := xml.NewDecoder(bytes.NewReader(b))
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatalf("%s: not well-formed XML: %v", path, err)
		}
		if se, ok := tok.(xml.StartElement); ok {
			if elements == 0 {
				if se.Name.Local != "svg" {
					t.Fatalf("%s: root element %s", path, se.Name.Local)
				}
				for _, a := range se.Attr {
					switch a.Name.Local {
					case "width":
						w = a.Value
					case "height":
						h = a.Value
					}
				}
			}
			elements++
		}
	}
	return w, h, elements
}

// -o OUT.svg writes SVG of every kind of picture, at the size asked for.
func TestRenderSVG(t *testing.T) {
	dir := t.TempDir()
	for _, c := range []struct {
		name string
		args []string
	}{
		{"solution", nil},
		{"shape", []string{"-shape", "1"}},
		{"parts", []string{"-parts"}},
		{"step", []string{"-step", "1", "-dim"}},
		{"white", []string{"-background", "white", "-colors"}},
	} {
		out := filepath.Join(dir, c.name+".svg")
		args := append([]string{"render", "-size", "320x240"}, c.args...)
		args = append(args, "-o", out, workedExample)
		if code, _, errOut := burrRun(args...); code != 0 {
			t.Fatalf("%s: exit %d: %s", c.name, code, errOut)
		}
		w, h, n := checkSVG(t, out)
		if w != "320" || h != "240" {
			t.Errorf("%s: size %sx%s", c.name, w, h)
		}
		if n < 4 {
			t.Errorf("%s: only %d elements", c.name, n)
		}
	}
}

// -background transparent gives a PNG whose corners have alpha 0; white a
// white one; a name it does not know is an error.
func TestRenderBackground(t *testing.T) {
	dir := t.TempDir()
	for bg, want := range map[string][4]uint32{"transparent": {0, 0, 0, 0}, "white": {0xffff, 0xffff, 0xffff, 0xffff}} {
		out := filepath.Join(dir, bg+".png")
		if code, _, errOut := burrRun("render", "-size", "200x150", "-background", bg, "-o", out, workedExample); code != 0 {
			t.Fatalf("%s: exit %d: %s", bg, code, errOut)
		}
		f, _ := os.Open(out)
		img, err := png.Decode(f)
		f.Close()
		if err != nil {
			t.Fatal(err)
		}
		r, g, b, a := img.At(0, 0).RGBA()
		if [4]uint32{r, g, b, a} != want {
			t.Errorf("%s: corner %v, want %v", bg, [4]uint32{r, g, b, a}, want)
		}
		if _, _, drawn := pngSize(t, out); drawn < 200*150/10 {
			t.Errorf("%s: only %d pixels drawn", bg, drawn)
		}
	}
}

// -steps writes one picture per move plus the assembled one, into a folder
// (named after the puzzle) or under a base name, as PNG or SVG.
func TestRenderSteps(t *testing.T) {
	p, err := xmpuzzle.ReadFile(workedExample)
	if err != nil {
		t.Fatal(err)
	}
	n := p.Problems[0].Solutions[0].Disassembly.TotalMoves() + 1
	dir := t.TempDir()
	for _, c := range []struct {
		name  string
		out   string
		extra []string
		first string
	}{
		{"folder", dir, []string{"-dim"}, filepath.Join(dir, "worked-example-000.png")},
		{"base", filepath.Join(dir, "b"), nil, filepath.Join(dir, "b-000.png")},
		{"svg", filepath.Join(dir, "v.svg"), nil, filepath.Join(dir, "v-000.svg")},
		{"format", filepath.Join(dir, "f"), []string{"-format", "svg"}, filepath.Join(dir, "f-000.svg")},
	} {
		args := append([]string{"render", "-steps", "-size", "200x150", "-o", c.out}, c.extra...)
		code, stdout, errOut := burrRun(append(args, workedExample)...)
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", c.name, code, errOut)
		}
		if !strings.Contains(stdout, "wrote 2 pictures") && n == 2 || !strings.Contains(stdout, c.first) {
			t.Errorf("%s: printed %q", c.name, stdout)
		}
		base := strings.TrimSuffix(c.first, "-000"+filepath.Ext(c.first))
		files, _ := filepath.Glob(base + "-*" + filepath.Ext(c.first))
		if len(files) != n {
			t.Fatalf("%s: %d files %v, want %d", c.name, len(files), files, n)
		}
		for _, f := range files {
			if filepath.Ext(f) == ".svg" {
				checkSVG(t, f)
			} else if w, h, _ := pngSize(t, f); w != 200 || h != 150 {
				t.Errorf("%s: %s is %dx%d", c.name, f, w, h)
			}
		}
	}
	// The assembled and the last picture differ: the pieces moved.
	a, _ := os.ReadFile(filepath.Join(dir, "b-000.png"))
	b, _ := os.ReadFile(filepath.Join(dir, "b-001.png"))
	if bytes.Equal(a, b) {
		t.Error("step 1 looks like step 0")
	}
}

func TestRenderImageErrors(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "x.png")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-size", "100000x100000"}, "8192"},
		{[]string{"-size", "9000x10"}, "out of range"},
		{[]string{"-size", "8192x8192"}, "megapixels"},
		{[]string{"-background", "plaid"}, "plaid"},
		{[]string{"-steps", "-format", "gif"}, "gif"},
		{[]string{"-steps", "-problem", "3"}, "problem 3"},
	} {
		args := append([]string{"render"}, c.args...)
		code, _, errOut := burrRun(append(args, "-o", out, workedExample)...)
		oneLineError(t, code, errOut, c.want)
	}
	code, _, errOut := burrRun("render", "-o", filepath.Join(dir, "x.jpg"), workedExample)
	oneLineError(t, code, errOut, "want .png or .svg")
	code, _, errOut = burrRun("render", "-steps", "-o", filepath.Join(dir, "x.svg"), "-format", "png", workedExample)
	oneLineError(t, code, errOut, "does not match")
	if files, _ := filepath.Glob(filepath.Join(dir, "*")); len(files) != 0 {
		t.Errorf("failed runs left files: %v", files)
	}
}

// A folder that cannot be written and a full disk give a clear error and
// leave the picture that was there as it was, for PNG, SVG and steps.
func TestRenderUnwritable(t *testing.T) {
	ro := t.TempDir()
	old := []byte("the old picture")
	for _, name := range []string{"a.png", "a.svg", "s-000.png"} {
		if err := os.WriteFile(filepath.Join(ro, name), old, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	full := testfs.FullDisk(t, 64<<10)
	for _, name := range []string{"a.png", "a.svg", "s-000.png"} {
		if err := os.WriteFile(filepath.Join(full, name), old, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	fill, err := os.Create(filepath.Join(full, "filler"))
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := fill.Write(bytes.Repeat([]byte{1}, 4096)); err != nil {
			break
		}
	}
	fill.Close()
	readOnly := testfs.ReadOnly(t, ro)
	for _, dir := range []string{readOnly, full} {
		for _, c := range []struct {
			out  string
			args []string
		}{
			{"a.png", nil},
			{"a.svg", nil},
			{"s", []string{"-steps"}},
		} {
			args := append([]string{"render", "-o", filepath.Join(dir, c.out)}, c.args...)
			code, _, errOut := burrRun(append(args, workedExample)...)
			oneLineError(t, code, errOut, dir)
			if !strings.Contains(errOut, "read-only") && !strings.Contains(errOut, "no space") {
				t.Errorf("%s: the error does not say why: %s", c.out, errOut)
			}
		}
		for _, name := range []string{"a.png", "a.svg", "s-000.png"} {
			if b, _ := os.ReadFile(filepath.Join(dir, name)); !bytes.Equal(b, old) {
				t.Errorf("%s: %s changed to %d bytes", dir, name, len(b))
			}
		}
		if left, _ := filepath.Glob(filepath.Join(dir, ".*")); len(left) > 0 {
			t.Errorf("%s: temporary files left: %v", dir, left)
		}
	}
}
