package cli

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"

	"github.com/burrlab/burrlab/model/xmpuzzle"
	"github.com/burrlab/burrlab/solver/explain"
)

const explainUsage = `usage: burr explain [flags] FILE

Says why a problem has no assembly (with -disassemble: no solution), with
the evidence: cell counts that cannot add up, pieces that fit nowhere and
why, result cells no piece can cover, colour rules that shut a piece out,
the smallest set of pieces that cannot be placed together, and the pieces
that stay interlocked. A problem that can be solved is said to be so.
The searches stop at -timeout, or at Ctrl-C, and report what they found
until then.

Flags:
`

// runExplain explains one problem of a puzzle file.
func runExplain(args []string, stdout io.Writer) error {
	fs := newFlagSet("explain", explainUsage)
	problem := fs.Int("problem", 0, "problem `N` to explain (from 0)")
	timeout := fs.Duration("timeout", explain.DefaultTimeout, "stop the searches after `D` (such as 10s or 2m) and report what they found")
	disasm := fs.Bool("disassemble", false, "explain why no assembly comes apart, when there are assemblies")
	maxHoles := fs.Int("max-holes", -1, "allow at most `N` empty variable cells when piece counts are ranges (-1: the problem's setting)")
	jsonOut := fs.Bool("json", false, "print the report as JSON")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() != 1 {
		fs.Usage()
		return errors.New("expected one puzzle file")
	}
	if *timeout <= 0 {
		return fmt.Errorf("timeout %v: give a positive duration, such as 10s", *timeout)
	}
	p, err := xmpuzzle.ReadFile(fs.Arg(0))
	if err != nil {
		return err
	}
	if len(p.Problems) == 0 {
		return errors.New("the file has no problems")
	}
	if *problem < 0 || *problem >= len(p.Problems) {
		return fmt.Errorf("problem %d: the file has problems 0 to %d", *problem, len(p.Problems)-1)
	}
	opts := explain.Options{Timeout: *timeout, Disassemble: *disasm}
	if *maxHoles >= 0 {
		opts.MaxHoles = maxHoles
	}
	// Ctrl-C ends the searches as -timeout does, and the report says what
	// they found; a second Ctrl-C kills the command.
	sig := make(chan os.Signal, 1)
	signal.Notify(sig, os.Interrupt)
	defer signal.Stop(sig)
	stop, finished := make(chan struct{}), make(chan struct{})
	defer close(finished)
	go func() {
		select {
		case <-sig:
			signal.Stop(sig)
			close(stop)
		case <-finished:
		}
	}()
	opts.Stop = stop
	r, err := explain.Explain(context.Background(), p, *problem, opts)
	if err != nil {
		return err
	}
	if *jsonOut {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(r)
	}
	_, err = io.WriteString(stdout, r.Text())
	return err
}
