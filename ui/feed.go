package ui

import (
	"sync"
	"time"

	"github.com/burrlab/burrlab/model"
	"github.com/burrlab/burrlab/solver"
)

// The solver can find millions of assemblies; the window must stay
// responsive and memory bounded all the same. The feed sits between the
// solver's event stream and the widgets: one goroutine reads every event,
// counts it, keeps at most a fixed number of solutions, and hands what
// arrived to the UI at most once per interval, with never more than one
// hand-over waiting for the UI thread.

// runEvent is one solver event as the feed sees it (solverEvents turns the
// solver's events into these).
type runEvent struct {
	kind runEventKind
	sol  model.Solution // evSolution
	// evProgress and evDone: the solver's totals, its time (earlier runs
	// included), how much of the search is done (0..1, -1 unknown) and
	// how long it may still take (0 unknown).
	assemblies, solutions uint64
	fraction              float64
	elapsed, left         time.Duration
	complete              bool          // evDone: the whole search space was explored
	resume                *solver.State // evDone: where a stopped search can go on
	err                   error         // evError
	preparing             string        // evProgress before the search: the phase and how far
}

type runEventKind int

const (
	evProgress runEventKind = iota
	evSolution              // an assembly to keep (with its disassembly when computed)
	evDone                  // the search ended, complete or stopped
	evError                 // the solver failed
)

// batch is what one hand-over brings to the UI.
type batch struct {
	sols                  []model.Solution // new solutions to keep, in order found
	assemblies, solutions uint64           // totals so far
	dropped               uint64           // solutions found beyond the limit, not kept
	// step is, for a run that thins its list, the step of the feed's
	// sample: the list keeps the solutions whose number is a multiple.
	step          int
	fraction      float64
	elapsed, left time.Duration
	done          bool          // the search ended (Done arrived)
	complete      bool          // ... having explored everything
	resume        *solver.State // ... or stopped here
	err           error         // the solver failed
	final         bool          // the stream has ended
	preparing     string        // the preparation's phase, while it lasts
}

// batcher accumulates events between hand-overs. It keeps at most limit
// solutions over the whole run.
type batcher struct {
	mu          sync.Mutex
	limit       int
	disassemble bool // the run takes assemblies apart: SolNum numbers the solutions
	kept        int  // solutions kept so far, handed over or pending
	// sample, when the run thins its list, decides what is kept instead
	// of the limit (solve_thin.go).
	sample *model.SolutionSample
	cur    batch
	dirty  bool
}

func newBatcher(limit int, disassemble bool) *batcher {
	return &batcher{limit: limit, disassemble: disassemble, cur: batch{fraction: -1}}
}

// add counts one event.
func (b *batcher) add(ev *runEvent) {
	b.mu.Lock()
	defer b.mu.Unlock()
	switch ev.kind {
	case evSolution:
		// The solver numbers assemblies and solutions from 0 in the order
		// found (across continued runs too), so the numbers give the
		// counts between progress reports. Counting the events instead
		// would count twice those a progress report had already included.
		b.cur.assemblies = max(b.cur.assemblies, uint64(ev.sol.AsmNum)+1)
		if b.disassemble {
			b.cur.solutions = max(b.cur.solutions, uint64(ev.sol.SolNum)+1)
		} else {
			b.cur.solutions = b.cur.assemblies
		}
		switch {
		case b.sample != nil:
			step := b.sample.Step()
			if b.sample.Add(ev.sol) {
				b.cur.sols = append(b.cur.sols, ev.sol)
			}
			if s := b.sample.Step(); s != step {
				// Thinned: what waits for the UI thins too, and the
				// batch tells the UI to thin its list.
				b.cur.sols = model.KeepEvery(b.cur.sols, s, b.disassemble)
				b.cur.step = s
			}
		case b.kept < b.limit:
			b.cur.sols = append(b.cur.sols, ev.sol)
			b.kept++
		default:
			b.cur.dropped++
		}
	case evProgress:
		b.cur.assemblies = max(b.cur.assemblies, ev.assemblies)
		b.cur.solutions = max(b.cur.solutions, ev.solutions)
		b.cur.fraction, b.cur.elapsed, b.cur.left = ev.fraction, ev.elapsed, ev.left
		b.cur.preparing = ev.preparing
	case evDone:
		b.cur.assemblies = max(b.cur.assemblies, ev.assemblies)
		b.cur.solutions = max(b.cur.solutions, ev.solutions)
		b.cur.done, b.cur.complete, b.cur.resume = true, ev.complete, ev.resume
		b.cur.elapsed, b.cur.left = ev.elapsed, 0
		if ev.complete {
			b.cur.fraction = 1
		} else if ev.fraction >= 0 {
			b.cur.fraction = ev.fraction
		}
	case evError:
		b.cur.err = ev.err
	}
	b.dirty = true
}

// take returns what arrived since the last take with the totals so far;
// ok is false when nothing arrived.
func (b *batcher) take() (out batch, ok bool) {
	b.mu.Lock()
	defer b.mu.Unlock()
	out, ok = b.cur, b.dirty
	b.cur.sols = nil
	b.cur.done, b.cur.complete, b.cur.resume, b.cur.err = false, false, nil, nil
	b.dirty = false
	return out, ok
}

// feed runs the loop: read events until the channel closes, hand batches
// to apply through do (fyne.Do in the app) at most every interval and never
// more than one at a time. The last batch, marked final, is always handed
// over. When the channel has closed (the solver has returned) it closes
// drained, if not nil, before that last hand-over.
func feed(events <-chan runEvent, b *batcher, interval time.Duration, do func(func()), apply func(batch), drained chan<- struct{}) {
	tick := time.NewTicker(interval)
	defer tick.Stop()
	var mu sync.Mutex
	inflight := false
	send := func(final bool) {
		mu.Lock()
		busy := inflight
		mu.Unlock()
		if busy && !final {
			return // the UI has not taken the last batch yet; keep adding
		}
		bt, ok := b.take()
		if !ok && !final {
			return
		}
		bt.final = final
		mu.Lock()
		inflight = true
		mu.Unlock()
		do(func() {
			mu.Lock()
			inflight = false
			mu.Unlock()
			apply(bt)
		})
	}
	for {
		select {
		case ev, ok := <-events:
			if !ok {
				if drained != nil {
					close(drained)
				}
				send(true)
				return
			}
			b.add(&ev)
		case <-tick.C:
			send(false)
		}
	}
}
