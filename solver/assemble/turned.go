package assemble

import (
	"github.com/burrlab/burrlab/model"
	"github.com/burrlab/burrlab/model/grid"
)

// maxWalk bounds the voxels walked per cell (see walkable): a sparse
// shape in a big box is cheaper to turn and sort.
const maxWalk = 8

// walkable reports whether listing the turned cells of a shape whose
// cells lie in the box lo..hi by walking its voxels (turnedSorted) beats
// turning and sorting them. Only the box is walked: a piece drawn in a
// big space (HexSticks: sticks of 200 cells in 25x25x25) is walked over
// its own few hundred voxels.
func walkable(lo, hi grid.Vec, cells int) bool {
	box := (hi[0] - lo[0] + 1) * (hi[1] - lo[1] + 1) * (hi[2] - lo[2] + 1)
	return cells > 0 && box <= maxWalk*cells
}

// turnedSorted returns the first limit non-empty cells (or all, if
// fewer) of the shape turned by am, in index order (z, then y, then x of
// the turned cells), tagged like Shape.Cells. It walks the voxels so that
// the turned cells come out sorted: the turned z axis outermost, read off
// the input axis it comes from, in the direction that makes it grow.
// Output coordinate k then grows by one per step of loop k, so a cell's
// turned position is the first voxel's plus the loop counters, and its
// voxel index moves by a fixed step per loop: no cell is turned.
func (si *shapeInfo) turnedSorted(am grid.AxisMap, limit int) []grid.Cell {
	out := make([]grid.Cell, 0, limit)
	si.walkTurned(am, func(x, y, z int, v model.Voxel) bool {
		out = append(out, grid.Cell{})
		c := &out[len(out)-1] // filled field by field, see walkTurned
		c.Pos[0], c.Pos[1], c.Pos[2], c.Tag = x, y, z, uint8(v)
		return len(out) != limit
	})
	return out
}

// walkTurned calls f with the turned position (x, y, z) and the voxel of
// each non-empty cell of the shape turned by am, in turnedSorted's
// order, until f returns false. It walks the box of the cells (si.lo to
// si.hi), from the corner whose image comes first. The position goes as
// three ints, not a grid.Vec: an array is passed through memory, and
// writing it whole and reading it back in parts stalled the loop for
// every cell.
func (si *shapeInfo) walkTurned(am grid.AxisMap, f func(x, y, z int, v model.Voxel) bool) {
	if len(si.cells) == 0 {
		return
	}
	s := si.shape
	stride := grid.Vec{1, s.Size[0], s.Size[0] * s.Size[1]}
	var first, step, n grid.Vec // first voxel; index step and count per loop
	first = si.lo
	for k := 0; k < 3; k++ {
		axis, rev := am.Source(k)
		n[k] = si.hi[axis] - si.lo[axis] + 1
		step[k] = stride[axis]
		if rev {
			first[axis] = si.hi[axis]
			step[k] = -step[k]
		}
	}
	o := am.Apply(first)
	idx2 := first[0] + stride[1]*first[1] + stride[2]*first[2]
	for i2 := 0; i2 < n[2]; i2++ {
		idx1 := idx2
		for i1 := 0; i1 < n[1]; i1++ {
			idx := idx1
			for i0 := 0; i0 < n[0]; i0++ {
				if vox := s.Voxels[idx]; vox.State() != model.Empty {
					if !f(o[0]+i0, o[1]+i1, o[2]+i2, vox) {
						return
					}
				}
				idx += step[0]
			}
			idx1 += step[1]
		}
		idx2 += step[2]
	}
}

// walked fills o, an orientation with norm norm of si's shape, from its
// axis map am without turning every cell: the first turned cell comes
// from walking the voxels until the first non-empty one. The cell list
// waits for turned.
func (si *shapeInfo) walked(o *orientInfo, am grid.AxisMap, norm int) {
	o.hot = am.Apply(si.hot)
	o.ok, o.norm = true, norm
	if si.anchor >= 0 {
		o.anc = am.Apply(si.cells[si.anchor].Pos).Sub(o.hot)
	}
	// The first cell straight from the walk: a list of one (turnedSorted)
	// was an allocation for every orientation.
	si.walkTurned(am, func(x, y, z int, _ model.Voxel) bool {
		o.fst = grid.Vec{x - o.hot[0], y - o.hot[1], z - o.hot[2]}
		return false
	})
}

// faces lists, for each axis k, the cells on the low side (faces[k][0])
// and on the high side (faces[k][1]) of the box of si's cells.
type faces [3][2][]grid.Vec

// facesOf returns the faces of si's cells (see faces).
func (si *shapeInfo) facesOf() *faces {
	var f faces
	for i := range si.cells {
		p := &si.cells[i].Pos
		for k := 0; k < 3; k++ {
			if p[k] == si.lo[k] {
				f[k][0] = append(f[k][0], *p)
			}
			if p[k] == si.hi[k] {
				f[k][1] = append(f[k][1], *p)
			}
		}
	}
	return &f
}

// axisMapped fills o, an orientation with norm norm of si's shape, from
// its axis map am without turning every cell. The smallest turned cell
// (first) has the smallest turned z, so it lies on the face of the box
// that the turned z axis comes from, at its low end or, reversed, its
// high end: only that face's cells (f) are turned. Turning every cell of
// every orientation for it was 4% of a HexSticks run's instructions
// (pieces of 200 cells, too sparse to walk). The cell lists wait for
// turned.
func (si *shapeInfo) axisMapped(o *orientInfo, am grid.AxisMap, norm int, f *faces) {
	o.hot = am.Apply(si.hot)
	o.ok, o.norm = true, norm
	if si.anchor >= 0 {
		o.anc = am.Apply(si.cells[si.anchor].Pos).Sub(o.hot)
	}
	axis, rev := am.Source(2)
	side := 0
	if rev {
		side = 1
	}
	face := f[axis][side]
	// All of face turn to the same z: the smallest y, then x, is first.
	x, y, z := am.Turn(&face[0])
	for i := 1; i < len(face); i++ {
		if x1, y1, _ := am.Turn(&face[i]); y1 < y || y1 == y && x1 < x {
			x, y = x1, y1
		}
	}
	o.fst = grid.Vec{x, y, z}.Sub(o.hot)
}
