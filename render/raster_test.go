package render

import (
	"encoding/binary"
	"math"
	"math/rand"
	"testing"

	"github.com/burrlab/burrlab/model/grid"
	"github.com/go-gl/mathgl/mgl64"
)

// Triangles that tile the frame cover every pixel exactly once, also where
// edges run through pixel centres (vertices on the half-pixel lattice).
func TestFillRuleTilesExactly(t *testing.T) {
	const w, h, n = 61, 47, 9
	r, err := NewRenderer(w, h)
	if err != nil {
		t.Fatal(err)
	}
	for _, snap := range []bool{false, true} {
		rng := rand.New(rand.NewSource(3))
		// An n x n grid of points over [-1, w+1] x [-1, h+1], jittered
		// inside, split into triangles along alternating diagonals.
		pt := func(i, j int) screenVert {
			x := -1 + float32(w+2)*float32(i)/float32(n-1)
			y := -1 + float32(h+2)*float32(j)/float32(n-1)
			if i > 0 && i < n-1 && j > 0 && j < n-1 {
				x += (rng.Float32() - 0.5) * 4
				y += (rng.Float32() - 0.5) * 4
				if snap {
					x = float32(math.Round(float64(x)*2)) / 2
					y = float32(math.Round(float64(y)*2)) / 2
				}
			}
			return screenVert{x, y, 1}
		}
		var grid [n][n]screenVert
		for i := range grid {
			for j := range grid[i] {
				grid[i][j] = pt(i, j)
			}
		}
		count := make([]int, w*h)
		tri := func(a, b, c screenVert) {
			// Front faces run clockwise on screen; flip the others.
			if (b.x-a.x)*(c.y-a.y)-(c.x-a.x)*(b.y-a.y) > 0 {
				b, c = c, b
			}
			clear(r.depth)
			clear(r.ids)
			r.fillTri(a, b, c, 1)
			for i, id := range r.ids {
				if id != 0 {
					count[i]++
				}
			}
		}
		for i := 0; i+1 < n; i++ {
			for j := 0; j+1 < n; j++ {
				a, b, c, d := grid[i][j], grid[i+1][j], grid[i+1][j+1], grid[i][j+1]
				if (i+j)%2 == 0 {
					tri(a, b, c)
					tri(a, c, d)
				} else {
					tri(a, b, d)
					tri(b, c, d)
				}
			}
		}
		for i, c := range count {
			if c != 1 {
				t.Fatalf("snap=%v: pixel (%d,%d) covered %d times", snap, i%w, i/w, c)
			}
		}
	}
}

// convexShapes returns, per grid, cells whose union is convex: a frame of
// it must show no background pixel between the leftmost and rightmost
// covered pixel of any row.
func convexShapes() map[grid.Type][]grid.Vec {
	box := func(n int) []grid.Vec {
		var out []grid.Vec
		for z := 0; z < n; z++ {
			for y := 0; y < n; y++ {
				for x := 0; x < n; x++ {
					out = append(out, grid.Vec{x, y, z})
				}
			}
		}
		return out
	}
	// The six triangles around the point (1, 2h), in two layers: a
	// hexagonal prism.
	var hex []grid.Vec
	for z := 0; z < 2; z++ {
		for _, c := range [][2]int{{0, 1}, {1, 1}, {2, 1}, {0, 2}, {1, 2}, {2, 2}} {
			hex = append(hex, grid.Vec{c[0], c[1], z})
		}
	}
	return map[grid.Type][]grid.Vec{
		grid.Cubes:     box(3),
		grid.Prisms:    hex,
		grid.Spheres:   {{0, 0, 0}},
		grid.Rhombic:   validCells(grid.Must(grid.Rhombic), 5),
		grid.TetraOcta: validCells(grid.Must(grid.TetraOcta), 3),
	}
}

