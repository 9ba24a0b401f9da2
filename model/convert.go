package model

import (
	"fmt"

	"github.com/burrlab/burrlab/model/grid"
)

// This file converts a puzzle between grids where one grid's cells are
// made of the other's: a cube of the cube grid is one block of the rhombic
// grid (a 5×5×5 box of cell indices holding 24 rhombic tetrahedra) and one
// block of the tetra-octa grid (a 3×3×3 box of cell indices), see
// grids.md §5.1 and §6.1. These are the conversions BurrTools offers.

// convBlock returns the side of the box of cell indices that one cube
// becomes in grid to, or 0 when the cube grid does not convert to it.
func convBlock(to grid.Type) int {
	switch to {
	case grid.Rhombic:
		return 5
	case grid.TetraOcta:
		return 3
	}
	return 0
}

// CanConvert reports whether puzzles of grid from can be converted to
// grid to.
func CanConvert(from, to grid.Type) bool {
	return from == grid.Cubes && convBlock(to) > 0
}

// ConvertTargets lists the grids a puzzle of grid from converts to.
func ConvertTargets(from grid.Type) []grid.Type {
	var out []grid.Type
	for t := grid.Type(0); t < grid.NumTypes; t++ {
		if CanConvert(from, t) {
			out = append(out, t)
		}
	}
	return out
}

// CellsPerCube returns how many cells of grid to fill one cube, or 0 when
// cubes do not convert to it.
func CellsPerCube(to grid.Type) int {
	b := convBlock(to)
	if b == 0 {
		return 0
	}
	g := grid.Must(to)
	n := 0
	for z := 0; z < b; z++ {
		for y := 0; y < b; y++ {
			for x := 0; x < b; x++ {
				if g.Valid(grid.Vec{x, y, z}) {
					n++
				}
			}
		}
	}
	return n
}

// Convert returns a copy of p in grid to: every cube becomes the cells of
// its block, with the cube's state and colour; shapes keep their names and
// weights; colours and the comment are kept; problems keep their result,
// parts, groups and colour rules but lose their solutions, which name
// placements of the old grid. A hole limit counts cells, so it is
// multiplied by the number of cells per cube to keep its meaning
// (BurrTools copies it unchanged).
func Convert(p *Puzzle, to grid.Type) (*Puzzle, error) {
	if !CanConvert(p.Grid, to) {
		return nil, fmt.Errorf("a %v puzzle cannot be converted to the %v grid", p.Grid, to)
	}
	b := convBlock(to)
	g := grid.Must(to)
	per := CellsPerCube(to)
	out := p.Clone()
	out.Grid = to
	for i := range out.Shapes {
		src := &p.Shapes[i]
		size := src.Size.Scale(b)
		if size[0]*size[1]*size[2] > MaxShapeCells {
			return nil, fmt.Errorf("shape %d: the converted shape would need a %dx%dx%d space, more than %d cells", i+1, size[0], size[1], size[2], MaxShapeCells)
		}
		n := NewShape(size)
		n.Name, n.Weight = src.Name, src.Weight
		for k, v := range src.Voxels {
			if v.State() == Empty {
				continue
			}
			base := src.Pos(k).Scale(b)
			for z := 0; z < b; z++ {
				for y := 0; y < b; y++ {
					for x := 0; x < b; x++ {
						if c := base.Add(grid.Vec{x, y, z}); g.Valid(c) {
							n.Set(c, v)
						}
					}
				}
			}
		}
		n.ResetHotspot(g)
		out.Shapes[i] = n
	}
	for k := range out.Problems {
		pr := &out.Problems[k]
		pr.ClearSolutions()
		if pr.MaxHoles > 0 {
			pr.MaxHoles *= per
		}
	}
	if err := out.Validate(); err != nil {
		return nil, fmt.Errorf("converted puzzle: %w", err)
	}
	return out, nil
}
