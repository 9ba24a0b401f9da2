package render

import (
	"encoding/binary"
	"fmt"
	"image"
	"image/color"
	"math"
	"slices"

	"github.com/burrlab/burrlab/model"
	"github.com/go-gl/mathgl/mgl32"
	"github.com/go-gl/mathgl/mgl64"
)

// MaxPixels caps a Renderer's size (about 8K x 4K).
const MaxPixels = 1 << 25

// Renderer draws scenes into an RGBA image with a z-buffer and fills an ID
// buffer for picking on the way. It keeps its buffers between frames: once
// the scene and size have settled a frame allocates nothing. A Renderer is
// not safe for concurrent use.
type Renderer struct {
	Style Style

	w, h  int
	img   *image.RGBA
	depth []float32 // 1/distance of the nearest surface; 0 where none
	// ids holds 1 + the frame-wide number of the polygon or ball at each
	// pixel, 0 for the background. Item i's polygons are numbered from
	// base[i], its balls after them.
	ids []int32
	// rowLo[y]..rowHi[y] (exclusive) bounds the pixels of row y that hold
	// depth or ids; only those are cleared and painted.
	rowLo, rowHi []int32
	bg           []byte // background pixels
	bgFor        [2]color.RGBA

	// The last frame, for picking.
	scene *Scene
	cam   Camera
	pr    projection

	// Per frame, by frame-wide polygon number: colour, whether it faces
	// the viewer, and whether some pixel shows it.
	base  []int32
	shade []uint32
	front []bool
	shown []bool

	// Scratch space reused by every frame.
	view  []mgl32.Vec3
	scr   []screenVert
	order []itemRef
	balls []ballRef
	tiles []float32 // per 16x16 tile, the farthest depth in it (0: not full)
	// noCull turns occlusion culling off, for tests that compare.
	noCull bool
	// layer draws translucent items one at a time, to be blended over the
	// frame; lineDepth (set in layers) makes lines over the background
	// write depth, so that blending finds them.
	layer      *Renderer
	layerScene Scene
	lineDepth  bool
	poly       [8]mgl32.Vec3 // a triangle clipped by the near plane
}

// itemRef is a scene item in drawing order, nearest first.
type itemRef struct {
	z   float32
	idx int32
}

// projection maps the world to the screen for one frame.
type projection struct {
	rot            mgl32.Mat3 // world -> view rotation
	trans          mgl32.Vec3 // world -> view translation
	fx, fy, cx, cy float32    // pixels per unit at distance 1; centre
	near           float32    // view-space clip distance
	light, half    mgl32.Vec3 // towards the light; half-way vector for highlights
}

// screenVert is a projected vertex: pixel coordinates (y down) and 1/z.
// iz <= 0 marks a vertex behind the near plane.
type screenVert struct{ x, y, iz float32 }

// ballRef is one ball of the frame, sorted front to back.
type ballRef struct {
	z          float32 // view-space depth of the centre (positive)
	item, ball int32
	c          mgl32.Vec3 // view-space centre
}

// NewRenderer returns a renderer for w x h pixel frames.
func NewRenderer(w, h int) (*Renderer, error) {
	r := &Renderer{Style: DefaultStyle()}
	if err := r.SetSize(w, h); err != nil {
		return nil, err
	}
	return r, nil
}

// SetSize changes the frame size, keeping buffers when they are big enough.
func (r *Renderer) SetSize(w, h int) error {
	if w <= 0 || h <= 0 || w > MaxPixels/h {
		return fmt.Errorf("render: frame size %dx%d out of range", w, h)
	}
	if w == r.w && h == r.h {
		return nil
	}
	n := w * h
	r.w, r.h = w, h
	r.img = image.NewRGBA(image.Rect(0, 0, w, h))
	r.depth = grow(r.depth, n)
	r.ids = grow(r.ids, n)
	clear(r.depth)
	clear(r.ids)
	r.rowLo = grow(r.rowLo, h)
	r.rowHi = grow(r.rowHi, h)
	clear(r.rowLo)
	clear(r.rowHi)
	r.bg = nil
	r.scene = nil
	return nil
}

