package solver

import (
	"context"
	"path/filepath"
	"sync/atomic"
	"testing"

	"github.com/burrlab/burrlab/model"
	"github.com/burrlab/burrlab/model/xmpuzzle"
)

// TestTakeApartMatchesTheSearch: Pelikan Burr has 12 assemblies of which 1
// comes apart (BurrTools' expected.json). Taking the 12 assemblies of a
// run without disassembly apart afterwards must find the one solution a
// disassembling run finds, with the same level.
func TestTakeApartMatchesTheSearch(t *testing.T) {
	p, err := xmpuzzle.ReadFile(filepath.Join(examplesDir(t), "PelikanBurr.xmpuzzle"))
	if err != nil {
		t.Fatalf("%v (set BURRLAB_EXAMPLES to the folder of BurrTools' examples)", err)
	}
	asmCh, err := Solve(context.Background(), p, 0, Options{Workers: 1})
	if err != nil {
		t.Fatal(err)
	}
	asmSols, _ := collect(t, asmCh)
	solCh, err := Solve(context.Background(), p, 0, Options{Workers: 1, Disassemble: true})
	if err != nil {
		t.Fatal(err)
	}
	solved, _ := collect(t, solCh)
	if len(asmSols) != 12 || len(solved) != 1 {
		t.Fatalf("%d assemblies and %d solutions, BurrTools counts 12 and 1", len(asmSols), len(solved))
	}
	asms := make([]model.Assembly, len(asmSols))
	for k := range asmSols {
		asms[k] = asmSols[k].Assembly
	}
	var calls atomic.Int64
	last := 0
	seps, done, err := TakeApart(context.Background(), p, 0, asms, 2, func(n int) {
		calls.Add(1)
		if n != last+1 {
			t.Errorf("progress %d after %d", n, last)
		}
		last = n
	})
	if err != nil {
		t.Fatal(err)
	}
	if calls.Load() != 12 || last != 12 {
		t.Errorf("progress was called %d times, up to %d", calls.Load(), last)
	}
	found := 0
	for k, sep := range seps {
		if !done[k] {
			t.Errorf("assembly %d not done", k)
		}
		if sep == nil {
			continue
		}
		found++
		if asmSols[k].AsmNum != solved[0].AsmNum || sep.Level() != solved[0].Disassembly.Level() {
			t.Errorf("assembly #%d comes apart at level %s; the search found #%d at level %s",
				asmSols[k].AsmNum, sep.Level(), solved[0].AsmNum, solved[0].Disassembly.Level())
		}
	}
	if found != 1 {
		t.Errorf("%d assemblies come apart, want 1", found)
	}

	// Cancelled before it starts: nothing done, the context's error.
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, done, err = TakeApart(ctx, p, 0, asms, 1, nil)
	if err != context.Canceled {
		t.Errorf("cancelled: %v", err)
	}
	for k := range done {
		if done[k] {
			t.Errorf("assembly %d done after cancelling", k)
		}
	}
	// A bad assembly is an error, not a panic.
	if _, _, err := TakeApart(context.Background(), p, 0, []model.Assembly{{}}, 1, nil); err == nil {
		t.Error("an assembly without placements was taken apart")
	}
	if _, _, err := TakeApart(context.Background(), p, 3, asms, 1, nil); err == nil {
		t.Error("problem 3 of 1 was accepted")
	}
}
