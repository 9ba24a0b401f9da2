package grid

import "testing"

// TestAxisMaps checks the axis maps against the matrices they replace:
// every cube rotation, about cell centres and about cell corners.
func TestAxisMaps(t *testing.T) {
	var vs []Vec
	for x := -3; x <= 3; x++ {
		for y := -2; y <= 4; y++ {
			for z := -4; z <= 2; z++ {
				vs = append(vs, Vec{x, y, z})
			}
		}
	}
	maps := cubeAxisMaps()
	for i, m := range cubeRotations() {
		for _, v := range vs {
			if got, want := maps[0][i].apply(v), m.apply(v); got != want {
				t.Fatalf("rotation %d of %v: %v, want %v", i, v, got, want)
			}
			if got, want := maps[1][i].apply(v), aboutCorner(m, v); got != want {
				t.Fatalf("rotation %d of %v about the corner: %v, want %v", i, v, got, want)
			}
		}
	}
}
