package model

import (
	"fmt"

	"github.com/burrlab/burrlab/model/grid"
)

// PlacedCells returns the filled cells of shape s placed by pl, in world
// coordinates: world(v) = T_t(v) - T_t(hotspot) + pos (grids.md §1.4).
func PlacedCells(g grid.Grid, s *Shape, pl Placement) ([]grid.Cell, error) {
	return placeCells(g, s.FilledCells(), s.Hotspot, pl)
}

// PlacedVoxels is PlacedCells for every non-empty cell of s, variable
// cells included, each tagged with its voxel (state and colour).
func PlacedVoxels(g grid.Grid, s *Shape, pl Placement) ([]grid.Cell, error) {
	return placeCells(g, s.Cells(), s.Hotspot, pl)
}

// placeCells turns cells about the hotspot hot as pl says and moves them
// to pl's position.
func placeCells(g grid.Grid, cells []grid.Cell, hot grid.Vec, pl Placement) ([]grid.Cell, error) {
	if pl.Orient < 0 || pl.Orient >= g.Orientations() {
		return nil, fmt.Errorf("orientation %d out of range 0..%d", pl.Orient, g.Orientations()-1)
	}
	out, hotOut, ok := grid.Orient(g, pl.Orient, cells, hot)
	if !ok {
		return nil, fmt.Errorf("orientation %d does not exist for this shape", pl.Orient)
	}
	d := pl.Pos.Sub(hotOut)
	for i := range out {
		out[i].Pos = out[i].Pos.Add(d)
	}
	return out, nil
}

// CheckAssembly verifies that assembly a solves problem pr: every placed
// piece lies on the grid inside the result, on non-empty result cells, with
// allowed colours; no two pieces overlap; every filled result cell is
// covered; and each part is used between Min and Max times.
func CheckAssembly(p *Puzzle, pr *Problem, a Assembly) error {
	g, err := p.GridOf()
	if err != nil {
		return err
	}
	if pr.Result == NoResult {
		return fmt.Errorf("the problem has no result shape")
	}
	res := &p.Shapes[pr.Result]
	slots := pr.SlotParts()
	if len(a) != len(slots) {
		return fmt.Errorf("%d placements for %d piece slots", len(a), len(slots))
	}
	// owner[i] is 1 + the slot covering result voxel i: an array over the
	// result's voxels, not a map of cells (a map took about 3 GB for a
	// piece of 2^24 cells).
	owner := make([]int32, len(res.Voxels))
	used := make([]int, len(pr.Parts))
	for slot, pl := range a {
		if !pl.Placed() {
			continue
		}
		part := slots[slot]
		used[part]++
		cells, err := PlacedCells(g, &p.Shapes[pr.Parts[part].Shape], pl)
		if err != nil {
			return fmt.Errorf("piece %d: %w", slot, err)
		}
		for _, c := range cells {
			if !g.Valid(c.Pos) {
				return fmt.Errorf("piece %d covers %v, which is not a cell of the grid", slot, c.Pos)
			}
			rv := res.At(c.Pos)
			if rv.State() == Empty {
				return fmt.Errorf("piece %d covers %v, outside the result", slot, c.Pos)
			}
			i := res.Index(c.Pos) // inside: the cell is not empty
			if o := owner[i]; o != 0 {
				return fmt.Errorf("pieces %d and %d both cover %v", o-1, slot, c.Pos)
			}
			if !p.ColorAllowed(pr, Voxel(c.Tag).Color(), rv.Color()) {
				return fmt.Errorf("piece %d puts colour %d on result colour %d at %v", slot, Voxel(c.Tag).Color(), rv.Color(), c.Pos)
			}
			owner[i] = int32(slot) + 1
		}
	}
	for i, v := range res.Voxels {
		if v.State() == Filled {
			if owner[i] == 0 {
				return fmt.Errorf("result cell %v is not covered", res.Pos(i))
			}
		}
	}
	for i, part := range pr.Parts {
		if used[i] < part.Min || used[i] > part.Max {
			return fmt.Errorf("part %d is used %d times, allowed %d..%d", i, used[i], part.Min, part.Max)
		}
	}
	return nil
}

// CheckBytes estimates the memory CheckAssembly and CheckDisassembly need
// for solution s, from the shapes' sizes alone, so that a caller can
// refuse a hostile file before checking it: the result's owner table, each
// placed piece's cells listed, turned and moved (about 128 bytes a cell,
// measured on a piece of 2^24 cells) and, for a
// disassembly, every placed piece's cells at once with the overlap map
// (about 150 bytes a cell).
func CheckBytes(p *Puzzle, pr *Problem, s *Solution) int64 {
	if pr.Result < 0 || pr.Result >= len(p.Shapes) {
		return 0
	}
	slots := pr.SlotParts()
	cells := make([]int64, len(pr.Parts)) // filled cells per part, counted once
	for i, pt := range pr.Parts {
		if pt.Shape >= 0 && pt.Shape < len(p.Shapes) {
			cells[i] = int64(p.Shapes[pt.Shape].Count(Filled))
		}
	}
	var largest, all int64
	for slot, pl := range s.Assembly {
		if !pl.Placed() || slot >= len(slots) {
			continue
		}
		n := cells[slots[slot]]
		largest = max(largest, n)
		all += n
	}
	need := int64(len(p.Shapes[pr.Result].Voxels))*4 + largest*128
	if s.Disassembly != nil && !s.Disassembly.Outline() {
		need += all * 150
	}
	return need
}
