package disassemble

import (
	"cmp"
	"slices"

	"github.com/burrlab/burrlab/model/grid"
)

// free is the distance a piece can travel when nothing blocks it: BurrTools'
// 32000. Finite distances are far smaller (they are bounded by the pieces'
// extents), and removal tests use "≥ removable".
const (
	free      = 32000
	removable = 30000
)

// maxAxes is the largest number of movement axes of a grid (prisms: 4).
const maxAxes = 4

// vec is a small integer vector; int32 keeps the pair loops cheap.
type vec [3]int32

// rules say how cells of one grid slide. A piece moves along an axis in
// whole steps of dirs[axis]; one step of a cell of kind k along axis a needs
// the cells cell+c, for every c in checks[a][k], to be free of other pieces.
// Cubes have one kind of cell and need just the target cell. Prism cells
// come in two kinds (up and down triangles, by the parity of x+y), and a
// slide along an edge sweeps over the neighbouring triangle before landing
// (grids.md §3.6; the check sets are those of BurrTools' movementcache_1).
type rules struct {
	dirs   []vec
	kinds  int
	checks [maxAxes][2][]vec
	// slab[axis][0] is a coordinate that moves along axis keep (the last
	// one with dirs[axis] 0 there), slab[axis][1] another one or -1; the
	// checks change them by margin[axis][s][0] up to margin[axis][s][1].
	// Front cells are sorted by the first, so that distances looks only
	// at those in the other piece's slab, and skips those outside it in
	// the second at once.
	slab   [maxAxes][2]int
	margin [maxAxes][2][2]int32
}

// rulesFor returns the movement rules of grid type t, or nil when BurrTools
// has no disassembler for it.
func rulesFor(t grid.Type) *rules {
	r := checksFor(t)
	if r == nil {
		return nil
	}
	for ax, d := range r.dirs {
		r.slab[ax] = [2]int{-1, -1}
		for k := 0; k < 3; k++ {
			if d[k] == 0 {
				r.slab[ax] = [2]int{k, r.slab[ax][0]}
			}
		}
		for sl, k := range r.slab[ax] {
			if k < 0 {
				continue
			}
			m := &r.margin[ax][sl]
			*m = [2]int32{free, -free}
			for _, checks := range r.checks[ax][:r.kinds] {
				for _, c := range checks {
					m[0], m[1] = min(m[0], c[k]), max(m[1], c[k])
				}
			}
		}
	}
	return r
}

// checksFor returns the directions and check cells of grid type t.
func checksFor(t grid.Type) *rules {
	switch t {
	case grid.Cubes:
		r := &rules{dirs: []vec{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}, kinds: 1}
		for a, d := range r.dirs {
			r.checks[a][0] = []vec{d}
		}
		return r
	case grid.Prisms:
		r := &rules{dirs: []vec{{0, 0, 1}, {2, 0, 0}, {1, 1, 0}, {-1, 1, 0}}, kinds: 2}
		// Up a layer: the cell above.
		r.checks[0] = [2][]vec{{{0, 0, 1}}, {{0, 0, 1}}}
		// One side along x: the triangle passed over and the one landed on.
		r.checks[1] = [2][]vec{{{1, 0, 0}, {2, 0, 0}}, {{1, 0, 0}, {2, 0, 0}}}
		// Along the 60° edge: it depends on which way the triangle points.
		r.checks[2] = [2][]vec{{{1, 0, 0}, {1, 1, 0}}, {{0, 1, 0}, {1, 1, 0}}}
		// Along the 120° edge.
		r.checks[3] = [2][]vec{{{-1, 0, 0}, {-1, 1, 0}}, {{0, 1, 0}, {-1, 1, 0}}}
		return r
	}
	return nil
}

// axes returns the number of movement axes.
func (r *rules) axes() int { return len(r.dirs) }

// kindOf returns the kind of the cell at v (its parity for prisms).
func (r *rules) kindOf(v grid.Vec) uint8 {
	if r.kinds == 1 {
		return 0
	}
	return uint8((v[0] + v[1]) & 1)
}

// cell is a filled cell of a placed piece, relative to the piece's position
// (hotspot), with its kind.
type cell struct {
	p    vec
	kind uint8
}