func grow[T any](s []T, n int) []T {
	if cap(s) >= n {
		return s[:n]
	}
	return make([]T, n)
}

// Size returns the frame size.
func (r *Renderer) Size() (w, h int) { return r.w, r.h }

// Render draws the scene as seen by cam and returns the frame. The image
// belongs to the renderer and is overwritten by the next call; copy it to
// keep it. The scene must not change until Pick calls for this frame are
// done.
//
// Faces are drawn first, nearest items first, writing only depth and
// polygon numbers; one pass then paints each pixel from a per-frame table
// of lit polygon colours (or the background), so hidden faces cost a depth
// test and nothing more, and items found wholly hidden behind those drawn
// are skipped. Balls come next, shaded per pixel, then outlines.
func (r *Renderer) Render(s *Scene, cam Camera) *image.RGBA {
	if s == nil {
		s = &Scene{}
	}
	r.scene, r.cam = s, cam
	r.setup(s, cam)
	r.clearBuffers()
	r.prepare(s)
	// Once the nearest 40% of the items are in, items wholly behind them
	// are skipped: in a big assembly about half the hidden pieces.
	check := -1
	if len(r.order) >= 16 && !r.noCull {
		check = len(r.order) * 2 / 5
	}
	for k, o := range r.order {
		if k == check {
			r.buildTiles()
		}
		if k > check && check >= 0 && r.occluded(&s.Items[o.idx]) {
			continue
		}
		r.drawFaces(o.idx, &s.Items[o.idx])
	}
	r.paint()
	r.drawBalls(s)
	if r.Style.Outlines {
		for i := range s.Items {
			if it := &s.Items[i]; it.shown() && it.opaque() {
				r.drawEdges(int32(i), it)
			}
		}
	}
	r.drawTranslucent(s)
	return r.img
}

// clearBuffers empties depth and ids where the last frame wrote them.
func (r *Renderer) clearBuffers() {
	for y := 0; y < r.h; y++ {
		lo, hi := int(r.rowLo[y]), int(r.rowHi[y])
		if lo < hi {
			row := y * r.w
			clear(r.depth[row+lo : row+hi])
			clear(r.ids[row+lo : row+hi])
		}
		r.rowLo[y], r.rowHi[y] = int32(r.w), 0
	}
}

// touch records that pixels x0..x1-1 of row y hold depth.
func (r *Renderer) touch(y, x0, x1 int) {
	r.rowLo[y] = min(r.rowLo[y], int32(x0))
	r.rowHi[y] = max(r.rowHi[y], int32(x1))
}

// prepare numbers the polygons of the frame, lights them, finds which face
// the viewer, and sorts the solid items nearest first.
func (r *Renderer) prepare(s *Scene) {
	p := &r.pr
	r.base = grow(r.base, len(s.Items)+1)
	total := int32(0)
	for i := range s.Items {
		r.base[i] = total
		if m := s.Items[i].Mesh; m != nil {
			total += int32(len(m.polys) + len(m.balls))
		}
	}
	r.base[len(s.Items)] = total
	r.shade = grow(r.shade, int(total))
	r.front = grow(r.front, int(total))
	r.shown = grow(r.shown, int(total))
	clear(r.shown)
	r.order = r.order[:0]
	for i := range s.Items {
		it := &s.Items[i]
		m := it.Mesh
		if !it.shown() {
			continue
		}
		t := p.itemTranslation(it.Offset)
		b := r.base[i]
		for k := range m.polys {
			pg := &m.polys[k]
			n := p.toView(pg.normal, mgl32.Vec3{})
			r.front[b+int32(k)] = n.Dot(p.toView(m.verts[pg.v0], t)) < 0
			if it.Mode == Solid {
				r.shade[b+int32(k)] = r.lit(r.baseColor(it, pg.voxel, pg.light), n)
			}
		}
		if it.Mode == Solid && it.opaque() && len(m.tris) > 0 {
			c := p.toView(m.min.Add(m.max).Mul(0.5), t)
			r.order = append(r.order, itemRef{z: -c[2], idx: int32(i)})
		}
	}
	slices.SortFunc(r.order, func(a, b itemRef) int {
		switch {
		case a.z < b.z:
			return -1
		case a.z > b.z:
			return 1
		}
		return 0
	})
}

