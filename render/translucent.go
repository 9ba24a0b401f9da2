package render

import "slices"

// drawTranslucent blends the partly faded items over the finished frame,
// farthest first. Each is drawn alone, shaded and outlined as if opaque,
// into a layer of the same size; where the layer's surface lies in front
// of the frame's, its pixel is mixed in by the item's opacity. Drawing
// each item whole first keeps its own hidden faces hidden, so a faded
// piece looks like a ghost of itself rather than a tangle of faces.
func (r *Renderer) drawTranslucent(s *Scene) {
	r.order = r.order[:0]
	p := &r.pr
	for i := range s.Items {
		it := &s.Items[i]
		if !it.shown() || it.opaque() || it.Mesh.Empty() {
			continue
		}
		c := p.toView(vec32(it.Mesh.Centroid()), p.itemTranslation(it.Offset))
		r.order = append(r.order, itemRef{z: -c[2], idx: int32(i)})
	}
	if len(r.order) == 0 {
		return
	}
	slices.SortFunc(r.order, func(a, b itemRef) int {
		switch {
		case a.z > b.z:
			return -1
		case a.z < b.z:
			return 1
		}
		return 0
	})
	if r.layer == nil {
		r.layer = &Renderer{lineDepth: true}
	}
	l := r.layer
	if err := l.SetSize(r.w, r.h); err != nil {
		return // cannot happen: r has this size already
	}
	l.Style = r.Style
	l.layerScene.Colors = s.Colors
	for _, o := range r.order { // the layer sorts into its own order
		it := s.Items[o.idx]
		alpha := 1 - it.Fade
		it.Fade = 0
		l.layerScene.Items = append(l.layerScene.Items[:0], it)
		l.Render(&l.layerScene, r.cam)
		r.blend(l, alpha)
	}
	l.layerScene.Items = l.layerScene.Items[:0]
}

// blend mixes the pixels of layer l that lie in front of the frame into
// it, with opacity alpha.
func (r *Renderer) blend(l *Renderer, alpha float64) {
	a := uint32(alpha*256 + 0.5)
	for y := 0; y < r.h; y++ {
		lo, hi := int(l.rowLo[y]), int(l.rowHi[y])
		for i := y*r.w + lo; i < y*r.w+hi; i++ {
			d := l.depth[i]
			if d == 0 || d < r.depth[i] {
				continue
			}
			dst, src := r.img.Pix[4*i:4*i+3], l.img.Pix[4*i:4*i+3]
			for k := range dst {
				dst[k] = uint8((uint32(src[k])*a + uint32(dst[k])*(256-a)) >> 8)
			}
		}
	}
}
