package disassemble

import (
	"context"
	"errors"
)

// errDrift reports pieces moving further than 16-bit node coordinates can
// hold. Real puzzles stay far inside; only absurd inputs get here.
var errDrift = errors.New("disassembler: pieces moved too far from the origin")

// worker holds everything one goroutine needs to disassemble: the cache of
// pairwise distances, which lives as long as the worker, and the buffers of
// one breadth-first search, reused from sub-puzzle to sub-puzzle.
type worker struct {
	d     *Disassembler
	cache pairCache
	stuck stuckSets
	tick  int // work since the last cancellation check

	// The sub-puzzle being searched.
	n      int
	shape  []uint16 // per piece: index into d.shapes
	weight []int
	pair   []uint64 // i*n+j: cache id of the shapes of pieces i and j
	cached bool     // false for sub-puzzles too big for the cache's ids
	coef   []uint64 // 3i+c: hash coefficient of coordinate c of piece i

	// Node store, in discovery (breadth-first) order, which is also the
	// queue of the search. Node k's positions are pos[3nk : 3n(k+1)],
	// x y z per piece, in the assembly's frame. Nodes are the same when
	// they differ by a translation of the whole puzzle; hash is invariant
	// under translations (see load).
	pos    []int16
	parent []int32
	hash   []uint64
	seen   []int32 // open-addressing set of nodes (id+1; 0 is empty)
	err    error   // sticky error of the current search

	// Movement analysis of the node being expanded; see analysis.go.
	mat    []int32  // (axis*n+i)*n+j: how far i can move along +axis with j held
	words  int      // words of a piece set (bit mask)
	touch  []uint64 // (sd*n+i)*words: the pieces i pushes at once when moving along sd
	block  []uint64 // (sd*n+i)*words: the pieces i runs into sooner or later along sd
	reach  []int32  // per piece: distance at which it gets pushed along (bottleneck)
	done   []bool
	order  []int32 // pieces in the order they get pushed along
	sorted []int32 // the distances at which they do

	moves moveList
	group []uint64 // scratch piece sets
	union []uint64
}

func newWorker(d *Disassembler) *worker { return &worker{d: d} }

// found describes the first separation of a search: in node, the pieces
// marked in removed can be taken away along signed direction dir.
type found struct {
	node    int32
	removed []bool
	dir     int
}

// load sets up a search of the pieces slots, in orientations orient (per
// slot), starting at positions start (x y z per piece).
func (w *worker) load(slots []int, orient []int, start []int16) {
	n := len(slots)
	w.n = n
	w.shape, w.weight = w.shape[:0], w.weight[:0]
	for _, s := range slots {
		w.shape = append(w.shape, uint16(w.d.shapeOf(s, orient[s])))
		w.weight = append(w.weight, w.d.weight[s])
	}
	w.pair = w.pair[:0]
	w.cached = w.cache.reserve(n*n, len(w.d.shapes))
	for i := 0; w.cached && i < n; i++ {
		for j := 0; j < n; j++ {
			w.pair = append(w.pair, w.cache.pairID(w.shape[i], w.shape[j]))
		}
	}
	// The node hash is linear in the coordinates, sum coef*pos, with the
	// coefficients of each axis summing to zero: translating the whole
	// puzzle leaves it unchanged, and a move changes it by an amount that
	// needs only the moving pieces. The coefficients are fixed
	// pseudo-random numbers (SplitMix64).
	w.coef = w.coef[:0]
	seed := uint64(0x243F6A8885A308D3)
	for i := 0; i < 3*n; i++ {
		seed += 0x9E3779B97F4A7C15
		z := (seed ^ seed>>30) * 0xBF58476D1CE4E5B9
		z = (z ^ z>>27) * 0x94D049BB133111EB
		w.coef = append(w.coef, z^z>>31)
	}
	for c := 0; c < 3; c++ {
		var sum uint64
		for i := 1; i < n; i++ {
			sum += w.coef[3*i+c]
		}
		w.coef[c] = -sum
	}

	w.pos = append(w.pos[:0], start...)
	w.parent = append(w.parent[:0], -1)
	var h uint64
	for i, v := range start {
		h += w.coef[i] * uint64(int64(v))
	}
	w.hash = append(w.hash[:0], h)
	w.err = nil
	w.seen = growInt32(w.seen, 1024)
	clear(w.seen)
	w.seen[w.probe(h, nil)] = 1

	axes := w.d.rules.axes()
	w.words = (n + 63) / 64
	w.mat = growInt32(w.mat, axes*n*n)
	w.touch = growWords(w.touch, 2*axes*n*w.words)
	w.block = growWords(w.block, 2*axes*n*w.words)
	w.reach = growInt32(w.reach, n)
	w.done = growBool(w.done, n)
	w.moves.words = w.words
	w.group = growWords(w.group, w.words)
	w.union = growWords(w.union, w.words)
}

// search runs the breadth-first search from node 0 and returns the first
// separation, or nil when the sub-puzzle can't be taken apart. A node can
// be reached again only by a path at least as long, so keeping every node
// in one set finds the same nodes, with the same parents, as BurrTools'
// three fronts, without expanding any node twice.
func (w *worker) search(ctx context.Context) (*found, error) {
	for x := int32(0); int(x) < len(w.parent); x++ {
		if err := w.poll(ctx, w.n*w.n); err != nil {
			return nil, err
		}
		w.analyse(x)
		if f := w.removal(x); f != nil {
			return f, nil
		}
		w.finiteMoves(ctx, x)
		if w.err != nil {
			return nil, w.err
		}
	}
	return nil, nil
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
// along sd, unless it is known. The heavier side stays put: then the other
// pieces move the opposite way, which is the same node.
func (w *worker) step(x int32, group []uint64, k int32, sd int) {
	n := w.n
	d := w.d.rules.dirs[sd>>1]
	if sd&1 != 0 {
		k = -k
	}
	m := move{from: x, group: group, dv: [3]int32{d[0] * k, d[1] * k, d[2] * k}}
	h := w.hash[x]
	mw, sw := 0, 0
	for i := 0; i < n; i++ {
		if m.moves(i) {
			h += (w.coef[3*i]*uint64(int64(m.dv[0])) + w.coef[3*i+1]*uint64(int64(m.dv[1])) + w.coef[3*i+2]*uint64(int64(m.dv[2])))
			mw = max(mw, w.weight[i])
		} else {
			sw = max(sw, w.weight[i])
		}
	}
	slot := w.probe(h, &m)
	if w.seen[slot] != 0 {
		return
	}
	invert := sw < mw
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