const tileShift = 4 // 16 x 16 pixel tiles

// buildTiles records, per tile, the farthest depth drawn in it so far, or 0
// where some pixel is still empty.
func (r *Renderer) buildTiles() {
	tw, th := (r.w+15)>>tileShift, (r.h+15)>>tileShift
	r.tiles = grow(r.tiles, tw*th)
	for i := range r.tiles {
		r.tiles[i] = float32(math.Inf(1))
	}
	for y := 0; y < r.h; y++ {
		tiles := r.tiles[(y>>tileShift)*tw : (y>>tileShift+1)*tw]
		depth := r.depth[y*r.w : (y+1)*r.w]
		lo, hi := int(r.rowLo[y]), int(r.rowHi[y])
		if lo >= hi {
			clear(tiles)
			continue
		}
		// Pixels left of lo and right of hi are empty.
		if lo > 0 {
			clear(tiles[:(lo-1)>>tileShift+1])
		}
		if hi < r.w {
			clear(tiles[hi>>tileShift:])
		}
		for x := lo; x < hi; x++ {
			t := x >> tileShift
			tiles[t] = min(tiles[t], depth[x])
		}
	}
}

// occluded reports whether every tile under an item's projected bounding
// box is covered by surfaces nearer than the item's nearest point.
func (r *Renderer) occluded(it *Item) bool {
	p := &r.pr
	t := p.itemTranslation(it.Offset)
	m := it.Mesh
	x0, y0 := float32(math.Inf(1)), float32(math.Inf(1))
	x1, y1 := float32(math.Inf(-1)), float32(math.Inf(-1))
	izNear := float32(0)
	for k := 0; k < 8; k++ {
		c := m.min
		if k&1 != 0 {
			c[0] = m.max[0]
		}
		if k&2 != 0 {
			c[1] = m.max[1]
		}
		if k&4 != 0 {
			c[2] = m.max[2]
		}
		v := p.toView(c, t)
		if v[2] > -p.near {
			return false
		}
		s := p.project(v)
		x0, x1 = min(x0, s.x), max(x1, s.x)
		y0, y1 = min(y0, s.y), max(y1, s.y)
		izNear = max(izNear, s.iz)
	}
	return r.rectHidden(x0, y0, x1, y1, izNear)
}

// rectHidden reports whether every tile under the pixel rectangle [x0,x1] x
// [y0,y1] is covered by surfaces nearer than izNear.
func (r *Renderer) rectHidden(x0, y0, x1, y1, izNear float32) bool {
	if !(x0 >= 0 && y0 >= 0 && x1 < float32(r.w) && y1 < float32(r.h)) {
		return false
	}
	tw := (r.w + 15) >> tileShift
	for ty := int(y0) >> tileShift; ty <= int(y1)>>tileShift; ty++ {
		for tx := int(x0) >> tileShift; tx <= int(x1)>>tileShift; tx++ {
			if r.tiles[ty*tw+tx] <= izNear {
				return false
			}
		}
	}
	return true
}

