package stl

import (
	"fmt"
	"math"
	"slices"

	"github.com/burrlab/burrlab/model/grid"
	"github.com/burrlab/burrlab/render"
	"github.com/go-gl/mathgl/mgl64"
)

// Bevel on the cube grid.
//
// Each cube of a piece is cut on its own, by what surrounds it: an edge of
// the cube is chamfered (a 45° cut whose legs are bevel long) when both
// faces at that edge are outer faces of the piece, and a corner gets a
// triangular cut when all three faces at it are. So the outer edges and
// corners of a piece are chamfered, edges between cubes of one piece and
// concave edges stay sharp, and where a chamfered edge runs into a
// neighbouring cube of the piece it ends in a small flat step. Cubes that
// touch only along an edge or at a corner come apart (both are cut there).
//
// The surface is the boundary of the union of the cut cubes: their outer
// faces, their cuts, and on a face shared by two cubes the part that only
// one of them covers. Polygons are joined at shared vertices (T-junctions
// are split, so every edge has a partner), triangulated, and finally every
// vertex moves inwards so that each face plane moves by the gap (where four
// planes meet, as at the corners of a face next to a corner cut, the move
// is a least-squares fit: a 9.8 mm cube comes out 9.7976 mm wide).

// halfSpace is n·p <= h.
type halfSpace struct {
	n mgl64.Vec3
	h float64
}

func (s halfSpace) dist(p mgl64.Vec3) float64 { return s.n.Dot(p) - s.h }

// cubeFaces are the outward normals of a cube's faces, and the offset of
// the face-neighbour across each.
var cubeFaces = [6]grid.Vec{{-1, 0, 0}, {1, 0, 0}, {0, -1, 0}, {0, 1, 0}, {0, 0, -1}, {0, 0, 1}}

func vecf(v grid.Vec) mgl64.Vec3 { return mgl64.Vec3{float64(v[0]), float64(v[1]), float64(v[2])} }

// cutCube is one cube of a piece with the half-spaces that cut it.
type cutCube struct {
	lo    mgl64.Vec3   // its minimum corner
	faces [6]halfSpace // the cube itself
	cuts  []halfSpace  // chamfers of edges and corners
	outer [6]bool      // face f is an outer face of the piece
}

func newCutCube(pos grid.Vec, in map[grid.Vec]bool, bevel float64) *cutCube {
	c := &cutCube{lo: vecf(pos)}
	for f, d := range cubeFaces {
		n := vecf(d)
		// The face's plane: n·p <= n·(centre) + 1/2.
		centre := c.lo.Add(mgl64.Vec3{0.5, 0.5, 0.5})
		c.faces[f] = halfSpace{n, n.Dot(centre) + 0.5}
		c.outer[f] = !in[pos.Add(d)]
	}
	// Edges: pairs of faces that are not opposite.
	for a := 0; a < 6; a++ {
		for b := a + 1; b < 6; b++ {
			if a/2 == b/2 || !c.outer[a] || !c.outer[b] {
				continue
			}
			fa, fb := c.faces[a], c.faces[b]
			n := fa.n.Add(fb.n)
			c.cuts = append(c.cuts, halfSpace{n, fa.h + fb.h - bevel})
		}
	}
	// Corners: one face of each axis.
	for _, a := range [2]int{0, 1} {
		for _, b := range [2]int{2, 3} {
			for _, d := range [2]int{4, 5} {
				if !c.outer[a] || !c.outer[b] || !c.outer[d] {
					continue
				}
				fa, fb, fd := c.faces[a], c.faces[b], c.faces[d]
				c.cuts = append(c.cuts, halfSpace{fa.n.Add(fb.n).Add(fd.n), fa.h + fb.h + fd.h - 2*bevel})
			}
		}
	}
	return c
}

// clip keeps the part of convex polygon poly where s holds.
func clip(poly []mgl64.Vec3, s halfSpace) []mgl64.Vec3 {
	const eps = 1e-12
	var out []mgl64.Vec3
	for i, p := range poly {
		q := poly[(i+1)%len(poly)]
		dp, dq := s.dist(p), s.dist(q)
		if dp <= eps {
			out = append(out, p)
		}
		if (dp < -eps && dq > eps) || (dp > eps && dq < -eps) {
			out = append(out, p.Add(q.Sub(p).Mul(dp/(dp-dq))))
		}
	}
	return out
}

// planePolygon returns a square in the plane of s, much larger than a
// cube, around point c, counter-clockwise seen from the side n points to.
func planePolygon(s halfSpace, c mgl64.Vec3) []mgl64.Vec3 {
	n := s.n.Normalize()
	c = c.Sub(n.Mul(s.dist(c) / s.n.Len()))
	e1 := n.Cross(mgl64.Vec3{1, 0, 0})
	if e1.Len() < 0.5 {
		e1 = n.Cross(mgl64.Vec3{0, 1, 0})
	}
	e1 = e1.Normalize().Mul(4)
	e2 := n.Cross(e1)
	return []mgl64.Vec3{c.Sub(e1).Sub(e2), c.Add(e1).Sub(e2), c.Add(e1).Add(e2), c.Sub(e1).Add(e2)}
}

