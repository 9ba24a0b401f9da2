package solver

import (
	"context"
	"fmt"
	"sync"

	"github.com/burrlab/burrlab/internal/workpool"
	"github.com/burrlab/burrlab/model"
	"github.com/burrlab/burrlab/solver/disassemble"
)

// TakeApart finds how stored assemblies of problem number problem of p
// come apart, as a search with Options.Disassemble does: seps[k] is the
// disassembly of asms[k], nil when it does not come apart. It is for
// assemblies found by a run that did not disassemble. workers goroutines
// share the work (0: runtime.NumCPU()); progress, if not nil, is called
// after each assembly with the number done so far, from one goroutine at
// a time. p must not change until TakeApart returns.
//
// When ctx is cancelled it returns ctx.Err() with the assemblies finished
// so far marked in done; a disassembler error stops the others and is
// returned naming the assembly.
func TakeApart(ctx context.Context, p *model.Puzzle, problem int, asms []model.Assembly, workers int, progress func(done int)) (seps []*model.Separation, done []bool, err error) {
	if problem < 0 || problem >= len(p.Problems) {
		return nil, nil, fmt.Errorf("problem %d does not exist", problem)
	}
	if workers < 0 {
		return nil, nil, fmt.Errorf("negative workers (%d)", workers)
	}
	d, err := disassemble.New(p, &p.Problems[problem])
	if err != nil {
		return nil, nil, err
	}
	seps, done = make([]*model.Separation, len(asms)), make([]bool, len(asms))
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var (
		mu       sync.Mutex
		finished int
		firstErr error
	)
	workpool.Each(len(asms), workers, func(k int) {
		if ctx.Err() != nil {
			return
		}
		sep, err := d.Disassemble(ctx, asms[k])
		mu.Lock()
		defer mu.Unlock()
		switch {
		case err != nil && ctx.Err() == nil:
			if firstErr == nil {
				firstErr = fmt.Errorf("assembly %d of %d: %w", k+1, len(asms), err)
			}
			cancel()
		case err == nil:
			seps[k], done[k] = sep, true
			finished++
			if progress != nil {
				progress(finished)
			}
		}
	})
	if firstErr != nil {
		return seps, done, firstErr
	}
	if finished < len(asms) {
		// Cancelled by the caller: only then can work be left undone.
		return seps, done, ctx.Err()
	}
	return seps, done, nil
}