func randomCamera(rng *rand.Rand, lo, hi mgl64.Vec3, aspect float64) Camera {
	cam := DefaultCamera()
	axis := mgl64.Vec3{rng.NormFloat64(), rng.NormFloat64(), rng.NormFloat64()}.Normalize()
	cam.Rot = mgl64.QuatRotate(rng.Float64()*2*math.Pi, axis)
	cam.Fit(lo, hi, aspect)
	return cam
}

// No cracks or speckles: a convex solid, seen from many directions, covers
// each row of its silhouette without a hole, and its edges and corners are
// where they belong (its cover agrees with the projected hull's area).
func TestConvexSolidsHaveNoCracks(t *testing.T) {
	rng := rand.New(rand.NewSource(4))
	r, _ := NewRenderer(160, 120)
	for ty, cells := range convexShapes() {
		g := grid.Must(ty)
		m, err := NewMesh(g, tagged(cells), DefaultGap)
		if err != nil {
			t.Fatal(err)
		}
		s := &Scene{Items: []Item{{Mesh: m, Color: ShapeColor(0)}}}
		lo, hi, _ := s.Bounds()
		for k := 0; k < 60; k++ {
			cam := randomCamera(rng, lo, hi, 160.0/120)
			r.Render(s, cam)
			covered := 0
			for y := 0; y < 120; y++ {
				first, last, n := -1, -1, 0
				for x := 0; x < 160; x++ {
					if r.ids[y*160+x] != 0 {
						if first < 0 {
							first = x
						}
						last = x
						n++
					}
				}
				covered += n
				if n > 0 && n != last-first+1 {
					t.Fatalf("%v view %d: row %d has a hole between x=%d and x=%d", ty, k, y, first, last)
				}
			}
			if covered < 160*120/20 {
				t.Fatalf("%v view %d: only %d pixels covered", ty, k, covered)
			}
		}
	}
}

// lookFrom returns a camera at eye looking towards center.
func lookFrom(eye, center mgl64.Vec3) Camera {
	cam := DefaultCamera()
	v := mgl64.LookAtV(eye, center, mgl64.Vec3{0, 1, 0})
	cam.Rot = mgl64.Mat4ToQuat(v).Normalize()
	cam.Dist = center.Sub(eye).Len()
	cam.Target = center
	return cam
}

// Inside a closed room, with the eye just above the floor, every pixel shows
// a wall: the floor's triangles reach behind the eye, and their parts in
// front of the near plane are drawn, not dropped.
func TestNearPlaneClipping(t *testing.T) {
	g := grid.Must(grid.Cubes)
	var shell []grid.Vec
	for _, v := range validCells(g, 8) {
		if min(v[0], v[1], v[2]) == 0 || max(v[0], v[1], v[2]) == 7 {
			shell = append(shell, v)
		}
	}
	m, err := NewMesh(g, tagged(shell), DefaultGap)
	if err != nil {
		t.Fatal(err)
	}
	s := &Scene{Items: []Item{{Mesh: m, Color: ShapeColor(1)}}}
	r, _ := NewRenderer(200, 150)
	for _, eye := range []mgl64.Vec3{{4, 1.1, 4}, {1.1, 1.1, 1.5}, {3, 6.88, 6.5}} {
		for _, look := range []mgl64.Vec3{{6, 1.05, 6.5}, {2, 3, 1.2}, {6.5, 1.2, 2}} {
			cam := lookFrom(eye, look)
			r.Render(s, cam)
			if r.pr.near > 0.08 {
				t.Fatalf("near plane %v: the test wants it nearer than the floor", r.pr.near)
			}
			for i, id := range r.ids {
				if id == 0 {
					t.Fatalf("eye %v looking at %v: pixel (%d,%d) shows no wall", eye, look, i%200, i/200)
				}
			}
		}
	}
}

// toPixel projects a world point with the renderer's last camera.
func toPixel(r *Renderer, p mgl64.Vec3) (int, int) {
	v := r.pr.toView(vec32(p), r.pr.trans)
	s := r.pr.project(v)
	return int(s.x), int(s.y)
}

