package ui

import (
	"context"
	"image/color"
	"slices"
	"sort"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/burrlab/burrlab/model"
	"github.com/burrlab/burrlab/model/grid"
	"github.com/burrlab/burrlab/model/xmpuzzle"
	"github.com/burrlab/burrlab/solver"
)

// dominoPuzzle: build a 2x1x1 bar from two cubes.
func dominoPuzzle() *model.Puzzle {
	p := &model.Puzzle{Grid: grid.Cubes}
	bar := model.NewShape(grid.Vec{2, 1, 1})
	bar.Voxels[0], bar.Voxels[1] = model.MakeVoxel(model.Filled, 0), model.MakeVoxel(model.Filled, 0)
	cube := model.NewShape(grid.Vec{1, 1, 1})
	cube.Voxels[0] = model.MakeVoxel(model.Filled, 0)
	p.AddShape(bar)
	p.AddShape(cube)
	p.AddProblem("bar")
	p.Problems[0].Result = 0
	p.Problems[0].Parts = []model.Part{{Shape: 1, Min: 2, Max: 2}}
	return p
}

// uiQueue runs the solve panel's UI updates on the test goroutine, as
// Fyne's main loop would.
type uiQueue chan func()

func (q uiQueue) do(f func()) { q <- f }

// offer queues f, or drops it when the queue is full.
func (q uiQueue) offer(f func()) {
	select {
	case q <- f:
	default:
	}
}

// drain runs the updates queued so far.
func (q uiQueue) drain() {
	for {
		select {
		case f := <-q:
			f()
		default:
			return
		}
	}
}

// pump runs queued updates until cond holds.
func (q uiQueue) pump(t *testing.T, cond func() bool) {
	t.Helper()
	// Generous: make test runs these under the race detector, which with
	// a loaded 2-core machine makes a real 6x10 pentomino search (0.4 s
	// alone) take more than 10 s. A passing test never waits for it.
	deadline := time.After(90 * time.Second)
	for !cond() {
		select {
		case f := <-q:
			f()
		case <-deadline:
			t.Fatal("timed out waiting for the solve panel")
		}
	}
}

// endless is a launcher whose solver finds solutions until stopped, then
// reports where it stopped, as the solver does (every assembly comes
// apart: assembly i is solution i).
func endless(ctx context.Context, r *solveRun, resume bool) (<-chan runEvent, error) {
	ch := make(chan runEvent, 64)
	go func() {
		defer close(ch)
		for i := 0; ; i++ {
			ev := runEvent{kind: evSolution, sol: model.Solution{AsmNum: i, SolNum: i, Assembly: model.Assembly{{Pos: grid.Vec{0, 0, 0}}, {Pos: grid.Vec{1, 0, 0}}}}}
			select {
			case <-ctx.Done():
				ch <- runEvent{kind: evDone, assemblies: uint64(i), complete: false, resume: &solver.State{Assemblies: uint64(i)}}
				return
			case ch <- ev:
			}
		}
	}()
	return ch, nil
}

func TestSolveStartStop(t *testing.T) {
	u := newTestUI(t, dominoPuzzle())
	u.tabs.SelectIndex(tabSolve)
	st := u.solve
	q := make(uiQueue, 1024)
	st.do, st.launch = q.do, endless
	st.ctl.keep.SetText("100")

	test.Tap(st.ctl.start)
	if st.run == nil || !st.run.running {
		t.Fatal("Start did not start a run")
	}
	if !st.ctl.start.Disabled() || st.ctl.stop.Disabled() {
		t.Error("while running, Start should be disabled and Stop enabled")
	}
	q.pump(t, func() bool { return st.run.solutions > 1000 })
	if len(st.rows) != 100 {
		t.Errorf("the list shows %d solutions, the limit is 100", len(st.rows))
	}
	test.Tap(st.ctl.stop)
	q.pump(t, func() bool { return !st.run.running })
	r := st.run
	if r.complete || r.err != nil || !r.stored {
		t.Fatalf("after Stop: complete %v, err %v, stored %v", r.complete, r.err, r.stored)
	}
	pr := &u.doc.Puzzle().Problems[0]
	if len(pr.Solutions) != 100 || pr.NumAssemblies != r.assemblies || pr.State != model.Paused || pr.Assembler == nil {
		t.Fatalf("stored %d solutions, %d assemblies, state %d, resume state %v", len(pr.Solutions), pr.NumAssemblies, pr.State, pr.Assembler)
	}
	if r.found() <= 100 {
		t.Error("no solutions counted beyond the limit")
	}
	// The solution on show stays selected when the results move into
	// the document.
	if st.sel < 0 || st.view.scene == nil || len(st.view.scene.Items) != 2 {
		t.Errorf("after Stop: selected row %d, scene %v", st.sel, st.view.scene)
	}
	if st.ctl.start.Disabled() || !st.ctl.stop.Disabled() {
		t.Error("after the run Start should be enabled and Stop disabled")
	}
	// The stored results are one undoable step.
	if got := u.doc.UndoLabel(); got != "solve P1" {
		t.Fatalf("undo label %q", got)
	}
	u.Undo()
	if n := len(u.doc.Puzzle().Problems[0].Solutions); n != 0 {
		t.Fatalf("undo left %d solutions", n)
	}
	if len(st.rows) != 0 {
		t.Errorf("the list still shows %d solutions after undo", len(st.rows))
	}
}

