package assemble

import "github.com/burrlab/burrlab/solver/cover"

// axisCuts narrows the search where trimBreaker cannot: a placement x of
// the breaker that some symmetries H of the result map onto itself (the
// X pentomino on the middle line of the 5x12 box, turned over about its
// long axis). The search then finds an assembly with the breaker at x and
// its images under H, and the filter keeps at most one of them.
//
// The filter (smallerLazy) compares a variant with the original slot by
// slot: the pivot first (the breaker's slot), then slots 0, 1, ... in
// order, skipping the pivot. A variant under h in H has the pivot at x
// as the original has, so the first slot that settles it is "next", the
// first slot other than the pivot. Where next's part has a single slot,
// the variant holds there h(p), the image of the original's placement p,
// as image computes it: if h(p) is smaller than p (plc.less), the
// variant is smaller and the filter drops the assembly. Every turn that
// pivotTurns allows builds a valid variant of every assembly (each piece
// turns in a proper orientation, no piece changes parts), so the filter
// does compare it. Hence no assembly with the breaker at x and next's
// part at such a p is ever kept, whatever the other pieces; where h(p)
// == p or h(p) is larger, nothing is said and nothing is cut.
//
// The cover problem says so with one secondary column [0, 1] per set H
// that occurs: the breaker's placements fixed by exactly H put 1 into
// it, and so does each placement p of next's part with h(p) smaller than
// p for some h in H. Only one breaker placement is taken, so the column
// forbids just those p beside it. The assemblies left out are all ones
// the filter drops; the kept ones and their count are unchanged. In the
// 5x12 box (X the breaker, F in slot 0) the search found 1,308
// assemblies for 1,010 kept, the mirror images across the middle line
// twice, in 277,897 nodes; with the cuts it finds the 1,010 in 237,008.
type axisCuts struct {
	col0 int       // the first cut column
	n    int       // cut columns
	cols [][]int32 // cols[row]: the cut columns (from col0) the row fills
}

// planAxis decides whether axisCuts applies and returns it, or nil: the
// filter compares from a pivot, some breaker placements are fixed by a
// turn pivotTurns allows, and the first slot after the pivot belongs to
// a part with one slot.
func (a *Assembler) planAxis() *axisCuts {
	use := a.pivotTurns()
	f := a.filter
	if use == nil || len(f.trans) > 64 {
		return nil
	}
	b := a.plan.breaker
	next := 0
	if f.pivot == 0 {
		next = 1
	}
	if a.parts[b].max != 1 || a.slotStart[b] != f.pivot || next >= len(a.slotPart) {
		return nil
	}
	q := a.slotPart[next]
	if a.parts[q].max != 1 {
		return nil
	}
	c := &axisCuts{cols: make([][]int32, len(a.rows))}
	var sets []uint64 // the turn sets H, one per column
	for r := range a.rows {
		pl := &a.rows[r]
		if int(pl.part) != b {
			continue
		}
		x := plc{t: pl.t, p: pl.pos}
		var h uint64
		var y plc
		for k := range f.trans {
			if use[k] && f.image(b, &x, k, &y) && y == x {
				h |= 1 << k
			}
		}
		if h == 0 {
			continue
		}
		i := 0
		for i < len(sets) && sets[i] != h {
			i++
		}
		if i == len(sets) {
			sets = append(sets, h)
		}
		c.cols[r] = []int32{int32(i)}
	}
	if len(sets) == 0 {
		return nil
	}
	// cut[r] is the sets under which placement r of next's part goes.
	cut := make([][]int32, len(a.rows))
	used := make([]bool, len(sets))
	for r := range a.rows {
		pl := &a.rows[r]
		if int(pl.part) != q {
			continue
		}
		p := plc{t: pl.t, p: pl.pos}
		for i, h := range sets {
			for k := range f.trans {
				if h&(1<<k) == 0 {
					continue
				}
				if y := (plc{}); f.image(q, &p, k, &y) && int(y.t) < f.n && y.less(p) {
					cut[r] = append(cut[r], int32(i))
					used[i] = true
					break
				}
			}
		}
	}
	// A set that cuts nothing (a mirror in the plane of a flat box fixes
	// every flat piece) gets no column.
	col := make([]int32, len(sets))
	for i := range sets {
		col[i] = -1
		if used[i] {
			col[i] = int32(c.n)
			c.n++
		}
	}
	if c.n == 0 {
		return nil
	}
	for r := range a.rows {
		var out []int32
		for _, i := range c.cols[r] {
			if col[i] >= 0 {
				out = append(out, col[i])
			}
		}
		for _, i := range cut[r] {
			out = append(out, col[i])
		}
		c.cols[r] = out
	}
	return c
}

// addColumns appends the cut columns.
func (c *axisCuts) addColumns(cols []cover.Column) []cover.Column {
	c.col0 = len(cols)
	for range c.n {
		cols = append(cols, cover.Column{Secondary: true, Max: 1})
	}
	return cols
}

// extend adds row r's entries in the cut columns (weight 1).
func (c *axisCuts) extend(r int, cs []int) []int {
	for _, i := range c.cols[r] {
		cs = append(cs, c.col0+int(i))
	}
	return cs
}
