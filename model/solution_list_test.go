package model

import (
	"slices"
	"testing"

	"github.com/burrlab/burrlab/model/grid"
)

// listProblem has one part of two pieces (0..2 used) and five solutions
// #1..#5; #2 and #4 have no disassembly, #3 uses one piece.
func listProblem() *Problem {
	pr := &Problem{Parts: []Part{{Shape: 0, Min: 0, Max: 2}}}
	two := Assembly{{Pos: grid.Vec{0, 0, 0}}, {Pos: grid.Vec{1, 0, 0}}}
	sep := &Separation{Pieces: []int{0, 1}, States: [][]grid.Vec{{{0, 0, 0}, {1, 0, 0}}, {{0, 0, 0}, {20001, 0, 0}}}}
	for k := 0; k < 5; k++ {
		s := Solution{AsmNum: k, Assembly: two}
		if k%2 == 0 {
			s.Disassembly = sep
		}
		if k == 2 {
			s.Assembly = Assembly{{Pos: grid.Vec{0, 0, 0}}, {Orient: Unplaced}}
			s.Disassembly = nil
		}
		pr.Solutions = append(pr.Solutions, s)
	}
	return pr
}

func asmNums(sols []Solution) []int {
	var out []int
	for _, s := range sols {
		out = append(out, s.AsmNum)
	}
	return out
}

func TestDeleteSolutionRanges(t *testing.T) {
	// The list shows the solutions in the order 4, 0, 3, 1, 2 (indices);
	// solution index 3 (#4) is selected.
	order := []int{4, 0, 3, 1, 2}
	for _, c := range []struct {
		r    SolutionRange
		want []int // AsmNums left, in stored order
	}{
		{AllSolutions, nil},
		{BeforeSelected, []int{1, 2, 3}},
		{AtSelected, []int{0, 1, 2, 4}},
		{AfterSelected, []int{0, 3, 4}},
		{WithoutDisassembly, []int{0, 4}},
	} {
		pr := listProblem()
		old := pr.Solutions
		mark, err := MarkSolutions(pr.Solutions, order, 3, c.r)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := pr.DeleteSolutions(mark); err != nil {
			t.Fatal(err)
		}
		if got := asmNums(pr.Solutions); !slices.Equal(got, c.want) {
			t.Errorf("range %d leaves %v, want %v", c.r, got, c.want)
		}
		if !slices.Equal(asmNums(old), []int{0, 1, 2, 3, 4}) {
			t.Errorf("range %d changed the old slice, which undo shares", c.r)
		}
	}
}

func TestMarkSolutionsErrors(t *testing.T) {
	pr := listProblem()
	order := []int{0, 1, 2, 3, 4}
	if _, err := MarkSolutions(pr.Solutions, order, -1, BeforeSelected); err == nil {
		t.Error("before with no selection: no error")
	}
	if _, err := MarkSolutions(pr.Solutions, order[:3], 0, AtSelected); err == nil {
		t.Error("a short order: no error")
	}
	if _, err := MarkSolutions(pr.Solutions, []int{0, 1, 2, 3, 9}, 0, AfterSelected); err == nil {
		t.Error("an order naming solution 9 of 5: no error")
	}
	if _, err := pr.DeleteSolutions(make([]bool, 2)); err == nil {
		t.Error("2 marks for 5 solutions: no error")
	}
	if n, err := pr.DeleteSolutions(make([]bool, 5)); n != 0 || err != nil || len(pr.Solutions) != 5 {
		t.Errorf("deleting nothing: %d, %v", n, err)
	}
}

