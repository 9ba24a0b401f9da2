package model

import (
	"strings"
	"testing"

	"github.com/burrlab/burrlab/model/grid"
)

// rowPuzzle is a row of four cube cells (the third may stay empty) and
// three monominos, placed at x = 0, 1, 3.
func rowPuzzle() (*Puzzle, *Problem) {
	res := NewShape(grid.Vec{4, 1, 1})
	for x, st := range []State{Filled, Filled, Variable, Filled} {
		res.Set(grid.Vec{x, 0, 0}, MakeVoxel(st, 0))
	}
	mono := NewShape(grid.Vec{1, 1, 1})
	mono.Set(grid.Vec{}, MakeVoxel(Filled, 0))
	p := &Puzzle{Grid: grid.Cubes, Shapes: []Shape{res, mono}}
	pr := NewProblem("row")
	pr.Result = 0
	pr.Parts = []Part{{Shape: 1, Min: 3, Max: 3}}
	p.Problems = []Problem{pr}
	return p, &p.Problems[0]
}

// xs turns x coordinates into positions on the row.
func xs(x ...int) []grid.Vec {
	out := make([]grid.Vec, len(x))
	for i, v := range x {
		out[i] = grid.Vec{v, 0, 0}
	}
	return out
}

// rowSolution takes piece 0 out to the left, then piece 2 to the right.
func rowSolution() Solution {
	return Solution{
		Assembly: Assembly{{Pos: grid.Vec{0, 0, 0}}, {Pos: grid.Vec{1, 0, 0}}, {Pos: grid.Vec{3, 0, 0}}},
		Disassembly: &Separation{
			Pieces: []int{0, 1, 2},
			States: [][]grid.Vec{xs(0, 1, 3), xs(-20000, 1, 3)},
			Left: &Separation{
				Pieces: []int{1, 2},
				States: [][]grid.Vec{xs(1, 3), xs(1, 20003)},
			},
		},
	}
}

func TestCheckDisassembly(t *testing.T) {
	tests := []struct {
		name   string
		change func(s *Solution)
		want   string // "" for a valid disassembly
	}{
		{"valid", func(*Solution) {}, ""},
		{"piece moves through another", func(s *Solution) {
			// piece 0 jumps to the free cell x=2 over piece 1
			s.Disassembly.States = [][]grid.Vec{xs(0, 1, 3), xs(2, 1, 3), xs(2, 1, 20003)}
			s.Disassembly.Left = nil
		}, "piece 0 runs into piece 1 after 1 unit steps"},
		{"removal path blocked", func(s *Solution) {
			s.Disassembly.States = [][]grid.Vec{xs(0, 1, 3), xs(0, 20001, 3)}
			s.Disassembly.Left = nil
		}, "piece 1 runs into piece 2 after 2 unit steps"},
		{"two-step move into the gap", func(s *Solution) {
			// piece 2 steps left into x=2, then piece 0 leaves: valid
			s.Disassembly.States = [][]grid.Vec{xs(0, 1, 3), xs(0, 1, 2), xs(-20000, 1, 2)}
			s.Disassembly.Left.States = [][]grid.Vec{xs(1, 2), xs(1, 20002)}
		}, ""},
		{"wrong start", func(s *Solution) { s.Disassembly.States[0][1] = grid.Vec{1, 1, 0} }, "piece 1 starts at"},
		{"child starts elsewhere", func(s *Solution) { s.Disassembly.Left.States[0][0] = grid.Vec{5, 0, 0} }, "left part: piece 1 starts at"},
		{"child with the removed piece", func(s *Solution) { s.Disassembly.Left.Pieces = []int{0, 2} }, "left part: separation lists piece 0"},
		{"diagonal move", func(s *Solution) {
			s.Disassembly.States = [][]grid.Vec{xs(0, 1, 3), {{-1, 1, 0}, {1, 0, 0}, {3, 0, 0}}, {{-20000, 1, 0}, {1, 0, 0}, {3, 0, 0}}}
		}, "not along one of the grid's directions"},
		{"pieces move differently", func(s *Solution) {
			s.Disassembly.States = [][]grid.Vec{xs(0, 1, 3), xs(-1, 1, 4), xs(-20000, 1, 4)}
		}, "move differently"},
		{"nothing moves", func(s *Solution) {
			s.Disassembly.States = [][]grid.Vec{xs(0, 1, 3), xs(0, 1, 3), xs(-20000, 1, 3)}
		}, "no piece moves"},
		{"removed early", func(s *Solution) {
			s.Disassembly.States = [][]grid.Vec{xs(0, 1, 3), xs(-20000, 1, 3), xs(-20000, 1, 20003)}
			s.Disassembly.Left = nil
		}, "already taken away"},
		{"final move also shifts a kept piece", func(s *Solution) {
			s.Disassembly.Left.States = [][]grid.Vec{xs(1, 3), xs(0, 20003)}
		}, "exactly the removed pieces"},
		{"outline too big", func(s *Solution) {
			s.Disassembly = &Separation{NumStates: 2, Left: &Separation{NumStates: 2, Left: &Separation{NumStates: 2}}}
		}, "3 separations for 3 pieces"},
		{"outline", func(s *Solution) {
			s.Disassembly = &Separation{NumStates: 2, Left: &Separation{NumStates: 2}}
		}, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p, pr := rowPuzzle()
			s := rowSolution()
			tt.change(&s)
			if err := CheckAssembly(p, pr, s.Assembly); err != nil {
				t.Fatalf("the assembly itself is wrong: %v", err)
			}
			err := CheckDisassembly(p, pr, &s)
			switch {
			case tt.want == "" && err != nil:
				t.Errorf("unexpected error: %v", err)
			case tt.want != "" && (err == nil || !strings.Contains(err.Error(), tt.want)):
				t.Errorf("error %v, want it to mention %q", err, tt.want)
			}
		})
	}
}

