package cli

import (
	"context"
	"os"
	"os/signal"
	"sync"
	"syscall"
	"time"
)

// catchAfter is how long a solve runs before Ctrl-C is caught (see
// interruptible).
const catchAfter = 50 * time.Millisecond

// stopSignals stop a search as Ctrl-C does: SIGTERM is how GNU parallel
// (on Ctrl-C, or when another part fails), Slurm (scancel, a time limit,
// preemption) and Kubernetes (a pod's end) stop a part, and SIGHUP comes
// when the terminal or the ssh connection of a remote part goes away.
// Left to their default, they would end the part without saving it.
var stopSignals = []os.Signal{os.Interrupt, syscall.SIGTERM, syscall.SIGHUP}

// interruptible returns a context that Ctrl-C (SIGINT), SIGTERM or SIGHUP
// cancels once after has passed, and the function that releases it.
// Catching the signals starts a thread, which costs a small puzzle's
// solve a thirtieth of its time (Prisgon: 0.968 of the time without, 51
// alternating runs); a signal before then ends the process as usual,
// when there is nothing yet worth saving.
func interruptible(after time.Duration) (context.Context, func()) {
	ctx, cancel := context.WithCancel(context.Background())
	sig := make(chan os.Signal, 1)
	var mu sync.Mutex
	stopped := false
	t := time.AfterFunc(after, func() {
		mu.Lock()
		defer mu.Unlock()
		if !stopped {
			signal.Notify(sig, stopSignals...)
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
