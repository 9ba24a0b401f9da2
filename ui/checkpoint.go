package ui

import (
	"context"
	"time"

	"github.com/burrlab/burrlab/model"
	"github.com/burrlab/burrlab/solver"
)

// A search can run for hours. So that a crash does not cost all of it,
// the solver is stopped every so often (the recovery interval) and at
// once continued from the State its Done carries: the stop hands back
// exactly the unexplored part of the search, and the pause in between is
// one more preparation (tens of milliseconds for the examples; for a
// slow one the interval grows to ten times the preparation). The State
// and the solutions found so far go into the recovery file; a restarted
// app continues from there as the Solve tab's Continue does.

// searchResults is what a search has found so far, to store in its
// problem: by the Solve tab when a run ends, by the recovery file at a
// checkpoint.
type searchResults struct {
	sols                  []model.Solution
	assemblies, solutions uint64
	disassemble           bool // solutions were counted
	complete              bool // the whole search space was explored
	elapsed               time.Duration
	resume                *solver.State // where a stopped search goes on
}

// store writes the results into pr: a solved problem, or a paused one
// that Continue can go on with.
func (s searchResults) store(pr *model.Problem) {
	pr.Solutions = s.sols
	pr.NumAssemblies = s.assemblies
	pr.NumSolutions = 0
	if s.disassemble {
		pr.NumSolutions = s.solutions
	}
	pr.SolveTime = uint64(s.elapsed.Seconds())
	pr.State, pr.Assembler = model.Solved, nil
	if !s.complete {
		pr.State = model.Paused
		if s.resume != nil {
			pr.Assembler = s.resume.AssemblerState()
		}
	}
}

// checkpointer collects, in the solver's goroutine, what a checkpoint
// needs: the solutions kept so far (those the run had when it was
// launched, then each one found, up to the run's limit).
type checkpointer struct {
	every       time.Duration
	prepFactor  time.Duration // segments last at least this many preparations
	keep        int
	disassemble bool
	sols        []model.Solution
	sample      *model.SolutionSample // instead of the first keep, when the run thins
	// save receives each checkpoint, in the solver's goroutine.
	save func(searchResults)
}

// found records a solution the run will keep.
func (c *checkpointer) found(s model.Solution) {
	if c.sample != nil {
		c.sample.Add(s)
		c.sols = c.sample.Solutions()
		return
	}
	if len(c.sols) < c.keep {
		c.sols = append(c.sols, s)
	}
}

// checkpoint hands the state of a stopped segment on.
func (c *checkpointer) checkpoint(d solver.Done) {
	c.save(searchResults{
		sols:       c.sols[:len(c.sols):len(c.sols)],
		assemblies: d.Assemblies, solutions: d.Solutions,
		disassemble: c.disassemble, elapsed: d.Elapsed, resume: d.State,
	})
}

// runSegments prepares and runs the solver and sends its events to out.
// With a checkpointer it runs the search in segments of cp.every: each
// segment's Done, if the search is not over, becomes a checkpoint and the
// next segment continues from it; only the last Done reaches out.
// Stopping (ctx) during preparation ends the stream quietly.
func runSegments(ctx context.Context, p *model.Puzzle, problem int, opts solver.Options, cp *checkpointer, out chan<- runEvent) {
	// left is how many more Found events the run keeps; beyond that the
	// feed would drop them, so they are not passed on (the counts come
	// with Progress and Done).
	left := opts.Limit
	var last *solver.Done // the latest checkpoint
	for {
		if left > 0 {
			opts.Limit = left
		}
		began := time.Now()
		s, err := solver.Prepare(ctx, p, problem, opts)
		prep := time.Since(began)
		if err != nil {
			switch {
			case ctx.Err() == nil:
				out <- runEvent{kind: evError, err: explainSolverError(p, problem, err)}
			case last != nil:
				// Stopped while preparing the next segment: the search
				// stands where the last one left it.
				out <- fromSolver(*last)
			}
			return
		}
		seg, cancel := context.WithCancel(ctx)
		var timer *time.Timer
		if cp != nil {
			// Each checkpoint costs a preparation: where that is slow
			// (a huge result), checkpoint less often than every
			// interval, so that it never takes more than a small share
			// of the time.
			timer = time.AfterFunc(max(cp.every, cp.prepFactor*prep), cancel)
		}
		var done *solver.Done
		for ev := range s.Run(seg) {
			switch e := ev.(type) {
			case solver.Done:
				done = &e
				continue
			case solver.Found:
				if opts.Limit > 0 {
					if left <= 0 {
						continue
					}
					left--
				}
				if cp != nil {
					cp.found(e.Solution)
				}
			}
			out <- fromSolver(ev)
		}
		paused := seg.Err() != nil // by the timer or by ctx
		if timer != nil {
			timer.Stop()
		}
		cancel()
		if done == nil {
			return
		}
		if cp == nil || ctx.Err() != nil || !paused || done.Complete || done.State == nil {
			out <- fromSolver(*done)
			return
		}
		cp.checkpoint(*done)
		last = done
		opts.Resume = done.State
		if opts.Limit > 0 && left <= 0 {
			// The solver has no "none": one more Found per segment is
			// the least it can be asked for; it is dropped above.
			opts.Limit = 1
		}
	}
}

// checkpointsFor returns the checkpointer for a run about to be launched,
// or nil when there is no recovery file to write to. Call it on the UI
// thread.
func (t *solveTab) checkpointsFor(r *solveRun) *checkpointer {
	rc := t.u.rec
	if rc == nil {
		return nil
	}
	base := r.kept
	if len(base) > r.opts.keep {
		base = base[:r.opts.keep]
	}
	return &checkpointer{
		every: rc.every, prepFactor: rc.prepFactor, keep: r.opts.keep, disassemble: r.opts.disassemble,
		sols: base[:len(base):len(base)], sample: r.newSample(),
		save: func(res searchResults) { t.do(func() { t.u.checkpointed(r, res) }) },
	}
}
