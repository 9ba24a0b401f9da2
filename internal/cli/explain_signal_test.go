//go:build unix

package cli

import (
	"os"
	"os/signal"
	"strings"
	"testing"
	"time"
)

// TestExplainInterrupt: Ctrl-C (SIGINT) during the search prints what was
// found so far, not "context canceled". The puzzle is the mutilated
// chessboard, which no search finishes within the minute's timeout.
func TestExplainInterrupt(t *testing.T) {
	path := boardFile(t)
	// The test's own subscription keeps SIGINT from killing the test
	// binary before explain has subscribed, and after it has let go.
	mine := make(chan os.Signal, 1)
	signal.Notify(mine, os.Interrupt)
	defer signal.Stop(mine)

	type result struct {
		code        int
		out, errOut string
	}
	done := make(chan result, 1)
	start := time.Now()
	go func() {
		code, out, errOut := burrRun("explain", "-timeout", "1m", path)
		done <- result{code, out, errOut}
	}()
	self, err := os.FindProcess(os.Getpid())
	if err != nil {
		t.Fatal(err)
	}
	// Interrupt until explain answers: a signal sent before it subscribed
	// only reaches the test's channel.
	tick := time.NewTicker(300 * time.Millisecond)
	defer tick.Stop()
	var r result
wait:
	for {
		select {
		case r = <-done:
			break wait
		case <-tick.C:
			if time.Since(start) > 20*time.Second {
				t.Fatal("explain did not stop at SIGINT")
			}
			if err := self.Signal(os.Interrupt); err != nil {
				t.Fatal(err)
			}
		}
	}
	if r.code != 0 || r.errOut != "" {
		t.Fatalf("exit %d, stderr %q", r.code, r.errOut)
	}
	if !strings.Contains(r.out, "(Interrupted after") || !strings.Contains(r.out, "The search for assemblies found none") {
		t.Errorf("output lacks the findings so far:\n%s", r.out)
	}
}
