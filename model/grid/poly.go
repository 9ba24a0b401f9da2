package grid

import (
	"sort"

	"github.com/go-gl/mathgl/mgl64"
)

// polyGeom is the geometry of a grid whose cells are convex polyhedra (all
// grids but spheres). From it, polyTables derives the neighbour lists and the
// cell across each face by comparing corners, so the lists follow from the
// geometry instead of being typed in.
type polyGeom struct {
	valid func(v Vec) bool
	// corners returns the corners of cell v in integer geometry units, and
	// its faces as lists of corner indices.
	corners func(v Vec) (corners []Vec, faces [][]int)
	// render converts a point in geometry units to render units.
	render func(p Vec) mgl64.Vec3
	// period: the cell pattern (and so every table) repeats with it.
	period Vec
	// reach bounds |offset| per axis between two touching cells.
	reach int
}

// polyClass is what polyTables knows about every cell of one class
// (coordinates modulo the period).
type polyClass struct {
	faceNeighbor []Vec    // offset to the cell across each face, in face order
	neighbors    [3][]Vec // offsets of touching cells, by Adjacency
}

type polyTables struct {
	geom    polyGeom
	classes map[Vec]*polyClass
}

func (g polyGeom) class(v Vec) Vec {
	return Vec{floorMod(v[0], g.period[0]), floorMod(v[1], g.period[1]), floorMod(v[2], g.period[2])}
}

// buildPolyTables compares every cell of one period with every cell within
// reach: two cells sharing 3 or more corners share a face, 2 an edge, 1 a
// corner. In these face-to-face tilings of convex cells that is exact.
func buildPolyTables(g polyGeom) *polyTables {
	t := &polyTables{geom: g, classes: map[Vec]*polyClass{}}
	for z := 0; z < g.period[2]; z++ {
		for y := 0; y < g.period[1]; y++ {
			for x := 0; x < g.period[0]; x++ {
				v := Vec{x, y, z}
				if !g.valid(v) {
					continue
				}
				t.classes[v] = buildClass(g, v)
			}
		}
	}
	return t
}

func buildClass(g polyGeom, v Vec) *polyClass {
	cs, faces := g.corners(v)
	mine := map[Vec]bool{}
	for _, c := range cs {
		mine[c] = true
	}
	pc := &polyClass{faceNeighbor: make([]Vec, len(faces))}
	r := g.reach
	for dz := -r; dz <= r; dz++ {
		for dy := -r; dy <= r; dy++ {
			for dx := -r; dx <= r; dx++ {
				d := Vec{dx, dy, dz}
				w := v.Add(d)
				if d == (Vec{}) || !g.valid(w) {
					continue
				}
				other, _ := g.corners(w)
				shared := map[Vec]bool{}
				for _, c := range other {
					if mine[c] {
						shared[c] = true
					}
				}
				switch {
				case len(shared) >= 3:
					pc.neighbors[ByFace] = append(pc.neighbors[ByFace], d)
					for fi, f := range faces {
						all := true
						for _, ci := range f {
							all = all && shared[cs[ci]]
						}
						if all {
							pc.faceNeighbor[fi] = d
						}
					}
				case len(shared) == 2:
					pc.neighbors[ByEdge] = append(pc.neighbors[ByEdge], d)
				case len(shared) == 1:
					pc.neighbors[ByCorner] = append(pc.neighbors[ByCorner], d)
				}
			}
		}
	}
	for k := range pc.neighbors {
		sort.Slice(pc.neighbors[k], func(i, j int) bool { return pc.neighbors[k][i].Less(pc.neighbors[k][j]) })
	}
	return pc
}

func (t *polyTables) neighbors(dst []Vec, v Vec, kind Adjacency) []Vec {
	if kind < ByFace || kind > ByCorner || !t.geom.valid(v) {
		return dst
	}
	for _, d := range t.classes[t.geom.class(v)].neighbors[kind] {
		dst = append(dst, v.Add(d))
	}
	return dst
}

// solid builds the render solid of cell v with faces turned outwards.
func (t *polyTables) solid(v Vec) Solid {
	cs, faces := t.geom.corners(v)
	pts := make([]mgl64.Vec3, len(cs))
	var center mgl64.Vec3
	for i, c := range cs {
		pts[i] = t.geom.render(c)
		center = center.Add(pts[i])
	}
	center = center.Mul(1 / float64(len(cs)))
	var fn []Vec
	if pc := t.classes[t.geom.class(v)]; pc != nil {
		fn = pc.faceNeighbor
	}
	s := Solid{Center: center, Faces: make([]Face, len(faces))}
	for fi, f := range faces {
		poly := make([]mgl64.Vec3, len(f))
		var mid mgl64.Vec3
		for i, ci := range f {
			poly[i] = pts[ci]
			mid = mid.Add(poly[i])
		}
		mid = mid.Mul(1 / float64(len(f)))
		if PolygonNormal(poly).Dot(mid.Sub(center)) < 0 {
			for i, j := 0, len(poly)-1; i < j; i, j = i+1, j-1 {
				poly[i], poly[j] = poly[j], poly[i]
			}
		}
		s.Faces[fi].Corners = poly
		if fn != nil {
			s.Faces[fi].Neighbor = v.Add(fn[fi])
		}
	}
	return s
}

// PolygonNormal returns the normal of a planar polygon whose corners run
// counter-clockwise seen from the side it points to, by Newell's method
// (robust for any number of corners). Its length is twice the polygon's
// area; it is not normalised.
func PolygonNormal(p []mgl64.Vec3) mgl64.Vec3 {
	var n mgl64.Vec3
	for i := range p {
		a, b := p[i], p[(i+1)%len(p)]
		n[0] += (a[1] - b[1]) * (a[2] + b[2])
		n[1] += (a[2] - b[2]) * (a[0] + b[0])
		n[2] += (a[0] - b[0]) * (a[1] + b[1])
	}
	return n
}
