// Package layer draws one z layer of a voxel space in 2D, for the shape
// editor: it projects every cell's solid (grid.Solid) onto the xy plane,
// which gives squares for cubes, triangles for prisms, discs on a
// checkerboard for spheres and the triangles of rhombic and tetra-octa
// cells, finds the cell under a point and paints filled polygons into an
// image. It knows nothing of Fyne or of what the cells hold.
package layer

import (
	"math"
	"sort"

	"github.com/burrlab/burrlab/model/grid"
)

// Point is a point in the plane: layer units (render units of the grid,
// y up) or pixels (y down), as the context says.
type Point struct{ X, Y float64 }

// Cell is the footprint of one cell of the layer.
type Cell struct {
	Pos grid.Vec
	// Poly is the footprint, a convex polygon counter-clockwise in layer
	// units; nil for a disc.
	Poly   []Point
	Center Point
	Radius float64 // disc radius (spheres)
}

// Layer holds the footprints of the real cells of one layer of a space and
// the extent of the whole space, so that the drawing scale stays the same
// from layer to layer.
type Layer struct {
	Z        int
	Cells    []Cell
	Min, Max Point
	// CellSize is the typical size of a footprint (the square root of
	// the mean area), so that callers can scale cells, not units: a
	// rhombic block holds 24 cells, a cube one.
	CellSize float64
}

// New returns layer z of a space of the given size in grid g.
func New(g grid.Grid, size grid.Vec, z int) *Layer {
	l := &Layer{Z: z, Cells: Cells(g, size, z)}
	first := true
	area, n := 0.0, 0
	// Footprints repeat along z with the grid's period (at most 6), so a
	// few layers give the extent of the whole space.
	for zz := 0; zz < min(size[2], 6); zz++ {
		cs := l.Cells
		if zz != z {
			cs = Cells(g, size, zz)
		}
		for _, c := range cs {
			area += c.area()
			n++
			lo, hi := c.Bounds()
			if first {
				l.Min, l.Max, first = lo, hi, false
				continue
			}
			l.Min = Point{math.Min(l.Min.X, lo.X), math.Min(l.Min.Y, lo.Y)}
			l.Max = Point{math.Max(l.Max.X, hi.X), math.Max(l.Max.Y, hi.Y)}
		}
	}
	l.CellSize = 1
	if n > 0 && area > 0 {
		l.CellSize = math.Sqrt(area / float64(n))
	}
	return l
}

// area returns the footprint's area.
func (c *Cell) area() float64 {
	if c.Poly == nil {
		return math.Pi * c.Radius * c.Radius
	}
	a := 0.0
	for i := range c.Poly {
		p, q := c.Poly[i], c.Poly[(i+1)%len(c.Poly)]
		a += p.X*q.Y - q.X*p.Y
	}
	return math.Abs(a) / 2
}

// Cells returns the footprints of the real cells of layer z of a space of
// the given size in grid g, row by row.
func Cells(g grid.Grid, size grid.Vec, z int) []Cell {
	var out []Cell
	if z < 0 || z >= size[2] {
		return nil
	}
	for y := 0; y < size[1]; y++ {
		for x := 0; x < size[0]; x++ {
			v := grid.Vec{x, y, z}
			if !g.Valid(v) {
				continue
			}
			out = append(out, footprint(v, g.Solid(v)))
		}
	}
	return out
}

// footprint projects a solid onto the xy plane.
func footprint(v grid.Vec, s grid.Solid) Cell {
	c := Cell{Pos: v, Center: Point{s.Center[0], s.Center[1]}}
	if s.Faces == nil {
		c.Radius = s.Radius
		return c
	}
	var pts []Point
	for _, f := range s.Faces {
		for _, p := range f.Corners {
			pts = append(pts, Point{p[0], p[1]})
		}
	}
	c.Poly = hull(pts)
	// The centre of the footprint, not of the solid: a tetrahedron's
	// centre need not be where its shadow looks centred.
	var sx, sy float64
	for _, p := range c.Poly {
		sx += p.X
		sy += p.Y
	}
	c.Center = Point{sx / float64(len(c.Poly)), sy / float64(len(c.Poly))}
	return c
}

