package cli

import (
	"context"
	"fmt"
	"io"

	"github.com/burrlab/burrlab/model"
	"github.com/burrlab/burrlab/solver"
)

// checkpoints save a long search with -save as it stands every so often
// (solver.RunSegments), so that a crash, an out-of-memory kill or SIGKILL
// loses one interval at most.
type checkpoints struct {
	solver.Segments
	save func() error // writes the puzzle, with the problem as recorded
	warn io.Writer    // where a failed save is reported
}

// search runs s, prepared from problem i of p, in the segments of cp when
// cp is not nil. found gets every solution passed on; at each checkpoint
// record puts the search as it stands into the puzzle and cp.save writes
// it. It returns the last Done (its Nodes those of all segments) and the
// first error the search reported.
func search(ctx context.Context, s *solver.Solver, p *model.Puzzle, i int, cp *checkpoints,
	prog *progress, found func(model.Solution), record func(solver.Done)) (solver.Done, error) {
	var seg solver.Segments
	if cp != nil {
		seg = cp.Segments
	}
	var (
		done   solver.Done
		runErr error
	)
	for ev := range solver.RunSegments(ctx, s, p, i, seg) {
		switch ev := ev.(type) {
		case solver.Found:
			found(ev.Solution)
		case solver.Progress:
			prog.search(ev)
		case solver.Checkpoint:
			prog.clear()
			// A save that fails (a full disk) stops nothing: the search
			// goes on, and the next checkpoint or the end tries again.
			record(ev.Done)
			if err := cp.save(); err != nil {
				fmt.Fprintf(cp.warn, "burr solve: checkpoint of problem %d not saved (the search goes on): %v\n", i, err)
			}
			ev.Resume()
		case solver.Done:
			done = ev
		case solver.Error:
			if runErr == nil {
				runErr = ev.Err
			}
		}
	}
	prog.clear()
	return done, runErr
}
