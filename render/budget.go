package render

import (
	"fmt"

	"github.com/burrlab/burrlab/internal/budget"
	"github.com/burrlab/burrlab/model"
	"github.com/burrlab/burrlab/model/grid"
)

// MaxSceneBytes caps the estimated memory of the meshes of one scene,
// whatever budget a caller has: the app builds meshes as soon as a file
// is open, and a checkerboard of 2^20 cells took 4 GB. Real puzzles'
// scenes need a few hundred MB at most (a solid 40^3 cube: 270 MB).
const MaxSceneBytes = 1 << 30

// checkSceneBytes reports a scene estimated at more than MaxSceneBytes.
func checkSceneBytes(need int64) error {
	if need > MaxSceneBytes {
		return fmt.Errorf("drawing it would need about %s, more than the %s a picture may take", budget.Size(need), budget.Size(MaxSceneBytes))
	}
	return nil
}

// Bytes per unit of what building and drawing a mesh allocates, for the
// memory budget of callers (docs/limits.md), measured on cube shapes drawn
// at 800x600: a solid 40^3 cube (64,000 cells, 9,600 outer faces) took
// 193 MB, a 40^3 checkerboard (32,000 cells, 192,000 faces) 441 MB.
const (
	meshCellBytes = 4 << 10 // per cell: the index map, positions, marks
	meshFaceBytes = 2 << 10 // per outer face: vertices, triangles, polygon, edges
	pixelBytes    = 16      // per pixel: colour, depth and the picture
)

// meshBytes estimates the memory of the mesh of shape s (its filled cells
// only when filledOnly, as a placed piece has): cells and the faces
// between a kept cell and one that is not. It allocates nothing, so it is
// safe to call on any shape a file may hold. A shape over MaxMeshCells
// counts 0: the mesh builder refuses it, with its own message, before
// allocating.
func meshBytes(g grid.Grid, s *model.Shape, filledOnly bool) int64 {
	keep := func(v model.Voxel) bool {
		if filledOnly {
			return v.State() == model.Filled
		}
		return v.State() != model.Empty
	}
	n := 0
	for _, v := range s.Voxels {
		if keep(v) {
			n++
		}
	}
	if n > MaxMeshCells {
		return 0
	}
	var cells, faces int64
	var nb []grid.Vec
	for i, v := range s.Voxels {
		if !keep(v) {
			continue
		}
		cells++
		nb = g.Neighbors(nb[:0], s.Pos(i), grid.ByFace)
		for _, w := range nb {
			if !keep(s.At(w)) {
				faces++
			}
		}
	}
	return cells*meshCellBytes + faces*meshFaceBytes
}

// ShapeImageBytes estimates the memory of ShapeImage(p, i, opt).
func ShapeImageBytes(p *model.Puzzle, i int, opt ImageOptions) int64 {
	g, err := p.GridOf()
	if err != nil || i < 0 || i >= len(p.Shapes) {
		return 0 // ShapeImage fails before allocating
	}
	return meshBytes(g, &p.Shapes[i], false) + int64(opt.Width)*int64(opt.Height)*pixelBytes
}

// AssemblyImageBytes estimates the memory of AssemblyImage(p, pr, k, ...):
// a mesh per placed piece.
func AssemblyImageBytes(p *model.Puzzle, pr, k int, opt ImageOptions) int64 {
	g, err := p.GridOf()
	if err != nil || pr < 0 || pr >= len(p.Problems) {
		return 0
	}
	prob := &p.Problems[pr]
	if k < 0 || k >= len(prob.Solutions) {
		return 0
	}
	return assemblyBytes(g, p, prob, prob.Solutions[k].Assembly) + int64(opt.Width)*int64(opt.Height)*pixelBytes
}

// assemblyBytes estimates the meshes of assembly a: one per placed piece.
func assemblyBytes(g grid.Grid, p *model.Puzzle, pr *model.Problem, a model.Assembly) int64 {
	slots := pr.SlotParts()
	perPart := make([]int64, len(pr.Parts)) // each shape measured once
	var need int64
	for slot, pl := range a {
		if !pl.Placed() || slot >= len(slots) {
			continue
		}
		part := slots[slot]
		sh := pr.Parts[part].Shape
		if sh < 0 || sh >= len(p.Shapes) {
			return need // AssemblyScene refuses it
		}
		if perPart[part] == 0 {
			perPart[part] = meshBytes(g, &p.Shapes[sh], true) + 1
		}
		need = budget.Add(need, perPart[part])
	}
	return need
}

// ProblemImageBytes estimates the memory of ProblemImage(p, pr, opt): the
// result's mesh and one per part.
func ProblemImageBytes(p *model.Puzzle, pr int, opt ImageOptions) int64 {
	g, err := p.GridOf()
	if err != nil || pr < 0 || pr >= len(p.Problems) {
		return 0
	}
	prob := &p.Problems[pr]
	need := int64(opt.Width) * int64(opt.Height) * pixelBytes
	if r := prob.Result; r >= 0 && r < len(p.Shapes) {
		need += meshBytes(g, &p.Shapes[r], false)
	}
	for _, part := range prob.Parts {
		if part.Shape >= 0 && part.Shape < len(p.Shapes) {
			need += meshBytes(g, &p.Shapes[part.Shape], false)
		}
	}
	return need
}
