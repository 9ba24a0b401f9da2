package solver

import (
	"context"
	"slices"

	"github.com/burrlab/burrlab/solver/cover"
)

// A tiny search is run whole in Prepare, on the matrix as the assembler
// built it. What speeds up a big search costs a small one more than it
// spares: Prisgon's search visits 624 nodes after Reduce dropped 1,856 of
// its 2,249 placements and the hints and survivor sets were built, and
// 643 without any of it, in a third of the time (2 ms of 5 in one run,
// process start aside). So a search estimated, without the hints, at
// no more than tinyBar is searched that way at once, within a budget of
// tinyBudget; when it ends within it, Run replays its solutions,
// otherwise (the estimate was too low, as a few descents' estimates
// often are) the preparation goes on as for any search, having lost at
// most the budget, about 3 ms.
//
// The work of a search is counted as its nodes times what a node costs:
// the columns its choice looks at, and ten times a row's entries, which
// taking a row and the rows it rules out cost (about 3 ns a unit on
// Prisgon and HexSticks alike). Measured, each example's search without
// hints, and its whole solve that way against the usual one (alternating
// runs): Prisgon 206,000 (0.73) and PelikanBurr 139,000 (0.89) gain.
// The bar and budget were 200,000 and 400,000 at first; at 400,000 and 1
// million (21 pairs each against those) PiecesOfEight/3, 845,000 of work
// estimated at 292,000, takes 0.905 of the time (BurrTools at its best
// takes 79 ms, so this is the one of them that counts most),
// PiecesOfEight/1 0.925 and DraculasDentalDesaster, 494,000 estimated at
// 21,000, 0.929; PiecesOfEight/2, searched whole at 866,000, takes 1.073
// and PiecesOfEight/4, estimated at 181,000 but 1.8 million, falls back
// later (1.132), both still 1.5 and 1.7 times faster than BurrTools.
// HexSticks, 2.4 million estimated at 522,000, and SolidSixPieceBurrs,
// 37.7 million, are estimated above the bar.

// tinyProbes descents estimate the search: a few nodes each, next to a
// tiny search's hundreds.
const tinyProbes = 8

// tinyBar and tinyBudget are the work a search may be estimated at to be
// tried as a tiny one and the work it may take (see above). Variables
// for tests.
var (
	tinyBar    uint64 = 400_000
	tinyBudget uint64 = 1_000_000
)

// tinySearch is a search run whole in Prepare: what Run reports.
type tinySearch struct {
	rows  [][]int32 // each solution's problem rows, in the order found
	nodes uint64
}

// tinyAllowed reports whether a search with opts may be run as a tiny
// one: from the start, whole, and without disassembly. A resumed or
// split search needs the matrix its saved state or split refers to;
// -first promises the usual search order; and disassembling in Prepare
// could not be stopped and continued.
func tinyAllowed(opts Options) bool {
	return opts.Resume == nil && opts.Parts == 0 && opts.SplitDir == "" && opts.First == 0 && !opts.Disassemble
}

// searchTiny searches m whole, without its hints, if it is estimated
// tiny and proves so; otherwise (or when ctx is cancelled) it returns
// nil, and m is as it was.
func searchTiny(ctx context.Context, m *cover.Matrix) *tinySearch {
	node := uint64(max(1, m.NumCols()+10*m.NumEntries()/max(1, m.NumRows())))
	if e := cover.EstimateBare(m, tinyProbes); e.Nodes*node > tinyBar {
		return nil
	}
	t := &tinySearch{}
	res, err := cover.Search(ctx, m, cover.Options{
		Workers:  1,
		NoHints:  true,
		MaxNodes: max(1, tinyBudget/node),
		OnSolution: func(_ int, rows []int32) cover.Action {
			t.rows = append(t.rows, slices.Clone(rows))
			return cover.Continue
		},
	})
	if err != nil || !res.Complete() {
		return nil
	}
	t.nodes = res.Nodes
	return t
}
