package ui

import (
	"github.com/burrlab/burrlab/model"
	"github.com/burrlab/burrlab/model/grid"
	"github.com/go-gl/mathgl/mgl64"
)

// disassemblyFrames turns a disassembly tree into key frames for the
// animation: frame k holds every slot's displacement from its assembled
// position after k moves, in grid coordinates. The order is the one
// BurrTools shows: a node's moves, then how the group it removed comes
// apart (off to the side, away by far along the direction it left in),
// then the group that stayed.
//
// The tree stores a removed group's last state as a coordinate beyond
// model.RemovedBeyond; on screen the group moves by far instead, from the
// state before.
func disassemblyFrames(sep *model.Separation, slots int, far int) [][]grid.Vec {
	if sep == nil || sep.Outline() || len(sep.States) == 0 {
		return nil
	}
	asm := make([]grid.Vec, slots)
	for j, s := range sep.Pieces {
		if s >= 0 && s < slots {
			asm[s] = sep.States[0][j]
		}
	}
	cur := make([]grid.Vec, slots)
	frames := [][]grid.Vec{append([]grid.Vec(nil), cur...)}
	var walk func(n *model.Separation, base grid.Vec)
	walk = func(n *model.Separation, base grid.Vec) {
		if n == nil || n.Outline() || len(n.States) < 2 {
			return
		}
		last := len(n.States) - 1
		for s := 1; s < last; s++ {
			for j, slot := range n.Pieces {
				if slot >= 0 && slot < slots {
					cur[slot] = base.Add(n.States[s][j].Sub(asm[slot]))
				}
			}
			frames = append(frames, append([]grid.Vec(nil), cur...))
		}
		// The removal: the removed group moves by far along its direction.
		var dir grid.Vec
		for j := range n.Pieces {
			if n.RemovedIn(j) {
				for k, c := range n.States[last][j] {
					switch {
					case c > model.RemovedBeyond:
						dir[k] = far
					case c < -model.RemovedBeyond:
						dir[k] = -far
					}
				}
				break
			}
		}
		for j, slot := range n.Pieces {
			if slot < 0 || slot >= slots {
				continue
			}
			if n.RemovedIn(j) {
				cur[slot] = base.Add(dir).Add(n.States[last-1][j].Sub(asm[slot]))
			} else {
				cur[slot] = base.Add(n.States[last][j].Sub(asm[slot]))
			}
		}
		frames = append(frames, append([]grid.Vec(nil), cur...))
		walk(n.Removed, base.Add(dir))
		walk(n.Left, base)
	}
	walk(sep, grid.Vec{})
	return frames
}

// latticeToRender returns the linear map from lattice translations of g to
// render units: a piece moved by d on the grid moves by L(d) on screen.
func latticeToRender(g grid.Grid) func(x, y, z float64) mgl64.Vec3 {
	var v grid.Vec
	found := false
	for z := 0; z < 6 && !found; z++ {
		for y := 0; y < 6 && !found; y++ {
			for x := 0; x < 6 && !found; x++ {
				if g.Valid(grid.Vec{x, y, z}) {
					v, found = grid.Vec{x, y, z}, true
				}
			}
		}
	}
	var basis [3]mgl64.Vec3
	c0 := g.Solid(v).Center
	for axis := 0; axis < 3; axis++ {
		k := model.LatticeStep(g, axis)
		if k == 0 {
			continue
		}
		w := v
		w[axis] += k
		basis[axis] = g.Solid(w).Center.Sub(c0).Mul(1 / float64(k))
	}
	return func(x, y, z float64) mgl64.Vec3 {
		return basis[0].Mul(x).Add(basis[1].Mul(y)).Add(basis[2].Mul(z))
	}
}
