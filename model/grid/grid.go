// Package grid describes the five space grids of BurrTools: which lattice
// points are real cells, how cells touch, how shapes turn (in BurrTools'
// orientation order, which files store), and what each cell looks like in 3D.
//
// A cell is addressed by integer coordinates (x, y, z) inside a voxel space.
// Every grid embeds its cells in the integer lattice, but in the sphere,
// rhombic and tetra-octa grids only some lattice points are real cells
// (Valid). Orientations 0..N-1 are proper rotations; N..2N-1 are their mirror
// images (mirror x first, then rotate).
//
// A piece placed with orientation t at position p occupies
//
//	world(v) = out[i] - hot + p
//
// where out and hot come from Transform(t, cells, hotspot): p is where the
// hotspot ends up. This is the formula every stored BurrTools assembly uses.
package grid

import (
	"fmt"
	"sort"

	"github.com/go-gl/mathgl/mgl64"
)

// Vec is a lattice point: a cell coordinate or a translation.
type Vec [3]int

// Add returns a+b.
func (a Vec) Add(b Vec) Vec { return Vec{a[0] + b[0], a[1] + b[1], a[2] + b[2]} }

// Sub returns a-b.
func (a Vec) Sub(b Vec) Vec { return Vec{a[0] - b[0], a[1] - b[1], a[2] - b[2]} }

// Neg returns -a.
func (a Vec) Neg() Vec { return Vec{-a[0], -a[1], -a[2]} }

// Scale returns k*a.
func (a Vec) Scale(k int) Vec { return Vec{k * a[0], k * a[1], k * a[2]} }

// Bounds returns the bounding box of a non-empty point list.
func Bounds(ps []Vec) (lo, hi Vec) {
	// Six scalars rather than two arrays indexed in a loop: they stay in
	// registers (the arrays went through memory for every cell, which
	// was a third of testing a prism shape's symmetries).
	x0, y0, z0 := ps[0][0], ps[0][1], ps[0][2]
	x1, y1, z1 := x0, y0, z0
	for i := 1; i < len(ps); i++ {
		x, y, z := ps[i][0], ps[i][1], ps[i][2]
		x0, y0, z0 = min(x0, x), min(y0, y), min(z0, z)
		x1, y1, z1 = max(x1, x), max(y1, y), max(z1, z)
	}
	return Vec{x0, y0, z0}, Vec{x1, y1, z1}
}

// EveryCellValid reports whether g.Valid is true for every position
// (cubes and prisms), so that a caller checking many cells can skip it.
func EveryCellValid(g Grid) bool {
	switch g.Type() {
	case Cubes, Prisms:
		return true
	}
	return false
}

// Less orders vectors by z, then y, then x: the order of cell indices in a
// voxel space, so sorted cell lists follow the file's voxel strings.
func (a Vec) Less(b Vec) bool {
	if a[2] != b[2] {
		return a[2] < b[2]
	}
	if a[1] != b[1] {
		return a[1] < b[1]
	}
	return a[0] < b[0]
}

// Type is a grid's number as stored in files (<gridType type="...">).
type Type int

// The five grids, numbered as in BurrTools files.
const (
	Cubes     Type = 0
	Prisms    Type = 1
	Spheres   Type = 2
	Rhombic   Type = 3
	TetraOcta Type = 4
)

// NumTypes is the number of grid types.
const NumTypes = 5

// String returns the grid's English name.
func (t Type) String() string {
	switch t {
	case Cubes:
		return "cubes"
	case Prisms:
		return "triangular prisms"
	case Spheres:
		return "spheres"
	case Rhombic:
		return "rhombic tetrahedra"
	case TetraOcta:
		return "tetrahedra-octahedra"
	}
	return fmt.Sprintf("grid type %d", int(t))
}

// Adjacency selects how two cells touch.
type Adjacency int

// Neighbour kinds; the lists of the three kinds do not overlap.
const (
	ByFace   Adjacency = iota // the cells share a face
	ByEdge                    // they share an edge but no face
	ByCorner                  // they share only a corner
)

// Grid is one of the five space grids. Implementations are immutable and safe
// for concurrent use.
type Grid interface {
	// Type returns the grid's file number.
	Type() Type

	// Valid reports whether lattice point v is a real cell. Points where it
	// is false must stay empty in every shape.
	Valid(v Vec) bool

	// Orientations returns N, the number of proper orientations. Files store
	// indices 0..N-1; N..2N-1 are the mirror images used by the solver.
	Orientations() int

	// Transform turns the cells of one shape by orientation t (0 <= t < 2N)
	// and returns them with the image of the hotspot, such that a piece placed
	// at p occupies out[i] - hotOut + p. The result depends on the whole cell
	// set only for spheres, whose thirds-matrices map a shape onto lattice
	// points only for some t: ok is false when t does not exist for these
	// cells. out has the order of cells.
	Transform(t int, cells []Vec, hot Vec) (out []Vec, hotOut Vec, ok bool)

	// InLattice reports whether translating by d maps the grid onto itself
	// (cells onto cells of the same kind).
	InLattice(d Vec) bool

	// Compose returns u with R_u = R_t2 * R_t1: "first t1, then t2". ok is
	// false when the product is not among the grid's orientations (spheres).
	Compose(t1, t2 int) (u int, ok bool)

	// Neighbors appends to dst the cells that touch v in the given way.
	Neighbors(dst []Vec, v Vec, kind Adjacency) []Vec

	// Solid returns the 3D shape of cell v in render units.
	Solid(v Vec) Solid

	// Anchor returns a lattice vector a <= v (componentwise) close to v.
	// Moving a shape by -Anchor(min corner) brings it near the origin while
	// keeping it on the grid.
	Anchor(v Vec) Vec

	// Directions returns the unit moves the disassembler may use (one of
	// each pair of opposites), or nil when the grid has no disassembler.
	Directions() []Vec
}

