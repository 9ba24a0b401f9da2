package workpool

import (
	"sync/atomic"
	"testing"
)

// TestEach: every index is worked on exactly once, with no more
// goroutines at a time than asked, for any number of workers.
func TestEach(t *testing.T) {
	for _, workers := range []int{0, 1, 3, 50} {
		for _, n := range []int{0, 1, 7, 1000} {
			calls := make([]atomic.Int32, n)
			var running, most atomic.Int32
			Each(n, workers, func(k int) {
				r := running.Add(1)
				for m := most.Load(); r > m && !most.CompareAndSwap(m, r); m = most.Load() {
				}
				calls[k].Add(1)
				running.Add(-1)
			})
			for k := range calls {
				if c := calls[k].Load(); c != 1 {
					t.Fatalf("%d workers, n %d: index %d worked on %d times", workers, n, k, c)
				}
			}
			if workers > 0 && int(most.Load()) > workers {
				t.Errorf("%d workers, n %d: %d at a time", workers, n, most.Load())
			}
		}
	}
}
