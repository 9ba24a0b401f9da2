package grid

// The translations that map a grid onto itself (InLattice) are, in every
// grid, a set a caller can step over instead of testing each translation:
// dx and dy multiples of LatticeSteps, and for each such pair the dz of an
// arithmetic progression (LatticeRow). The rhombic grid keeps one
// translation in 125, the prism grid one in 2 (testing each was a fortieth
// of solving Prisgon).

// LatticeSteps returns x and y such that every lattice translation's dx
// is a multiple of x and its dy a multiple of y.
func LatticeSteps(g Grid) (x, y int) {
	switch g.(type) {
	case rhombicGrid:
		return 5, 5
	case tetraOctaGrid:
		return 3, 3
	}
	return 1, 1
}

// LatticeRow returns the lattice translations whose first coordinates
// are dx and dy and whose third is at least lo: third coordinates z,
// z+step, z+2*step and so on; ok is false where there are none. g is
// one of the grids New makes (any other has none).
func LatticeRow(g Grid, dx, dy, lo int) (z, step int, ok bool) {
	first := 0 // the progression's value in 0..step-1
	switch g.(type) {
	case cubeGrid:
		step = 1
	case prismGrid: // the triangles' pairs, whole
		if floorMod(dx+dy, 2) != 0 {
			return 0, 0, false
		}
		step = 1
	case sphereGrid: // x+y+z even
		first, step = floorMod(dx+dy, 2), 2
	case rhombicGrid: // whole blocks of 5
		if floorMod(dx, 5) != 0 || floorMod(dy, 5) != 0 {
			return 0, 0, false
		}
		step = 5
	case tetraOctaGrid: // whole blocks of 3, their parities kept
		if floorMod(dx, 3) != 0 || floorMod(dy, 3) != 0 {
			return 0, 0, false
		}
		first, step = 3*floorMod((dx+dy)/3, 2), 6
	default:
		return 0, 0, false
	}
	return first + FirstMultiple(lo-first, step), step, true
}

// FirstMultiple returns the smallest multiple of p (p > 0) that is at
// least lo.
func FirstMultiple(lo, p int) int { return lo + floorMod(-lo, p) }