// Bounds returns the corners of the box around the footprint.
func (c *Cell) Bounds() (lo, hi Point) {
	if c.Poly == nil {
		r := c.Radius
		return Point{c.Center.X - r, c.Center.Y - r}, Point{c.Center.X + r, c.Center.Y + r}
	}
	lo, hi = c.Poly[0], c.Poly[0]
	for _, p := range c.Poly {
		lo = Point{math.Min(lo.X, p.X), math.Min(lo.Y, p.Y)}
		hi = Point{math.Max(hi.X, p.X), math.Max(hi.Y, p.Y)}
	}
	return lo, hi
}

// Contains reports whether the footprint holds point p (layer units).
func (c *Cell) Contains(p Point) bool {
	if c.Poly == nil {
		dx, dy := p.X-c.Center.X, p.Y-c.Center.Y
		return dx*dx+dy*dy <= c.Radius*c.Radius
	}
	const eps = 1e-9
	for i := range c.Poly {
		a, b := c.Poly[i], c.Poly[(i+1)%len(c.Poly)]
		if (b.X-a.X)*(p.Y-a.Y)-(b.Y-a.Y)*(p.X-a.X) < -eps {
			return false
		}
	}
	return true
}

// At returns the index of the cell whose footprint holds p, or -1.
func (l *Layer) At(p Point) int {
	for i := range l.Cells {
		if l.Cells[i].Contains(p) {
			return i
		}
	}
	return -1
}

// Index returns the index of the cell at v, or -1.
func (l *Layer) Index(v grid.Vec) int {
	for i := range l.Cells {
		if l.Cells[i].Pos == v {
			return i
		}
	}
	return -1
}

// hull returns the convex hull of pts, counter-clockwise, without repeated
// or collinear points.
func hull(pts []Point) []Point {
	const eps = 1e-9
	sort.Slice(pts, func(i, j int) bool {
		if math.Abs(pts[i].X-pts[j].X) > eps {
			return pts[i].X < pts[j].X
		}
		return pts[i].Y < pts[j].Y
	})
	cross := func(o, a, b Point) float64 { return (a.X-o.X)*(b.Y-o.Y) - (a.Y-o.Y)*(b.X-o.X) }
	var h []Point
	for pass := 0; pass < 2; pass++ {
		start := len(h)
		for i := range pts {
			p := pts[i]
			if pass == 1 {
				p = pts[len(pts)-1-i]
			}
			for len(h) >= start+2 && cross(h[len(h)-2], h[len(h)-1], p) <= eps {
				h = h[:len(h)-1]
			}
			h = append(h, p)
		}
		h = h[:len(h)-1]
	}
	return h
}

// Frame maps layer units to pixels: y turns downwards.
type Frame struct {
	Scale  float64 // pixels per layer unit
	OX, OY float64 // the pixel of layer point (0, 0)
}

// Fit returns the frame that centres the extent lo..hi in a w x h pixel
// area with a margin, at most maxScale pixels per unit.
func Fit(lo, hi Point, w, h, margin, maxScale float64) Frame {
	dx, dy := math.Max(hi.X-lo.X, 1e-6), math.Max(hi.Y-lo.Y, 1e-6)
	s := math.Min((w-2*margin)/dx, (h-2*margin)/dy)
	s = math.Max(math.Min(s, maxScale), 1)
	return Frame{
		Scale: s,
		OX:    (w-dx*s)/2 - lo.X*s,
		OY:    (h+dy*s)/2 + lo.Y*s,
	}
}

// ToPixel maps a layer point to a pixel position.
func (f Frame) ToPixel(p Point) Point { return Point{f.OX + p.X*f.Scale, f.OY - p.Y*f.Scale} }

// ToLayer maps a pixel position to a layer point.
func (f Frame) ToLayer(p Point) Point {
	return Point{(p.X - f.OX) / f.Scale, (f.OY - p.Y) / f.Scale}
}
