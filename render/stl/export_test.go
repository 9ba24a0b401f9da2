package stl

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/burrlab/burrlab/model"
	"github.com/burrlab/burrlab/model/grid"
	"github.com/burrlab/burrlab/model/xmpuzzle"
)

func TestFileNames(t *testing.T) {
	p := &model.Puzzle{}
	for _, n := range []string{"Ell", "", "a/b\\c:d*e?f\"g<h>i|j", "..hidden", "CON", "Ell", "ell", "  spaced  name  ", "Würfel", strings.Repeat("x", 300)} {
		s := model.NewShape(grid.Vec{1, 1, 1})
		s.Name = n
		p.Shapes = append(p.Shapes, s)
	}
	all := make([]int, len(p.Shapes))
	for i := range all {
		all[i] = i
	}
	got := FileNames(p, all)
	want := []string{"Ell-S1.stl", "S2.stl", "a_b_c_d_e_f_g_h_i_j.stl", "hidden.stl", "_CON.stl", "Ell-S6.stl", "ell-S7.stl", "spaced_name.stl", "Würfel.stl", strings.Repeat("x", 100) + ".stl"}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("shape %d %q: file %q, want %q", i, p.Shapes[i].Name, got[i], want[i])
		}
	}
	// Only the clashing names get numbers.
	if got := FileNames(p, []int{0, 1}); got[0] != "Ell.stl" || got[1] != "S2.stl" {
		t.Errorf("%v", got)
	}
}

// WritePieces writes each distinct shape of a solution once, named after
// it, and nothing when the solution does not exist.
func TestWritePieces(t *testing.T) {
	p, err := xmpuzzle.ReadFile(filepath.Join(examplesDir(), "SolidSixPieceBurrs.xmpuzzle"))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	paths, err := WritePieces(dir, "", p, 0, 5, DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	prob := &p.Problems[0]
	distinct := map[int]bool{}
	for i, part := range prob.SlotParts() {
		if prob.Solutions[5].Assembly[i].Placed() {
			distinct[prob.Parts[part].Shape] = true
		}
	}
	if len(paths) != len(distinct) {
		t.Errorf("%d files for %d distinct shapes", len(paths), len(distinct))
	}
	for _, path := range paths {
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		ts, err := readBinary(b)
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		if _, _, err := manifold(ts); err != nil {
			t.Errorf("%s: %v", path, err)
		}
	}
	// With a prefix, the same files under names that start with it, as
	// PieceFileNames says.
	names, err := PieceFileNames(p, 0, 5, "burr-")
	if err != nil {
		t.Fatal(err)
	}
	prefixed, err := WritePieces(dir, "burr-", p, 0, 5, DefaultOptions())
	if err != nil || len(prefixed) != len(paths) || len(names) != len(paths) {
		t.Fatalf("with a prefix: %d files, %d names, %d without (%v)", len(prefixed), len(names), len(paths), err)
	}
	for j := range paths {
		if prefixed[j] != filepath.Join(dir, names[j]) || names[j] != "burr-"+filepath.Base(paths[j]) {
			t.Errorf("file %d: %s, named %s, %s without the prefix", j, prefixed[j], names[j], paths[j])
		}
	}
	for _, c := range []struct {
		pr, k int
		want  string
	}{{0, len(prob.Solutions), "no solution"}, {0, -1, "no solution -1"}, {3, 0, "problem 3 does not exist"}} {
		if _, err := WritePieces(dir, "", p, c.pr, c.k, DefaultOptions()); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("problem %d solution %d: %v", c.pr, c.k, err)
		}
	}
	q := p.Clone()
	q.Problems[0].Solutions = nil
	if _, err := Assembled(q, 0, 0, DefaultOptions()); err == nil || !strings.Contains(err.Error(), "no stored solutions") {
		t.Errorf("no solutions: %v", err)
	}
}

