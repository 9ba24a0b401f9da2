package model

import (
	"fmt"
	"strconv"

	"github.com/burrlab/burrlab/model/grid"
)

// Unplaced is the orientation of a piece slot left out of an assembly (an
// optional piece of a range).
const Unplaced = -1

// Placement puts one piece: its hotspot at Pos, turned by orientation Orient
// (a proper orientation of the grid), or Unplaced.
type Placement struct {
	Pos    grid.Vec
	Orient int
}

// Placed reports whether the slot is used.
func (p Placement) Placed() bool { return p.Orient != Unplaced }

// Assembly holds one placement per piece slot.
type Assembly []Placement

// Solution is a stored assembly, perhaps with how it comes apart.
type Solution struct {
	AsmNum int // 0-based ordinal among all assemblies found
	SolNum int // 0-based ordinal among those that came apart
	Assembly
	// Disassembly is nil when none was computed or kept.
	Disassembly *Separation
}

// Clone returns a deep copy.
func (s *Solution) Clone() Solution {
	c := *s
	c.Assembly = append(Assembly(nil), s.Assembly...)
	c.Disassembly = s.Disassembly.Clone()
	return c
}

// Validate checks the solution against the problem's slot count.
func (s *Solution) Validate(slots int) error {
	if len(s.Assembly) != slots {
		return fmt.Errorf("%d placements for %d piece slots", len(s.Assembly), slots)
	}
	if s.Disassembly == nil {
		return nil
	}
	placed := 0
	for _, p := range s.Assembly {
		if p.Placed() {
			placed++
		}
	}
	return s.Disassembly.validate(s.Assembly, placed, 0)
}

// Separation is one node of a disassembly tree: how a set of pieces splits
// into two groups. Its states run from the start position through every
// move to the one that takes a group away; in the last state the removed
// pieces are far off (|coordinate| > RemovedBeyond). The two groups come
// apart further in Removed and Left; a group of one piece, or one accepted
// as a stuck group, has no child.
type Separation struct {
	Pieces []int // piece slots; column j of every state is Pieces[j]
	// States[s][j] is the position of Pieces[j] in state s, in the
	// assembly's frame. It is nil when only the outline was stored
	// (<separationInfo>); NumStates then holds the count.
	States    [][]grid.Vec
	NumStates int
	Removed   *Separation
	Left      *Separation
}

// RemovedBeyond: a piece whose coordinate exceeds this in a separation's
// last state has been taken away.
const RemovedBeyond = 10000

// RemoveDistance is how far writers move removed pieces: prev + 20000*d.
const RemoveDistance = 20000

// Clone returns a deep copy of the tree.
func (s *Separation) Clone() *Separation {
	if s == nil {
		return nil
	}
	c := *s
	c.Pieces = append([]int(nil), s.Pieces...)
	if s.States != nil {
		c.States = make([][]grid.Vec, len(s.States))
		for i, st := range s.States {
			c.States[i] = append([]grid.Vec(nil), st...)
		}
	}
	c.Removed = s.Removed.Clone()
	c.Left = s.Left.Clone()
	return &c
}

// Outline reports whether only the tree shape and state counts are known.
func (s *Separation) Outline() bool { return s.States == nil }

// Moves returns the moves of this node: states - 1. The final removal
// counts as a move.
func (s *Separation) Moves() int {
	if s.States != nil {
		return len(s.States) - 1
	}
	return s.NumStates - 1
}

// TotalMoves sums the moves of the whole tree.
func (s *Separation) TotalMoves() int {
	if s == nil {
		return 0
	}
	return s.Moves() + s.Left.TotalMoves() + s.Removed.TotalMoves()
}

// Level returns the level string, such as "5.2.1": this node's moves, then
// the levels of the left and the removed subtrees that hold a node of more
// than one move (xmpuzzle-format.md §8.10).
func (s *Separation) Level() string {
	b, _ := s.appendLevel(nil)
	return string(b)
}

// appendLevel appends the level string and reports whether the tree has a
// node of more than one move. A child's part is appended tentatively and
// cut off again when the child has none, so that every node is visited
// once (asking at every level whether a subtree has one took quadratic
// time on a deep tree).
func (s *Separation) appendLevel(b []byte) ([]byte, bool) {
	b = strconv.AppendInt(b, int64(s.Moves()), 10)
	multi := s.Moves() > 1
	for _, c := range []*Separation{s.Left, s.Removed} {
		if c == nil {
			continue
		}
		mark := len(b)
		var m bool
		if b, m = c.appendLevel(append(b, '.')); m {
			multi = true
		} else {
			b = b[:mark]
		}
	}
	return b, multi
}

// LevelCounts flattens the tree's state counts in pre-order (node, left,
// removed): BurrTools' key for sorting solutions by level.
func (s *Separation) LevelCounts() []int {
	return s.appendLevelCounts(nil)
}

// appendLevelCounts appends to one slice; concatenating the children's
// slices at every level took quadratic memory on a deep tree.
func (s *Separation) appendLevelCounts(out []int) []int {
	if s == nil {
		return out
	}
	out = append(out, s.Moves()+1)
	out = s.Left.appendLevelCounts(out)
	return s.Removed.appendLevelCounts(out)
}

// RemovedIn reports whether column j is taken away in the last state.
func (s *Separation) RemovedIn(j int) bool {
	if len(s.States) == 0 {
		return false
	}
	p := s.States[len(s.States)-1][j]
	for _, c := range p {
		if c > RemovedBeyond || c < -RemovedBeyond {
			return true
		}
	}
	return false
}

// validate checks piece lists, state sizes and the split into children.
// Outline nodes (from <separationInfo>) know only their state count.
func (s *Separation) validate(a Assembly, want, depth int) error {
	if depth > len(a) {
		return fmt.Errorf("disassembly tree deeper than the piece count")
	}
	if s.States == nil {
		if s.NumStates < 1 || len(s.Pieces) != 0 {
			return fmt.Errorf("bad separation outline (%d states)", s.NumStates)
		}
		for _, c := range []*Separation{s.Removed, s.Left} {
			if c != nil {
				if err := c.validate(a, 0, depth+1); err != nil {
					return err
				}
			}
		}
		return nil
	}
	if len(s.Pieces) != want || want < 2 {
		return fmt.Errorf("separation lists %d pieces, want %d (at least 2)", len(s.Pieces), want)
	}
	seen := map[int]bool{}
	for _, p := range s.Pieces {
		if p < 0 || p >= len(a) || !a[p].Placed() || seen[p] {
			return fmt.Errorf("separation lists piece %d, which is not a distinct placed slot", p)
		}
		seen[p] = true
	}
	if len(s.States) < 1 {
		return fmt.Errorf("separation without states")
	}
	for _, st := range s.States {
		if len(st) != len(s.Pieces) {
			return fmt.Errorf("state with %d positions for %d pieces", len(st), len(s.Pieces))
		}
	}
	removed := 0
	for j := range s.Pieces {
		if s.RemovedIn(j) {
			removed++
		}
	}
	if removed == 0 || removed == len(s.Pieces) {
		return fmt.Errorf("last state removes %d of %d pieces", removed, len(s.Pieces))
	}
	if s.Removed != nil {
		if err := s.Removed.validate(a, removed, depth+1); err != nil {
			return fmt.Errorf("removed part: %w", err)
		}
	}
	if s.Left != nil {
		if err := s.Left.validate(a, len(s.Pieces)-removed, depth+1); err != nil {
			return fmt.Errorf("left part: %w", err)
		}
	}
	return nil
}
