package grid

import (
	"sync"

	"github.com/go-gl/mathgl/mgl64"
)

// fold maps a block-local coordinate 0..4 onto its distance from the block
// side: 0,4 -> 0; 1,3 -> 1; 2 -> 2.
func fold(u int) int { return min(u, 4-u) }

// rhombicValid reports whether v is a real cell: the folded block-local
// coordinates are 0, 1 and 2 in some order. Written as a bit mask of the
// three folds, without a loop over the Vec, as reading a file checks
// every filled cell of HexSticks' shapes with it.
func rhombicValid(v Vec) bool {
	return foldBit(v[0])|foldBit(v[1])|foldBit(v[2]) == 7
}

// foldBit returns 1<<fold of c's block-local coordinate (c modulo 5),
// from a table of nibbles indexed by c%5+5 (0..9): with the modulo made
// non-negative and fold computed, Valid took 85 instructions a cell, 60
// so (HexSticks' shapes have 2,820 cells).
func foldBit(c int) int {
	const bits = 0x1242112421 // 1<<fold(t mod 5) in nibble t
	return bits >> (4 * (c%5 + 5)) & 7
}

// rhombicCorners: in block-local units (cube edge 2) the tetrahedron of a
// real cell has as corners the cube centre, the centre of the cube face named
// by the coordinate that is 0 or 4, and the two ends of the edge of that face
// that runs along the axis whose coordinate is 2, on the side named by the
// coordinate that is 1 or 3 (grids.md §5.1).
func rhombicCorners(v Vec) ([]Vec, [][]int) {
	var b, l Vec
	face, dir, pos := -1, -1, -1
	for i := range v {
		b[i] = floorDiv(v[i], 5)
		l[i] = v[i] - 5*b[i]
		switch fold(l[i]) {
		case 0:
			face = i
		case 2:
			dir = i
		case 1:
			pos = i
		}
	}
	base := b.Scale(2)
	faceCentre := Vec{1, 1, 1}
	faceCentre[face] = l[face] / 2 // 0 -> 0, 4 -> 2
	e1, e2 := faceCentre, faceCentre
	e1[pos], e2[pos] = l[pos]-1, l[pos]-1 // 1 -> 0, 3 -> 2
	e1[dir], e2[dir] = 0, 2
	cs := []Vec{base.Add(Vec{1, 1, 1}), base.Add(faceCentre), base.Add(e1), base.Add(e2)}
	return cs, tetraFaces
}

// tetraFaces lists the four faces of a tetrahedron given by four corners.
var tetraFaces = [][]int{{0, 1, 2}, {0, 1, 3}, {0, 2, 3}, {1, 2, 3}}

var rhombicTables = sync.OnceValue(func() *polyTables {
	return buildPolyTables(polyGeom{
		valid:   rhombicValid,
		corners: rhombicCorners,
		// One block (5x5x5 cells) is a cube of edge 1 in render units.
		render: func(p Vec) mgl64.Vec3 {
			return mgl64.Vec3{float64(p[0]), float64(p[1]), float64(p[2])}.Mul(0.5)
		},
		period: Vec{5, 5, 5},
		reach:  5,
	})
})

// rhombicGrid is grid 3: every cube (a 5x5x5 block of cells) is cut by its
// six diagonal planes into 24 tetrahedra; 24 of the 125 cells are real.
type rhombicGrid struct{}

func (rhombicGrid) Type() Type        { return Rhombic }
func (rhombicGrid) Valid(v Vec) bool  { return rhombicValid(v) }
func (rhombicGrid) Orientations() int { return 24 }

func (rhombicGrid) InLattice(d Vec) bool {
	return floorMod(d[0], 5) == 0 && floorMod(d[1], 5) == 0 && floorMod(d[2], 5) == 0
}

func (rhombicGrid) Anchor(v Vec) Vec {
	return Vec{5 * floorDiv(v[0], 5), 5 * floorDiv(v[1], 5), 5 * floorDiv(v[2], 5)}
}

// Transform rotates about the corner of cell (0,0,0), a block corner.
func (rhombicGrid) Transform(t int, cells []Vec, hot Vec) ([]Vec, Vec, bool) {
	if t < 0 || t >= 48 {
		return nil, Vec{}, false
	}
	return cubeAxisMaps[1]()[t].mapCells(cells, hot)
}

func (g rhombicGrid) Compose(t1, t2 int) (int, bool) { return lookup(g.compositions(), t1, t2) }
func (rhombicGrid) compositions() [][]int16          { return cubeCompose() }

// Neighbors gives face and edge neighbours; like BurrTools, it lists no
// corner neighbours in this grid.
func (rhombicGrid) Neighbors(dst []Vec, v Vec, kind Adjacency) []Vec {
	if kind == ByCorner {
		return dst
	}
	return rhombicTables().neighbors(dst, v, kind)
}

func (rhombicGrid) Solid(v Vec) Solid { return rhombicTables().solid(v) }

// Directions is nil: BurrTools has no disassembler for this grid.
func (rhombicGrid) Directions() []Vec { return nil }