// section returns the polygon of c's cut cube in the plane of s (one of
// its faces or cuts), or nil if that is no more than a line or a point.
func (c *cutCube) section(s halfSpace) []mgl64.Vec3 {
	poly := planePolygon(s, c.lo.Add(mgl64.Vec3{0.5, 0.5, 0.5}))
	for _, o := range c.faces {
		if o != s {
			poly = clip(poly, o)
		}
	}
	for _, o := range c.cuts {
		if o != s {
			poly = clip(poly, o)
		}
	}
	return cleanPolygon(poly)
}

// cleanPolygon drops repeated corners and reports nil for a polygon
// without area.
func cleanPolygon(poly []mgl64.Vec3) []mgl64.Vec3 {
	var out []mgl64.Vec3
	for _, p := range poly {
		if len(out) == 0 || p.Sub(out[len(out)-1]).Len() > 1e-9 {
			out = append(out, p)
		}
	}
	for len(out) > 1 && out[0].Sub(out[len(out)-1]).Len() <= 1e-9 {
		out = out[:len(out)-1]
	}
	if len(out) < 3 {
		return nil
	}
	var area mgl64.Vec3
	for i := 1; i+1 < len(out); i++ {
		area = area.Add(out[i].Sub(out[0]).Cross(out[i+1].Sub(out[0])))
	}
	if area.Len() < 1e-12 {
		return nil
	}
	return out
}

// subtract returns a \ b for convex polygons in one plane with normal n,
// as convex pieces: for each edge of b in turn, the part of what is left
// of a beyond that edge.
func subtract(a, b []mgl64.Vec3, n mgl64.Vec3) [][]mgl64.Vec3 {
	if b == nil {
		return [][]mgl64.Vec3{a}
	}
	var out [][]mgl64.Vec3
	rest := a
	for i, p := range b {
		q := b[(i+1)%len(b)]
		// Inside b is to the left of p->q seen along n: (q-p) x n points
		// outwards.
		out_ := q.Sub(p).Cross(n)
		s := halfSpace{out_, out_.Dot(p)}
		if piece := cleanPolygon(clip(rest, halfSpace{s.n.Mul(-1), -s.h})); piece != nil {
			out = append(out, piece)
		}
		if rest = cleanPolygon(clip(rest, s)); rest == nil {
			break
		}
	}
	return out
}

// bevelCubes builds the surface of cube-grid cells with the bevel above,
// pulled in by gap.
func bevelCubes(cells []grid.Cell, gap, bevel float64) (*Mesh, error) {
	in := make(map[grid.Vec]bool, len(cells))
	for _, c := range cells {
		if in[c.Pos] {
			return nil, fmt.Errorf("cell %v listed twice", c.Pos)
		}
		in[c.Pos] = true
	}
	// A cube on the surface makes at most 26 polygons, about 64
	// triangles: refuse before building what cannot be written.
	outer := 0
	for _, c := range cells {
		for _, d := range cubeFaces {
			if !in[c.Pos.Add(d)] {
				outer++
				break
			}
		}
	}
	if n := outer * 64; n > MaxTriangles {
		return nil, fmt.Errorf("%d cubes on the surface make up to %d triangles, at most %d per file", outer, n, MaxTriangles)
	}
	cubes := make(map[grid.Vec]*cutCube, len(cells))
	for _, c := range cells {
		cubes[c.Pos] = newCutCube(c.Pos, in, bevel)
	}
	var w welder
	for _, c := range cells {
		cc := cubes[c.Pos]
		for f, d := range cubeFaces {
			s := cc.faces[f]
			mine := cc.section(s)
			if mine == nil {
				continue
			}
			if cc.outer[f] {
				w.polygon(mine, s.n)
				continue
			}
			other := cubes[c.Pos.Add(d)]
			// The neighbour's face in the same plane, seen from its side.
			theirs := other.section(halfSpace{s.n.Mul(-1), -s.h})
			slices.Reverse(theirs) // now counter-clockwise seen along s.n
			for _, piece := range subtract(mine, theirs, s.n) {
				w.polygon(piece, s.n)
			}
		}
		for _, s := range cc.cuts {
			if poly := cc.section(s); poly != nil {
				w.polygon(poly, s.n.Normalize())
			}
		}
	}
	return w.mesh(gap)
}

// welder joins polygons at shared corners, splits edges where another
// polygon's corner lies on them, and triangulates.
type welder struct {
	verts   []mgl64.Vec3
	buckets map[[3]int64][]int32
	polys   [][]int32
	normals []mgl64.Vec3
}

const weldTol = 1e-9

func bucketOf(p mgl64.Vec3) [3]int64 {
	const size = 0.25
	return [3]int64{int64(math.Floor(p[0] / size)), int64(math.Floor(p[1] / size)), int64(math.Floor(p[2] / size))}
}