func TestSolveFinishAndEditWhileSolving(t *testing.T) {
	u := newTestUI(t, dominoPuzzle())
	u.tabs.SelectIndex(tabSolve)
	st := u.solve
	q := make(uiQueue, 1024)
	st.do = q.do
	// A run that finds three solutions and completes.
	st.launch = func(ctx context.Context, r *solveRun, resume bool) (<-chan runEvent, error) {
		ch := make(chan runEvent, 8)
		for i := 0; i < 3; i++ {
			ch <- runEvent{kind: evSolution, sol: model.Solution{AsmNum: i, SolNum: i, Assembly: model.Assembly{{}, {Pos: grid.Vec{1, 0, 0}}}}}
		}
		ch <- runEvent{kind: evDone, assemblies: 3, complete: true}
		close(ch)
		return ch, nil
	}
	st.start()
	q.pump(t, func() bool { return !st.run.running })
	pr := &u.doc.Puzzle().Problems[0]
	if pr.State != model.Solved || len(pr.Solutions) != 3 || pr.NumAssemblies != 3 {
		t.Fatalf("state %d, %d solutions, %d assemblies", pr.State, len(pr.Solutions), pr.NumAssemblies)
	}
	if st.sel < 0 || len(st.view.scene.Items) != 2 {
		t.Errorf("the first solution is not shown: selected %d, %d items", st.sel, len(st.view.scene.Items))
	}

	// Editing the problem while a run goes on keeps its results out.
	st.launch = endless
	st.start()
	q.pump(t, func() bool { return st.run.solutions > 10 })
	u.edit("rename", func(p *model.Puzzle) error {
		p.Shapes[1].Set(grid.Vec{0, 0, 0}, model.MakeVoxel(model.Variable, 0))
		return nil
	})
	st.stop()
	q.pump(t, func() bool { return !st.run.running })
	if st.run.stored {
		t.Error("results of an edited problem were stored")
	}
	if u.doc.UndoLabel() != "rename" {
		t.Errorf("undo label %q", u.doc.UndoLabel())
	}
}

func TestSolveRefusesImpossible(t *testing.T) {
	p := dominoPuzzle()
	p.Problems[0].Parts[0].Max = 1
	p.Problems[0].Parts[0].Min = 1
	u := newTestUI(t, p)
	st := u.solve
	called := false
	st.launch = func(context.Context, *solveRun, bool) (<-chan runEvent, error) {
		called = true
		return nil, nil
	}
	st.start()
	if called || st.run != nil {
		t.Error("a problem whose pieces are a cell short was handed to the solver")
	}
}

func TestBrowseStoredSolutions(t *testing.T) {
	p, err := xmpuzzle.ReadFile("testdata/tray.xmpuzzle")
	if err != nil {
		t.Fatal(err)
	}
	u := newTestUI(t, p)
	u.tabs.SelectIndex(tabSolve)
	st := u.solve
	if len(st.rows) != 3 {
		t.Fatalf("%d solutions listed, the file stores 3", len(st.rows))
	}
	st.sortBy.SetSelectedIndex(sortMoves)
	first := st.rows[st.sorted[0]]
	if first.moves != 2 {
		t.Errorf("sorted by moves, the first has %d moves", first.moves)
	}
	st.list.Select(0)
	if len(st.view.scene.Items) != 3 || st.anim == nil || st.anim.Steps() != 2 {
		t.Fatalf("%d pieces shown, animation %v", len(st.view.scene.Items), st.anim)
	}
	st.setStep(1)
	if off := st.view.scene.Items[0].Offset; off[0] >= 0 {
		t.Errorf("after the first move slot 0 is at %v, it should have left towards -x", off)
	}
	st.setStep(0)
	if off := st.view.scene.Items[0].Offset; off.Len() != 0 {
		t.Errorf("at the start slot 0 is moved by %v", off)
	}
}

func TestShutdownStopsTheSolver(t *testing.T) {
	u := newTestUI(t, dominoPuzzle())
	st := u.solve
	q := make(uiQueue, 1024)
	st.do, st.launch = q.do, endless
	st.start()
	q.pump(t, func() bool { return st.run.solutions > 0 })
	u.Shutdown()
	select {
	case <-st.run.drained:
	default:
		t.Fatal("Shutdown returned while the solver was still running")
	}
}

