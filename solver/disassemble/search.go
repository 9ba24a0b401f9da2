package disassemble

import (
	"context"
	"errors"
	"fmt"
	"math/bits"

	"github.com/burrlab/burrlab/internal/budget"
	"github.com/burrlab/burrlab/internal/splitmix"
	"github.com/burrlab/burrlab/model/grid"
)

// errDrift reports pieces moving further than packed positions can hold
// (see pack). Real puzzles stay far inside; only absurd inputs get here.
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
	slots     []int // the assembly's placed pieces
	orient    []int
	slotStack []int
	posStack  []int64    // packed
	recs      []splitRec // the separations found (see splitRec)
	recPieces []int
	recVecs   []grid.Vec
	// partial goes on taking apart what does come apart when a group
	// stays stuck, and notes such groups in interlocked (see Partial).
	partial     bool
	interlocked [][]int

	// The sub-puzzle being searched.
	n       int
	shape   []uint16 // per piece: index into d.shapes
	weight  []int
	uniform bool     // all weights equal: the moving side is never swapped
	pair    []uint64 // i*n+j: cache id of the shapes of pieces i and j
	cached  bool     // false for sub-puzzles too big for the cache's ids
	hs      *nodeHashes

	// Node store, in discovery (breadth-first) order, which is also the
	// queue of the search. Node k's positions are pos[nk : n(k+1)], one
	// per piece, packed, in the assembly's frame. Nodes are the same when
	// they differ by a translation of the whole puzzle; hash is invariant
	// under translations (see nodeHashes).
	pos    []int64
	parent []int32
	hash   []uint64
	seen   []int32 // open-addressing set of nodes (id+1; 0 is empty)
	limit  int     // most nodes the memory limit allows (Disassembler.maxBytes)
	err    error   // sticky error of the current search

	// Movement analysis of the node being expanded; see analysis.go.
	// They are kept from node to node and updated (see analyse).
	bound    []int32  // (sd*n+i)*n+j: how far i can move along signed direction sd with j held
	analysed bool     // mat and the relations describe the node at last
	last     []int64  // positions of the node analysed last
	shift    []int64  // per piece: how far it moved since
	words    int      // words of a piece set (bit mask)
	touch    []uint64 // (sd*n+i)*words: the pieces i pushes at once when moving along sd
	near     []uint64 // (sd*n+i)*words: the pieces i pushes when moving 1 along sd
	block    []uint64 // (sd*n+i)*words: the pieces i runs into sooner or later along sd
	reach    []int32  // per piece: distance at which it gets pushed along (bottleneck)
	settled  []int32  // per piece: pushOrder is done with it
	order    []int32  // pieces in the order they get pushed along
	sorted   []int32  // the distances at which they do
	removed  []bool   // per piece: taken away in the separation found

	moves moveList
	group []uint64 // scratch piece sets
	union []uint64
	spare []uint64
	todo  []uint64
	delta []int64 // step's candidate: per piece, the move from its parent
}

func newWorker(d *Disassembler) *worker { return &worker{d: d} }

