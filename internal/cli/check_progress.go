package cli

import (
	"fmt"
	"sync"
	"time"
)

// checkWatch shows on a terminal which solution `burr check` is at, once
// a check has run for a second, so that the check of a huge file does not
// look hung. Without a terminal it does nothing.
type checkWatch struct {
	p    *progress
	mu   sync.Mutex
	line string    // what to show; "" between problems
	from time.Time // when the current problem started
	done chan struct{}
	wg   sync.WaitGroup
}

// checkProgressEvery is how often the line is redrawn.
const checkProgressEvery = 250 * time.Millisecond

// watchCheck starts redrawing the progress line p (newProgress: stderr,
// if it is a terminal). Call stop when the check ends.
func watchCheck(p *progress) *checkWatch {
	w := &checkWatch{p: p, done: make(chan struct{})}
	if w.p.w == nil {
		return w
	}
	w.wg.Add(1)
	go func() {
		defer w.wg.Done()
		tick := time.NewTicker(checkProgressEvery)
		defer tick.Stop()
		for {
			select {
			case <-w.done:
				return
			case <-tick.C:
				w.mu.Lock()
				if w.line != "" && time.Since(w.from) >= time.Second {
					w.p.line(w.line)
				}
				w.mu.Unlock()
			}
		}
	}()
	return w
}

// at returns the function checkProblem calls with the solution it is at,
// for problem i.
func (w *checkWatch) at(problem int) func(solution, of int) {
	w.mu.Lock()
	w.from = time.Now()
	w.mu.Unlock()
	return func(solution, of int) {
		w.mu.Lock()
		w.line = fmt.Sprintf("checking problem %d: solution %d of %d", problem, solution+1, of)
		w.mu.Unlock()
	}
}

// clear removes the line before a problem's result is printed.
func (w *checkWatch) clear() {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.line = ""
	if w.p.w != nil {
		w.p.clear()
	}
}

// stop ends the redrawing and removes the line.
func (w *checkWatch) stop() {
	close(w.done)
	w.wg.Wait()
	w.clear()
}
