package disassemble

import (
	"context"

	"github.com/burrlab/burrlab/model"
	"github.com/burrlab/burrlab/model/grid"
)

// disassemble takes assembly a apart; slots are its placed pieces.
func (w *worker) disassemble(ctx context.Context, a model.Assembly, slots []int) (*model.Separation, error) {
	w.orient = growInt(w.orient, len(a))
	for slot, pl := range a {
		w.orient[slot] = pl.Orient
	}
	w.slotStack, w.posStack = w.slotStack[:0], w.posStack[:0]
	for _, s := range slots {
		p := a[s].Pos
		w.posStack = append(w.posStack, pack(vec{int32(p[0]), int32(p[1]), int32(p[2])}))
	}
	w.stuck.reset()
	// The whole assembly must split: grouping only applies to the parts.
	return w.split(ctx, slots, w.posStack)
}

// split searches for the first separation of the pieces slots at positions
// start, then takes both groups apart. It returns nil when that fails.
//
// The groups' slots and positions live on the worker's stacks, above
// whatever the caller keeps there, and are popped on return; callers'
// slices stay valid when the stacks grow, since they keep the old arrays.
func (w *worker) split(ctx context.Context, slots []int, start []int64) (*model.Separation, error) {
	w.load(slots, start)
	f, ok, err := w.search(ctx)
	if !ok || err != nil {
		return nil, err
	}
	sep := w.separation(slots, f)

	// Both groups start where they were just before the removal. The
	// search buffers are reused below, so copy what we need first.
	n := len(slots)
	sm, pm := len(w.slotStack), len(w.posStack)
	defer func() { w.slotStack, w.posStack = w.slotStack[:sm], w.posStack[:pm] }()
	p := w.pos[int(f.node)*n : (int(f.node)+1)*n]
	for _, gone := range [2]bool{false, true} {
		for j, s := range slots {
			if w.removed[j] == gone {
				w.slotStack = append(w.slotStack, s)
				w.posStack = append(w.posStack, p[j])
			}
		}
	}
	all, allPos := w.slotStack[sm:], w.posStack[pm:]
	ns := n - f.count
	stay, gone := all[:ns], all[ns:]
	stayPos, gonePos := allPos[:ns], allPos[ns:]
	if sep.Left, ok, err = w.sub(ctx, stay, stayPos); !ok || err != nil {
		return nil, err
	}
	if sep.Removed, ok, err = w.sub(ctx, gone, gonePos); !ok || err != nil {
		return nil, err
	}
	return sep, nil
}

// separation returns the moves of search result f as a separation of the
// pieces slots, without its subtrees. The states share one array.
func (w *worker) separation(slots []int, f found) *model.Separation {
	n := len(slots)
	states := 1 // the last one, with the removed pieces far away
	for x := f.node; x >= 0; x = w.parent[x] {
		states++
	}
	sep := &model.Separation{Pieces: append([]int(nil), slots...), States: make([][]grid.Vec, states)}
	all := make([]grid.Vec, states*n)
	for i := range sep.States {
		sep.States[i] = all[i*n : (i+1)*n : (i+1)*n]
	}
	i := states - 2
	for x := f.node; x >= 0; x = w.parent[x] {
		w.stateInto(x, sep.States[i])
		i--
	}
	last := sep.States[states-1]
	copy(last, sep.States[states-2])
	d := w.d.rules.dirs[f.dir>>1]
	sign := model.RemoveDistance
	if f.dir&1 != 0 {
		sign = -sign
	}
	for j := range last {
		if w.removed[j] {
			last[j] = last[j].Add(grid.Vec{int(d[0]) * sign, int(d[1]) * sign, int(d[2]) * sign})
		}
	}
	return sep
}

// sub takes apart one group of a split. It reports whether the group is
// fine: a single piece, a group allowed to stay together, or one that comes
// apart (then with its separation).
func (w *worker) sub(ctx context.Context, slots []int, start []int64) (*model.Separation, bool, error) {
	if len(slots) == 1 {
		return nil, true, nil
	}
	sm := len(w.slotStack)
	defer func() { w.slotStack = w.slotStack[:sm] }()
	for _, s := range slots {
		w.slotStack = append(w.slotStack, w.d.slotPart[s])
	}
	parts := w.slotStack[sm:]
	if w.d.groups.together(parts) {
		return nil, true, nil
	}
	m := w.stuck.mark()
	sep, err := w.split(ctx, slots, start)
	if err != nil {
		return nil, false, err
	}
	if sep != nil {
		return sep, true, nil
	}
	w.stuck.truncate(m)
	return nil, w.stuck.add(&w.d.groups, parts), nil
}

// stateInto writes node x's positions into out.
func (w *worker) stateInto(x int32, out []grid.Vec) {
	n := w.n
	for j, p := range w.pos[int(x)*n : (int(x)+1)*n] {
		v := unpack(p)
		out[j] = grid.Vec{int(v[0]), int(v[1]), int(v[2])}
	}
}
