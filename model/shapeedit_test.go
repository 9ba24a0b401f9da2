package model

import (
	"math"
	"math/rand"
	"testing"

	"github.com/burrlab/burrlab/model/grid"
	"github.com/go-gl/mathgl/mgl64"
)

// randomShape fills about a third of the valid cells of a size³ space,
// with a variable cell and a coloured one among them.
func randomShape(g grid.Grid, size int, rng *rand.Rand) Shape {
	s := NewShape(grid.Vec{size, size, size})
	n := 0
	for i := range s.Voxels {
		if g.Valid(s.Pos(i)) && rng.Intn(3) == 0 {
			st, col := Filled, 0
			switch n % 5 {
			case 1:
				st = Variable
			case 2:
				col = 1
			}
			s.Voxels[i] = MakeVoxel(st, col)
			n++
		}
	}
	s.ResetHotspot(g)
	return s
}

// solids returns the solids of a shape's cells with their tags, as point
// lists after m, keyed for comparison up to a translation.
func shapeGeometry(g grid.Grid, s *Shape, m mgl64.Mat3) (pts [][]mgl64.Vec3, tags []uint8) {
	for _, c := range s.Cells() {
		pts = append(pts, solidPoints(g.Solid(c.Pos), m))
		tags = append(tags, c.Tag)
	}
	return pts, tags
}

// congruent reports whether shape b is shape a moved by m and a translation:
// the same solids with the same tags.
func congruent(g grid.Grid, a, b *Shape, m mgl64.Mat3) bool {
	pa, ta := shapeGeometry(g, a, m)
	pb, tb := shapeGeometry(g, b, mgl64.Ident3())
	if len(pa) != len(pb) {
		return false
	}
	if len(pa) == 0 {
		return true
	}
	// Match every solid of a to one of b by its first point plus the
	// translation found from the lowest first point.
	low := func(ps [][]mgl64.Vec3) mgl64.Vec3 {
		best := ps[0][0]
		for _, p := range ps {
			if lessVec(p[0], best) {
				best = p[0]
			}
		}
		return best
	}
	d := low(pb).Sub(low(pa))
	key := func(p mgl64.Vec3) [3]int64 {
		return [3]int64{int64(math.Round(p[0] * 1e5)), int64(math.Round(p[1] * 1e5)), int64(math.Round(p[2] * 1e5))}
	}
	idx := map[[3]int64]int{}
	for i, p := range pb {
		var c mgl64.Vec3
		for _, q := range p {
			c = c.Add(q)
		}
		idx[key(c.Mul(1/float64(len(p))))] = i
	}
	for i, p := range pa {
		var c mgl64.Vec3
		for _, q := range p {
			c = c.Add(q.Add(d))
		}
		j, ok := idx[key(c.Mul(1/float64(len(p))))]
		if !ok || tb[j] != ta[i] || len(pb[j]) != len(p) {
			return false
		}
	}
	return true
}

func lessVec(a, b mgl64.Vec3) bool {
	for k := 0; k < 3; k++ {
		if math.Abs(a[k]-b[k]) > 1e-6 {
			return a[k] < b[k]
		}
	}
	return false
}

func allGrids() []grid.Grid {
	var gs []grid.Grid
	for t := grid.Type(0); t < grid.NumTypes; t++ {
		gs = append(gs, grid.Must(t))
	}
	return gs
}

func TestTurnsPerGrid(t *testing.T) {
	want := map[grid.Type]int{grid.Cubes: 9, grid.Prisms: 7, grid.Spheres: 9, grid.Rhombic: 9, grid.TetraOcta: 9}
	for _, g := range allGrids() {
		if got := len(Turns(g)); got != want[g.Type()] {
			t.Errorf("%v: %d turns, want %d", g.Type(), got, want[g.Type()])
		}
	}
}

