package render

import (
	"bufio"
	"fmt"
	"image"
	"image/color"
	"io"
	"math"
	"slices"
	"strconv"

	"github.com/burrlab/burrlab/model"
	"github.com/burrlab/burrlab/model/grid"
	"github.com/go-gl/mathgl/mgl32"
	"github.com/go-gl/mathgl/mgl64"
)

// WriteSVG writes the picture as an SVG drawing that scales for print: the
// faces of every piece projected with the same camera as Image, back faces
// left out, flat-shaded and outlined alike, and painted from far to near.
//
// The painting order is by cell, not by face: a cell's visible faces never
// overlap one another, and the cells of each grid are ordered by the power
// distance of the eye to their circumscribed spheres (the squared distance
// to the centre less the squared radius). For cells that tile space as the
// Delaunay cells of a point set, which cubes, prisms over the triangular
// tiling, and the tetrahedra and octahedra of their grid are, and for
// equal balls, that order never paints a cell over one in front of it
// (Edelsbrunner's acyclicity theorem for regular triangulations); see
// orderSphere for the rhombic grid and the split octahedra. The small
// gap between pieces keeps each inside its cells, so the order is exact for
// a shape or an assembled puzzle. Pieces that a disassembly has moved sit at
// other offsets; the order then compares their cells where they are, which
// stays right for moves by whole cells and for groups flown clear of the
// rest, and may paint a face over a nearer one only where pieces in flight
// pass close by others.
//
// Hidden pieces and pieces faded out are left out, as in Image. A partly
// faded piece is painted translucent in the same order: nearer pieces
// cover it as they should, but unlike the raster, which blends a ghost of
// the whole piece, its own faces may show through one another.
func (pic *Picture) WriteSVG(w io.Writer) error {
	st := pic.opt.style()
	sw := &svgWriter{w: bufio.NewWriter(w), gradients: map[color.RGBA]string{}}
	sw.printf("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
	sw.printf("<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" width=\"%d\" height=\"%d\" viewBox=\"0 0 %d %d\">\n",
		pic.w, pic.h, pic.w, pic.h)
	sw.background(st, pic.w, pic.h)
	sw.printf("<g stroke-linejoin=\"round\" stroke-linecap=\"round\">\n")
	for _, t := range pic.tiles {
		if t.at.Min != (image.Point{}) {
			sw.printf("<g transform=\"translate(%d %d)\">\n", t.at.Min.X, t.at.Min.Y)
		}
		sw.scene(t.scene, t.cam, t.at.Dx(), t.at.Dy(), st)
		if t.at.Min != (image.Point{}) {
			sw.endPath()
			sw.printf("</g>\n")
		}
	}
	sw.endPath()
	sw.printf("</g>\n</svg>\n")
	if sw.err != nil {
		return sw.err
	}
	return sw.w.Flush()
}

// svgWriter writes SVG elements, merging consecutive paths of the same
// style into one element to keep files small.
type svgWriter struct {
	w   *bufio.Writer
	err error
	// The open path: its attributes and its data.
	attrs string
	d     []byte
	// Ball shadings written so far, by base colour: their ids.
	gradients map[color.RGBA]string
	num       []byte
}

func (sw *svgWriter) printf(format string, args ...any) {
	if sw.err == nil {
		_, sw.err = fmt.Fprintf(sw.w, format, args...)
	}
}

// path adds path data d to the open path if it has the same attributes, or
// starts a new path.
func (sw *svgWriter) path(attrs string, d []byte) {
	if attrs != sw.attrs {
		sw.endPath()
		sw.attrs = attrs
	}
	sw.d = append(sw.d, d...)
}

// endPath writes the open path.
func (sw *svgWriter) endPath() {
	if len(sw.d) > 0 {
		sw.printf("<path %s d=\"%s\"/>\n", sw.attrs, sw.d)
	}
	sw.attrs, sw.d = "", sw.d[:0]
}

// background paints the style's gradient, a plain colour, or nothing.
func (sw *svgWriter) background(st Style, w, h int) {
	switch {
	case st.Top.A == 0 && st.Bottom.A == 0:
	case st.Top == st.Bottom:
		sw.printf("<rect width=\"%d\" height=\"%d\" fill=\"%s\"%s/>\n", w, h, hexColor(st.Top), opacity("fill-opacity", st.Top))
	default:
		sw.printf("<defs><linearGradient id=\"bg\" x1=\"0\" y1=\"0\" x2=\"0\" y2=\"1\">"+
			"<stop offset=\"0\" stop-color=\"%s\"%s/><stop offset=\"1\" stop-color=\"%s\"%s/>"+
			"</linearGradient></defs>\n<rect width=\"%d\" height=\"%d\" fill=\"url(#bg)\"/>\n",
			hexColor(st.Top), opacity("stop-opacity", st.Top), hexColor(st.Bottom), opacity("stop-opacity", st.Bottom), w, h)
	}
}

// hexColor writes an opaque colour as #rrggbb. Colours here are alpha
// premultiplied, as in image.RGBA; a translucent one is un-premultiplied.
func hexColor(c color.RGBA) string {
	if c.A != 0 && c.A != 0xff {
		f := 255 / float64(c.A)
		c = color.RGBA{clamp8(float64(c.R) * f), clamp8(float64(c.G) * f), clamp8(float64(c.B) * f), 0xff}
	}
	return fmt.Sprintf("#%02x%02x%02x", c.R, c.G, c.B)
}

// opacity returns the attribute giving c's alpha, empty when it is opaque.
func opacity(attr string, c color.RGBA) string {
	if c.A == 0xff {
		return ""
	}
	return fmt.Sprintf(" %s=\"%.3g\"", attr, float64(c.A)/255)
}

// fadeAttr returns the attribute that paints a partly faded item
// translucent, as the raster blends it; empty for an opaque one.
func fadeAttr(it *Item) string {
	if it.opaque() {
		return ""
	}
	return fmt.Sprintf(" opacity=\"%.3g\"", 1-it.Fade)
}

// svgGroup is what is painted at one place in the far-to-near order: the
// visible faces of one cell of one item, with the outline drawn after
// them, or one ball.
type svgGroup struct {
	key float64 // power distance from the eye; larger is painted first
	// near breaks ties: the squared distance from the eye to the cell's
	// centre. The quarters of one octahedron in the tetra-octa grid share
	// its sphere; mirror images across a common face, the one whose centre
	// is nearer is on the eye's side.
	near  float64
	item  int32
	ball  int32   // the ball's index, or -1
	polys []int32 // the faces to fill
	lines []int32 // outline edges (>= 0) and mark segments (-1-k)
}

// sphere is a cell's circumscribed sphere, and the cell's centre.
type sphere struct {
	c      mgl64.Vec3
	r2     float64
	centre mgl64.Vec3
}

// scene paints one scene into a w x h area.
func (sw *svgWriter) scene(s *Scene, cam Camera, w, h int, st Style) {
	p := newProjection(s, cam, w, h, st.Light)
	eye := cam.Eye()
	// power returns a sphere's power distance from the eye, rounded so
	// that the spheres a few cells share compare equal.
	power := func(c mgl64.Vec3, r2 float64) float64 {
		return math.Round((c.Sub(eye).LenSqr()-r2)*1e9) / 1e9
	}
	spheres := map[grid.Vec]sphere{}
	var groups []svgGroup
	// Per item: the group of each polygon (-1 when not painted).
	groupOf := make([][]int32, len(s.Items))
	views := make([][]mgl32.Vec3, len(s.Items))
	polyVerts := map[*Mesh][][]int32{}
	for i := range s.Items {
		it := &s.Items[i]
		m := it.Mesh
		if !it.shown() {
			continue
		}
		t := p.itemTranslation(it.Offset)
		view := make([]mgl32.Vec3, len(m.verts))
		for k, v := range m.verts {
			view[k] = p.toView(v, t)
		}
		views[i] = view
		if _, ok := polyVerts[m]; !ok {
			polyVerts[m] = m.polygonVertices()
		}
		cellGroup := map[grid.Vec]int32{}
		groupOf[i] = make([]int32, len(m.polys))
		for k := range m.polys {
			pg := &m.polys[k]
			groupOf[i][k] = -1
			n := p.toView(pg.normal, mgl32.Vec3{})
			if it.Mode == Solid && !(n.Dot(view[pg.v0]) < 0) {
				continue
			}
			gi, ok := cellGroup[pg.cell]
			if !ok {
				sp, ok := spheres[pg.cell]
				if !ok {
					sp = orderSphere(m.grid, pg.cell)
					spheres[pg.cell] = sp
				}
				gi = int32(len(groups))
				groups = append(groups, svgGroup{
					key:  power(sp.c.Add(it.Offset), sp.r2),
					near: sp.centre.Add(it.Offset).Sub(eye).LenSqr(),
					item: int32(i), ball: -1,
				})
				cellGroup[pg.cell] = gi
			}
			groupOf[i][k] = gi
			if it.Mode == Solid {
				groups[gi].polys = append(groups[gi].polys, int32(k))
			}
		}
		for k, b := range m.balls {
			c := vec64(b.center).Add(it.Offset)
			r := float64(b.radius)
			groups = append(groups, svgGroup{key: power(c, r*r), near: c.Sub(eye).LenSqr(), item: int32(i), ball: int32(k)})
		}
	}
	order := make([]int32, len(groups))
	for i := range order {
		order[i] = int32(i)
	}
	slices.SortStableFunc(order, func(a, b int32) int {
		ga, gb := &groups[a], &groups[b]
		switch {
		case ga.key > gb.key:
			return -1
		case ga.key < gb.key:
			return 1
		case ga.near > gb.near:
			return -1
		case ga.near < gb.near:
			return 1
		}
		return 0
	})
	rank := make([]int32, len(groups))
	for r, g := range order {
		rank[g] = int32(r)
	}
	// An outline edge is drawn after the later of its two faces.
	for i := range s.Items {
		it := &s.Items[i]
		if groupOf[i] == nil {
			continue
		}
		m := it.Mesh
		for k, e := range m.edges {
			gp, gq := groupOf[i][e.p], groupOf[i][e.q]
			if gp < 0 || gq >= 0 && rank[gq] > rank[gp] {
				gp = gq
			}
			if gp >= 0 {
				groups[gp].lines = append(groups[gp].lines, int32(k))
			}
		}
		for k := 0; k+1 < len(m.marks); k += 2 {
			if g := groupOf[i][m.markPoly[k/2]]; g >= 0 {
				groups[g].lines = append(groups[g].lines, int32(-1-k/2))
			}
		}
	}
	lw := float32(max(st.LineWidth, 1))
	for _, gi := range order {
		g := &groups[gi]
		it := &s.Items[g.item]
		if g.ball >= 0 {
			sw.ball(&p, it, g.ball, s, st, lw)
			continue
		}
		m, view := it.Mesh, views[g.item]
		for _, k := range g.polys {
			pg := &m.polys[k]
			vs := polyVerts[m][k]
			d, ok := sw.polyData(&p, view, vs)
			if !ok {
				continue
			}
			n := p.toView(pg.normal, mgl32.Vec3{})
			c := hexColor(st.litFace(st.cellColor(s, it, pg.voxel, pg.light), n, p.light))
			// A thin stroke in the face's own colour closes the hairline
			// seams that anti-aliasing leaves between adjacent faces.
			sw.path("fill=\""+c+"\" stroke=\""+c+"\" stroke-width=\".5\""+fadeAttr(it), d)
		}
		if len(g.lines) == 0 {
			continue
		}
		attrs := "fill=\"none\" stroke=\"" + hexColor(st.edgeColor(it)) + "\" stroke-width=\"" + string(sw.number(nil, lw)) + "\"" + fadeAttr(it)
		t := p.itemTranslation(it.Offset)
		for _, l := range g.lines {
			var a, b mgl32.Vec3
			if l >= 0 {
				e := m.edges[l]
				a, b = view[e.a], view[e.b]
			} else {
				k := -1 - l
				a, b = p.toView(m.marks[2*k], t), p.toView(m.marks[2*k+1], t)
			}
			if d, ok := sw.lineData(&p, a, b); ok {
				sw.path(attrs, d)
			}
		}
	}
	sw.endPath()
}

// polyData returns the path data of a polygon given by view-space
// vertices, or false when it reaches behind the near plane (a picture
// framed by Camera.Frame never does).
func (sw *svgWriter) polyData(p *projection, view []mgl32.Vec3, vs []int32) ([]byte, bool) {
	var d []byte
	for j, v := range vs {
		if view[v][2] > -p.near {
			return nil, false
		}
		q := p.project(view[v])
		if j == 0 {
			d = append(d, 'M')
		} else if j == 1 {
			d = append(d, 'L')
		} else {
			d = append(d, ' ')
		}
		d = sw.number(d, q.x)
		d = append(d, ' ')
		d = sw.number(d, q.y)
	}
	return append(d, 'Z'), true
}

// lineData returns the path data of a view-space segment.
func (sw *svgWriter) lineData(p *projection, a, b mgl32.Vec3) ([]byte, bool) {
	if a[2] > -p.near || b[2] > -p.near {
		return nil, false
	}
	qa, qb := p.project(a), p.project(b)
	d := append([]byte(nil), 'M')
	d = sw.number(d, qa.x)
	d = append(d, ' ')
	d = sw.number(d, qa.y)
	d = append(d, 'L')
	d = sw.number(d, qb.x)
	d = append(d, ' ')
	return sw.number(d, qb.y), true
}

// number appends v with one decimal, without a trailing ".0": a tenth of a
// pixel is finer than any screen or printer shows at the picture's size.
func (sw *svgWriter) number(d []byte, v float32) []byte {
	sw.num = strconv.AppendFloat(sw.num[:0], math.Round(float64(v)*10)/10, 'f', 1, 64)
	n := sw.num
	if len(n) > 2 && n[len(n)-2] == '.' && n[len(n)-1] == '0' {
		n = n[:len(n)-2]
	}
	if len(n) == 2 && n[0] == '-' && n[1] == '0' {
		n = n[1:]
	}
	return append(d, n...)
}

// ball paints one ball as a disc shaded by a radial gradient: the raster's
// lighting sampled along the line from the highlight through the centre,
// with the rim (and for variable cells a ring at half the radius) drawn as
// the raster draws them.
func (sw *svgWriter) ball(p *projection, it *Item, k int32, s *Scene, st Style, lw float32) {
	b := &it.Mesh.balls[k]
	c := p.toView(b.center, p.itemTranslation(it.Offset))
	rad := b.radius
	if -c[2]-rad < p.near {
		return
	}
	sc := p.project(c)
	srad := p.fx * rad / float32(math.Sqrt(float64(c.Dot(c)-rad*rad)))
	if !(srad > 0.3) {
		return
	}
	sw.endPath()
	x, y := sw.number(nil, sc.x), sw.number(nil, sc.y)
	fade := fadeAttr(it)
	if it.Mode != Solid {
		sw.printf("<circle cx=\"%s\" cy=\"%s\" r=\"%s\" fill=\"none\" stroke=\"%s\" stroke-width=\"%s\"%s/>\n",
			x, y, sw.number(nil, srad), hexColor(st.edgeColor(it)), sw.number(nil, lw), fade)
		return
	}
	base := st.cellColor(s, it, b.voxel, b.light)
	id := sw.gradient(base, st, p)
	rim := hexColor(st.rimColor(it))
	if st.Outlines {
		sw.printf("<circle cx=\"%s\" cy=\"%s\" r=\"%s\" fill=\"url(#%s)\" stroke=\"%s\" stroke-width=\"%s\"%s/>\n",
			x, y, sw.number(nil, srad-lw/2), id, rim, sw.number(nil, lw), fade)
		if b.voxel.State() == model.Variable {
			sw.printf("<circle cx=\"%s\" cy=\"%s\" r=\"%s\" fill=\"none\" stroke=\"%s\" stroke-width=\"%s\"%s/>\n",
				x, y, sw.number(nil, srad/2), rim, sw.number(nil, lw), fade)
		}
		return
	}
	sw.printf("<circle cx=\"%s\" cy=\"%s\" r=\"%s\" fill=\"url(#%s)\"%s/>\n", x, y, sw.number(nil, srad), id, fade)
}

// gradient returns the id of the radial gradient shading balls of colour
// base, writing it on first use.
func (sw *svgWriter) gradient(base color.RGBA, st Style, p *projection) string {
	if id, ok := sw.gradients[base]; ok {
		return id
	}
	id := "b" + strconv.Itoa(len(sw.gradients))
	sw.gradients[base] = id
	// The highlight sits where the normal is the half-way vector. A
	// focal gradient paints offset t along the circle of radius t about
	// (1-t) times the focus (disc coordinates: centre 0, radius 1, y up);
	// each stop takes the raster's shading averaged over its circle.
	fx, fy := p.half[0], p.half[1]
	sw.printf("<radialGradient id=\"%s\" cx=\".5\" cy=\".5\" r=\".5\" fx=\"%.3f\" fy=\"%.3f\">", id, 0.5+0.5*fx, 0.5-0.5*fy)
	const stops, around = 8, 24
	for j := 0; j <= stops; j++ {
		t := float64(j) / stops
		var sum [3]float64
		for k := 0; k < around; k++ {
			a := 2 * math.Pi * float64(k) / around
			u := (1-t)*float64(fx) + 0.999*t*math.Cos(a)
			v := (1-t)*float64(fy) + 0.999*t*math.Sin(a)
			nz := math.Sqrt(math.Max(0, 1-u*u-v*v))
			f, sp := ballLight(st.Ambient, st.Diffuse, mgl32.Vec3{float32(u), float32(v), float32(nz)}, p.light, p.half)
			sum[0] += float64(channel(float32(base.R)*f + sp))
			sum[1] += float64(channel(float32(base.G)*f + sp))
			sum[2] += float64(channel(float32(base.B)*f + sp))
		}
		c := color.RGBA{clamp8(sum[0] / around), clamp8(sum[1] / around), clamp8(sum[2] / around), 0xff}
		sw.printf("<stop offset=\"%.3g\" stop-color=\"%s\"/>", t, hexColor(c))
	}
	sw.printf("</radialGradient>\n")
	return id
}

// polygonVertices returns the vertices of every polygon, in order, from
// the fans addPolygon made of them.
func (m *Mesh) polygonVertices() [][]int32 {
	out := make([][]int32, len(m.polys))
	for j := 0; j < len(m.poly); j++ {
		k := m.poly[j]
		if out[k] == nil {
			out[k] = []int32{m.tris[3*j], m.tris[3*j+1], m.tris[3*j+2]}
		} else {
			out[k] = append(out[k], m.tris[3*j+2])
		}
	}
	return out
}

// orderSphere returns the sphere that orders a cell for painting: its
// circumscribed sphere, except in the rhombic grid, whose 24 tetrahedra
// per cube do not tile space as Delaunay cells do: there the sphere around
// the cell's cube orders the cubes exactly (cubes are the Voronoi cells of
// their centres), and within a cube the tie-break by the tetrahedra's
// centres orders the cones from the cube's centre.
func orderSphere(g grid.Grid, cell grid.Vec) sphere {
	sol := g.Solid(cell)
	if g.Type() != grid.Rhombic {
		return circumsphere(sol)
	}
	// Blocks of 5x5x5 cells are cubes of edge 2 at twice the block
	// number (docs/grids.md, section 5.1).
	var c mgl64.Vec3
	for k := 0; k < 3; k++ {
		c[k] = 2*math.Floor(float64(cell[k])/5) + 1
	}
	return sphere{c, 3, sol.Center}
}

// circumsphere returns the sphere through the corners of a polyhedral cell
// (the least-squares fit, exact for the cells of every grid) or the ball of
// a sphere cell.
func circumsphere(sol grid.Solid) sphere {
	if len(sol.Faces) == 0 {
		return sphere{sol.Center, sol.Radius * sol.Radius, sol.Center}
	}
	var pts []mgl64.Vec3
	for _, f := range sol.Faces {
		pts = append(pts, f.Corners...)
	}
	// |p - c|² = r² for every corner p: 2(p - p0)·c = |p|² - |p0|².
	var ata mgl64.Mat3
	var atb mgl64.Vec3
	p0 := pts[0]
	for _, q := range pts[1:] {
		a := q.Sub(p0).Mul(2)
		b := q.Dot(q) - p0.Dot(p0)
		for r := 0; r < 3; r++ {
			for c := 0; c < 3; c++ {
				ata[c*3+r] += a[r] * a[c]
			}
			atb[r] += a[r] * b
		}
	}
	c := sol.Center
	if math.Abs(ata.Det()) > 1e-12 {
		c = ata.Inv().Mul3x1(atb)
	}
	r2 := 0.0
	for _, q := range pts {
		r2 = max(r2, q.Sub(c).LenSqr())
	}
	return sphere{c, r2, sol.Center}
}
