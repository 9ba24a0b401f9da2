package disassemble

import (
	"context"
	"math/bits"
)

// The movement analysis of one node, after Bill Cutler ("Computer Analysis
// of All 6-Piece Burrs") as BurrTools does it (algorithms.md §4.3-4.4).
//
// For each signed direction, bound says how far each piece can move along
// it while another piece stays put, looking at the two pieces alone.
// Moving piece q by k along a signed direction sd pushes along every piece
// j with bound(sd, q, j) < k, then every piece those push, and so on. A
// move is valid when at most half the pieces move (moving the others the
// opposite way is the same node).
//
// Cost: most of a search's time goes into nodes that can't be taken apart,
// so each node's analysis is updated from the node analysed before (only
// pairs of pieces that moved relative to each other), pair distances come
// from a cache, and the sets below are bit masks.
//
// BurrTools first tightens the matrices with Cutler's closure
// m[i][j] = min(m[i][j], m[i][c] + m[c][j]). That can't change a pushed set:
// a closed value below k is a chain of values below k, which pushing
// follows anyway. So we skip it. BurrTools then grows the pushed set for
// every piece, direction and distance; we get the same sets cheaper, from
// what three relations as bit masks reach: "touch" (pushed at once, bound
// 0), "near" (pushed by a move of 1, bound at most 1) and "block" (met at
// some finite distance). They settle most cases, and quickly, since a
// search for what a piece reaches can stop as soon as it exceeds the group
// size allowed; only pieces that can move further than 1 need exact push
// distances.

// distances returns how far piece i can move along each axis, both ways,
// before it runs into piece j at offset off, from the cache when it is
// known.
func (w *worker) distances(i, j int, off int64) pairDistances {
	o := unpack(off)
	if !w.cached {
		return w.d.distances(int(w.shape[i]), int(w.shape[j]), o)
	}
	k := key(w.pair[i*w.n+j], off)
	if v, ok := w.cache.get(k); ok {
		return v
	}
	v := w.d.distances(int(w.shape[i]), int(w.shape[j]), o)
	w.cache.put(k, v)
	return v
}

// analyse builds the movement matrices of node x and, for every signed
// direction, the touch, near and block relations. It updates those of the node
// analysed before, which is usually a sibling: only pairs of pieces whose
// offset changed, that is pieces that moved by different amounts since,
// need new distances.
func (w *worker) analyse(x int32) {
	n := w.n
	if !w.analysed {
		w.prepare()
	}
	p := w.pos[int(x)*n : (int(x)+1)*n]
	shift := w.shift[:n]
	for i := range shift {
		if w.analysed {
			shift[i] = p[i] - w.last[i]
		} else {
			shift[i] = int64(i) << 48 // all different: every pair is new
		}
	}
	w.analysed = true
	copy(w.last, p)
	for i, si := range shift {
		for j := i + 1; j < n; j++ {
			if si != shift[j] {
				w.setPair(i, j, p[j]-p[i])
			}
		}
	}
}

// setPair enters the distances of pieces i and j at offset off (packed)
// into the matrices and relations, both ways.
func (w *worker) setPair(i, j int, off int64) {
	n, words := w.n, w.words
	v := w.distances(i, j, off)
	ib, jb := i*words+j>>6, j*words+i>>6
	ibit, jbit := uint64(1)<<(i&63), uint64(1)<<(j&63)
	for ax := 0; ax < w.d.rules.axes(); ax++ {
		// bound(-axis, j, i) = bound(+axis, i, j) and the other way round.
		plus, minus := v[ax], v[maxAxes+ax]
		w.bound[(2*ax*n+i)*n+j] = plus
		w.bound[((2*ax+1)*n+j)*n+i] = plus
		w.bound[(2*ax*n+j)*n+i] = minus
		w.bound[((2*ax+1)*n+i)*n+j] = minus
		// The bits are set without branches: the values vary. All ones
		// when v < removable, when v <= 1, when v == 0.
		bp, bm := -uint64(uint32(plus-removable)>>31), -uint64(uint32(minus-removable)>>31)
		np, nm := -uint64(uint32(plus-2)>>31), -uint64(uint32(minus-2)>>31)
		tp, tm := -uint64(uint32(plus-1)>>31), -uint64(uint32(minus-1)>>31)
		rp, rm := 2*ax*n*words, (2*ax+1)*n*words // rows of +axis, -axis
		w.block[rp+ib] = w.block[rp+ib]&^jbit | bp&jbit
		w.block[rm+jb] = w.block[rm+jb]&^ibit | bp&ibit
		w.block[rp+jb] = w.block[rp+jb]&^ibit | bm&ibit
		w.block[rm+ib] = w.block[rm+ib]&^jbit | bm&jbit
		w.near[rp+ib] = w.near[rp+ib]&^jbit | np&jbit
		w.near[rm+jb] = w.near[rm+jb]&^ibit | np&ibit
		w.near[rp+jb] = w.near[rp+jb]&^ibit | nm&ibit
		w.near[rm+ib] = w.near[rm+ib]&^jbit | nm&jbit
		w.touch[rp+ib] = w.touch[rp+ib]&^jbit | tp&jbit
		w.touch[rm+jb] = w.touch[rm+jb]&^ibit | tp&ibit
		w.touch[rp+jb] = w.touch[rp+jb]&^ibit | tm&ibit
		w.touch[rm+ib] = w.touch[rm+ib]&^jbit | tm&jbit
	}
}