func TestTransformIsTheTurn(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	for _, g := range allGrids() {
		for _, turn := range Turns(g) {
			ti, _ := FindOrientation(g, turn.Matrix)
			for k := 0; k < 5; k++ {
				s := randomShape(g, 7, rng)
				s2 := s.Clone()
				if err := s2.Transform(g, ti); err != nil {
					t.Fatalf("%v %s: %v", g.Type(), turn.Name, err)
				}
				if err := s2.Validate(g, 1); err != nil {
					t.Fatalf("%v %s: invalid result: %v", g.Type(), turn.Name, err)
				}
				if !congruent(g, &s, &s2, turn.Matrix) {
					t.Fatalf("%v %s: the result is not the turned shape", g.Type(), turn.Name)
				}
			}
		}
	}
}

func TestTurnsUndoEachOther(t *testing.T) {
	rng := rand.New(rand.NewSource(2))
	for _, g := range allGrids() {
		turns := Turns(g)
		for _, turn := range turns {
			inv := turn.Matrix.Transpose()
			ti, _ := FindOrientation(g, turn.Matrix)
			ii, ok := FindOrientation(g, inv)
			if !ok {
				t.Fatalf("%v %s: no inverse", g.Type(), turn.Name)
			}
			s := randomShape(g, 6, rng)
			if err := s.Minimize(g); err != nil {
				t.Fatal(err)
			}
			s2 := s.Clone()
			if err := s2.Transform(g, ti); err != nil {
				t.Fatal(err)
			}
			if err := s2.Transform(g, ii); err != nil {
				t.Fatal(err)
			}
			if err := s2.Minimize(g); err != nil {
				t.Fatal(err)
			}
			if _, same := grid.Identical(g, s.Cells(), s2.Cells()); !same {
				t.Errorf("%v %s and back: not the original shape", g.Type(), turn.Name)
			}
		}
	}
}

func TestCubeTurnKeepsTheBox(t *testing.T) {
	g := grid.Must(grid.Cubes)
	s := NewShape(grid.Vec{4, 2, 1})
	s.Set(grid.Vec{0, 0, 0}, MakeVoxel(Filled, 0))
	turn := Turns(g)[4] // anticlockwise about Z
	ti, _ := FindOrientation(g, turn.Matrix)
	if err := s.Transform(g, ti); err != nil {
		t.Fatal(err)
	}
	if s.Size != (grid.Vec{2, 4, 1}) {
		t.Fatalf("size after a quarter turn about z: %v", s.Size)
	}
	// (0,0) turned anticlockwise about z lands at the box's (max x, 0).
	if s.At(grid.Vec{1, 0, 0}).State() != Filled {
		t.Errorf("cell not at (1,0,0): %v", s.Cells())
	}
}

func TestMinimizeAndTranslate(t *testing.T) {
	rng := rand.New(rand.NewSource(3))
	for _, g := range allGrids() {
		s := randomShape(g, 8, rng)
		m := s.Clone()
		if err := m.Minimize(g); err != nil {
			t.Fatal(err)
		}
		if _, same := grid.Identical(g, s.Cells(), m.Cells()); !same {
			t.Errorf("%v: minimise changed the shape", g.Type())
		}
		lo, _, _ := m.Bounds()
		if a := g.Anchor(lo); a != (grid.Vec{}) {
			t.Errorf("%v: minimised shape still starts at %v (anchor %v)", g.Type(), lo, a)
		}
		for axis := 0; axis < 3; axis++ {
			k := LatticeStep(g, axis)
			var d grid.Vec
			d[axis] = k
			n := m.Clone()
			if err := n.Translate(g, d); err != nil {
				t.Fatalf("%v: nudge %v: %v", g.Type(), d, err)
			}
			if err := n.Validate(g, 1); err != nil {
				t.Fatalf("%v: nudge %v: %v", g.Type(), d, err)
			}
			if _, same := grid.Identical(g, m.Cells(), n.Cells()); !same {
				t.Errorf("%v: nudge %v changed the shape", g.Type(), d)
			}
			if err := n.Translate(g, d.Neg()); err != nil {
				t.Errorf("%v: nudge back: %v", g.Type(), err)
			}
			far := m.Clone()
			if err := far.Translate(g, d.Neg().Scale(100)); err == nil {
				t.Errorf("%v: nudging out of the space accepted", g.Type())
			}
		}
	}
	if err := (&Shape{}).Translate(grid.Must(grid.Prisms), grid.Vec{1, 0, 0}); err == nil {
		t.Error("a prism nudge that swaps up and down triangles was accepted")
	}
}