// Picking returns the cell and the cell across the face under a pixel.
func TestPickFaces(t *testing.T) {
	g := grid.Must(grid.Cubes)
	cells := []grid.Vec{{0, 0, 0}, {1, 0, 0}}
	m, _ := NewMesh(g, tagged(cells), DefaultGap)
	other, _ := NewMesh(g, tagged([]grid.Vec{{0, 0, 0}}), DefaultGap)
	s := &Scene{Items: []Item{
		{Mesh: other, Color: ShapeColor(3), Mode: Hidden},
		{Mesh: m, Color: ShapeColor(0)},
	}}
	r, _ := NewRenderer(320, 240)
	cam := DefaultCamera()
	lo, hi, _ := s.Bounds()
	cam.Fit(lo, hi, 320.0/240)
	r.Render(s, cam)
	for _, c := range []struct {
		at       mgl64.Vec3 // a point on a face
		cell, nb grid.Vec
	}{
		{mgl64.Vec3{0.5, 1, 0.5}, grid.Vec{0, 0, 0}, grid.Vec{0, 1, 0}},   // top of the left cube
		{mgl64.Vec3{1.5, 1, 0.5}, grid.Vec{1, 0, 0}, grid.Vec{1, 1, 0}},   // top of the right cube
		{mgl64.Vec3{0.5, 0.5, 1}, grid.Vec{0, 0, 0}, grid.Vec{0, 0, 1}},   // front
		{mgl64.Vec3{2, 0.5, 0.5}, grid.Vec{1, 0, 0}, grid.Vec{2, 0, 0}},   // right side
		{mgl64.Vec3{1.5, 0.5, 1}, grid.Vec{1, 0, 0}, grid.Vec{1, 0, 1}},   // front of the right cube
		{mgl64.Vec3{0.2, 0.9, 0.8}, grid.Vec{0, 0, 0}, grid.Vec{0, 1, 0}}, // near a corner, on top
	} {
		x, y := toPixel(r, c.at)
		h, ok := r.Pick(x, y)
		if !ok || h.Item != 1 || h.Cell != c.cell || h.Neighbor != c.nb {
			t.Errorf("pick at %v (pixel %d,%d) = %+v, %v; want item 1, cell %v, neighbour %v", c.at, x, y, h, ok, c.cell, c.nb)
			continue
		}
		want := grid.Vec(c.nb.Sub(c.cell))
		if h.Normal.Sub(mgl64.Vec3{float64(want[0]), float64(want[1]), float64(want[2])}).Len() > 1e-6 {
			t.Errorf("pick at %v: normal %v", c.at, h.Normal)
		}
	}
	if _, ok := r.Pick(2, 2); ok {
		t.Error("a corner of the frame picked something")
	}
	if _, ok := r.Pick(-1, 5); ok {
		t.Error("a pixel outside the frame picked something")
	}
}

