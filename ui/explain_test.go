package ui

import (
	"context"
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"

	"github.com/burrlab/burrlab/internal/puzzles"
	"github.com/burrlab/burrlab/model"
	"github.com/burrlab/burrlab/model/grid"
	"github.com/burrlab/burrlab/render"
	"github.com/burrlab/burrlab/solver"
)

// flatShape builds a one-layer cube shape from rows of '#'.
func flatShape(name string, rows ...string) model.Shape { return puzzles.Layers(name, rows) }

// trayPuzzle: two dominoes for a tray whose cell (0,2,0) lies apart from
// the rest, where no domino reaches it (problem 0), and for a 2x2 square
// they fill (problem 1).
func trayPuzzle() *model.Puzzle {
	p := &model.Puzzle{Grid: grid.Cubes}
	p.AddShape(flatShape("domino", "##"))
	p.AddShape(flatShape("tray", "###", "...", "#.."))
	p.AddShape(flatShape("square", "##", "##"))
	for _, res := range []int{1, 2} {
		p.AddProblem("")
		p.Problems[len(p.Problems)-1].Result = res
		p.Problems[len(p.Problems)-1].Parts = []model.Part{{Shape: 0, Min: 2, Max: 2}}
	}
	return p
}

// TestExplainAfterSolve: a run that finds nothing offers Why?; it explains
// in the background, shows the report, and paints the cell no piece can
// reach in the 3D view. A problem with solutions offers nothing, and an
// edit takes the report away.
func TestExplainAfterSolve(t *testing.T) {
	u := newTestUI(t, trayPuzzle())
	u.tabs.SelectIndex(tabSolve)
	st := u.solve
	q := make(uiQueue, 1024)
	st.do = q.do
	if st.why.button.Visible() {
		t.Fatal("Why? shows before any run")
	}
	st.start()
	q.pump(t, func() bool { return !st.run.running })
	if st.run.err != nil || st.run.assemblies != 0 || !st.run.complete {
		t.Fatalf("run: err %v, %d assemblies, complete %v", st.run.err, st.run.assemblies, st.run.complete)
	}
	if !st.why.button.Visible() || st.why.button.Disabled() {
		t.Fatal("no Why? after a run without assemblies")
	}
	test.Tap(st.why.button)
	if !st.why.running || !st.why.button.Disabled() {
		t.Error("while explaining, Why? should be disabled")
	}
	q.pump(t, func() bool { return !st.why.running })
	x := st.why
	if x.report == nil || !x.panel.Visible() {
		t.Fatalf("no report shown (report %v)", x.report)
	}
	for _, want := range []string{"cannot be solved", "(0,2,0)"} {
		if !strings.Contains(x.text.Text, want) {
			t.Errorf("the report does not say %q:\n%s", want, x.text.Text)
		}
	}
	if !strings.Contains(x.title.Text, "P1") {
		t.Errorf("title %q", x.title.Text)
	}
	// The report is in view: the controls above it scroll up where the
	// window cannot show them all with it.
	c := st.controls
	if bottom := x.panel.Position().Y + x.panel.Size().Height - c.Offset.Y; bottom > c.Size().Height+0.5 || x.panel.Size().Height < 220 {
		t.Errorf("the report ends %g below the controls' top, which show %g; it is %g tall", bottom, c.Size().Height, x.panel.Size().Height)
	}
	items := st.view.scene.Items
	if len(items) != 2 || items[0].Mode != render.Outline || items[1].Color != highlightColor || items[1].Mesh.NumCells() != 1 {
		t.Fatalf("3D view: %d items, want the result outlined and one highlighted cell", len(items))
	}

	// An edit to the problem makes the report out of date.
	if err := u.doc.Edit("more dominoes", View{Tab: tabSolve, Problem: 0}, func(p *model.Puzzle) error {
		p.Problems[0].Parts[0].Max = 3
		return nil
	}); err != nil {
		t.Fatal(err)
	}
	st.refresh()
	if x.panel.Visible() || x.button.Visible() {
		t.Error("the report and Why? stay after the problem changed")
	}

	// Problem 2 has solutions: nothing to explain.
	u.view.Problem = 1
	st.refresh()
	st.start()
	q.pump(t, func() bool { return !st.run.running })
	if st.run.found() == 0 || x.button.Visible() {
		t.Errorf("%d found; Why? visible %v", st.run.found(), x.button.Visible())
	}
}

// TestExplainRefusedProblem: when the solver refuses a problem (a piece
// that fits nowhere, though the cell counts agree), Why? says which piece
// and why.
func TestExplainRefusedProblem(t *testing.T) {
	p := trayPuzzle()
	p.AddShape(flatShape("long", "###"))
	p.AddShape(flatShape("cube", "#"))
	p.Problems[1].Parts = []model.Part{{Shape: 3, Min: 1, Max: 1}, {Shape: 4, Min: 1, Max: 1}}
	u := newTestUI(t, p)
	u.tabs.SelectIndex(tabSolve)
	u.view.Problem = 1
	st := u.solve
	st.refresh()
	q := make(uiQueue, 1024)
	st.do = q.do
	st.start()
	q.pump(t, func() bool { return !st.run.running })
	if st.run.err == nil {
		t.Fatalf("the solver did not refuse the problem: run %+v", st.run)
	}
	if !st.why.button.Visible() {
		t.Fatal("no Why? for a problem the solver refused")
	}
	test.Tap(st.why.button)
	q.pump(t, func() bool { return !st.why.running })
	if txt := st.why.text.Text; !strings.Contains(txt, `"long" can be placed nowhere: it is larger than the result`) {
		t.Errorf("report:\n%s", txt)
	}
}