// On the prism grid, moves go along its own directions: two prisms side by
// side along x are one "unit" of (2,0,0) apart.
func TestCheckDisassemblyPrisms(t *testing.T) {
	res := NewShape(grid.Vec{2, 1, 1})
	res.Set(grid.Vec{0, 0, 0}, MakeVoxel(Filled, 0))
	res.Set(grid.Vec{1, 0, 0}, MakeVoxel(Filled, 0))
	a := NewShape(grid.Vec{1, 1, 1})
	a.Set(grid.Vec{}, MakeVoxel(Filled, 0))
	b := NewShape(grid.Vec{2, 1, 1})
	b.Set(grid.Vec{1, 0, 0}, MakeVoxel(Filled, 0))
	p := &Puzzle{Grid: grid.Prisms, Shapes: []Shape{res, a, b}}
	pr := NewProblem("")
	pr.Result = 0
	pr.Parts = []Part{{Shape: 1, Min: 1, Max: 1}, {Shape: 2, Min: 1, Max: 1}}
	p.Problems = []Problem{pr}
	sol := func(states ...[]grid.Vec) Solution {
		return Solution{
			Assembly:    Assembly{{Pos: grid.Vec{0, 0, 0}}, {Pos: grid.Vec{0, 0, 0}}},
			Disassembly: &Separation{Pieces: []int{0, 1}, States: append([][]grid.Vec{{{0, 0, 0}, {0, 0, 0}}}, states...)},
		}
	}
	if err := CheckAssembly(p, &p.Problems[0], sol().Assembly); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		name   string
		states [][]grid.Vec
		ok     bool
	}{
		{"straight up", [][]grid.Vec{{{0, 0, 0}, {0, 0, 20000}}}, true},
		{"along (-1,1,0)", [][]grid.Vec{{{0, 0, 0}, {-20000, 20000, 0}}}, true},
		{"along x", [][]grid.Vec{{{0, 0, 0}, {40000, 0, 0}}}, true},
		{"two steps along x", [][]grid.Vec{{{0, 0, 0}, {4, 0, 0}}, {{0, 0, 0}, {4, 0, 20000}}}, true},
		{"half a step along x", [][]grid.Vec{{{0, 0, 0}, {1, 0, 0}}, {{0, 0, 0}, {1, 0, 20000}}}, false},
		{"along (1,0,1)", [][]grid.Vec{{{0, 0, 0}, {2, 0, 2}}, {{0, 0, 0}, {2, 0, 20000}}}, false},
	} {
		s := sol(tt.states...)
		err := CheckDisassembly(p, &p.Problems[0], &s)
		if (err == nil) != tt.ok {
			t.Errorf("%s: error %v", tt.name, err)
		}
	}
}
