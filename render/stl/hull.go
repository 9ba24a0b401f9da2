package stl

import (
	"fmt"

	"github.com/go-gl/mathgl/mgl64"
)

// sphereHull triangulates points that all lie on the unit sphere around the
// origin: it returns their convex hull, triangles counter-clockwise seen
// from outside. Every point is a corner of the hull (points on a sphere are
// all extreme), so the result uses each of them. Points must be distinct and
// the first four must not be coplanar.
//
// The hull is built incrementally; for each new point the faces it sees are
// replaced by a fan from the point to their rim. Points on a sphere make
// this robust: a point not yet on the hull lies strictly inside the cap of
// the face its ray from the centre crosses, so it always sees a face by a
// clear margin, and faces it sees only within rounding are left alone
// (their replacement would be flat anyway).
func sphereHull(pts []mgl64.Vec3) ([][3]int32, error) {
	if len(pts) < 4 {
		return nil, fmt.Errorf("stl: hull of %d points", len(pts))
	}
	type face struct {
		v [3]int32
		n mgl64.Vec3 // outward unit normal
		d float64    // n·x = d on the face's plane
	}
	mk := func(a, b, c int32) face {
		n := pts[b].Sub(pts[a]).Cross(pts[c].Sub(pts[a]))
		if l := n.Len(); l > 0 {
			n = n.Mul(1 / l)
		}
		return face{v: [3]int32{a, b, c}, n: n, d: n.Dot(pts[a])}
	}
	// The first tetrahedron, each face turned to point away from its centre.
	cen := pts[0].Add(pts[1]).Add(pts[2]).Add(pts[3]).Mul(0.25)
	var faces []face
	for _, t := range [][3]int32{{0, 1, 2}, {0, 3, 1}, {1, 3, 2}, {2, 3, 0}} {
		f := mk(t[0], t[1], t[2])
		if f.n.Dot(cen)-f.d > 0 {
			f = mk(t[0], t[2], t[1])
		}
		if f.n == (mgl64.Vec3{}) {
			return nil, fmt.Errorf("stl: the first hull points are coplanar")
		}
		faces = append(faces, f)
	}
	const eps = 1e-10
	type dedge [2]int32
	rim := map[dedge]bool{}
	var spare []face // the other of two face lists, reused
	for p := int32(4); p < int32(len(pts)); p++ {
		x := pts[p]
		clear(rim)
		kept := spare[:0]
		seen := false
		for _, f := range faces {
			if f.n.Dot(x)-f.d > eps {
				seen = true
				for k := 0; k < 3; k++ {
					a, b := f.v[k], f.v[(k+1)%3]
					if rim[dedge{b, a}] {
						delete(rim, dedge{b, a})
					} else {
						rim[dedge{a, b}] = true
					}
				}
				continue
			}
			kept = append(kept, f)
		}
		if !seen {
			return nil, fmt.Errorf("stl: hull point %d sees no face (points not on one sphere, or repeated)", p)
		}
		for e := range rim {
			kept = append(kept, mk(e[0], e[1], p))
		}
		faces, spare = kept, faces
	}
	out := make([][3]int32, len(faces))
	for i, f := range faces {
		out[i] = f.v
	}
	return out, nil
}