// TestExplainInterlocked: with Disassemble, a run whose only assembly
// does not come apart offers Why?; the report names the stuck pieces and
// the 3D view shows that assembly, the stuck pieces solid and the one that
// came off outlined.
func TestExplainInterlocked(t *testing.T) {
	p := &model.Puzzle{Grid: grid.Cubes}
	var shell, all []grid.Vec
	for z := 0; z < 3; z++ {
		for y := 0; y < 3; y++ {
			for x := 0; x < 3; x++ {
				v := grid.Vec{x, y, z}
				all = append(all, v)
				if v != (grid.Vec{1, 1, 1}) {
					shell = append(shell, v)
				}
			}
		}
	}
	all = append(all, grid.Vec{1, 3, 1}, grid.Vec{2, 3, 1})
	for _, s := range []struct {
		name  string
		cells []grid.Vec
	}{{"shell", shell}, {"core", []grid.Vec{{0, 0, 0}}}, {"bar", []grid.Vec{{0, 0, 0}, {1, 0, 0}}}, {"box", all}} {
		sh := model.NewShape(grid.Vec{3, 4, 3})
		sh.Name = s.name
		for _, c := range s.cells {
			sh.Set(c, model.MakeVoxel(model.Filled, 0))
		}
		p.AddShape(sh)
	}
	p.AddProblem("locked")
	p.Problems[0].Result = 3
	p.Problems[0].Parts = []model.Part{{Shape: 0, Min: 1, Max: 1}, {Shape: 1, Min: 1, Max: 1}, {Shape: 2, Min: 1, Max: 1}}

	u := newTestUI(t, p)
	u.tabs.SelectIndex(tabSolve)
	st := u.solve
	q := make(uiQueue, 1024)
	st.do = q.do
	st.ctl.disassemble.SetChecked(true)
	st.start()
	q.pump(t, func() bool { return !st.run.running })
	if st.run.assemblies != 1 || st.run.solutions != 0 || !st.why.button.Visible() {
		t.Fatalf("%d assemblies, %d solutions; Why? visible %v", st.run.assemblies, st.run.solutions, st.why.button.Visible())
	}
	test.Tap(st.why.button)
	q.pump(t, func() bool { return !st.why.running })
	if txt := st.why.text.Text; !strings.Contains(txt, `stay interlocked: "shell" and "core"`) || !strings.Contains(txt, `"bar" comes off`) {
		t.Errorf("report:\n%s", txt)
	}
	items := st.view.scene.Items
	if len(items) != 3 || items[0].Mode != render.Solid || items[1].Mode != render.Solid || items[2].Mode != render.Outline {
		t.Errorf("3D view: %+v; want shell and core solid, the bar outlined", items)
	}
}

// TestExplainStoppedRun: a run stopped before it found anything also
// offers Why?, which searches again; here the problem can be solved, and
// the panel says so.
func TestExplainStoppedRun(t *testing.T) {
	u := newTestUI(t, trayPuzzle())
	u.tabs.SelectIndex(tabSolve)
	u.view.Problem = 1
	st := u.solve
	st.refresh()
	q := make(uiQueue, 1024)
	st.do = q.do
	// A launcher that finds nothing until stopped.
	st.launch = func(ctx context.Context, r *solveRun, resume bool) (<-chan runEvent, error) {
		ch := make(chan runEvent, 1)
		go func() {
			defer close(ch)
			<-ctx.Done()
			ch <- runEvent{kind: evDone, complete: false, resume: &solver.State{}}
		}()
		return ch, nil
	}
	st.start()
	st.stop()
	q.pump(t, func() bool { return !st.run.running })
	if !st.why.button.Visible() {
		t.Fatal("no Why? after a stopped run without assemblies")
	}
	test.Tap(st.why.button)
	q.pump(t, func() bool { return !st.why.running })
	if !st.why.report.Solvable || !strings.Contains(st.why.title.Text, "can be solved") || !strings.Contains(st.why.text.Text, "There are solutions") {
		t.Errorf("title %q, report:\n%s", st.why.title.Text, st.why.text.Text)
	}
}

// TestExplainBeforeStart: a problem whose cell counts cannot match offers
// Why? without a run (Start only says it cannot be solved), and the
// report gives the counts.
func TestExplainBeforeStart(t *testing.T) {
	p := trayPuzzle()
	p.Problems[1].Parts[0].Min, p.Problems[1].Parts[0].Max = 3, 3 // 6 cells for 4
	u := newTestUI(t, p)
	u.tabs.SelectIndex(tabSolve)
	st := u.solve
	q := make(uiQueue, 1024)
	st.do = q.do
	u.view.Problem = 0
	st.refresh()
	if st.why.button.Visible() {
		t.Fatal("Why? for problem 1, which has not been solved yet")
	}
	u.view.Problem = 1
	st.refresh()
	if !st.why.button.Visible() {
		t.Fatal("no Why? for a problem whose counts cannot match")
	}
	test.Tap(st.why.button)
	q.pump(t, func() bool { return !st.why.running })
	if txt := st.why.text.Text; !strings.Contains(txt, "at least 6 cells") || !strings.Contains(txt, `3 × "domino"`) {
		t.Errorf("report:\n%s", txt)
	}
}
