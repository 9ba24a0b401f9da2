package ui

import (
	"slices"

	"github.com/burrlab/burrlab/model"
)

// BurrTools' automatic thinning of a full list: with "Thin out" checked, a
// run that has kept as many solutions as "Keep at most" allows drops every
// second one it holds and from then on keeps every 2nd, 4th, ... solution
// found, so that the list samples the whole search evenly instead of
// holding its beginning. model.SolutionSample is the rule; the feed and
// the checkpoints each apply it to the same stream of solutions (it
// depends only on their numbers, so they agree), and the panel follows
// the feed's step.

// newThinCheck makes the "Thin out" switch beside "Keep at most".
func newThinCheck(u *App) *tipCheck {
	return newTipCheck("thin out", "When the list is full, drop every second solution kept and go on keeping every 2nd, 4th, ... one found, so that the kept solutions spread evenly over the whole search (as BurrTools does)", u, nil)
}

// newSample returns the sample a run keeps when it thins, nil when it
// keeps its first solutions. It starts from what the run holds, as one
// uninterrupted run would stand after the solutions found so far.
func (r *solveRun) newSample() *model.SolutionSample {
	if !r.opts.thin || r.opts.keep < 1 {
		return nil
	}
	s, err := model.NewSolutionSample(r.opts.keep, r.opts.drop, r.opts.disassemble, r.found(), r.kept)
	if err != nil {
		return nil // keep >= 1 is checked above
	}
	return s
}

// startThinning applies the run's thinning, if any, to what it holds
// before (re)starting: a run continued with a smaller limit or after more
// solutions than the list holds may start thinned.
func (r *solveRun) startThinning() {
	r.step = 0
	if s := r.newSample(); s != nil {
		// A copy: the feed's sample and the panel's list grow apart.
		r.kept = slices.Clone(s.Solutions())
		r.step = s.Step()
	}
}

// thinTo thins the run's list to step, when the feed's sample has
// thinned since the last batch; it reports whether the list changed.
func (r *solveRun) thinTo(step int) bool {
	if step <= r.step {
		return false
	}
	r.step = step
	// A new slice: the document's undo history may share the old one.
	r.kept = model.KeepEvery(r.kept, step, r.opts.disassemble)
	return true
}
