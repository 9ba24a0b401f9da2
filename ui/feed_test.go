package ui

import (
	"errors"
	"runtime"
	"sync"
	"testing"
	"time"

	"github.com/burrlab/burrlab/model"
)

// fakeUI stands in for Fyne's main thread: it runs queued functions one at
// a time, each taking cost, and records how many were waiting at most.
type fakeUI struct {
	queue   chan func()
	mu      sync.Mutex
	waiting int
	maxWait int
	calls   int
	cost    time.Duration
	done    chan struct{}
}

func newFakeUI(cost time.Duration) *fakeUI {
	f := &fakeUI{queue: make(chan func(), 1<<16), cost: cost, done: make(chan struct{})}
	go func() {
		for fn := range f.queue {
			f.mu.Lock()
			f.waiting--
			f.calls++
			f.mu.Unlock()
			time.Sleep(f.cost)
			fn()
		}
		close(f.done)
	}()
	return f
}

func (f *fakeUI) do(fn func()) {
	f.mu.Lock()
	f.waiting++
	f.maxWait = max(f.maxWait, f.waiting)
	f.mu.Unlock()
	f.queue <- fn
}

func TestFeedBoundsUpdatesAndMemory(t *testing.T) {
	const (
		n     = 1_000_000
		limit = 2000
	)
	ui := newFakeUI(5 * time.Millisecond) // a slow UI thread
	events := make(chan runEvent, 256)
	b := newBatcher(limit, true)

	var mu sync.Mutex
	var kept []model.Solution
	var last batch
	finals := 0
	apply := func(bt batch) {
		mu.Lock()
		defer mu.Unlock()
		kept = append(kept, bt.sols...)
		last = bt
		if bt.final {
			finals++
		}
	}

	runtime.GC()
	var before runtime.MemStats
	runtime.ReadMemStats(&before)
	start := time.Now()
	go func() {
		for i := 0; i < n; i++ {
			// Each solution owns its placements, as the solver's do.
			a := make(model.Assembly, 7)
			for k := range a {
				a[k].Orient = k
			}
			events <- runEvent{kind: evSolution, sol: model.Solution{AsmNum: i, SolNum: i, Assembly: a}}
			if i%10000 == 0 {
				events <- runEvent{kind: evProgress, assemblies: uint64(i), fraction: float64(i) / n}
			}
		}
		events <- runEvent{kind: evDone, assemblies: n, solutions: n, complete: true}
		close(events)
	}()
	feed(events, b, feedInterval, ui.do, apply, nil)
	elapsed := time.Since(start)
	close(ui.queue)
	<-ui.done

	// Collect first: the garbage the run left depends on the heap earlier
	// tests left behind (the GC target scales with it), not on the feed.
	runtime.GC()
	var after runtime.MemStats
	runtime.ReadMemStats(&after)
	if finals != 1 || !last.final || !last.complete {
		t.Fatalf("%d final batches, last %+v", finals, last.final)
	}
	if last.solutions != n || last.assemblies != n {
		t.Errorf("totals %d solutions, %d assemblies, want %d", last.solutions, last.assemblies, n)
	}
	if len(kept) != limit || last.dropped != n-limit {
		t.Errorf("kept %d (limit %d), dropped %d", len(kept), limit, last.dropped)
	}
	for i, s := range kept {
		if s.AsmNum != i {
			t.Fatalf("kept solution %d is #%d: out of order", i, s.AsmNum)
		}
	}
	// At most one hand-over per interval, plus the final one.
	if maxCalls := int(elapsed/feedInterval) + 2; ui.calls > maxCalls {
		t.Errorf("%d UI updates in %v, at most %d allowed", ui.calls, elapsed, maxCalls)
	}
	// Never more than the running update and the final one waiting.
	if ui.maxWait > 2 {
		t.Errorf("%d updates waited for the UI at once", ui.maxWait)
	}
	// What stays allocated is the kept solutions, not all that passed.
	if grown := int64(after.HeapAlloc) - int64(before.HeapAlloc); grown > 16<<20 {
		t.Errorf("the heap grew by %d MB for %d kept solutions", grown>>20, limit)
	}
	t.Logf("%d events in %v, %d UI updates, heap %+d KB", n, elapsed, ui.calls, (int64(after.HeapAlloc)-int64(before.HeapAlloc))>>10)
}