// Variable cells are printed: they are part of the shape.
func TestVariableCellsPrinted(t *testing.T) {
	s := model.NewShape(grid.Vec{2, 1, 1})
	s.Set(grid.Vec{0, 0, 0}, model.MakeVoxel(model.Filled, 0))
	s.Set(grid.Vec{1, 0, 0}, model.MakeVoxel(model.Variable, 0))
	p := &model.Puzzle{Grid: grid.Cubes, Shapes: []model.Shape{s}}
	m, err := Shape(p, 0, DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Tris) != 20 {
		t.Errorf("%d triangles, want the 20 of a 2x1x1 bar", len(m.Tris))
	}
}

func examplesDir() string {
	if d := os.Getenv("BURRLAB_EXAMPLES"); d != "" {
		return d
	}
	return "../../../shared/burrtools-examples"
}

// admeshReport runs admesh on an STL file and returns its counts by name.
func admeshReport(t *testing.T, path string) map[string]int {
	t.Helper()
	out, err := exec.Command("admesh", path).CombinedOutput()
	if err != nil {
		t.Fatalf("admesh %s (scripts/deps.sh installs it): %v\n%s", path, err, out)
	}
	got := map[string]int{}
	re := regexp.MustCompile(`(?m)^([A-Za-z][A-Za-z ]*[a-z])\s*:\s*(-?\d+)\b`)
	for _, m := range re.FindAllStringSubmatch(string(out), -1) {
		n, _ := strconv.Atoi(m[2])
		got[m[1]] = n
	}
	return got
}

// admesh, Debian's mesh checker, finds nothing to repair in our files: no
// disconnected facets, degenerate facets, edges to fix, facets to remove,
// add or reverse, backwards edges or normals to fix, on every grid; and
// it counts as many parts as we do. Also with a bevel.
func TestAdmesh(t *testing.T) {
	dir := t.TempDir()
	cases := map[string]string{
		"cubes":       "SolidSixPieceBurrs.xmpuzzle",
		"cubes-bevel": "PelikanBurr.xmpuzzle",
		"prisms":      "Prisgon.xmpuzzle",
		"spheres":     "BallRoom.xmpuzzle",
		"rhombic":     "12PieceSeparation.xmpuzzle",
		"tetra-octa":  "FourPieceTetrahedron.xmpuzzle",
	}
	for name, file := range cases {
		p, err := xmpuzzle.ReadFile(filepath.Join(examplesDir(), file))
		if err != nil {
			t.Fatal(err)
		}
		o := DefaultOptions()
		o.Unit = [3]float64{10, 12, 8}
		if name == "cubes-bevel" {
			o.Bevel = 0.15
		}
		m, err := Assembled(p, 0, 0, o)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		for _, ascii := range []bool{false, true} {
			o.ASCII = ascii
			path := filepath.Join(dir, name+strconv.FormatBool(ascii)+".stl")
			if err := WriteFile(path, m, name, o); err != nil {
				t.Fatal(err)
			}
			b, _ := os.ReadFile(path)
			read := readBinary
			if ascii {
				read = readASCII
			}
			ts, err := read(b)
			if err != nil {
				t.Fatal(err)
			}
			parts, _, err := manifold(ts)
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			got := admeshReport(t, path)
			if got["Number of facets"] != len(m.Tris) {
				t.Errorf("%s: admesh read %d facets, we wrote %d", path, got["Number of facets"], len(m.Tris))
			}
			if got["Number of parts"] != parts {
				t.Errorf("%s: admesh counts %d parts, we %d", path, got["Number of parts"], parts)
			}
			for _, k := range []string{"Total disconnected facets", "Degenerate facets", "Edges fixed", "Facets removed",
				"Facets added", "Facets reversed", "Backwards edges", "Normals fixed"} {
				if v, ok := got[k]; !ok || v != 0 {
					t.Errorf("%s: admesh %q = %d (present %v), want 0", path, k, v, ok)
				}
			}
		}
	}
}
