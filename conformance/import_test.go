package conformance

import (
	"context"
	"encoding/json"
	"path/filepath"
	"slices"
	"testing"

	"github.com/burrlab/burrlab/model"
	"github.com/burrlab/burrlab/model/analysis"
	"github.com/burrlab/burrlab/model/xmpuzzle"
	"github.com/burrlab/burrlab/solver"
)

// burrToolsImports are the shapes left after each filter of BurrTools'
// "Import Assms" on DemoPieceGenerator.xmpuzzle, problem 0. Measured with
// BurrTools 0.7.1 (commit b72a71d) built from source: a small driver
// loaded the file, solved it with BurrTools' assembler (default options,
// as burrTxt does) keeping every assembly (928), or only those its
// disassembler takes apart (927), and then ran the GUI's import loop
// (mainwindow.cpp, cb_AssembliesToShapes): assembly_c::createSpace, then
// connected(0, true, VX_EMPTY), symmetryContainsMirror(selfSymmetries()),
// unSymmetric, isMillable, isNotchable, countState(VX_FILLED) against the
// range, and voxelTable_c getSpace/addSpace for identical shapes; with
// IdenticalMirror the table was used with PAR_MIRROR, which the dialog
// does not offer. left lists the count after each enabled filter, in
// BurrTools' order.
var burrToolsImports = []struct {
	name   string
	filter analysis.ImportFilter
	// left after each enabled filter, importing all 928 assemblies and
	// only the 927 that come apart.
	assemblies, solutions []int
}{
	{"none", analysis.ImportFilter{}, nil, nil},
	{"dialog default", analysis.DefaultImportFilter, []int{884, 431}, []int{883, 430}},
	{"disconnected", analysis.ImportFilter{DropDisconnected: true}, []int{884}, []int{883}},
	{"mirror", analysis.ImportFilter{DropMirrorSymmetric: true}, []int{664}, []int{664}},
	{"symmetric", analysis.ImportFilter{DropSymmetric: true}, []int{640}, []int{640}},
	{"millable", analysis.ImportFilter{DropNonMillable: true}, []int{85}, []int{84}},
	{"notchable", analysis.ImportFilter{DropNonNotchable: true}, []int{67}, []int{66}},
	{"identical", analysis.ImportFilter{DropIdentical: true}, []int{466}, []int{465}},
	{"identical with mirrors", analysis.ImportFilter{DropIdentical: true, IdenticalMirror: true}, []int{420}, []int{419}},
	{"millable and notchable", analysis.ImportFilter{DropNonMillable: true, DropNonNotchable: true}, []int{85, 67}, []int{84, 66}},
	{"disconnected, mirror", analysis.ImportFilter{DropDisconnected: true, DropMirrorSymmetric: true}, []int{884, 631}, []int{883, 631}},
	{"disconnected, millable, identical", analysis.ImportFilter{DropDisconnected: true, DropNonMillable: true, DropIdentical: true}, []int{884, 85, 45}, []int{883, 84, 44}},
	{"disconnected, notchable, identical", analysis.ImportFilter{DropDisconnected: true, DropNonNotchable: true, DropIdentical: true}, []int{884, 67, 34}, []int{883, 66, 33}},
	{"all but identical", analysis.ImportFilter{DropDisconnected: true, DropMirrorSymmetric: true, DropSymmetric: true, DropNonMillable: true, DropNonNotchable: true},
		[]int{884, 631, 607, 35, 21}, []int{883, 631, 607, 35, 21}},
	{"all", analysis.ImportFilter{DropDisconnected: true, DropMirrorSymmetric: true, DropSymmetric: true, DropNonMillable: true, DropNonNotchable: true, DropIdentical: true},
		[]int{884, 631, 607, 35, 21, 19}, []int{883, 631, 607, 35, 21, 19}},
	{"all, identical with mirrors", analysis.ImportFilter{DropDisconnected: true, DropMirrorSymmetric: true, DropSymmetric: true, DropNonMillable: true, DropNonNotchable: true, DropIdentical: true, IdenticalMirror: true},
		[]int{884, 631, 607, 35, 21, 18}, []int{883, 631, 607, 35, 21, 18}},
	{"cells 0..18", analysis.ImportFilter{DropDisconnected: true, DropIdentical: true, MaxCells: 18}, []int{884, 212, 167}, []int{883, 211, 166}},
	{"cells 19", analysis.ImportFilter{DropDisconnected: true, DropIdentical: true, MinCells: 19, MaxCells: 19}, []int{884, 183, 110}, []int{883, 183, 110}},
	{"cells 20..", analysis.ImportFilter{DropDisconnected: true, DropIdentical: true, MinCells: 20}, []int{884, 489, 154}, []int{883, 489, 154}},
	{"cells 17..20", analysis.ImportFilter{DropDisconnected: true, DropIdentical: true, MinCells: 17, MaxCells: 20}, []int{884, 582, 345}, []int{883, 582, 345}},
}