// TestLiveListMergesNewSolutions: solutions that stream in are merged into
// the chosen order, which must be the order a stable sort of all of them
// gives; the rows follow the run's slice as append moves it, and when the
// results move into the document the rows are kept, not rebuilt.
func TestLiveListMergesNewSolutions(t *testing.T) {
	u := newTestUI(t, dominoPuzzle())
	u.tabs.SelectIndex(tabSolve)
	st := u.solve
	// Disassemblies of several levels and move counts, with many ties.
	seps := make([]*model.Separation, 6)
	for k := range seps {
		seps[k] = &model.Separation{Pieces: []int{0, 1}, NumStates: 2 + k%3}
		if k >= 3 {
			seps[k].Left = &model.Separation{Pieces: []int{0}, NumStates: 2 + k%2}
		}
	}
	var kept []model.Solution
	add := func(n int) {
		from := len(kept)
		for i := 0; i < n; i++ {
			a := len(kept)
			kept = append(kept, model.Solution{AsmNum: a, SolNum: a, Assembly: model.Assembly{{}, {Pos: grid.Vec{1, 0, 0}}}, Disassembly: seps[a*7%len(seps)]})
		}
		st.appendSolutions(kept, from)
	}
	check := func(what string) {
		t.Helper()
		for k := range st.rows {
			if st.rows[k].sol != &kept[k] {
				t.Fatalf("%s: row %d does not point into the run's slice", what, k)
			}
		}
		want := make([]int, len(st.rows))
		for k := range want {
			want[k] = k
			st.rows[k].keys()
		}
		less := st.less()
		sort.SliceStable(want, func(a, b int) bool { return less(want[a], want[b]) })
		if !slices.Equal(st.sorted, want) {
			t.Fatalf("%s: the list's order differs from a stable sort of all solutions", what)
		}
	}
	st.sortBy.SetSelectedIndex(sortLevel)
	for i := 0; i < 12; i++ {
		add(1 + i*5)
	}
	check("by level")
	st.list.Select(3)
	sel := st.sel
	st.sortBy.SetSelectedIndex(sortMoves)
	for i := 0; i < 6; i++ {
		add(17)
	}
	check("by moves")
	if st.sel != sel {
		t.Fatalf("the selection moved from row %d to %d", sel, st.sel)
	}
	if got := slices.Index(st.sorted, sel); got < 0 || st.list.Length() != len(st.sorted) {
		t.Fatal("the selected row is not listed")
	}
	// The same solutions again (a finished run's results stored in the
	// document): nothing is rebuilt.
	rows := &st.rows[0]
	st.setSolutions(kept[:len(kept):len(kept)])
	if &st.rows[0] != rows || !st.rows[0].keyed || st.sel != sel {
		t.Error("setting the solutions the list shows rebuilt its rows")
	}
	check("after storing")
}

// inWindow reports whether obj is reachable from the window's content the
// way Fyne's drivers walk it: through containers and widget renderers only.
func inWindow(u *App, obj fyne.CanvasObject) bool {
	var walk func(o fyne.CanvasObject) bool
	walk = func(o fyne.CanvasObject) bool {
		if o == obj {
			return true
		}
		var children []fyne.CanvasObject
		switch o := o.(type) {
		case *fyne.Container:
			children = o.Objects
		case fyne.Widget:
			children = test.WidgetRenderer(o).Objects()
		}
		for _, c := range children {
			if walk(c) {
				return true
			}
		}
		return false
	}
	return walk(u.win.Content())
}

// formLabel returns the colour of the label text of a form.
func formLabel(t *testing.T, f *widget.Form, text string) color.Color {
	t.Helper()
	var found *canvas.Text
	var walk func(o fyne.CanvasObject)
	walk = func(o fyne.CanvasObject) {
		switch o := o.(type) {
		case *canvas.Text:
			if o.Text == text {
				found = o
			}
		case *fyne.Container:
			for _, c := range o.Objects {
				walk(c)
			}
		case fyne.Widget:
			for _, c := range test.TempWidgetRenderer(t, o).Objects() {
				walk(c)
			}
		}
	}
	walk(f)
	if found == nil {
		t.Fatalf("no label %q in the form", text)
	}
	return found.Color
}

// TestFormLabelsFollowTheirFields: the run's settings are greyed while it
// runs, labels included, and come back after it, labels included.
func TestFormLabelsFollowTheirFields(t *testing.T) {
	u := newTestUI(t, dominoPuzzle())
	u.tabs.SelectIndex(tabSolve)
	st := u.solve
	q := make(uiQueue, 1024)
	st.do, st.launch = q.do, endless
	fg, grey := theme.Color(theme.ColorNameForeground), theme.Color(theme.ColorNameDisabled)
	form := st.ctl.labels.form
	if !inWindow(u, st.ctl.keep) {
		t.Fatal("the Keep at most entry is not in the window's tree of objects: Fyne would not draw it")
	}
	st.start()
	q.pump(t, func() bool { return st.run.solutions > 0 })
	for _, l := range []string{"Max holes", "Keep at most"} {
		if c := formLabel(t, form, l); c != grey {
			t.Errorf("while solving the label %q is %v, not grey", l, c)
		}
	}
	st.stop()
	q.pump(t, func() bool { return !st.run.running })
	for _, l := range []string{"Max holes", "Keep at most"} {
		if c := formLabel(t, form, l); c != fg {
			t.Errorf("after solving the label %q is %v, not the text colour", l, c)
		}
	}
}
