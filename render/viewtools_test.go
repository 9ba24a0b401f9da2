package render

import (
	"math"
	"math/rand"
	"testing"

	"github.com/burrlab/burrlab/model/grid"
	"github.com/go-gl/mathgl/mgl64"
)

// covered returns the centre of the pixels the ID buffer marks, and how
// many there are.
func covered(r *Renderer) (cx, cy float64, n int) {
	for y := 0; y < r.h; y++ {
		for x := 0; x < r.w; x++ {
			if r.ids[y*r.w+x] != 0 {
				cx += float64(x)
				cy += float64(y)
				n++
			}
		}
	}
	if n > 0 {
		cx, cy = cx/float64(n), cy/float64(n)
	}
	return cx, cy, n
}

// Panning moves the picture with the pointer: a pan by (dx, dy) pixels
// shifts a piece at the target's depth by that much on the screen.
func TestPanMovesPicture(t *testing.T) {
	for _, ty := range []grid.Type{grid.Cubes, grid.Spheres, grid.Prisms} {
		g := grid.Must(ty)
		s := assemblyScene(t, g, [][]grid.Vec{validCells(g, 1)[:1]})
		r, _ := NewRenderer(300, 200)
		cam := DefaultCamera()
		cam.Frame(s, 1.5)
		cam.Zoom(0.3) // small on screen, so that it stays inside when moved
		r.Render(s, cam)
		x0, y0, n0 := covered(r)
		cam.Pan(40, -25, 200)
		r.Render(s, cam)
		x1, y1, n1 := covered(r)
		if n0 == 0 || n1 == 0 {
			t.Fatalf("%v: nothing drawn", ty)
		}
		if math.Abs(x1-x0-40) > 2 || math.Abs(y1-y0+25) > 2 {
			t.Errorf("%v: pan (40,-25) moved the picture by (%.1f,%.1f)", ty, x1-x0, y1-y0)
		}
	}
}

// Fit frames the box: from any direction its eight corners project inside
// the picture, and the box is not drawn tiny.
func TestFitFramesBounds(t *testing.T) {
	rng := rand.New(rand.NewSource(9))
	r, _ := NewRenderer(320, 200)
	for k := 0; k < 50; k++ {
		lo := mgl64.Vec3{rng.Float64()*10 - 5, rng.Float64()*10 - 5, rng.Float64()*10 - 5}
		hi := lo.Add(mgl64.Vec3{0.2 + rng.Float64()*8, 0.2 + rng.Float64()*8, 0.2 + rng.Float64()*8})
		cam := randomCamera(rng, lo, hi, 320.0/200)
		cam.Target = cam.Target.Add(mgl64.Vec3{3, -2, 7}) // Fit must undo a pan
		cam.Fit(lo, hi, 320.0/200)
		r.setup(&Scene{}, cam)
		x0, x1, y0, y1 := math.Inf(1), math.Inf(-1), math.Inf(1), math.Inf(-1)
		for c := 0; c < 8; c++ {
			p := lo
			for a := 0; a < 3; a++ {
				if c>>a&1 != 0 {
					p[a] = hi[a]
				}
			}
			px, py := toPixel(r, p)
			x0, x1 = math.Min(x0, float64(px)), math.Max(x1, float64(px))
			y0, y1 = math.Min(y0, float64(py)), math.Max(y1, float64(py))
		}
		if x0 < 0 || y0 < 0 || x1 >= 320 || y1 >= 200 {
			t.Fatalf("view %d: box spans x %v..%v, y %v..%v of 320x200", k, x0, x1, y0, y1)
		}
		if x1-x0 < 320*0.3 && y1-y0 < 200*0.3 {
			t.Errorf("view %d: box only %vx%v pixels", k, x1-x0, y1-y0)
		}
	}
}

// Reaspect keeps a fitted camera fitted when the picture turns narrower
// or wider: it ends where Fit for the new aspect would, and zoomed in or
// out by the user, at the same zoom relative to that fit.
func TestReaspectKeepsTheFit(t *testing.T) {
	lo, hi := mgl64.Vec3{-1, 0, 2}, mgl64.Vec3{3, 2, 5}
	for _, c := range []struct{ from, to float64 }{{1.6, 0.5}, {0.5, 1.6}, {0.4, 0.8}, {1.2, 2.5}, {1, 1}} {
		cam, want := DefaultCamera(), DefaultCamera()
		cam.Fit(lo, hi, c.from)
		cam.Dist *= 0.7 // zoomed in
		cam.Reaspect(c.from, c.to)
		want.Fit(lo, hi, c.to)
		if got := cam.Dist / want.Dist; math.Abs(got-0.7) > 1e-9 {
			t.Errorf("%v to %v: distance %v of the fit's, want 0.7", c.from, c.to, got)
		}
	}
}

