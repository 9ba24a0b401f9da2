package render

import (
	"math"
	"math/rand"
	"runtime"
	"strings"
	"testing"

	"github.com/burrlab/burrlab/model"
	"github.com/burrlab/burrlab/model/grid"
	"github.com/go-gl/mathgl/mgl64"
)

var filled = uint8(model.MakeVoxel(model.Filled, 0))

// validCells returns the valid cells of g in the box [0,n)^3.
func validCells(g grid.Grid, n int) []grid.Vec {
	var out []grid.Vec
	for z := 0; z < n; z++ {
		for y := 0; y < n; y++ {
			for x := 0; x < n; x++ {
				if v := (grid.Vec{x, y, z}); g.Valid(v) {
					out = append(out, v)
				}
			}
		}
	}
	return out
}

func tagged(vs []grid.Vec) []grid.Cell {
	out := make([]grid.Cell, len(vs))
	for i, v := range vs {
		out[i] = grid.Cell{Pos: v, Tag: filled}
	}
	return out
}

// testShapes returns cell sets that exercise the surface builder in grid g:
// one cell, a cell with all its face neighbours (merged faces), cells that
// touch only along an edge or at a corner (pinched surfaces), a full block
// and random blobs.
func testShapes(g grid.Grid, rng *rand.Rand) map[string][]grid.Vec {
	all := validCells(g, 10)
	base := all[len(all)/2]
	shapes := map[string][]grid.Vec{"single": {base}}
	star := []grid.Vec{base}
	star = append(star, g.Neighbors(nil, base, grid.ByFace)...)
	shapes["face-star"] = star
	if e := g.Neighbors(nil, base, grid.ByEdge); len(e) > 0 {
		shapes["edge-pair"] = []grid.Vec{base, e[0]}
		shapes["edge-star"] = append([]grid.Vec{base}, e...)
	}
	if c := g.Neighbors(nil, base, grid.ByCorner); len(c) > 0 {
		shapes["corner-pair"] = []grid.Vec{base, c[0]}
	}
	shapes["block"] = validCells(g, 6)
	for i := 0; i < 6; i++ {
		var blob []grid.Vec
		for _, v := range all {
			if rng.Intn(2+i%4) == 0 {
				blob = append(blob, v)
			}
		}
		shapes["blob"+string(rune('A'+i))] = blob
	}
	return shapes
}

type edgeKey [2]pointKey

// checkClosed asserts that the triangles form closed, consistently oriented
// surfaces: every directed edge occurs once and its reverse once.
func checkClosed(t *testing.T, name string, tris [][3]mgl64.Vec3) {
	t.Helper()
	directed := map[edgeKey]int{}
	for _, tr := range tris {
		for k := 0; k < 3; k++ {
			a, b := keyOf(tr[k]), keyOf(tr[(k+1)%3])
			if a == b {
				t.Fatalf("%s: degenerate triangle %v", name, tr)
			}
			directed[edgeKey{a, b}]++
		}
	}
	for e, n := range directed {
		if n != 1 || directed[edgeKey{e[1], e[0]}] != 1 {
			t.Fatalf("%s: edge %v used %d times, reverse %d times", name, e, n, directed[edgeKey{e[1], e[0]}])
		}
	}
}

func signedVolume(tris [][3]mgl64.Vec3) float64 {
	v := 0.0
	for _, t := range tris {
		v += t[0].Dot(t[1].Cross(t[2])) / 6
	}
	return v
}

func meshTriangles(m *Mesh) [][3]mgl64.Vec3 {
	var out [][3]mgl64.Vec3
	for i := 0; i < len(m.tris); i += 3 {
		out = append(out, [3]mgl64.Vec3{vec64(m.verts[m.tris[i]]), vec64(m.verts[m.tris[i+1]]), vec64(m.verts[m.tris[i+2]])})
	}
	return out
}

// cellVolume is the volume of one cell in render units.
func cellVolume(g grid.Grid, v grid.Vec) float64 {
	var tris [][3]mgl64.Vec3
	for _, f := range g.Solid(v).Faces {
		for k := 1; k+1 < len(f.Corners); k++ {
			tris = append(tris, [3]mgl64.Vec3{f.Corners[0], f.Corners[k], f.Corners[k+1]})
		}
	}
	return signedVolume(tris)
}

