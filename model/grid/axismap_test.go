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
	maps := [2][]axisMap{cubeAxisMaps[0](), cubeAxisMaps[1]()}
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

// TestAxisMapOf checks the exported form (Apply and Turn) against
// Transform on every axis-aligned grid, and that the others have none.
func TestAxisMapOf(t *testing.T) {
	cells := []Vec{{0, 0, 0}, {1, 2, 3}, {-2, 5, 1}, {4, -1, -3}}
	hot := Vec{2, 1, 0}
	for _, g := range []Grid{cubeGrid{}, rhombicGrid{}, tetraOctaGrid{}} {
		for o := 0; o < 2*g.Orientations(); o++ {
			a, ok := AxisMapOf(g, o)
			if !ok {
				t.Fatalf("%v: no axis map for %d", g.Type(), o)
			}
			out, hotOut, _ := g.Transform(o, cells, hot)
			for i, c := range cells {
				if a.Apply(c) != out[i] {
					t.Fatalf("%v, orientation %d: %v -> %v, Transform %v", g.Type(), o, c, a.Apply(c), out[i])
				}
				if x, y, z := a.Turn(&c); (Vec{x, y, z}) != out[i] {
					t.Fatalf("%v, orientation %d: Turn %v -> %v, Transform %v", g.Type(), o, c, Vec{x, y, z}, out[i])
				}
			}
			if a.Apply(hot) != hotOut {
				t.Fatalf("%v, orientation %d: hotspot", g.Type(), o)
			}
			for k := 0; k < 3; k++ {
				j, rev := a.Source(k)
				d := Vec{}
				d[j] = 1
				if step := a.Apply(d)[k] - a.Apply(Vec{})[k]; (step < 0) != rev || step*step != 1 {
					t.Fatalf("%v, orientation %d: axis %d from %d reversed %v, step %d", g.Type(), o, k, j, rev, step)
				}
			}
		}
		if _, ok := AxisMapOf(g, 2*g.Orientations()); ok {
			t.Errorf("%v: an axis map past the last orientation", g.Type())
		}
	}
	for _, g := range []Grid{prismGrid{}, sphereGrid{}} {
		if _, ok := AxisMapOf(g, 0); ok {
			t.Errorf("%v has an axis map", g.Type())
		}
	}
}
