package cli

import (
	"fmt"
	"io"
	"os"

	"github.com/burrlab/burrlab/solver"
)

// prepareReporter returns a solver.Options.OnPrepare that shows a long
// preparation's progress on one line of w, and a function that clears the
// line. Without a terminal on stderr (scripts, -json into a pipe) it
// returns nil and a no-op: progress is for people watching.
func prepareReporter(problem int) (func(solver.PrepareProgress), func()) {
	if fi, err := os.Stderr.Stat(); err != nil || fi.Mode()&os.ModeCharDevice == 0 {
		return nil, func() {}
	}
	return progressLine(os.Stderr, problem)
}

// progressLine writes "\rpreparing problem N: PHASE P%" lines to w.
func progressLine(w io.Writer, problem int) (func(solver.PrepareProgress), func()) {
	shown := false
	report := func(pp solver.PrepareProgress) {
		shown = true
		fmt.Fprintf(w, "\rpreparing problem %d: %s, %d%% (Ctrl-C stops)\033[K", problem, pp.Phase, int(pp.Fraction*100))
	}
	clear := func() {
		if shown {
			fmt.Fprint(w, "\r\033[K")
		}
	}
	return report, clear
}
