package render

import (
	"math"

	"github.com/go-gl/mathgl/mgl32"
	"github.com/go-gl/mathgl/mgl64"
)

// PickAny reports the nearest item of the last frame under pixel (x, y),
// counting outlined items as if their faces were drawn. Pick reads the ID
// buffer, which only solid faces fill, so a piece shown as a wire frame
// cannot be clicked there; a view that cycles a piece's visibility
// (visible, outlined, hidden) needs to reach the outlined ones too. Hidden
// and wholly faded items are never hit. It casts the pixel's ray against
// every triangle and ball of the items shown, which is fine for a click
// but too slow to run per pixel.
func (r *Renderer) PickAny(x, y int) (Hit, bool) {
	if r.scene == nil || x < 0 || y < 0 || x >= r.w || y >= r.h {
		return Hit{}, false
	}
	eye, dir := r.ray(x, y)
	best := math.Inf(1)
	var hit Hit
	found := false
	for id := range r.scene.Items {
		it := &r.scene.Items[id]
		if !it.shown() {
			continue
		}
		m := it.Mesh
		o := eye.Sub(it.Offset) // the ray in the mesh's frame
		if t, ok := rayBox(o, dir, vec64(m.min), vec64(m.max)); !ok || t >= best {
			continue // misses the item's box, or it lies behind a nearer hit
		}
		for k := 0; k+2 < len(m.tris); k += 3 {
			t, ok := rayTriangle(o, dir, m.verts[m.tris[k]], m.verts[m.tris[k+1]], m.verts[m.tris[k+2]])
			if ok && t < best {
				p := &m.polys[m.poly[k/3]]
				best, found = t, true
				hit = Hit{Item: id, Cell: p.cell, Neighbor: p.neighbor, Normal: vec64(p.normal)}
			}
		}
		for k := range m.balls {
			b := &m.balls[k]
			t, ok := raySphere(o, dir, vec64(b.center), float64(b.radius))
			if ok && t < best {
				best, found = t, true
				n := o.Add(dir.Mul(t)).Sub(vec64(b.center)).Normalize()
				hit = r.ballHit(id, b, n)
			}
		}
	}
	return hit, found
}

// ray returns the eye and the unit direction, in the world frame, of the
// ray through the centre of pixel (x, y) of the last frame.
func (r *Renderer) ray(x, y int) (eye, dir mgl64.Vec3) {
	pr := &r.pr
	dv := mgl32.Vec3{(float32(x) + 0.5 - pr.cx) / pr.fx, -(float32(y) + 0.5 - pr.cy) / pr.fy, -1}
	return r.cam.Eye(), r.cam.Rot.Conjugate().Rotate(vec64(dv)).Normalize()
}

// rayTriangle returns the distance along the ray o + t*d (d a unit
// vector) to triangle abc, from either side (Möller and Trumbore).
func rayTriangle(o, d mgl64.Vec3, a32, b32, c32 mgl32.Vec3) (float64, bool) {
	a := vec64(a32)
	e1, e2 := vec64(b32).Sub(a), vec64(c32).Sub(a)
	p := d.Cross(e2)
	det := e1.Dot(p)
	if math.Abs(det) < 1e-12 {
		return 0, false // the ray runs along the triangle's plane
	}
	inv := 1 / det
	s := o.Sub(a)
	u := s.Dot(p) * inv
	if u < 0 || u > 1 {
		return 0, false
	}
	q := s.Cross(e1)
	v := d.Dot(q) * inv
	if v < 0 || u+v > 1 {
		return 0, false
	}
	t := e2.Dot(q) * inv
	return t, t > 0
}

// raySphere returns the distance along the ray o + t*d (d a unit vector)
// to where it enters the ball of centre c and radius rad.
func raySphere(o, d, c mgl64.Vec3, rad float64) (float64, bool) {
	oc := o.Sub(c)
	b := oc.Dot(d)
	disc := b*b - (oc.Dot(oc) - rad*rad)
	if disc < 0 {
		return 0, false
	}
	t := -b - math.Sqrt(disc)
	return t, t > 0
}

// rayBox returns the distance along the ray o + t*d to where it enters the
// box lo..hi (0 when it starts inside), by the slab method.
func rayBox(o, d, lo, hi mgl64.Vec3) (float64, bool) {
	// A margin: balls and the gap-shrunk faces lie inside the box, and
	// rounding must not lose a grazing hit.
	const eps = 1e-6
	t0, t1 := 0.0, math.Inf(1)
	for k := 0; k < 3; k++ {
		a, b := lo[k]-eps, hi[k]+eps
		if math.Abs(d[k]) < 1e-15 {
			if o[k] < a || o[k] > b {
				return 0, false
			}
			continue
		}
		ta, tb := (a-o[k])/d[k], (b-o[k])/d[k]
		if ta > tb {
			ta, tb = tb, ta
		}
		t0, t1 = math.Max(t0, ta), math.Min(t1, tb)
		if t0 > t1 {
			return 0, false
		}
	}
	return t0, true
}
