package assemble

import (
	"math/rand/v2"
	"testing"

	"github.com/burrlab/burrlab/model/grid"
)

// TestUnified: unified gives, on every grid, what its definition says:
// every x such that r·x·r⁻¹ is in s for some orientation r, tested for
// every x and every r, on sets of one to many orientations.
func TestUnified(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for _, gt := range []grid.Type{grid.Cubes, grid.Prisms, grid.Spheres, grid.Rhombic, grid.TetraOcta} {
		g := grid.Must(gt)
		n := 2 * g.Orientations()
		inv := inverses(g)
		for trial := 0; trial < 12; trial++ {
			var s grid.Set
			s.Add(0)
			for k := rng.IntN(1 + trial*trial); k > 0; k-- {
				s.Add(rng.IntN(n))
			}
			want := s
			for r := 1; r < n; r++ {
				if inv[r] < 0 {
					continue
				}
				for x := 0; x < n; x++ {
					if a, ok := g.Compose(r, x); ok {
						if b, ok := g.Compose(a, inv[r]); ok && s.Has(b) {
							want.Add(x)
						}
					}
				}
			}
			if got := unified(g, s); got != want {
				t.Fatalf("%v, %v: unified %v, want %v", gt, s, got, want)
			}
		}
	}
}

// TestInverses: each orientation composed with its inverse is the
// identity, either way round.
func TestInverses(t *testing.T) {
	for _, gt := range []grid.Type{grid.Cubes, grid.Prisms, grid.Spheres, grid.Rhombic, grid.TetraOcta} {
		g := grid.Must(gt)
		for r, u := range inverses(g) {
			if u < 0 {
				t.Errorf("%v: orientation %d has no inverse", gt, r)
				continue
			}
			if c, ok := g.Compose(u, r); !ok || c != 0 {
				t.Errorf("%v: %d after its inverse %d is %d (%v)", gt, r, u, c, ok)
			}
		}
	}
}
