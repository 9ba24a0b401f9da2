package solver

import (
	"runtime"

	"github.com/burrlab/burrlab/internal/budget"
	"github.com/burrlab/burrlab/solver/assemble"
)

// searchLevelCap is solver/cover's cap on one worker's search levels (its
// maxLevelBytes): a search that would go deeper stops with an error, so no
// worker holds more.
const searchLevelCap = 512 << 20

// searchCost estimates the memory of preparing and searching a prepared
// problem with the given number of workers (0: one per CPU): the
// preparation's own estimate, plus for each worker the search levels it
// may hold. A level holds a row set, a column set and a counter per column
// (cover's levelSize); a path takes one level per placed piece (no more
// than there are slots, nor than result cells: every piece covers one).
// It may also take one per column left short of its maximum, but counting
// those up front refused real puzzles (PelikanBurr in the rhombic grid:
// 1.2 GiB estimated, 160 MB used): levels are made as a path deepens, and
// the search's own cap (searchLevelCap) stops one that goes that deep.
func searchCost(a *assemble.Assembler, workers int) int64 {
	if workers <= 0 {
		workers = runtime.NumCPU()
	}
	st := a.Stats()
	rows, cols := int64(st.Placements), int64(st.Columns)
	level := 8*((rows+63)/64) + 8*((cols+63)/64) + 4*cols + 4
	depth := min(int64(a.Slots()), cols) + 1
	perWorker := min(budget.Mul(level, depth), searchLevelCap)
	return budget.Add(st.Memory, budget.Mul(perWorker, int64(workers)))
}
