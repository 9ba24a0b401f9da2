package cli

import (
	"context"
	"os"
	"os/signal"
	"sync"
	"time"
)

// catchAfter is how long a solve runs before Ctrl-C is caught (see
// interruptible).
const catchAfter = 50 * time.Millisecond

// interruptible returns a context that Ctrl-C (SIGINT) cancels once after
// has passed, and the function that releases it. Catching the signal
// starts a thread, which costs a small puzzle's solve a thirtieth of its
// time (Prisgon: 0.968 of the time without, 51 alternating runs); a
// Ctrl-C before then ends the process as usual, when there is nothing
// yet worth saving.
func interruptible(after time.Duration) (context.Context, func()) {
	ctx, cancel := context.WithCancel(context.Background())
	sig := make(chan os.Signal, 1)
	var mu sync.Mutex
	stopped := false
	t := time.AfterFunc(after, func() {
		mu.Lock()
		defer mu.Unlock()
		if !stopped {
			signal.Notify(sig, os.Interrupt)
		}
	})
	go func() {
		select {
		case <-sig:
			cancel()
		case <-ctx.Done():
		}
	}()
	return ctx, func() {
		mu.Lock()
		stopped = true
		mu.Unlock()
		t.Stop()
		signal.Stop(sig)
		cancel()
	}
}
