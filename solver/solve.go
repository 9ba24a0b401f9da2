// Package solver finds the assemblies (and, optionally, the disassemblies)
// of a puzzle problem, as BurrTools does and with the same counts. It is
// the public face of solver/assemble (placements, symmetry), solver/cover
// (the search) and solver/disassemble.
//
// Solving streams Events on a channel: Progress now and then, Found for
// each assembly (or, with Options.Disassemble, each solution), then one
// Done. The consumer decides what to keep, so memory stays flat however
// many assemblies stream by. Cancelling the context stops the search
// within a fraction of a second; Done then carries a State from which a
// later Run continues exactly where this one stopped.
//
//	s, err := solver.Prepare(ctx, puzzle, 0, solver.DefaultOptions())
//	if err != nil { ... } // too many units, a piece that fits nowhere, ...
//	for ev := range s.Run(ctx) {
//		switch ev := ev.(type) {
//		case solver.Found:    // ev.Solution
//		case solver.Progress: // ev.Fraction, ev.Left
//		case solver.Done:     // ev.Assemblies, ev.Complete, ev.State
//		case solver.Error:    // ev.Err
//		}
//	}
package solver

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"github.com/burrlab/burrlab/internal/budget"
	"github.com/burrlab/burrlab/model"
	"github.com/burrlab/burrlab/solver/assemble"
	"github.com/burrlab/burrlab/solver/cover"
	"github.com/burrlab/burrlab/solver/disassemble"
)

// Options are the solver's switches. The zero value is BurrTools' default
// except for MaxHoles, which DefaultOptions leaves to the problem.
type Options struct {
	// KeepMirrors keeps assemblies that are mirror images of others.
	KeepMirrors bool
	// KeepRotations switches the symmetry filter off. As in BurrTools the
	// count then lies somewhere between the true count and a multiple of
	// it (the symmetry breaker still prunes the search); it answers "are
	// there any?" fastest.
	KeepRotations bool
	// CompleteRotationCheck (BurrTools' "expensive rotation check") also
	// drops assemblies that are any rotation or translation of another.
	CompleteRotationCheck bool
	// MaxHoles, if not nil, replaces the problem's limit on variable cells
	// left empty. It applies only when piece counts are ranges; otherwise
	// the number of holes follows from the counts (as in BurrTools).
	MaxHoles *int
	// Disassemble tries to take every assembly apart. Only assemblies that
	// come apart are solutions, and only they are reported.
	Disassemble bool
	// Workers is the number of search goroutines; 0 means runtime.NumCPU().
	Workers int
	// Limit caps the number of Found events (0: no cap). The counts go on.
	Limit int
	// SharedShapes says that the caller leaves the puzzle's shapes as
	// they are until the Solver is done, as a command that solves a file
	// and exits does: Prepare then reads them where they are instead of
	// copying them. The app, whose editor may change a shape while a
	// search runs, leaves it false.
	SharedShapes bool
	// Validated says that the puzzle passed model.Puzzle.Validate and its
	// shapes' cells need no second check (see assemble.Options).
	Validated bool
	// CountOnly sends no Found events at all, for a caller that wants the
	// counts alone (Done has them): handing hundreds of assemblies to a
	// consumer that drops them was a tenth of a small burr's solve.
	CountOnly bool
	// Part and Parts, with Parts > 0, search only part Part (1..Parts)
	// of a deterministic split of the search into Parts balanced parts
	// (cover.Split): every machine computes the same split, so the parts,
	// run anywhere, find every assembly of a single run exactly once.
	Part, Parts int
	// SplitDir, if not empty, keeps the subdivision of a split search in
	// a file of this folder (named after the problem and Parts), so that
	// the parts that share the folder compute it only once: the first
	// writes it (making the folder if need be), the others read it
	// (SplitFile).
	SplitDir string
	// First, if positive, stops the search after First assemblies (with
	// Disassemble, First solutions); Done then says the search is not
	// complete, and its State continues it.
	First int
	// Drop reports only every Drop-th assembly (with Disassemble: every
	// Drop-th solution), numbered from the first of the whole search, so
	// a kept list samples all of it (BurrTools' "drop"). 0 and 1 report
	// every one. Limit counts the reported ones. It does not change what
	// Resume needs: a continued search may drop otherwise.
	Drop int
	// Resume continues a stopped search from the State its Done carried.
	// The puzzle, problem, the options above Workers and the part must be
	// the same.
	Resume *State
	// MaxMemory is the memory budget in bytes (0: budget.Default, 1 GiB).
	// Prepare refuses with a *budget.Error, before allocating, a problem
	// whose preparation or search would need more.
	MaxMemory int64
	// OnPrepare, if not nil, is called from Prepare's goroutine about
	// every 250 ms while a big problem is prepared (the first time after
	// 250 ms: small ones never report).
	OnPrepare func(PrepareProgress)
}