func TestFeedFinalBatchKeepsTotals(t *testing.T) {
	ui := newFakeUI(0)
	events := make(chan runEvent, 8)
	b := newBatcher(10, true)
	var got []batch
	var mu sync.Mutex
	events <- runEvent{kind: evProgress, assemblies: 5, solutions: 3, fraction: 0.5}
	events <- runEvent{kind: evError, err: errors.New("boom")}
	close(events)
	drained := make(chan struct{})
	feed(events, b, time.Hour, ui.do, func(bt batch) {
		mu.Lock()
		got = append(got, bt)
		mu.Unlock()
	}, drained)
	<-drained
	close(ui.queue)
	<-ui.done
	if len(got) != 1 {
		t.Fatalf("%d batches, want just the final one", len(got))
	}
	if bt := got[0]; !bt.final || bt.assemblies != 5 || bt.solutions != 3 || bt.err == nil || bt.fraction != 0.5 {
		t.Errorf("final batch %+v", bt)
	}
}

// TestFeedCountsAssembliesOfSolutions: a solution is an assembly, so the
// assembly count keeps up with solutions that arrive between progress
// reports (it showed fewer assemblies than solutions), and a stopped run
// keeps the fraction its Done reports.
func TestFeedCountsAssembliesOfSolutions(t *testing.T) {
	b := newBatcher(10, true)
	b.add(&runEvent{kind: evProgress, assemblies: 100, solutions: 40, fraction: 0.3})
	for i := range 20 {
		sep := &model.Separation{}
		b.add(&runEvent{kind: evSolution, sol: model.Solution{AsmNum: 100 + 3*i, SolNum: 40 + i, Disassembly: sep}})
	}
	b.add(&runEvent{kind: evDone, assemblies: 160, solutions: 60, fraction: 0.45})
	bt, _ := b.take()
	if bt.assemblies < bt.solutions || bt.assemblies != 160 || bt.solutions != 60 {
		t.Errorf("%d assemblies and %d solutions, want 160 and 60", bt.assemblies, bt.solutions)
	}
	if bt.fraction != 0.45 {
		t.Errorf("fraction %v after a stopped run, want the 0.45 Done gave", bt.fraction)
	}
	b.add(&runEvent{kind: evProgress, assemblies: 160, solutions: 60, fraction: 0.5})
	b.add(&runEvent{kind: evSolution, sol: model.Solution{AsmNum: 170, SolNum: 61, Disassembly: &model.Separation{}}})
	if bt, _ := b.take(); bt.assemblies != 171 || bt.solutions != 62 {
		t.Errorf("%d assemblies and %d solutions after assembly #171, solution #62 arrived", bt.assemblies, bt.solutions)
	}
	// A progress report that already counted solutions arriving later
	// does not make them count twice.
	b = newBatcher(10, true)
	b.add(&runEvent{kind: evProgress, assemblies: 10, solutions: 10, fraction: 0.1})
	for i := range 10 {
		b.add(&runEvent{kind: evSolution, sol: model.Solution{AsmNum: i, SolNum: i, Disassembly: &model.Separation{}}})
	}
	if bt, _ := b.take(); bt.assemblies != 10 || bt.solutions != 10 {
		t.Errorf("%d assemblies, %d solutions; want 10 and 10", bt.assemblies, bt.solutions)
	}
	// Without disassembly every assembly found is reported.
	b = newBatcher(10, false)
	for i := range 5 {
		b.add(&runEvent{kind: evSolution, sol: model.Solution{AsmNum: i}})
	}
	if bt, _ := b.take(); bt.assemblies != 5 || bt.solutions != 5 {
		t.Errorf("without disassembly: %d assemblies, %d found; want 5 and 5", bt.assemblies, bt.solutions)
	}
}
