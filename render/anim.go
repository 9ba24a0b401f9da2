package render

import (
	"fmt"
	"math"

	"github.com/burrlab/burrlab/model"
	"github.com/burrlab/burrlab/model/grid"
	"github.com/go-gl/mathgl/mgl64"
)

// MaxAnimationSteps caps the moves of a disassembly we animate; frames are
// kept for every step.
const MaxAnimationSteps = 1 << 16

// Animation plays a disassembly as a sequence of steps, 0 (assembled) to
// Steps() (all apart), in BurrTools' order: a separation's own moves, then
// the group it takes away comes apart (the "removed" subtree), then what is
// left (the "left" subtree). The removing move itself flies the group out
// instead of the file's 20000 units, and the group then comes apart there.
// Each later group that leaves in the same direction flies further, so that
// removed groups do not land on each other. Between two steps, positions
// are interpolated, so a slider can play it at any fractional time.
type Animation struct {
	slots  int
	frames [][]mgl64.Vec3 // frames[k][slot]: render-space offset at step k
	// gone[k][slot] is set when, at step k, the slot has left the puzzle
	// on its own: removed as a single piece, not as part of a group that
	// comes apart later. Such pieces fade out during their removing move,
	// as in BurrTools.
	gone [][]bool
}

// NewAnimation builds the animation of disassembly d of assembly a in grid
// g. fly is how far (render units) a removed group flies out; DefaultFly
// gives a good value. Offsets are relative to where a puts each piece, as
// AssemblyScene draws them. Slots that d does not list stay put.
func NewAnimation(g grid.Grid, a model.Assembly, d *model.Separation, fly float64) (*Animation, error) {
	if d == nil {
		return nil, fmt.Errorf("no disassembly")
	}
	if !(fly >= 0) || math.IsInf(fly, 0) {
		return nil, fmt.Errorf("fly distance %v", fly)
	}
	b := animBuilder{a: a, scale: latticeScale(g), flyOf: map[*model.Separation]mgl64.Vec3{}}
	if err := b.check(d, 0); err != nil {
		return nil, err
	}
	b.flights(d, fly, map[grid.Vec]int{})
	total := d.TotalMoves()
	if total > MaxAnimationSteps {
		return nil, fmt.Errorf("disassembly of %d moves, at most %d animated", total, MaxAnimationSteps)
	}
	an := &Animation{slots: len(a), frames: make([][]mgl64.Vec3, total+1), gone: make([][]bool, total+1)}
	for k := range an.frames {
		an.frames[k] = make([]mgl64.Vec3, len(a))
		an.gone[k] = make([]bool, len(a))
		b.place(d, k, mgl64.Vec3{}, an.frames[k], an.gone[k])
	}
	return an, nil
}

// DefaultFly returns a fly-out distance for a scene: its diameter, so that a
// removed group clears what is left with room to spare.
func DefaultFly(s *Scene) float64 {
	lo, hi, ok := s.Bounds()
	if !ok {
		return 1
	}
	return max(hi.Sub(lo).Len(), 1)
}

// Steps returns the number of moves, the largest time.
func (an *Animation) Steps() int { return len(an.frames) - 1 }

// Offsets writes each slot's offset at time t (0..Steps, clamped) into dst,
// growing it as needed, and returns it.
func (an *Animation) Offsets(t float64, dst []mgl64.Vec3) []mgl64.Vec3 {
	if cap(dst) < an.slots {
		dst = make([]mgl64.Vec3, an.slots)
	}
	dst = dst[:an.slots]
	k, f := an.split(t)
	a, b := an.frames[k], an.frames[min(k+1, len(an.frames)-1)]
	for i := range dst {
		dst[i] = a[i].Mul(1 - f).Add(b[i].Mul(f))
	}
	return dst
}