// paint colours every pixel from its polygon number, or the background,
// and notes which polygons show.
func (r *Renderer) paint() {
	r.background()
	for y := 0; y < r.h; y++ {
		lo, hi := int(r.rowLo[y]), int(r.rowHi[y])
		if lo >= hi {
			continue
		}
		row := y * r.w
		ids := r.ids[row+lo : row+hi]
		pix := r.img.Pix[4*(row+lo) : 4*(row+hi)]
		for k, id := range ids {
			if id != 0 {
				binary.LittleEndian.PutUint32(pix[4*k:], r.shade[id-1])
				r.shown[id-1] = true
			}
		}
	}
}

// background copies in the gradient, built again only when the style or
// the size changes.
func (r *Renderer) background() {
	key := [2]color.RGBA{r.Style.Top, r.Style.Bottom}
	if len(r.bg) != len(r.img.Pix) || r.bgFor != key {
		r.bg = grow(r.bg, len(r.img.Pix))
		for y := 0; y < r.h; y++ {
			c := pack(mix(key[0], key[1], (float64(y)+0.5)/float64(r.h)))
			row := r.bg[y*r.w*4 : (y+1)*r.w*4]
			for x := 0; x < r.w; x++ {
				binary.LittleEndian.PutUint32(row[4*x:], c)
			}
		}
		r.bgFor = key
	}
	copy(r.img.Pix, r.bg)
}

func (r *Renderer) setup(s *Scene, cam Camera) {
	r.pr = newProjection(s, cam, r.w, r.h, r.Style.Light)
}

// newProjection returns the projection of a w x h frame of scene s seen by
// cam, lit from direction light (view frame).
func newProjection(s *Scene, cam Camera, w, h int, light mgl32.Vec3) projection {
	if cam.Dist <= 0 || math.IsNaN(cam.Dist) {
		cam.Dist = 10
	}
	if cam.FovY <= 0 || cam.FovY >= math.Pi {
		cam.FovY = DefaultFovY
	}
	v := cam.View()
	var p projection
	for c := 0; c < 3; c++ {
		for k := 0; k < 3; k++ {
			p.rot[c*3+k] = float32(v.At(k, c))
		}
		p.trans[c] = float32(v.At(c, 3))
	}
	f := float32(float64(h) / 2 / math.Tan(cam.FovY/2))
	p.fx, p.fy = f, f
	p.cx, p.cy = float32(w)/2, float32(h)/2
	// Clip close to the eye but not at it: projected coordinates stay
	// small enough for exact scan conversion.
	radius := 1.0
	if lo, hi, ok := s.Bounds(); ok {
		radius = max(hi.Sub(lo).Len()/2, 0.5)
	}
	p.near = float32(0.004 * (cam.Dist + radius))
	p.light = light.Normalize()
	p.half = p.light.Add(mgl32.Vec3{0, 0, 1}).Normalize()
	return p
}

// toView returns the rotation part applied to v plus t: view-space point.
func (p *projection) toView(v, t mgl32.Vec3) mgl32.Vec3 {
	m := &p.rot
	return mgl32.Vec3{
		m[0]*v[0] + m[3]*v[1] + m[6]*v[2] + t[0],
		m[1]*v[0] + m[4]*v[1] + m[7]*v[2] + t[1],
		m[2]*v[0] + m[5]*v[1] + m[8]*v[2] + t[2],
	}
}

func (p *projection) project(v mgl32.Vec3) screenVert {
	iz := -1 / v[2]
	return screenVert{p.cx + p.fx*v[0]*iz, p.cy - p.fy*v[1]*iz, iz}
}

// itemTranslation returns the view-space translation of an item's mesh.
func (p *projection) itemTranslation(off mgl64.Vec3) mgl32.Vec3 {
	return p.toView(vec32(off), p.trans)
}

// baseColor returns the colour a cell is painted in before lighting.
func (r *Renderer) baseColor(it *Item, v model.Voxel, light bool) color.RGBA {
	return r.Style.cellColor(r.scene, it, v, light)
}

