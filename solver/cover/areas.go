package cover

import "math/bits"

// Areas describes the geometry behind some of a problem's columns: they
// are the cells of a space, and Adj says which cells touch. The search
// uses it to prune packings: once some rows are taken, the cells still
// open fall into connected regions, and where every row covers a
// connected set of cells, each region has to be filled by rows of its
// own. When every row covers a multiple of g cells, a region whose size
// is no multiple of g cannot be filled, and a step that leaves one is
// skipped without entering it (the pentominoes' rule: regions of a
// multiple of 5 cells).
//
// The rule is only used where it holds: compiling the problem (New,
// Take) checks that every cell column has bounds [1, 1] and that the
// cells of every row are connected in Adj, and finds g itself. Otherwise, or when g is 1, Areas are
// ignored. They never change which solutions are found, only how fast.
// They are ignored, too, beyond 128 cells: the test works on the cell
// sets as one or two machine words, and a version for any number of
// words, on slices, cost as much as it saved in a 13x5 box of 65 cells.
type Areas struct {
	// Cells are the problem columns of the cells.
	Cells []int
	// Adj[i] lists the cells touching cell i, as indices into Cells
	// (listing a pair once is enough).
	Adj [][]int
}

// SetAreas gives the problem its cells' geometry (see Areas). The problem
// keeps a and reads it when compiled.
func (p *Problem) SetAreas(a *Areas) { p.areas = a }

// maxAreaWords caps the memory of an area table (8 bytes a word): the
// rule only saves time, and a huge puzzle can do without it.
const maxAreaWords = 1 << 21

// areaTable is Areas compiled for the search: cell sets as bitsets of
// words words (bit i is Cells[i]).
type areaTable struct {
	words int
	unit  int32    // every row covers a multiple of unit cells, unit >= 2
	all   []uint64 // every cell
	nbr   []uint64 // nbr[i*words:]: the cells touching cell i
	// rows[o*words:] is the cells of problem row o. Reduce's rebuilt
	// matrices keep the problem's row numbers, so they share the table.
	rows []uint64
	// ring[o*words:] is the cells two steps or less from problem row
	// o's, not its own (see splits1).
	ring []uint64
}

// compileAreas returns p's area table, or nil when the rule does not
// hold or would not prune (see Areas).
func compileAreas(p *Problem) *areaTable {
	a := p.areas
	if a == nil || len(a.Cells) == 0 || len(a.Adj) != len(a.Cells) {
		return nil
	}
	nc := len(a.Cells)
	words := (nc + 63) / 64
	if words > 2 || (2*p.NumRows()+nc+1)*words > maxAreaWords {
		return nil
	}
	cellOf := make([]int32, len(p.Cols))
	for i := range cellOf {
		cellOf[i] = -1
	}
	for i, c := range a.Cells {
		if c < 0 || c >= len(p.Cols) || cellOf[c] >= 0 {
			return nil
		}
		if col := p.Cols[c]; col.Min != 1 || col.Max != 1 || col.Hole || col.Secondary {
			return nil
		}
		cellOf[c] = int32(i)
	}
	// The rows' sizes first: most problems whose pieces differ in size
	// stop here, before any set is built.
	unit := 0
	for r := 0; r < p.NumRows() && unit != 1; r++ {
		cols, _ := p.Row(r)
		n := 0
		for _, c := range cols {
			if cellOf[c] >= 0 {
				n++
			}
		}
		unit = gcd(unit, n)
	}
	if unit < 2 {
		return nil
	}
	t := &areaTable{
		words: words, unit: int32(unit),
		all:  make([]uint64, words),
		nbr:  make([]uint64, nc*words),
		rows: make([]uint64, p.NumRows()*words),
	}
	for i, adj := range a.Adj {
		t.all[i>>6] |= 1 << (uint(i) & 63)
		for _, j := range adj {
			if j < 0 || j >= nc {
				return nil
			}
			// Touching goes both ways, whichever way Adj lists it.
			t.nbr[i*words+j>>6] |= 1 << (uint(j) & 63)
			t.nbr[j*words+i>>6] |= 1 << (uint(i) & 63)
		}
	}
	region := make([]uint64, words)
	for r := 0; r < p.NumRows(); r++ {
		cols, _ := p.Row(r)
		set := t.rows[r*words : (r+1)*words]
		for _, c := range cols {
			if i := cellOf[c]; i >= 0 {
				set[i>>6] |= 1 << (uint(i) & 63)
			}
		}
		if !t.connected(set, region) {
			return nil
		}
	}
	t.ring = make([]uint64, len(t.rows))
	near, grown := make([]uint64, words), make([]uint64, words)
	for o := 0; o < p.NumRows(); o++ {
		set := t.rows[o*words : (o+1)*words]
		copy(near, set)
		for range 2 {
			copy(grown, near)
			t.grow(grown, t.all, near)
			copy(near, grown)
		}
		for i := range near {
			t.ring[o*words+i] = near[i] &^ set[i]
		}
	}
	return t
}

// connected reports whether the cells in set are connected (an empty set
// is); scratch is words long.
func (t *areaTable) connected(set, scratch []uint64) bool {
	clear(scratch)
	for i, x := range set {
		if x != 0 {
			scratch[i] = x & -x
			break
		}
	}
	for t.grow(scratch, set, scratch) {
	}
	for i, x := range set {
		if scratch[i] != x {
			return false
		}
	}
	return true
}

