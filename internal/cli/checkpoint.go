package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"time"

	"github.com/burrlab/burrlab/model"
	"github.com/burrlab/burrlab/solver"
)

// checkpoints save a long search with -save as it stands every so often:
// the search stops, the file is written with the problem paused, and the
// search goes on from the state it saved, as after Ctrl-C and -continue
// (the solver's state is only whole when it stops). A crash, an
// out-of-memory kill or SIGKILL then loses one interval at most.
type checkpoints struct {
	every time.Duration
	// prepFactor: a segment runs at least this many times as long as its
	// preparation took (10: preparing again costs at most a tenth), so
	// that a search whose preparation is slow (a huge result, a symmetry
	// breaker chosen by estimate) is not prepared over and over.
	prepFactor time.Duration
	save       func() error // writes the puzzle, with the problem as recorded
	warn       io.Writer    // where a failed save is reported
}

// searchInSegments runs the search s of problem i of p, which took prep
// to prepare with opts, in segments of cp.every when cp is not nil. found
// gets every solution; after each segment but the last, record puts the
// search as it stands into the puzzle, cp.save writes it, and the search
// is prepared again to go on from there. It returns the last segment's
// Done and the nodes of all segments; a signal while a segment is being
// prepared ends the search where the one before left it.
func searchInSegments(ctx context.Context, s *solver.Solver, prep time.Duration, p *model.Puzzle, i int, opts solver.Options,
	cp *checkpoints, prog *progress, found func(model.Solution), record func(solver.Done)) (solver.Done, uint64, error) {
	var nodes uint64
	for {
		seg, cancel := context.WithCancel(ctx)
		var timer *time.Timer
		if cp != nil {
			timer = time.AfterFunc(max(cp.every, cp.prepFactor*prep), cancel)
		}
		var (
			done   solver.Done
			runErr error
		)
		for ev := range s.Run(seg) {
			switch ev := ev.(type) {
			case solver.Found:
				found(ev.Solution)
			case solver.Progress:
				prog.search(ev)
			case solver.Done:
				done = ev
			case solver.Error:
				runErr = ev.Err
			}
		}
		prog.clear()
		if timer != nil {
			timer.Stop()
		}
		byTimer := seg.Err() != nil && ctx.Err() == nil
		cancel()
		nodes += done.Nodes
		if runErr != nil || cp == nil || !byTimer || done.Complete || done.State == nil {
			return done, nodes, runErr
		}
		// A save that fails (a full disk) stops nothing: the search goes
		// on, and the next checkpoint or the end tries again.
		record(done)
		if err := cp.save(); err != nil {
			fmt.Fprintf(cp.warn, "burr solve: checkpoint of problem %d not saved (the search goes on): %v\n", i, err)
		}
		opts.Resume = done.State
		began := time.Now()
		next, err := solver.Prepare(ctx, p, i, opts)
		prog.clear()
		if err != nil {
			if errors.Is(err, context.Canceled) {
				err = nil // stopped: the search stands where this segment left it
			}
			return done, nodes, err
		}
		s, prep = next, time.Since(began)
	}
}