// lit applies the light to a colour for a view-space normal n.
func (r *Renderer) lit(c color.RGBA, n mgl32.Vec3) uint32 {
	return pack(r.Style.litFace(c, n, r.pr.light))
}

func (r *Renderer) drawFaces(idx int32, it *Item) {
	m := it.Mesh
	p := &r.pr
	t := p.itemTranslation(it.Offset)
	r.view = grow(r.view, len(m.verts))
	r.scr = grow(r.scr, len(m.verts))
	for i, v := range m.verts {
		w := p.toView(v, t)
		r.view[i] = w
		if w[2] <= -p.near {
			r.scr[i] = p.project(w)
		} else {
			r.scr[i].iz = 0
		}
	}
	id0 := r.base[idx] + 1
	front := r.front[r.base[idx]:]
	for k := 0; k+2 < len(m.tris); k += 3 {
		poly := m.poly[k/3]
		if !front[poly] {
			continue
		}
		a, b, c := m.tris[k], m.tris[k+1], m.tris[k+2]
		sa, sb, sc := r.scr[a], r.scr[b], r.scr[c]
		switch {
		case sa.iz > 0 && sb.iz > 0 && sc.iz > 0:
			r.fillTri(sa, sb, sc, id0+poly)
		case sa.iz > 0 || sb.iz > 0 || sc.iz > 0:
			r.fillClipped(r.view[a], r.view[b], r.view[c], id0+poly)
		}
	}
}

// fillClipped draws a triangle that crosses the near plane: the part in
// front, as a fan. Points on the plane are computed from the inside end of
// each edge, so two triangles sharing an edge agree on them.
func (r *Renderer) fillClipped(a, b, c mgl32.Vec3, id int32) {
	zn := -r.pr.near
	in := [3]mgl32.Vec3{a, b, c}
	n := 0
	for i := 0; i < 3; i++ {
		p, q := in[i], in[(i+1)%3]
		pin, qin := p[2] <= zn, q[2] <= zn
		if pin {
			r.poly[n] = p
			n++
		}
		if pin != qin {
			i, o := p, q
			if qin {
				i, o = q, p
			}
			t := (zn - i[2]) / (o[2] - i[2])
			r.poly[n] = i.Add(o.Sub(i).Mul(t))
			r.poly[n][2] = zn
			n++
		}
	}
	if n < 3 {
		return
	}
	s0 := r.pr.project(r.poly[0])
	for k := 1; k+1 < n; k++ {
		r.fillTri(s0, r.pr.project(r.poly[k]), r.pr.project(r.poly[k+1]), id)
	}
}

// fillTri scan-converts one triangle. Pixels whose centres lie inside are
// drawn; a centre exactly on an edge goes to the triangle on its right or
// below (the top-left rule), so triangles that share an edge neither leave
// a gap nor draw a pixel twice. Both compute the edge's crossing of a row
// by the same expression from the same two vertices, so they agree to the
// last bit. Back faces (counter-clockwise on screen) are skipped. Only depth
// and id are written; paint colours the pixels later.
func (r *Renderer) fillTri(a, b, c screenVert, id int32) {
	area := (b.x-a.x)*(c.y-a.y) - (c.x-a.x)*(b.y-a.y)
	if !(area < 0) { // also NaN
		return
	}
	dzdx := ((b.iz-a.iz)*(c.y-a.y) - (c.iz-a.iz)*(b.y-a.y)) / area
	dzdy := ((c.iz-a.iz)*(b.x-a.x) - (b.iz-a.iz)*(c.x-a.x)) / area
	if b.y < a.y {
		a, b = b, a
	}
	if c.y < a.y {
		a, c = c, a
	}
	if c.y < b.y {
		b, c = c, b
	}
	y0 := max(ceil32(a.y-0.5), 0)
	y1 := min(ceil32(c.y-0.5), r.h)
	if y0 >= y1 {
		return
	}
	sac := (c.x - a.x) / (c.y - a.y)
	var sab, sbc float32
	if b.y > a.y {
		sab = (b.x - a.x) / (b.y - a.y)
	}
	if c.y > b.y {
		sbc = (c.x - b.x) / (c.y - b.y)
	}
	for y := y0; y < y1; y++ {
		yc := float32(y) + 0.5
		xl := a.x + float32((yc-a.y)*sac)
		var xr float32
		if yc < b.y {
			xr = a.x + float32((yc-a.y)*sab)
		} else {
			xr = b.x + float32((yc-b.y)*sbc)
		}
		if xr < xl {
			xl, xr = xr, xl
		}
		x0 := max(ceil32(xl-0.5), 0)
		x1 := min(ceil32(xr-0.5), r.w)
		if x0 >= x1 {
			continue
		}
		iz := a.iz + (float32(x0)+0.5-a.x)*dzdx + (yc-a.y)*dzdy
		r.touch(y, x0, x1)
		row := y * r.w
		depth := r.depth[row+x0 : row+x1]
		ids := r.ids[row+x0 : row+x1]
		ids = ids[:len(depth)]
		for k := range depth {
			if iz > depth[k] {
				depth[k] = iz
				ids[k] = id
			}
			iz += dzdx
		}
	}
}

