package grid

import (
	"math"
	"math/rand"
	"slices"
	"testing"
)

func allGrids() []Grid {
	var gs []Grid
	for t := Type(0); t < NumTypes; t++ {
		gs = append(gs, Must(t))
	}
	return gs
}

func TestNewRejectsUnknown(t *testing.T) {
	for _, ty := range []Type{-1, 5, 99} {
		if _, err := New(ty); err == nil {
			t.Errorf("New(%d) accepted an unknown grid", ty)
		}
	}
}

// Spot checks of the cube table against grids.md §2.4.
func TestCubeMatrices(t *testing.T) {
	ms := cubeRotations()
	want := map[int]imat{
		0:  {{1, 0, 0}, {0, 1, 0}, {0, 0, 1}},
		1:  {{1, 0, 0}, {0, 0, -1}, {0, 1, 0}},
		5:  {{0, -1, 0}, {0, 0, -1}, {1, 0, 0}},
		7:  {{0, 1, 0}, {0, 0, 1}, {1, 0, 0}},
		13: {{0, 1, 0}, {0, 0, -1}, {-1, 0, 0}},
		16: {{0, -1, 0}, {1, 0, 0}, {0, 0, 1}},
		19: {{0, 0, -1}, {1, 0, 0}, {0, -1, 0}},
		23: {{0, 0, 1}, {-1, 0, 0}, {0, -1, 0}},
		24: {{-1, 0, 0}, {0, 1, 0}, {0, 0, 1}},
		40: {{0, -1, 0}, {-1, 0, 0}, {0, 0, 1}},
	}
	for i, m := range want {
		if ms[i] != m {
			t.Errorf("R_%d = %v, want %v", i, ms[i], m)
		}
	}
	seen := map[imat]bool{}
	for _, m := range ms {
		if seen[m] {
			t.Fatalf("duplicate matrix %v", m)
		}
		seen[m] = true
	}
}

// The 24 cube rotations appear in the sphere table in another order
// (grids.md §4.4).
func TestSphereCubeOrder(t *testing.T) {
	order := []int{0, 6, 16, 7, 10, 4, 20, 5, 17, 3, 11, 19, 21, 9, 1, 23, 12, 2, 15, 18, 14, 8, 13, 22}
	for s, c := range order {
		m, exact := sphereRotations3[s].div(3)
		if !exact || m != cubeRotations()[c] {
			t.Errorf("sphere %d is not cube %d", s, c)
		}
	}
	// All 120 are distinct rotations with entries in thirds.
	seen := map[imat]bool{}
	for i, m := range sphereRotations3 {
		if seen[m] {
			t.Errorf("duplicate sphere matrix %d", i)
		}
		seen[m] = true
		p := m.mul(transpose(m))
		if p != (imat{{9, 0, 0}, {0, 9, 0}, {0, 0, 9}}) {
			t.Errorf("sphere matrix %d is not orthogonal", i)
		}
	}
}

func transpose(m imat) imat {
	var r imat
	for i := 0; i < 3; i++ {
		for j := 0; j < 3; j++ {
			r[i][j] = m[j][i]
		}
	}
	return r
}

func TestComposeClosedAndIdentity(t *testing.T) {
	for _, g := range allGrids() {
		n := 2 * g.Orientations()
		undefined := 0
		for a := 0; a < n; a++ {
			if u, ok := g.Compose(0, a); !ok || u != a {
				t.Errorf("%v: 0 then %d = %d", g.Type(), a, u)
			}
			if u, ok := g.Compose(a, 0); !ok || u != a {
				t.Errorf("%v: %d then 0 = %d", g.Type(), a, u)
			}
			for b := 0; b < n; b++ {
				u, ok := g.Compose(a, b)
				if !ok {
					undefined++
					continue
				}
				// Mirror parity adds up.
				if IsMirror(g, u) != (IsMirror(g, a) != IsMirror(g, b)) {
					t.Fatalf("%v: mirror parity of %d then %d", g.Type(), a, b)
				}
			}
		}
		want := 0
		if g.Type() == Spheres {
			want = 27648 // grids.md §1.2
		}
		if undefined != want {
			t.Errorf("%v: %d undefined products, want %d", g.Type(), undefined, want)
		}
	}
}

