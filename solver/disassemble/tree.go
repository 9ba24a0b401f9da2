package disassemble

import (
	"context"

	"github.com/burrlab/burrlab/model"
	"github.com/burrlab/burrlab/model/grid"
)

// split records: the separations found so far for the assembly being taken
// apart, kept in the worker and turned into model.Separations at the end,
// in a few allocations for the whole tree.
type splitRec struct {
	pieces, npieces int   // recPieces[pieces : pieces+npieces]
	states, nstates int   // recVecs[states : states+nstates*npieces], state by state
	left, removed   int32 // the groups' records, or -1 when fine as they are
}

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
	w.recs, w.recPieces, w.recVecs = w.recs[:0], w.recPieces[:0], w.recVecs[:0]
	w.interlocked = w.interlocked[:0]
	// The whole assembly must split: grouping only applies to the parts.
	r, err := w.split(ctx, slots, w.posStack)
	if err != nil {
		return nil, err
	}
	if r < 0 {
		if w.partial {
			w.interlocked = append(w.interlocked, append([]int(nil), slots...))
		}
		return nil, nil
	}
	return w.export(), nil
}

// split searches for the first separation of the pieces slots at positions
// start, then takes both groups apart. It returns the index of its record,
// or -1 when that fails, leaving no records behind.
//
// The groups' slots and positions live on the worker's stacks, above
// whatever the caller keeps there, and are popped on return; callers'
// slices stay valid when the stacks grow, since they keep the old arrays.
func (w *worker) split(ctx context.Context, slots []int, start []int64) (int32, error) {
	w.load(slots, start)
	f, ok, err := w.search(ctx)
	if !ok || err != nil {
		return -1, err
	}
	r := w.record(slots, f)

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
	// In partial mode a group that stays stuck is noted (by sub) and the
	// rest goes on coming apart.
	left, ok, err := w.sub(ctx, stay, stayPos)
	if (ok || w.partial) && err == nil {
		var removed int32
		if removed, ok, err = w.sub(ctx, gone, gonePos); (ok || w.partial) && err == nil {
			w.recs[r].left, w.recs[r].removed = left, removed
			return r, nil
		}
	}
	w.drop(r)
	return -1, err
}

// record adds the moves of search result f, a separation of the pieces
// slots, and returns the index of its record.
func (w *worker) record(slots []int, f found) int32 {
	n := len(slots)
	states := 1 // the last one, with the removed pieces far away
	for x := f.node; x >= 0; x = w.parent[x] {
		states++
	}
	rec := splitRec{pieces: len(w.recPieces), npieces: n, states: len(w.recVecs), nstates: states, left: -1, removed: -1}
	w.recPieces = append(w.recPieces, slots...)
	w.recVecs = append(w.recVecs, make([]grid.Vec, states*n)...)
	all := w.recVecs[rec.states:]
	i := states - 2
	for x := f.node; x >= 0; x = w.parent[x] {
		w.stateInto(x, all[i*n:(i+1)*n])
		i--
	}
	last, prev := all[(states-1)*n:], all[(states-2)*n:(states-1)*n]
	copy(last, prev)
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
	w.recs = append(w.recs, rec)
	return int32(len(w.recs) - 1)
}

// drop removes record r and all made after it.
func (w *worker) drop(r int32) {
	rec := w.recs[r]
	w.recs, w.recPieces, w.recVecs = w.recs[:r], w.recPieces[:rec.pieces], w.recVecs[:rec.states]
}

// export turns the records into a tree of separations, record 0 its root.
// The tree's parts share a few arrays, capped so that appending to one
// never writes into another.
func (w *worker) export() *model.Separation {
	seps := make([]model.Separation, len(w.recs))
	pieces := append([]int(nil), w.recPieces...)
	vecs := append([]grid.Vec(nil), w.recVecs...)
	nstates := 0
	for _, rec := range w.recs {
		nstates += rec.nstates
	}
	states := make([][]grid.Vec, nstates)
	for i, rec := range w.recs {
		s := &seps[i]
		s.Pieces = pieces[rec.pieces : rec.pieces+rec.npieces : rec.pieces+rec.npieces]
		s.States, states = states[:rec.nstates:rec.nstates], states[rec.nstates:]
		for k := range s.States {
			at := rec.states + k*rec.npieces
			s.States[k] = vecs[at : at+rec.npieces : at+rec.npieces]
		}
		if rec.left >= 0 {
			s.Left = &seps[rec.left]
		}
		if rec.removed >= 0 {
			s.Removed = &seps[rec.removed]
		}
	}
	return &seps[0]
}

// sub takes apart one group of a split. It reports whether the group is
// fine: a single piece, a group allowed to stay together, or one that comes
// apart (then with the index of its record, else -1).
func (w *worker) sub(ctx context.Context, slots []int, start []int64) (int32, bool, error) {
	if len(slots) == 1 {
		return -1, true, nil
	}
	sm := len(w.slotStack)
	defer func() { w.slotStack = w.slotStack[:sm] }()
	for _, s := range slots {
		w.slotStack = append(w.slotStack, w.d.slotPart[s])
	}
	parts := w.slotStack[sm:]
	if w.d.groups.together(parts) {
		return -1, true, nil
	}
	m := w.stuck.mark()
	r, err := w.split(ctx, slots, start)
	if err != nil {
		return -1, false, err
	}
	if r >= 0 {
		return r, true, nil
	}
	w.stuck.truncate(m)
	ok := w.stuck.add(&w.d.groups, parts)
	if !ok && w.partial {
		w.interlocked = append(w.interlocked, append([]int(nil), slots...))
	}
	return -1, ok, nil
}

// stateInto writes node x's positions into out.
func (w *worker) stateInto(x int32, out []grid.Vec) {
	n := w.n
	for j, p := range w.pos[int(x)*n : (int(x)+1)*n] {
		v := unpack(p)
		out[j] = grid.Vec{int(v[0]), int(v[1]), int(v[2])}
	}
}
