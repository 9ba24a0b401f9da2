package cover

import (
	"context"
	"errors"
	"fmt"
	"math"
	"runtime"
	"sync"
	"sync/atomic"
)

// Job is a part of the search tree: the subtree reached by taking the
// alternatives in Path from the root, restricted to the alternatives after
// After at the node Path leads to. Jobs are how the search splits work
// between workers and how a stopped search is saved: they hold problem row
// numbers only, so they can be written out and continued later on a matrix
// with the same Fingerprint.
type Job struct {
	// Path lists, from the root down, the alternative taken at each node:
	// a problem row number, or Stop.
	Path []int32
	// After is Fresh (the whole node), Stop (every alternative but "no
	// more rows"), or a row number (the alternatives after that row).
	After int32
	// Share estimates the job's fraction of the whole search, for progress.
	Share float64
}

// Special alternatives in a Job.
const (
	// Stop is the alternative "take no more rows from this column".
	Stop int32 = -1
	// Fresh as Job.After means every alternative of the node.
	Fresh int32 = -2
)

// Whole is the job that covers the entire search.
func Whole() []Job { return []Job{{After: Fresh, Share: 1}} }

// Action tells the search what to do after a solution.
type Action int

// Actions returned by Options.OnSolution.
const (
	// Continue searching.
	Continue Action = iota
	// Halt stops the whole search; the solution was taken into account.
	Halt
	// Retry stops the whole search as if the solution had not been found
	// yet: the saved jobs include it, so a continued search finds it again.
	// It is for callbacks interrupted by cancellation.
	Retry
)

// Options configure Search.
type Options struct {
	// Workers is the number of goroutines; 0 means runtime.NumCPU().
	Workers int
	// Jobs is where to search; nil means the whole tree (Whole()).
	Jobs []Job
	// OnSolution receives each solution as problem row numbers in the
	// order taken. The slice is reused after the call returns. It is called
	// concurrently from the workers; worker is the caller's index in
	// 0..Workers-1, for per-worker scratch space.
	OnSolution func(worker int, rows []int32) Action
	// Progress, if not nil, is kept up to date while the search runs.
	Progress *Progress
	// MaxNodes, if not 0, halts the search once it has visited about
	// that many nodes (a few more, up to a progress update's worth):
	// Result.Remaining then says what is left, as after a cancellation.
	// It is for a search tried within a budget and dropped when it does
	// not fit: a run that finishes no subtree leaves its job whole.
	MaxNodes uint64
	// NoHints searches without building the hints and survivor sets
	// (see buildHints) if no search has built them yet: for a search so
	// small that building them would cost more than they spare (see
	// EstimateBare). The tree differs, the solutions do not.
	NoHints bool

	tickEvery  uint32 // nodes between progress updates; tests lower it
	levelBytes int    // memory for each worker's search levels; tests lower it
	noSmall    bool   // tests turn the small search off (see small.go)
}

// Result is what a finished or stopped search leaves.
type Result struct {
	// Remaining holds the unexplored jobs of a stopped search, to pass as
	// Options.Jobs to continue it; it is empty when the search completed.
	Remaining []Job
	Nodes     uint64 // search nodes visited
}

// Complete reports whether the whole search space was explored.
func (r Result) Complete() bool { return len(r.Remaining) == 0 }

// ErrJobMismatch is returned when a job does not fit the matrix: it was
// saved for a different problem.
var ErrJobMismatch = errors.New("saved search position does not match this problem")

// Progress reports a running search's state; its methods may be called
// from any goroutine.
type Progress struct {
	nodes  atomic.Uint64
	mu     sync.Mutex
	queued float64   // shares of queued jobs
	busy   []float64 // remaining share of each worker's current job
}

// Nodes returns the number of search nodes visited so far.
func (p *Progress) Nodes() uint64 { return p.nodes.Load() }

// Fraction estimates the part of the search done, in [0, 1]. It counts
// the alternatives finished at each level of every worker's current path,
// so it is exact at the end and rough early on.
func (p *Progress) Fraction() float64 {
	p.mu.Lock()
	defer p.mu.Unlock()
	left := p.queued
	for _, b := range p.busy {
		left += b
	}
	return math.Min(1, math.Max(0, 1-left))
}

