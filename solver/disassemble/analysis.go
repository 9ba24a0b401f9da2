package disassemble

import (
	"context"
	"math/bits"
)

// The movement analysis of one node, after Bill Cutler ("Computer Analysis
// of All 6-Piece Burrs") as BurrTools does it (algorithms.md §4.3-4.4).
//
// For each axis, mat says how far each piece can move along +axis while
// another piece stays put, looking at the two pieces alone. Moving piece q
// by k along a signed direction sd pushes along every piece j with
// bound(sd, q, j) < k, then every piece those push, and so on. A move is
// valid when at most half the pieces move (moving the others the opposite
// way is the same node).
//
// BurrTools first tightens the matrices with Cutler's closure
// m[i][j] = min(m[i][j], m[i][c] + m[c][j]). That can't change a pushed set:
// a closed value below k is a chain of values below k, which pushing
// follows anyway. So we skip it. BurrTools then grows the pushed set for
// every piece, direction and distance; we get the same sets cheaper, from
// the transitive closures of two relations as bit masks: "touch" (pushed at
// once, bound 0) and "block" (met at some finite distance). They settle
// most cases; only pieces that can move at all need exact push distances.

// distances returns how far piece i can move along each axis before it
// runs into piece j at offset off, from the cache when it is known.
func (w *worker) distances(i, j int, off [3]int16) [maxAxes]int32 {
	var v [maxAxes]int32
	if !w.cached {
		w.d.distances(int(w.shape[i]), int(w.shape[j]), vec{int32(off[0]), int32(off[1]), int32(off[2])}, &v)
		return v
	}
	k := key(w.pair[i*w.n+j], off)
	if v, ok := w.cache.get(k); ok {
		return v
	}
	w.d.distances(int(w.shape[i]), int(w.shape[j]), vec{int32(off[0]), int32(off[1]), int32(off[2])}, &v)
	w.cache.put(k, v)
	return v
}

// analyse builds the movement matrices of node x and, for every signed
// direction, the touch and block relations (not yet closed: removal and
// finiteMoves close them when they need them).
func (w *worker) analyse(x int32) {
	n, axes, words := w.n, w.d.rules.axes(), w.words
	p := w.pos[int(x)*3*n : (int(x)+1)*3*n]
	clear(w.touch)
	clear(w.block)
	for i := 0; i < n; i++ {
		for j := 0; j < n; j++ {
			if i == j {
				continue
			}
			// Most pairs sit as they did in the node analysed before
			// (siblings differ by one group's move), so remember the
			// last offset of each pair before asking the cache.
			off := [3]int16{p[3*j] - p[3*i], p[3*j+1] - p[3*i+1], p[3*j+2] - p[3*i+2]}
			ij := i*n + j
			if w.lastOff[ij] != off {
				w.lastOff[ij], w.lastVal[ij] = off, w.distances(i, j, off)
			}
			v := &w.lastVal[ij]
			for ax := 0; ax < axes; ax++ {
				w.mat[(ax*n+i)*n+j] = v[ax]
				if v[ax] >= removable {
					continue
				}
				// Along -axis the roles swap: bound(-axis, j, i) = m[i][j].
				plus, minus := 2*ax*n*words, (2*ax+1)*n*words
				w.block[plus+i*words+j>>6] |= 1 << (j & 63)
				w.block[minus+j*words+i>>6] |= 1 << (i & 63)
				if v[ax] == 0 {
					w.touch[plus+i*words+j>>6] |= 1 << (j & 63)
					w.touch[minus+j*words+i>>6] |= 1 << (i & 63)
				}
			}
		}
	}
}

// transitive closes relations given as one bit mask per piece, n masks
// per relation (Warshall's algorithm on bit sets): afterwards row i holds
// every piece reachable from i.
func (w *worker) transitive(rels []uint64) {
	for len(rels) > 0 {
		w.close(rels[:w.n*w.words])
		rels = rels[w.n*w.words:]
	}
}