// TestComposer: a grid's Composer composes as the grid does, inside and
// outside the orientations' range, and one for a grid of another package
// asks that grid.
func TestComposer(t *testing.T) {
	for _, g := range allGrids() {
		c := ComposerOf(g)
		if c.tab == nil {
			t.Errorf("%v: no table", g.Type())
		}
		n := 2 * g.Orientations()
		for a := -1; a <= n; a++ {
			for b := -1; b <= n; b++ {
				u, ok := c.Compose(a, b)
				if wu, wok := g.Compose(a, b); u != wu || ok != wok {
					t.Fatalf("%v: %d then %d: %d %v, want %d %v", g.Type(), a, b, u, ok, wu, wok)
				}
			}
		}
	}
	other := otherGrid{Must(Cubes)}
	if u, ok := ComposerOf(other).Compose(1, 2); !ok || u != 7 {
		t.Errorf("another package's grid: %d %v, want its own 7", u, ok)
	}
}

// otherGrid stands for a Grid of another package: its Compose is its own.
type otherGrid struct{ Grid }

func (otherGrid) Compose(t1, t2 int) (int, bool) { return 7, true }

// Composition must agree with transforming twice.
func TestComposeMatchesTransform(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	for _, g := range allGrids() {
		if g.Type() == Spheres {
			continue // thirds make single cells fail; covered by TestSphereTransform
		}
		cells := randomCells(g, rng, 6)
		n := 2 * g.Orientations()
		for a := 0; a < n; a++ {
			for b := 0; b < n; b++ {
				u, _ := g.Compose(a, b)
				ab, _, _ := g.Transform(a, cells, Vec{})
				ab, _, _ = g.Transform(b, ab, Vec{})
				direct, _, _ := g.Transform(u, cells, Vec{})
				d := direct[0].Sub(ab[0])
				for i := range cells {
					if direct[i].Sub(ab[i]) != d {
						t.Fatalf("%v: %d then %d is not %d", g.Type(), a, b, u)
					}
				}
				if !g.InLattice(d) {
					t.Fatalf("%v: %d then %d differs from %d by a non-lattice shift", g.Type(), a, b, u)
				}
			}
		}
	}
}

func randomCells(g Grid, rng *rand.Rand, n int) []Vec {
	var cells []Vec
	for len(cells) < n {
		v := Vec{rng.Intn(10), rng.Intn(10), rng.Intn(10)}
		if g.Valid(v) {
			cells = append(cells, v)
		}
	}
	return cells
}

// Every transform maps real cells onto real cells, and the lattice onto
// itself.
func TestTransformKeepsValidity(t *testing.T) {
	rng := rand.New(rand.NewSource(2))
	for _, g := range allGrids() {
		cells := randomCells(g, rng, 40)
		for tr := 0; tr < 2*g.Orientations(); tr++ {
			out, _, ok := g.Transform(tr, cells, Vec{})
			if !ok {
				continue
			}
			for i, v := range out {
				if !g.Valid(v) {
					t.Fatalf("%v t=%d: %v -> %v is not a cell", g.Type(), tr, cells[i], v)
				}
			}
		}
	}
}

func TestNeighborCounts(t *testing.T) {
	cases := []struct {
		ty                 Type
		cell               Vec
		face, edge, corner int
	}{
		{Cubes, Vec{3, 3, 3}, 6, 12, 8},
		{Prisms, Vec{4, 4, 4}, 5, 15, 18},
		{Prisms, Vec{5, 4, 4}, 5, 15, 18},
		{Spheres, Vec{4, 4, 4}, 12, 0, 0},
		{Rhombic, Vec{7, 6, 5}, 4, 14, 0},
		{TetraOcta, Vec{4, 4, 4}, 4, 18, 0}, // regular tetrahedron
		{TetraOcta, Vec{5, 3, 0}, 4, 12, 0}, // corner tetrahedron
	}
	for _, c := range cases {
		g := Must(c.ty)
		if !g.Valid(c.cell) {
			t.Fatalf("%v: %v is not a cell", c.ty, c.cell)
		}
		got := [3]int{}
		for k := ByFace; k <= ByCorner; k++ {
			got[k] = len(g.Neighbors(nil, c.cell, k))
		}
		if got != [3]int{c.face, c.edge, c.corner} {
			t.Errorf("%v %v: neighbours %v, want %v", c.ty, c.cell, got, [3]int{c.face, c.edge, c.corner})
		}
	}
	// Geometrically a rhombic cell touches 84 others at a corner only
	// (grids.md §1.8); BurrTools lists none, and so do we, but the table
	// behind it must know them.
	pc := rhombicTables().classes[Vec{2, 1, 0}]
	if n := len(pc.neighbors[ByCorner]); n != 84 {
		t.Errorf("rhombic corner contacts: %d, want 84", n)
	}
}

