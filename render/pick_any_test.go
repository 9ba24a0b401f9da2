package render

import (
	"math"
	"testing"

	"github.com/burrlab/burrlab/model/grid"
	"github.com/go-gl/mathgl/mgl64"
)

// PickAny finds what Pick finds on solid faces, and also outlined items,
// nearest first; hidden items are never hit.
func TestPickAnyOutlined(t *testing.T) {
	g := grid.Must(grid.Cubes)
	// Two cubes one behind the other along z: the front one (item 1) at
	// z 1..2 hides the back one (item 0) from a camera looking along -z.
	back, _ := NewMesh(g, tagged([]grid.Vec{{0, 0, 0}}), DefaultGap)
	front, _ := NewMesh(g, tagged([]grid.Vec{{0, 0, 1}}), DefaultGap)
	s := &Scene{Items: []Item{{Mesh: back, Color: ShapeColor(0)}, {Mesh: front, Color: ShapeColor(1)}}}
	r, _ := NewRenderer(240, 240)
	cam := DefaultCamera()
	cam.Rot = mgl64.QuatIdent()
	lo, hi, _ := s.Bounds()
	cam.Fit(lo, hi, 1)
	r.Render(s, cam)
	x, y := toPixel(r, mgl64.Vec3{0.5, 0.5, 2})
	check := func(what string, want int, wantOK bool) {
		t.Helper()
		r.Render(s, cam)
		h, ok := r.PickAny(x, y)
		if ok != wantOK || ok && (h.Item != want || h.Cell != (grid.Vec{0, 0, int(want)}) || h.Neighbor != (grid.Vec{0, 0, int(want) + 1})) {
			t.Errorf("%s: PickAny = %+v, %v; want item %d (%v)", what, h, ok, want, wantOK)
		}
		// Where Pick finds a solid face, PickAny agrees unless an
		// outlined item lies in front of it.
		if p, ok := r.Pick(x, y); ok && s.Items[h.Item].Mode == Solid && (p.Item != h.Item || p.Cell != h.Cell || p.Neighbor != h.Neighbor) {
			t.Errorf("%s: Pick %+v, PickAny %+v", what, p, h)
		}
	}
	check("both solid", 1, true)
	s.Items[1].Mode = Outline
	r.Render(s, cam)
	if h, ok := r.Pick(x, y); !ok || h.Item != 0 {
		t.Errorf("front outlined: Pick = %+v, %v; want the back cube through the wire frame", h, ok)
	}
	check("front outlined", 1, true)
	s.Items[1].Mode = Hidden
	check("front hidden", 0, true)
	s.Items[0].Mode = Outline
	check("front hidden, back outlined", 0, true)
	s.Items[0].Mode = Hidden
	check("both hidden", 0, false)
	if _, ok := r.PickAny(-1, 3); ok {
		t.Error("a pixel outside the frame picked something")
	}
}

// An outlined piece moved by its offset is hit where it is drawn, and an
// outlined ball is hit too.
func TestPickAnyOffsetAndBalls(t *testing.T) {
	g := grid.Must(grid.Spheres)
	m, _ := NewMesh(g, tagged([]grid.Vec{{0, 0, 0}}), DefaultGap)
	off := mgl64.Vec3{3, 0, 0}
	s := &Scene{Items: []Item{{Mesh: m, Color: ShapeColor(2), Mode: Outline, Offset: off}}}
	r, _ := NewRenderer(200, 200)
	cam := DefaultCamera()
	cam.Rot = mgl64.QuatIdent()
	lo, hi, _ := s.Bounds()
	cam.Fit(lo, hi, 1)
	r.Render(s, cam)
	c := g.Solid(grid.Vec{0, 0, 0}).Center.Add(off)
	x, y := toPixel(r, c.Add(mgl64.Vec3{0.3, 0, 0}))
	h, ok := r.PickAny(x, y)
	if !ok || h.Item != 0 || h.Cell != (grid.Vec{0, 0, 0}) || h.Normal.Dot(mgl64.Vec3{1, 0, 0}) < 0.2 {
		t.Errorf("outlined ball: %+v, %v", h, ok)
	}
	if _, ok := r.Pick(x, y); ok {
		t.Error("Pick found an outlined ball")
	}
	if _, ok := r.PickAny(2, 2); ok {
		t.Error("the frame's corner hit the ball")
	}
}

// On every grid, where the frame shows one solid item over a few pixels
// around, the ray cast (with its box test) finds the same item as the ID
// buffer.
func TestPickAnyAgreesWithPick(t *testing.T) {
	for ty := grid.Type(0); ty < grid.NumTypes; ty++ {
		g := grid.Must(ty)
		s := assemblyScene(t, g, partition(g, 3, 6, 2))
		r, _ := NewRenderer(160, 120)
		cam := DefaultCamera()
		cam.Frame(s, 160.0/120)
		r.Render(s, cam)
		same := func(x, y, item int) bool {
			h, ok := r.Pick(x, y)
			return ok && h.Item == item
		}
		checked := 0
		for y := 2; y < 118; y += 3 {
			for x := 2; x < 158; x += 3 {
				p, ok := r.Pick(x, y)
				if !ok || !same(x-2, y, p.Item) || !same(x+2, y, p.Item) || !same(x, y-2, p.Item) || !same(x, y+2, p.Item) {
					continue
				}
				a, ok := r.PickAny(x, y)
				if !ok || a.Item != p.Item {
					t.Fatalf("%v: pixel %d,%d: Pick %+v, PickAny %+v %v", ty, x, y, p, a, ok)
				}
				checked++
			}
		}
		if checked < 50 {
			t.Errorf("%v: only %d pixels compared", ty, checked)
		}
	}
}

// rayBox finds where a ray enters a box, and misses it when it passes by
// or points away.
func TestRayBox(t *testing.T) {
	lo, hi := mgl64.Vec3{0, 0, 0}, mgl64.Vec3{1, 1, 1}
	for _, c := range []struct {
		o, d mgl64.Vec3
		t    float64
		ok   bool
	}{
		{mgl64.Vec3{0.5, 0.5, 5}, mgl64.Vec3{0, 0, -1}, 4, true},
		{mgl64.Vec3{0.5, 0.5, 0.5}, mgl64.Vec3{1, 0, 0}, 0, true}, // inside
		{mgl64.Vec3{0.5, 0.5, 5}, mgl64.Vec3{0, 0, 1}, 0, false},  // away
		{mgl64.Vec3{2, 0.5, 5}, mgl64.Vec3{0, 0, -1}, 0, false},   // beside
		{mgl64.Vec3{-1, -1, -1}, mgl64.Vec3{1, 1, 1}.Normalize(), math.Sqrt(3), true},
	} {
		got, ok := rayBox(c.o, c.d, lo, hi)
		if ok != c.ok || ok && math.Abs(got-c.t) > 1e-5 {
			t.Errorf("ray %v %v: %v %v, want %v %v", c.o, c.d, got, ok, c.t, c.ok)
		}
	}
}