// volume is the volume of a convex solid, by the divergence theorem.
func volume(sol grid.Solid) float64 {
	if sol.Faces == nil {
		return 4 * math.Pi / 3 * sol.Radius * sol.Radius * sol.Radius
	}
	v := 0.0
	for _, f := range sol.Faces {
		for i := 1; i+1 < len(f.Corners); i++ {
			v += f.Corners[0].Dot(f.Corners[i].Cross(f.Corners[i+1])) / 6
		}
	}
	return v
}

func shapeVolume(g grid.Grid, s *Shape) (vol float64, byTag map[uint8]float64) {
	byTag = map[uint8]float64{}
	for _, c := range s.Cells() {
		v := volume(g.Solid(c.Pos))
		vol += v
		byTag[c.Tag] += v
	}
	return vol, byTag
}

func TestScaleKeepsVolume(t *testing.T) {
	rng := rand.New(rand.NewSource(4))
	for _, g := range allGrids() {
		s := randomShape(g, 6, rng)
		for _, k := range []int{2, 3} {
			c := s.Clone()
			err := c.Scale(g, k)
			if g.Type() == grid.Spheres {
				if err == nil {
					t.Error("spheres scaled without an error")
				}
				continue
			}
			if err != nil {
				t.Fatalf("%v x%d: %v", g.Type(), k, err)
			}
			if err := c.Validate(g, 1); err != nil {
				t.Fatalf("%v x%d: %v", g.Type(), k, err)
			}
			v0, tags0 := shapeVolume(g, &s)
			v1, tags1 := shapeVolume(g, &c)
			f := float64(k * k * k)
			if math.Abs(v1-f*v0) > 1e-6*v1 {
				t.Errorf("%v x%d: volume %.4f, want %.4f", g.Type(), k, v1, f*v0)
			}
			for tag, v := range tags0 {
				if math.Abs(tags1[tag]-f*v) > 1e-6*v1 {
					t.Errorf("%v x%d: tag %d volume %.4f, want %.4f", g.Type(), k, tag, tags1[tag], f*v)
				}
			}
		}
	}
}

func TestScaledCubeShape(t *testing.T) {
	g := grid.Must(grid.Cubes)
	s := NewShape(grid.Vec{2, 1, 1})
	s.Voxels[0] = MakeVoxel(Filled, 0)
	s.Voxels[1] = MakeVoxel(Variable, 0)
	if err := s.Scale(g, 2); err != nil {
		t.Fatal(err)
	}
	if s.Size != (grid.Vec{4, 2, 2}) || s.Count(Filled) != 8 || s.Count(Variable) != 8 || s.NumCells() != 16 {
		t.Fatalf("scaled domino: size %v, %d filled, %d variable, %d cells", s.Size, s.Count(Filled), s.Count(Variable), s.NumCells())
	}
	if s.At(grid.Vec{1, 1, 1}).State() != Filled || s.At(grid.Vec{2, 0, 0}).State() != Variable {
		t.Error("scaled cells in the wrong places")
	}
}

func TestResizeAndHotspot(t *testing.T) {
	g := grid.Must(grid.Spheres)
	s := NewShape(grid.Vec{3, 3, 3})
	s.Set(grid.Vec{2, 2, 0}, MakeVoxel(Filled, 0))
	s.Set(grid.Vec{1, 1, 0}, MakeVoxel(Filled, 0))
	s.Set(grid.Vec{0, 0, 0}, MakeVoxel(Variable, 0))
	s.ResetHotspot(g)
	if s.Hotspot != (grid.Vec{1, 1, 0}) {
		t.Errorf("sphere hotspot %v, want the filled sphere nearest the origin (1,1,0)", s.Hotspot)
	}
	dropped, err := s.Resize(grid.Vec{2, 2, 1})
	if err != nil || dropped != 1 {
		t.Fatalf("resize: dropped %d, %v", dropped, err)
	}
	if _, err := s.Resize(grid.Vec{0, 1, 1}); err == nil {
		t.Error("a zero size accepted")
	}
	if _, err := s.Resize(grid.Vec{1000, 1000, 1000}); err == nil {
		t.Error("a huge size accepted")
	}
}