// Neighbourhood is symmetric and the cell across each face of a solid is a
// face neighbour.
func TestNeighborsSymmetric(t *testing.T) {
	for _, g := range allGrids() {
		for z := 0; z < 6; z++ {
			for y := 0; y < 6; y++ {
				for x := 0; x < 6; x++ {
					v := Vec{x, y, z}
					if !g.Valid(v) {
						continue
					}
					for k := ByFace; k <= ByCorner; k++ {
						for _, w := range g.Neighbors(nil, v, k) {
							if !contains(g.Neighbors(nil, w, k), v) {
								t.Fatalf("%v: %v lists %v (kind %d) but not back", g.Type(), v, w, k)
							}
						}
					}
					s := g.Solid(v)
					faces := g.Neighbors(nil, v, ByFace)
					for _, f := range s.Faces {
						if !contains(faces, f.Neighbor) {
							t.Fatalf("%v: face of %v borders %v, not a face neighbour", g.Type(), v, f.Neighbor)
						}
					}
					if len(s.Faces) > 0 && len(s.Faces) != len(faces) {
						t.Fatalf("%v: %v has %d faces and %d face neighbours", g.Type(), v, len(s.Faces), len(faces))
					}
				}
			}
		}
	}
}

func contains(vs []Vec, v Vec) bool {
	for _, w := range vs {
		if w == v {
			return true
		}
	}
	return false
}

// Solids are closed, outward-facing polyhedra: the signed volume computed
// from the faces is positive and equal for all cells of a kind.
func TestSolidsClosed(t *testing.T) {
	vol := map[Type]float64{Cubes: 1, Prisms: math.Sqrt(3) / 4, Rhombic: 1.0 / 24, TetraOcta: 0}
	for _, g := range allGrids() {
		if g.Type() == Spheres {
			s := g.Solid(Vec{1, 1, 0})
			if s.Radius != 0.5 || len(s.Faces) != 0 {
				t.Errorf("sphere solid %+v", s)
			}
			continue
		}
		total, cells := 0.0, 0
		for z := 0; z < 6; z++ {
			for y := 0; y < 6; y++ {
				for x := 0; x < 6; x++ {
					v := Vec{x, y, z}
					if !g.Valid(v) {
						continue
					}
					s := g.Solid(v)
					var sv float64
					for _, f := range s.Faces {
						for i := 1; i+1 < len(f.Corners); i++ {
							a, b, c := f.Corners[0], f.Corners[i], f.Corners[i+1]
							sv += a.Dot(b.Cross(c)) / 6
						}
					}
					if sv <= 0 {
						t.Fatalf("%v %v: volume %g", g.Type(), v, sv)
					}
					if want := vol[g.Type()]; want != 0 && math.Abs(sv-want) > 1e-9 {
						t.Fatalf("%v %v: volume %g, want %g", g.Type(), v, sv, want)
					}
					total += sv
					cells++
				}
			}
		}
		if g.Type() == TetraOcta {
			// 6x6x6 cells are 2x2x2 blocks of unit cubes.
			if math.Abs(total-8) > 1e-9 {
				t.Errorf("tetra-octa cells fill %g of 8 cubes", total)
			}
		}
	}
}

func TestSphereTransform(t *testing.T) {
	g := Must(Spheres)
	// A flat triangle in a {111} plane has hexagonal symmetries that need
	// thirds-matrices.
	tri := []Cell{{Vec{0, 0, 0}, 1}, {Vec{1, 1, 0}, 1}, {Vec{1, 0, 1}, 1}}
	sym := Symmetries(g, tri)
	if sym.Len() != 12 {
		t.Errorf("flat sphere triangle has %d symmetries, want 12", sym.Len())
	}
	// A single sphere maps onto itself under all 240.
	one := []Cell{{Vec{0, 0, 0}, 1}}
	if n := Symmetries(g, one).Len(); n != 240 {
		t.Errorf("one sphere: %d symmetries", n)
	}
	// A straight line of 3 spheres along (1,1,0).
	line := []Cell{{Vec{0, 0, 0}, 1}, {Vec{1, 1, 0}, 1}, {Vec{2, 2, 0}, 1}}
	if n := Symmetries(g, line).Len(); n < 4 {
		t.Errorf("sphere line: %d symmetries", n)
	}
}