// solvedDemo returns DemoPieceGenerator with problem 0 solved by BurrLab
// and every assembly (or, with disassemble, every solution) stored.
func solvedDemo(t *testing.T, disassemble bool) *model.Puzzle {
	t.Helper()
	p := loadExample(t, "DemoPieceGenerator.xmpuzzle")
	ch, err := solver.Solve(context.Background(), p, 0, solver.Options{Disassemble: disassemble})
	if err != nil {
		t.Fatal(err)
	}
	pr := &p.Problems[0]
	for ev := range ch {
		switch ev := ev.(type) {
		case solver.Found:
			pr.Solutions = append(pr.Solutions, ev.Solution)
		case solver.Error:
			t.Fatal(ev.Err)
		}
	}
	return p
}

func TestImportAssembliesLikeBurrTools(t *testing.T) {
	for _, mode := range []struct {
		disassemble bool
		total       int
	}{{false, 928}, {true, 927}} {
		p := solvedDemo(t, mode.disassemble)
		if n := len(p.Problems[0].Solutions); n != mode.total {
			t.Fatalf("disassemble=%v: %d stored, BurrTools has %d", mode.disassemble, n, mode.total)
		}
		for _, c := range burrToolsImports {
			want := c.assemblies
			if mode.disassemble {
				want = c.solutions
			}
			res, err := analysis.ImportAssemblies(context.Background(), p, 0, c.filter)
			if err != nil {
				t.Fatalf("%s: %v", c.name, err)
			}
			var left []int
			removed := 0
			for _, s := range res.Steps {
				left = append(left, s.Left)
				removed += s.Removed
			}
			if !slices.Equal(left, want) {
				t.Errorf("disassemble=%v, %s: left after each filter %v, BurrTools %v", mode.disassemble, c.name, left, want)
			}
			if res.Assemblies != mode.total || len(res.Shapes) != mode.total-removed {
				t.Errorf("disassemble=%v, %s: %d shapes from %d assemblies, %d removed", mode.disassemble, c.name, len(res.Shapes), res.Assemblies, removed)
			}
		}
	}
}

// TestImportAssembliesCommand runs the command line on a solved demo
// file: the counts it prints, and the shapes it adds to the file it
// writes.
func TestImportAssembliesCommand(t *testing.T) {
	dir := t.TempDir()
	solved := filepath.Join(dir, "solved.xmpuzzle")
	if _, err := burr(t, "solve", "-save", solved, examplePath(t, "DemoPieceGenerator.xmpuzzle")); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "imported.xmpuzzle")
	stdout, err := burr(t, "import-assemblies", "-json", "-drop-non-millable", "-o", out, solved)
	if err != nil {
		t.Fatal(err)
	}
	var rep struct {
		Assemblies int                   `json:"assemblies"`
		Steps      []analysis.ImportStep `json:"filters"`
		Added      int                   `json:"added"`
		FirstShape int                   `json:"firstShape"`
	}
	if err := json.Unmarshal([]byte(stdout), &rep); err != nil {
		t.Fatalf("%v: %s", err, stdout)
	}
	want := []analysis.ImportStep{
		{Filter: analysis.FilterDisconnected, Removed: 44, Left: 884},
		{Filter: analysis.FilterNonMillable, Removed: 799, Left: 85},
		{Filter: analysis.FilterIdentical, Removed: 40, Left: 45},
	}
	if rep.Assemblies != 928 || !slices.Equal(rep.Steps, want) || rep.Added != 45 || rep.FirstShape != 3 {
		t.Fatalf("report %+v, want 928 assemblies, steps %v, 45 added from shape 3", rep, want)
	}
	p, err := xmpuzzle.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if len(p.Shapes) != 3+45 {
		t.Fatalf("%d shapes in the written file, want 48", len(p.Shapes))
	}
	for i, s := range p.Shapes[3:] {
		if !analysis.Millable(&s) || s.Count(model.Filled) == 0 {
			t.Errorf("new shape %d: not millable or empty", 3+i)
		}
	}
}
