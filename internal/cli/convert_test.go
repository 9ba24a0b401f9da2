package cli

import (
	"bytes"
	"compress/gzip"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/burrlab/burrlab/model"
	"github.com/burrlab/burrlab/model/grid"
	"github.com/burrlab/burrlab/model/xmpuzzle"
)

func TestConvertKeepsInfo(t *testing.T) {
	out := filepath.Join(t.TempDir(), "out.xmpuzzle")
	if code, _, errOut := burrRun("convert", workedExample, out); code != 0 {
		t.Fatalf("convert: exit %d: %s", code, errOut)
	}
	_, before, _ := burrRun("info", workedExample)
	code, after, errOut := burrRun("info", out)
	if code != 0 || before != after {
		t.Errorf("info changed by convert (exit %d, %s):\n%s\n%s", code, errOut, before, after)
	}
	// The output is gzip holding exactly the golden XML.
	f, err := os.Open(out)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		t.Fatalf("output is not gzip: %v", err)
	}
	got, _ := io.ReadAll(zr)
	want, _ := os.ReadFile(workedExample)
	if !bytes.Equal(got, want) {
		t.Errorf("converted XML differs from the golden file")
	}
	// In place.
	if code, _, errOut := burrRun("convert", out, out); code != 0 {
		t.Fatalf("convert in place: exit %d: %s", code, errOut)
	}
	if _, again, _ := burrRun("info", out); again != before {
		t.Error("info changed by converting in place")
	}
}

func TestConvertErrors(t *testing.T) {
	code, _, errOut := burrRun("convert", workedExample)
	oneLineError(t, code, errOut, "usage: burr convert [-grid rhombic|tetra-octa] IN OUT")
	code, _, errOut = burrRun("convert", "-grid", "spheres", workedExample, filepath.Join(t.TempDir(), "x.xmpuzzle"))
	oneLineError(t, code, errOut, "rhombic and tetra-octa")
	dir := t.TempDir()
	in := writeTemp(t, "in.xmpuzzle", `<puzzle version="9"/>`)
	out := filepath.Join(dir, "out.xmpuzzle")
	code, _, errOut = burrRun("convert", in, out)
	oneLineError(t, code, errOut, "version 9")
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Errorf("a failed convert created the output: %v", err)
	}
	code, _, errOut = burrRun("convert", workedExample, filepath.Join(dir, "no", "such", "dir.xmpuzzle"))
	oneLineError(t, code, errOut, "saving")
}

func TestConvertGrid(t *testing.T) {
	p, err := xmpuzzle.ReadFile(workedExample)
	if err != nil {
		t.Fatal(err)
	}
	if p.Grid != grid.Cubes {
		t.Fatalf("the worked example is a %v puzzle; the test needs cubes", p.Grid)
	}
	for _, name := range []string{"rhombic", "tetra-octa"} {
		out := filepath.Join(t.TempDir(), name+".xmpuzzle")
		code, _, errOut := burrRun("convert", "-grid", name, workedExample, out)
		if code != 0 {
			t.Fatalf("convert -grid %s: exit %d: %s", name, code, errOut)
		}
		q, err := xmpuzzle.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		if q.Grid != convertGrids[name] || len(q.Shapes) != len(p.Shapes) {
			t.Fatalf("-grid %s: grid %v, %d shapes", name, q.Grid, len(q.Shapes))
		}
		for i := range q.Shapes {
			if q.Shapes[i].NumCells() != p.Shapes[i].NumCells()*model.CellsPerCube(q.Grid) {
				t.Errorf("-grid %s: shape %d has %d cells for %d cubes", name, i+1, q.Shapes[i].NumCells(), p.Shapes[i].NumCells())
			}
		}
	}
}