func ceil32(v float32) int { return int(math.Ceil(float64(v))) }

// drawBalls draws the balls of every solid item, nearest first so that
// hidden ones cost little: each pixel is tested against the depth buffer
// before the ray is cast.
func (r *Renderer) drawBalls(s *Scene) {
	r.balls = r.balls[:0]
	p := &r.pr
	for i := range s.Items {
		it := &s.Items[i]
		if it.Mode != Solid || !it.shown() || !it.opaque() {
			continue
		}
		t := p.itemTranslation(it.Offset)
		for j := range it.Mesh.balls {
			c := p.toView(it.Mesh.balls[j].center, t)
			r.balls = append(r.balls, ballRef{z: -c[2], item: int32(i), ball: int32(j), c: c})
		}
	}
	slices.SortFunc(r.balls, func(a, b ballRef) int {
		switch {
		case a.z < b.z:
			return -1
		case a.z > b.z:
			return 1
		}
		return 0
	})
	// As with faces: once the nearest 40% are in, skip balls wholly hidden.
	check := -1
	if len(r.balls) >= 16 && !r.noCull {
		check = len(r.balls) * 2 / 5
	}
	for k, br := range r.balls {
		if k == check {
			r.buildTiles()
		}
		it := &s.Items[br.item]
		if k > check && check >= 0 {
			c, rad := br.c, it.Mesh.balls[br.ball].radius
			if d := br.z - rad; d > p.near {
				sc := p.project(c)
				// A bound on the projected radius: the ball seen at its
				// nearest depth.
				sr := p.fx * rad / d
				if r.rectHidden(sc.x-sr, sc.y-sr, sc.x+sr, sc.y+sr, 1/d) {
					continue
				}
			}
		}
		r.drawBall(br, it)
	}
}