// closure puts into set piece q and the pieces it reaches by relation rel
// (one bit mask per piece), and returns their number. It stops as soon as
// they are more than limit, returning a number above limit; set is then
// incomplete.
func (w *worker) closure(rel []uint64, q, limit int, set []uint64) int {
	words := w.words
	if words == 1 { // the usual case, at most 64 pieces
		s := rel[q] | 1<<q
		if bits.OnesCount64(s) > limit {
			return limit + 1
		}
		for todo := s &^ (1 << q); todo != 0; {
			i := bits.TrailingZeros64(todo)
			todo &= todo - 1
			if add := rel[i] &^ s; add != 0 {
				s |= add
				todo |= add
				if bits.OnesCount64(s) > limit {
					return limit + 1
				}
			}
		}
		set[0] = s
		return bits.OnesCount64(s)
	}
	todo := w.todo
	clear(set)
	set[q>>6] |= 1 << (q & 63)
	copy(todo, set)
	c := 1
	for t := 0; t < words; {
		if todo[t] == 0 {
			t++
			continue
		}
		i := t<<6 + bits.TrailingZeros64(todo[t])
		todo[t] &= todo[t] - 1
		for u, r := range rel[i*words : (i+1)*words] {
			add := r &^ set[u]
			set[u] |= add
			todo[u] |= add
			c += bits.OnesCount64(add)
		}
		if c > limit {
			return limit + 1
		}
		t = 0 // a piece added may sit in an earlier word
	}
	return c
}

// removal looks for a group that can be taken away from node x, in
// BurrTools' order: first single pieces, then groups of at most half the
// pieces; each in every signed direction (+d0, -d0, +d1, ...), piece by
// piece. The heavier side stays (weights). The group found is left in
// w.removed.
func (w *worker) removal(x int32) (found, bool) {
	n, words, dirs := w.n, w.words, 2*w.d.rules.axes()
	// Single pieces: those that run into nothing.
	for sd := 0; sd < dirs; sd++ {
		rel := w.block[sd*n*words : (sd+1)*n*words]
		for q := 0; q < n; q++ {
			if isEmpty(rel[q*words : (q+1)*words]) {
				clear(w.group)
				w.group[q>>6] |= 1 << (q & 63)
				return w.remove(x, sd, 1), true
			}
		}
	}
	if limit := n / 2; limit > 1 {
		for sd := 0; sd < dirs; sd++ {
			rel := w.block[sd*n*words : (sd+1)*n*words]
			for q := 0; q < n; q++ {
				if c := w.closure(rel, q, limit, w.group); c <= limit {
					return w.remove(x, sd, c), true
				}
			}
		}
	}
	return found{}, false
}

// quickRemoval does removal's first tests, single pieces along +d0, before
// node x is analysed: each needs only the distances from one piece to the
// others, and the first blocked one ends it. Most sub-puzzles come apart
// at once, most often so; then the rest of the analysis is saved.
func (w *worker) quickRemoval(x int32) (found, bool) {
	n := w.n
	p := w.pos[int(x)*n : (int(x)+1)*n]
	for q := 0; q < n; q++ {
		leaves := true
		for j := 0; j < n && leaves; j++ {
			if j != q {
				v := w.distances(q, j, p[j]-p[q])
				leaves = v[0] >= removable
			}
		}
		if leaves {
			clear(w.group)
			w.group[q>>6] |= 1 << (q & 63)
			return w.remove(x, 0, 1), true
		}
	}
	return found{}, false
}

// remove describes taking the c pieces in w.group away from node x along
// sd, or the others the opposite way when those are lighter.
func (w *worker) remove(x int32, sd, c int) found {
	f := found{node: x, dir: sd, count: c}
	invert := !w.uniform && w.heavier(w.group)
	if invert {
		f.dir ^= 1
		f.count = w.n - c
	}
	for j := range w.removed[:w.n] {
		w.removed[j] = (w.group[j>>6]>>(j&63)&1 != 0) != invert
	}
	return f
}

// isEmpty reports whether a set has no pieces.
func isEmpty(set []uint64) bool {
	for _, v := range set {
		if v != 0 {
			return false
		}
	}
	return true
}

// heavier reports whether the pieces in group outweigh the others: then
// the others move the opposite way instead (algorithms.md §4.5).
func (w *worker) heavier(group []uint64) bool {
	mw, sw := 0, 0
	for i, wt := range w.weight {
		if group[i>>6]>>(i&63)&1 != 0 {
			mw = max(mw, wt)
		} else {
			sw = max(sw, wt)
		}
	}
	return sw < mw
}