func TestCubeSymmetries(t *testing.T) {
	g := Must(Cubes)
	cube := []Cell{{Vec{0, 0, 0}, 1}}
	if n := Symmetries(g, cube).Len(); n != 48 {
		t.Errorf("unit cube: %d symmetries", n)
	}
	// An L tromino in the xy plane: identity, the flip across its diagonal
	// combined with z-mirror... count: 4 (2 rotations, 2 mirrors).
	l := []Cell{{Vec{0, 0, 0}, 1}, {Vec{1, 0, 0}, 1}, {Vec{0, 1, 0}, 1}}
	if n := Symmetries(g, l).Len(); n != 4 {
		t.Errorf("L tromino: %d symmetries", n)
	}
	// Colours count.
	lc := []Cell{{Vec{0, 0, 0}, 1}, {Vec{1, 0, 0}, 5}, {Vec{0, 1, 0}, 1}}
	if n := Symmetries(g, lc).Len(); n != 2 {
		t.Errorf("coloured L tromino: %d symmetries", n)
	}
}

func TestRhombicCells(t *testing.T) {
	n := 0
	for z := 0; z < 5; z++ {
		for y := 0; y < 5; y++ {
			for x := 0; x < 5; x++ {
				if rhombicValid(Vec{x, y, z}) {
					n++
				}
			}
		}
	}
	if n != 24 {
		t.Errorf("%d rhombic cells per block, want 24", n)
	}
	cs, _ := rhombicCorners(Vec{2, 1, 0})
	want := []Vec{{1, 1, 1}, {1, 1, 0}, {0, 0, 0}, {2, 0, 0}}
	for i := range want {
		if cs[i] != want[i] {
			t.Errorf("corners of (2,1,0): %v, want %v", cs, want)
		}
	}
}

func TestTetraOctaCells(t *testing.T) {
	for _, b := range []Vec{{0, 0, 0}, {1, 0, 0}} {
		n := 0
		for z := 0; z < 3; z++ {
			for y := 0; y < 3; y++ {
				for x := 0; x < 3; x++ {
					if tetraOctaValid(b.Scale(3).Add(Vec{x, y, z})) {
						n++
					}
				}
			}
		}
		if n != 5 {
			t.Errorf("block %v: %d cells, want 5", b, n)
		}
	}
	if !tetraOctaValid(Vec{2, 0, 0}) || tetraOctaValid(Vec{0, 0, 0}) || !tetraOctaValid(Vec{3, 0, 0}) {
		t.Error("tetra-octa corner cells in the wrong blocks")
	}
}

func TestPrismTransform(t *testing.T) {
	g := Must(Prisms)
	// Rotating by 60 degrees six times is the identity; an up triangle turns
	// into a down one after 60 degrees.
	c := []Vec{{0, 0, 0}}
	v := c
	for i := 0; i < 6; i++ {
		v, _, _ = g.Transform(1, v, Vec{})
		if i == 0 && floorMod(v[0][0]+v[0][1], 2) != 1 {
			t.Errorf("60 degrees keeps an up triangle up: %v", v)
		}
	}
	if v[0] != c[0] {
		t.Errorf("six turns of 60 degrees: %v", v)
	}
}

// TestPrismTurnParity: prismTurn (parity by bit mask, the matrix's zeros
// left out, floor by hand) agrees with the centroid formula as a 3x3
// product with floorMod (grids.md §3.3) for cells on both sides of the
// origin, in every orientation.
func TestPrismTurnParity(t *testing.T) {
	maps := prismTurnMaps()
	for ti, m := range prismMatrices() {
		for x := -9; x <= 9; x++ {
			for y := -9; y <= 9; y++ {
				v := Vec{x, y, x - y}
				p := floorMod(v[0]+v[1], 2)
				w := m.apply(Vec{v[0] + 1, 3*v[1] + 1 + p, v[2]})
				u, vv, z := w[0]/2, w[1]/2, w[2]/2
				want := Vec{u - 1, floorDiv(vv-1-floorMod(vv-1, 3), 3), z}
				if got := prismTurn(&maps[ti], v); got != want {
					t.Fatalf("orientation %d, cell %v: %v, want %v", ti, v, got, want)
				}
			}
		}
	}
}

// TestTransformInto: TransformInto gives what Transform gives, in every
// grid and orientation (and out of range), reusing one buffer, and also
// turning the cells in place.
func TestTransformInto(t *testing.T) {
	cells := []Vec{{0, 0, 0}, {1, 0, 0}, {2, 1, 0}, {-3, 2, 1}, {4, -1, -2}, {5, 5, 5}}
	for _, gt := range []Type{Cubes, Prisms, Spheres, Rhombic, TetraOcta} {
		g := Must(gt)
		var buf []Vec
		for o := -1; o <= 2*g.Orientations(); o++ {
			want, wantHot, wantOK := g.Transform(o, cells, Vec{1, 2, 3})
			var got []Vec
			var hot Vec
			var ok bool
			got, hot, ok = TransformInto(g, buf, o, cells, Vec{1, 2, 3})
			buf = got
			if ok != wantOK || (ok && (hot != wantHot || !slices.Equal(got, want))) {
				t.Fatalf("grid %v, orientation %d: %v %v %v, want %v %v %v", gt, o, got, hot, ok, want, wantHot, wantOK)
			}
			// In place: dst may be cells itself.
			in := slices.Clone(cells)
			if got, _, ok := TransformInto(g, in, o, in, Vec{1, 2, 3}); ok && !slices.Equal(got, want) {
				t.Fatalf("grid %v, orientation %d, in place: %v, want %v", gt, o, got, want)
			}
		}
	}
}

