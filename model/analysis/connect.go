package analysis

import (
	"github.com/burrlab/burrlab/model"
	"github.com/burrlab/burrlab/model/grid"
)

// Connected reports whether the non-empty cells of s (filled and
// variable) form one piece when cells touching in the way kind, or in a
// closer way, count as joined: ByFace joins face neighbours only, ByEdge
// also edge neighbours, ByCorner every cell touching another. A shape with
// no cells is connected.
func Connected(g grid.Grid, s *model.Shape, kind grid.Adjacency) bool {
	start := -1
	for i, v := range s.Voxels {
		if v.State() != model.Empty {
			start = i
			break
		}
	}
	if start < 0 {
		return true
	}
	seen := make([]bool, len(s.Voxels))
	seen[start] = true
	reached := 1
	stack := []int{start}
	var nb []grid.Vec
	for len(stack) > 0 {
		i := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		p := s.Pos(i)
		for k := grid.ByFace; k <= kind; k++ {
			nb = g.Neighbors(nb[:0], p, k)
			for _, q := range nb {
				j := s.Index(q)
				if j < 0 || seen[j] || s.Voxels[j].State() == model.Empty {
					continue
				}
				seen[j] = true
				reached++
				stack = append(stack, j)
			}
		}
	}
	return reached == s.NumCells()
}

// Holes3D reports whether s encloses empty cells: empty cells of its
// space that cannot reach the outside through empty face neighbours.
// Variable cells count as material here, as in BurrTools.
func Holes3D(g grid.Grid, s *model.Shape) bool { return enclosed(g, s, true) }

// Holes2D reports BurrTools' 2D holes: empty cells that cannot reach the
// outside of the shape's space sideways (through its x and y sides) along
// empty face neighbours. The space's top and bottom count as closed, so a
// flat ring lying in a space one layer high has a 2D hole, while the same
// ring with empty layers above and below has none: like BurrTools, the
// answer depends on the space's height, not just on the cells.
func Holes2D(g grid.Grid, s *model.Shape) bool { return enclosed(g, s, false) }

// enclosed reports whether some empty cell of s's space is cut off from
// the outside. With throughZ false, leaving the space through its bottom
// or top layer does not count as reaching the outside.
func enclosed(g grid.Grid, s *model.Shape, throughZ bool) bool {
	seen := make([]bool, len(s.Voxels))
	var stack []int
	var nb []grid.Vec
	empty := 0
	// Seed: every empty cell with a face neighbour outside the space.
	for i, v := range s.Voxels {
		p := s.Pos(i)
		if v.State() != model.Empty || !g.Valid(p) {
			continue
		}
		empty++
		nb = g.Neighbors(nb[:0], p, grid.ByFace)
		for _, q := range nb {
			if s.Index(q) >= 0 {
				continue
			}
			if throughZ || q[2] >= 0 && q[2] < s.Size[2] {
				seen[i] = true
				stack = append(stack, i)
				break
			}
		}
	}
	reached := len(stack)
	for len(stack) > 0 {
		i := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		nb = g.Neighbors(nb[:0], s.Pos(i), grid.ByFace)
		for _, q := range nb {
			j := s.Index(q)
			if j < 0 || seen[j] || s.Voxels[j].State() != model.Empty {
				continue
			}
			seen[j] = true
			reached++
			stack = append(stack, j)
		}
	}
	return reached < empty
}