// drawBall draws one ball. With a narrow lens a ball projects to nearly a
// disc, so each pixel's normal follows from its place in the disc: (u, v,
// sqrt(1-u²-v²)), u and v from -1 to 1 across it; the depth is the centre's
// less radius times the normal's z. The rim and, for variable cells, a ring
// at half the radius are drawn in the outline colour.
func (r *Renderer) drawBall(br ballRef, it *Item) {
	p := &r.pr
	b := &it.Mesh.balls[br.ball]
	c, rad := br.c, b.radius
	d0 := -c[2]          // depth of the centre
	if d0-rad < p.near { // reaches the near plane: skip rather than cut
		return
	}
	sc := p.project(c)
	cc := c.Dot(c)
	srad := p.fx * rad / float32(math.Sqrt(float64(cc-rad*rad)))
	if !(srad > 0.3) {
		return // too small to see, or NaN
	}
	y0 := max(ceil32(sc.y-srad-0.5), 0)
	y1 := min(ceil32(sc.y+srad-0.5), r.h)
	izMax := 1 / (d0 - rad) // no point of the ball is nearer
	inv := 1 / srad
	base := r.baseColor(it, b.voxel, b.light)
	br0, bg0, bb0 := float32(base.R), float32(base.G), float32(base.B)
	edge := pack(r.Style.rimColor(it))
	// Rim and ring as bounds on rho² = u²+v².
	lw := float32(0)
	if r.Style.Outlines {
		lw = float32(max(r.Style.LineWidth, 1)) * inv
	}
	rim := (1 - lw) * (1 - lw)
	ringLo, ringHi := float32(2), float32(2)
	if b.voxel.State() == model.Variable && lw > 0 {
		ringLo, ringHi = (0.5-lw/2)*(0.5-lw/2), (0.5+lw/2)*(0.5+lw/2)
	}
	id := r.base[br.item] + int32(len(it.Mesh.polys)) + br.ball + 1
	amb, dif := r.Style.Ambient, r.Style.Diffuse
	L, H := p.light, p.half
	shown := false
	for y := y0; y < y1; y++ {
		v := (sc.y - float32(y) - 0.5) * inv // up is +v
		chord := 1 - v*v
		if chord <= 0 {
			continue
		}
		half := float32(math.Sqrt(float64(chord))) * srad
		x0 := max(ceil32(sc.x-half-0.5), 0)
		x1 := min(ceil32(sc.x+half-0.5), r.w)
		if x0 >= x1 {
			continue
		}
		r.touch(y, x0, x1)
		row := y * r.w
		for x := x0; x < x1; x++ {
			i := row + x
			if r.depth[i] >= izMax {
				continue
			}
			u := (float32(x) + 0.5 - sc.x) * inv
			rho := u*u + v*v
			if rho >= 1 {
				continue
			}
			nz := float32(math.Sqrt(float64(1 - rho)))
			iz := 1 / (d0 - rad*nz)
			if iz <= r.depth[i] {
				continue
			}
			r.depth[i] = iz
			r.ids[i] = id
			shown = true
			var col uint32
			if rho > rim || rho > ringLo && rho < ringHi {
				col = edge
			} else {
				f, sp := ballLight(amb, dif, mgl32.Vec3{u, v, nz}, L, H)
				col = channel(br0*f+sp) | channel(bg0*f+sp)<<8 | channel(bb0*f+sp)<<16 | 0xff<<24
			}
			binary.LittleEndian.PutUint32(r.img.Pix[4*i:], col)
		}
	}
	if shown {
		r.shown[id-1] = true
	}
}

// channel converts a colour value >= 0 to a byte, saturating.
func channel(v float32) uint32 {
	if v >= 255 {
		return 255
	}
	return uint32(v)
}

// drawEdges draws an item's outline and variable-cell marks. Solid items
// get dark lines on their faces, where a face next to the line shows in the
// frame (a line between hidden faces is hidden too); Outline items are drawn
// whole in their colour, as wire frames that other pieces hide.
func (r *Renderer) drawEdges(idx int32, it *Item) {
	m := it.Mesh
	p := &r.pr
	t := p.itemTranslation(it.Offset)
	col := pack(r.Style.edgeColor(it))
	all := it.Mode == Outline
	own := [2]int32{r.base[idx] + 1, r.base[idx+1] + 1}
	shown := r.shown[r.base[idx]:r.base[idx+1]]
	for _, e := range m.edges {
		if all || shown[e.p] || shown[e.q] {
			r.drawLine(p.toView(m.verts[e.a], t), p.toView(m.verts[e.b], t), col, own)
		}
	}
	for k := 0; k+1 < len(m.marks); k += 2 {
		if all || shown[m.markPoly[k/2]] {
			r.drawLine(p.toView(m.marks[k], t), p.toView(m.marks[k+1], t), col, own)
		}
	}
	if all {
		// Balls in outline: their silhouettes, circles facing the viewer.
		const sides = 32
		for _, b := range m.balls {
			c := p.toView(b.center, t)
			prev := c.Add(mgl32.Vec3{b.radius, 0, 0})
			for k := 1; k <= sides; k++ {
				a := float64(k) * 2 * math.Pi / sides
				q := c.Add(mgl32.Vec3{b.radius * float32(math.Cos(a)), b.radius * float32(math.Sin(a)), 0})
				r.drawLine(prev, q, col, own)
				prev = q
			}
		}
	}
}

