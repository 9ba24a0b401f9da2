package xmpuzzle

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/burrlab/burrlab/model"
	"github.com/burrlab/burrlab/model/grid"
)

// writeXML returns the XML that Write compresses.
func writeXML(t *testing.T, p *model.Puzzle) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := Write(&buf, p); err != nil {
		t.Fatalf("Write: %v", err)
	}
	zr, err := gzip.NewReader(&buf)
	if err != nil {
		t.Fatalf("Write did not produce gzip: %v", err)
	}
	out, err := io.ReadAll(zr)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

func readString(t *testing.T, s string) *model.Puzzle {
	t.Helper()
	p, err := Read(strings.NewReader(s))
	if err != nil {
		t.Fatalf("Read: %v", err)
	}
	return p
}

// The worked example of xmpuzzle-format.md §14: BurrTools 0.7.1 writes it
// back byte for byte, and so must we.
func TestWorkedExampleRoundTripsByteForByte(t *testing.T) {
	want, err := os.ReadFile("testdata/worked-example.xml")
	if err != nil {
		t.Fatal(err)
	}
	p := readString(t, string(want))
	got := writeXML(t, p)
	if !bytes.Equal(got, want) {
		t.Errorf("written XML differs from the golden file:\n%s", firstDiff(got, want))
	}
}

// firstDiff shows the first differing line of two texts.
func firstDiff(got, want []byte) string {
	g, w := strings.Split(string(got), "\n"), strings.Split(string(want), "\n")
	for i := 0; i < len(g) || i < len(w); i++ {
		var gl, wl string
		if i < len(g) {
			gl = g[i]
		}
		if i < len(w) {
			wl = w[i]
		}
		if gl != wl {
			return fmt.Sprintf("line %d:\n got  %s\n want %s", i+1, gl, wl)
		}
	}
	return "(same lines)"
}

// What the worked example means, element by element (§14's walk-through).
func TestWorkedExampleContent(t *testing.T) {
	data, err := os.ReadFile("testdata/worked-example.xml")
	if err != nil {
		t.Fatal(err)
	}
	p := readString(t, string(data))
	if p.Grid != grid.Cubes || len(p.Colors) != 1 || p.Colors[0].R != 200 || p.Colors[0].G != 30 || p.Colors[0].B != 30 {
		t.Errorf("grid %v colours %v", p.Grid, p.Colors)
	}
	if !p.CommentPopup || p.Comment != "A tiny demonstration file." {
		t.Errorf("comment %q popup %v", p.Comment, p.CommentPopup)
	}
	tray := p.Shapes[0]
	if tray.Name != "Tray" || tray.Size != (grid.Vec{3, 2, 1}) || tray.Weight != 1 {
		t.Errorf("tray: %+v", tray)
	}
	wantTray := []model.Voxel{model.MakeVoxel(model.Filled, 1), model.MakeVoxel(model.Filled, 0), model.MakeVoxel(model.Variable, 0),
		model.MakeVoxel(model.Filled, 0), model.MakeVoxel(model.Filled, 0), model.MakeVoxel(model.Filled, 0)}
	if !reflect.DeepEqual(tray.Voxels, wantTray) {
		t.Errorf("tray voxels %v, want %v", tray.Voxels, wantTray)
	}
	if p.Shapes[3].Weight != 2 || p.Shapes[2].Name != "" {
		t.Errorf("monomino weight %d, domino name %q", p.Shapes[3].Weight, p.Shapes[2].Name)
	}

	pr := p.Problems[0]
	if pr.Name != "Fill the tray" || pr.State != model.Solved || pr.NumAssemblies != 14 || pr.NumSolutions != 14 || pr.MaxHoles != -1 || pr.Result != 0 {
		t.Errorf("problem 0 header: %+v", pr)
	}
	wantParts := []model.Part{{Shape: 1, Min: 1, Max: 1}, {Shape: 2, Min: 1, Max: 1}, {Shape: 3, Min: 0, Max: 1}}
	if !reflect.DeepEqual(pr.Parts, wantParts) {
		t.Errorf("parts %+v", pr.Parts)
	}
	if !reflect.DeepEqual(pr.ColorRules, []model.ColorRule{{Piece: 1, Result: 1}}) {
		t.Errorf("colour rules %+v", pr.ColorRules)
	}
	if len(pr.Solutions) != 3 {
		t.Fatalf("%d solutions", len(pr.Solutions))
	}
	s0 := pr.Solutions[0]
	if s0.AsmNum != 3 || s0.SolNum != 3 || !reflect.DeepEqual(s0.Assembly, model.Assembly{{Pos: grid.Vec{0, 0, 0}}, {Pos: grid.Vec{1, 1, 0}}, {Orient: model.Unplaced}}) {
		t.Errorf("solution 0: %+v", s0)
	}
	if d := s0.Disassembly; d.Level() != "1" || d.TotalMoves() != 1 || d.States[1][1] != (grid.Vec{20001, 1, 0}) {
		t.Errorf("solution 0 disassembly: level %s moves %d states %v", d.Level(), d.TotalMoves(), d.States)
	}
	s1 := pr.Solutions[1]
	if d := s1.Disassembly; d.Level() != "1" || d.TotalMoves() != 2 || d.Removed == nil || d.Left != nil || d.Removed.States[0][0] != (grid.Vec{1, 0, 0}) {
		t.Errorf("solution 1 disassembly: %+v", d)
	}
	if s1.Assembly[1].Orient != 16 {
		t.Errorf("solution 1: domino orientation %d", s1.Assembly[1].Orient)
	}
	s2 := pr.Solutions[2]
	if d := s2.Disassembly; !d.Outline() || d.NumStates != 2 || d.Left == nil || d.Left.NumStates != 2 || d.Removed != nil || d.TotalMoves() != 2 || d.Level() != "1" {
		t.Errorf("solution 2 outline: %+v", d)
	}

	pr = p.Problems[1]
	wantParts = []model.Part{
		{Shape: 1, Min: 1, Max: 1, Groups: []model.GroupCount{{Group: 1, Count: 1}}},
		{Shape: 2, Min: 1, Max: 1, Groups: []model.GroupCount{{Group: 1, Count: 1}, {Group: 2, Count: 1}}},
		{Shape: 3, Min: 0, Max: 1},
	}
	if pr.State != model.Unsolved || pr.MaxHoles != 1 || !reflect.DeepEqual(pr.Parts, wantParts) || len(pr.ColorRules) != 0 {
		t.Errorf("problem 1: %+v", pr)
	}
}

// TestWriteFileFast: the fast-compressed file holds the same XML as
// WriteFile's, so it reads back the same.
func TestWriteFileFast(t *testing.T) {
	want, err := os.ReadFile("testdata/worked-example.xml")
	if err != nil {
		t.Fatal(err)
	}
	p := readString(t, string(want))
	name := t.TempDir() + "/fast.xmpuzzle"
	if err := WriteFileFast(name, p); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		t.Fatalf("WriteFileFast did not produce gzip: %v", err)
	}
	got, err := io.ReadAll(zr)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("fast-compressed XML differs from the golden file:\n%s", firstDiff(got, want))
	}
}