// oshape is a part in one orientation: its filled cells relative to the
// piece's position, and their bounding box as a bit set for quick lookups.
type oshape struct {
	cells  []cell
	lo, hi vec      // bounding box (inclusive); lo > hi when there are no cells
	occ    []uint64 // cell lo+(x,y,z) is filled when bit x+sx*(y+sy*z) is set
	// front[axis] are the cells that can run into another piece first
	// along +axis. A cell whose first step needs only cells of its own
	// shape, one of them its neighbour a step on, is not: from its second
	// step on it sweeps what that neighbour sweeps a step earlier (steps
	// keep the kind of cell), and pieces never overlap.
	front [maxAxes][]cell
	// next[axis][bit of cell p] is the number of steps along +axis from
	// p to the first filled cell, p included, without leaving the box,
	// or -1; nil for boxes over maxNextBox cells, which are walked.
	next [maxAxes][]int16
}

// maxNextBox bounds the boxes that get next tables: 2 bytes per cell and
// axis.
const maxNextBox = 1 << 14

// boxOf returns the bounding box of cells (inclusive); lo > hi when there
// are none.
func boxOf(cells []cell) (lo, hi vec) {
	lo = vec{1, 1, 1}
	for i, c := range cells {
		for k := 0; k < 3; k++ {
			if i == 0 || c.p[k] < lo[k] {
				lo[k] = c.p[k]
			}
			if i == 0 || c.p[k] > hi[k] {
				hi[k] = c.p[k]
			}
		}
	}
	return lo, hi
}

// newOshape returns the oriented shape made of cells, moving by the rules
// r. The bounding box of the cells must hold at most maxBox cells.
func newOshape(r *rules, cells []cell) oshape {
	s := oshape{cells: cells}
	s.lo, s.hi = boxOf(cells)
	if len(cells) > 0 {
		s.occ = make([]uint64, (s.volume()+63)/64)
		for _, c := range cells {
			i := s.index(c.p)
			s.occ[i>>6] |= 1 << (i & 63)
		}
	}
	for ax, d := range r.dirs {
		for _, c := range cells {
			inner := s.has(vec{c.p[0] + d[0], c.p[1] + d[1], c.p[2] + d[2]})
			for _, k := range r.checks[ax][c.kind] {
				inner = inner && s.has(vec{c.p[0] + k[0], c.p[1] + k[1], c.p[2] + k[2]})
			}
			if !inner {
				s.front[ax] = append(s.front[ax], c)
			}
		}
		k := r.slab[ax][0]
		slices.SortFunc(s.front[ax], func(a, b cell) int { return cmp.Compare(a.p[k], b.p[k]) })
		if len(cells) > 0 && s.volume() <= maxNextBox {
			s.next[ax] = s.nextTable(d)
		}
	}
	return s
}

// nextTable returns the next table along d (see oshape.next).
func (s *oshape) nextTable(d vec) []int16 {
	const unknown = -2
	t := make([]int16, s.volume())
	for i := range t {
		t[i] = unknown
	}
	var chain []int
	for z := s.lo[2]; z <= s.hi[2]; z++ {
		for y := s.lo[1]; y <= s.hi[1]; y++ {
			for x := s.lo[0]; x <= s.hi[0]; x++ {
				// Walk from here to a filled or known cell, or out of
				// the box, then fill in the cells passed, backwards.
				chain = chain[:0]
				v := int16(-1)
				for p := (vec{x, y, z}); s.inBox(p); p = (vec{p[0] + d[0], p[1] + d[1], p[2] + d[2]}) {
					i := s.index(p)
					if t[i] != unknown {
						v = t[i]
						break
					}
					if s.in(p) {
						t[i], v = 0, 0
						break
					}
					chain = append(chain, i)
				}
				for k := len(chain) - 1; k >= 0; k-- {
					if v >= 0 {
						v++
					}
					t[chain[k]] = v
				}
			}
		}
	}
	return t
}

// volume returns the number of cells in the bounding box.
func (s *oshape) volume() int { return boxVolume(s.lo, s.hi) }

// boxVolume returns the number of cells in the box lo..hi (inclusive).
func boxVolume(lo, hi vec) int {
	v := 1
	for k := 0; k < 3; k++ {
		v *= int(hi[k]-lo[k]) + 1
	}
	return v
}

// index returns the bit of cell p, which must lie in the bounding box.
func (s *oshape) index(p vec) int {
	sx, sy := int(s.hi[0]-s.lo[0])+1, int(s.hi[1]-s.lo[1])+1
	return int(p[0]-s.lo[0]) + sx*(int(p[1]-s.lo[1])+sy*int(p[2]-s.lo[2]))
}

