package ui

import (
	"bytes"
	"strings"
	"testing"

	"github.com/burrlab/burrlab/assets"
	"github.com/burrlab/burrlab/model"
	"github.com/burrlab/burrlab/model/grid"
	"github.com/burrlab/burrlab/model/xmpuzzle"
)

// These tests run the real solver through the Solve tab.

func TestSolveSomaWithTheSolver(t *testing.T) {
	b, err := assets.ReadExample("soma.xmpuzzle")
	if err != nil {
		t.Fatal(err)
	}
	p, err := xmpuzzle.Read(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	u := newTestUI(t, p)
	u.tabs.SelectIndex(tabSolve)
	st := u.solve
	q := make(uiQueue, 1024)
	st.do = q.do
	st.start()
	q.pump(t, func() bool { return !st.run.running })
	if st.run.err != nil {
		t.Fatal(st.run.err)
	}
	pr := &u.doc.Puzzle().Problems[0]
	if pr.State != model.Solved || pr.NumAssemblies != 240 || pr.NumSolutions != 240 || len(pr.Solutions) != 240 {
		t.Fatalf("Soma: state %d, %d assemblies, %d solutions, %d kept; want 240", pr.State, pr.NumAssemblies, pr.NumSolutions, len(pr.Solutions))
	}
	for _, s := range pr.Solutions {
		if s.Disassembly == nil {
			t.Fatal("a Soma solution without its disassembly")
		}
		if err := model.CheckAssembly(u.doc.Puzzle(), pr, s.Assembly); err != nil {
			t.Fatal(err)
		}
	}
	if len(st.rows) != 240 || st.anim == nil {
		t.Errorf("the list shows %d solutions; animation %v", len(st.rows), st.anim)
	}
}

// pentominoes returns the 6x10 pentomino rectangle (2339 solutions).
func pentominoes() *model.Puzzle {
	rows := [][]string{
		{"#####"},             // I
		{"####", "#..."},      // L
		{"####", ".#.."},      // Y
		{"###.", "..##"},      // N
		{"###", "#.#"},        // U
		{"###", "##."},        // P
		{"###", ".#.", ".#."}, // T
		{"#..", "#..", "###"}, // V
		{"#..", "##.", ".##"}, // W
		{"##.", ".##", ".#."}, // F
		{".#.", "###", ".#."}, // X
		{"##.", ".#.", ".##"}, // Z
	}
	p := &model.Puzzle{Grid: grid.Cubes}
	pr := model.NewProblem("6x10")
	for i, r := range rows {
		s := model.NewShape(grid.Vec{len(r[0]), len(r), 1})
		for y, line := range r {
			for x, c := range line {
				if c == '#' {
					s.Set(grid.Vec{x, y, 0}, model.MakeVoxel(model.Filled, 0))
				}
			}
		}
		p.AddShape(s)
		pr.Parts = append(pr.Parts, model.Part{Shape: i, Min: 1, Max: 1})
	}
	box := model.NewShape(grid.Vec{10, 6, 1})
	for i := range box.Voxels {
		box.Voxels[i] = model.MakeVoxel(model.Filled, 0)
	}
	pr.Result = p.AddShape(box)
	p.Problems = append(p.Problems, pr)
	return p
}

// stoppedSearch starts the 6x10 pentomino search on the Solve tab, after
// set (nil: nothing) changed its settings, stops it at its first
// assemblies and waits for it to stand; the run must not have finished.
func stoppedSearch(t *testing.T, set func(*solveTab)) (*App, *solveTab, uiQueue) {
	t.Helper()
	u := newTestUI(t, pentominoes())
	u.tabs.SelectIndex(tabSolve)
	st := u.solve
	q := solveQueue(u)
	if set != nil {
		set(st)
	}
	st.start()
	q.pump(t, func() bool { return st.run.assemblies > 0 || !st.run.running })
	st.stop()
	q.pump(t, func() bool { return !st.run.running })
	if st.run.complete {
		t.Fatalf("the search finished (%d assemblies) before Stop reached it", st.run.assemblies)
	}
	return u, st, q
}

// TestContinueWithOtherSettings: Continue after Keep mirrors was ticked on
// a stopped search refuses and says why, before anything changes: the
// panel still shows the stopped search, its solutions and progress,
// instead of going on counting without mirrors while the box says with.
// Set back, it goes on.
func TestContinueWithOtherSettings(t *testing.T) {
	u, st, q := stoppedSearch(t, nil)
	before, status, progress := st.run, u.status.Text, st.ctl.progress.Value
	rows := len(st.rows)
	st.ctl.mirrors.SetChecked(true)
	st.resume()
	if msg := overlayText(t, u); !strings.Contains(msg, "keep mirrors was off for it, on here") {
		t.Fatalf("continued with Keep mirrors ticked: dialog %q, running %v", msg, st.run.running)
	}
	if st.run != before || st.run.running || st.run.err != nil {
		t.Errorf("the refusal replaced or changed the run (running %v, err %v)", st.run.running, st.run.err)
	}
	if u.status.Text != status || st.ctl.progress.Value != progress || len(st.rows) != rows || rows == 0 {
		t.Errorf("after the refusal: status %q, progress %v, %d rows; before %q, %v, %d", u.status.Text, st.ctl.progress.Value, len(st.rows), status, progress, rows)
	}
	if st.ctl.cont.Disabled() || !st.canContinue() {
		t.Fatal("the stopped search cannot be continued any more")
	}
	u.win.Canvas().Overlays().Top().Hide()
	st.ctl.mirrors.SetChecked(false)
	st.resume()
	q.pump(t, func() bool { return !st.run.running })
	if st.run.err != nil || !st.run.complete || st.run.assemblies != 2339 {
		t.Errorf("continued with the settings set back: err %v, complete %v, %d assemblies", st.run.err, st.run.complete, st.run.assemblies)
	}
}

// TestContinueKeepsMore: Keep at most raised while a search is stopped
// holds when it goes on, as it does after saving and reopening.
func TestContinueKeepsMore(t *testing.T) {
	u, st, q := stoppedSearch(t, func(st *solveTab) { st.ctl.keep.SetText("5") })
	found, kept := int(st.run.assemblies), len(st.run.kept)
	if kept > 5 {
		t.Fatalf("stopped with %d kept, at most 5 asked", kept)
	}
	st.ctl.keep.SetText("10000")
	st.resume()
	q.pump(t, func() bool { return !st.run.running })
	// Every solution found after the stop is kept.
	pr := &u.doc.Puzzle().Problems[0]
	if want := kept + 2339 - found; st.run.err != nil || !st.run.complete || pr.NumAssemblies != 2339 || len(pr.Solutions) != want {
		t.Errorf("continued with Keep at most 10000 after %d found, %d kept: err %v, complete %v, %d assemblies, %d kept, want %d",
			found, kept, st.run.err, st.run.complete, pr.NumAssemblies, len(pr.Solutions), want)
	}
}

func TestStopAndContinueWithTheSolver(t *testing.T) {
	u, st, q := stoppedSearch(t, nil)
	r := st.run
	if r.err != nil {
		t.Fatal(r.err)
	}
	pr := &u.doc.Puzzle().Problems[0]
	if pr.State != model.Paused || pr.Assembler == nil || !st.canContinue() {
		t.Fatalf("after Stop: state %d, saved search %v, can continue %v", pr.State, pr.Assembler, st.canContinue())
	}
	stopped := r.assemblies
	st.resume()
	q.pump(t, func() bool { return !st.run.running })
	pr = &u.doc.Puzzle().Problems[0]
	if st.run.err != nil || !st.run.complete {
		t.Fatalf("continued search: err %v, complete %v", st.run.err, st.run.complete)
	}
	if pr.State != model.Solved || pr.NumAssemblies != 2339 || len(pr.Solutions) != 2339 {
		t.Fatalf("after Continue (stopped at %d): state %d, %d assemblies, %d kept; want 2339", stopped, pr.State, pr.NumAssemblies, len(pr.Solutions))
	}
	seen := map[int]bool{}
	for _, s := range pr.Solutions {
		if seen[s.AsmNum] {
			t.Fatalf("assembly number %d twice across the stop", s.AsmNum)
		}
		seen[s.AsmNum] = true
	}
	// Two steps: the stop and the finish. Undo goes back through both.
	u.Undo()
	if pr := &u.doc.Puzzle().Problems[0]; pr.State != model.Paused {
		t.Errorf("undoing the finish leaves state %d", pr.State)
	}
}

func TestSolverErrorsShowInADialog(t *testing.T) {
	// An L tromino cannot go into a straight bar of three cells: the cell
	// counts agree, so only the solver finds out.
	p := &model.Puzzle{Grid: grid.Cubes}
	bar := model.NewShape(grid.Vec{3, 1, 1})
	for i := range bar.Voxels {
		bar.Voxels[i] = model.MakeVoxel(model.Filled, 0)
	}
	ell := model.NewShape(grid.Vec{2, 2, 1})
	ell.Voxels[0], ell.Voxels[1], ell.Voxels[2] = model.MakeVoxel(model.Filled, 0), model.MakeVoxel(model.Filled, 0), model.MakeVoxel(model.Filled, 0)
	p.AddShape(bar)
	p.AddShape(ell)
	p.AddProblem("")
	p.Problems[0].Result = 0
	p.Problems[0].Parts = []model.Part{{Shape: 1, Min: 1, Max: 1}}
	u := newTestUI(t, p)
	st := u.solve
	q := make(uiQueue, 1024)
	st.do = q.do
	st.start()
	q.pump(t, func() bool { return !st.run.running })
	if st.run.err == nil {
		t.Fatal("no error for a piece that fits nowhere")
	}
	t.Logf("the dialog says: %v", st.run.err)
	if len(u.win.Canvas().Overlays().List()) == 0 {
		t.Error("the error did not show in a dialog")
	}
	if u.doc.Puzzle().Problems[0].State != model.Unsolved {
		t.Error("a failed run changed the problem")
	}
	if !strings.Contains(st.info.Text, "stopped with an error") {
		t.Errorf("the panel does not say the error: %q", st.info.Text)
	}
	// Mended (the L straightened), the problem is no longer the one the
	// error was about: the panel says its state, not the old error.
	u.edit("straighten", func(p *model.Puzzle) error {
		p.Shapes[1] = p.Shapes[0].Clone()
		return nil
	})
	u.tabs.SelectIndex(tabSolve)
	if strings.Contains(st.info.Text, "error") || !strings.HasPrefix(st.info.Text, "Not solved") {
		t.Errorf("after the problem changed the panel says %q", st.info.Text)
	}
}

func TestContinueASearchSavedInAFile(t *testing.T) {
	u := newTestUI(t, pentominoes())
	st := u.solve
	q := solveQueue(u)
	st.start()
	q.pump(t, func() bool { return st.run.assemblies > 0 || !st.run.running })
	st.stop()
	q.pump(t, func() bool { return !st.run.running })
	if st.run.complete {
		t.Fatalf("the search finished (%d assemblies) before Stop reached it", st.run.assemblies)
	}
	path := t.TempDir() + "/paused.xmpuzzle"
	if err := saveAndWait(t, u, path); err != nil {
		t.Fatal(err)
	}
	waitFile(t, u, func() { u.OpenPath(path) })
	pr := &u.doc.Puzzle().Problems[0]
	if pr.State != model.Paused || st.run != nil || !st.canContinue() {
		t.Fatalf("reopened: state %d, run %v, can continue %v", pr.State, st.run, st.canContinue())
	}
	kept := len(pr.Solutions)
	st.resume()
	q.pump(t, func() bool { return !st.run.running })
	pr = &u.doc.Puzzle().Problems[0]
	if st.run.err != nil || pr.State != model.Solved || pr.NumAssemblies != 2339 || len(pr.Solutions) != 2339 {
		t.Fatalf("continued from the file (%d kept before): err %v, state %d, %d assemblies, %d kept", kept, st.run.err, pr.State, pr.NumAssemblies, len(pr.Solutions))
	}
}

// TestSolveMaxHolesField: the Solve tab's Max holes field overrides the
// problem's limit for the run. The result is a bar of four cells, two
// filled and two variable; the pieces one or two dominoes. With no limit
// one domino (leaving two holes) and two dominoes (none) both fit; with
// Max holes 0 only the two.
func TestSolveMaxHolesField(t *testing.T) {
	p := &model.Puzzle{Grid: grid.Cubes}
	bar := model.NewShape(grid.Vec{4, 1, 1})
	bar.Voxels[0], bar.Voxels[1] = model.MakeVoxel(model.Filled, 0), model.MakeVoxel(model.Filled, 0)
	bar.Voxels[2], bar.Voxels[3] = model.MakeVoxel(model.Variable, 0), model.MakeVoxel(model.Variable, 0)
	domino := model.NewShape(grid.Vec{2, 1, 1})
	domino.Voxels[0], domino.Voxels[1] = model.MakeVoxel(model.Filled, 0), model.MakeVoxel(model.Filled, 0)
	p.AddShape(bar)
	p.AddShape(domino)
	p.AddProblem("")
	p.Problems[0].Result = 0
	p.Problems[0].Parts = []model.Part{{Shape: 1, Min: 1, Max: 2}}
	u := newTestUI(t, p)
	u.tabs.SelectIndex(tabSolve)
	st := u.solve
	q := solveQueue(u)
	solve := func(maxHoles string) uint64 {
		t.Helper()
		st.ctl.maxHoles.SetText(maxHoles)
		st.start()
		q.pump(t, func() bool { return !st.run.running })
		if st.run.err != nil {
			t.Fatal(st.run.err)
		}
		return st.run.assemblies
	}
	if n := solve(""); n != 2 {
		t.Errorf("no hole limit: %d assemblies, want 2", n)
	}
	if n := solve("0"); n != 1 {
		t.Errorf("max holes 0: %d assemblies, want 1", n)
	}
	if got := u.doc.Puzzle().Problems[0].MaxHoles; got != -1 {
		t.Errorf("the run's hole limit changed the problem's to %d", got)
	}
	st.ctl.maxHoles.SetText("x")
	st.start()
	if len(u.win.Canvas().Overlays().List()) == 0 {
		t.Error("a Max holes that is not a number gave no message")
	}
}
