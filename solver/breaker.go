package solver

import (
	"context"
	"runtime"

	"github.com/burrlab/burrlab/solver/assemble"
	"github.com/burrlab/burrlab/solver/cover"
)

// The symmetry breaker by the size of the search: where any of several
// parts may break the result's symmetry (see assemble.Breakers) and the
// search promises to be long, each is tried and the one whose search is
// estimated smallest kept. Room alone (the assembler's own choice) is a
// poor guide in some boxes: in the 5x4x3 pentacube box the part with the
// least room gives 8,438,166 search nodes, two others about 4.0 million.
const (
	// breakerGateProbes estimate the search with the assembler's choice;
	// the others are tried only when that estimate reaches breakerNodes.
	// These probes cost a fraction of a millisecond, nothing measurable
	// on a small puzzle.
	breakerGateProbes = 64
	// breakerProbes estimate each part's search: 512 cost about 10 ms on
	// the 5x4x3 box, a part's preparation and reduction 4 ms more.
	breakerProbes = 512
	// Another part is kept only if its estimate lies clearly below the
	// assembler's choice's: by a tenth of it and breakerSpreads times the
	// two estimates' spreads on top. Knuth's estimator spreads widely
	// and its own spread is seen too small when the probes miss a big
	// branch: in the Bedlam cube, where one part's search is 8% smaller
	// than the assembler's choice and the others 12 to 22% bigger, a
	// plain comparison picked a bigger one for 3 of 8 seeds; this rule
	// kept the assembler's choice for 7 of them. The 5x4x3 box's parts of
	// half the search are picked by every seed.
	breakerSpreads = 3
)

// breakerNodes is about three seconds of one worker: a box of pentominoes
// (0.2 s) pays nothing, and trying a dozen parts (about 0.15 s on the
// 5x4x3 box, 0.3 s in the Bedlam cube) costs at most a few percent. A
// search split into parts pays for the choice in every part, so there
// the bar is each part's share. A variable for tests.
var breakerNodes uint64 = 1 << 22

// chooseBreaker returns the assembler and reduced matrix of the part whose
// search is estimated smallest, a and m when no other part is estimated
// clearly smaller or the search is short anyway. The choice depends on
// the matrices and opts.Parts alone (the probes' seeds are fixed): every
// process of a split search makes the same one, whatever its part number
// or workers. The assemblies and their count do not depend on it.
//
// A search to stop after opts.First assemblies keeps a and m: it may end
// long before the choice would pay (the 5x4x3 box's first assembly takes
// 5,286 nodes, the choice the time of 200,000). A search continued from
// opts.Resume has to prepare the same matrix as the run that saved it:
// a and m if the fingerprints agree, otherwise the choice, which that
// run made.
func chooseBreaker(ctx context.Context, a *assemble.Assembler, m *cover.Matrix, opts Options) (*assemble.Assembler, *cover.Matrix, error) {
	if r := opts.Resume; r != nil && r.Fingerprint == m.Fingerprint() || r == nil && opts.First > 0 {
		return a, m, nil
	}
	others := a.Breakers()
	if len(others) == 0 || cover.EstimateProbes(m, breakerGateProbes).Nodes/uint64(max(1, opts.Parts)) < breakerNodes {
		return a, m, nil
	}
	own := cover.EstimateProbes(m, breakerProbes)
	best := own.Nodes
	for _, part := range others {
		b, err := a.WithBreaker(ctx, part)
		if err != nil {
			if ctx.Err() != nil {
				return nil, nil, ctx.Err()
			}
			// A part whose preparation exceeds the memory budget where
			// the assembler's choice's did not: left out, as no better.
			continue
		}
		mb, err := cover.Take(b.Cover())
		if err != nil {
			return nil, nil, err
		}
		if mb, _, err = mb.Reduce(ctx); err != nil {
			return nil, nil, err
		}
		if e := cover.EstimateProbes(mb, breakerProbes); e.Nodes < best && clearlyBelow(e, own) {
			a, m, best = b, mb, e.Nodes
		}
		// A matrix allocates its per-row sets whole and touches a page
		// only when a row is built (see cover's planLazy), but a page the
		// collector hands out again is zeroed, touched all at once.
		// Collecting after each part lets the next reuse the last one's
		// pages: the 5x4x3 box's peak memory was 41 MB instead of 24
		// without, with no measurable cost in time.
		runtime.GC()
	}
	return a, m, nil
}

// clearlyBelow reports whether estimate e lies clearly below own (see
// breakerSpreads).
func clearlyBelow(e, own cover.SearchEstimate) bool {
	return e.Nodes+breakerSpreads*(e.Spread+own.Spread) < own.Nodes-own.Nodes/10
}
