package render

import (
	"fmt"

	"github.com/burrlab/burrlab/model/grid"
	"github.com/go-gl/mathgl/mgl64"
)

// Surface returns the closed surface of a set of cells of a polyhedral grid
// (every grid but spheres) as an indexed triangle mesh in render units: the
// surface the screen meshes draw, with faces between cells of the set left
// out, pinched edges and corners split, and every face pulled inwards by gap.
// Triangles run counter-clockwise seen from outside and every edge belongs
// to exactly two of them, once in each direction. gap must be > 0 where
// cells touch only along an edge or at a corner, or the split vertices of
// the pinch coincide.
func Surface(g grid.Grid, cells []grid.Cell, gap float64) (verts []mgl64.Vec3, tris [][3]int32, err error) {
	if g.Type() == grid.Spheres {
		return nil, nil, fmt.Errorf("render: the sphere grid has no polyhedral surface")
	}
	m, err := NewMesh(g, cells, gap)
	if err != nil {
		return nil, nil, err
	}
	verts = make([]mgl64.Vec3, len(m.verts))
	for i, v := range m.verts {
		verts[i] = vec64(v)
	}
	tris = make([][3]int32, 0, len(m.tris)/3)
	for i := 0; i+2 < len(m.tris); i += 3 {
		tris = append(tris, [3]int32{m.tris[i], m.tris[i+1], m.tris[i+2]})
	}
	return verts, tris, nil
}
