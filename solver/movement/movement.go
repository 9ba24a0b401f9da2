// Package movement moves the pieces of an assembly by hand: one piece or
// a group of pieces by one unit along a grid direction (the moves the
// disassembler uses), overlaps allowed but reported, or a group that can
// slide away for good taken out, as the disassembler removes it. Every
// state reached is a node of a tree; the path from the assembled puzzle
// to a state where every piece stands alone converts into the model's
// disassembly tree (model.Separation), ready to be stored with the
// solution.
//
// Only grids with unit moves (grid.Grid.Directions: cubes and prisms)
// can be browsed.
package movement

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/burrlab/burrlab/model"
	"github.com/burrlab/burrlab/model/grid"
)

// MaxWander bounds how far (in lattice units along any axis) a piece may
// be moved from where the assembly put it; it keeps positions far below
// model.RemovedBeyond, which marks pieces taken away.
const MaxWander = 1000

// MaxNodes bounds the states a tree keeps, so that a key held down cannot
// grow it without end.
const MaxNodes = 100000

// ErrNoMoves is returned for a grid without unit moves.
var ErrNoMoves = errors.New("the grid has no unit moves (only cube and prism puzzles can be taken apart by hand)")

// Model is an assembly whose pieces are moved by hand, with the tree of
// the states reached.
type Model struct {
	g     grid.Grid
	dirs  []grid.Vec
	asm   model.Assembly
	slots []int // the placed slots, in order; "piece j" is slots[j]
	// group[j] is the problem's group of piece j's part when that is the
	// part's only group entry, else 0 (see together).
	group []int
	cells [][]grid.Vec // cells[j]: piece j's filled cells with its position at the origin
	// away is how far a taken-out group is drawn from its component, in
	// units of the removal direction: more than the assembly's extent.
	away  int
	nodes []*Node
	seen  map[string]*Node
}

// Node is one state: where every piece is and which pieces still hang
// together. Positions are in the assembly's frame, per component: a group
// taken out keeps the positions it had just before, as the model's
// disassembly does (its pieces start there in their own separation).
type Node struct {
	ID       int
	Parent   *Node // nil for the assembled puzzle
	Move     Move  // how Parent became this state
	Children []*Node
	// Pos[j] is piece j's position (hotspot) within its component.
	Pos []grid.Vec
	// Comp[j] is piece j's component: the smallest piece number in it.
	Comp []int
	// Shift[j] is where piece j is drawn relative to Pos[j]: groups taken
	// out are drawn beside what they left.
	Shift []grid.Vec
	// overlap: two pieces of one component share a cell. Found once, when
	// the node is made, so that a path converts into a disassembly
	// without going over every cell of every state on it again (1.6 s
	// for 40 states of two 64x64x16 slabs), and never changed after, so
	// that the path can be read off the UI's goroutine.
	overlap bool
}

// Move is one step: a group of pieces (numbers into Model.Slots) moved
// by Dir, one unit move of the grid or its opposite, or with Removal
// taken out along Dir.
type Move struct {
	Group   []int
	Dir     grid.Vec
	Removal bool
}