// nodeHashes are the coefficients of the node hash of a sub-puzzle of n
// pieces. The hash is linear in the packed positions, sum coef*pos, with
// coefficients summing to zero: translating the whole puzzle leaves it
// unchanged, and moving a group by k steps along an axis adds k times the
// sum of the group's unit values. The coefficients are fixed pseudo-random
// numbers (SplitMix64).
type nodeHashes struct {
	coef []uint64 // per piece
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
	h.coef = make([]uint64, n)
	seed := uint64(0x243F6A8885A308D3)
	var sum uint64
	for i := range h.coef {
		h.coef[i] = splitmix.Mix(seed)
		seed += 0x9E3779B97F4A7C15
		if i > 0 {
			sum += h.coef[i]
		}
	}
	h.coef[0] = -sum
	dirs := w.d.rules.dirs
	h.unit = make([]uint64, n*len(dirs))
	for i := 0; i < n; i++ {
		for ax, d := range dirs {
			h.unit[i*len(dirs)+ax] = h.coef[i] * uint64(pack(d))
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

// load sets up a search of the pieces slots, in the orientations
// worker.orient (per slot), starting at positions start (packed).
func (w *worker) load(slots []int, start []int64) {
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
		h += w.hs.coef[i] * uint64(v)
	}
	w.hash = append(w.hash[:0], h)
	w.err = nil
	w.limit = int(min(w.d.maxBytes/nodeBytes(n), 1<<31-1))
	w.seen = growInt32(w.seen, 64)
	clear(w.seen)
	w.seen[w.probe(h, -1)] = 1

	w.words = (n + 63) / 64
	w.removed = growBool(w.removed, n)
	w.group = growWords(w.group, w.words)
	w.analysed = false
}

// prepare sizes the buffers of the analysis and the moves, which searches
// that end at their first node (quickRemoval) never need.
func (w *worker) prepare() {
	n, axes, words := w.n, w.d.rules.axes(), w.words
	w.bound = growInt32(w.bound, 2*axes*n*n)
	w.last = growInt64(w.last, n)
	w.shift = growInt64(w.shift, n)
	w.touch = growWords(w.touch, 2*axes*n*words)
	w.block = growWords(w.block, 2*axes*n*words)
	w.near = growWords(w.near, 2*axes*n*words)
	clear(w.touch) // the diagonal stays empty
	clear(w.near)
	clear(w.block)
	w.settled = growInt32(w.settled, n)
	w.reach = growInt32(w.reach, n)
	w.moves.words = words
	w.union = growWords(w.union, words)
	w.spare = growWords(w.spare, words)
	w.todo = growWords(w.todo, words)
	w.delta = growInt64(w.delta, n)
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
		if x == 0 {
			if f, ok := w.quickRemoval(x); ok {
				return f, true, nil
			}
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

// step adds the node reached from x by moving the pieces in group by k
// along sd, unless it is known; unit is the group's unit hash along sd's
// axis (unitOf). The heavier side stays put: then the other pieces move
// the opposite way, which is the same node.
func (w *worker) step(x int32, group []uint64, unit uint64, k int32, sd int) {
	n := w.n
	if sd&1 != 0 {
		k = -k
	}
	dv := int64(k) * pack(w.d.rules.dirs[sd>>1])
	// The candidate is node x plus delta, piece by piece.
	delta := w.delta[:n]
	for i := range delta {
		delta[i] = int64(group[i>>6]>>(i&63)&1) * dv
	}
	h := w.hash[x] + uint64(int64(k))*unit
	slot := w.probe(h, x)
	if w.seen[slot] != 0 {
		return
	}
	if !w.uniform && w.heavier(group) {
		// The others move by -dv instead: the same relative positions.
		for i := range delta {
			delta[i] -= dv
		}
	}
	id := len(w.parent)
	if id >= w.limit {
		w.err = &budget.Error{
			What:  fmt.Sprintf("taking apart %d pieces (%d positions so far, in this search's share of the budget)", n, id),
			Need:  budget.Mul(int64(id+1), nodeBytes(n)),
			Limit: w.d.maxBytes,
		}
		return
	}
	for i, p := range w.pos[int(x)*n : (int(x)+1)*n] {
		q := p + delta[i]
		if delta[i] != 0 && !fits32(unpack(q), maxDrift) {
			w.err = errDrift
			w.pos = w.pos[:id*n]
			return
		}
		w.pos = append(w.pos, q)
	}
	w.parent = append(w.parent, x)
	w.hash = append(w.hash, h)
	w.seen[slot] = int32(id + 1)
	if 2*len(w.parent) > len(w.seen) {
		w.rehash()
	}
}

// nodeBytes is what one node of a search of n pieces may take: its
// positions, parent and hash, twice over for the slack of growing slices,
// and up to four slots of the known-node table (rehash doubles it at half
// load).
func nodeBytes(n int) int64 {
	return 2*(8*int64(n)+4+8) + 4*4
}

// probe returns the slot of the known node with hash h equal to the
// candidate, node from plus w.delta (or, for from < 0, to node 0), or the
// empty slot where it belongs.
func (w *worker) probe(h uint64, from int32) int {
	mask := uint64(len(w.seen) - 1)
	for i := w.home(h); ; i = (i + 1) & mask {
		y := w.seen[i] - 1
		if y < 0 || (w.hash[y] == h && (from < 0 || w.same(y, from))) {
			return int(i)
		}
	}
}

// same reports whether node y has the relative positions of the candidate
// node from plus w.delta: whether it is the candidate translated by the
// first piece's difference. The hashes matched, so the answer is almost
// always yes: the comparison runs to the end without branches.
func (w *worker) same(y, from int32) bool {
	n := w.n
	a := w.pos[int(y)*n : int(y)*n+n]
	b := w.pos[int(from)*n : int(from)*n+n]
	delta := w.delta[:n]
	b, delta = b[:len(a)], delta[:len(a)]
	t := a[0] - b[0] - delta[0]
	var diff int64
	for i, p := range a {
		diff |= (p - b[i] - delta[i]) ^ t
	}
	return diff == 0
}

// home returns the slot where a node with hash h belongs. Hashes of nodes
// that differ along y or z differ in high bits only (see pack), so the
// slot comes from the top bits of a multiplicative mix.
func (w *worker) home(h uint64) uint64 {
	return (h ^ h>>32) * 0x9E3779B97F4A7C15 >> (64 - bits.TrailingZeros(uint(len(w.seen))))
}

// rehash doubles the known-node table.
func (w *worker) rehash() {
	w.seen = growInt32(w.seen, 2*len(w.seen))
	clear(w.seen)
	mask := uint64(len(w.seen) - 1)
	for y, h := range w.hash {
		i := w.home(h)
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

func growInt64(s []int64, n int) []int64 {
	if cap(s) < n {
		return make([]int64, n)
	}
	return s[:n]
}
