// Package cover solves generalised exact cover problems, the engine behind
// the assembler (algorithms.md §2).
//
// A problem has columns and rows. Every row puts a positive weight into a
// few columns. A solution is a set of rows such that each column's total
// weight lies within the column's bounds [Min, Max]. A plain exact cover
// has bounds [1, 1] and weights 1 everywhere; the assembler also needs
// piece columns with ranges ([0, 6]: up to six copies of a shape), optional
// cells ([0, 1]) and a weighted column that bounds the total size of
// optional pieces.
//
// Columns marked Hole are the optional cells of a result: a hole is a hole
// column that ends with weight 0, and at most MaxHoles may remain.
//
// Each solution is found exactly once: rows are sets, and the search
// enumerates the rows it takes from one column in one fixed order, so
// identical pieces are never permuted.
//
// The search (Search) is iterative, works on flat int32 arrays and
// allocates nothing per node. It splits the search tree across workers,
// streams solutions through a callback, stops promptly on cancellation and
// can be continued later from the Jobs it returns. Split cuts the search
// into N balanced parts for machines that never talk to each other
// (split.go).
package cover

import (
	"errors"
	"fmt"
	"slices"
)

// Column gives the bounds of one column.
type Column struct {
	Min, Max int
	// Hole marks an optional cell: it must have Min 0, and it counts as a
	// hole when no chosen row puts weight into it.
	Hole bool
	// Secondary marks a column that only bounds (Min 0, no hole): the
	// search never branches on it, and a row that fills it drops the
	// others that would overflow it. A side condition such as "at most
	// one of these rows" then costs no search nodes of its own.
	Secondary bool
	// Copies, above 1, says that the client merged this many identical
	// columns into this one: columns that every row covers all together
	// or none of, such as most inner cells of a burr. Merging them before
	// adding the rows spares their entries (compile merges any others
	// itself, see merge.go). A merged hole column counts Copies holes.
	Copies int
	// Unmerged is, in a problem whose client merged columns, the index
	// the column had before (for a merged column, the last of its own):
	// the rows then lie in memory in the order they would have had
	// unmerged (see sortForLocality). 0 stands for the column's index.
	Unmerged int
}

// Problem is a generalised exact cover problem under construction. Rows
// are numbered from 0 in the order they are added; solutions report rows
// by these numbers.
type Problem struct {
	Cols []Column
	// MaxHoles bounds the number of hole columns left at weight 0;
	// negative means no bound.
	MaxHoles int

	rowStart []int32 // row r's entries are entCol[rowStart[r]:rowStart[r+1]]
	entCol   []int32
	// entWt is the entries' weights, nil while every weight is 1, as in
	// every problem whose piece counts are fixed: a small burr's run is a
	// few milliseconds, and each page of fresh memory it writes costs
	// about as much as the work on it.
	entWt []int32
	// ones holds weight 1 for the longest row, for Row while entWt is nil.
	ones []int32

	areas *Areas // see SetAreas
	// areaTab, in the problems Reduce rebuilds, is the matrix's table
	// (see Matrix.areas); compile makes it from areas otherwise.
	areaTab *areaTable

	// AddRow checks each row as it comes (a pass of its own over the
	// entries was about a tenth of building HexSticks' matrix): bad is
	// the first fault found, which compile reports, seen[c] the last
	// row+1 with an entry in column c, and maxCol the largest column
	// named (Cols may change after the rows were added).
	bad    error
	seen   []int32
	maxCol int
}

// MaxEntries caps the total number of row entries a problem may have, so
// that a huge puzzle fails with an error instead of exhausting memory. Each
// entry costs about 24 bytes per worker.
const MaxEntries = 1 << 26

// ErrTooBig is returned when a problem exceeds MaxEntries.
var ErrTooBig = errors.New("exact cover problem too big")

// NewProblem returns a problem with the given columns and no rows.
func NewProblem(cols []Column, maxHoles int) *Problem {
	return &Problem{Cols: cols, MaxHoles: maxHoles, rowStart: []int32{0}}
}