// New prepares assembly a of problem pr of puzzle p. The root of the tree
// is the assembled puzzle.
func New(p *model.Puzzle, pr *model.Problem, a model.Assembly) (*Model, error) {
	g, err := p.GridOf()
	if err != nil {
		return nil, err
	}
	if g.Directions() == nil {
		return nil, ErrNoMoves
	}
	slots := pr.SlotParts()
	if len(a) != len(slots) {
		return nil, fmt.Errorf("%d placements for %d piece slots", len(a), len(slots))
	}
	m := &Model{g: g, dirs: g.Directions(), asm: slices.Clone(a), seen: map[string]*Node{}}
	root := &Node{}
	var lo, hi grid.Vec
	for slot, pl := range a {
		if !pl.Placed() {
			continue
		}
		part := pr.Parts[slots[slot]]
		if part.Shape < 0 || part.Shape >= len(p.Shapes) {
			return nil, fmt.Errorf("piece %d: shape %d does not exist", slot+1, part.Shape+1)
		}
		cells, err := model.PlacedCells(g, &p.Shapes[part.Shape], model.Placement{Orient: pl.Orient})
		if err != nil {
			return nil, fmt.Errorf("piece %d: %w", slot+1, err)
		}
		cs := make([]grid.Vec, len(cells))
		for i, c := range cells {
			cs[i] = c.Pos
			w := c.Pos.Add(pl.Pos)
			if len(m.slots) == 0 && i == 0 {
				lo, hi = w, w
			}
			for k := 0; k < 3; k++ {
				lo[k], hi[k] = min(lo[k], w[k]), max(hi[k], w[k])
			}
		}
		for _, x := range pl.Pos {
			if x > MaxWander || x < -MaxWander {
				return nil, fmt.Errorf("piece %d lies at %v, too far out to be moved", slot+1, pl.Pos)
			}
		}
		root.Pos = append(root.Pos, pl.Pos)
		root.Comp = append(root.Comp, 0)
		root.Shift = append(root.Shift, grid.Vec{})
		m.slots = append(m.slots, slot)
		grp := 0
		if len(part.Groups) == 1 {
			grp = part.Groups[0].Group
		}
		m.group = append(m.group, grp)
		m.cells = append(m.cells, cs)
	}
	if len(m.slots) < 2 {
		return nil, fmt.Errorf("the assembly places %d piece(s): nothing to take apart", len(m.slots))
	}
	for k := 0; k < 3; k++ {
		m.away = max(m.away, hi[k]-lo[k]+1)
	}
	m.away += 2
	m.add(root)
	return m, nil
}

// Grid returns the puzzle's grid.
func (m *Model) Grid() grid.Grid { return m.g }

// Slots returns the assembly slot of every piece: piece j is slot
// Slots()[j]. Unplaced slots have no piece.
func (m *Model) Slots() []int { return m.slots }

// Directions returns the grid's unit moves; each may be used either way.
func (m *Model) Directions() []grid.Vec { return m.dirs }

// Root returns the assembled puzzle.
func (m *Model) Root() *Node { return m.nodes[0] }

// Node returns node id, or nil.
func (m *Model) Node(id int) *Node {
	if id < 0 || id >= len(m.nodes) {
		return nil
	}
	return m.nodes[id]
}

// Len returns the number of states in the tree.
func (m *Model) Len() int { return len(m.nodes) }

// Cells returns piece j's filled cells where node n draws it: position
// and shift applied.
func (m *Model) Cells(n *Node, j int) []grid.Vec {
	out := make([]grid.Vec, len(m.cells[j]))
	d := n.Pos[j].Add(n.Shift[j])
	for i, c := range m.cells[j] {
		out[i] = c.Add(d)
	}
	return out
}

// key identifies a state: positions and components.
func key(pos []grid.Vec, comp []int) string {
	var b strings.Builder
	for j, p := range pos {
		for _, x := range p {
			b.WriteString(strconv.Itoa(x))
			b.WriteByte(',')
		}
		b.WriteString(strconv.Itoa(comp[j]))
		b.WriteByte(';')
	}
	return b.String()
}

func (m *Model) add(n *Node) {
	n.overlap = m.overlapping(n)
	n.ID = len(m.nodes)
	m.nodes = append(m.nodes, n)
	m.seen[key(n.Pos, n.Comp)] = n
	if n.Parent != nil {
		n.Parent.Children = append(n.Parent.Children, n)
	}
}

// unit returns whether d is a unit move of the grid or its opposite.
func (m *Model) unit(d grid.Vec) bool {
	for _, u := range m.dirs {
		if d == u || d == u.Neg() {
			return true
		}
	}
	return false
}

