// Package workpool runs independent pieces of work on several goroutines.
package workpool

import (
	"runtime"
	"sync"
	"sync/atomic"
)

// Each calls f(k) for every k in [0, n) on up to workers goroutines (0:
// one per core). The goroutines take the indices in increasing order as
// they come free, so that early ones start first; Each returns when every
// call has returned. f must be safe to call from several goroutines; to
// stop early it returns at once (after a cancel, say).
func Each(n, workers int, f func(k int)) {
	if workers <= 0 {
		workers = runtime.NumCPU()
	}
	var next atomic.Int64
	var wg sync.WaitGroup
	for range min(workers, n) {
		wg.Go(func() {
			for k := int(next.Add(1) - 1); k < n; k = int(next.Add(1) - 1) {
				f(k)
			}
		})
	}
	wg.Wait()
}
