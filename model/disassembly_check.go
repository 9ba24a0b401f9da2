package model

import (
	"context"
	"fmt"
	"math"
	"slices"

	"github.com/burrlab/burrlab/model/grid"
)

// CheckDisassembly verifies that the stored disassembly of solution s fits
// its assembly and can be carried out: the root separates exactly the
// placed pieces, starting from their assembly positions; each child starts
// where its pieces were just before their parent's last move and holds
// exactly the pieces that went (removed) or stayed (left); each step moves
// one group of pieces by one vector, a whole number of the grid's unit
// moves where the grid has them; the pieces never overlap on the way, not
// even while the removed group slides out. A solution without a
// disassembly passes; of an outline (<separationInfo>) only the shape of
// the tree can be checked.
func CheckDisassembly(p *Puzzle, pr *Problem, s *Solution) error {
	return CheckDisassemblyContext(context.Background(), p, pr, s)
}

// CheckDisassemblyContext is CheckDisassembly that looks at ctx every few
// thousand cells and returns ctx.Err() when it is cancelled, so that the
// check of a long disassembly of huge pieces stops within 100 ms.
func CheckDisassemblyContext(ctx context.Context, p *Puzzle, pr *Problem, s *Solution) error {
	d := s.Disassembly
	if d == nil {
		return nil
	}
	g, err := p.GridOf()
	if err != nil {
		return err
	}
	slots := pr.SlotParts()
	if err := s.Validate(len(slots)); err != nil {
		return err
	}
	var placed []int
	for slot, pl := range s.Assembly {
		if pl.Placed() {
			placed = append(placed, slot)
		}
	}
	if d.Outline() {
		if n := d.nodes(); n > len(placed)-1 {
			return fmt.Errorf("the outline has %d separations for %d pieces", n, len(placed))
		}
		return nil
	}
	c := &disasmChecker{g: g, cells: make(map[int][]grid.Vec), occupied: make(map[grid.Vec]int), poll: &checkPoll{ctx: ctx}}
	for _, slot := range placed {
		pl := s.Assembly[slot]
		cells, err := c.poll.placed(g, &p.Shapes[pr.Parts[slots[slot]].Shape], Placement{Orient: pl.Orient})
		if err != nil {
			return fmt.Errorf("piece %d: %w", slot, err)
		}
		c.cells[slot] = make([]grid.Vec, len(cells))
		for i, cell := range cells {
			c.cells[slot][i] = cell.Pos
		}
	}
	start := make(map[int]grid.Vec, len(placed))
	for _, slot := range placed {
		start[slot] = s.Assembly[slot].Pos
	}
	return c.node(d, start)
}

// nodes counts the separations of a tree.
func (s *Separation) nodes() int {
	if s == nil {
		return 0
	}
	return 1 + s.Left.nodes() + s.Removed.nodes()
}

type disasmChecker struct {
	g        grid.Grid
	cells    map[int][]grid.Vec // slot -> filled cells when placed at the origin
	occupied map[grid.Vec]int   // scratch for overlap tests
	poll     *checkPoll
}

// node checks separation s whose pieces must be exactly the keys of start,
// at those positions in its first state.
func (c *disasmChecker) node(s *Separation, start map[int]grid.Vec) error {
	if len(s.Pieces) != len(start) {
		return fmt.Errorf("separation of %d pieces, want %d", len(s.Pieces), len(start))
	}
	if len(s.States) < 2 {
		return fmt.Errorf("separation with %d state(s)", len(s.States))
	}
	for j, p := range s.Pieces {
		want, ok := start[p]
		if !ok {
			return fmt.Errorf("separation lists piece %d, which is not in this group", p)
		}
		if got := s.States[0][j]; got != want {
			return fmt.Errorf("piece %d starts at %v, but it is at %v before this separation", p, got, want)
		}
	}
	last := len(s.States) - 1
	for i := 0; i < last; i++ {
		for j, pos := range s.States[i] {
			if far(pos) {
				return fmt.Errorf("state %d: piece %d is already taken away before the last state", i, s.Pieces[j])
			}
		}
		if err := c.step(s, i); err != nil {
			return fmt.Errorf("move %d: %w", i+1, err)
		}
	}
	prev := s.States[last-1]
	for _, sub := range []struct {
		node    *Separation
		removed bool
		name    string
	}{{s.Removed, true, "removed"}, {s.Left, false, "left"}} {
		if sub.node == nil {
			continue
		}
		group := make(map[int]grid.Vec)
		for j, p := range s.Pieces {
			if s.RemovedIn(j) == sub.removed {
				group[p] = prev[j]
			}
		}
		if err := c.node(sub.node, group); err != nil {
			return fmt.Errorf("%s part: %w", sub.name, err)
		}
	}
	return nil
}

