package cli

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/burrlab/burrlab/internal/puzzles"
	"github.com/burrlab/burrlab/model"
	"github.com/burrlab/burrlab/model/grid"
	"github.com/burrlab/burrlab/model/xmpuzzle"
	"github.com/burrlab/burrlab/solver/explain"
)

// rows builds a one-layer cube shape from rows of '#'.
func rows(name string, rs ...string) model.Shape { return puzzles.Layers(name, rs) }

// explainFile writes a puzzle of two problems to a file: problem 0 has a
// result cell apart from the rest that the two dominoes never reach,
// problem 1 is a 2x2 square, which they fill.
func explainFile(t *testing.T) string {
	p := &model.Puzzle{Grid: grid.Cubes, Shapes: []model.Shape{
		rows("domino", "##"),
		rows("tray", "###", "...", "#.."),
		rows("row", "##", "##"),
	}}
	for _, res := range []int{1, 2} {
		pr := model.NewProblem("")
		pr.Result = res
		pr.Parts = []model.Part{{Shape: 0, Min: 2, Max: 2}}
		p.Problems = append(p.Problems, pr)
	}
	path := filepath.Join(t.TempDir(), "e.xmpuzzle")
	if err := xmpuzzle.WriteFile(path, p); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestExplainText(t *testing.T) {
	path := explainFile(t)
	code, out, errOut := burrRun("explain", path)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, want := range []string{"cannot be solved", "No piece can cover 1 filled cell", "(0,2,0)"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	code, out, _ = burrRun("explain", "-problem", "1", path)
	if code != 0 || !strings.Contains(out, "can be solved") {
		t.Errorf("problem 1: exit %d\n%s", code, out)
	}
}

func TestExplainJSON(t *testing.T) {
	code, out, errOut := burrRun("explain", "-json", "-timeout", "3s", explainFile(t))
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var r explain.Report
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if r.Solvable || !r.Unsolvable || len(r.Findings) != 1 {
		t.Fatalf("report %+v", r)
	}
	f := r.Findings[0]
	if f.Kind != explain.UncoveredCells || !f.Blocking || len(f.Cells) != 1 || f.Cells[0] != (grid.Vec{0, 2, 0}) {
		t.Errorf("finding %+v", f)
	}
	if !strings.Contains(out, `"kind": "uncovered-cells"`) || !strings.Contains(out, `"cells": [`) {
		t.Errorf("JSON names:\n%s", out)
	}
}

// TestExplainTimeout: the 6x6 board without two opposite corners and 17
// dominoes as separate pieces: -timeout stops the searches on time and the
// output says so.
func TestExplainTimeout(t *testing.T) {
	path := boardFile(t)
	start := time.Now()
	code, out, errOut := burrRun("explain", "-timeout", "600ms", path)
	if took := time.Since(start); took > 2*time.Second {
		t.Errorf("took %v with -timeout 600ms", took)
	}
	if code != 0 || !strings.Contains(out, "time limit") || !strings.Contains(out, "ran out of time") {
		t.Errorf("exit %d, %s\n%s", code, errOut, out)
	}
}

// boardFile writes the mutilated chessboard: 31 separate dominoes, 2^31
// sets of them, far more than any machine tries in seconds.
func boardFile(t *testing.T) string {
	p := &model.Puzzle{Grid: grid.Cubes}
	pr := model.NewProblem("board")
	for i := 0; i < 31; i++ {
		p.Shapes = append(p.Shapes, rows("", "##"))
		pr.Parts = append(pr.Parts, model.Part{Shape: i, Min: 1, Max: 1})
	}
	p.Shapes = append(p.Shapes, rows("board", ".#######", "########", "########", "########", "########", "########", "########", "#######."))
	pr.Result = 31
	p.Problems = []model.Problem{pr}
	path := filepath.Join(t.TempDir(), "board.xmpuzzle")
	if err := xmpuzzle.WriteFile(path, p); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestExplainErrors(t *testing.T) {
	path := explainFile(t)
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"-problem", "2", path}, "problem 2: the file has problems 0 to 1"},
		{[]string{"-problem", "-1", path}, "problem -1: the file has problems 0 to 1"},
		{[]string{"-timeout", "soon", path}, "invalid value"},
		{[]string{"-timeout", "-1s", path}, "give a positive duration"},
		{[]string{"-timeout", "0s", path}, "give a positive duration"},
		{[]string{writeTemp(t, "bad.xmpuzzle", "not a puzzle")}, "burr explain:"},
		{[]string{filepath.Join(t.TempDir(), "missing.xmpuzzle")}, "no such file"},
	} {
		code, _, errOut := burrRun(append([]string{"explain"}, tc.args...)...)
		if code == 0 || !strings.Contains(errOut, tc.want) {
			t.Errorf("%v: exit %d, stderr %q; want failure mentioning %q", tc.args, code, errOut, tc.want)
		}
	}
	code, _, errOut := burrRun("explain")
	if code == 0 || !strings.Contains(errOut, "expected one puzzle file") {
		t.Errorf("no file: exit %d, %q", code, errOut)
	}
}
