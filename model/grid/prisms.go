package grid

import (
	"math"
	"sync"

	"github.com/go-gl/mathgl/mgl64"
)

// prismMatrices returns, for the 24 prism orientations in BurrTools' order
// (grids.md §3.4), the matrix acting on (U, V, z) with U = x+1 and
// V = 3y+1+p, the triangle centroid in units of half a side and a third of
// the row height. Entries are doubled so the halves stay integers. In these
// coordinates the mirror rule is the same as in every grid: negate the first
// column.
var prismMatrices = sync.OnceValue(func() []imat {
	// [a b; c d] doubled, and the sign of z, for t = 0..11.
	uv := [12][5]int{
		{2, 0, 0, 2, 1}, {1, -1, 3, 1, 1}, {-1, -1, 3, -1, 1},
		{-2, 0, 0, -2, 1}, {-1, 1, -3, -1, 1}, {1, 1, -3, 1, 1},
		{-2, 0, 0, 2, -1}, {-1, -1, -3, 1, -1}, {1, -1, -3, -1, -1},
		{2, 0, 0, -2, -1}, {1, 1, 3, -1, -1}, {-1, 1, 3, 1, -1},
	}
	proper := make([]imat, 12)
	for t, e := range uv {
		proper[t] = imat{{e[0], e[1], 0}, {e[2], e[3], 0}, {0, 0, 2 * e[4]}}
	}
	return withMirrors(proper)
})

var prismCompose = sync.OnceValue(func() [][]int16 {
	ms := prismMatrices()
	// The table carries a factor 2; composeTable divides products by it.
	tab := composeTable(ms, 2)
	return tab
})

// prismH is the height of a triangle row: √3/2 for triangles of side 1.
var prismH = math.Sqrt(3) / 2

var prismTables = sync.OnceValue(func() *polyTables {
	return buildPolyTables(polyGeom{
		valid: func(Vec) bool { return true },
		// Geometry units: (2X, Y/h, Z), in which every corner is an integer.
		corners: func(v Vec) ([]Vec, [][]int) {
			x, y, z := v[0], v[1], v[2]
			var tri [3]Vec
			if floorMod(x+y, 2) == 0 { // up triangle
				tri = [3]Vec{{x, y, 0}, {x + 2, y, 0}, {x + 1, y + 1, 0}}
			} else { // down triangle
				tri = [3]Vec{{x, y + 1, 0}, {x + 2, y + 1, 0}, {x + 1, y, 0}}
			}
			cs := make([]Vec, 6)
			for i, c := range tri {
				cs[i] = Vec{c[0], c[1], z}
				cs[i+3] = Vec{c[0], c[1], z + 1}
			}
			return cs, [][]int{{0, 1, 2}, {3, 4, 5}, {0, 1, 4, 3}, {1, 2, 5, 4}, {2, 0, 3, 5}}
		},
		render: func(p Vec) mgl64.Vec3 {
			return mgl64.Vec3{float64(p[0]) / 2, float64(p[1]) * prismH, float64(p[2])}
		},
		period: Vec{2, 2, 1},
		reach:  2,
	})
})

// prismGrid is grid 1: triangular prisms stacked in layers along z. The
// parity of x+y says whether a cell's triangle points up (+y) or down.
type prismGrid struct{}

func (prismGrid) Type() Type           { return Prisms }
func (prismGrid) Valid(Vec) bool       { return true }
func (prismGrid) Orientations() int    { return 12 }
func (prismGrid) InLattice(d Vec) bool { return floorMod(d[0]+d[1], 2) == 0 }

func (prismGrid) Anchor(v Vec) Vec {
	if floorMod(v[0]+v[1], 2) != 0 {
		v[0]--
	}
	return v
}

// prismTurnMap is one prism orientation's matrix (prismMatrices) in the
// form prismTurn needs: its four (U, V) entries and the sign of z, which
// are all a prism matrix has (the z row and column are otherwise zero).
type prismTurnMap struct{ a, b, c, d, s int }

// prismTurnMaps are prismMatrices as prismTurnMaps.
var prismTurnMaps = sync.OnceValue(func() []prismTurnMap {
	ms := prismMatrices()
	out := make([]prismTurnMap, len(ms))
	for t, m := range ms {
		out[t] = prismTurnMap{a: m[0][0], b: m[0][1], c: m[1][0], d: m[1][1], s: m[2][2] / 2}
	}
	return out
})

// Transform uses the exact integer form of BurrTools' centroid rotation
// (grids.md §3.3).
func (prismGrid) Transform(t int, cells []Vec, hot Vec) ([]Vec, Vec, bool) {
	if t < 0 || t >= 24 {
		return nil, Vec{}, false
	}
	m := &prismTurnMaps()[t]
	out := make([]Vec, len(cells))
	m.turnAll(out, cells)
	return out, prismTurn(m, hot), true
}

// prismTurn turns cell v by m (see Transform and turnAll).
func prismTurn(m *prismTurnMap, v Vec) Vec {
	var out [1]Vec
	m.turnAll(out[:], []Vec{v})
	return out[0]
}

// turnAll writes the images of cells by m into dst (as long as cells).
// Turning cells is most of preparing a small prism puzzle, so the matrix
// product is written out with its zeros left out and constant divisors,
// and each coordinate is stored on its own (see axisMap.applyAll): a turn
// took 49 ns as a 3x3 product with floorDiv returning a Vec, 4 ns so.
func (m *prismTurnMap) turnAll(dst, cells []Vec) {
	dst = dst[:len(cells)]
	for i := range cells {
		x, y, z := cells[i][0], cells[i][1], cells[i][2]
		p := (x + y) & 1 // floorMod(x+y, 2), also for negative sums
		U, V := x+1, 3*y+1+p
		// m carries a factor 2 (it is exact: the results are even, so
		// the shifts divide exactly). w is 3y' plus the turned cell's
		// parity, 0 or 1.
		w := (m.c*U+m.d*V)>>1 - 1
		ty := w / 3
		if w < 0 && w != 3*ty {
			ty-- // floor, not truncation
		}
		d := &dst[i]
		d[0] = (m.a*U+m.b*V)>>1 - 1
		d[1] = ty
		d[2] = m.s * z
	}
}

func (g prismGrid) Compose(t1, t2 int) (int, bool) { return lookup(g.compositions(), t1, t2) }
func (prismGrid) compositions() [][]int16          { return prismCompose() }

func (prismGrid) Neighbors(dst []Vec, v Vec, kind Adjacency) []Vec {
	return prismTables().neighbors(dst, v, kind)
}

func (prismGrid) Solid(v Vec) Solid { return prismTables().solid(v) }

// Directions: one layer up, and one triangle side along each of the three
// edge directions; each keeps x+y parity (grids.md §3.6).
func (prismGrid) Directions() []Vec { return []Vec{{0, 0, 1}, {2, 0, 0}, {1, 1, 0}, {-1, 1, 0}} }
