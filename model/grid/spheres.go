package grid

import (
	"math"
	"sync"

	"github.com/go-gl/mathgl/mgl64"
)

var sphereMatrices = sync.OnceValue(func() []imat { return withMirrors(sphereRotations3[:]) })

var sphereCompose = sync.OnceValue(func() [][]int16 { return composeTable(sphereMatrices(), 3) })

// sphereNeighbors are the 12 touching spheres, in BurrTools' order.
var sphereNeighbors = [12]Vec{
	{-1, -1, 0}, {-1, 1, 0}, {1, -1, 0}, {1, 1, 0},
	{-1, 0, -1}, {-1, 0, 1}, {1, 0, -1}, {1, 0, 1},
	{0, -1, -1}, {0, -1, 1}, {0, 1, -1}, {0, 1, 1},
}

// sphereStep is the distance between lattice planes: touching spheres of
// radius ½ sit √2 grid steps apart.
var sphereStep = math.Sqrt(0.5)

// sphereGrid is grid 2: balls in face-centred cubic packing, at the lattice
// points with an even coordinate sum.
type sphereGrid struct{}

func (sphereGrid) Type() Type        { return Spheres }
func (sphereGrid) Valid(v Vec) bool  { return floorMod(v[0]+v[1]+v[2], 2) == 0 }
func (sphereGrid) Orientations() int { return 120 }

func (g sphereGrid) InLattice(d Vec) bool { return g.Valid(d) }

func (sphereGrid) Anchor(v Vec) Vec {
	if floorMod(v[0]+v[1]+v[2], 2) != 0 {
		v[0]--
	}
	return v
}

// Transform turns the shape about its first cell in index order, v0: the
// 96 orientations with thirds in their matrices map only some shapes onto
// lattice points (grids.md §4.3). The hotspot image is rounded to nearest,
// as BurrTools does for hotspots that are not filled spheres.
func (sphereGrid) Transform(t int, cells []Vec, hot Vec) ([]Vec, Vec, bool) {
	ms := sphereMatrices()
	if t < 0 || t >= len(ms) {
		return nil, Vec{}, false
	}
	m := ms[t]
	var v0 Vec
	for i, c := range cells {
		if i == 0 || c.Less(v0) {
			v0 = c
		}
	}
	out := make([]Vec, len(cells))
	for i, c := range cells {
		w := m.apply(c.Sub(v0))
		for k := range w {
			if w[k]%3 != 0 {
				return nil, Vec{}, false
			}
			w[k] /= 3
		}
		if floorMod(w[0]+w[1]+w[2], 2) != 0 {
			return nil, Vec{}, false
		}
		out[i] = w
	}
	h := m.apply(hot.Sub(v0))
	for k := range h {
		h[k] = floorDiv(h[k]+1, 3) // thirds never tie, so this is rounding
	}
	return out, h, true
}

func (g sphereGrid) Compose(t1, t2 int) (int, bool) { return lookup(g.compositions(), t1, t2) }
func (sphereGrid) compositions() [][]int16          { return sphereCompose() }

// Neighbors lists the 12 touching spheres; BurrTools defines no edge or
// corner neighbours in this grid.
func (g sphereGrid) Neighbors(dst []Vec, v Vec, kind Adjacency) []Vec {
	if kind != ByFace || !g.Valid(v) {
		return dst
	}
	for _, d := range sphereNeighbors {
		dst = append(dst, v.Add(d))
	}
	return dst
}

// Solid is a ball of radius ½ at v·√½.
func (sphereGrid) Solid(v Vec) Solid {
	return Solid{
		Center: mgl64.Vec3{float64(v[0]), float64(v[1]), float64(v[2])}.Mul(sphereStep),
		Radius: 0.5,
	}
}

// Directions is nil: BurrTools has no disassembler for spheres.
func (sphereGrid) Directions() []Vec { return nil }
