package solver

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"sync"

	"github.com/burrlab/burrlab/internal/atomicfile"
	"github.com/burrlab/burrlab/internal/workpool"

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
	// breakerFirstProbes estimate each part first: a part whose estimate
	// lies breakerSpreads of its spreads above the assembler's choice's
	// cannot come out clearly below it, and is not estimated further.
	// In the Bedlam cube, where the assembler's choice is estimated
	// smallest and most of the 12 other parts at 2 to 12 times it, the
	// choice took 0.30 to 0.32 s instead of 0.36 to 0.41 (one worker):
	// preparing and reducing each part's matrix and building the rows
	// its probes meet is most of it. The 5x4x3 pentacube box, whose
	// parts are all estimated below its assembler's choice, is estimated
	// as before.
	breakerFirstProbes = 64
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
// 5x4x3 box, 0.3 s in the Bedlam cube) costs at most a few percent. The
// bar is the same for a search split into parts, whatever their number:
// a part searches the matrix of the whole search, so the parts of the
// 5x4x3 box, like one run, search half the nodes with the choice. Parts
// that share a split folder (Options.SplitDir) make the choice once (see
// breakerFile). A variable for tests.
var breakerNodes uint64 = 1 << 22

// chooseBreaker returns the assembler and reduced matrix of the part whose
// search is estimated smallest, a and m when no other part is estimated
// clearly smaller or the search is short anyway. The choice depends on
// the matrices alone (the probes' seeds are fixed): every process of a
// split search makes the same one, whatever its part number, number of
// parts or workers. The assemblies and their count do not depend on it.
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
	if len(others) == 0 {
		return a, m, nil
	}
	if opts.SplitDir != "" {
		if part, fp, err := readBreaker(opts.SplitDir, m.Fingerprint()); err == nil {
			return withBreaker(ctx, a, m, part, fp)
		} else if !errors.Is(err, fs.ErrNotExist) {
			return nil, nil, err
		}
	}
	// A search far below the bar with the assembler's cut columns is
	// below it without them too: the cuts take only some assemblies'
	// mirror images away (the 5x4x3 box's I: 5.2 against 8.4 million
	// nodes). The matrix without them, a second preparation that took
	// 9 of the 5x12 box's 125 ms, is then spared.
	gate := cover.EstimateProbes(m, breakerGateProbes).Nodes
	if gate < breakerNodes/8 {
		return a, m, nil
	}
	// The estimates, the gate's too, are of the searches without the
	// assembler's cut columns (see assemble.WithoutCuts): with them, 512
	// descents no longer told the 5x4x3 box's I (5.2 million nodes) from
	// W (3.9 million). The part chosen is then prepared with them.
	bare, mBare := a, m
	if b, err := a.WithoutCuts(ctx); err != nil {
		if ctx.Err() != nil {
			return nil, nil, ctx.Err()
		}
		return a, m, nil // over the memory budget: no choice
	} else if b != a {
		if mBare, err = reduced(ctx, b); err != nil {
			return nil, nil, err
		}
		bare = b
		gate = cover.EstimateProbes(mBare, breakerGateProbes).Nodes
	}
	if gate < breakerNodes {
		return a, m, nil
	}
	part, err := estimateBreakers(ctx, bare, mBare, others, opts.Workers)
	if err != nil {
		return nil, nil, err
	}
	b, mb := a, m
	if part >= 0 {
		if b, err = a.WithBreaker(ctx, part); err != nil {
			if ctx.Err() != nil {
				return nil, nil, ctx.Err()
			}
			return a, m, nil // over the memory budget with the cuts
		}
		if mb, err = reduced(ctx, b); err != nil {
			return nil, nil, err
		}
	}
	if opts.SplitDir == "" {
		return b, mb, nil
	}
	return b, mb, writeBreaker(opts.SplitDir, m.Fingerprint(), part, mb.Fingerprint())
}

// estimateBreakers tries the parts others as breakers instead of a's own
// choice and returns the part whose search is estimated clearly
// smallest (-1: a's own choice). Up to workers parts (0: one per core)
// are prepared and estimated at the same time; the choice is the one
// trying them in turn makes: the first part, in the order of others,
// with the least estimate clearly below a's.
func estimateBreakers(ctx context.Context, a *assemble.Assembler, m *cover.Matrix, others []int, workers int) (int, error) {
	own := cover.EstimateProbes(m, breakerProbes)
	// best is the pick so far among the parts estimated, by estimate and
	// then by place in others: the same whatever order they finish in.
	var (
		mu        sync.Mutex
		best      = -1 // index in others
		bestNodes = own.Nodes
		firstErr  error
	)
	workpool.Each(len(others), workers, func(k int) {
		e, ok, err := estimateBreaker(ctx, a, others[k], own)
		mu.Lock()
		switch {
		case err != nil:
			if firstErr == nil {
				firstErr = err
			}
		case ok && clearlyBelow(e, own) && (e.Nodes < bestNodes || e.Nodes == bestNodes && best >= 0 && k < best):
			best, bestNodes = k, e.Nodes
		}
		mu.Unlock()
		// A matrix allocates its per-row sets whole and touches a page
		// only when a row is built (see cover's planLazy), but a page the
		// collector hands out again is zeroed, touched all at once.
		// Collecting after each part lets the next reuse the last one's
		// pages: the 5x4x3 box's peak memory was 41 MB instead of 24
		// without, with no measurable cost in time.
		runtime.GC()
	})
	if firstErr != nil {
		return 0, firstErr
	}
	if best < 0 {
		return -1, nil
	}
	return others[best], nil
}

