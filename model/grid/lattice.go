package grid

// LatticePeriods returns p where the translations that map grid g onto
// itself (InLattice) are exactly those whose coordinate k is a multiple
// of p[k] for every k, so that a caller can step over them instead of
// testing every translation (the rhombic grid keeps one in 125); ok is
// false for the grids whose lattice is not of that form.
func LatticePeriods(g Grid) (p Vec, ok bool) {
	switch g.(type) {
	case cubeGrid:
		return Vec{1, 1, 1}, true
	case rhombicGrid:
		return Vec{5, 5, 5}, true
	}
	return Vec{}, false
}

// FirstMultiple returns the smallest multiple of p (p > 0) that is at
// least lo.
func FirstMultiple(lo, p int) int { return lo + floorMod(-lo, p) }
