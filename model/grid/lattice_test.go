package grid

import "testing"

// TestLatticePeriods checks LatticePeriods against InLattice on every
// grid type, over translations of both signs.
func TestLatticePeriods(t *testing.T) {
	for _, typ := range []Type{Cubes, Prisms, Spheres, Rhombic, TetraOcta} {
		g, err := New(typ)
		if err != nil {
			t.Fatal(err)
		}
		p, ok := LatticePeriods(g)
		if !ok {
			continue
		}
		for x := -11; x <= 11; x++ {
			for y := -11; y <= 11; y++ {
				for z := -11; z <= 11; z++ {
					d := Vec{x, y, z}
					want := g.InLattice(d)
					got := floorMod(x, p[0]) == 0 && floorMod(y, p[1]) == 0 && floorMod(z, p[2]) == 0
					if got != want {
						t.Fatalf("grid %v: %v in lattice %v, periods %v say %v", typ, d, want, p, got)
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
