package analysis

import (
	"github.com/burrlab/burrlab/model"
	"github.com/burrlab/burrlab/model/grid"
)

var cubes = grid.Must(grid.Cubes)

// cells returns a cube shape of the given size with the listed cells
// filled.
func cells(size grid.Vec, filled ...grid.Vec) model.Shape {
	s := model.NewShape(size)
	for _, p := range filled {
		s.Set(p, model.MakeVoxel(model.Filled, 0))
	}
	return s
}

// block returns a filled box of the given size.
func block(size grid.Vec) model.Shape {
	s := model.NewShape(size)
	for i := range s.Voxels {
		s.Voxels[i] = model.MakeVoxel(model.Filled, 0)
	}
	return s
}
