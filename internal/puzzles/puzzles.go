// Package puzzles builds well-known polycube packing puzzles in code, for
// tests and benchmarks that need real search trees of known size: the
// pentominoes in boxes, the Bedlam cube and the 5x5x5 cube of 25
// Y-pentominoes.
package puzzles

import (
	"strings"

	"github.com/burrlab/burrlab/model"
	"github.com/burrlab/burrlab/model/grid"
)

// Shape builds a cube-grid shape from layers (z) of rows (y) separated
// by '/', in the characters of Layers.
func Shape(layers ...string) model.Shape {
	ls := make([][]string, len(layers))
	for i, l := range layers {
		ls[i] = strings.Split(l, "/")
	}
	return Layers("", ls...)
}

// Layers builds a cube-grid shape named name from layers of rows,
// layers[z][y][x]: '#' filled, '+' variable, a digit 1-9 a filled cell of
// that constraint colour, anything else empty.
func Layers(name string, layers ...[]string) model.Shape {
	var size grid.Vec
	size[2] = len(layers)
	for _, l := range layers {
		size[1] = max(size[1], len(l))
		for _, row := range l {
			size[0] = max(size[0], len(row))
		}
	}
	s := model.NewShape(size)
	s.Name = name
	for z, l := range layers {
		for y, row := range l {
			for x, ch := range row {
				v := grid.Vec{x, y, z}
				switch {
				case ch == '#':
					s.Set(v, model.MakeVoxel(model.Filled, 0))
				case ch == '+':
					s.Set(v, model.MakeVoxel(model.Variable, 0))
				case ch >= '1' && ch <= '9':
					s.Set(v, model.MakeVoxel(model.Filled, int(ch-'0')))
				}
			}
		}
	}
	return s
}

// Box returns a solid x by y by z box.
func Box(x, y, z int) model.Shape {
	s := model.NewShape(grid.Vec{x, y, z})
	for i := range s.Voxels {
		s.Voxels[i] = model.MakeVoxel(model.Filled, 0)
	}
	return s
}

// Packing makes a puzzle of the given pieces, each used count times,
// filling result.
func Packing(result model.Shape, count int, pieces ...model.Shape) *model.Puzzle {
	p := &model.Puzzle{Grid: grid.Cubes, Shapes: append(append([]model.Shape(nil), pieces...), result)}
	pr := model.NewProblem("")
	for i := range pieces {
		pr.Parts = append(pr.Parts, model.Part{Shape: i, Min: count, Max: count})
	}
	pr.Result = len(pieces)
	p.Problems = []model.Problem{pr}
	return p
}

// Pentominoes returns the twelve pentominoes.
func Pentominoes() []model.Shape {
	var out []model.Shape
	for _, rows := range []string{
		".##/##./.#.", "#####", "####/#...", "##../.###",
		"###/##.", "###/.#./.#.", "#.#/###", "#../#../###",
		"#../##./.##", ".#./###/.#.", "####/.#..", "##./.#./.##",
	} {
		out = append(out, Shape(rows))
	}
	return out
}

// PentominoBox is the twelve pentominoes packed into an x by y by z box
// of 60 cells (6x10x1: 2339 assemblies; 5x4x3: 3940; 6x5x2: 264).
func PentominoBox(x, y, z int) *model.Puzzle {
	return Packing(Box(x, y, z), 1, Pentominoes()...)
}

// Bedlam is the Bedlam cube: twelve pentacubes and a tetracube that fill
// a 4x4x4 cube (19186 assemblies). The pieces are read off one of its
// assemblies, layer by layer.
func Bedlam() *model.Puzzle {
	var pieces []model.Shape
	for _, cells := range bedlamCells {
		pieces = append(pieces, fromCells(cells))
	}
	return Packing(Box(4, 4, 4), 1, pieces...)
}

// bedlamCells are the Bedlam pieces as cells (x, y, z) of one assembly.
var bedlamCells = [][][3]int{
	{{0, 2, 0}, {0, 3, 0}, {1, 3, 0}, {2, 3, 0}, {0, 3, 1}},
	{{2, 1, 0}, {2, 2, 0}, {3, 2, 0}, {3, 3, 0}, {3, 3, 1}},
	{{2, 1, 1}, {1, 2, 0}, {1, 2, 1}, {2, 2, 1}, {2, 2, 2}},
	{{0, 0, 1}, {0, 1, 0}, {0, 1, 1}, {0, 1, 2}, {0, 2, 1}},
	{{0, 0, 0}, {1, 0, 0}, {2, 0, 0}, {1, 1, 0}, {1, 1, 1}},
	{{0, 0, 3}, {0, 1, 3}, {1, 1, 3}, {0, 2, 2}, {0, 2, 3}},
	{{1, 0, 3}, {2, 0, 3}, {2, 1, 2}, {3, 1, 2}, {2, 1, 3}},
	{{3, 1, 1}, {3, 2, 1}, {3, 2, 2}, {3, 2, 3}, {3, 3, 2}},
	{{3, 0, 0}, {1, 0, 1}, {2, 0, 1}, {3, 0, 1}, {3, 1, 0}},
	{{0, 0, 2}, {1, 0, 2}, {1, 1, 2}, {1, 2, 2}, {1, 2, 3}},
	{{2, 2, 3}, {2, 3, 2}, {1, 3, 3}, {2, 3, 3}, {3, 3, 3}},
	{{1, 3, 1}, {2, 3, 1}, {0, 3, 2}, {1, 3, 2}, {0, 3, 3}},
	{{2, 0, 2}, {3, 0, 2}, {3, 0, 3}, {3, 1, 3}},
}

// fromCells makes a shape of the given cells, moved to the origin.
func fromCells(cells [][3]int) model.Shape {
	lo, hi := cells[0], cells[0]
	for _, c := range cells {
		for k := range 3 {
			lo[k], hi[k] = min(lo[k], c[k]), max(hi[k], c[k])
		}
	}
	s := model.NewShape(grid.Vec{hi[0] - lo[0] + 1, hi[1] - lo[1] + 1, hi[2] - lo[2] + 1})
	for _, c := range cells {
		s.Set(grid.Vec{c[0] - lo[0], c[1] - lo[1], c[2] - lo[2]}, model.MakeVoxel(model.Filled, 0))
	}
	return s
}

// YCube is 25 Y-pentominoes filling a 5x5x5 cube (1264 assemblies).
func YCube() *model.Puzzle {
	return Packing(Box(5, 5, 5), 25, Shape("####/.#.."))
}
