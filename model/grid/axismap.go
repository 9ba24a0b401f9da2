package grid

import (
	"slices"
	"sync"
)

// axisMap is a cube rotation (a signed permutation matrix), optionally
// taken about the corner of cell (0,0,0) as aboutCorner does, written as
// out[k] = s[k]*v[p[k]] + c[k]. Turning shapes is most of a small
// puzzle's preparation; this form inlines where a matrix behind a
// function value does not, and turns cells three to four times faster.
type axisMap struct {
	p, s, c [3]int
}

// newAxisMap returns m as an axisMap; corner selects aboutCorner's
// form. m must be a signed permutation matrix.
func newAxisMap(m imat, corner bool) axisMap {
	var a axisMap
	for k := 0; k < 3; k++ {
		for j := 0; j < 3; j++ {
			if m[k][j] != 0 {
				a.p[k], a.s[k] = j, m[k][j]
			}
		}
		// About the corner: (s(2v+1)-1)/2 is v for s = 1 and -v-1 for
		// s = -1.
		if corner && a.s[k] < 0 {
			a.c[k] = -1
		}
	}
	return a
}

func (a *axisMap) apply(v Vec) Vec {
	return Vec{a.s[0]*v[a.p[0]] + a.c[0], a.s[1]*v[a.p[1]] + a.c[1], a.s[2]*v[a.p[2]] + a.c[2]}
}

// applyAll writes the images of cells into dst (as long as cells). It
// stores each coordinate on its own: a Vec returned and copied whole goes
// through overlapping 16-byte moves, whose store-to-load stalls made
// turning a cell take three times as long.
func (a *axisMap) applyAll(dst, cells []Vec) {
	dst = dst[:len(cells)]
	for i, v := range cells {
		d := &dst[i]
		d[0] = a.s[0]*v[a.p[0]] + a.c[0]
		d[1] = a.s[1]*v[a.p[1]] + a.c[1]
		d[2] = a.s[2]*v[a.p[2]] + a.c[2]
	}
}

// mapCells is mapCells for a.
func (a *axisMap) mapCells(cells []Vec, hot Vec) ([]Vec, Vec, bool) {
	out := make([]Vec, len(cells))
	a.applyAll(out, cells)
	return out, a.apply(hot), true
}

// cubeAxisMaps holds the 48 cube rotations as axis maps: [0] about cell
// centres (the cube grid), [1] about cell corners (the rhombic and
// tetra-octa grids). Each is made when first needed, a grid needing one:
// making both, by appending, took six fresh pages of every run.
var cubeAxisMaps = [2]func() []axisMap{
	sync.OnceValue(func() []axisMap { return cubeAxisMapsAbout(false) }),
	sync.OnceValue(func() []axisMap { return cubeAxisMapsAbout(true) }),
}

// cubeAxisMapsAbout returns the cube rotations as axis maps, about a
// cell's corner if corner, else about its centre.
func cubeAxisMapsAbout(corner bool) []axisMap {
	rots := cubeRotations()
	out := make([]axisMap, len(rots))
	for i, m := range rots {
		out[i] = newAxisMap(m, corner)
	}
	return out
}

// AxisMap is an orientation of a grid whose orientations all map axes
// onto axes (cubes, rhombic tetrahedra, tetra-octa): output coordinate k
// is input coordinate Source(k), negated or not, plus a constant. With it
// a caller can list a turned shape's cells already sorted, by walking the
// shape's voxels in the right order, instead of sorting them.
type AxisMap struct{ m axisMap }

// AxisMapOf returns orientation t of g (0 <= t < 2N) as an AxisMap; ok
// is false for the other grids and for t out of range. Apply then gives
// what Transform gives for each cell and for the hotspot.
func AxisMapOf(g Grid, t int) (a AxisMap, ok bool) {
	var corner int
	switch g.Type() {
	case Cubes:
	case Rhombic, TetraOcta:
		corner = 1
	default:
		return AxisMap{}, false
	}
	maps := cubeAxisMaps[corner]()
	if t < 0 || t >= len(maps) {
		return AxisMap{}, false
	}
	return AxisMap{maps[t]}, true
}

// Apply turns v.
func (a AxisMap) Apply(v Vec) Vec { return a.m.apply(v) }

// Turn is Apply for a caller turning cells one by one: the image of *v
// as three ints. A Vec returned whole goes through memory (see
// applyAll), and reading it back stalled every cell.
func (a *AxisMap) Turn(v *Vec) (x, y, z int) {
	m := &a.m
	return m.s[0]*v[m.p[0]] + m.c[0], m.s[1]*v[m.p[1]] + m.c[1], m.s[2]*v[m.p[2]] + m.c[2]
}

// Source returns the input axis that output axis k comes from and
// whether it is reversed (the output grows as the input shrinks).
func (a AxisMap) Source(k int) (axis int, reversed bool) { return a.m.p[k], a.m.s[k] < 0 }

// TransformInto is g.Transform writing the turned cells into dst's
// storage (grown as needed) instead of a new slice: for callers that turn
// one shape by many orientations and keep none of the lists (a shape's
// symmetries). On small prism puzzles the lists thrown away were a tenth
// of the preparation, most of it fresh memory. dst may be cells itself:
// each cell is read before its image is written.
func TransformInto(g Grid, dst []Vec, t int, cells []Vec, hot Vec) ([]Vec, Vec, bool) {
	var am *axisMap
	switch g.Type() {
	case Prisms:
		if t < 0 || t >= 24 {
			return dst[:0], Vec{}, false
		}
		m := &prismTurnMaps()[t]
		dst = slices.Grow(dst[:0], len(cells))[:len(cells)]
		m.turnAll(dst, cells)
		return dst, prismTurn(m, hot), true
	case Cubes:
		if t >= 0 && t < 48 {
			am = &cubeAxisMaps[0]()[t]
		}
	case Rhombic, TetraOcta:
		if t >= 0 && t < 48 {
			am = &cubeAxisMaps[1]()[t]
		}
	default:
		return g.Transform(t, cells, hot)
	}
	if am == nil {
		return dst[:0], Vec{}, false
	}
	dst = slices.Grow(dst[:0], len(cells))[:len(cells)]
	am.applyAll(dst, cells)
	return dst, am.apply(hot), true
}
