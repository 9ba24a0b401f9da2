package stl

import (
	"bytes"
	"math"
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/burrlab/burrlab/model"
	"github.com/burrlab/burrlab/model/grid"
	"github.com/burrlab/burrlab/model/xmpuzzle"
	"github.com/go-gl/mathgl/mgl64"
)

var filled = uint8(model.MakeVoxel(model.Filled, 0))

// validCells returns the cells of g in the box [0,n)^3.
func validCells(g grid.Grid, n int) []grid.Cell {
	var out []grid.Cell
	for z := 0; z < n; z++ {
		for y := 0; y < n; y++ {
			for x := 0; x < n; x++ {
				if v := (grid.Vec{x, y, z}); g.Valid(v) {
					out = append(out, grid.Cell{Pos: v, Tag: filled})
				}
			}
		}
	}
	return out
}

// testShapes returns cell sets that exercise every case of the builders in
// grid g: one cell, a cell with its face neighbours (merged faces, and for
// spheres a ball with twelve necks), cells touching only along an edge or
// at a corner (pinched surfaces, separate balls), a block and random blobs.
func testShapes(g grid.Grid, rng *rand.Rand) map[string][]grid.Cell {
	all := validCells(g, 8)
	base := all[len(all)/2].Pos
	cell := func(v grid.Vec) grid.Cell { return grid.Cell{Pos: v, Tag: filled} }
	shapes := map[string][]grid.Cell{"single": {cell(base)}}
	star := []grid.Cell{cell(base)}
	for _, n := range g.Neighbors(nil, base, grid.ByFace) {
		star = append(star, cell(n))
	}
	shapes["face-star"] = star
	if e := g.Neighbors(nil, base, grid.ByEdge); len(e) > 0 {
		shapes["edge-pair"] = []grid.Cell{cell(base), cell(e[0])}
	}
	if c := g.Neighbors(nil, base, grid.ByCorner); len(c) > 0 {
		shapes["corner-pair"] = []grid.Cell{cell(base), cell(c[0])}
	}
	shapes["block"] = validCells(g, 4)
	for i := 0; i < 4; i++ {
		var blob []grid.Cell
		for _, c := range all {
			if rng.Intn(2+i) == 0 {
				blob = append(blob, c)
			}
		}
		if g.Type() == grid.Spheres && len(blob) > 30 {
			blob = blob[:30] // enough balls and necks; keeps the test quick
		}
		shapes[string(rune('A'+i))+"-blob"] = blob
	}
	return shapes
}

// writeAndCheck writes m with o, reads it back and checks it.
func writeAndCheck(t *testing.T, name string, m *Mesh, o Options) (parts int, volume float64) {
	t.Helper()
	var buf bytes.Buffer
	if err := Write(&buf, m, name, o); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	read := readBinary
	if o.ASCII {
		read = readASCII
	}
	ts, err := read(buf.Bytes())
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	if len(ts) != len(m.Tris) {
		t.Fatalf("%s: read %d triangles, wrote %d", name, len(ts), len(m.Tris))
	}
	parts, volume, err = manifold(ts)
	if err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return parts, volume
}

// cellVolume is the volume of one polyhedral cell in render units.
func cellVolume(g grid.Grid, v grid.Vec) float64 {
	vol := 0.0
	for _, f := range g.Solid(v).Faces {
		for k := 1; k+1 < len(f.Corners); k++ {
			vol += f.Corners[0].Dot(f.Corners[k].Cross(f.Corners[k+1])) / 6
		}
	}
	return vol
}

