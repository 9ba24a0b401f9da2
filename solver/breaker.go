package solver

import (
	"context"

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
	// breakerProbes estimate each part's search. Knuth's estimator
	// spreads widely; fewer probes misranked the 5x4x3 box's parts.
	breakerProbes = 1024
	// breakerMargin: another part is kept only if its estimate is at
	// least this many tenths below the assembler's choice's, so that the
	// noise of the estimates does not swap parts of about the same search.
	breakerMargin = 1
)

// breakerNodes is about three seconds of one worker: a box of pentominoes
// (0.2 s) pays nothing, and trying a dozen parts (about 15 ms each on the
// 5x4x3 box) costs at most a few percent. A variable for tests.
var breakerNodes uint64 = 1 << 22

// chooseBreaker returns the assembler and reduced matrix of the part whose
// search is estimated smallest, a and m when no other part is estimated
// clearly smaller or the search is short anyway. The choice depends on
// the matrices alone (the probes' seeds are fixed): every process of a
// split search (Options.Part) makes the same one, whatever its workers.
// The assemblies and their count do not depend on it.
func chooseBreaker(ctx context.Context, a *assemble.Assembler, m *cover.Matrix) (*assemble.Assembler, *cover.Matrix, error) {
	others := a.Breakers()
	if len(others) == 0 || cover.EstimateProbes(m, breakerGateProbes) < breakerNodes {
		return a, m, nil
	}
	best := cover.EstimateProbes(m, breakerProbes)
	bar := best - best/10*breakerMargin
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
		if e := cover.EstimateProbes(mb, breakerProbes); e < bar && e < best {
			a, m, best = b, mb, e
		}
	}
	return a, m, nil
}