// The surface of every shape is closed, and at gap 0 it encloses exactly
// the cells' volume, so no face is lost or doubled; with a gap it encloses
// a little less, and stays closed even where cells touch only at an edge.
func TestMeshClosedAllGrids(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	for ty := grid.Type(0); ty < grid.NumTypes; ty++ {
		g := grid.Must(ty)
		if ty == grid.Spheres {
			continue // balls; see package render/stl
		}
		for name, vs := range testShapes(g, rng) {
			name = ty.String() + "/" + name
			want := 0.0
			for _, v := range vs {
				want += cellVolume(g, v)
			}
			m0, err := NewMesh(g, tagged(vs), 0)
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			tris := meshTriangles(m0)
			if got := signedVolume(tris); math.Abs(got-want) > 1e-6*want {
				t.Errorf("%s: volume %v, want %v", name, got, want)
			}
			m, err := NewMesh(g, tagged(vs), DefaultGap)
			if err != nil {
				t.Fatalf("%s: %v", name, err)
			}
			tris = meshTriangles(m)
			checkClosed(t, name, tris)
			if got := signedVolume(tris); got >= want || got < 0.5*want {
				t.Errorf("%s: volume with gap %v, cells %v", name, got, want)
			}
		}
	}
}

// Faces between cells of one shape are not drawn: a 2x1x1 bar of cubes has
// 10 squares, not 12, and its outline is the 12 edges of a box (the four
// long ones in two segments), with no line between the cubes.
func TestMeshMergesInnerFaces(t *testing.T) {
	g := grid.Must(grid.Cubes)
	m, err := NewMesh(g, tagged([]grid.Vec{{0, 0, 0}, {1, 0, 0}}), DefaultGap)
	if err != nil {
		t.Fatal(err)
	}
	if len(m.polys) != 10 || m.NumTriangles() != 20 {
		t.Errorf("%d polygons, %d triangles; want 10, 20", len(m.polys), m.NumTriangles())
	}
	if n := len(m.edges); n != 16 {
		t.Errorf("%d outline segments, want 16", n)
	}
	if len(m.verts) != 12 {
		t.Errorf("%d vertices, want 12", len(m.verts))
	}
	for _, p := range m.polys {
		if p.neighbor == (grid.Vec{0, 0, 0}) || p.neighbor == (grid.Vec{1, 0, 0}) {
			t.Errorf("polygon of %v faces a cell of the shape", p.cell)
		}
	}
}

func TestMeshRejectsBadCells(t *testing.T) {
	if _, err := NewMesh(grid.Must(grid.Spheres), tagged([]grid.Vec{{1, 0, 0}}), 0); err == nil {
		t.Error("accepted a sphere cell with odd coordinate sum")
	}
	if _, err := NewMesh(grid.Must(grid.Cubes), tagged([]grid.Vec{{1, 0, 0}, {1, 0, 0}}), 0); err == nil {
		t.Error("accepted a duplicate cell")
	}
	if _, err := NewMesh(grid.Must(grid.Cubes), nil, -1); err == nil {
		t.Error("accepted a negative gap")
	}
}

// TestHugeShapesRefusedCheaply: a shape with more cells than a mesh may
// hold is refused before its cells are listed, so that a hostile file
// cannot make us allocate a list of millions of cells only to refuse it.
func TestHugeShapesRefusedCheaply(t *testing.T) {
	g := grid.Must(grid.Cubes)
	s := model.NewShape(grid.Vec{MaxMeshCells + 1, 1, 1})
	for i := range s.Voxels {
		s.Voxels[i] = model.MakeVoxel(model.Filled, 0)
	}
	for name, try := range map[string]func() error{
		"ShapeMesh": func() error { _, err := ShapeMesh(g, &s); return err },
	} {
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		err := try()
		runtime.ReadMemStats(&after)
		if err == nil || !strings.Contains(err.Error(), "per mesh") {
			t.Errorf("%s: error %v, want the cell limit", name, err)
		}
		if n := after.TotalAlloc - before.TotalAlloc; n > 1<<20 {
			t.Errorf("%s: allocated %d bytes to refuse the shape", name, n)
		}
	}
}