func TestOutlineKeepsLevelAndMoves(t *testing.T) {
	full := &Separation{Pieces: []int{0, 1, 2}, States: make([][]grid.Vec, 4),
		Left: &Separation{Pieces: []int{0, 1}, States: make([][]grid.Vec, 3)}}
	o := OutlineOf(full)
	if !o.Outline() || !o.Left.Outline() || o.Removed != nil {
		t.Fatalf("outline %+v", o)
	}
	if o.Level() != full.Level() || o.TotalMoves() != full.TotalMoves() || !slices.Equal(o.LevelCounts(), full.LevelCounts()) {
		t.Errorf("outline level %s moves %d, full %s %d", o.Level(), o.TotalMoves(), full.Level(), full.TotalMoves())
	}
	if OutlineOf(o) != o || OutlineOf(nil) != nil {
		t.Error("an outline's outline is not itself")
	}
}

func TestSetDisassemblies(t *testing.T) {
	pr := listProblem()
	old := pr.Solutions
	set := []bool{true, true, false, false, false}
	seps := []*Separation{OutlineOf(old[0].Disassembly), old[0].Disassembly, nil, nil, nil}
	n, err := pr.SetDisassemblies(set, seps)
	if err != nil || n != 2 {
		t.Fatalf("changed %d, %v", n, err)
	}
	if !pr.Solutions[0].Disassembly.Outline() || pr.Solutions[1].Disassembly != old[0].Disassembly || pr.Solutions[4].Disassembly != old[4].Disassembly {
		t.Error("the disassemblies were not set as asked")
	}
	if old[1].Disassembly != nil || old[0].Disassembly.Outline() {
		t.Error("the old slice, which undo shares, changed")
	}
	// A disassembly that does not fit the assembly is refused.
	bad := []*Separation{{Pieces: []int{0, 1, 5}, States: [][]grid.Vec{{}}}, nil, nil, nil, nil}
	if _, err := pr.SetDisassemblies([]bool{true, false, false, false, false}, bad); err == nil {
		t.Error("a disassembly naming slot 5 of 2 was stored")
	}
}

// TestSetDisassembliesCounts: once every assembly found is stored, taking
// them apart sets the problem's solution count and the solutions'
// numbers; with some not stored the count stays as the search left it.
func TestSetDisassembliesCounts(t *testing.T) {
	for _, found := range []uint64{5, 9} {
		pr := listProblem()
		pr.NumAssemblies, pr.NumSolutions = found, 0
		sep := pr.Solutions[0].Disassembly
		set := []bool{false, true, false, false, false}
		if _, err := pr.SetDisassemblies(set, []*Separation{nil, sep, nil, nil, nil}); err != nil {
			t.Fatal(err)
		}
		var nums []int
		for _, s := range pr.Solutions {
			if s.Disassembly != nil {
				nums = append(nums, s.SolNum)
			}
		}
		switch {
		case found == 5 && (pr.NumSolutions != 3 || !slices.Equal(nums, []int{0, 1, 2})):
			t.Errorf("all 5 stored: %d solutions, numbered %v; want 3, 0..2", pr.NumSolutions, nums)
		case found == 9 && pr.NumSolutions != 0:
			t.Errorf("5 of 9 stored: the count became %d", pr.NumSolutions)
		}
	}
}

func TestPiecesUsedAndOrder(t *testing.T) {
	pr := &Problem{Parts: []Part{{Shape: 0, Min: 1, Max: 2}, {Shape: 1, Min: 0, Max: 1}}}
	if !pr.HasRanges() {
		t.Error("1..2 is a range")
	}
	u := Placement{}
	n := Placement{Orient: Unplaced}
	a := Assembly{u, n, u}
	b := Assembly{u, u, n}
	if got := pr.PiecesUsed(a); !slices.Equal(got, []int{1, 1}) {
		t.Errorf("pieces used %v", got)
	}
	if got := pr.PiecesUsed(b); !slices.Equal(got, []int{2, 0}) {
		t.Errorf("pieces used %v", got)
	}
	if ComparePieces(b, a) != -1 || ComparePieces(a, b) != 1 || ComparePieces(a, a) != 0 {
		t.Error("the assembly using slot 1 must come first")
	}
	if (&Problem{Parts: []Part{{Min: 2, Max: 2}}}).HasRanges() {
		t.Error("2..2 is no range")
	}
}