// step checks the move from state i to state i+1 of s.
func (c *disasmChecker) step(s *Separation, i int) error {
	from, to := s.States[i], s.States[i+1]
	final := i+1 == len(s.States)-1
	var moving []int
	var v grid.Vec
	for j := range from {
		if d := to[j].Sub(from[j]); d != (grid.Vec{}) {
			if len(moving) > 0 && d != v {
				return fmt.Errorf("pieces %d and %d move differently (%v and %v)", s.Pieces[moving[0]], s.Pieces[j], v, d)
			}
			moving, v = append(moving, j), d
		}
		if final && s.RemovedIn(j) != (to[j] != from[j]) {
			return fmt.Errorf("piece %d: the final move must take away exactly the removed pieces", s.Pieces[j])
		}
	}
	if len(moving) == 0 {
		return fmt.Errorf("no piece moves")
	}
	if err := c.overlap(s.Pieces, from); err != nil {
		return fmt.Errorf("before it: %w", err)
	}
	dirs := c.g.Directions()
	if dirs == nil {
		// No unit moves in this grid (BurrTools has no disassembler for
		// it): only the end position can be checked.
		if final {
			return nil
		}
		return c.overlap(s.Pieces, to)
	}
	unit, k := c.unitMove(v, final)
	if k == 0 {
		return fmt.Errorf("the move by %v is not along one of the grid's directions", v)
	}
	if final {
		k = math.MaxInt // the group slides out for good
	}
	return c.path(s.Pieces, from, moving, unit, k)
}

// path reports a collision while the pieces listed in moving slide from
// pos by u, 2u, ..., k·u and the others stay. A moving cell c meets a
// still cell s exactly when s = c + n·u for some n in 1..k; writing every
// cell as r + t·u with r canonical (its coordinate a, where u[a] != 0,
// reduced into 0..|u[a]|-1) makes that "same r and t_s - t_c in 1..k", so
// the cost does not depend on k.
func (c *disasmChecker) path(pieces []int, pos []grid.Vec, moving []int, u grid.Vec, k int) error {
	a := 0
	for u[a] == 0 {
		a++
	}
	split := func(v grid.Vec) (grid.Vec, int) {
		t := v[a] / u[a]
		if (v[a]%u[a] != 0) && ((v[a] < 0) != (u[a] < 0)) {
			t-- // floor division
		}
		return v.Sub(u.Scale(t)), t
	}
	type still struct{ t, piece int }
	lines := make(map[grid.Vec][]still)
	for j, p := range pieces {
		if slices.Contains(moving, j) {
			continue
		}
		for _, cell := range c.cells[p] {
			if err := c.poll.add(1); err != nil {
				return err
			}
			r, t := split(cell.Add(pos[j]))
			lines[r] = append(lines[r], still{t, p})
		}
	}
	for _, j := range moving {
		for _, cell := range c.cells[pieces[j]] {
			r, t := split(cell.Add(pos[j]))
			if err := c.poll.add(1 + len(lines[r])); err != nil {
				return err
			}
			for _, s := range lines[r] {
				if n := s.t - t; n >= 1 && n <= k {
					return fmt.Errorf("piece %d runs into piece %d after %d unit steps", pieces[j], s.piece, n)
				}
			}
		}
	}
	return nil
}

// unitMove returns the grid move u and count k with v = k·u, k >= 1, or
// k = 0 if there is none. A final move is matched by direction only: its
// length is just "far away".
func (c *disasmChecker) unitMove(v grid.Vec, final bool) (grid.Vec, int) {
	for _, d := range c.g.Directions() {
		for _, u := range []grid.Vec{d, d.Neg()} {
			k := 0
			for a := range 3 {
				if u[a] != 0 {
					k = v[a] / u[a]
					break
				}
			}
			if k < 1 {
				continue
			}
			if u.Scale(k) == v {
				return u, k
			}
			if final && sameDirection(u, v) {
				return u, k
			}
		}
	}
	return grid.Vec{}, 0
}

// sameDirection reports whether v points the way of u: the same signs in
// every coordinate.
func sameDirection(u, v grid.Vec) bool {
	for a := range 3 {
		if (u[a] > 0) != (v[a] > 0) || (u[a] < 0) != (v[a] < 0) {
			return false
		}
	}
	return true
}

// overlap reports two pieces sharing a cell when the pieces sit at pos.
func (c *disasmChecker) overlap(pieces []int, pos []grid.Vec) error {
	clear(c.occupied)
	for j, p := range pieces {
		for _, cell := range c.cells[p] {
			if err := c.poll.add(1); err != nil {
				return err
			}
			w := cell.Add(pos[j])
			if o, taken := c.occupied[w]; taken {
				return fmt.Errorf("pieces %d and %d overlap at %v", o, p, w)
			}
			c.occupied[w] = p
		}
	}
	return nil
}

// far reports a position beyond the removal distance.
func far(v grid.Vec) bool {
	for _, x := range v {
		if x > RemovedBeyond || x < -RemovedBeyond {
			return true
		}
	}
	return false
}