// PrepareProgress says how far Prepare has come.
type PrepareProgress struct {
	Phase    string  // what it is doing, e.g. "placing the pieces"
	Fraction float64 // of that phase, 0..1
	Elapsed  time.Duration
}

// reports applies Drop: whether sol is one of those reported.
func (o Options) reports(sol model.Solution) bool {
	if o.Drop <= 1 {
		return true
	}
	n := sol.AsmNum
	if o.Disassemble {
		n = sol.SolNum
	}
	return n%o.Drop == 0
}

// DefaultOptions returns BurrTools' defaults: filter rotations and
// mirrors, no disassembly, every CPU.
func DefaultOptions() Options { return Options{} }

// Event is one message of a running search: Progress, Found, Done or
// Error.
type Event interface{ event() }

// Progress reports how far the search has come.
type Progress struct {
	Fraction   float64       // estimated part of the search done, 0..1
	Elapsed    time.Duration // solving time so far, earlier runs included
	Left       time.Duration // estimated time to go; 0 when unknown
	Assemblies uint64        // assemblies found so far
	Solutions  uint64        // solutions so far (with Disassemble)
	Nodes      uint64        // search nodes visited in this run
}

// Found is a new assembly, or with Options.Disassemble a new solution.
// Solution.AsmNum and SolNum number them from 0 in the order found, as
// BurrTools does; the positions refer to the puzzle's own hotspots.
type Found struct {
	Solution model.Solution
}

// Done is the last event.
type Done struct {
	Assemblies uint64
	Solutions  uint64 // only counted with Options.Disassemble
	// Complete says the whole search space (of the part, for a part)
	// was explored; otherwise the search was stopped and State says where
	// to continue. A part's Done always has a State, which burr merge
	// reads.
	Complete bool
	State    *State
	Elapsed  time.Duration // solving time, earlier runs included
	// Fraction is the part of the whole search done, earlier runs
	// included: 1 when Complete, else estimated from what State leaves.
	Fraction float64
	// Nodes is the number of search nodes this run visited.
	Nodes uint64
}

// Error reports a failure during the search (a disassembler error); the
// search stops, and Done follows.
type Error struct{ Err error }

func (Progress) event() {}
func (Found) event()    {}
func (Done) event()     {}
func (Error) event()    {}

// Stats describes a prepared problem.
type Stats struct {
	assemble.Stats
	Rows     int           // rows of the cover matrix after removing impossible placements (all of them for a tiny search, see tiny.go)
	Prepared time.Duration // time spent preparing
}

// searchName names a whole search (part 0 of 0) or part i of n.
func searchName(i, n int) string {
	if n == 0 {
		return "a whole search"
	}
	return fmt.Sprintf("part %d/%d", i, n)
}

// ErrStateMismatch is returned, as a *MismatchError, when Options.Resume
// was saved for another problem, another version of it, or other options.
var ErrStateMismatch = errors.New("the saved search does not belong to this problem and these options")

// MismatchError is ErrStateMismatch with the reason, for a message that
// says what to set back.
type MismatchError struct {
	Why string // "disassemble was on for it, off here"
}

func (e *MismatchError) Error() string { return ErrStateMismatch.Error() + ": " + e.Why }

// Unwrap makes errors.Is(err, ErrStateMismatch) hold.
func (e *MismatchError) Unwrap() error { return ErrStateMismatch }

func mismatch(format string, args ...any) error {
	return &MismatchError{Why: fmt.Sprintf(format, args...)}
}

// Solver is a problem prepared for solving. Run may be called once.
type Solver struct {
	opts  Options
	asm   *assemble.Assembler
	m     *cover.Matrix
	dis   *disassemble.Disassembler
	stats Stats
	ran   atomic.Bool
	tiny  *tinySearch // the search, already run (see tiny.go)
}