// drawLine draws a view-space segment, clipped by the near plane and the
// frame, testing depth but not writing it. own is the range of ids of the
// line's item.
func (r *Renderer) drawLine(a, b mgl32.Vec3, col uint32, own [2]int32) {
	zn := -r.pr.near
	if a[2] > zn && b[2] > zn {
		return
	}
	if a[2] > zn || b[2] > zn {
		if a[2] > zn {
			a, b = b, a
		}
		t := (zn - a[2]) / (b[2] - a[2])
		b = a.Add(b.Sub(a).Mul(t))
		b[2] = zn
	}
	sa, sb := r.pr.project(a), r.pr.project(b)
	// Clip to the frame (Liang-Barsky); 1/z is affine on the screen.
	t0, t1 := float32(0), float32(1)
	dx, dy := sb.x-sa.x, sb.y-sa.y
	for _, e := range [4][2]float32{{-dx, sa.x}, {dx, float32(r.w) - sa.x}, {-dy, sa.y}, {dy, float32(r.h) - sa.y}} {
		pp, q := e[0], e[1]
		if pp == 0 {
			if q < 0 {
				return
			}
			continue
		}
		u := q / pp
		if pp < 0 {
			t0 = max(t0, u)
		} else {
			t1 = min(t1, u)
		}
	}
	if t0 > t1 {
		return
	}
	diz := sb.iz - sa.iz
	x, y, iz := sa.x+t0*dx, sa.y+t0*dy, sa.iz+t0*diz
	span := t1 - t0
	n := int(max(abs32(dx), abs32(dy))*span) + 1
	sx, sy, siz := dx*span/float32(n), dy*span/float32(n), diz*span/float32(n)
	wide := max(r.Style.LineWidth, 1)
	xMajor := abs32(dx) >= abs32(dy)
	for i := 0; i <= n; i++ {
		px, py := int(x), int(y)
		for k := 0; k < wide; k++ {
			qx, qy := px, py
			if xMajor {
				qy += k - (wide-1)/2
			} else {
				qx += k - (wide-1)/2
			}
			r.linePixel(qx, qy, iz, col, own)
		}
		x, y, iz = x+sx, y+sy, iz+siz
	}
}

// Depth-test allowances for lines, relative to 1/z: generous against the
// line's own piece, whose surface the line lies on, strict against others.
const (
	lineBiasOwn   = 0.006
	lineBiasOther = 0.0008
)

func (r *Renderer) linePixel(x, y int, iz float32, col uint32, own [2]int32) {
	if x < 0 || y < 0 || x >= r.w || y >= r.h {
		return
	}
	i := y*r.w + x
	if r.lineDepth && r.depth[i] == 0 {
		// A layer keeps its lines off the background too.
		r.depth[i] = iz
		r.touch(y, x, x+1)
	}
	bias := float32(lineBiasOther)
	if id := r.ids[i]; id >= own[0] && id < own[1] {
		bias = lineBiasOwn
	}
	if iz >= r.depth[i]*(1-bias) {
		binary.LittleEndian.PutUint32(r.img.Pix[4*i:], col)
	}
}

func abs32(v float32) float32 {
	if v < 0 {
		return -v
	}
	return v
}