func (w *worker) close(rel []uint64) {
	n, words := w.n, w.words
	if words == 1 { // the usual case, at most 64 pieces
		rel = rel[:n]
		for k, rk := range rel {
			for i, ri := range rel {
				// Without a branch: they are unpredictable.
				rel[i] = ri | rk&-(ri>>k&1)
			}
		}
		return
	}
	for k := 0; k < n; k++ {
		rowk := rel[k*words : k*words+words]
		kw, kb := k>>6, uint64(1)<<(k&63)
		for i := 0; i < n; i++ {
			rowi := rel[i*words : i*words+words]
			if rowi[kw]&kb == 0 {
				continue
			}
			for t, v := range rowk {
				rowi[t] |= v
			}
		}
	}
}

// moving puts into set the pieces that move when q does, by the closed
// relation rel, and returns how many they are.
func (w *worker) moving(rel []uint64, q int, set []uint64) int {
	words := w.words
	if words == 1 {
		v := rel[q] | 1<<q
		set[0] = v
		return bits.OnesCount64(v)
	}
	c := 0
	for t, v := range rel[q*words : q*words+words] {
		if t == q>>6 {
			v |= 1 << (q & 63)
		}
		set[t] = v
		c += bits.OnesCount64(v)
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
	for _, limit := range [2]int{1, n / 2} {
		if limit > 1 {
			// A single piece needs an empty row; groups need the closure.
			w.transitive(w.block[:dirs*n*words])
		}
		for sd := 0; sd < dirs; sd++ {
			rel := w.block[sd*n*words : (sd+1)*n*words]
			for q := 0; q < n; q++ {
				c := w.moving(rel, q, w.group)
				if c > limit {
					continue
				}
				f := found{node: x, dir: sd, count: c}
				invert := !w.uniform && w.heavier(w.group)
				if invert {
					f.dir ^= 1
					f.count = n - c
				}
				for j := range w.removed[:n] {
					w.removed[j] = (w.group[j>>6]>>(j&63)&1 != 0) != invert
				}
				return f, true
			}
		}
	}
	return found{}, false
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
	// bound(sd, i, j) = m[base + i*rs + j*cs].
	m, base, rs, cs := w.mat, (sd>>1)*n*n, n, 1
	if sd&1 != 0 {
		rs, cs = 1, n
	}
	// The pieces not settled yet and their distances so far.
	ids, dist := w.ids[:0], w.reach[:0]
	for j := 0; j < n; j++ {
		if j != q {
			ids, dist = append(ids, int32(j)), append(dist, m[base+q*rs+j*cs])
		}
	}
	w.order, w.sorted = w.order[:0], w.sorted[:0]
	for len(w.order) < limit && len(ids) > 0 {
		bi, best := 0, dist[0]
		for t, v := range dist[1:] {
			if v < best {
				bi, best = t+1, v
			}
		}
		if best >= free {
			return // the rest is never pushed
		}
		bj := ids[bi]
		w.order, w.sorted = append(w.order, bj), append(w.sorted, best)
		last := len(ids) - 1
		ids[bi], dist[bi] = ids[last], dist[last]
		ids, dist = ids[:last], dist[:last]
		row := base + int(bj)*rs
		for t, j := range ids {
			dist[t] = min(dist[t], max(best, m[row+int(j)*cs]))
		}
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
	w.transitive(w.touch[:dirs*n*words])
	for sd := 0; sd < dirs; sd++ {
		ax := sd >> 1
		w.moves.reset()
		rel := w.touch[sd*n*words : (sd+1)*n*words]
		for q := 0; q < n; q++ {
			if w.moving(rel, q, w.group) > half {
				continue // even one step pushes too many pieces
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
				if w.moves.find(w.group, k) >= 0 {
					continue
				}
				e := w.moves.add(w.group, k)
				w.step(x, w.group, unit, k, sd)
				w.merge(ctx, x, e, k, sd)
				if w.err != nil {
					return
				}
			}
		}
	}
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
