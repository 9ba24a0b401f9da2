package ui

import (
	"fmt"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"

	"github.com/burrlab/burrlab/solver/movement"
)

// The movement browser's States pane lists every state reached, depth
// first, one row each. It is a list rather than a tree: a tree indents
// each level by a fixed step, so a path 40 moves deep put its labels far
// right of the pane and the rows looked blank. Here the indentation stops
// at statesMaxIndent levels and every row starts with its depth, so a
// state 40 moves deep reads "40. piece 2 +X" at the pane's left edge.
// A row that starts another branch (not the first child of its parent)
// is marked "↳", so that where paths fork stays visible past the cap.

// statesMaxIndent is how many levels the list indents before it shows
// depth by the number alone.
const statesMaxIndent = 6

// stateList is the States pane's data and list.
type stateList struct {
	m     *movement.Model
	order []*movement.Node // the rows: the tree depth first
	row   []int            // row[id]: node id's row
	depth []int            // depth[id]: moves from the assembled state
	list  *widget.List
}

// newStateList makes the list of m's states; label describes the move
// that reached a node, selected is called when the user picks a row.
func newStateList(m *movement.Model, label func(*movement.Node) string, selected func(*movement.Node)) *stateList {
	s := &stateList{m: m}
	s.list = widget.NewList(
		func() int { return len(s.order) },
		func() fyne.CanvasObject { return widget.NewLabel("") },
		func(i widget.ListItemID, o fyne.CanvasObject) {
			if i >= 0 && i < len(s.order) {
				o.(*widget.Label).SetText(s.text(s.order[i], label(s.order[i])))
			}
		})
	s.list.OnSelected = func(i widget.ListItemID) {
		if i >= 0 && i < len(s.order) {
			selected(s.order[i])
		}
	}
	s.update()
	return s
}

// update brings the rows up to date with the model: new states are
// inserted after their siblings' subtrees. It does nothing when no state
// was added (moves back to a known state), and otherwise walks the tree
// once, which takes about a millisecond for the model's 100,000 states.
func (s *stateList) update() {
	n := s.m.Len()
	if n == len(s.order) {
		return
	}
	for id := len(s.depth); id < n; id++ {
		d := 0
		if p := s.m.Node(id).Parent; p != nil {
			d = s.depth[p.ID] + 1
		}
		s.depth = append(s.depth, d)
	}
	s.order = s.order[:0]
	s.row = make([]int, n)
	// Iterative: a path can be thousands of moves deep.
	stack := []*movement.Node{s.m.Root()}
	for len(stack) > 0 {
		nd := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		s.row[nd.ID] = len(s.order)
		s.order = append(s.order, nd)
		for i := len(nd.Children) - 1; i >= 0; i-- {
			stack = append(stack, nd.Children[i])
		}
	}
}

// text is the row of node n whose move is described by move.
func (s *stateList) text(n *movement.Node, move string) string {
	d := s.depth[n.ID]
	mark := ""
	if p := n.Parent; p != nil && p.Children[0] != n {
		mark = "↳ "
	}
	return fmt.Sprintf("%s%s%d. %s", strings.Repeat("   ", min(d, statesMaxIndent)), mark, d, move)
}

// show selects and scrolls to node n's row without calling selected.
func (s *stateList) show(n *movement.Node) {
	s.update()
	s.list.Refresh()
	r := s.row[n.ID]
	on := s.list.OnSelected
	s.list.OnSelected = nil
	s.list.Select(r)
	s.list.OnSelected = on
	s.list.ScrollTo(r)
}
