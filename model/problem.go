package model

import (
	"fmt"
)

// SolveState says what the stored counters of a problem mean.
type SolveState int

// Solve states, numbered as in files.
const (
	Unsolved SolveState = 0 // nothing known
	Paused   SolveState = 1 // a search was started and paused
	Solved   SolveState = 2 // the search finished; counters are final
	Stale    SolveState = 3 // edited after solving; solutions kept, counters meaningless
)

// NoResult is Problem.Result when no result shape is chosen.
const NoResult = -1

// Problem is one task on the puzzle's shapes: build the result shape from
// the parts.
type Problem struct {
	Name   string
	Result int // index of the result shape, or NoResult
	Parts  []Part
	// ColorRules are the allowed (piece colour, result colour) pairs.
	ColorRules []ColorRule
	// MaxHoles limits the variable result cells left empty when piece
	// counts are ranges; -1 means no limit was set.
	MaxHoles int

	State         SolveState
	NumAssemblies uint64
	NumSolutions  uint64
	SolveTime     uint64 // seconds spent solving
	// Assembler is BurrTools' opaque resume state, kept only to be written
	// back unchanged while the problem stays paused and untouched.
	Assembler *AssemblerState
	Solutions []Solution
}

// Part says that a shape is used as a piece, Min to Max times.
type Part struct {
	Shape    int
	Min, Max int
	// Groups say which pieces may stay stuck together in a disassembly:
	// up to Count instances of this part may belong to Group.
	Groups []GroupCount
}

// GroupCount is one grouping entry of a part.
type GroupCount struct {
	Group int // >= 1
	Count int
}

// ColorRule allows piece cells of colour Piece in result cells of colour
// Result. Both are colour numbers as in shapes (1..63).
type ColorRule struct {
	Piece, Result int
}

// AssemblerState is BurrTools' paused-search dump, opaque to us.
type AssemblerState struct {
	Version string
	Data    string
}

// NewProblem returns a problem with no result and no hole limit.
func NewProblem(name string) Problem {
	return Problem{Name: name, Result: NoResult, MaxHoles: -1}
}

// Clone returns a deep copy.
func (pr *Problem) Clone() Problem {
	c := *pr
	c.Parts = make([]Part, len(pr.Parts))
	for i, p := range pr.Parts {
		p.Groups = append([]GroupCount(nil), p.Groups...)
		c.Parts[i] = p
	}
	c.ColorRules = append([]ColorRule(nil), pr.ColorRules...)
	if pr.Assembler != nil {
		a := *pr.Assembler
		c.Assembler = &a
	}
	c.Solutions = make([]Solution, len(pr.Solutions))
	for i := range pr.Solutions {
		c.Solutions[i] = pr.Solutions[i].Clone()
	}
	return c
}

// NumSlots returns the number of piece slots: the sum of every part's Max.
func (pr *Problem) NumSlots() int {
	n := 0
	for _, p := range pr.Parts {
		n += p.Max
	}
	return n
}

// SlotParts returns, for each piece slot, the index of its part. Slots are
// numbered part by part in order, Max slots each; assemblies and
// disassemblies address pieces by slot.
func (pr *Problem) SlotParts() []int {
	slots := make([]int, 0, pr.NumSlots())
	for i, p := range pr.Parts {
		for k := 0; k < p.Max; k++ {
			slots = append(slots, i)
		}
	}
	return slots
}

// Invalidate marks the stored counters as stale after an edit, as
// BurrTools does: solutions stay, the resume state goes.
func (pr *Problem) Invalidate() {
	pr.Assembler = nil
	switch pr.State {
	case Unsolved:
	case Paused, Solved:
		if len(pr.Solutions) == 0 {
			pr.State = Unsolved
			pr.NumAssemblies, pr.NumSolutions, pr.SolveTime = 0, 0, 0
		} else {
			pr.State = Stale
		}
	}
}

// Validate checks references to shapes and colours and the shape of every
// stored solution.
func (pr *Problem) Validate(p *Puzzle) error {
	if pr.Result != NoResult && (pr.Result < 0 || pr.Result >= len(p.Shapes)) {
		return fmt.Errorf("result shape %d does not exist", pr.Result)
	}
	for i, part := range pr.Parts {
		if part.Shape < 0 || part.Shape >= len(p.Shapes) {
			return fmt.Errorf("part %d: shape %d does not exist", i, part.Shape)
		}
		if part.Min < 0 || part.Min > part.Max {
			return fmt.Errorf("part %d: bad count range %d..%d", i, part.Min, part.Max)
		}
		for _, g := range part.Groups {
			if g.Group < 1 || g.Count < 0 {
				return fmt.Errorf("part %d: bad group %d (count %d)", i, g.Group, g.Count)
			}
		}
	}
	for _, c := range pr.ColorRules {
		if c.Piece < 1 || c.Result < 1 || c.Piece > MaxColor || c.Result > MaxColor {
			return fmt.Errorf("colour rule %d->%d: colours are numbered 1..%d", c.Piece, c.Result, MaxColor)
		}
	}
	if pr.State < Unsolved || pr.State > Stale {
		return fmt.Errorf("unknown solve state %d", pr.State)
	}
	slots := pr.NumSlots()
	for i := range pr.Solutions {
		if err := pr.Solutions[i].Validate(slots); err != nil {
			return fmt.Errorf("solution %d: %w", i, err)
		}
	}
	return nil
}
