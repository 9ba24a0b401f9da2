package assemble

import (
	"github.com/burrlab/burrlab/internal/budget"
)

// Bytes per unit of what preparation allocates, for the memory budget.
// They are measured upper bounds (Go's slices grow by doubling, so a list
// can hold up to twice what it uses), checked by TestBudgetEstimates.
const (
	// orientedCellBytes: a shape's cell in one of the 2N orientations:
	// the turned list, the sorted absolute and relative copies (grid.Cell,
	// 32 bytes each) and the temporaries of turning.
	orientedCellBytes = 128
	// resultCellBytes: a result cell's tables (index, column, position).
	resultCellBytes = 48
	// filterCellBytes: a result cell's image under one symmetry.
	filterCellBytes = 24
	// rowBytes: one placement and its row in the cover problem, the
	// matrix built from it and the reduced matrix.
	rowBytes = 128
	// EntryBytes: one row entry (a cell of a placement) in the cover
	// problem, the matrix and the reduced matrix, with room for growth.
	EntryBytes = 64
)

// fixedCost estimates what preparation allocates before the placements:
// every piece's shape turned by each orientation, the result's tables, the
// symmetry filter's images of the result, and the per-slot tables. It is
// computed from the shapes' sizes and cell counts (check's) alone, before
// any of that is allocated.
func (a *Assembler) fixedCost() int64 {
	pr, p := a.prob, a.puzzle
	n := int64(2 * a.g.Orientations())
	seen := map[int]bool{}
	var cost int64
	for _, pt := range pr.Parts {
		if seen[pt.Shape] {
			continue
		}
		seen[pt.Shape] = true
		cells := int64(a.numCells[pt.Shape])
		cost = budget.Add(cost, budget.Mul(cells*n, orientedCellBytes))
	}
	// The result is turned one orientation at a time (symmetries); the
	// filter keeps its image under each symmetry.
	res := &p.Shapes[pr.Result]
	rc := int64(a.numCells[pr.Result])
	cost = budget.Add(cost, int64(len(res.Voxels))*4+rc*resultCellBytes)
	cost = budget.Add(cost, n*rc*filterCellBytes)
	return budget.Add(cost, int64(pr.NumSlots())*64)
}

// placementCost estimates the memory of rows placements with entries row
// entries in all, on top of the fixed cost.
func placementCost(fixed int64, rows, entries int) int64 {
	return budget.Add(fixed, int64(rows)*rowBytes+int64(entries)*EntryBytes)
}