// The exploded view pushes each piece from the centre along the line to its
// centroid, in proportion to its distance; the farthest moves by the
// assembly's diameter at 1, nothing moves at 0.
func TestExplodeOffsets(t *testing.T) {
	g := grid.Must(grid.Cubes)
	// A row of three cubes and a cube above the middle one.
	s := assemblyScene(t, g, [][]grid.Vec{{{0, 0, 0}}, {{1, 0, 0}}, {{2, 0, 0}}, {{1, 1, 0}}})
	s.Items[2].Mode = Hidden // hiding a piece moves no other
	s.Items[1].Fade = 1
	centre := mgl64.Vec3{1.5, 0.75, 0.5} // mean of the cell centres
	for _, f := range []float64{0, -1, math.NaN()} {
		for i, d := range ExplodeOffsets(s, f, nil) {
			if d.Len() != 0 {
				t.Errorf("f=%v: item %d moved by %v", f, i, d)
			}
		}
	}
	lo, hi, _ := (&Scene{Items: []Item{{Mesh: s.Items[0].Mesh}, {Mesh: s.Items[2].Mesh}, {Mesh: s.Items[3].Mesh}}}).Bounds()
	diam := hi.Sub(lo).Len()
	full := ExplodeOffsets(s, 1, nil)
	half := ExplodeOffsets(s, 0.5, full[:0:0])
	far := 0.0
	for i, it := range s.Items {
		dir := it.Mesh.Centroid().Sub(centre)
		far = math.Max(far, dir.Len())
		if math.Abs(full[i].Normalize().Dot(dir.Normalize())-1) > 1e-9 {
			t.Errorf("item %d pushed along %v, want along %v", i, full[i], dir)
		}
		if !near(half[i].Mul(2), full[i]) {
			t.Errorf("item %d: half %v, full %v", i, half[i], full[i])
		}
	}
	for i, it := range s.Items {
		want := diam * it.Mesh.Centroid().Sub(centre).Len() / far
		if math.Abs(full[i].Len()-want) > 1e-9 {
			t.Errorf("item %d moved %v, want %v", i, full[i].Len(), want)
		}
	}
	if !near(ExplodeOffsets(s, 7, nil)[0], full[0]) {
		t.Error("f is not clamped to 1")
	}
	one := assemblyScene(t, g, [][]grid.Vec{{{0, 0, 0}}})
	if d := ExplodeOffsets(one, 1, nil)[0]; d.Len() != 0 {
		t.Errorf("a lone piece moved by %v", d)
	}
}

// Pieces that leave the puzzle on their own fade during the move that
// removes them; groups that come apart later stay until they do.
func TestAnimationFade(t *testing.T) {
	a, d := handTree()
	an, err := NewAnimation(grid.Must(grid.Cubes), a, d, 10)
	if err != nil {
		t.Fatal(err)
	}
	// Steps: 0 assembled, 1 slot 3 slides, 2 {2,3} fly out as a group,
	// 3 slot 3 leaves the group, 4 slot 1 slides, 5 slot 1 leaves.
	want := map[float64][4]float64{
		0:    {0, 0, 0, 0},
		2:    {0, 0, 0, 0}, // the group is out but still whole
		2.5:  {0, 0, 0, 0.5},
		3:    {0, 0, 0, 1},
		4.25: {0, 0.25, 0, 1},
		5:    {0, 1, 0, 1},
		9:    {0, 1, 0, 1},
	}
	for tm, w := range want {
		for slot := range w {
			if got := an.Fade(tm, slot); math.Abs(got-w[slot]) > 1e-12 {
				t.Errorf("time %v slot %d: fade %v, want %v", tm, slot, got, w[slot])
			}
		}
	}
	if an.Fade(1, -1) != 0 || an.Fade(1, 4) != 0 {
		t.Error("fade of a slot out of range")
	}
	s := &Scene{Items: make([]Item, 4)}
	an.ApplyFade(s, 4.25)
	if s.Items[1].Fade != 0.25 || s.Items[3].Fade != 1 || s.Items[0].Fade != 0 {
		t.Errorf("ApplyFade: %+v", s.Items)
	}
}

// A partly faded piece is blended over what lies behind it, in proportion
// to its fade; fully faded, it draws nothing; faded pieces are not picked.
func TestFadeBlends(t *testing.T) {
	for _, ty := range []grid.Type{grid.Cubes, grid.Spheres} {
		g := grid.Must(ty)
		s := assemblyScene(t, g, [][]grid.Vec{validCells(g, 1)[:1]})
		r, _ := NewRenderer(120, 120)
		cam := DefaultCamera()
		cam.Frame(s, 1)
		r.setup(s, cam)
		x, y := toPixel(r, s.Items[0].Mesh.Centroid())
		solid := append([]byte(nil), r.Render(s, cam).Pix...)
		if _, ok := r.Pick(x, y); !ok {
			t.Fatalf("%v: opaque piece not picked", ty)
		}
		s.Items[0].Fade = 1
		bg := append([]byte(nil), r.Render(s, cam).Pix...)
		if string(bg) == string(solid) {
			t.Fatalf("%v: a faded-out piece is still drawn", ty)
		}
		s.Items[0].Fade = 0.75
		mixed := r.Render(s, cam).Pix
		if _, ok := r.Pick(x, y); ok {
			t.Errorf("%v: a faded piece was picked", ty)
		}
		changed := 0
		for i := range mixed {
			if i%4 == 3 || solid[i] == bg[i] {
				continue
			}
			changed++
			want := float64(bg[i])*0.75 + float64(solid[i])*0.25
			if math.Abs(float64(mixed[i])-want) > 1.5 {
				t.Fatalf("%v: byte %d is %d, want %.1f (solid %d, background %d)", ty, i, mixed[i], want, solid[i], bg[i])
			}
		}
		if changed < 300 {
			t.Errorf("%v: only %d bytes differ between the piece and the background", ty, changed)
		}
	}
}
