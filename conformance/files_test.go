package conformance

import (
	"bytes"
	"compress/gzip"
	"io"
	"path/filepath"
	"reflect"
	"slices"
	"testing"

	"github.com/burrlab/burrlab/model"
	"github.com/burrlab/burrlab/model/grid"
	"github.com/burrlab/burrlab/model/xmpuzzle"
	"github.com/burrlab/burrlab/solver"
)

// Every example loads, and expected.json describes problems that exist, on
// the grid it says.
func TestExamplesLoad(t *testing.T) {
	files := exampleFiles(t)
	loaded := make(map[string]*model.Puzzle)
	for _, name := range files {
		loaded[name] = loadExample(t, name)
	}
	for _, e := range loadExpected(t) {
		p, ok := loaded[e.File]
		switch {
		case !ok:
			t.Errorf("expected.json names %s, which is not among the examples", e.File)
		case e.Problem < 0 || e.Problem >= len(p.Problems):
			t.Errorf("%s: expected.json names problem %d of %d", e.File, e.Problem, len(p.Problems))
		case grid.Type(e.Grid) != p.Grid:
			t.Errorf("%s: grid %d, expected.json says %d", e.File, p.Grid, e.Grid)
		}
	}
}

// Every stored assembly fills its result exactly, and every stored
// disassembly starts from it and comes apart without collisions. This
// checks the five grids' orientation tables and cell formulas against
// BurrTools' own solutions.
func TestExamplesStoredSolutionsCheck(t *testing.T) {
	var assemblies, disassemblies, outlines int
	grids := make(map[grid.Type]int)
	for _, name := range exampleFiles(t) {
		p := loadExample(t, name)
		for i := range p.Problems {
			pr := &p.Problems[i]
			for j := range pr.Solutions {
				s := &pr.Solutions[j]
				if err := model.CheckAssembly(p, pr, s.Assembly); err != nil {
					t.Errorf("%s problem %d solution %d: %v", name, i, j, err)
					continue
				}
				assemblies++
				grids[p.Grid]++
				if err := model.CheckDisassembly(p, pr, s); err != nil {
					t.Errorf("%s problem %d solution %d: disassembly: %v", name, i, j, err)
					continue
				}
				switch d := s.Disassembly; {
				case d == nil:
				case d.Outline():
					outlines++
				default:
					disassemblies++
				}
			}
		}
		// The command line says the same.
		if _, err := burr(t, "check", examplePath(t, name)); err != nil {
			t.Error(err)
		}
	}
	t.Logf("checked %d assemblies, %d full disassemblies, %d outlines; assemblies per grid %v", assemblies, disassemblies, outlines, grids)
	// Guard against a suite that silently checks nothing: the examples
	// hold solutions on all five grids and full disassemblies.
	if len(grids) != grid.NumTypes || disassemblies == 0 {
		t.Errorf("too little was checked: grids %v, %d full disassemblies", grids, disassemblies)
	}
}

// Writing an example and reading it back gives a deep-equal puzzle, and
// writing that again gives the same bytes.
func TestExamplesWriteRead(t *testing.T) {
	for _, name := range exampleFiles(t) {
		p := loadExample(t, name)
		var first bytes.Buffer
		if err := xmpuzzle.Write(&first, p); err != nil {
			t.Errorf("%s: write: %v", name, err)
			continue
		}
		data := bytes.Clone(first.Bytes())
		q, err := xmpuzzle.Read(&first)
		if err != nil {
			t.Errorf("%s: reading what we wrote: %v", name, err)
			continue
		}
		if !reflect.DeepEqual(p, q) {
			t.Errorf("%s: the puzzle read back differs from the one written", name)
		}
		var second bytes.Buffer
		if err := xmpuzzle.Write(&second, q); err != nil {
			t.Errorf("%s: second write: %v", name, err)
			continue
		}
		if !bytes.Equal(gunzip(t, data), gunzip(t, second.Bytes())) {
			t.Errorf("%s: writing again changed the XML", name)
		}
	}
}

// `burr convert` then `burr info` prints what `burr info` printed for the
// original.
func TestExamplesConvertKeepsInfo(t *testing.T) {
	dir := t.TempDir()
	for _, name := range exampleFiles(t) {
		in := examplePath(t, name)
		before, err := burr(t, "info", in)
		if err != nil {
			t.Error(err)
			continue
		}
		out := filepath.Join(dir, name)
		if _, err := burr(t, "convert", in, out); err != nil {
			t.Error(err)
			continue
		}
		after, err := burr(t, "info", out)
		if err != nil {
			t.Error(err)
			continue
		}
		if before != after {
			t.Errorf("%s: info differs after convert:\n%s\n%s", name, before, after)
		}
	}
}

// gunzip returns the XML inside a gzip file written by xmpuzzle.Write.
func gunzip(t *testing.T, b []byte) []byte {
	t.Helper()
	zr, err := gzip.NewReader(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	out, err := io.ReadAll(zr)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestBigSavedSearchReadsBack: a search saved whole is read back whole.
// This small prism puzzle has 46,080 solutions; with their disassemblies
// they are 80 MB of XML and over a million elements, which the reader's
// old caps (64 MiB, 1 Mi elements) refused, though BurrTools opens the
// file (found by a random comparison with BurrTools: 7 of 1,535 saved
// searches).
func TestBigSavedSearchReadsBack(t *testing.T) {
	p, err := xmpuzzle.ReadFile(filepath.Join("testdata", "big-save-prisms-50051.xmpuzzle"))
	if err != nil {
		t.Fatal(err)
	}
	sols, done, err := solveAll(t, p, 0, solver.Options{Disassemble: true, Workers: 2})
	if err != nil {
		t.Fatal(err)
	}
	if done.Assemblies != 46080 || done.Solutions != 46080 || len(sols) != 46080 {
		t.Fatalf("%d assemblies, %d solutions, %d found; want 46,080 each", done.Assemblies, done.Solutions, len(sols))
	}
	pr := &p.Problems[0]
	pr.Solutions = sols
	pr.State = model.Solved
	pr.NumAssemblies, pr.NumSolutions = done.Assemblies, done.Solutions
	file := filepath.Join(t.TempDir(), "saved.xmpuzzle")
	if err := xmpuzzle.WriteFile(file, p); err != nil {
		t.Fatal(err)
	}
	q, err := xmpuzzle.ReadFile(file)
	if err != nil {
		t.Fatalf("reading the saved search: %v", err)
	}
	got := q.Problems[0].Solutions
	if len(got) != len(sols) {
		t.Fatalf("read back %d solutions, saved %d", len(got), len(sols))
	}
	for _, k := range []int{0, len(sols) / 2, len(sols) - 1} {
		if got[k].Disassembly.Level() != sols[k].Disassembly.Level() || !slices.Equal(got[k].Assembly, sols[k].Assembly) {
			t.Errorf("solution %d read back differs", k)
		}
	}
}
