package ui

import (
	"testing"

	"github.com/burrlab/burrlab/model"
)

// TestSolveStopAfterFirst: with "Stop after" 3 the Solve tab's search of
// the pentominoes ends after exactly three assemblies, not complete;
// Continue goes on for three more, and with the field emptied Continue
// finishes with every assembly, none lost or counted twice.
func TestSolveStopAfterFirst(t *testing.T) {
	u := newTestUI(t, pentominoes())
	st := u.solve
	q := solveQueue(u)
	st.ctl.first.SetText("3")
	st.start()
	q.pump(t, func() bool { return !st.run.running })
	if st.run.err != nil || st.run.complete || st.run.assemblies != 3 || len(st.run.kept) != 3 || !st.canContinue() {
		t.Fatalf("stop after 3: err %v, complete %v, %d assemblies, %d kept, can continue %v",
			st.run.err, st.run.complete, st.run.assemblies, len(st.run.kept), st.canContinue())
	}
	st.resume()
	q.pump(t, func() bool { return !st.run.running })
	if st.run.complete || st.run.assemblies != 6 {
		t.Fatalf("continued: complete %v, %d assemblies, want 6", st.run.complete, st.run.assemblies)
	}
	st.ctl.first.SetText("")
	st.resume()
	q.pump(t, func() bool { return !st.run.running })
	pr := &u.doc.Puzzle().Problems[0]
	if !st.run.complete || pr.State != model.Solved || pr.NumAssemblies != 2339 || len(pr.Solutions) != 2339 {
		t.Fatalf("finished: complete %v, state %d, %d assemblies, %d kept", st.run.complete, pr.State, pr.NumAssemblies, len(pr.Solutions))
	}
	seen := map[int]bool{}
	for _, s := range pr.Solutions {
		if seen[s.AsmNum] {
			t.Fatalf("assembly number %d twice", s.AsmNum)
		}
		seen[s.AsmNum] = true
	}
	st.ctl.first.SetText("x")
	st.start()
	if len(u.win.Canvas().Overlays().List()) == 0 {
		t.Error("a Stop after that is not a number gave no message")
	}
}
