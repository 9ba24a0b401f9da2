package disassemble

import (
	"context"
	"errors"
	"math/bits"
)

// errDrift reports pieces moving further than 16-bit node coordinates can
// hold. Real puzzles stay far inside; only absurd inputs get here.
var errDrift = errors.New("disassembler: pieces moved too far from the origin")

// worker holds everything one goroutine needs to disassemble: the cache of
// pairwise distances, which lives as long as the worker, and the buffers of
// one breadth-first search, reused from sub-puzzle to sub-puzzle.
type worker struct {
	d      *Disassembler
	cache  pairCache
	stuck  stuckSets
	tick   int          // work since the last cancellation check
	hashes []nodeHashes // per sub-puzzle size, made when first needed

	// The assembly being taken apart: orientation per slot, and stacks
	// holding the slots and start positions of the groups still to be
	// taken apart (see split).
	orient    []int
	slotStack []int
	posStack  []int16

	// The sub-puzzle being searched.
	n       int
	shape   []uint16 // per piece: index into d.shapes
	weight  []int
	uniform bool     // all weights equal: the moving side is never swapped
	pair    []uint64 // i*n+j: cache id of the shapes of pieces i and j
	cached  bool     // false for sub-puzzles too big for the cache's ids
	hs      *nodeHashes

	// Node store, in discovery (breadth-first) order, which is also the
	// queue of the search. Node k's positions are pos[3nk : 3n(k+1)],
	// x y z per piece, in the assembly's frame. Nodes are the same when
	// they differ by a translation of the whole puzzle; hash is invariant
	// under translations (see nodeHashes).
	pos    []int16
	parent []int32
	hash   []uint64
	seen   []int32 // open-addressing set of nodes (id+1; 0 is empty)
	err    error   // sticky error of the current search

	// Movement analysis of the node being expanded; see analysis.go.
	mat     []int32          // (axis*n+i)*n+j: how far i can move along +axis with j held
	lastOff [][3]int16       // i*n+j: offset of j from i when last analysed
	lastVal [][maxAxes]int32 // i*n+j: the distances at that offset
	words   int              // words of a piece set (bit mask)
	touch   []uint64         // (sd*n+i)*words: the pieces i pushes at once when moving along sd
	block   []uint64         // (sd*n+i)*words: the pieces i runs into sooner or later along sd
	ids     []int32          // pushOrder's pieces not yet settled
	reach   []int32          // and the distances at which they get pushed along (bottleneck)
	order   []int32          // pieces in the order they get pushed along
	sorted  []int32          // the distances at which they do
	removed []bool           // per piece: taken away in the separation found

	moves moveList
	group []uint64 // scratch piece sets
	union []uint64
}

func newWorker(d *Disassembler) *worker { return &worker{d: d} }

// nodeHashes are the coefficients of the node hash of a sub-puzzle of n
// pieces. The hash is linear in the coordinates, sum coef*pos, with the
// coefficients of each axis summing to zero: translating the whole puzzle
// leaves it unchanged, and moving a group by k steps along an axis adds k
// times the sum of the group's unit values. The coefficients are fixed
// pseudo-random numbers (SplitMix64).
type nodeHashes struct {
	coef []uint64 // 3i+c: coefficient of coordinate c of piece i
	unit []uint64 // i*axes+axis: hash change when piece i moves one step along +axis
}

// hashesFor returns the node hash coefficients for n pieces.
func (w *worker) hashesFor(n int) *nodeHashes {
	if n >= len(w.hashes) {
		w.hashes = append(w.hashes, make([]nodeHashes, n+1-len(w.hashes))...)
	}
	h := &w.hashes[n]
	if h.coef != nil {
		return h
	}
	h.coef = make([]uint64, 3*n)
	seed := uint64(0x243F6A8885A308D3)
	for i := range h.coef {
		seed += 0x9E3779B97F4A7C15
		z := (seed ^ seed>>30) * 0xBF58476D1CE4E5B9
		z = (z ^ z>>27) * 0x94D049BB133111EB
		h.coef[i] = z ^ z>>31
	}
	for c := 0; c < 3; c++ {
		var sum uint64
		for i := 1; i < n; i++ {
			sum += h.coef[3*i+c]
		}
		h.coef[c] = -sum
	}
	dirs := w.d.rules.dirs
	h.unit = make([]uint64, n*len(dirs))
	for i := 0; i < n; i++ {
		for ax, d := range dirs {
			for c := 0; c < 3; c++ {
				h.unit[i*len(dirs)+ax] += h.coef[3*i+c] * uint64(int64(d[c]))
			}
		}
	}
	return h
}