// Move moves group (piece numbers) by dir, one unit move, from state n
// and returns the state reached: an existing node when the tree has
// reached that state before, otherwise a new child of n. The group must
// be part of one component and not all of it. Pieces may be moved into
// each other (Overlaps reports it); a free group is not taken out by
// Move, only by TakeOut.
func (m *Model) Move(n *Node, group []int, dir grid.Vec) (*Node, error) {
	group, err := m.checkMove(n, group, dir)
	if err != nil {
		return nil, err
	}
	pos := slices.Clone(n.Pos)
	for _, j := range group {
		pos[j] = pos[j].Add(dir)
		for _, x := range pos[j].Sub(m.asm[m.slots[j]].Pos) {
			if x > MaxWander || x < -MaxWander {
				return nil, fmt.Errorf("piece %d would be more than %d units from where it started", m.slots[j]+1, MaxWander)
			}
		}
	}
	return m.reach(n, Move{Group: group, Dir: dir}, pos, n.Comp, n.Shift)
}

// TakeOut takes group out of its component along dir, as the disassembler
// removes a group: the group must be able to slide along dir for ever
// without meeting another piece (Free), and its component must have no
// overlaps. The component splits in two; the group keeps its positions
// (the model's disassembly starts its separation there) and is drawn
// beside what it left.
func (m *Model) TakeOut(n *Node, group []int, dir grid.Vec) (*Node, error) {
	group, err := m.checkMove(n, group, dir)
	if err != nil {
		return nil, err
	}
	c := n.Comp[group[0]]
	if m.overlapsIn(n, c) {
		return nil, fmt.Errorf("pieces overlap here: nothing can be taken out")
	}
	if !m.Free(n, group, dir) {
		return nil, fmt.Errorf("the pieces selected cannot slide out that way")
	}
	// Each removal on the path draws its group further out than the
	// one before, so that groups leaving in opposite directions from
	// nested components do not land on what they left.
	far := 1
	for p := n; p.Parent != nil; p = p.Parent {
		if p.Move.Removal {
			far++
		}
	}
	comp := slices.Clone(n.Comp)
	shift := slices.Clone(n.Shift)
	rest := -1
	for j := range comp {
		if comp[j] == c && !slices.Contains(group, j) && rest < 0 {
			rest = j
		}
	}
	for j := range comp {
		if comp[j] != c {
			continue
		}
		if slices.Contains(group, j) {
			comp[j] = group[0]
			shift[j] = shift[j].Add(dir.Scale(m.away * far))
		} else {
			comp[j] = rest
		}
	}
	return m.reach(n, Move{Group: group, Dir: dir, Removal: true}, n.Pos, comp, shift)
}

// checkMove validates a move of group by dir from n and returns the group
// sorted, without repeats.
func (m *Model) checkMove(n *Node, group []int, dir grid.Vec) ([]int, error) {
	if !m.unit(dir) {
		return nil, fmt.Errorf("%v is not a unit move of the grid", dir)
	}
	group = slices.Clone(group)
	slices.Sort(group)
	group = slices.Compact(group)
	if len(group) == 0 {
		return nil, fmt.Errorf("no piece selected")
	}
	for _, j := range group {
		if j < 0 || j >= len(m.slots) {
			return nil, fmt.Errorf("piece %d does not exist", j)
		}
	}
	c := n.Comp[group[0]]
	size := 0
	for j := range n.Comp {
		if n.Comp[j] == c {
			size++
		}
	}
	for _, j := range group {
		if n.Comp[j] != c {
			return nil, fmt.Errorf("the pieces selected have come apart already: move them one group at a time")
		}
	}
	switch {
	case size == 1:
		return nil, fmt.Errorf("piece %d is out of the puzzle already: select pieces still in it", m.slots[group[0]]+1)
	case len(group) == size:
		return nil, fmt.Errorf("these pieces are all that hang together here: moving them all changes nothing; select some of them")
	}
	return group, nil
}

// reach returns the node of a state: the existing one, or a new child of
// n reached by mv.
func (m *Model) reach(n *Node, mv Move, pos []grid.Vec, comp []int, shift []grid.Vec) (*Node, error) {
	if old := m.seen[key(pos, comp)]; old != nil {
		return old, nil
	}
	if len(m.nodes) >= MaxNodes {
		return nil, fmt.Errorf("the tree holds %d states, the most it keeps", MaxNodes)
	}
	child := &Node{Parent: n, Move: mv, Pos: pos, Comp: comp, Shift: shift}
	m.add(child)
	return child, nil
}