// Every shape on every grid, with small and large gaps, equal and unequal
// units, binary and ASCII, is a set of closed, outward 2-manifold surfaces
// whose volume is a little less than the cells' (the gap), and for spheres
// between the balls alone and the balls with every neck at its longest.
func TestClosedAllGrids(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	variants := []Options{
		DefaultOptions(),
		{Unit: [3]float64{1, 2, 3}, Gap: 0.1},
		{Unit: [3]float64{25.4, 25.4, 25.4}, Gap: 0.002, ASCII: true},
	}
	for ty := grid.Type(0); ty < grid.NumTypes; ty++ {
		g := grid.Must(ty)
		for name, cells := range testShapes(g, rng) {
			for vi, o := range variants {
				o.Gap = min(o.Gap, MaxGapFor(g))
				name := ty.String() + "/" + name + "/" + string(rune('a'+vi))
				m, err := Cells(g, cells, o)
				if err != nil {
					t.Fatalf("%s: %v", name, err)
				}
				_, vol := writeAndCheck(t, name, m, o)
				vol /= o.Unit[0] * o.Unit[1] * o.Unit[2]
				lo, hi := 0.0, 0.0
				if ty == grid.Spheres {
					r := 0.5 - o.Gap
					ball := 4 * math.Pi / 3 * r * r * r
					lo, hi = 0.97*ball*float64(len(cells)), 1.5*ball*float64(len(cells))
				} else {
					for _, c := range cells {
						hi += cellVolume(g, c.Pos)
					}
					lo = 0.3 * hi
				}
				if vol <= lo || vol >= hi {
					t.Errorf("%s: volume %v, want between %v and %v", name, vol, lo, hi)
				}
			}
		}
	}
}