// unitOf returns the sum of the unit hash values of the pieces in group
// along axis ax.
func (w *worker) unitOf(group []uint64, ax int) uint64 {
	axes := len(w.d.rules.dirs)
	var u uint64
	for t, word := range group {
		for ; word != 0; word &= word - 1 {
			u += w.hs.unit[(t<<6+bits.TrailingZeros64(word))*axes+ax]
		}
	}
	return u
}

// found describes the first separation of a search: in node, the count
// pieces marked in worker.removed can be taken away along signed
// direction dir.
type found struct {
	node  int32
	dir   int
	count int
}

// noOffset marks a pair not yet analysed in lastOff: offsets between
// pieces stay within ±2·maxDrift.
const noOffset = -1 << 15

// load sets up a search of the pieces slots, in the orientations
// worker.orient (per slot), starting at positions start (x y z per piece).
func (w *worker) load(slots []int, start []int16) {
	n := len(slots)
	w.n = n
	w.shape, w.weight = w.shape[:0], w.weight[:0]
	w.uniform = true
	for _, s := range slots {
		w.shape = append(w.shape, uint16(w.d.shapeOf(s, w.orient[s])))
		w.weight = append(w.weight, w.d.weight[s])
		w.uniform = w.uniform && w.d.weight[s] == w.d.weight[slots[0]]
	}
	w.pair = w.pair[:0]
	w.cached = w.cache.reserve(n*n, len(w.d.shapes))
	for i := 0; w.cached && i < n; i++ {
		for j := 0; j < n; j++ {
			w.pair = append(w.pair, w.cache.pairID(w.shape[i], w.shape[j]))
		}
	}
	w.hs = w.hashesFor(n)

	w.pos = append(w.pos[:0], start...)
	w.parent = append(w.parent[:0], -1)
	var h uint64
	for i, v := range start {
		h += w.hs.coef[i] * uint64(int64(v))
	}
	w.hash = append(w.hash[:0], h)
	w.err = nil
	w.seen = growInt32(w.seen, 64)
	clear(w.seen)
	w.seen[w.probe(h, nil)] = 1

	axes := w.d.rules.axes()
	w.words = (n + 63) / 64
	w.mat = growInt32(w.mat, axes*n*n)
	if cap(w.lastOff) < n*n {
		w.lastOff, w.lastVal = make([][3]int16, n*n), make([][maxAxes]int32, n*n)
	}
	w.lastOff, w.lastVal = w.lastOff[:n*n], w.lastVal[:n*n]
	for k := range w.lastOff {
		w.lastOff[k] = [3]int16{noOffset}
	}
	w.touch = growWords(w.touch, 2*axes*n*w.words)
	w.block = growWords(w.block, 2*axes*n*w.words)
	w.ids = growInt32(w.ids, n)
	w.reach = growInt32(w.reach, n)
	w.removed = growBool(w.removed, n)
	w.moves.words = w.words
	w.group = growWords(w.group, w.words)
	w.union = growWords(w.union, w.words)
}

// search runs the breadth-first search from node 0 and returns the first
// separation, or nil when the sub-puzzle can't be taken apart. A node can
// be reached again only by a path at least as long, so keeping every node
// in one set finds the same nodes, with the same parents, as BurrTools'
// three fronts, without expanding any node twice.
func (w *worker) search(ctx context.Context) (found, bool, error) {
	for x := int32(0); int(x) < len(w.parent); x++ {
		if err := w.poll(ctx, w.n*w.n); err != nil {
			return found{}, false, err
		}
		w.analyse(x)
		if f, ok := w.removal(x); ok {
			return f, true, nil
		}
		w.finiteMoves(ctx, x)
		if w.err != nil {
			return found{}, false, w.err
		}
	}
	return found{}, false, nil
}

// poll checks for cancellation every so often: after about 2^16 units of
// work (an expansion costs n² for n pieces), well under a millisecond.
func (w *worker) poll(ctx context.Context, work int) error {
	w.tick += work
	if w.tick < 1<<16 {
		return nil
	}
	w.tick = 0
	select {
	case <-ctx.Done():
		return ctx.Err()
	default:
		return nil
	}
}