// Prepare builds the placements, the cover matrix and the symmetry filter
// for problem number problem of p, which it copies: p may change
// afterwards. A search too small to pay for the rest of the preparation
// it runs there and then (see tiny.go), for Run to report. Its errors are
// those BurrTools reports before it searches (see solver/assemble: no
// result, too many or too few units, a piece that fits nowhere) and a
// disassembler that is not available for the grid. ctx cancels a long
// preparation.
func Prepare(ctx context.Context, p *model.Puzzle, problem int, opts Options) (*Solver, error) {
	start := time.Now()
	if opts.Workers < 0 || opts.Limit < 0 || opts.First < 0 || opts.Drop < 0 {
		return nil, fmt.Errorf("negative workers (%d), limit (%d), first (%d) or drop (%d)", opts.Workers, opts.Limit, opts.First, opts.Drop)
	}
	if opts.Parts != 0 || opts.Part != 0 {
		if err := cover.CheckPart(opts.Part, opts.Parts); err != nil {
			return nil, err
		}
	}
	if opts.Resume != nil {
		// Said before the preparation, which may take long.
		if err := opts.Resume.Fits(opts); err != nil {
			return nil, err
		}
	}
	ao := assemble.Options{
		KeepMirrors: opts.KeepMirrors, KeepRotations: opts.KeepRotations,
		CompleteRotationCheck: opts.CompleteRotationCheck, MaxHoles: -1,
		MaxMemory: opts.MaxMemory, SharedShapes: opts.SharedShapes, Validated: opts.Validated,
	}
	if opts.OnPrepare != nil {
		last := start
		ao.Progress = func(phase string, f float64) {
			if now := time.Now(); now.Sub(last) >= progressEvery {
				last = now
				opts.OnPrepare(PrepareProgress{Phase: phase, Fraction: f, Elapsed: now.Sub(start)})
			}
		}
	}
	if opts.MaxHoles != nil {
		if *opts.MaxHoles < 0 {
			return nil, fmt.Errorf("max holes %d is negative", *opts.MaxHoles)
		}
		ao.MaxHoles = *opts.MaxHoles
	}
	a, err := assemble.New(ctx, p, problem, ao)
	if err != nil {
		return nil, err
	}
	if err := budget.Check(opts.MaxMemory, searchCost(a, opts.Workers), "the search"); err != nil {
		return nil, err
	}
	m, err := cover.Take(a.Cover()) // the assembler is done with it
	if err != nil {
		return nil, err
	}
	var tiny *tinySearch
	if tinyAllowed(opts) {
		tiny = searchTiny(ctx, m)
	}
	if tiny == nil {
		if a, m, err = reduceAndBreak(ctx, a, m, opts); err != nil {
			return nil, err
		}
	}
	s := &Solver{opts: opts, asm: a, m: m, tiny: tiny}
	if opts.Disassemble {
		if s.dis, err = disassemble.New(a.Puzzle(), a.Problem()); err != nil {
			return nil, err
		}
		s.dis.SetMemoryLimit(disassemblyBudget(a, opts))
	}
	if r := opts.Resume; r != nil && r.Fingerprint != m.Fingerprint() {
		return nil, mismatch("it is of another problem (other pieces, result or max holes)")
	}
	s.stats = Stats{Stats: a.Stats(), Rows: m.NumRows(), Prepared: time.Since(start)}
	return s, nil
}

// reduceAndBreak prepares a search that is not tiny: m reduced, then the
// symmetry breaker chosen (see chooseBreaker), within the memory budget.
func reduceAndBreak(ctx context.Context, a *assemble.Assembler, m *cover.Matrix, opts Options) (*assemble.Assembler, *cover.Matrix, error) {
	m, _, err := m.Reduce(ctx)
	if err != nil {
		return nil, nil, err
	}
	b, mb, err := chooseBreaker(ctx, a, m, opts)
	if err != nil {
		return nil, nil, err
	}
	if b != a {
		if err := budget.Check(opts.MaxMemory, searchCost(b, opts.Workers), "the search"); err != nil {
			return nil, nil, err
		}
	}
	return b, mb, nil
}

// Solve prepares and runs in one go.
func Solve(ctx context.Context, p *model.Puzzle, problem int, opts Options) (<-chan Event, error) {
	s, err := Prepare(ctx, p, problem, opts)
	if err != nil {
		return nil, err
	}
	return s.Run(ctx), nil
}