// A cube with gap g is a box of side 1-2g; unequal units stretch it.
func TestCubeSize(t *testing.T) {
	g := grid.Must(grid.Cubes)
	o := Options{Unit: [3]float64{10, 20, 5}, Gap: 0.05}
	m, err := Cells(g, []grid.Cell{{Pos: grid.Vec{0, 0, 0}, Tag: filled}}, o)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := Write(&buf, m, "cube", o); err != nil {
		t.Fatal(err)
	}
	ts, err := readBinary(buf.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	lo := [3]float32{1e9, 1e9, 1e9}
	hi := [3]float32{-1e9, -1e9, -1e9}
	for _, tr := range ts {
		for _, p := range tr {
			for k := 0; k < 3; k++ {
				lo[k], hi[k] = min(lo[k], p[k]), max(hi[k], p[k])
			}
		}
	}
	for k, want := range []float64{9, 18, 4.5} {
		if got := float64(hi[k] - lo[k]); math.Abs(got-want) > 1e-4 {
			t.Errorf("axis %c: %v mm, want %v", "XYZ"[k], got, want)
		}
	}
	if len(ts) != 12 {
		t.Errorf("%d triangles for a cube, want 12", len(ts))
	}
}

// Faces between cells of one piece are not in the file: two cubes side by
// side make one box of 10 squares (20 triangles), not 12 squares.
func TestInnerFacesMerged(t *testing.T) {
	g := grid.Must(grid.Cubes)
	m, err := Cells(g, []grid.Cell{{Pos: grid.Vec{0, 0, 0}}, {Pos: grid.Vec{1, 0, 0}}}, DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Tris) != 20 {
		t.Errorf("%d triangles, want 20", len(m.Tris))
	}
	if parts, _ := writeAndCheck(t, "bar", m, DefaultOptions()); parts != 1 {
		t.Errorf("%d parts, want 1", parts)
	}
}

// Balls that touch are one solid: a pair is one surface, and its volume is
// two balls plus a neck; balls that only come near are two.
func TestSpheresJoined(t *testing.T) {
	g := grid.Must(grid.Spheres)
	o := DefaultOptions()
	base := grid.Vec{2, 2, 2}
	face := g.Neighbors(nil, base, grid.ByFace)
	m, err := Cells(g, []grid.Cell{{Pos: base}, {Pos: face[0]}}, o)
	if err != nil {
		t.Fatal(err)
	}
	parts, vol := writeAndCheck(t, "pair", m, o)
	if parts != 1 {
		t.Errorf("touching balls: %d surfaces, want 1", parts)
	}
	vol /= 1000
	r := 0.5 - o.Gap
	ball := 4 * math.Pi / 3 * r * r * r
	// The neck adds a cylinder of radius 0.4r across the gap (2*0.01)
	// and removes two caps' worth less than the cylinder inside the balls
	// it replaces: the union is more than two balls, and far less than
	// two balls and a whole cylinder from centre to centre.
	neck := math.Pi * 0.4 * r * 0.4 * r
	if vol <= 2*ball*0.99 || vol >= 2*ball+neck*1 {
		t.Errorf("pair volume %v, two balls %v", vol, 2*ball)
	}
	var apart grid.Vec
	for _, n := range g.Neighbors(nil, base, grid.ByEdge) {
		apart = n
	}
	if apart == (grid.Vec{}) {
		apart = base.Add(grid.Vec{2, 2, 0})
	}
	m, err = Cells(g, []grid.Cell{{Pos: base}, {Pos: apart}}, o)
	if err != nil {
		t.Fatal(err)
	}
	if parts, _ := writeAndCheck(t, "apart", m, o); parts != 2 {
		t.Errorf("balls that do not touch: %d surfaces, want 2", parts)
	}
}

// Combinations of necks a ball can have leave one open rim per neck and
// are otherwise closed: no neck, all twelve, every single one and pair,
// and 50 random subsets of the twelve touching neighbours.
func TestNeckCombinations(t *testing.T) {
	g := grid.Must(grid.Spheres)
	base := grid.Vec{2, 2, 2}
	nb := g.Neighbors(nil, base, grid.ByFace)
	if len(nb) != 12 {
		t.Fatalf("%d touching neighbours, want 12", len(nb))
	}
	ico, icoTris := icosphere(sphereLevel)
	masks := []int{0, 1<<12 - 1}
	for a := 0; a < 12; a++ {
		for b := a; b < 12; b++ {
			masks = append(masks, 1<<a|1<<b)
		}
	}
	rng := rand.New(rand.NewSource(3))
	for i := 0; i < 50; i++ {
		masks = append(masks, rng.Intn(1<<12))
	}
	for _, mask := range masks {
		var dirs []mgl64.Vec3
		c := g.Solid(base).Center
		for k, n := range nb {
			if mask>>k&1 == 1 {
				dirs = append(dirs, g.Solid(n).Center.Sub(c).Normalize())
			}
		}
		tp, err := newBallTemplate(ico, icoTris, dirs)
		if err != nil {
			t.Fatalf("mask %x: %v", mask, err)
		}
		// Each hole's rim must be open exactly once: every rim edge is
		// used by one ball triangle, the other use being the neck's.
		m := &Mesh{Verts: tp.verts, Tris: tp.tris}
		open := map[[2]int32]int{}
		for _, tr := range m.Tris {
			for k := 0; k < 3; k++ {
				open[[2]int32{tr[k], tr[(k+1)%3]}]++
			}
		}
		boundary := 0
		for e, n := range open {
			if n != 1 {
				t.Fatalf("mask %x: edge used %d times", mask, n)
			}
			if open[[2]int32{e[1], e[0]}] == 0 {
				boundary++
			}
		}
		if boundary != neckSides*len(dirs) {
			t.Fatalf("mask %x: %d open edges, want %d", mask, boundary, neckSides*len(dirs))
		}
	}
}

// examples returns BurrTools' example files; the suite fails, not skips,
// without them, as the conformance suite does.
func examples(t *testing.T) []string {
	dir := os.Getenv("BURRLAB_EXAMPLES")
	if dir == "" {
		dir = "../../../shared/burrtools-examples"
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*.xmpuzzle"))
	if len(files) == 0 {
		t.Fatalf("no BurrTools examples in %s (set BURRLAB_EXAMPLES)", dir)
	}
	return files
}

// Every shape of every BurrTools example (all five grids) and every
// example's first solution assembled (on the cube grid also with a bevel)
// are closed.
func TestExamples(t *testing.T) {
	grids := map[grid.Type]bool{}
	for _, file := range examples(t) {
		p, err := xmpuzzle.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		grids[p.Grid] = true
		base := filepath.Base(file)
		o := DefaultOptions()
		for i := range p.Shapes {
			if p.Shapes[i].NumCells() == 0 {
				continue
			}
			m, err := Shape(p, i, o)
			if err != nil {
				t.Fatalf("%s S%d: %v", base, i+1, err)
			}
			writeAndCheck(t, base+" "+ShapeLabel(p, i), m, o)
		}
		for pr := range p.Problems {
			if len(p.Problems[pr].Solutions) == 0 {
				continue
			}
			variants := []Options{o}
			if p.Grid == grid.Cubes {
				b := o
				b.Bevel = 0.1
				variants = append(variants, b)
			}
			for _, o := range variants {
				m, err := Assembled(p, pr, 0, o)
				if err != nil {
					t.Fatalf("%s problem %d: %v", base, pr, err)
				}
				parts, _ := writeAndCheck(t, base+" assembled", m, o)
				if placed := countPlaced(p, pr, 0); parts < placed {
					t.Errorf("%s problem %d: %d surfaces for %d pieces", base, pr, parts, placed)
				}
			}
		}
	}
	if len(grids) != grid.NumTypes {
		t.Errorf("examples cover %d grids, want all %d", len(grids), grid.NumTypes)
	}
}

func countPlaced(p *model.Puzzle, pr, k int) int {
	n := 0
	for _, pl := range p.Problems[pr].Solutions[k].Assembly {
		if pl.Placed() {
			n++
		}
	}
	return n
}

func TestOptionsRefused(t *testing.T) {
	g := grid.Must(grid.Cubes)
	cells := []grid.Cell{{Pos: grid.Vec{0, 0, 0}}}
	for _, c := range []struct {
		o    Options
		want string
	}{
		{Options{Unit: [3]float64{0, 1, 1}, Gap: 0.01}, "unit 0 for X"},
		{Options{Unit: [3]float64{1, -1, 1}, Gap: 0.01}, "unit -1 for Y"},
		{Options{Unit: [3]float64{1, 1, math.NaN()}, Gap: 0.01}, "for Z"},
		{Options{Unit: [3]float64{1, 1, 1e6}, Gap: 0.01}, "at most 1000"},
		{Options{Unit: [3]float64{1, 1, 1}, Gap: 0}, "gap 0"},
		{Options{Unit: [3]float64{1, 1, 1}, Gap: 0.5}, "gap 0.5"},
	} {
		_, err := Cells(g, cells, c.o)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%+v: error %v, want %q", c.o, err, c.want)
		}
	}
	if _, err := Cells(g, nil, DefaultOptions()); err == nil || !strings.Contains(err.Error(), "nothing to print") {
		t.Errorf("no cells: %v", err)
	}
	if err := Write(&bytes.Buffer{}, &Mesh{}, "x", DefaultOptions()); err == nil {
		t.Error("empty mesh written")
	}
	// A surface that is not closed is refused before a byte is written.
	open := &Mesh{Verts: []mgl64.Vec3{{0, 0, 0}, {1, 0, 0}, {0, 1, 0}}, Tris: [][3]int32{{0, 1, 2}}}
	var buf bytes.Buffer
	if err := Write(&buf, open, "x", DefaultOptions()); err == nil || buf.Len() != 0 {
		t.Errorf("open surface: error %v, %d bytes written", err, buf.Len())
	}
}

// A shape bigger than a mesh may hold is refused before its cells are
// listed.
func TestHugeShapeRefused(t *testing.T) {
	s := model.NewShape(grid.Vec{1 << 10, 1 << 10, 2})
	for i := range s.Voxels {
		s.Voxels[i] = model.MakeVoxel(model.Filled, 0)
	}
	p := &model.Puzzle{Grid: grid.Cubes, Shapes: []model.Shape{s}}
	if _, err := Shape(p, 0, DefaultOptions()); err == nil || !strings.Contains(err.Error(), "per mesh") {
		t.Errorf("error %v, want the cell limit", err)
	}
	sp := model.NewShape(grid.Vec{100, 100, 100})
	for z := 0; z < 100; z++ {
		for y := 0; y < 100; y++ {
			for x := 0; x < 100; x++ {
				if (x+y+z)%2 == 0 {
					sp.Set(grid.Vec{x, y, z}, model.MakeVoxel(model.Filled, 0))
				}
			}
		}
	}
	p = &model.Puzzle{Grid: grid.Spheres, Shapes: []model.Shape{sp}}
	if _, err := Shape(p, 0, DefaultOptions()); err == nil || !strings.Contains(err.Error(), "triangles") {
		t.Errorf("500,000 balls: error %v, want the triangle limit", err)
	}
}
