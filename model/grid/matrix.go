package grid

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

// composeMats is composeTable for any matrices: each product is looked
// up among them.
func composeMats(ms []imat, scale int) [][]int16 {
	index := make(map[imat]int, len(ms))
	for i, m := range ms {
		index[m] = i
	}
	tab := make([][]int16, len(ms))
	for t1 := range ms {
		tab[t1] = make([]int16, len(ms))
		for t2 := range ms {
			p := ms[t2].mul(ms[t1])
			u := -1
			if scale == 1 {
				if i, ok := index[p]; ok {
					u = i
				}
			} else if q, exact := p.div(scale); exact {
				if i, ok := index[q]; ok {
					u = i
				}
			}
			tab[t1][t2] = int16(u)
		}
	}
	return tab
}

// composePerms is composeTable for signed permutation matrices (the
// cube rotations, which three grids share), reporting false for others.
// Their products compose the permutations and signs directly and are
// looked up by them: multiplying 96 x 96 matrices and looking them up in
// a map was a hundredth of a small burr's whole run.
func composePerms(ms []imat) ([][]int16, bool) {
	type perm struct{ p, s [3]int }
	// key numbers a signed permutation: 6^k (2 p[k] + [s[k] < 0]).
	key := func(q perm) int {
		n := 0
		for k := 2; k >= 0; k-- {
			n = 6*n + 2*q.p[k]
			if q.s[k] < 0 {
				n++
			}
		}
		return n
	}
	var index [216]int16
	for i := range index {
		index[i] = -1
	}
	ps := make([]perm, len(ms))
	for i, m := range ms {
		var used [3]bool
		for k := 0; k < 3; k++ {
			n := 0
			for j := 0; j < 3; j++ {
				if v := m[k][j]; v != 0 {
					if (v != 1 && v != -1) || used[j] {
						return nil, false
					}
					ps[i].p[k], ps[i].s[k], used[j] = j, v, true
					n++
				}
			}
			if n != 1 {
				return nil, false
			}
		}
		index[key(ps[i])] = int16(i)
	}
	tab := make([][]int16, len(ms))
	for t1, a := range ps {
		tab[t1] = make([]int16, len(ms))
		for t2, b := range ps {
			// Row k of M_t2 * M_t1 is s2[k] times row p2[k] of M_t1.
			var q perm
			for k := 0; k < 3; k++ {
				q.p[k], q.s[k] = a.p[b.p[k]], b.s[k]*a.s[b.p[k]]
			}
			tab[t1][t2] = index[key(q)]
		}
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
