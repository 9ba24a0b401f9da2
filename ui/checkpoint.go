package ui

import (
	"context"
	"time"

	"github.com/burrlab/burrlab/model"
	"github.com/burrlab/burrlab/solver"
)

// A search can run for hours. So that a crash does not cost all of it, it
// runs in segments of the recovery interval (solver.RunSegments); at each
// checkpoint its State and the solutions found so far go into the recovery
// file, and a restarted app continues from there as the Solve tab's
// Continue does.

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
	solver.Segments
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
// With a checkpointer it runs the search in its segments
// (solver.RunSegments): each segment's Done, if the search is not over,
// becomes a checkpoint. Stopping (ctx) during preparation ends the stream
// quietly.
func runSegments(ctx context.Context, p *model.Puzzle, problem int, opts solver.Options, cp *checkpointer, out chan<- runEvent) {
	s, err := solver.Prepare(ctx, p, problem, opts)
	if err != nil {
		if ctx.Err() == nil {
			out <- runEvent{kind: evError, err: explainSolverError(p, problem, err)}
		}
		return
	}
	var seg solver.Segments
	if cp != nil {
		seg = cp.Segments
	}
	for ev := range solver.RunSegments(ctx, s, p, problem, seg) {
		switch e := ev.(type) {
		case solver.Checkpoint:
			cp.checkpoint(e.Done) // hands a copy on to the UI thread
			e.Resume()
			continue
		case solver.Found:
			if cp != nil {
				cp.found(e.Solution)
			}
		case solver.Error:
			ev = solver.Error{Err: explainSolverError(p, problem, e.Err)}
		}
		out <- fromSolver(ev)
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
		Segments: solver.Segments{Every: rc.every, PrepFactor: rc.prepFactor}, keep: r.opts.keep, disassemble: r.opts.disassemble,
		sols: base[:len(base):len(base)], sample: r.newSample(),
		save: func(res searchResults) { t.do(func() { t.u.checkpointed(r, res) }) },
	}
}
