package disassemble

import (
	"context"

	"github.com/burrlab/burrlab/model"
	"github.com/burrlab/burrlab/model/grid"
)

// disassemble takes assembly a apart; slots are its placed pieces.
func (w *worker) disassemble(ctx context.Context, a model.Assembly, slots []int) (*model.Separation, error) {
	orient := make([]int, len(a))
	start := make([]int16, 0, 3*len(slots))
	for slot, pl := range a {
		orient[slot] = pl.Orient
	}
	for _, s := range slots {
		p := a[s].Pos
		start = append(start, int16(p[0]), int16(p[1]), int16(p[2]))
	}
	w.stuck.reset()
	// The whole assembly must split: grouping only applies to the parts.
	return w.split(ctx, slots, orient, start)
}

// split searches for the first separation of the pieces slots at positions
// start, then takes both groups apart. It returns nil when that fails.
func (w *worker) split(ctx context.Context, slots, orient []int, start []int16) (*model.Separation, error) {
	w.load(slots, orient, start)
	f, err := w.search(ctx)
	if f == nil || err != nil {
		return nil, err
	}
	n := len(slots)
	sep := &model.Separation{Pieces: append([]int(nil), slots...)}
	var path []int32
	for x := f.node; x >= 0; x = w.parent[x] {
		path = append(path, x)
	}
	for i := len(path) - 1; i >= 0; i-- {
		sep.States = append(sep.States, w.state(path[i]))
	}
	last := w.state(f.node)
	d := w.d.rules.dirs[f.dir>>1]
	sign := model.RemoveDistance
	if f.dir&1 != 0 {
		sign = -sign
	}
	for j, r := range f.removed {
		if r {
			last[j] = last[j].Add(grid.Vec{int(d[0]) * sign, int(d[1]) * sign, int(d[2]) * sign})
		}
	}
	sep.States = append(sep.States, last)

	// Both groups start where they were just before the removal. The
	// search buffers are reused below, so copy what we need first.
	var stay, gone []int
	var stayPos, gonePos []int16
	p := w.pos[int(f.node)*3*n : (int(f.node)+1)*3*n]
	for j, s := range slots {
		if f.removed[j] {
			gone, gonePos = append(gone, s), append(gonePos, p[3*j:3*j+3]...)
		} else {
			stay, stayPos = append(stay, s), append(stayPos, p[3*j:3*j+3]...)
		}
	}
	var ok bool
	if sep.Left, ok, err = w.sub(ctx, stay, orient, stayPos); !ok || err != nil {
		return nil, err
	}
	if sep.Removed, ok, err = w.sub(ctx, gone, orient, gonePos); !ok || err != nil {
		return nil, err
	}
	return sep, nil
}

// sub takes apart one group of a split. It reports whether the group is
// fine: a single piece, a group allowed to stay together, or one that comes
// apart (then with its separation).
func (w *worker) sub(ctx context.Context, slots, orient []int, start []int16) (*model.Separation, bool, error) {
	if len(slots) == 1 {
		return nil, true, nil
	}
	parts := make([]int, len(slots))
	for i, s := range slots {
		parts[i] = w.d.slotPart[s]
	}
	if w.d.groups.together(parts) {
		return nil, true, nil
	}
	m := w.stuck.mark()
	sep, err := w.split(ctx, slots, orient, start)
	if err != nil {
		return nil, false, err
	}
	if sep != nil {
		return sep, true, nil
	}
	w.stuck.truncate(m)
	return nil, w.stuck.add(&w.d.groups, parts), nil
}

// state returns node x's positions as vectors.
func (w *worker) state(x int32) []grid.Vec {
	n := w.n
	p := w.pos[int(x)*3*n : (int(x)+1)*3*n]
	out := make([]grid.Vec, n)
	for j := range out {
		out[j] = grid.Vec{int(p[3*j]), int(p[3*j+1]), int(p[3*j+2])}
	}
	return out
}
