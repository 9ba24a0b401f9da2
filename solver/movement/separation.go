package movement

import (
	"fmt"
	"slices"

	"github.com/burrlab/burrlab/model"
	"github.com/burrlab/burrlab/model/grid"
)

// Disassembly converts the path from the root to n into the model's
// disassembly tree. Every piece must stand alone in n, and no state on
// the path may have pieces overlapping. Each separation lists the moves
// its pieces made before they split; consecutive moves of one group in
// one direction form a single move of several units, as the disassembler
// counts them. Groups the problem lets stay together need not come apart
// (see Apart). The result passes model.CheckDisassembly.
func (m *Model) Disassembly(n *Node) (*model.Separation, error) {
	if !m.Apart(n) {
		return nil, fmt.Errorf("the puzzle is not apart yet: take out every piece first")
	}
	path := Path(n)
	for _, s := range path {
		if s.overlap {
			return nil, fmt.Errorf("pieces overlap on the way (state %d): a disassembly cannot pass through them", s.ID)
		}
	}
	all := make([]int, len(m.slots))
	for j := range all {
		all[j] = j
	}
	return m.separation(path, all, 1)
}

// separation builds the node for the pieces of group (piece numbers),
// which hang together from path[from-1] on: their moves from path[from],
// up to the one that takes a part of them out.
func (m *Model) separation(path []*Node, group []int, from int) (*model.Separation, error) {
	if len(group) < 2 {
		return nil, nil
	}
	// A group that may stay together and did not move has no node; one
	// that was taken apart anyway has its separation.
	sep := &model.Separation{}
	for _, j := range group {
		sep.Pieces = append(sep.Pieces, m.slots[j])
	}
	state := func(n *Node) []grid.Vec {
		st := make([]grid.Vec, len(group))
		for i, j := range group {
			st[i] = n.Pos[j]
		}
		return st
	}
	sep.States = append(sep.States, state(path[from-1]))
	var last *Move
	for i := from; i < len(path); i++ {
		mv := &path[i].Move
		if !inside(mv.Group, group) {
			continue
		}
		if mv.Removal {
			// The final state: the group far away in the removal's
			// direction, the rest where they were.
			prev := sep.States[len(sep.States)-1]
			st := slices.Clone(prev)
			var removed, left []int
			for k, j := range group {
				if slices.Contains(mv.Group, j) {
					st[k] = prev[k].Add(mv.Dir.Scale(model.RemoveDistance))
					removed = append(removed, j)
				} else {
					left = append(left, j)
				}
			}
			sep.States = append(sep.States, st)
			var err error
			if sep.Removed, err = m.separation(path, removed, i+1); err != nil {
				return nil, err
			}
			if sep.Left, err = m.separation(path, left, i+1); err != nil {
				return nil, err
			}
			return sep, nil
		}
		if last != nil && slices.Equal(last.Group, mv.Group) && last.Dir == mv.Dir {
			sep.States[len(sep.States)-1] = state(path[i])
		} else {
			sep.States = append(sep.States, state(path[i]))
		}
		last = mv
	}
	if m.together(group) {
		return nil, nil
	}
	return nil, fmt.Errorf("pieces %v never come apart", slotsOf(m, group))
}

// inside reports whether every element of a is in b.
func inside(a, b []int) bool {
	for _, x := range a {
		if !slices.Contains(b, x) {
			return false
		}
	}
	return true
}

func slotsOf(m *Model, group []int) []int {
	out := make([]int, len(group))
	for i, j := range group {
		out[i] = m.slots[j]
	}
	return out
}
