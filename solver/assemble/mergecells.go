package assemble

import (
	"math/bits"

	"github.com/burrlab/burrlab/internal/splitmix"
	"github.com/burrlab/burrlab/model"
)

// Cells that every placement covers all together or none of have
// identical cover columns: most inner cells of a burr (HexSticks' 2,256
// cells make 484 different columns). The cover problem merges such
// columns itself, but only after the rows have been made with an entry
// for each cell: on HexSticks that was 34,000 entries made, copied,
// hashed, compared and rewritten, a ninth of its whole run's
// instructions. build merges them before it makes the rows
// (cover.Column.Copies), numbering the columns as the cover problem's
// merge would, so that the matrix is the same to the byte
// (TestMergedCellsSameMatrix).

// mergeCells is false in a test that compares the matrices made with
// and without merging.
var mergeCells = true

// maxMergeCoverage is the most placements a cell has on average for
// build to look for identical cells. Finding them costs about a third of
// making the rows, and cells covered by many placements rarely share all
// of them. Measured on the examples (placements a cell, share of the
// entries merging spares): where cells merged, 3 to 50
// (DraculasDentalDesaster 6 and 86%, HexSticks 15 and 76%,
// PiecesOfEight 34 to 50 and 65%), and SolidSixPieceBurrs 288 and 23%,
// whose search outweighs its matrix; where none did, 26 (BallRoom) and
// 42 to 149 (Prisgon 86, PelikanBurr 149), which the search for them
// made 2 to 4% slower to prepare.
const maxMergeCoverage = 64

// mayMergeCells reports whether build looks for identical cells: not
// for the region rule, which needs a column for each cell (cover.Areas),
// nor where cells have many placements (maxMergeCoverage).
func (a *Assembler) mayMergeCells(runs *placementRuns) bool {
	if !mergeCells || a.areaRule() {
		return false
	}
	entries := 0
	for k := range len(runs.row) - 1 {
		offs, from, to := runs.of(k)
		entries += len(offs) * (to - from)
	}
	return entries <= maxMergeCoverage*len(a.res.cells)
}

// placementRuns holds the filled offsets (filledOffsets) of each run of
// placements that share part and orientation, as a.rows lists them, so
// that the passes over the placements work them out once. The passes
// loop over the runs themselves: a call for each placement cost more
// than the hashing in it.
type placementRuns struct {
	row   []int32 // run k is placements row[k] to row[k+1]-1
	offs  []int32 // the runs' offsets, one run after the other
	start []int32 // run k's offsets are offs[start[k]:start[k+1]]
}

// placementRuns returns the runs of a.rows.
func (a *Assembler) placementRuns() placementRuns {
	// Sized first: grown, the arrays were cleared and copied on the way,
	// and on a small burr each page of fresh memory written costs about
	// as much as the work on it.
	n, offs := 0, 0
	lastPart, lastT := int32(-1), int32(-1)
	for i := range a.rows {
		if pl := &a.rows[i]; pl.part != lastPart || pl.t != lastT {
			lastPart, lastT = pl.part, pl.t
			n++
			offs += a.parts[pl.part].info.filled
		}
	}
	runs := placementRuns{row: make([]int32, 0, n+1), offs: make([]int32, 0, offs), start: make([]int32, 0, n+1)}
	lastPart, lastT = -1, -1
	for i := range a.rows {
		pl := &a.rows[i]
		if pl.part != lastPart || pl.t != lastT {
			lastPart, lastT = pl.part, pl.t
			a.filledOffsets(a.parts[pl.part].info, int(pl.t))
			runs.row = append(runs.row, int32(i))
			runs.start = append(runs.start, int32(len(runs.offs)))
			runs.offs = append(runs.offs, a.offs...)
		}
	}
	runs.row = append(runs.row, int32(len(a.rows)))
	runs.start = append(runs.start, int32(len(runs.offs)))
	return runs
}

// of returns run k's offsets and placements.
func (runs *placementRuns) of(k int) (offs []int32, from, to int) {
	return runs.offs[runs.start[k]:runs.start[k+1]], int(runs.row[k]), int(runs.row[k+1])
}

// cellTally is what identicalCells learns of a cell from the placements
// that cover it: the sum of their hashes and their number. Side by side:
// in two arrays, hashCells' loop had one more slice to keep, and kept
// its counter in memory (eighteen instructions an entry).
type cellTally struct {
	hash  uint64
	count int32
}

// hashCells adds the hash of each placement from to to-1 (splitmix.Mix
// of its number), whose offsets are offs, to the hashes of the cells it
// covers, and counts it. A cell's hash is so the sum of its
// placements': an addition an entry, where mixing each entry in took
// three more instructions. A function of its own: in identicalCells'
// loop the loop's variables were kept in memory.
func (a *Assembler) hashCells(tally []cellTally, offs []int32, from, to int) {
	r := &a.res
	cell := r.cell
	for i := from; i < to; i++ {
		pl := &a.rows[i]
		// r.at on scalars: a placement or Vec copied whole went through
		// overlapping moves that stalled for every row.
		base := r.at(pl.pos[0], pl.pos[1], pl.pos[2])
		h := splitmix.Mix(uint64(i))
		for _, off := range offs {
			t := &tally[cell[base+int(off)]]
			t.hash += h
			t.count++
		}
	}
}

// identicalCells returns same[i]: of the cells whose placements are
// those of cell i, the first in order (i itself for that one); or nil
// where no two cells have the same placements; and each cell's tally,
// whose count is the number of placements that cover it. Only cells of
// the same kind (filled or variable) are merged, as only their columns
// have the same bounds. Cells are grouped by a hash of their placements
// and their count: makeCover checks placement by placement that each
// group's cells go together, and where a collision merged cells that do
// not it builds the problem again without merging.
func (a *Assembler) identicalCells(order []int, runs *placementRuns) (same []int32, tally []cellTally) {
	r := &a.res
	n := len(r.cells)
	tally = make([]cellTally, n)
	for k := range len(runs.row) - 1 {
		offs, from, to := runs.of(k)
		a.hashCells(tally, offs, from, to)
	}
	for i := range tally {
		if model.Voxel(r.cells[i].Tag).State() == model.Filled {
			tally[i].hash += splitmix.Mix(^uint64(0)) // no placement's number
		}
	}
	// low[i] is the lowest cell with i's hash: open addressing on the
	// hashes, the lowest cell of each in the table.
	shift := 64 - bits.Len(uint(2*n-1))
	table := make([]int32, 1<<(64-shift))
	var low []int32
	for i := range tally {
		hi := tally[i].hash
		for s := hi >> shift; ; s = (s + 1) & uint64(len(table)-1) {
			d := table[s] - 1
			if d < 0 {
				table[s] = int32(i) + 1
				break
			}
			if tally[d].hash == hi {
				if low == nil {
					low = make([]int32, n)
					for j := range low {
						low[j] = int32(j)
					}
				}
				low[i] = d
				break
			}
		}
	}
	if low == nil {
		return nil, tally
	}
	// Each group's first cell in order stands for it. The tables are
	// reused, each low[i] read before it is overwritten: fresh memory
	// costs about as much as the work on it.
	first := table[:n] // the first cell in order of lowest cell i's group, +1
	clear(first)
	same = low
	merged := false
	for _, i := range order {
		d := low[i]
		if tally[d].count != tally[i].count {
			d = int32(i)
		}
		if first[d] == 0 {
			first[d] = int32(i) + 1
		}
		same[i] = first[d] - 1
		merged = merged || same[i] != int32(i)
	}
	if !merged {
		return nil, tally
	}
	return same, tally
}