// Overlaps returns the cells (as drawn, shifts applied) that two or more
// pieces of one component share in state n, and the pieces involved.
func (m *Model) Overlaps(n *Node) map[grid.Vec][]int {
	out := map[grid.Vec][]int{}
	if !n.overlap {
		return out
	}
	owner := map[cellOf]int{}
	for j, cs := range m.cells {
		for _, c := range cs {
			w := cellOf{n.Comp[j], c.Add(n.Pos[j])}
			o, taken := owner[w]
			if !taken {
				owner[w] = j
				continue
			}
			drawn := w.pos.Add(n.Shift[j])
			if len(out[drawn]) == 0 {
				out[drawn] = []int{o}
			}
			out[drawn] = append(out[drawn], j)
		}
	}
	return out
}

// cellOf is a cell of a component.
type cellOf struct {
	comp int
	pos  grid.Vec
}

// overlapping reports whether two pieces of one component share a cell
// in n.
func (m *Model) overlapping(n *Node) bool {
	seen := map[cellOf]struct{}{}
	for j, cs := range m.cells {
		for _, c := range cs {
			w := cellOf{n.Comp[j], c.Add(n.Pos[j])}
			if _, taken := seen[w]; taken {
				return true
			}
			seen[w] = struct{}{}
		}
	}
	return false
}

// overlapsIn reports whether two pieces of component c overlap in n.
func (m *Model) overlapsIn(n *Node, c int) bool {
	for _, pieces := range m.Overlaps(n) {
		if n.Comp[pieces[0]] == c {
			return true
		}
	}
	return false
}

// Free reports whether group can slide along dir for ever in state n
// without running into another piece of its component. As in the
// disassembly check, every cell is written as r + t·dir with r canonical;
// a still cell on the line of a moving cell and ahead of it blocks.
func (m *Model) Free(n *Node, group []int, dir grid.Vec) bool {
	a := 0
	for dir[a] == 0 {
		a++
	}
	split := func(v grid.Vec) (grid.Vec, int) {
		t := v[a] / dir[a]
		if v[a]%dir[a] != 0 && (v[a] < 0) != (dir[a] < 0) {
			t--
		}
		return v.Sub(dir.Scale(t)), t
	}
	c := n.Comp[group[0]]
	ahead := map[grid.Vec]int{} // line -> the furthest moving cell's t
	for _, j := range group {
		for _, cell := range m.cells[j] {
			r, t := split(cell.Add(n.Pos[j]))
			if old, ok := ahead[r]; !ok || t < old {
				ahead[r] = t
			}
		}
	}
	for j := range m.cells {
		if n.Comp[j] != c || slices.Contains(group, j) {
			continue
		}
		for _, cell := range m.cells[j] {
			r, t := split(cell.Add(n.Pos[j]))
			if tm, ok := ahead[r]; ok && t > tm {
				return false
			}
		}
	}
	return true
}

// Apart reports whether the puzzle has come apart in state n: every
// piece stands alone, or hangs together only with pieces the problem lets
// stay together (see together).
func (m *Model) Apart(n *Node) bool {
	comps := map[int][]int{}
	for j, c := range n.Comp {
		comps[c] = append(comps[c], j)
	}
	for _, pieces := range comps {
		if len(pieces) > 1 && !m.together(pieces) {
			return false
		}
	}
	return true
}

// together reports whether pieces may stay together, as the disassembler
// decides for a sub-puzzle without trying to take it apart: each piece's
// part has exactly one group entry, and all name the same group. (The
// disassembler also accepts stuck sets by the groups' piece counts; hand
// moves do not.)
func (m *Model) together(pieces []int) bool {
	g := m.group[pieces[0]]
	for _, j := range pieces {
		if m.group[j] == 0 || m.group[j] != g {
			return false
		}
	}
	return true
}

// Path returns the states from the root to n.
func Path(n *Node) []*Node {
	var out []*Node
	for ; n != nil; n = n.Parent {
		out = append(out, n)
	}
	slices.Reverse(out)
	return out
}