// Search enumerates the solutions of m in the given jobs. It returns when
// the jobs are exhausted, when ctx is cancelled (every worker stops at its
// next node) or when OnSolution asks to stop. Only a job that does not fit
// the matrix is an error; cancellation is not: Result.Remaining then says
// what is left.
func Search(ctx context.Context, m *Matrix, opts Options) (Result, error) {
	nw := opts.Workers
	if nw <= 0 {
		nw = runtime.NumCPU()
	}
	jobs := opts.Jobs
	if jobs == nil {
		jobs = Whole()
	}
	for _, j := range jobs {
		if err := m.checkJob(j); err != nil {
			return Result{}, err
		}
	}
	if !opts.NoHints {
		m.hintsOnce.Do(m.buildHints)
	}
	prog := opts.Progress
	if prog == nil {
		prog = &Progress{}
	}
	if opts.tickEvery == 0 {
		opts.tickEvery = tickFor(opts.MaxNodes)
	}
	if opts.levelBytes == 0 {
		opts.levelBytes = maxLevelBytes
	}
	s := &search{m: m, opts: opts, prog: prog, nw: nw}
	s.cond = sync.NewCond(&s.mu)
	s.queue = append([]Job(nil), jobs...)
	prog.mu.Lock()
	prog.busy = make([]float64, nw)
	prog.queued = 0
	for _, j := range jobs {
		prog.queued += j.Share
	}
	prog.mu.Unlock()
	s.qlen.Store(int32(len(s.queue)))

	stopWatch := context.AfterFunc(ctx, s.halt)
	if nw == 1 {
		// On the caller's goroutine: one started here would wake another
		// thread, which costs a search of a few milliseconds a few
		// percent of its time.
		s.work(0)
	} else {
		var wg sync.WaitGroup
		for i := 0; i < nw; i++ {
			wg.Go(func() { s.work(i) })
		}
		wg.Wait()
	}
	stopWatch()

	res := Result{Nodes: prog.nodes.Load()}
	if s.err != nil {
		return res, s.err
	}
	if s.halted.Load() {
		res.Remaining = append(s.saved, s.queue...)
	}
	return res, nil
}

// checkJob verifies that a job's rows exist in m.
func (m *Matrix) checkJob(j Job) error {
	for _, r := range j.Path {
		if r != Stop && (r < 0 || r >= m.nrows || m.origRow[r] < 0) {
			return fmt.Errorf("%w: row %d", ErrJobMismatch, r)
		}
	}
	if a := j.After; a != Fresh && a != Stop && (a < 0 || a >= m.nrows || m.origRow[a] < 0) {
		return fmt.Errorf("%w: row %d", ErrJobMismatch, a)
	}
	return nil
}

// search is the shared state of one Search call: a queue of jobs that
// idle workers take and busy workers refill when someone is waiting.
type search struct {
	m    *Matrix
	opts Options
	prog *Progress
	nw   int

	mu       sync.Mutex
	cond     *sync.Cond
	queue    []Job
	idle     int
	finished bool
	saved    []Job // what stopped workers left
	err      error

	hungry atomic.Int32 // workers waiting for a job
	qlen   atomic.Int32
	halted atomic.Bool
}

// tickFor is the number of nodes between progress updates for a search
// with the node budget maxNodes (0: none). The budget is checked with
// the updates, so a budget makes them a sixteenth of it at most.
func tickFor(maxNodes uint64) uint32 {
	if maxNodes == 0 {
		return publishEvery
	}
	return uint32(min(publishEvery, max(1, maxNodes/16)))
}

// halt asks every worker to stop and save its position.
func (s *search) halt() {
	s.halted.Store(true)
	s.mu.Lock()
	s.cond.Broadcast()
	s.mu.Unlock()
}

func (s *search) fail(err error) {
	s.mu.Lock()
	if s.err == nil {
		s.err = err
	}
	s.mu.Unlock()
	s.halt()
}

// get returns the next job, waiting while other workers may still give
// some away. It reports false when the search is over or halted.
func (s *search) get(i int) (Job, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for {
		if s.halted.Load() || s.finished {
			return Job{}, false
		}
		if len(s.queue) > 0 {
			j := s.queue[0]
			s.queue = s.queue[1:]
			s.qlen.Store(int32(len(s.queue)))
			s.prog.mu.Lock()
			s.prog.queued -= j.Share
			s.prog.busy[i] = j.Share
			s.prog.mu.Unlock()
			return j, true
		}
		s.idle++
		if s.idle == s.nw {
			s.finished = true
			s.cond.Broadcast()
			return Job{}, false
		}
		s.hungry.Add(1)
		s.cond.Wait()
		s.hungry.Add(-1)
		s.idle--
	}
}

func (s *search) put(j Job) {
	s.mu.Lock()
	s.queue = append(s.queue, j)
	s.qlen.Store(int32(len(s.queue)))
	s.prog.mu.Lock()
	s.prog.queued += j.Share
	s.prog.mu.Unlock()
	s.cond.Signal()
	s.mu.Unlock()
}

func (s *search) save(jobs []Job) {
	s.mu.Lock()
	s.saved = append(s.saved, jobs...)
	s.mu.Unlock()
}

// work runs jobs until there are none left.
func (s *search) work(i int) {
	w := newWorker(s.m)
	w.maxLevels = levelsFor(s.m, s.opts.levelBytes)
	w.small = w.small && !s.opts.noSmall
	r := &runner{s: s, w: w, id: i}
	for {
		j, ok := s.get(i)
		if !ok {
			return
		}
		if err := r.run(j); err != nil {
			s.fail(err)
			return
		}
		s.prog.mu.Lock()
		s.prog.busy[i] = 0
		s.prog.mu.Unlock()
	}
}