// AddRow appends a row that puts weights[i] into column cols[i]. A nil
// weights means weight 1 everywhere. It returns the row's number.
func (p *Problem) AddRow(cols []int, weights []int) int {
	// Written into room made first: appended through p, each entry
	// loaded and stored the slice's header again. check writes them as
	// it checks them (a pass of its own over PelikanBurr's 85,000
	// entries took 0.4 million instructions more); once the problem is
	// bad they are only copied.
	n := len(p.entCol)
	p.entCol = slices.Grow(p.entCol, len(cols))[:n+len(cols)]
	to := p.entCol[n:]
	if p.bad == nil {
		p.bad = p.check(cols, weights, to)
	}
	if p.bad != nil {
		for i, c := range cols {
			to[i] = int32(c)
		}
	}
	if p.entWt == nil && weights != nil && slices.ContainsFunc(weights, func(wt int) bool { return wt != 1 }) {
		// The first weight other than 1: from now on they are stored,
		// with room for the entries reserved.
		p.entWt = make([]int32, n, max(n+len(cols), cap(p.entCol)))
		for i := range p.entWt {
			p.entWt[i] = 1
		}
	}
	if p.entWt != nil {
		n := len(p.entWt)
		p.entWt = slices.Grow(p.entWt, len(cols))[:n+len(cols)]
		to := p.entWt[n:]
		for i := range to {
			to[i] = 1
			if weights != nil {
				to[i] = int32(weights[i])
			}
		}
	}
	p.growOnes(len(cols))
	p.rowStart = append(p.rowStart, int32(len(p.entCol)))
	return len(p.rowStart) - 2
}

// check returns what is wrong with the row AddRow is adding, if
// anything, and writes its columns into to (as long as cols) as far as
// it checked them.
func (p *Problem) check(cols []int, weights []int, to []int32) error {
	r := p.NumRows()
	if len(cols) == 0 {
		return fmt.Errorf("row %d is empty", r)
	}
	if len(p.seen) < len(p.Cols) {
		p.seen = append(p.seen, make([]int32, len(p.Cols)-len(p.seen))...)
	}
	seen, mark, top := p.seen[:len(p.Cols)], int32(r)+1, p.maxCol
	to = to[:len(cols)]
	for i, c := range cols {
		to[i] = int32(c)
		if uint(c) >= uint(len(seen)) {
			return fmt.Errorf("row %d: column %d out of range", r, c)
		}
		if seen[c] == mark {
			return fmt.Errorf("row %d: column %d twice", r, c)
		}
		seen[c] = mark
		top = max(top, c)
	}
	p.maxCol = top
	for _, wt := range weights[:min(len(weights), len(cols))] {
		if uint(wt-1) >= 1<<20 { // not 1 to 1<<20
			return fmt.Errorf("row %d: weight %d out of range 1..%d", r, wt, 1<<20)
		}
	}
	return nil
}

// growOnes makes ones at least n long.
func (p *Problem) growOnes(n int) {
	for len(p.ones) < n {
		p.ones = append(p.ones, 1)
	}
}

// NumRows returns the number of rows added so far.
func (p *Problem) NumRows() int { return len(p.rowStart) - 1 }

// NumEntries returns the total number of row entries.
func (p *Problem) NumEntries() int { return len(p.entCol) }

// Row returns the columns and weights of row r. The slices alias the
// problem's storage: they must not be changed.
func (p *Problem) Row(r int) (cols, weights []int32) {
	a, b := p.rowStart[r], p.rowStart[r+1]
	if p.entWt == nil {
		return p.entCol[a:b], p.ones[:b-a]
	}
	return p.entCol[a:b], p.entWt[a:b]
}

// validate checks the columns' bounds, and reports what AddRow found
// wrong with the rows.
func (p *Problem) validate() error {
	if len(p.entCol) > MaxEntries || len(p.Cols) > MaxEntries {
		return fmt.Errorf("%w: %d entries in %d columns (at most %d)", ErrTooBig, len(p.entCol), len(p.Cols), MaxEntries)
	}
	for i, c := range p.Cols {
		if c.Min < 0 || c.Min > c.Max || c.Max > 1<<30 {
			return fmt.Errorf("column %d: bad bounds [%d, %d]", i, c.Min, c.Max)
		}
		if c.Hole && c.Min != 0 {
			return fmt.Errorf("column %d: a hole column must have Min 0", i)
		}
		if c.Secondary && (c.Min != 0 || c.Hole) {
			return fmt.Errorf("column %d: a secondary column must have Min 0 and be no hole", i)
		}
		if c.Copies < 0 || c.Copies > MaxEntries || c.Unmerged < 0 || c.Unmerged > MaxEntries {
			return fmt.Errorf("column %d: bad merge (%d copies, index %d before)", i, c.Copies, c.Unmerged)
		}
	}
	if p.bad != nil {
		return p.bad
	}
	if p.NumEntries() > 0 && p.maxCol >= len(p.Cols) {
		return fmt.Errorf("column %d out of range: the problem has %d columns", p.maxCol, len(p.Cols))
	}
	return nil
}
