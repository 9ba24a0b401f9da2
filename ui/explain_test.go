package ui

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"

	"github.com/burrlab/burrlab/model"
	"github.com/burrlab/burrlab/model/grid"
	"github.com/burrlab/burrlab/render"
)

// flatShape builds a one-layer cube shape from rows of '#'.
func flatShape(name string, rows ...string) model.Shape {
	w := 0
	for _, r := range rows {
		w = max(w, len(r))
	}
	s := model.NewShape(grid.Vec{w, len(rows), 1})
	s.Name = name
	for y, r := range rows {
		for x, ch := range r {
			if ch == '#' {
				s.Set(grid.Vec{x, y, 0}, model.MakeVoxel(model.Filled, 0))
			}
		}
	}
	return s
}

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