// vertex returns the id of the vertex at p, adding it if new.
func (w *welder) vertex(p mgl64.Vec3) int32 {
	if w.buckets == nil {
		w.buckets = map[[3]int64][]int32{}
	}
	b := bucketOf(p)
	for dx := int64(-1); dx <= 1; dx++ {
		for dy := int64(-1); dy <= 1; dy++ {
			for dz := int64(-1); dz <= 1; dz++ {
				for _, v := range w.buckets[[3]int64{b[0] + dx, b[1] + dy, b[2] + dz}] {
					if w.verts[v].Sub(p).Len() <= weldTol {
						return v
					}
				}
			}
		}
	}
	id := int32(len(w.verts))
	w.verts = append(w.verts, p)
	w.buckets[b] = append(w.buckets[b], id)
	return id
}

func (w *welder) polygon(poly []mgl64.Vec3, n mgl64.Vec3) {
	ids := make([]int32, len(poly))
	for i, p := range poly {
		ids[i] = w.vertex(p)
	}
	w.polys = append(w.polys, ids)
	w.normals = append(w.normals, n.Normalize())
}

// onEdge returns the vertices strictly inside segment a-b, in order.
func (w *welder) onEdge(a, b int32) []int32 {
	pa, pb := w.verts[a], w.verts[b]
	d := pb.Sub(pa)
	l2 := d.Dot(d)
	lo, hi := bucketOf(pa), bucketOf(pb)
	for k := 0; k < 3; k++ {
		lo[k], hi[k] = min(lo[k], hi[k])-1, max(lo[k], hi[k])+1
	}
	type hit struct {
		v int32
		t float64
	}
	var hits []hit
	for x := lo[0]; x <= hi[0]; x++ {
		for y := lo[1]; y <= hi[1]; y++ {
			for z := lo[2]; z <= hi[2]; z++ {
				for _, v := range w.buckets[[3]int64{x, y, z}] {
					if v == a || v == b {
						continue
					}
					r := w.verts[v].Sub(pa)
					t := r.Dot(d) / l2
					if t <= 1e-9 || t >= 1-1e-9 || r.Sub(d.Mul(t)).Len() > weldTol {
						continue
					}
					hits = append(hits, hit{v, t})
				}
			}
		}
	}
	for i := 1; i < len(hits); i++ {
		for j := i; j > 0 && hits[j].t < hits[j-1].t; j-- {
			hits[j], hits[j-1] = hits[j-1], hits[j]
		}
	}
	out := make([]int32, len(hits))
	for i, h := range hits {
		out[i] = h.v
	}
	return out
}

// mesh triangulates the polygons and moves every vertex inwards by gap.
func (w *welder) mesh(gap float64) (*Mesh, error) {
	if len(w.polys) == 0 {
		return nil, fmt.Errorf("the bevel left nothing")
	}
	m := &Mesh{}
	vertNormals := make([][]mgl64.Vec3, len(w.verts))
	addNormal := func(v int32, n mgl64.Vec3) {
		for _, o := range vertNormals[v] {
			if o.Dot(n) > 1-1e-9 {
				return
			}
		}
		vertNormals[v] = append(vertNormals[v], n)
	}
	type tri [3]int32
	var tris []tri
	var centres []mgl64.Vec3 // extra vertices, numbered after w.verts
	var centreNormal []mgl64.Vec3
	for pi, poly := range w.polys {
		n := w.normals[pi]
		var ring []int32
		for i, v := range poly {
			ring = append(ring, v)
			ring = append(ring, w.onEdge(v, poly[(i+1)%len(poly)])...)
		}
		for _, v := range ring {
			addNormal(v, n)
		}
		if len(ring) == len(poly) {
			for k := 1; k+1 < len(ring); k++ {
				tris = append(tris, tri{ring[0], ring[k], ring[k+1]})
			}
			continue
		}
		// Corners of neighbours lie on this polygon's edges: a fan from
		// its centre joins them without thin or flat triangles.
		var c mgl64.Vec3
		for _, v := range poly {
			c = c.Add(w.verts[v])
		}
		c = c.Mul(1 / float64(len(poly)))
		id := int32(len(w.verts) + len(centres))
		centres = append(centres, c)
		centreNormal = append(centreNormal, n)
		for k := range ring {
			tris = append(tris, tri{id, ring[k], ring[(k+1)%len(ring)]})
		}
	}
	m.Verts = make([]mgl64.Vec3, 0, len(w.verts)+len(centres))
	for v, p := range w.verts {
		m.Verts = append(m.Verts, p.Add(render.Inset(vertNormals[v], gap)))
	}
	for i, p := range centres {
		m.Verts = append(m.Verts, p.Sub(centreNormal[i].Mul(gap)))
	}
	m.Tris = make([][3]int32, len(tris))
	for i, t := range tris {
		m.Tris[i] = t
	}
	return m, nil
}
