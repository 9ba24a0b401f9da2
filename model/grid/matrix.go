package grid

import (
	"cmp"
	"slices"
)

// imat is a 3x3 integer matrix, row-major, acting on column vectors. The
// sphere grid stores 3*R so that its thirds stay integers.
type imat [3][3]int

func (m imat) mul(n imat) imat {
	var r imat
	for i := 0; i < 3; i++ {
		for j := 0; j < 3; j++ {
			for k := 0; k < 3; k++ {
				r[i][j] += m[i][k] * n[k][j]
			}
		}
	}
	return r
}

func (m imat) apply(v Vec) Vec {
	return Vec{
		m[0][0]*v[0] + m[0][1]*v[1] + m[0][2]*v[2],
		m[1][0]*v[0] + m[1][1]*v[1] + m[1][2]*v[2],
		m[2][0]*v[0] + m[2][1]*v[1] + m[2][2]*v[2],
	}
}

// mirrorX returns m * diag(-1, 1, 1): mirror x first, then m.
func (m imat) mirrorX() imat {
	for i := 0; i < 3; i++ {
		m[i][0] = -m[i][0]
	}
	return m
}

// withMirrors returns the 2N table: the N proper matrices followed by their
// mirror images R_t * diag(-1, 1, 1), the rule all five grids share.
func withMirrors(proper []imat) []imat {
	all := make([]imat, 0, 2*len(proper))
	all = append(all, proper...)
	for _, m := range proper {
		all = append(all, m.mirrorX())
	}
	return all
}

// composeTable builds transAdd: tab[t1][t2] = u with M_u = M_t2 * M_t1, or
// -1 when the product is not in the table. scale is the factor the matrices
// carry (3 for spheres, else 1); the product then carries scale twice.
func composeTable(ms []imat, scale int) [][]int16 {
	if scale == 1 {
		if tab, ok := composePerms(ms); ok {
			return tab
		}
	}
	return composeMats(ms, scale)
}

// composeMats is composeTable for any matrices: each product, which
// carries scale twice, is looked up among the matrices times scale by
// its entries packed into a number (see matKey) in a sorted list, and
// worked out in place: a map keyed by whole matrices, products returned by value and
// divided entry by entry took the prism table 54 us of a small prism
// puzzle's run. Each entry of a product goes into its key as it is
// worked out, and the keys are searched in a list of their own: a
// product stored and packed after, and a search through a comparison
// function, were 60% of the table's 360,000 instructions on Prisgon.
func composeMats(ms []imat, scale int) [][]int16 {
	type entry struct {
		key uint64
		t   int16
	}
	index := make([]entry, 0, len(ms))
	for i := range ms {
		m := ms[i]
		for r := range m {
			for c := range m[r] {
				m[r][c] *= scale
			}
		}
		if k, ok := matKey(&m); ok {
			index = append(index, entry{k, int16(i)})
		}
	}
	slices.SortFunc(index, func(a, b entry) int { return cmp.Compare(a.key, b.key) })
	keys := make([]uint64, len(index)) // sorted, searched by halves
	for i, e := range index {
		keys[i] = e.key
	}
	n := len(ms)
	tab, all := make([][]int16, n), make([]int16, n*n)
	for t1 := range ms {
		row := all[t1*n : (t1+1)*n]
		b := &ms[t1]
		for t2 := range ms {
			row[t2] = -1
			if k, ok := productKey(&ms[t2], b); ok {
				if u, found := slices.BinarySearch(keys, k); found {
					row[t2] = index[u].t
				}
			}
		}
		tab[t1] = row
	}
	return tab
}

// productKey returns matKey of a times b, packing each entry as it is
// worked out.
func productKey(a, b *imat) (uint64, bool) {
	var k uint64
	for i := 0; i < 3; i++ {
		for j := 0; j < 3; j++ {
			v := a[i][0]*b[0][j] + a[i][1]*b[1][j] + a[i][2]*b[2][j]
			if v < -64 || v > 63 {
				return 0, false
			}
			k = k<<7 | uint64(v+64)
		}
	}
	return k, true
}

// matKey packs the entries of m, seven bits each, into one number; false
// if one is outside -64..63. No grid's matrix times its scale has such
// an entry (TestMatKey), so a product that does is none of them either.
// It is productKey of m and the identity, so that the packing is written
// once.
func matKey(m *imat) (uint64, bool) { return productKey(m, &identity) }

// identity is the identity matrix.
var identity = imat{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}}

