package ui

import (
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/burrlab/burrlab/model"
	"github.com/burrlab/burrlab/solver"
)

// TestThinOutWhenFull runs the solver through the Solve tab on the 32,896
// subsets of a row of 16 cells (up to reversal), keeping at most 20 with
// "thin out" on: the list ends as every 2048th assembly, 17 of them (the
// smallest doubling step that leaves at most 20), each with its own
// number, and the counts are those of the whole search. Undo takes the
// run's results back out, redo puts them in.
func TestThinOutWhenFull(t *testing.T) {
	p := subsetsPuzzle()
	u := newTestUI(t, p)
	u.tabs.SelectIndex(tabSolve)
	st := u.solve
	q := solveQueue(u)
	st.ctl.keep.SetText("20")
	test.Tap(st.ctl.thin)
	if !st.ctl.thin.Checked {
		t.Fatal("a tap did not check thin out")
	}
	shown := 0 // the most rows the list showed while solving
	st.start()
	q.pump(t, func() bool {
		shown = max(shown, len(st.rows))
		return !st.run.running
	})
	pr := &u.doc.Puzzle().Problems[0]
	if pr.NumAssemblies != 32896 || shown > 20 {
		t.Fatalf("%d assemblies counted, %d rows shown at most", pr.NumAssemblies, shown)
	}
	var nums []int
	for _, s := range pr.Solutions {
		nums = append(nums, s.AsmNum)
		if len(s.Assembly) != 16 {
			t.Fatalf("solution #%d has %d placements", s.AsmNum, len(s.Assembly))
		}
	}
	slices.Sort(nums)
	var want []int
	for n := 0; n < 32896; n += 2048 {
		want = append(want, n)
	}
	if !slices.Equal(nums, want) {
		t.Fatalf("kept %v, want every 2048th: %v", nums, want)
	}
	if len(st.rows) != len(want) {
		t.Errorf("the list shows %d, want %d", len(st.rows), len(want))
	}
	if !strings.Contains(st.info.Text, "thinned out: every 2048th kept, 17 of 32,896") {
		t.Errorf("info %q", st.info.Text)
	}
	pressShortcut(u, &fyne.ShortcutUndo{})
	if n := len(u.doc.Puzzle().Problems[0].Solutions); n != 0 {
		t.Errorf("after undo %d solutions", n)
	}
	pressShortcut(u, &fyne.ShortcutRedo{})
	if n := len(u.doc.Puzzle().Problems[0].Solutions); n != len(want) {
		t.Errorf("after redo %d solutions", n)
	}
	// Off while solving, on again after.
	if st.ctl.thin.Disabled() {
		t.Error("thin out stays disabled after the run")
	}
}

// The feed thins what waits for the UI with its sample and tells the UI
// the step; the checkpoints keep the same sample from the same stream.
func TestFeedAndCheckpointsThin(t *testing.T) {
	r := &solveRun{opts: solveOptions{keep: 4, thin: true, drop: 1}}
	b := newBatcher(4, false)
	b.sample = r.newSample()
	cp := &checkpointer{keep: 4, sample: r.newSample()}
	var kept []model.Solution
	step := 0
	for n := 0; n < 40; n++ {
		sol := model.Solution{AsmNum: n}
		b.add(&runEvent{kind: evSolution, sol: sol})
		cp.found(sol)
		if n%7 == 0 { // the UI takes a batch now and then
			bt, _ := b.take()
			if bt.step > step {
				step = bt.step
				kept = model.KeepEvery(kept, step, false)
			}
			kept = append(kept, bt.sols...)
		}
	}
	bt, _ := b.take()
	if bt.step > step {
		step = bt.step
		kept = model.KeepEvery(kept, step, false)
	}
	kept = append(kept, bt.sols...)
	var got, fromCP []int
	for _, s := range kept {
		got = append(got, s.AsmNum)
	}
	var d solver.Done
	cp.save = func(res searchResults) {
		for _, s := range res.sols {
			fromCP = append(fromCP, s.AsmNum)
		}
	}
	cp.checkpoint(d)
	if want := []int{0, 16, 32}; !slices.Equal(got, want) || step != 16 || !slices.Equal(fromCP, want) {
		t.Errorf("the UI kept %v at step %d, the checkpoint %v; want %v at step 16", got, step, fromCP, want)
	}
}
