package cli

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// workedExample is the worked example of the format document, which the
// xmpuzzle package keeps as its golden file.
const workedExample = "../../model/xmpuzzle/testdata/worked-example.xml"

// burrRun runs the command line and returns its exit code and output.
func burrRun(args ...string) (code int, stdout, stderr string) {
	var out, errOut bytes.Buffer
	code = Main(args, &out, &errOut)
	return code, out.String(), errOut.String()
}

// writeTemp writes a file into a fresh directory and returns its path.
func writeTemp(t *testing.T, name, content string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// oneLineError checks that a failed run printed exactly one line on stderr
// that mentions want.
func oneLineError(t *testing.T, code int, stderr, want string) {
	t.Helper()
	if code == 0 {
		t.Errorf("exit code 0, want failure")
	}
	if strings.Count(stderr, "\n") != 1 || !strings.Contains(stderr, want) {
		t.Errorf("stderr %q, want one line mentioning %q", stderr, want)
	}
}

func TestInfoWorkedExample(t *testing.T) {
	code, out, errOut := burrRun("info", workedExample)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var got infoPuzzle
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("output is not the info JSON: %v\n%s", err, out)
	}
	if got.Grid != (infoGrid{0, "cubes"}) || len(got.Colors) != 1 || got.Colors[0] != (infoColor{1, 200, 30, 30}) {
		t.Errorf("grid %+v colours %+v", got.Grid, got.Colors)
	}
	wantShapes := []infoShape{
		{0, "Tray", [3]int{3, 2, 1}, 5, 1, [3]int{}, 1, nil},
		{1, "Ell", [3]int{2, 2, 1}, 3, 0, [3]int{}, 1, nil},
		{2, "", [3]int{2, 1, 1}, 2, 0, [3]int{}, 1, nil},
		{3, "", [3]int{1, 1, 1}, 1, 0, [3]int{}, 2, nil},
	}
	if !reflect.DeepEqual(got.Shapes, wantShapes) {
		t.Errorf("shapes\n got %+v\nwant %+v", got.Shapes, wantShapes)
	}
	if len(got.Problems) != 2 {
		t.Fatalf("%d problems", len(got.Problems))
	}
	p0 := got.Problems[0]
	if p0.Name != "Fill the tray" || p0.Result == nil || *p0.Result != 0 || p0.Slots != 3 || p0.MaxHoles != nil ||
		p0.State != "solved" || p0.Assemblies != 14 || p0.Solutions != 14 || p0.Stored != 3 || p0.WithDisassembly != 3 {
		t.Errorf("problem 0: %+v", p0)
	}
	wantDis := []infoDisassembly{{0, 3, "1", 1, false}, {1, 5, "1", 2, false}, {2, 9, "1", 2, true}}
	if !reflect.DeepEqual(p0.Disassemblies, wantDis) {
		t.Errorf("disassemblies\n got %+v\nwant %+v", p0.Disassemblies, wantDis)
	}
	if !reflect.DeepEqual(p0.ColorRules, []infoColorRule{{1, 1}}) {
		t.Errorf("colour rules %+v", p0.ColorRules)
	}
	p1 := got.Problems[1]
	wantPieces := []infoPiece{
		{1, 1, 1, []infoGroup{{1, 1}}},
		{2, 1, 1, []infoGroup{{1, 1}, {2, 1}}},
		{3, 0, 1, []infoGroup{}},
	}
	if p1.State != "unsolved" || p1.MaxHoles == nil || *p1.MaxHoles != 1 || !reflect.DeepEqual(p1.Pieces, wantPieces) || p1.Stored != 0 {
		t.Errorf("problem 1: %+v", p1)
	}
	if got.Comment != "A tiny demonstration file." || !got.CommentPopup {
		t.Errorf("comment %q popup %v", got.Comment, got.CommentPopup)
	}
}

func TestInfoErrors(t *testing.T) {
	code, _, errOut := burrRun("info")
	oneLineError(t, code, errOut, "usage: burr info [-analyse] FILE")
	code, _, errOut = burrRun("info", filepath.Join(t.TempDir(), "missing.xmpuzzle"))
	oneLineError(t, code, errOut, "missing.xmpuzzle")
	bad := writeTemp(t, "bad.xmpuzzle", "<puzzle version=\"2\">\n<shapes><voxel x=\"2\" y=\"1\" z=\"1\" type=\"0\">#</voxel></shapes></puzzle>")
	code, _, errOut = burrRun("info", bad)
	oneLineError(t, code, errOut, "bad.xmpuzzle: line 2: shape 0: voxel string: 1 cells, the space has 2")
}

func TestInfoAnalyse(t *testing.T) {
	code, out, errOut := burrRun("info", "-analyse", workedExample)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var got infoPuzzle
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	// BurrTools' shape information window (measured) says: no shape is
	// identical to another, all are connected, without holes, millable
	// and notchable, with 1, 2, 8 and 24 rotations and a mirror symmetry.
	for i, s := range got.Shapes {
		a := s.Analysis
		if a == nil || a.Filled != s.Filled || a.Variable != s.Variable || a.Millable == nil || a.Symmetry == nil {
			t.Fatalf("shape %d: analysis %+v", i, a)
		}
		if a.SameAsMirror != -1 || !a.ByFace || a.Holes2D || !*a.Millable || !*a.Notchable {
			t.Errorf("shape %d: analysis %+v", i, a)
		}
		if rot := []int{1, 2, 8, 24}[i]; a.Symmetry.Rotations != rot || !a.Symmetry.Mirror {
			t.Errorf("shape %d: symmetry %+v, want %d rotations and a mirror", i, a.Symmetry, rot)
		}
	}
	_, plain, _ := burrRun("info", workedExample)
	if strings.Contains(plain, `"analysis"`) {
		t.Error("info without -analyse prints the analysis")
	}
}
