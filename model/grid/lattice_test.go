package grid

import (
	"slices"
	"testing"
)

// TestLatticeRow checks LatticeSteps and LatticeRow against InLattice on
// every grid type, over translations of both signs: the translations
// they step over are exactly the lattice's.
func TestLatticeRow(t *testing.T) {
	for _, typ := range []Type{Cubes, Prisms, Spheres, Rhombic, TetraOcta} {
		g, err := New(typ)
		if err != nil {
			t.Fatal(err)
		}
		sx, sy := LatticeSteps(g)
		for x := -13; x <= 13; x++ {
			for y := -13; y <= 13; y++ {
				for lo := -13; lo <= 13; lo++ {
					var got []int
					if floorMod(x, sx) == 0 && floorMod(y, sy) == 0 {
						if z, step, ok := LatticeRow(g, x, y, lo); ok {
							for ; z <= 13; z += step {
								got = append(got, z)
							}
						}
					}
					var want []int
					for z := lo; z <= 13; z++ {
						if g.InLattice(Vec{x, y, z}) {
							want = append(want, z)
						}
					}
					if !slices.Equal(got, want) {
						t.Fatalf("grid %v, dx %d, dy %d, dz from %d: steps give %v, the lattice %v", typ, x, y, lo, got, want)
					}
				}
			}
		}
	}
	for _, c := range [][3]int{{0, 5, 0}, {1, 5, 5}, {-1, 5, 0}, {-5, 5, -5}, {-6, 5, -5}, {7, 1, 7}, {-3, 1, -3}} {
		if got := FirstMultiple(c[0], c[1]); got != c[2] {
			t.Errorf("FirstMultiple(%d, %d) = %d, want %d", c[0], c[1], got, c[2])
		}
	}
}
