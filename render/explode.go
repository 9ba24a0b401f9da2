package render

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
)

// ExplodeOffsets returns, per item of s, how far an exploded view moves it:
// away from the assembly's centre (the mean of all its cells) along the
// line to the item's centroid. The push is proportional to the centroid's
// distance from the centre, so pieces keep their order and never pass each
// other; at f = 1 the farthest piece has moved by the assembly's diameter.
// f is clamped to 0..1. Offsets, modes and fades in the scene are ignored:
// the view explodes the assembled layout, and hiding or fading a piece does
// not move the others. dst is reused when big enough.
func ExplodeOffsets(s *Scene, f float64, dst []mgl64.Vec3) []mgl64.Vec3 {
	if cap(dst) < len(s.Items) {
		dst = make([]mgl64.Vec3, len(s.Items))
	}
	dst = dst[:len(s.Items)]
	clear(dst)
	if !(f > 0) {
		return dst
	}
	f = math.Min(f, 1)
	var centre, lo, hi mgl64.Vec3
	cells := 0
	for i := range s.Items {
		it := &s.Items[i]
		if it.Mesh == nil || it.Mesh.Empty() {
			continue
		}
		n := it.Mesh.NumCells()
		a, b := it.Mesh.Bounds()
		if cells == 0 {
			lo, hi = a, b
		}
		for k := 0; k < 3; k++ {
			lo[k], hi[k] = math.Min(lo[k], a[k]), math.Max(hi[k], b[k])
		}
		centre = centre.Add(it.Mesh.Centroid().Mul(float64(n)))
		cells += n
	}
	if cells == 0 {
		return dst
	}
	centre = centre.Mul(1 / float64(cells))
	far := 0.0
	for i := range s.Items {
		if it := &s.Items[i]; it.Mesh != nil && !it.Mesh.Empty() {
			far = math.Max(far, it.Mesh.Centroid().Sub(centre).Len())
		}
	}
	if far < 1e-9 {
		return dst // every piece sits at the centre: nowhere to push
	}
	k := f * hi.Sub(lo).Len() / far
	for i := range s.Items {
		if it := &s.Items[i]; it.Mesh != nil && !it.Mesh.Empty() {
			dst[i] = it.Mesh.Centroid().Sub(centre).Mul(k)
		}
	}
	return dst
}