// TestComposePerms: the table of the cube rotations composed as signed
// permutations is the one multiplying and looking up the matrices, and
// other matrices are left to the latter.
func TestComposePerms(t *testing.T) {
	ms := cubeRotations()
	got, ok := composePerms(ms)
	if !ok {
		t.Fatal("the cube rotations were not taken for signed permutations")
	}
	want := composeMats(ms, 1)
	for t1 := range want {
		if !slices.Equal(got[t1], want[t1]) {
			t.Fatalf("row %d: %v, want %v", t1, got[t1], want[t1])
		}
	}
	if _, ok := composePerms(prismMatrices()); ok {
		t.Error("the prism matrices were taken for signed permutations")
	}
	if _, ok := composePerms([]imat{{{1, 0, 0}, {1, 0, 0}, {0, 0, 1}}}); ok {
		t.Error("a matrix with a column used twice was taken for a signed permutation")
	}
}

// TestRhombicValidMask: rhombicValid's bit mask says what the definition
// says (the folded coordinates are 0, 1 and 2 in some order), on both
// sides of the origin; and EveryCellValid only for grids whose Valid is
// true everywhere.
func TestRhombicValidMask(t *testing.T) {
	for z := -11; z <= 11; z++ {
		for y := -11; y <= 11; y++ {
			for x := -11; x <= 11; x++ {
				v := Vec{x, y, z}
				var seen [3]bool
				want := true
				for _, c := range v {
					f := fold(floorMod(c, 5))
					if seen[f] {
						want = false
					}
					seen[f] = true
				}
				if got := rhombicValid(v); got != want {
					t.Fatalf("%v: %v, want %v", v, got, want)
				}
				for _, gt := range []Type{Cubes, Prisms, Spheres, Rhombic, TetraOcta} {
					if g := Must(gt); EveryCellValid(g) && !g.Valid(v) {
						t.Fatalf("grid %v: EveryCellValid, but %v is not valid", gt, v)
					}
				}
			}
		}
	}
	for _, gt := range []Type{Spheres, Rhombic, TetraOcta} {
		if EveryCellValid(Must(gt)) {
			t.Errorf("grid %v: EveryCellValid", gt)
		}
	}
}

// TestMatKey: every grid's matrices times their scale pack into matKey's
// numbers (which composeMats relies on), distinct ones into distinct
// numbers; and the
// prism and sphere tables equal composing by matrix products looked up
// whole.
func TestMatKey(t *testing.T) {
	for name, c := range map[string]struct {
		ms    []imat
		scale int
	}{"prisms": {prismMatrices(), 2}, "spheres": {sphereMatrices(), 3}, "cubes": {cubeRotations(), 1}} {
		ms := slices.Clone(c.ms)
		for i := range ms {
			for r := range ms[i] {
				for k := range ms[i][r] {
					ms[i][r][k] *= c.scale
				}
			}
		}
		seen := map[uint64]imat{}
		for i := range ms {
			k, ok := matKey(&ms[i])
			if !ok {
				t.Fatalf("%s: matrix %d does not pack: %v", name, i, ms[i])
			}
			if m, dup := seen[k]; dup && m != ms[i] {
				t.Fatalf("%s: %v and %v pack alike", name, m, ms[i])
			}
			seen[k] = ms[i]
		}
	}
	for name, c := range map[string]struct {
		ms    []imat
		scale int
	}{"prisms": {prismMatrices(), 2}, "spheres": {sphereMatrices(), 3}, "cubes": {cubeRotations(), 1}} {
		got := composeMats(c.ms, c.scale)
		index := map[imat]int{}
		for i, m := range c.ms {
			index[m] = i
		}
		for t1 := range c.ms {
			for t2 := range c.ms {
				want := -1
				if q, exact := c.ms[t2].mul(c.ms[t1]).div(c.scale); exact {
					if i, ok := index[q]; ok {
						want = i
					}
				}
				if int(got[t1][t2]) != want {
					t.Fatalf("%s: %d after %d: %d, want %d", name, t2, t1, got[t1][t2], want)
				}
			}
		}
	}
}
