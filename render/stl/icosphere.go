package stl

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
)

// icosphere returns a unit sphere made by splitting each triangle of an
// icosahedron into four, level times, and pushing the new corners out to the
// sphere. Triangles run counter-clockwise seen from outside, and every edge
// is shared by exactly two of them. Level 3 has 1,280 triangles.
func icosphere(level int) (verts []mgl64.Vec3, tris [][3]int32) {
	t := (1 + math.Sqrt(5)) / 2
	for _, p := range [][3]float64{
		{-1, t, 0}, {1, t, 0}, {-1, -t, 0}, {1, -t, 0},
		{0, -1, t}, {0, 1, t}, {0, -1, -t}, {0, 1, -t},
		{t, 0, -1}, {t, 0, 1}, {-t, 0, -1}, {-t, 0, 1},
	} {
		verts = append(verts, mgl64.Vec3(p).Normalize())
	}
	tris = [][3]int32{
		{0, 11, 5}, {0, 5, 1}, {0, 1, 7}, {0, 7, 10}, {0, 10, 11},
		{1, 5, 9}, {5, 11, 4}, {11, 10, 2}, {10, 7, 6}, {7, 1, 8},
		{3, 9, 4}, {3, 4, 2}, {3, 2, 6}, {3, 6, 8}, {3, 8, 9},
		{4, 9, 5}, {2, 4, 11}, {6, 2, 10}, {8, 6, 7}, {9, 8, 1},
	}
	for ; level > 0; level-- {
		mid := map[[2]int32]int32{}
		midpoint := func(a, b int32) int32 {
			k := [2]int32{min(a, b), max(a, b)}
			if m, ok := mid[k]; ok {
				return m
			}
			m := int32(len(verts))
			verts = append(verts, verts[a].Add(verts[b]).Normalize())
			mid[k] = m
			return m
		}
		next := make([][3]int32, 0, 4*len(tris))
		for _, tr := range tris {
			a, b, c := tr[0], tr[1], tr[2]
			ab, bc, ca := midpoint(a, b), midpoint(b, c), midpoint(c, a)
			next = append(next, [3]int32{a, ab, ca}, [3]int32{b, bc, ab}, [3]int32{c, ca, bc}, [3]int32{ab, bc, ca})
		}
		tris = next
	}
	return verts, tris
}