// Moving reports whether slot moves between the steps around time t.
func (an *Animation) Moving(t float64, slot int) bool {
	if slot < 0 || slot >= an.slots {
		return false
	}
	k, _ := an.split(t)
	if k+1 >= len(an.frames) {
		return false
	}
	return an.frames[k][slot] != an.frames[k+1][slot]
}

// Apply sets the offsets of a scene built by AssemblyScene to time t.
func (an *Animation) Apply(s *Scene, t float64) {
	k, f := an.split(t)
	a, b := an.frames[k], an.frames[min(k+1, len(an.frames)-1)]
	for i := range s.Items {
		if i < an.slots {
			s.Items[i].Offset = a[i].Mul(1 - f).Add(b[i].Mul(f))
		}
	}
}

// Fade returns how far slot has faded out at time t: 0 while it is in the
// puzzle or in a group still to be taken apart, rising to 1 during the
// move that removes it on its own, 1 after.
func (an *Animation) Fade(t float64, slot int) float64 {
	if slot < 0 || slot >= an.slots {
		return 0
	}
	k, f := an.split(t)
	a, b := an.gone[k][slot], an.gone[min(k+1, len(an.gone)-1)][slot]
	switch {
	case a && b:
		return 1
	case b:
		return f
	case a:
		return 1 - f
	}
	return 0
}

// ApplyFade sets the fade of the items of a scene built by AssemblyScene
// to time t.
func (an *Animation) ApplyFade(s *Scene, t float64) {
	for i := range s.Items {
		s.Items[i].Fade = an.Fade(t, i)
	}
}

func (an *Animation) split(t float64) (int, float64) {
	last := float64(len(an.frames) - 1)
	if !(t > 0) { // also NaN
		return 0, 0
	}
	if t >= last {
		return len(an.frames) - 1, 0
	}
	k := math.Floor(t)
	return int(k), t - k
}

type animBuilder struct {
	a     model.Assembly
	scale mgl64.Vec3 // render units per lattice unit, per axis
	flyOf map[*model.Separation]mgl64.Vec3
}

// flightStagger is how much further each later group flies that leaves in
// a direction some group already took, as a fraction of the fly distance.
const flightStagger = 0.6

// flights sets the fly-out vector of every node, in the order the steps
// play: the k-th group leaving in a direction flies (1 + 0.6k) times fly.
func (b *animBuilder) flights(n *model.Separation, fly float64, count map[grid.Vec]int) {
	if n == nil {
		return
	}
	d, _ := removalDirection(n)
	key := grid.Vec{sign(d[0]), sign(d[1]), sign(d[2])}
	k := count[key]
	count[key]++
	b.flyOf[n] = b.toRender(d).Normalize().Mul(fly * (1 + flightStagger*float64(k)))
	b.flights(n.Removed, fly, count)
	b.flights(n.Left, fly, count)
}

func sign(v int) int {
	switch {
	case v > 0:
		return 1
	case v < 0:
		return -1
	}
	return 0
}

// check makes sure place can walk the tree: states of the right width, at
// least one move per node, children listing pieces of their parent.
func (b *animBuilder) check(n *model.Separation, depth int) error {
	if n.Outline() {
		return fmt.Errorf("only the outline of the disassembly is stored, not its moves")
	}
	if depth > len(b.a) || len(n.States) < 2 {
		return fmt.Errorf("malformed disassembly (%d states at depth %d)", len(n.States), depth)
	}
	for _, slot := range n.Pieces {
		if slot < 0 || slot >= len(b.a) || !b.a[slot].Placed() {
			return fmt.Errorf("disassembly moves piece %d, which is not placed", slot)
		}
	}
	for _, st := range n.States {
		if len(st) != len(n.Pieces) {
			return fmt.Errorf("disassembly state of %d positions for %d pieces", len(st), len(n.Pieces))
		}
	}
	if _, ok := removalDirection(n); !ok {
		return fmt.Errorf("disassembly step removes nothing")
	}
	for _, c := range []*model.Separation{n.Removed, n.Left} {
		if c == nil {
			continue
		}
		if err := b.check(c, depth+1); err != nil {
			return err
		}
		if len(c.Pieces) == 0 || column(n, c.Pieces[0]) < 0 {
			return fmt.Errorf("disassembly child lists a piece its parent does not")
		}
	}
	return nil
}

