package grid

import (
	"sync"

	"github.com/go-gl/mathgl/mgl64"
)

// cubeRotations returns the 48 cube matrices in BurrTools' order
// (grids.md §2.4): R_{4a+b} = A[a] * X^b with A = [I, Y, Y², Y³, Z, Z³],
// then the mirror images. Grids 3 and 4 use the same table.
var cubeRotations = sync.OnceValue(func() []imat {
	x := imat{{1, 0, 0}, {0, 0, -1}, {0, 1, 0}}
	y := imat{{0, 0, -1}, {0, 1, 0}, {1, 0, 0}}
	z := imat{{0, -1, 0}, {1, 0, 0}, {0, 0, 1}}
	a := []imat{identity, y, y.mul(y), y.mul(y).mul(y), z, z.mul(z).mul(z)}
	proper := make([]imat, 0, 24)
	for _, m := range a {
		xb := identity
		for b := 0; b < 4; b++ {
			proper = append(proper, m.mul(xb))
			xb = xb.mul(x)
		}
	}
	return withMirrors(proper)
})

var cubeCompose = sync.OnceValue(func() [][]int16 { return composeTable(cubeRotations(), 1) })

var cubeTables = sync.OnceValue(func() *polyTables {
	return buildPolyTables(polyGeom{
		valid: func(Vec) bool { return true },
		corners: func(v Vec) ([]Vec, [][]int) {
			cs := make([]Vec, 8)
			for i := range cs {
				cs[i] = v.Add(Vec{i & 1, i >> 1 & 1, i >> 2 & 1})
			}
			// Faces in BurrTools' neighbour order: -x, -y, -z, +x, +y, +z.
			return cs, [][]int{{0, 2, 6, 4}, {0, 1, 5, 4}, {0, 1, 3, 2}, {1, 3, 7, 5}, {2, 3, 7, 6}, {4, 5, 7, 6}}
		},
		render: func(p Vec) mgl64.Vec3 { return mgl64.Vec3{float64(p[0]), float64(p[1]), float64(p[2])} },
		period: Vec{1, 1, 1},
		reach:  1,
	})
})

// cubeGrid is grid 0: unit cubes, every integer point a cell.
type cubeGrid struct{}

func (cubeGrid) Type() Type        { return Cubes }
func (cubeGrid) Valid(Vec) bool    { return true }
func (cubeGrid) Orientations() int { return 24 }
func (cubeGrid) InLattice(Vec) bool {
	return true
}
func (cubeGrid) Anchor(v Vec) Vec { return v }

func (cubeGrid) Transform(t int, cells []Vec, hot Vec) ([]Vec, Vec, bool) {
	if t < 0 || t >= 48 {
		return nil, Vec{}, false
	}
	return cubeAxisMaps[0]()[t].mapCells(cells, hot)
}

func (g cubeGrid) Compose(t1, t2 int) (int, bool) { return lookup(g.compositions(), t1, t2) }
func (cubeGrid) compositions() [][]int16          { return cubeCompose() }

func (cubeGrid) Neighbors(dst []Vec, v Vec, kind Adjacency) []Vec {
	return cubeTables().neighbors(dst, v, kind)
}

func (cubeGrid) Solid(v Vec) Solid { return cubeTables().solid(v) }

func (cubeGrid) Directions() []Vec { return []Vec{{1, 0, 0}, {0, 1, 0}, {0, 0, 1}} }

// aboutCorner applies m about the corner of cell (0,0,0) instead of its
// centre: R(v+½)-½, computed as (R(2v+1)-1)/2, which is exact because m is a
// signed permutation.
func aboutCorner(m imat, v Vec) Vec {
	w := m.apply(Vec{2*v[0] + 1, 2*v[1] + 1, 2*v[2] + 1})
	return Vec{(w[0] - 1) / 2, (w[1] - 1) / 2, (w[2] - 1) / 2}
}
