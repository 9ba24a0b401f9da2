package grid

import (
	"sync"

	"github.com/go-gl/mathgl/mgl64"
)

// tetraOctaSplit returns the block of v, v's place inside it (0..2 each),
// and the block's parity Bx+By+Bz mod 2.
func tetraOctaSplit(v Vec) (b, l Vec, parity int) {
	for i := range v {
		b[i] = floorDiv(v[i], 3)
		l[i] = v[i] - 3*b[i]
	}
	return b, l, floorMod(b[0]+b[1]+b[2], 2)
}

// tetraOctaValid: the block centre (the regular tetrahedron) and four of the
// eight block corners: those with an odd number of 2s in even blocks, an
// even number in odd blocks.
func tetraOctaValid(v Vec) bool {
	_, l, parity := tetraOctaSplit(v)
	if l == (Vec{1, 1, 1}) {
		return true
	}
	twos := 0
	for _, c := range l {
		switch c {
		case 2:
			twos++
		case 1:
			return false
		}
	}
	return twos%2 != parity
}

// tetraOctaCorners: in block units (unit cube per block) a corner cell l is
// the tetrahedron cut off at cube corner c = l/2: c and its three edge
// neighbours. The regular tetrahedron uses the four corners not cut off.
func tetraOctaCorners(v Vec) ([]Vec, [][]int) {
	b, l, parity := tetraOctaSplit(v)
	var cs []Vec
	if l == (Vec{1, 1, 1}) {
		for i := 0; i < 8; i++ {
			c := Vec{i & 1, i >> 1 & 1, i >> 2 & 1}
			// Even blocks keep the corners with an even number of ones.
			if (c[0]+c[1]+c[2])%2 == parity {
				cs = append(cs, b.Add(c))
			}
		}
	} else {
		c := Vec{l[0] / 2, l[1] / 2, l[2] / 2}
		cs = append(cs, b.Add(c))
		for i := 0; i < 3; i++ {
			n := c
			n[i] = 1 - n[i]
			cs = append(cs, b.Add(n))
		}
	}
	return cs, tetraFaces
}

var tetraOctaTables = sync.OnceValue(func() *polyTables {
	return buildPolyTables(polyGeom{
		valid:   tetraOctaValid,
		corners: tetraOctaCorners,
		render: func(p Vec) mgl64.Vec3 {
			return mgl64.Vec3{float64(p[0]), float64(p[1]), float64(p[2])}
		},
		period: Vec{6, 6, 6},
		reach:  4,
	})
})

// tetraOctaGrid is grid 4: the tetrahedral-octahedral honeycomb. Each unit
// cube (a 3x3x3 block of cells) holds a regular tetrahedron and four corner
// tetrahedra; corner tetrahedra of four blocks make up an octahedron.
type tetraOctaGrid struct{}

func (tetraOctaGrid) Type() Type        { return TetraOcta }
func (tetraOctaGrid) Valid(v Vec) bool  { return tetraOctaValid(v) }
func (tetraOctaGrid) Orientations() int { return 24 }

// InLattice: whole blocks that keep the checkerboard of block parities.
func (tetraOctaGrid) InLattice(d Vec) bool {
	for _, c := range d {
		if floorMod(c, 3) != 0 {
			return false
		}
	}
	return floorMod((d[0]+d[1]+d[2])/3, 2) == 0
}

// Anchor uses multiples of 6 (two blocks), which are always in the lattice.
func (tetraOctaGrid) Anchor(v Vec) Vec {
	return Vec{6 * floorDiv(v[0], 6), 6 * floorDiv(v[1], 6), 6 * floorDiv(v[2], 6)}
}

// Transform rotates about the corner of cell (0,0,0), a block corner.
func (tetraOctaGrid) Transform(t int, cells []Vec, hot Vec) ([]Vec, Vec, bool) {
	if t < 0 || t >= 48 {
		return nil, Vec{}, false
	}
	return cubeAxisMaps[1]()[t].mapCells(cells, hot)
}

func (g tetraOctaGrid) Compose(t1, t2 int) (int, bool) { return lookup(g.compositions(), t1, t2) }
func (tetraOctaGrid) compositions() [][]int16          { return cubeCompose() }

// Neighbors gives face and edge neighbours; like BurrTools, it lists no
// corner neighbours in this grid.
func (tetraOctaGrid) Neighbors(dst []Vec, v Vec, kind Adjacency) []Vec {
	if kind == ByCorner {
		return dst
	}
	return tetraOctaTables().neighbors(dst, v, kind)
}

func (tetraOctaGrid) Solid(v Vec) Solid { return tetraOctaTables().solid(v) }

// Directions is nil: BurrTools has no disassembler for this grid.
func (tetraOctaGrid) Directions() []Vec { return nil }
