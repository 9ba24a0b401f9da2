package layer

import (
	"image"
	"image/color"
	"math"
	"testing"

	"github.com/burrlab/burrlab/model/grid"
)

func area(poly []Point) float64 {
	a := 0.0
	for i := range poly {
		p, q := poly[i], poly[(i+1)%len(poly)]
		a += p.X*q.Y - q.X*p.Y
	}
	return a / 2
}

// TestFootprintsTile checks, per grid, the shape of the footprints and that
// the footprints of one layer do not overlap: their areas add up to the
// area they cover, sampled on a fine raster.
func TestFootprintsTile(t *testing.T) {
	for _, c := range []struct {
		g       grid.Type
		size    grid.Vec
		corners int // corners of every footprint, 0 for discs
	}{
		{grid.Cubes, grid.Vec{3, 2, 2}, 4},
		{grid.Prisms, grid.Vec{5, 3, 2}, 3},
		{grid.Spheres, grid.Vec{4, 4, 3}, 0},
		{grid.Rhombic, grid.Vec{10, 5, 5}, 3},
		{grid.TetraOcta, grid.Vec{6, 6, 6}, -1}, // triangles and squares
	} {
		g := grid.Must(c.g)
		for z := 0; z < c.size[2]; z++ {
			l := New(g, c.size, z)
			if len(l.Cells) == 0 {
				t.Fatalf("%v layer %d: no cells", c.g, z)
			}
			sum := 0.0
			for _, cell := range l.Cells {
				switch {
				case c.corners == 0 && cell.Poly != nil:
					t.Fatalf("%v: a sphere with a polygon footprint", c.g)
				case c.corners > 0 && len(cell.Poly) != c.corners:
					t.Fatalf("%v %v: footprint with %d corners, want %d", c.g, cell.Pos, len(cell.Poly), c.corners)
				case cell.Poly != nil:
					a := area(cell.Poly)
					if a <= 0 {
						t.Fatalf("%v %v: footprint not counter-clockwise (area %g)", c.g, cell.Pos, a)
					}
					sum += a
				default:
					sum += math.Pi * cell.Radius * cell.Radius
				}
				if l.At(cell.Center) < 0 || l.Cells[l.At(cell.Center)].Pos != cell.Pos {
					t.Fatalf("%v %v: the centre does not hit its own cell", c.g, cell.Pos)
				}
			}
			// Count raster samples covered by at least one footprint, and
			// by more than one.
			const step = 0.01
			covered, overlap := 0, 0
			for y := l.Min.Y + step/2; y < l.Max.Y; y += step {
				for x := l.Min.X + step/2; x < l.Max.X; x += step {
					n := 0
					for i := range l.Cells {
						if l.Cells[i].Contains(Point{x, y}) {
							n++
						}
					}
					if n > 0 {
						covered++
					}
					if n > 1 {
						overlap++
					}
				}
			}
			if frac := float64(overlap) / float64(covered); frac > 0.02 {
				t.Errorf("%v layer %d: %.1f%% of the covered area is covered twice", c.g, z, 100*frac)
			}
			if got := float64(covered) * step * step; math.Abs(got-sum) > 0.03*sum {
				t.Errorf("%v layer %d: covered %.3f, footprints add up to %.3f", c.g, z, got, sum)
			}
		}
	}
}

func TestFrameRoundTrip(t *testing.T) {
	f := Fit(Point{0, 0}, Point{3, 2}, 400, 300, 10, 1000)
	for _, p := range []Point{{0, 0}, {3, 2}, {1.5, 1}} {
		q := f.ToLayer(f.ToPixel(p))
		if math.Abs(q.X-p.X) > 1e-9 || math.Abs(q.Y-p.Y) > 1e-9 {
			t.Errorf("round trip of %v gives %v", p, q)
		}
	}
	if lo := f.ToPixel(Point{0, 0}); lo.Y < f.ToPixel(Point{0, 2}).Y {
		t.Error("y does not point up")
	}
	if tl := f.ToPixel(Point{0, 2}); tl.X < 10-1e-9 || tl.Y < 10-1e-9 {
		t.Errorf("the extent leaves the margin: %v", tl)
	}
}

func TestInsetAndFill(t *testing.T) {
	sq := []Point{{10, 10}, {30, 10}, {30, 30}, {10, 30}}
	in := Inset(sq, 2)
	if in[0] != (Point{12, 12}) || in[2] != (Point{28, 28}) {
		t.Errorf("inset square: %v", in)
	}
	if d := Inset(sq, 50); d[0] != d[1] {
		t.Errorf("an inset larger than the polygon gives %v", d)
	}
	img := image.NewRGBA(image.Rect(0, 0, 40, 40))
	p := NewPainter(img)
	p.Fill(sq, color.RGBA{255, 0, 0, 255})
	if c := img.RGBAAt(20, 20); c.R != 255 || c.A != 255 {
		t.Errorf("inside pixel %v", c)
	}
	if c := img.RGBAAt(5, 5); c.A != 0 {
		t.Errorf("outside pixel %v", c)
	}
	p.Fill(Disc(Point{100, 100}, 5, 12), color.Black) // off the image: no panic
}
