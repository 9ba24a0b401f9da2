//go:build unix

package cli

import (
	"os"
	"os/signal"
	"testing"
	"time"
)

// TestInterruptible: Ctrl-C (SIGINT), SIGTERM and SIGHUP each cancel the
// context once the delay has passed, and releasing it cancels it too.
func TestInterruptible(t *testing.T) {
	// The test's own subscription keeps the signals from killing the
	// test binary whatever the timing.
	mine := make(chan os.Signal, 1)
	signal.Notify(mine, stopSignals...)
	defer signal.Stop(mine)

	self, err := os.FindProcess(os.Getpid())
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range stopSignals {
		ctx, stop := interruptible(time.Millisecond)
		deadline := time.After(10 * time.Second)
		tick := time.NewTicker(50 * time.Millisecond)
		for ctx.Err() == nil {
			select {
			case <-tick.C:
				if err := self.Signal(s); err != nil {
					t.Fatal(err)
				}
			case <-ctx.Done():
			case <-deadline:
				t.Fatalf("%v did not cancel the context", s)
			}
		}
		tick.Stop()
		stop()
	}

	ctx, stop := interruptible(time.Hour)
	stop()
	if ctx.Err() == nil {
		t.Error("released, the context is not cancelled")
	}
}
