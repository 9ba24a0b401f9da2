package cli

import (
	"fmt"
	"io"
	"os"
	"time"

	"github.com/burrlab/burrlab/internal/plural"
	"github.com/burrlab/burrlab/solver"
)

// progress shows on one line of a terminal how a long preparation and
// search are coming along, so that a problem that takes minutes (a piece
// range over a big box of variable cells, say) does not look hung. It
// writes nothing without a terminal (scripts, -json into a pipe): the
// lines are for people watching.
type progress struct {
	w       io.Writer // nil: no terminal
	problem int
	shown   bool
}

// newProgress returns the progress line of problem on stderr, if stderr is
// a terminal.
func newProgress(problem int) *progress {
	p := &progress{problem: problem}
	if fi, err := os.Stderr.Stat(); err == nil && fi.Mode()&os.ModeCharDevice != 0 {
		p.w = os.Stderr
	}
	return p
}

// onPrepare is the solver's Options.OnPrepare, or nil without a terminal.
func (p *progress) onPrepare() func(solver.PrepareProgress) {
	if p.w == nil {
		return nil
	}
	return func(pp solver.PrepareProgress) {
		p.line(fmt.Sprintf("preparing problem %d: %s, %d%%", p.problem, pp.Phase, int(pp.Fraction*100)))
	}
}

// search shows a search's Progress once it has run for a second.
func (p *progress) search(ev solver.Progress) {
	if p.w == nil || ev.Elapsed < time.Second {
		return
	}
	s := fmt.Sprintf("solving problem %d: %s", p.problem, plural.Count(ev.Assemblies, "assembly", "assemblies"))
	if ev.Fraction > 0 {
		s += fmt.Sprintf(", %.1f%% done", ev.Fraction*100)
	} else {
		s += fmt.Sprintf(", %d search steps", ev.Nodes)
	}
	if ev.Left > 0 {
		s += fmt.Sprintf(", about %s left", ev.Left.Round(time.Second))
	}
	p.line(s)
}

func (p *progress) line(s string) {
	p.shown = true
	fmt.Fprintf(p.w, "\r%s (Ctrl-C stops)\033[K", s)
}

// clear removes the line before results are printed.
func (p *progress) clear() {
	if p.shown {
		fmt.Fprint(p.w, "\r\033[K")
		p.shown = false
	}
}