// removalDirection returns the lattice direction of the last move of n.
func removalDirection(n *model.Separation) (grid.Vec, bool) {
	k := len(n.States) - 1
	for j := range n.Pieces {
		if n.RemovedIn(j) {
			return n.States[k][j].Sub(n.States[k-1][j]), true
		}
	}
	return grid.Vec{}, false
}

// column returns the index of slot in n.Pieces, or -1.
func column(n *model.Separation, slot int) int {
	for j, s := range n.Pieces {
		if s == slot {
			return j
		}
	}
	return -1
}

// place writes the offsets of n's pieces at step (relative to n's first
// move) into out, shifted by base, and marks in gone the pieces that have
// left on their own.
func (b *animBuilder) place(n *model.Separation, step int, base mgl64.Vec3, out []mgl64.Vec3, gone []bool) {
	moves := n.Moves()
	if step < moves {
		st := n.States[max(step, 0)]
		for j, slot := range n.Pieces {
			out[slot] = base.Add(b.offset(slot, st[j]))
		}
		return
	}
	rest := step - moves
	prev, last := n.States[moves-1], n.States[moves]
	fly := b.flyOf[n]
	if n.Removed != nil {
		b.place(n.Removed, rest, base.Add(fly).Add(b.childShift(n, n.Removed)), out, gone)
	} else {
		for j, slot := range n.Pieces {
			if n.RemovedIn(j) {
				out[slot] = base.Add(fly).Add(b.offset(slot, prev[j]))
				gone[slot] = true
			}
		}
	}
	if n.Left != nil {
		b.place(n.Left, rest-n.Removed.TotalMoves(), base.Add(b.childShift(n, n.Left)), out, gone)
	} else {
		for j, slot := range n.Pieces {
			if !n.RemovedIn(j) {
				out[slot] = base.Add(b.offset(slot, last[j]))
			}
		}
	}
}

// childShift corrects for files that store a child in a frame of its own
// (older BurrTools shifted the removed group): the child's first state
// should equal the parent's state before the removal.
func (b *animBuilder) childShift(parent, child *model.Separation) mgl64.Vec3 {
	j := column(parent, child.Pieces[0])
	return b.toRender(parent.States[len(parent.States)-2][j].Sub(child.States[0][0]))
}

// offset is the render-space move of slot from its assembled position to p.
func (b *animBuilder) offset(slot int, p grid.Vec) mgl64.Vec3 {
	return b.toRender(p.Sub(b.a[slot].Pos))
}

func (b *animBuilder) toRender(d grid.Vec) mgl64.Vec3 {
	return mgl64.Vec3{float64(d[0]) * b.scale[0], float64(d[1]) * b.scale[1], float64(d[2]) * b.scale[2]}
}

// latticeScale returns how far, in render units, a translation by one
// lattice unit along each axis moves a cell. It is measured on the grid's
// own geometry: along each axis, the shortest translation that maps the
// grid onto itself, applied to a real cell.
func latticeScale(g grid.Grid) mgl64.Vec3 {
	var cell grid.Vec
	found := false
	for i := 0; i < 6*6*6 && !found; i++ {
		cell = grid.Vec{i % 6, i / 6 % 6, i / 36}
		found = g.Valid(cell)
	}
	var s mgl64.Vec3
	for k := 0; k < 3; k++ {
		for m := 1; m <= 12; m++ {
			var d grid.Vec
			d[k] = m
			if g.InLattice(d) {
				s[k] = (g.Solid(cell.Add(d)).Center[k] - g.Solid(cell).Center[k]) / float64(m)
				break
			}
		}
	}
	return s
}