// A ball is picked with the touching cell on the side clicked.
func TestPickBalls(t *testing.T) {
	g := grid.Must(grid.Spheres)
	m, _ := NewMesh(g, tagged([]grid.Vec{{0, 0, 0}, {2, 0, 0}}), DefaultGap)
	s := &Scene{Items: []Item{{Mesh: m, Color: ShapeColor(2)}}}
	r, _ := NewRenderer(320, 240)
	cam := DefaultCamera()
	cam.Rot = mgl64.QuatIdent() // look along -z: x right, y up
	lo, hi, _ := s.Bounds()
	cam.Fit(lo, hi, 320.0/240)
	r.Render(s, cam)
	c := g.Solid(grid.Vec{2, 0, 0}).Center
	for _, tc := range []struct {
		dir mgl64.Vec3 // from the centre, in the screen plane
		nb  func(grid.Vec) bool
	}{
		{mgl64.Vec3{1, 0, 0}, func(v grid.Vec) bool { return v[0] == 3 }},
		{mgl64.Vec3{0, 1, 0}, func(v grid.Vec) bool { return v[1] == 1 }},
		{mgl64.Vec3{0, -1, 0}, func(v grid.Vec) bool { return v[1] == -1 }},
	} {
		x, y := toPixel(r, c.Add(tc.dir.Mul(0.4)))
		h, ok := r.Pick(x, y)
		if !ok || h.Cell != (grid.Vec{2, 0, 0}) || !tc.nb(h.Neighbor) {
			t.Errorf("pick towards %v: %+v, %v", tc.dir, h, ok)
		}
		if h.Normal.Dot(tc.dir) < 0.5 {
			t.Errorf("pick towards %v: normal %v", tc.dir, h.Normal)
		}
	}
	x, y := toPixel(r, g.Solid(grid.Vec{0, 0, 0}).Center)
	if h, ok := r.Pick(x, y); !ok || h.Cell != (grid.Vec{0, 0, 0}) {
		t.Errorf("pick at the other ball: %+v, %v", h, ok)
	}
}

func pixelAt(r *Renderer, x, y int) uint32 {
	return binary.LittleEndian.Uint32(r.img.Pix[4*(y*r.w+x):])
}

// Hidden items draw nothing; outlined items draw lines in their colour but
// no faces, and are not picked; outlines of solid items are dark.
func TestModes(t *testing.T) {
	g := grid.Must(grid.Cubes)
	m, _ := NewMesh(g, tagged([]grid.Vec{{0, 0, 0}}), DefaultGap)
	s := &Scene{Items: []Item{{Mesh: m, Color: ShapeColor(1)}}}
	r, _ := NewRenderer(200, 200)
	cam := DefaultCamera()
	lo, hi, _ := s.Bounds()
	cam.Fit(lo, hi, 1)
	count := func(c uint32) (n int) {
		for y := 0; y < r.h; y++ {
			for x := 0; x < r.w; x++ {
				if pixelAt(r, x, y) == c {
					n++
				}
			}
		}
		return n
	}
	dark := pack(scale(ShapeColor(1), 0.3))
	wire := pack(scale(ShapeColor(1), 0.85))
	r.Render(s, cam)
	if n := count(dark); n < 200 {
		t.Errorf("solid: %d outline pixels", n)
	}
	x, y := toPixel(r, mgl64.Vec3{0.5, 0.5, 1})
	if _, ok := r.Pick(x, y); !ok {
		t.Error("solid: front face not picked")
	}
	s.Items[0].Mode = Outline
	r.Render(s, cam)
	if n := count(wire); n < 200 {
		t.Errorf("outline: %d wire pixels", n)
	}
	if _, ok := r.Pick(x, y); ok {
		t.Error("outline: picked")
	}
	for _, id := range r.ids {
		if id != 0 {
			t.Fatal("outline: faces drawn")
		}
	}
	// Balls in outline mode show their rims.
	bm, _ := NewMesh(grid.Must(grid.Spheres), tagged([]grid.Vec{{0, 0, 0}}), DefaultGap)
	bs := &Scene{Items: []Item{{Mesh: bm, Color: ShapeColor(1), Mode: Outline}}}
	bcam := DefaultCamera()
	bcam.Frame(bs, 1)
	r.Render(bs, bcam)
	if n := count(wire); n < 300 {
		t.Errorf("outlined ball: %d wire pixels", n)
	}
	if r.Render(nil, cam) == nil {
		t.Error("no picture of a nil scene")
	}
	s.Items[0].Mode = Hidden
	img := r.Render(s, cam)
	for y := 0; y < 200; y++ {
		bg := pack(mix(r.Style.Top, r.Style.Bottom, (float64(y)+0.5)/200))
		for x := 0; x < 200; x++ {
			if binary.LittleEndian.Uint32(img.Pix[4*(y*200+x):]) != bg {
				t.Fatalf("hidden: pixel (%d,%d) is not background", x, y)
			}
		}
	}
}

