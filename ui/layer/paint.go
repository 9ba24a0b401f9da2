package layer

import (
	"image"
	"image/color"
	"image/draw"
	"math"

	"golang.org/x/image/vector"
)

// Painter fills anti-aliased polygons into an RGBA image. Each fill works
// only on the polygon's bounding box, so painting many small cells costs
// what the cells cover, not the whole image each time.
type Painter struct {
	Dst *image.RGBA
	r   vector.Rasterizer
	src image.Uniform
}

// NewPainter paints into dst.
func NewPainter(dst *image.RGBA) *Painter { return &Painter{Dst: dst} }

// Fill paints the polygon pts (pixels) in colour c, blending over what is
// there.
func (p *Painter) Fill(pts []Point, c color.Color) {
	if len(pts) < 3 {
		return
	}
	minX, minY := math.Inf(1), math.Inf(1)
	maxX, maxY := math.Inf(-1), math.Inf(-1)
	for _, q := range pts {
		minX, minY = math.Min(minX, q.X), math.Min(minY, q.Y)
		maxX, maxY = math.Max(maxX, q.X), math.Max(maxY, q.Y)
	}
	box := image.Rect(int(math.Floor(minX)), int(math.Floor(minY)), int(math.Ceil(maxX))+1, int(math.Ceil(maxY))+1)
	box = box.Intersect(p.Dst.Bounds())
	if box.Empty() {
		return
	}
	p.r.Reset(box.Dx(), box.Dy())
	p.r.DrawOp = draw.Over
	ox, oy := float64(box.Min.X), float64(box.Min.Y)
	p.r.MoveTo(float32(pts[0].X-ox), float32(pts[0].Y-oy))
	for _, q := range pts[1:] {
		p.r.LineTo(float32(q.X-ox), float32(q.Y-oy))
	}
	p.r.ClosePath()
	p.src.C = c
	p.r.Draw(p.Dst, box, &p.src, image.Point{})
}

// Disc returns a polygon of n corners approximating the circle at c with
// radius r.
func Disc(c Point, r float64, n int) []Point {
	pts := make([]Point, n)
	for i := range pts {
		a := 2 * math.Pi * float64(i) / float64(n)
		pts[i] = Point{c.X + r*math.Cos(a), c.Y + r*math.Sin(a)}
	}
	return pts
}

// Inset moves every edge of the convex polygon pts inwards by d (outwards
// for d < 0). Polygons too small for the inset shrink to their centre.
func Inset(pts []Point, d float64) []Point {
	n := len(pts)
	if n < 3 || d == 0 {
		return pts
	}
	area := 0.0
	var c Point
	for i := range pts {
		a, b := pts[i], pts[(i+1)%n]
		area += a.X*b.Y - b.X*a.Y
		c.X += a.X / float64(n)
		c.Y += a.Y / float64(n)
	}
	sign := 1.0 // the inward normal of edge (a,b) is left of it when area > 0
	if area < 0 {
		sign = -1
	}
	type line struct{ p, dir Point }
	lines := make([]line, n)
	for i := range pts {
		a, b := pts[i], pts[(i+1)%n]
		dx, dy := b.X-a.X, b.Y-a.Y
		l := math.Hypot(dx, dy)
		if l == 0 {
			return pts
		}
		nx, ny := -dy/l*sign, dx/l*sign
		lines[i] = line{Point{a.X + nx*d, a.Y + ny*d}, Point{dx, dy}}
	}
	// An inset beyond the polygon's inner radius would turn it inside out;
	// show a dot instead. (The distance from the vertex centroid to the
	// nearest edge is a close, safe stand-in for the inner radius.)
	if d > 0 {
		near := math.Inf(1)
		for i := range pts {
			a, b := pts[i], pts[(i+1)%n]
			ln := math.Hypot(b.X-a.X, b.Y-a.Y)
			near = math.Min(near, math.Abs((b.X-a.X)*(c.Y-a.Y)-(b.Y-a.Y)*(c.X-a.X))/ln)
		}
		if d >= near {
			return []Point{c, c, c}
		}
	}
	out := make([]Point, n)
	for i := range pts {
		l1, l2 := lines[(i+n-1)%n], lines[i]
		den := l1.dir.X*l2.dir.Y - l1.dir.Y*l2.dir.X
		if math.Abs(den) < 1e-12 {
			out[i] = l2.p
			continue
		}
		t := ((l2.p.X-l1.p.X)*l2.dir.Y - (l2.p.Y-l1.p.Y)*l2.dir.X) / den
		out[i] = Point{l1.p.X + t*l1.dir.X, l1.p.Y + t*l1.dir.Y}
	}
	return out
}
