package stl

import (
	"math"
	"math/rand"
	"testing"

	"github.com/burrlab/burrlab/model/grid"
)

// A single cube with bevel b is the cube less 12 edge prisms and 8 corner
// pieces: 1 - 6b² + 16b³/3, 26 faces.
func TestBevelSingleCube(t *testing.T) {
	g := grid.Must(grid.Cubes)
	for _, b := range []float64{0.05, 0.1, 0.25} {
		o := Options{Unit: [3]float64{1, 1, 1}, Gap: 1e-5, Bevel: b}
		m, err := Cells(g, []grid.Cell{{Pos: grid.Vec{3, 4, 5}}}, o)
		if err != nil {
			t.Fatal(err)
		}
		parts, vol := writeAndCheck(t, "cube", m, o)
		want := 1 - 6*b*b + 16*b*b*b/3
		if parts != 1 || math.Abs(vol-want) > 1e-3 {
			t.Errorf("bevel %v: %d parts, volume %v, want 1 part of %v", b, parts, vol, want)
		}
	}
}

// Bevelled shapes of every kind are closed: merged faces, concave edges,
// cubes that touch only along an edge or at a corner, blocks and blobs,
// with small and large gaps and bevels.
func TestBevelClosed(t *testing.T) {
	g := grid.Must(grid.Cubes)
	rng := rand.New(rand.NewSource(4))
	shapes := testShapes(g, rng)
	// An L, a plus sign, a staircase: concave edges meeting chamfers.
	shapes["L"] = []grid.Cell{{Pos: grid.Vec{0, 0, 0}}, {Pos: grid.Vec{1, 0, 0}}, {Pos: grid.Vec{0, 1, 0}}}
	shapes["stairs"] = []grid.Cell{{Pos: grid.Vec{0, 0, 0}}, {Pos: grid.Vec{1, 0, 0}}, {Pos: grid.Vec{1, 0, 1}}, {Pos: grid.Vec{2, 0, 0}}, {Pos: grid.Vec{2, 0, 1}}, {Pos: grid.Vec{2, 0, 2}}}
	for name, cells := range shapes {
		for _, o := range []Options{
			{Unit: [3]float64{10, 10, 10}, Gap: 0.01, Bevel: 0.1},
			{Unit: [3]float64{10, 20, 5}, Gap: 0.06, Bevel: 0.25},
			{Unit: [3]float64{1, 1, 1}, Gap: 0.005, Bevel: 0.02},
		} {
			m, err := Cells(g, cells, o)
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			_, vol := writeAndCheck(t, name, m, o)
			vol /= o.Unit[0] * o.Unit[1] * o.Unit[2]
			if n := float64(len(cells)); vol >= n || vol < 0.3*n {
				t.Errorf("%s %+v: volume %v for %v cubes", name, o, vol, n)
			}
		}
	}
}

// The gap moves faces without turning any triangle over, down to the
// smallest bevel allowed (four gaps): the triangles of a mesh with the gap
// face the same way as those of the same mesh with almost none.
func TestBevelGapTurnsNothing(t *testing.T) {
	g := grid.Must(grid.Cubes)
	rng := rand.New(rand.NewSource(5))
	for name, cells := range testShapes(g, rng) {
		for _, gap := range []float64{0.01, 0.05} {
			o := Options{Unit: [3]float64{1, 1, 1}, Gap: gap, Bevel: 4 * gap}
			m, err := Cells(g, cells, o)
			if err != nil {
				t.Fatal(err)
			}
			o.Gap = 1e-7
			m0, err := Cells(g, cells, o)
			if err != nil {
				t.Fatal(err)
			}
			if len(m.Tris) != len(m0.Tris) {
				t.Fatalf("%s: %d and %d triangles", name, len(m.Tris), len(m0.Tris))
			}
			for i, tr := range m.Tris {
				n := m.Verts[tr[1]].Sub(m.Verts[tr[0]]).Cross(m.Verts[tr[2]].Sub(m.Verts[tr[0]]))
				tr0 := m0.Tris[i]
				n0 := m0.Verts[tr0[1]].Sub(m0.Verts[tr0[0]]).Cross(m0.Verts[tr0[2]].Sub(m0.Verts[tr0[0]]))
				if n.Dot(n0) <= 0 {
					t.Fatalf("%s gap %v: triangle %d turned over", name, gap, i)
				}
			}
		}
	}
	if _, err := Cells(g, []grid.Cell{{}}, Options{Unit: [3]float64{1, 1, 1}, Gap: 0.05, Bevel: 0.1}); err == nil {
		t.Error("a bevel of two gaps accepted")
	}
	if _, err := Cells(grid.Must(grid.Prisms), []grid.Cell{{}}, Options{Unit: [3]float64{1, 1, 1}, Gap: 0.01, Bevel: 0.1}); err == nil {
		t.Error("a bevel on the prism grid accepted")
	}
}