// move is a candidate successor: node from, with the pieces in group moved
// by dv.
type move struct {
	from  int32
	group []uint64
	dv    [3]int32
}

func (m *move) moves(i int) bool { return m.group[i>>6]>>(i&63)&1 != 0 }

// step adds the node reached from x by moving the pieces in group by k
// along sd, unless it is known; unit is the group's unit hash along sd's
// axis (unitOf). The heavier side stays put: then the other pieces move
// the opposite way, which is the same node.
func (w *worker) step(x int32, group []uint64, unit uint64, k int32, sd int) {
	n := w.n
	d := w.d.rules.dirs[sd>>1]
	if sd&1 != 0 {
		k = -k
	}
	m := move{from: x, group: group, dv: [3]int32{d[0] * k, d[1] * k, d[2] * k}}
	h := w.hash[x] + uint64(int64(k))*unit
	slot := w.probe(h, &m)
	if w.seen[slot] != 0 {
		return
	}
	invert := !w.uniform && w.heavier(group)
	if invert {
		m.dv = [3]int32{-m.dv[0], -m.dv[1], -m.dv[2]}
	}
	id := len(w.parent)
	base := int(x) * 3 * n
	for i := 0; i < n; i++ {
		for c := 0; c < 3; c++ {
			v := int32(w.pos[base+3*i+c])
			if m.moves(i) != invert {
				v += m.dv[c]
				if v < -maxDrift || v > maxDrift {
					w.err = errDrift
					w.pos = w.pos[:id*3*n]
					return
				}
			}
			w.pos = append(w.pos, int16(v))
		}
	}
	w.parent = append(w.parent, x)
	w.hash = append(w.hash, h)
	w.seen[slot] = int32(id + 1)
	if 2*len(w.parent) > len(w.seen) {
		w.rehash()
	}
}

// probe returns the slot of the known node equal to candidate m (or, for
// m == nil, to node 0), or the empty slot where it belongs.
func (w *worker) probe(h uint64, m *move) int {
	mask := uint64(len(w.seen) - 1)
	for i := (h * 0x9E3779B97F4A7C15) >> 32 & mask; ; i = (i + 1) & mask {
		y := w.seen[i] - 1
		if y < 0 || (w.hash[y] == h && (m == nil || w.same(y, m))) {
			return int(i)
		}
	}
}

// same reports whether node y has the relative positions of candidate m.
func (w *worker) same(y int32, m *move) bool {
	n := w.n
	a := w.pos[int(y)*3*n : (int(y)+1)*3*n]
	b := w.pos[int(m.from)*3*n : (int(m.from)+1)*3*n]
	var b0 [3]int32 // where the candidate's first piece is
	for c := 0; c < 3; c++ {
		b0[c] = int32(b[c])
		if m.moves(0) {
			b0[c] += m.dv[c]
		}
	}
	for i := 1; i < n; i++ {
		mv := m.moves(i)
		for c := 0; c < 3; c++ {
			bi := int32(b[3*i+c])
			if mv {
				bi += m.dv[c]
			}
			if int32(a[3*i+c])-int32(a[c]) != bi-b0[c] {
				return false
			}
		}
	}
	return true
}

// rehash doubles the known-node table.
func (w *worker) rehash() {
	w.seen = growInt32(w.seen, 2*len(w.seen))
	clear(w.seen)
	mask := uint64(len(w.seen) - 1)
	for y, h := range w.hash {
		i := (h * 0x9E3779B97F4A7C15) >> 32 & mask
		for w.seen[i] != 0 {
			i = (i + 1) & mask
		}
		w.seen[i] = int32(y + 1)
	}
}

func growInt32(s []int32, n int) []int32 {
	if cap(s) < n {
		return make([]int32, n)
	}
	return s[:n]
}

func growBool(s []bool, n int) []bool {
	if cap(s) < n {
		return make([]bool, n)
	}
	return s[:n]
}

func growWords(s []uint64, n int) []uint64 {
	if cap(s) < n {
		return make([]uint64, n)
	}
	return s[:n]
}

func growInt(s []int, n int) []int {
	if cap(s) < n {
		return make([]int, n)
	}
	return s[:n]
}