// Stats describes the prepared problem.
func (s *Solver) Stats() Stats { return s.stats }

// A search is subdivided for its workers (see run) from subdivideWorkers
// workers on, when it is estimated at subdivideNodes nodes or more
// (about ten seconds of one worker).
const subdivideWorkers = 8

var subdivideNodes uint64 = 1 << 24 // a variable for tests

// progressEvery is how often Run reports Progress.
const progressEvery = 250 * time.Millisecond

// Run searches and streams events. The consumer must read the channel
// until it is closed (after Done). Cancelling ctx stops the search; Done
// then has Complete false and a State to continue from.
func (s *Solver) Run(ctx context.Context) <-chan Event {
	ch := make(chan Event, 64)
	if s.ran.Swap(true) {
		go func() {
			ch <- Error{Err: errors.New("solver: Run called twice")}
			close(ch)
		}()
		return ch
	}
	go s.run(ctx, ch)
	return ch
}

// run is Run's goroutine.
func (s *Solver) run(ctx context.Context, ch chan<- Event) {
	defer close(ch)
	start := time.Now()
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()

	workers := s.opts.Workers
	if workers == 0 {
		workers = runtime.NumCPU()
	}
	var (
		asmN, solN atomic.Uint64
		sent       atomic.Int64
		earlier    time.Duration
		jobs       []cover.Job
	)
	r := s.opts.Resume
	if r != nil {
		asmN.Store(r.Assemblies)
		solN.Store(r.Solutions)
		earlier = r.Elapsed
		jobs = r.Jobs
		if jobs == nil {
			jobs = []cover.Job{} // a finished part: nothing left (nil would mean everything)
		}
	}
	if r == nil && s.tiny == nil && s.opts.Parts == 0 && s.opts.First == 0 && workers >= subdivideWorkers &&
		cover.Estimate(s.m) >= subdivideNodes {
		// The subdivision that balances machines also feeds many workers,
		// largest pieces first, so that they finish together (they still
		// hand each other work when one runs dry). It costs up to seconds,
		// so small searches and few workers, which sharing alone balances
		// well, go without. A search for the first assemblies keeps the
		// plain search order.
		pieces, err := cover.SubdivideWorkers(ctx, s.m, workers)
		if err == nil {
			var total uint64
			for _, p := range pieces {
				total += p.Estimate
			}
			jobs = cover.Jobs(pieces, total)
		} else if ctx.Err() != nil {
			jobs = nil // stopped at once: Search saves the whole search
		}
	}
	if s.opts.Parts > 0 && (r == nil || r.Unsplit) {
		var err error
		if jobs, err = s.partJobs(ctx); err != nil {
			// Stopped (or failed) while splitting: nothing was searched.
			done := Done{Elapsed: earlier + time.Since(start)}
			if ctx.Err() != nil {
				done.State = &State{Fingerprint: s.m.Fingerprint(), Flags: flags(s.opts), Elapsed: done.Elapsed,
					Part: s.opts.Part, Parts: s.opts.Parts, Unsplit: true, SplitVersion: cover.SplitVersion}
			} else {
				ch <- Error{Err: err}
			}
			ch <- done
			return
		}
	}
	scratch := make([]*assemble.Scratch, workers)
	for i := range scratch {
		scratch[i] = s.asm.NewScratch()
	}
	var errOnce sync.Once

	var claimed atomic.Int64 // places taken of Options.First
	onSolution := func(w int, rows []int32) (act cover.Action) {
		// A count needs no assembly unless it is to be taken apart.
		var asm model.Assembly
		ok := false
		if s.opts.CountOnly && !s.opts.Disassemble {
			ok = s.asm.Keeps(scratch[w], rows)
		} else {
			asm, ok = s.asm.Accept(scratch[w], rows)
		}
		if !ok {
			return cover.Continue
		}
		var sep *model.Separation
		solution := false
		if s.opts.Disassemble {
			if s.asm.Slots() == 1 {
				solution = true // BurrTools: one piece is a solution as it is
			} else {
				var err error
				if sep, err = s.dis.Disassemble(ctx, asm); err != nil {
					if ctx.Err() == nil {
						errOnce.Do(func() { ch <- Error{Err: fmt.Errorf("disassembling: %w", err)} })
						cancel()
					}
					return cover.Retry // found again when the search continues
				}
				solution = sep != nil
			}
		}
		if s.opts.First > 0 && (solution || !s.opts.Disassemble) {
			// Claim one of the First places; a worker that comes too late
			// hands its find back for a continued search.
			n := claimed.Add(1)
			if n > int64(s.opts.First) {
				return cover.Retry
			}
			if n == int64(s.opts.First) {
				defer func() { act = cover.Halt }()
			}
		}
		sol := model.Solution{AsmNum: int(asmN.Add(1) - 1), Assembly: asm, Disassembly: sep}
		if solution {
			sol.SolNum = int(solN.Add(1) - 1)
		}
		if s.opts.Disassemble && !solution {
			return cover.Continue
		}
		if s.opts.CountOnly || !s.opts.reports(sol) {
			return cover.Continue
		}
		if n := sent.Add(1); s.opts.Limit == 0 || n <= int64(s.opts.Limit) {
			ch <- Found{Solution: sol}
		}
		return cover.Continue
	}

	if t := s.tiny; t != nil {
		// Searched in Prepare, with no disassembly or -first to stop it.
		for _, rows := range t.rows {
			onSolution(0, rows)
		}
		ch <- Done{Assemblies: asmN.Load(), Complete: true, Elapsed: time.Since(start), Fraction: 1, Nodes: t.nodes}
		return
	}

	prog := &cover.Progress{}
	stopTicker := make(chan struct{})
	var tickerDone sync.WaitGroup
	tickerDone.Add(1)
	go func() {
		defer tickerDone.Done()
		t := time.NewTicker(progressEvery)
		defer t.Stop()
		f0 := -1.0
		for {
			select {
			case <-stopTicker:
				return
			case <-t.C:
			}
			if ctx.Err() != nil {
				// Stopping: the workers are handing back their jobs, and
				// the fraction means nothing until Done sums them up.
				continue
			}
			f := prog.Fraction()
			if f0 < 0 {
				f0 = f
			}
			el := time.Since(start)
			var left time.Duration
			if f > f0 && f < 1 {
				left = time.Duration(float64(el) * (1 - f) / (f - f0))
			}
			select {
			case ch <- Progress{Fraction: f, Elapsed: earlier + el, Left: left,
				Assemblies: asmN.Load(), Solutions: solN.Load(), Nodes: prog.Nodes()}:
			default: // the consumer is busy; it will get the next one
			}
		}
	}()

	res, err := cover.Search(ctx, s.m, cover.Options{Workers: workers, Jobs: jobs, OnSolution: onSolution, Progress: prog})
	close(stopTicker)
	tickerDone.Wait()
	if err != nil {
		ch <- Error{Err: err}
	}
	done := Done{Assemblies: asmN.Load(), Solutions: solN.Load(), Complete: err == nil && res.Complete(),
		Elapsed: earlier + time.Since(start), Nodes: res.Nodes}
	done.Fraction = 1
	for _, j := range res.Remaining {
		done.Fraction -= j.Share
	}
	done.Fraction = min(1, max(0, done.Fraction))
	if err == nil && (!done.Complete || s.opts.Parts > 0) {
		done.State = &State{
			Fingerprint: s.m.Fingerprint(), Flags: flags(s.opts),
			Assemblies: done.Assemblies, Solutions: done.Solutions, Elapsed: done.Elapsed, Jobs: res.Remaining,
			Part: s.opts.Part, Parts: s.opts.Parts, SplitVersion: cover.SplitVersion,
		}
	}
	ch <- done
}

// Placements returns the placements the prepared problem's cover matrix
// was built from, part by part (Stats().Placements in all).
func (s *Solver) Placements() *assemble.PlacementSet { return s.asm.PlacementSet() }

// Placements lists the placements of every part of problem number problem
// of p as Prepare generates them for opts, without building the cover
// matrix and without failing when a piece fits nowhere or the pieces
// cannot fill the result (see assemble.NewPlacementSet).
func Placements(ctx context.Context, p *model.Puzzle, problem int, opts Options) (*assemble.PlacementSet, error) {
	return assemble.NewPlacementSet(ctx, p, problem, assemble.Options{
		KeepMirrors: opts.KeepMirrors, KeepRotations: opts.KeepRotations,
		CompleteRotationCheck: opts.CompleteRotationCheck, MaxHoles: -1,
	})
}
