package assemble

import (
	"github.com/burrlab/burrlab/model"
	"github.com/burrlab/burrlab/model/grid"
)

// maxWalk bounds the voxels walked per cell (see walkable): a sparse
// shape in a big box is cheaper to turn and sort.
const maxWalk = 8

// walkable reports whether listing s's turned cells by walking its voxels
// (turnedSorted) beats turning and sorting them.
func walkable(s *model.Shape, cells int) bool {
	return len(s.Voxels) <= maxWalk*cells
}

// turnedSorted returns the first limit non-empty cells (or all, if
// fewer) of s turned by am, in index order (z, then y, then x of the
// turned cells), tagged like Shape.Cells. It walks the voxels so that the
// turned cells come out sorted: the turned z axis outermost, read off
// the input axis it comes from, in the direction that makes it grow.
func turnedSorted(s *model.Shape, am grid.AxisMap, limit int) []grid.Cell {
	var axis [3]int
	var rev [3]bool
	for k := 0; k < 3; k++ {
		axis[k], rev[k] = am.Source(k)
	}
	stride := grid.Vec{1, s.Size[0], s.Size[0] * s.Size[1]}
	coord := func(k, i int) int { // step i along output axis k
		if rev[k] {
			return s.Size[axis[k]] - 1 - i
		}
		return i
	}
	out := make([]grid.Cell, 0, limit)
	var v grid.Vec
	for i2 := 0; i2 < s.Size[axis[2]]; i2++ {
		v[axis[2]] = coord(2, i2)
		for i1 := 0; i1 < s.Size[axis[1]]; i1++ {
			v[axis[1]] = coord(1, i1)
			for i0 := 0; i0 < s.Size[axis[0]]; i0++ {
				v[axis[0]] = coord(0, i0)
				vox := s.Voxels[v[0]*stride[0]+v[1]*stride[1]+v[2]*stride[2]]
				if vox.State() == model.Empty {
					continue
				}
				out = append(out, grid.Cell{Pos: am.Apply(v), Tag: uint8(vox)})
				if len(out) == limit {
					return out
				}
			}
		}
	}
	return out
}

// walked fills o, an orientation with norm norm of si's shape s, from
// its axis map am without turning every cell: the first turned cell
// comes from walking s's voxels until the first non-empty one. The cell
// list waits for turned.
func (si *shapeInfo) walked(o *orientInfo, s *model.Shape, am grid.AxisMap, norm int) {
	o.hot = am.Apply(si.hot)
	o.ok, o.norm = true, norm
	if si.anchor >= 0 {
		o.anc = am.Apply(si.cells[si.anchor].Pos).Sub(o.hot)
	}
	if first := turnedSorted(s, am, 1); len(first) > 0 {
		o.fst = first[0].Pos.Sub(o.hot)
	}
}
