package model

import "fmt"

// SolutionSample keeps at most a fixed number of a search's solutions,
// spread evenly over the whole search rather than taken from its start:
// BurrTools' automatic thinning of a full list. Solutions are numbered as
// the solver numbers them (SolNum when the search takes assemblies apart,
// else AsmNum), and the sample holds exactly those found so far whose
// number is a multiple of its step. The step starts at the search's drop
// (1 keeps every one); whenever one more solution would exceed the limit,
// the sample drops every second one it holds and the step doubles. A long
// run thus always holds every step-th solution, however far it has come.
//
// Because the rule depends only on the numbers, solutions may arrive out
// of order (several search workers) and the sample is still the same.
type SolutionSample struct {
	limit      int
	bySolution bool
	step       int
	sols       []Solution
}

// NewSolutionSample returns a sample of at most limit (>= 1) solutions.
// drop (>= 1) is the step the solver already keeps (Options.Drop);
// bySolution says solutions are numbered by SolNum. A continued search
// passes how many it had found before (found) and the solutions it kept
// then: the sample starts as one uninterrupted run would stand after
// found solutions, keeping those of kept that fit its step.
func NewSolutionSample(limit, drop int, bySolution bool, found uint64, kept []Solution) (*SolutionSample, error) {
	if limit < 1 {
		return nil, fmt.Errorf("a sample of %d solutions: the limit must be at least 1", limit)
	}
	if drop < 1 {
		drop = 1
	}
	s := &SolutionSample{limit: limit, bySolution: bySolution, step: drop}
	// Multiples of step below found: ceil(found/step).
	for (found+uint64(s.step)-1)/uint64(s.step) > uint64(limit) {
		s.step *= 2
	}
	s.sols = KeepEvery(kept, s.step, bySolution)
	for len(s.sols) > limit { // kept more than the rule allows
		s.thin()
	}
	return s, nil
}

// number is the solution's ordinal that the step applies to.
func (s *SolutionSample) number(sol *Solution) int {
	if s.bySolution {
		return sol.SolNum
	}
	return sol.AsmNum
}

// Add offers the next solution found. It reports whether the sample took
// it; Step tells whether the sample was thinned to make room.
func (s *SolutionSample) Add(sol Solution) bool {
	if s.number(&sol)%s.step != 0 {
		return false
	}
	s.sols = append(s.sols, sol)
	for len(s.sols) > s.limit {
		s.thin()
	}
	return s.number(&sol)%s.step == 0
}

// thin doubles the step and drops what no longer fits it.
func (s *SolutionSample) thin() {
	s.step *= 2
	// A new slice: the old one may be shared (undo snapshots, the UI).
	s.sols = KeepEvery(s.sols, s.step, s.bySolution)
}

// Step is the current step: the sample holds the solutions whose number
// is a multiple of it.
func (s *SolutionSample) Step() int { return s.step }

// Solutions returns the sample in the order the solutions arrived. The
// slice belongs to the sample until the next Add.
func (s *SolutionSample) Solutions() []Solution { return s.sols }

// KeepEvery returns, in a new slice, the solutions whose number (SolNum
// when bySolution, else AsmNum) is a multiple of step, in their order.
func KeepEvery(sols []Solution, step int, bySolution bool) []Solution {
	out := make([]Solution, 0, len(sols)/2+1)
	for _, sol := range sols {
		n := sol.AsmNum
		if bySolution {
			n = sol.SolNum
		}
		if step <= 1 || n%step == 0 {
			out = append(out, sol)
		}
	}
	return out
}