// has reports whether cell p is filled.
func (s *oshape) has(p vec) bool { return s.inBox(p) && s.in(p) }

// inBox reports whether cell p lies in the bounding box.
func (s *oshape) inBox(p vec) bool {
	for k := 0; k < 3; k++ {
		if p[k] < s.lo[k] || p[k] > s.hi[k] {
			return false
		}
	}
	return true
}

// in reports whether cell p, which must lie in the bounding box, is filled.
func (s *oshape) in(p vec) bool {
	i := s.index(p)
	return s.occ[i>>6]>>(i&63)&1 != 0
}

// distances fills out[axis] with how far piece a can travel along +axis
// before it runs into piece b, ignoring all other pieces, where b's
// position minus a's is off: the smallest step count s at which a cell of a
// needs a cell of b to be free (free means never). For each cell of a and
// each cell it must sweep, it looks up the first filled cell of b on that
// line (next), or walks along the axis through b's bounding box.
func (r *rules) distances(a, b *oshape, off vec, out *[maxAxes]int32) {
	for ax := range r.dirs {
		d := r.dirs[ax]
		best := int32(free)
		// Only front cells whose checks reach into b's slab can hit b.
		k, k2 := r.slab[ax][0], r.slab[ax][1]
		m, m2 := r.margin[ax][0], r.margin[ax][1]
		lo, hi := b.lo[k]+off[k]-m[1], b.hi[k]+off[k]-m[0]
		lo2, hi2 := int32(-free), int32(free)
		if k2 >= 0 {
			lo2, hi2 = b.lo[k2]+off[k2]-m2[1], b.hi[k2]+off[k2]-m2[0]
		} else {
			k2 = k // no second coordinate: a test that always passes
		}
		front := a.front[ax]
		i, j := 0, len(front)
		for i < j { // the first cell at lo or above
			if h := int(uint(i+j) >> 1); front[h].p[k] < lo {
				i = h + 1
			} else {
				j = h
			}
		}
		for ; i < len(front) && front[i].p[k] <= hi && best > 0; i++ {
			ca := &front[i]
			if ca.p[k2] < lo2 || ca.p[k2] > hi2 {
				continue
			}
			for _, c := range r.checks[ax][ca.kind] {
				// The swept cell in b's frame, and the steps that keep it
				// inside b's bounding box.
				e := vec{ca.p[0] + c[0] - off[0], ca.p[1] + c[1] - off[1], ca.p[2] + c[2] - off[2]}
				smin, smax := int32(0), best-1
				for k := 0; k < 3 && smin <= smax; k++ {
					switch {
					case d[k] == 0:
						if e[k] < b.lo[k] || e[k] > b.hi[k] {
							smax = -1
						}
					case d[k] > 0:
						smin = max(smin, ceilDiv(b.lo[k]-e[k], d[k]))
						smax = min(smax, floorDiv(b.hi[k]-e[k], d[k]))
					default:
						smin = max(smin, ceilDiv(e[k]-b.hi[k], -d[k]))
						smax = min(smax, floorDiv(e[k]-b.lo[k], -d[k]))
					}
				}
				if smin > smax {
					continue
				}
				if next := b.next[ax]; next != nil {
					v := int32(next[b.index(vec{e[0] + smin*d[0], e[1] + smin*d[1], e[2] + smin*d[2]})])
					if v >= 0 && smin+v <= smax {
						best = smin + v
					}
					continue
				}
				for s := smin; s <= smax; s++ {
					if b.in(vec{e[0] + s*d[0], e[1] + s*d[1], e[2] + s*d[2]}) {
						best = s
						break
					}
				}
			}
		}
		out[ax] = best
	}
}

// floorDiv and ceilDiv divide by a positive d, rounding down or up. The
// grids' directions only need 1 and 2.
func floorDiv(n, d int32) int32 {
	switch d {
	case 1:
		return n
	case 2:
		return n >> 1
	}
	q := n / d
	if n%d != 0 && n < 0 {
		q--
	}
	return q
}

func ceilDiv(n, d int32) int32 {
	switch d {
	case 1:
		return n
	case 2:
		return -(-n >> 1)
	}
	q := n / d
	if n%d != 0 && n > 0 {
		q++
	}
	return q
}