// pushOrder finds, for moving q along sd, the order in which the other
// pieces get pushed along as the distance grows, and the distance at which
// each joins: the minimum over chains q -> a -> ... -> j of the largest
// bound on the chain. This is Prim's algorithm for bottleneck paths, which
// settles pieces by increasing distance; it stops after settling limit
// pieces. Moving q by k pushes exactly the settled pieces with a distance
// below k. The pieces are in w.order, their distances in w.sorted. Pieces
// at equal distances may come in any order: only the sets matter.
func (w *worker) pushOrder(sd, q, limit int) {
	n := w.n
	bound := w.bound[sd*n*n : (sd+1)*n*n]
	// dist holds each piece's distance so far; settled pieces are marked
	// by settled[j] = done, which keeps their dist at done or above.
	const done = 1 << 30
	dist, settled := w.reach[:n], w.settled[:n]
	copy(dist, bound[q*n:q*n+n])
	clear(settled)
	dist[q], settled[q] = done, done
	best, bj := int32(done), 0
	for j, v := range dist {
		if v < best {
			best, bj = v, j
		}
	}
	w.order, w.sorted = w.order[:0], w.sorted[:0]
	for len(w.order) < limit && best < free {
		w.order, w.sorted = append(w.order, int32(bj)), append(w.sorted, best)
		dist[bj], settled[bj] = done, done
		row := bound[bj*n : bj*n+n]
		row, settled = row[:len(dist)], settled[:len(dist)]
		// Update the distances and find the next piece in one pass.
		prev, next := best, int32(done)
		for j, v := range dist {
			v = min(v, max(prev, row[j])|settled[j])
			dist[j] = v
			if v < next {
				next, bj = v, j
			}
		}
		best = next
	}
}

// finiteMoves adds the nodes reachable from x by one finite move, in
// BurrTools' order: per signed direction, per piece, per distance
// k = 1, 2, ... while at most half the pieces move; each new move is also
// merged with the earlier moves of the same direction and distance (two
// independent groups moving together are one move). It is called only when
// nothing can be removed, so every piece is stopped sooner or later.
func (w *worker) finiteMoves(ctx context.Context, x int32) {
	n, words, axes := w.n, w.words, w.d.rules.axes()
	half, dirs := n/2, 2*axes
	for sd := 0; sd < dirs; sd++ {
		ax := sd >> 1
		w.moves.reset()
		touch := w.touch[sd*n*words : (sd+1)*n*words]
		near := w.near[sd*n*words : (sd+1)*n*words]
		for q := 0; q < n; q++ {
			if w.closure(touch, q, half, w.group) > half {
				continue // even one step pushes too many pieces
			}
			if w.closure(near, q, half, w.spare) > half {
				// Two steps push too many: the one move is w.group by 1.
				w.add(ctx, x, w.group, w.unitOf(w.group, ax), 1, sd)
				if w.err != nil {
					return
				}
				continue
			}
			// The largest k moving at most half the pieces is the
			// distance at which the half-th other piece joins. At least
			// half do join at some distance: otherwise q and those that
			// do could be taken away, and removal would have said so.
			w.pushOrder(sd, q, half)
			kmax := w.sorted[half-1]
			clear(w.group)
			w.group[q>>6] |= 1 << (q & 63)
			unit := w.hs.unit[q*axes+ax]
			joined := 0
			for k := int32(1); k <= kmax; k++ {
				for ; w.sorted[joined] < k; joined++ {
					j := w.order[joined]
					w.group[j>>6] |= 1 << (j & 63)
					unit += w.hs.unit[int(j)*axes+ax]
				}
				w.add(ctx, x, w.group, unit, k, sd)
				if w.err != nil {
					return
				}
			}
		}
	}
}

// add takes the move of group by k along sd from node x, with the group's
// unit hash, unless it was taken already, and then its merges.
func (w *worker) add(ctx context.Context, x int32, group []uint64, unit uint64, k int32, sd int) {
	if w.moves.find(group, k) >= 0 {
		return
	}
	e := w.moves.add(group, k)
	w.step(x, group, unit, k, sd)
	w.merge(ctx, x, e, k, sd)
}

// merge combines move e with the earlier moves of the same distance, newest
// first, and adds the unions that are new moves.
func (w *worker) merge(ctx context.Context, x int32, e int, k int32, sd int) {
	n := w.n
	for f := e - 1; f >= 0; f-- {
		if w.moves.k[f] != k {
			continue
		}
		if err := w.poll(ctx, w.n); err != nil {
			w.err = err
			return
		}
		a, b := w.moves.mask(e), w.moves.mask(f)
		subset, superset := true, true // b ⊆ a, a ⊆ b
		for i := range a {
			u := a[i] | b[i]
			w.union[i] = u
			subset = subset && u == a[i]
			superset = superset && u == b[i]
		}
		if subset || superset || onesCount(w.union) == n {
			continue
		}
		if w.moves.find(w.union, k) >= 0 {
			continue
		}
		w.moves.add(w.union, k)
		w.step(x, w.union, w.unitOf(w.union, sd>>1), k, sd)
		if w.err != nil {
			return
		}
	}
}
