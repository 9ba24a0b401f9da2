package ui

import (
	"context"
	"errors"
	"fmt"

	"github.com/burrlab/burrlab/model"
	"github.com/burrlab/burrlab/solver"
	"github.com/burrlab/burrlab/solver/assemble"
)

// launchSolver prepares and runs the solver for r in a goroutine and
// passes its events on as the feed's. Preparing (placements, the cover
// matrix) can take a while for big puzzles, so it happens in the goroutine
// too; its errors (a piece that fits nowhere, too many cells, ...) arrive
// as an evError. Stopping during preparation ends the stream quietly. With
// a recovery file the search is checkpointed (see runSegments).
func (t *solveTab) launchSolver(ctx context.Context, r *solveRun, resume bool) (<-chan runEvent, error) {
	opts := r.opts.solver()
	opts.Workers, opts.MaxMemory = t.u.prefWorkers(), t.u.maxMemory()
	// Events the panel would drop anyway need not cross the channel.
	if left := r.opts.keep - len(r.kept); left > 0 && !r.opts.thin {
		opts.Limit = left
	}
	if resume {
		opts.Resume = r.resume
	}
	cp := t.checkpointsFor(r)
	out := make(chan runEvent, 256)
	opts.OnPrepare = func(pp solver.PrepareProgress) {
		out <- runEvent{kind: evProgress, fraction: -1, preparing: fmt.Sprintf("%s, %d%%", pp.Phase, int(pp.Fraction*100))}
	}
	go func() {
		defer close(out)
		runSegments(ctx, r.puzzle, r.problem, opts, cp, out)
	}()
	return out, nil
}

// solver returns the solver's options for the panel's settings, as far
// as they decide what is found.
func (o solveOptions) solver() solver.Options {
	so := solver.Options{
		KeepMirrors:           o.keepMirrors,
		KeepRotations:         o.keepRotations,
		CompleteRotationCheck: o.completeRotations,
		Disassemble:           o.disassemble,
		First:                 o.first,
		Drop:                  o.drop,
	}
	if o.maxHoles >= 0 {
		n := o.maxHoles
		so.MaxHoles = &n
	}
	return so
}

// fromSolver turns a solver event into the feed's form.
func fromSolver(ev solver.Event) runEvent {
	switch ev := ev.(type) {
	case solver.Found:
		return runEvent{kind: evSolution, sol: ev.Solution}
	case solver.Progress:
		return runEvent{kind: evProgress, assemblies: ev.Assemblies, solutions: ev.Solutions,
			fraction: ev.Fraction, elapsed: ev.Elapsed, left: ev.Left}
	case solver.Done:
		return runEvent{kind: evDone, assemblies: ev.Assemblies, solutions: ev.Solutions,
			complete: ev.Complete, resume: ev.State, elapsed: ev.Elapsed, fraction: ev.Fraction}
	case solver.Error:
		return runEvent{kind: evError, err: ev.Err}
	}
	return runEvent{kind: evProgress, fraction: -1}
}

// explainSolverError names shapes as the window does (S1, S2, ...: the
// solver counts from 0) and says what to do.
func explainSolverError(p *model.Puzzle, prob int, err error) error {
	var place *assemble.PlaceError
	var empty *assemble.EmptyShapeError
	var mismatch *solver.MismatchError
	switch {
	case errors.As(err, &place):
		return fmt.Errorf("the piece %s fits nowhere in the result %s: check its shape and the result's, and the colour rules", shapeLabel(p, place.Shape), shapeLabel(p, p.Problems[prob].Result))
	case errors.As(err, &empty):
		return fmt.Errorf("the piece %s has no filled cells", shapeLabel(p, empty.Shape))
	case errors.As(err, &mismatch):
		return fmt.Errorf("the stopped search cannot go on with these settings: %s. Set them back, or start afresh", mismatch.Why)
	}
	return err
}

// savedSearch returns the paused search stored in problem pr by an earlier
// session (or file), if BurrLab can continue it.
func savedSearch(pr *model.Problem) *solver.State {
	st, err := solver.StateOf(pr)
	if err != nil {
		return nil
	}
	return st
}