// estimateBreaker prepares the problem of a with part as the breaker and
// estimates its search, with breakerFirstProbes only if that estimate
// rules it out against own, the estimate of a's. A part whose preparation
// exceeds the memory budget where a's did not is left out, as no
// better: ok false.
func estimateBreaker(ctx context.Context, a *assemble.Assembler, part int, own cover.SearchEstimate) (e cover.SearchEstimate, ok bool, err error) {
	b, err := a.WithBreaker(ctx, part)
	if err != nil {
		return e, false, ctx.Err()
	}
	mb, err := reduced(ctx, b)
	if err != nil {
		return e, false, err
	}
	if e = cover.EstimateProbes(mb, breakerFirstProbes); e.Nodes-min(e.Nodes, breakerSpreads*e.Spread) >= own.Nodes {
		return e, true, nil // not clearly below own (see clearlyBelow)
	}
	return cover.EstimateProbes(mb, breakerProbes), true, nil
}

// reduced returns the reduced cover matrix of a, which is done with it.
func reduced(ctx context.Context, a *assemble.Assembler) (*cover.Matrix, error) {
	m, err := cover.Take(a.Cover())
	if err != nil {
		return nil, err
	}
	m, _, err = m.Reduce(ctx)
	return m, err
}

// clearlyBelow reports whether estimate e lies clearly below own (see
// breakerSpreads).
func clearlyBelow(e, own cover.SearchEstimate) bool {
	return e.Nodes+breakerSpreads*(e.Spread+own.Spread) < own.Nodes-own.Nodes/10
}

// withBreaker returns the assembler and reduced matrix with part as the
// breaker (a and m for -1), which must be the matrix fingerprint fp: the
// choice read from a split folder.
func withBreaker(ctx context.Context, a *assemble.Assembler, m *cover.Matrix, part int, fp string) (*assemble.Assembler, *cover.Matrix, error) {
	if part < 0 {
		if fp != m.Fingerprint() {
			return nil, nil, fmt.Errorf("%w: the breaker file's matrix %s is not this one's", ErrSplitFile, fp)
		}
		return a, m, nil
	}
	if !slices.Contains(a.Breakers(), part) {
		return nil, nil, fmt.Errorf("%w: part %d cannot break this problem's symmetry", ErrSplitFile, part)
	}
	b, err := a.WithBreaker(ctx, part)
	if err != nil {
		return nil, nil, err
	}
	mb, err := reduced(ctx, b)
	if err != nil {
		return nil, nil, err
	}
	if mb.Fingerprint() != fp {
		return nil, nil, fmt.Errorf("%w: with breaker %d the matrix is %s, the breaker file says %s", ErrSplitFile, part, mb.Fingerprint(), fp)
	}
	return b, mb, nil
}

// breakerFile names the file of a split folder that keeps the breaker
// chosen for the search whose matrix with the assembler's own choice has
// fingerprint own. The parts that share the folder then pay for the
// choice once (the 5x4x3 box: 0.15 s a part), the first to get there
// (usually the split-only step) writing it, like the split file.
func breakerFile(dir, own string) string {
	return filepath.Join(dir, fmt.Sprintf("breaker-%s.txt", own))
}

// writeBreaker keeps the choice of part (-1: the assembler's own) with
// chosen matrix fingerprint fp for the search own.
func writeBreaker(dir, own string, part int, fp string) error {
	if err := os.MkdirAll(dir, 0o777); err != nil {
		return err
	}
	line := fmt.Sprintf("burrlab-breaker %s %d %s\n", own, part, fp)
	return atomicfile.WriteFile(breakerFile(dir, own), func(w io.Writer) error {
		_, err := io.WriteString(w, line)
		return err
	})
}

// readBreaker reads the choice writeBreaker kept for the search own; an
// error wrapping fs.ErrNotExist when there is none.
func readBreaker(dir, own string) (part int, fp string, err error) {
	name := breakerFile(dir, own)
	data, err := os.ReadFile(name)
	if err != nil {
		return 0, "", err
	}
	var got string
	if n, err := fmt.Sscanf(string(data), "burrlab-breaker %s %d %s\n", &got, &part, &fp); err != nil || n != 3 || got != own {
		return 0, "", fmt.Errorf("%s: %w: damaged", name, ErrSplitFile)
	}
	return part, fp, nil
}