// New returns the grid with file number t.
func New(t Type) (Grid, error) {
	switch t {
	case Cubes:
		return cubeGrid{}, nil
	case Prisms:
		return prismGrid{}, nil
	case Spheres:
		return sphereGrid{}, nil
	case Rhombic:
		return rhombicGrid{}, nil
	case TetraOcta:
		return tetraOctaGrid{}, nil
	}
	return nil, fmt.Errorf("unknown grid type %d (BurrTools knows 0 to 4)", int(t))
}

// Must returns the grid with file number t and panics on an unknown type. It
// is for constants in code and tests, never for file data.
func Must(t Type) Grid {
	g, err := New(t)
	if err != nil {
		panic(err)
	}
	return g
}

// IsMirror reports whether orientation t of g is a mirror image.
func IsMirror(g Grid, t int) bool { return t >= g.Orientations() }

// Cell is a cell with a tag that must also match for two shapes to be
// identical: the voxel's state and colour.
type Cell struct {
	Pos Vec
	Tag uint8
}

// SortCells sorts cells into index order (z, then y, then x).
func SortCells(c []Cell) {
	sort.Slice(c, func(i, j int) bool { return c[i].Pos.Less(c[j].Pos) })
}

// Positions returns the positions of cells, for Grid.Transform.
func Positions(cells []Cell) []Vec {
	pos := make([]Vec, len(cells))
	for i, c := range cells {
		pos[i] = c.Pos
	}
	return pos
}

// Orient turns tagged cells by orientation t (see Grid.Transform) and
// returns them sorted, with the image of the hotspot.
func Orient(g Grid, t int, cells []Cell, hot Vec) (out []Cell, hotOut Vec, ok bool) {
	tp, hotOut, ok := g.Transform(t, Positions(cells), hot)
	if !ok {
		return nil, Vec{}, false
	}
	out = make([]Cell, len(cells))
	for i, c := range cells {
		out[i] = Cell{tp[i], c.Tag}
	}
	SortCells(out)
	return out, hotOut, true
}

// Identical reports whether sorted cell lists a and b are the same shape:
// b is a translated by a lattice vector d, tags included. It returns d.
func Identical(g Grid, a, b []Cell) (d Vec, ok bool) {
	if len(a) != len(b) {
		return Vec{}, false
	}
	if len(a) == 0 {
		return Vec{}, true
	}
	d = b[0].Pos.Sub(a[0].Pos)
	if !g.InLattice(d) {
		return Vec{}, false
	}
	for i := range a {
		if a[i].Tag != b[i].Tag || b[i].Pos.Sub(a[i].Pos) != d {
			return Vec{}, false
		}
	}
	return d, true
}

// Set is a set of orientation indices (up to 256, enough for the 240 of the
// sphere grid).
type Set [4]uint64

// Add puts t into the set.
func (s *Set) Add(t int) { s[t>>6] |= 1 << (uint(t) & 63) }

// Has reports whether t is in the set.
func (s Set) Has(t int) bool { return s[t>>6]&(1<<(uint(t)&63)) != 0 }

// Len returns the number of orientations in the set.
func (s Set) Len() int {
	n := 0
	for _, w := range s {
		for ; w != 0; w &= w - 1 {
			n++
		}
	}
	return n
}

// HasMirror reports whether set s holds a mirror image orientation of g:
// a shape with such a symmetry is its own mirror image.
func HasMirror(g Grid, s Set) bool {
	for t := g.Orientations(); t < 2*g.Orientations(); t++ {
		if s.Has(t) {
			return true
		}
	}
	return false
}

// Rotations returns how many proper orientations of g set s holds: for a
// shape's symmetry set, the number of rotations that map it onto itself
// (1 for a shape without any symmetry).
func Rotations(g Grid, s Set) int {
	n := 0
	for t := 0; t < g.Orientations(); t++ {
		if s.Has(t) {
			n++
		}
	}
	return n
}

// Symmetries returns Sym(S): every orientation t (mirrors included) that maps
// the shape onto itself up to a lattice translation, tags included. Cells
// need not be sorted.
func Symmetries(g Grid, cells []Cell) Set {
	base := append([]Cell(nil), cells...)
	SortCells(base)
	var s Set
	for t := 0; t < 2*g.Orientations(); t++ {
		o, _, ok := Orient(g, t, base, Vec{})
		if !ok {
			continue
		}
		if _, same := Identical(g, base, o); same {
			s.Add(t)
		}
	}
	return s
}

// Solid is the 3D shape of one cell in render units: a convex polyhedron
// given by its faces, or a ball (spheres grid).
type Solid struct {
	Faces  []Face     // nil for a ball
	Center mgl64.Vec3 // centre of the cell
	Radius float64    // > 0 for a ball
}

// Face is one polygon of a Solid.
type Face struct {
	Corners  []mgl64.Vec3 // counter-clockwise seen from outside the cell
	Neighbor Vec          // the cell on the other side of this face
}