// composePerms is composeTable for signed permutation matrices (the
// cube rotations, which three grids share), reporting false for others.
// Their products compose the permutations and signs directly and are
// looked up by them: multiplying 96 x 96 matrices and looking them up in
// a map was a hundredth of a small burr's whole run.
func composePerms(ms []imat) ([][]int16, bool) {
	// Row k of a matrix is a signed axis, 2 j + [negative] for its
	// entry ±1 in column j; a matrix's key, 6^k times row k's axis
	// summed, numbers it.
	axes := make([][3]uint8, len(ms))
	var index [256]int16 // 216 keys, indexed by a byte without a check
	for i := range index {
		index[i] = -1
	}
	for i, m := range ms {
		var used [3]bool
		for k := 0; k < 3; k++ {
			n := 0
			for j := 0; j < 3; j++ {
				if v := m[k][j]; v != 0 {
					if (v != 1 && v != -1) || used[j] {
						return nil, false
					}
					axes[i][k], used[j] = uint8(2*j), true
					if v < 0 {
						axes[i][k]++
					}
					n++
				}
			}
			if n != 1 {
				return nil, false
			}
		}
		a := &axes[i]
		index[a[0]+6*a[1]+36*a[2]] = int16(i)
	}
	// Row k of M_t2 * M_t1 is row j of M_t1, negated if row k of M_t2 is
	// -e_j: its axis is row j's with the sign bit flipped. So the terms
	// of the product's key for the six axes row k of M_t2 can be are
	// worked out once a row of the table, and each product is three
	// look-ups: working its key out from the permutations and signs took
	// HexSticks 236,000 instructions.
	n := len(ms)
	tab, all := make([][]int16, n), make([]int16, n*n)
	for t1 := range axes {
		a := &axes[t1]
		var w0, w1, w2 [8]uint8 // an axis' term of rows 0, 1 and 2
		for c := range uint8(6) {
			v := a[c>>1] ^ c&1
			w0[c], w1[c], w2[c] = v, 6*v, 36*v
		}
		row := all[t1*n : (t1+1)*n]
		for t2, b := range axes {
			row[t2] = index[w0[b[0]&7]+w1[b[1]&7]+w2[b[2]&7]]
		}
		tab[t1] = row
	}
	return tab, true
}

// div divides every entry by k and reports whether all divisions were exact.
func (m imat) div(k int) (imat, bool) {
	var r imat
	for i := 0; i < 3; i++ {
		for j := 0; j < 3; j++ {
			if m[i][j]%k != 0 {
				return imat{}, false
			}
			r[i][j] = m[i][j] / k
		}
	}
	return r, true
}

// Composer composes the orientations of one grid, as its Compose does,
// from the grid's table at hand. Preparing a solve composes thousands of
// pairs (the symmetries' classes and groups, the filter's steps), and a
// call through the Grid interface, which sets the table up lazily, cost
// several times the look-up each time (about 75 instructions).
type Composer struct {
	tab [][]int16
}

// tabled is a grid of this package, whose orientations compose by the
// table its Compose looks up.
type tabled interface{ compositions() [][]int16 }

// ComposerOf returns the Composer of g. A grid of another package, which
// has no table here, has one made of its Compose: with a table always
// there, Compose is a look-up that inlines (with a call through the grid
// for the other case it did not, and cost PelikanBurr 296,000
// instructions).
func ComposerOf(g Grid) Composer {
	if t, ok := g.(tabled); ok {
		return Composer{tab: t.compositions()}
	}
	return Composer{tab: tableOf(g)}
}

// tableOf makes the table of g's compositions of orientations, -1 where
// there is none.
func tableOf(g Grid) [][]int16 {
	n := 2 * g.Orientations()
	tab, all := make([][]int16, n), make([]int16, n*n)
	for t1 := range tab {
		tab[t1] = all[t1*n : (t1+1)*n]
		for t2 := range tab[t1] {
			u, ok := g.Compose(t1, t2)
			if !ok || u < 0 || u >= n {
				u = -1
			}
			tab[t1][t2] = int16(u)
		}
	}
	return tab
}

// Compose is Grid.Compose.
func (c Composer) Compose(t1, t2 int) (u int, ok bool) { return lookup(c.tab, t1, t2) }

func lookup(tab [][]int16, t1, t2 int) (int, bool) {
	if t1 < 0 || t2 < 0 || t1 >= len(tab) || t2 >= len(tab) {
		return 0, false
	}
	u := tab[t1][t2]
	return int(u), u >= 0
}

// floorDiv and floorMod divide rounding towards minus infinity, so that
// negative coordinates fall into the right block.
func floorDiv(a, b int) int {
	q := a / b
	if (a%b != 0) && ((a < 0) != (b < 0)) {
		q--
	}
	return q
}

func floorMod(a, b int) int { return a - b*floorDiv(a, b) }