// grow adds to region the cells of open that touch the cells of front
// and reports whether it added any. front may be region itself.
func (t *areaTable) grow(region, open, front []uint64) bool {
	w := t.words
	added := false
	for k, x := range front {
		for x != 0 {
			i := k<<6 + bits.TrailingZeros64(x)
			x &= x - 1
			n := t.nbr[i*w : (i+1)*w]
			for j := range n {
				if b := n[j] & open[j] &^ region[j]; b != 0 {
					region[j] |= b
					added = true
				}
			}
		}
	}
	return added
}

// areaSplits reports whether taking row r at level d leaves a region of
// open cells that no rows can fill, its size no multiple of the unit.
// Only the regions next to r's cells are looked at: the others were
// there before r. A flood from one of r's open neighbours that reaches
// all the others shows that r cut nothing off, which is what most steps
// find within a few cells.
func (w *worker) areaSplits(d int, r int32) bool {
	t := w.m.areas
	o := int(w.m.rowOrig[r])
	fill := w.levels[d].fill
	if t.words == 1 {
		return t.splits1(fill[0], t.rows[o], t.ring[o])
	}
	return t.splits2(cells2{fill[0], fill[1]}, cells2{t.rows[2*o], t.rows[2*o+1]}, cells2{t.ring[2*o], t.ring[2*o+1]})
}

// splits1 is areaSplits for cells that fit in one word: fill is the
// cells covered, rc the row's, ring the cells near it.
func (t *areaTable) splits1(fill, rc, ring uint64) bool {
	open := t.all[0] &^ (fill | rc)
	seeds := t.around1(rc) & open
	if seeds&(seeds-1) == 0 {
		return false
	}
	// Most steps cut nothing: their open neighbours are joined through
	// open cells close to the row, which a flood through those alone
	// shows at little cost.
	if _, all := t.flood1(seeds, ring&open); all {
		return false
	}
	// Otherwise each region beside the row in turn, but the last: what
	// is left of the row's region once the others are off is a multiple
	// of the unit if that region was.
	for seeds&(seeds-1) != 0 {
		region, all := t.flood1(seeds, open)
		if all {
			return false
		}
		if int32(bits.OnesCount64(region))%t.unit != 0 {
			return true
		}
		open &^= region
		seeds &^= region
	}
	return false
}

// around1 returns the cells touching those of a (one word of cells).
func (t *areaTable) around1(a uint64) uint64 {
	n := uint64(0)
	for x := a; x != 0; x &= x - 1 {
		n |= t.nbr[bits.TrailingZeros64(x)]
	}
	return n
}

// flood1 fills the region of the cells of within that holds the first of
// seeds, and reports all when it holds every seed (it stops there).
func (t *areaTable) flood1(seeds, within uint64) (region uint64, all bool) {
	region = seeds & -seeds
	for front := region; ; {
		next := t.around1(front) & within &^ region
		if next == 0 {
			return region, false
		}
		if region |= next; seeds&^region == 0 {
			return region, true
		}
		front = next
	}
}

// gcd returns the greatest common divisor of a and b (gcd(0, b) = b).
func gcd(a, b int) int {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

// cells2 is a set of up to 128 cells, in two words.
type cells2 struct{ lo, hi uint64 }

func (a cells2) and(b cells2) cells2    { return cells2{a.lo & b.lo, a.hi & b.hi} }
func (a cells2) or(b cells2) cells2     { return cells2{a.lo | b.lo, a.hi | b.hi} }
func (a cells2) andNot(b cells2) cells2 { return cells2{a.lo &^ b.lo, a.hi &^ b.hi} }
func (a cells2) empty() bool            { return a.lo|a.hi == 0 }
func (a cells2) count() int             { return bits.OnesCount64(a.lo) + bits.OnesCount64(a.hi) }

// first returns the first cell of a non-empty set, as a set.
func (a cells2) first() cells2 {
	if a.lo != 0 {
		return cells2{lo: a.lo & -a.lo}
	}
	return cells2{hi: a.hi & -a.hi}
}

// around2 returns the cells touching those of a (two words of cells).
func (t *areaTable) around2(a cells2) cells2 {
	var n cells2
	nbr := t.nbr
	for x := a.lo; x != 0; x &= x - 1 {
		i := 2 * bits.TrailingZeros64(x)
		n.lo |= nbr[i]
		n.hi |= nbr[i+1]
	}
	for x := a.hi; x != 0; x &= x - 1 {
		i := 2 * (64 + bits.TrailingZeros64(x))
		n.lo |= nbr[i]
		n.hi |= nbr[i+1]
	}
	return n
}

// splits2 is splits1 for cells that fit in two words. One version on
// two words for both sizes was 2 to 3% slower on the 6x10 and 5x12
// boxes.
func (t *areaTable) splits2(fill, rc, ring cells2) bool {
	open := cells2{t.all[0], t.all[1]}.andNot(fill.or(rc))
	seeds := t.around2(rc).and(open)
	if seeds.count() < 2 {
		return false
	}
	if _, all := t.flood2(seeds, ring.and(open)); all {
		return false
	}
	for seeds.count() >= 2 {
		region, all := t.flood2(seeds, open)
		if all {
			return false
		}
		if int32(region.count())%t.unit != 0 {
			return true
		}
		open = open.andNot(region)
		seeds = seeds.andNot(region)
	}
	return false
}

// flood2 is flood1 on two words of cells.
func (t *areaTable) flood2(seeds, within cells2) (region cells2, all bool) {
	region = seeds.first()
	for front := region; ; {
		next := t.around2(front).and(within).andNot(region)
		if next.empty() {
			return region, false
		}
		if region = region.or(next); seeds.andNot(region).empty() {
			return region, true
		}
		front = next
	}
}