// A frame allocates nothing once the renderer has seen the scene.
func TestRenderDoesNotAllocate(t *testing.T) {
	for _, ty := range []grid.Type{grid.Cubes, grid.Spheres} {
		g := grid.Must(ty)
		s := assemblyScene(t, g, partition(g, 6, 5, 2))
		r, _ := NewRenderer(240, 180)
		cam := DefaultCamera()
		lo, hi, _ := s.Bounds()
		cam.Fit(lo, hi, 240.0/180)
		r.Render(s, cam)
		allocs := testing.AllocsPerRun(10, func() {
			cam.Rotate(100, 100, 110, 95, 240, 180)
			r.Render(s, cam)
		})
		if allocs != 0 {
			t.Errorf("%v: %v allocations per frame", ty, allocs)
		}
	}
}

// The camera's matrices agree with its quaternion and target.
func TestCameraEyeAndView(t *testing.T) {
	cam := DefaultCamera()
	cam.Target = mgl64.Vec3{1, 2, 3}
	cam.Dist = 7
	eye := cam.View().Mul4x1(cam.Eye().Vec4(1))
	if eye.Vec3().Len() > 1e-9 {
		t.Errorf("eye maps to %v, want the origin", eye)
	}
	tgt := cam.View().Mul4x1(cam.Target.Vec4(1))
	if tgt.Vec3().Sub(mgl64.Vec3{0, 0, -7}).Len() > 1e-9 {
		t.Errorf("target maps to %v, want (0,0,-7)", tgt)
	}
	// Zoom and pan keep the view sane.
	cam.Zoom(2)
	if math.Abs(cam.Dist-3.5) > 1e-12 {
		t.Errorf("zoom: distance %v", cam.Dist)
	}
	before := cam.Target
	cam.Pan(10, 0, 100)
	right := cam.Rot.Conjugate().Rotate(mgl64.Vec3{1, 0, 0})
	if d := cam.Target.Sub(before); d.Dot(right) >= 0 || math.Abs(d.Normalize().Dot(right)+1) > 1e-9 {
		t.Errorf("pan right moved the target by %v", d)
	}
	// Dragging across the middle from left to right turns the scene about
	// the vertical: what faced the viewer turns to the right.
	cam = DefaultCamera()
	cam.Rot = mgl64.QuatIdent()
	cam.Rotate(90, 100, 110, 100, 200, 200)
	n := cam.Rot.Rotate(mgl64.Vec3{0, 0, 1})
	if n[0] <= 0 || math.Abs(n[1]) > 1e-9 {
		t.Errorf("drag right: front normal %v", n)
	}
}

// Skipping hidden items and balls changes nothing in the picture or the ID
// buffer.
func TestOcclusionCullingIsExact(t *testing.T) {
	for _, ty := range []grid.Type{grid.Cubes, grid.Spheres} {
		g := grid.Must(ty)
		testCulling(t, assemblyScene(t, g, partition(g, 8, 6, 5)))
	}
}

func testCulling(t *testing.T, s *Scene) {
	a, _ := NewRenderer(320, 240)
	b, _ := NewRenderer(320, 240)
	b.noCull = true
	rng := rand.New(rand.NewSource(6))
	lo, hi, _ := s.Bounds()
	for k := 0; k < 20; k++ {
		cam := randomCamera(rng, lo, hi, 320.0/240)
		cam.Zoom(0.6 + 1.4*rng.Float64())
		ia, ib := a.Render(s, cam), b.Render(s, cam)
		for i := range a.ids {
			if a.ids[i] != b.ids[i] {
				t.Fatalf("view %d: pixel %d shows %d with culling, %d without", k, i, a.ids[i], b.ids[i])
			}
		}
		if string(ia.Pix) != string(ib.Pix) {
			t.Fatalf("view %d: pictures differ", k)
		}
	}
}
