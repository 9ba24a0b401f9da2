package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"

	"github.com/burrlab/burrlab/internal/budget"
	"github.com/burrlab/burrlab/internal/plural"
	"github.com/burrlab/burrlab/model"
	"github.com/burrlab/burrlab/model/xmpuzzle"
)

// runCheck verifies every stored solution of a puzzle file: each assembly
// must fill its result exactly (model.CheckAssembly) and each disassembly
// must start from that assembly and come apart without pieces passing
// through each other (model.CheckDisassembly). It prints one line per
// problem and fails with errInvalid if any solution is wrong.
func runCheck(args []string, stdout io.Writer) error {
	fs := newFlagSet("check", "usage: burr check [flags] FILE\n\nVerifies every stored assembly and disassembly of FILE. Ctrl-C stops it.\n\nFlags:\n")
	maxMemory := memoryFlag(fs)
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() != 1 {
		return errors.New("usage: burr check [flags] FILE")
	}
	limitHeap(*maxMemory)
	p, err := xmpuzzle.ReadFile(fs.Arg(0))
	if err != nil {
		return err
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	if len(p.Problems) == 0 {
		fmt.Fprintln(stdout, "no problems")
	}
	watch := watchCheck(newProgress(0))
	defer watch.stop()
	bad := 0
	for i := range p.Problems {
		pr := &p.Problems[i]
		label := fmt.Sprintf("problem %d", i)
		if pr.Name != "" {
			label += fmt.Sprintf(" %q", pr.Name)
		}
		if v, loose := p.LooseMaxHoles(pr); loose {
			fmt.Fprintf(stdout, "%s: note: maxHoles %d is more than the %s of the result, so it limits nothing\n", label, pr.MaxHoles, plural.Count(v, "variable cell", "variable cells"))
		}
		asm, dis, outlines, err := checkProblem(ctx, p, pr, *maxMemory, watch.at(i))
		watch.clear()
		if ctx.Err() != nil {
			return ctx.Err()
		}
		var over *budget.Error
		if errors.As(err, &over) {
			return fmt.Errorf("%s: %w", label, err) // not a verdict on the file
		}
		switch {
		case err != nil:
			bad++
			fmt.Fprintf(stdout, "%s: INVALID: %v\n", label, err)
		case len(pr.Solutions) == 0:
			fmt.Fprintf(stdout, "%s: no stored solutions\n", label)
		default:
			fmt.Fprintf(stdout, "%s: ok: %s, %s", label, plural.Count(asm, "assembly", "assemblies"), plural.Count(dis, "disassembly", "disassemblies"))
			if outlines > 0 {
				fmt.Fprintf(stdout, " (%d only as outlines)", outlines)
			}
			fmt.Fprintln(stdout)
		}
	}
	if bad > 0 {
		return fmt.Errorf("%w: %d of %d problems have wrong solutions", errInvalid, bad, len(p.Problems))
	}
	return nil
}

// checkProblem checks the stored solutions of one problem and returns how
// many assemblies and disassemblies it checked, and how many of those
// disassemblies were stored only as outlines, whose moves cannot be checked.
// Each solution's estimated memory is checked against the budget first;
// the checks look at ctx every few thousand cells. at is told which
// solution is being checked.
func checkProblem(ctx context.Context, p *model.Puzzle, pr *model.Problem, maxMemory int64, at func(solution, of int)) (asm, dis, outlines int, err error) {
	for j := range pr.Solutions {
		at(j, len(pr.Solutions))
		if err := ctx.Err(); err != nil {
			return 0, 0, 0, err
		}
		s := &pr.Solutions[j]
		if err := budget.Check(maxMemory, model.CheckBytes(p, pr, s), fmt.Sprintf("checking solution %d", j)); err != nil {
			return 0, 0, 0, err
		}
		if err := model.CheckAssemblyContext(ctx, p, pr, s.Assembly); err != nil {
			return 0, 0, 0, fmt.Errorf("solution %d: %w", j, err)
		}
		asm++
		if err := model.CheckDisassemblyContext(ctx, p, pr, s); err != nil {
			return 0, 0, 0, fmt.Errorf("solution %d: disassembly: %w", j, err)
		}
		if s.Disassembly != nil {
			dis++
			if s.Disassembly.Outline() {
				outlines++
			}
		}
	}
	return asm, dis, outlines, nil
}
