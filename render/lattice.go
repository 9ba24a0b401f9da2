package render

import (
	"github.com/burrlab/burrlab/model/grid"
	"github.com/go-gl/mathgl/mgl64"
)

// LatticeScale returns, per axis, how far in render units a translation
// by one lattice unit of g moves a cell: a mesh built at some position is
// drawn d lattice units further on with Offset (d[0]*s[0], d[1]*s[1],
// d[2]*s[2]). The disassembly animation moves pieces the same way.
func LatticeScale(g grid.Grid) mgl64.Vec3 { return latticeScale(g) }
