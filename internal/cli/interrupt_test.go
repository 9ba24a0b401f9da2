//go:build unix

package cli

import (
	"os"
	"os/signal"
	"testing"
	"time"
)

// TestInterruptible: Ctrl-C (SIGINT) cancels the context once the delay
// has passed, and releasing it cancels it too.
func TestInterruptible(t *testing.T) {
	// The test's own subscription keeps SIGINT from killing the test
	// binary whatever the timing.
	mine := make(chan os.Signal, 1)
	signal.Notify(mine, os.Interrupt)
	defer signal.Stop(mine)

	ctx, stop := interruptible(time.Millisecond)
	defer stop()
	self, err := os.FindProcess(os.Getpid())
	if err != nil {
		t.Fatal(err)
	}
	deadline := time.After(10 * time.Second)
	tick := time.NewTicker(50 * time.Millisecond)
	defer tick.Stop()
	for ctx.Err() == nil {
		select {
		case <-tick.C:
			if err := self.Signal(os.Interrupt); err != nil {
				t.Fatal(err)
			}
		case <-ctx.Done():
		case <-deadline:
			t.Fatal("SIGINT did not cancel the context")
		}
	}

	ctx, stop = interruptible(time.Hour)
	stop()
	if ctx.Err() == nil {
		t.Error("released, the context is not cancelled")
	}
}
