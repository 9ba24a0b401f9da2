package ui

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/burrlab/burrlab/internal/recovery"
	"github.com/burrlab/burrlab/internal/testfs"
	"github.com/burrlab/burrlab/model"
	"github.com/burrlab/burrlab/model/grid"
	"github.com/burrlab/burrlab/model/xmpuzzle"
)

// crash ends u as a killed app ends: the recovery files stay and the lock
// goes (the kernel drops it with the process); nothing else is written.
func crash(u *App) {
	rc := u.rec
	rc.halt()
	rc.sess.Release()
	u.rec = nil
}

// overlayText returns the texts shown in the window's dialogs.
func overlayText(t *testing.T, u *App) string {
	var b strings.Builder
	for _, o := range u.win.Canvas().Overlays().List() {
		b.WriteString(textOf(t, o))
	}
	return b.String()
}

// textOf returns the texts shown in o, a line each.
func textOf(t *testing.T, o fyne.CanvasObject) string {
	var b strings.Builder
	var walk func(o fyne.CanvasObject)
	walk = func(o fyne.CanvasObject) {
		switch o := o.(type) {
		case nil:
		case *widget.Label:
			b.WriteString(o.Text + "\n")
		case *widget.RichText:
			b.WriteString(o.String() + "\n")
		case *canvas.Text:
			b.WriteString(o.Text + "\n")
		case *fyne.Container:
			for _, ch := range o.Objects {
				walk(ch)
			}
		case fyne.Widget:
			for _, ch := range test.TempWidgetRenderer(t, o).Objects() {
				walk(ch)
			}
		}
	}
	walk(o)
	return b.String()
}

func filled(u *App) int { return u.doc.Puzzle().Shapes[0].Count(model.Filled) }

func TestRecoverAfterCrash(t *testing.T) {
	store := recovery.NewStore(t.TempDir())
	u := newTestUI(t, newPuzzle(grid.Cubes))
	u.StartRecovery(store)
	if txt := overlayText(t, u); txt != "" {
		t.Fatalf("a first start offers to restore: %q", txt)
	}
	a, b := grid.Vec{1, 2, 0}, grid.Vec{3, 0, 1}
	tapCell(t, u, a)
	u.autosave() // the minute's tick
	u.rec.busy.Wait()
	tapCell(t, u, b) // after the tick: lost in the crash
	written := time.Now()
	crash(u)

	u2 := newTestUI(t, newPuzzle(grid.Prisms))
	u2.StartRecovery(store)
	txt := overlayText(t, u2)
	if !strings.Contains(txt, "Unsaved changes to test from today at "+written.Format("15:04")) && !strings.Contains(txt, "from today at "+written.Add(-time.Minute).Format("15:04")) {
		t.Fatalf("the offer does not say what and from when: %q", txt)
	}
	if findButton(t, u2, "Restore and Continue Solving") != nil {
		t.Fatal("continue offered without a search")
	}
	restore := findButton(t, u2, "Restore")
	if restore == nil {
		t.Fatal("no Restore button")
	}
	waitFile(t, u2, func() { test.Tap(restore) })
	if u2.g.Type() != grid.Cubes || state(u2, 0, a) != model.Filled || filled(u2) != 1 {
		t.Fatalf("restored a %v puzzle with %d filled cells; want the cube puzzle with cell %v", u2.g.Type(), filled(u2), a)
	}
	if !u2.doc.Dirty() || !strings.HasPrefix(u2.win.Title(), "*test") {
		t.Fatalf("the restored changes are not unsaved: title %q", u2.win.Title())
	}
	u2.rec.busy.Wait()
	if o, _ := store.Orphans(); len(o) != 0 {
		t.Fatalf("after restoring, %d recovery files of the crashed session are left", len(o))
	}

	// The restored document is in the new session's recovery file: a
	// second crash offers it again; Discard throws it away.
	crash(u2)
	u3 := newTestUI(t, newPuzzle(grid.Prisms))
	u3.StartRecovery(store)
	discard := findButton(t, u3, "Discard")
	if discard == nil {
		t.Fatal("the restored document was not offered after a second crash")
	}
	test.Tap(discard)
	if u3.g.Type() != grid.Prisms {
		t.Fatal("Discard replaced the open puzzle")
	}
	if o, _ := store.Orphans(); len(o) != 0 {
		t.Fatalf("%d recovery files left after Discard", len(o))
	}
}

func TestRecoveryFileFollowsSaving(t *testing.T) {
	dir := t.TempDir()
	store := recovery.NewStore(filepath.Join(dir, "rec"))
	u := newTestUI(t, newPuzzle(grid.Cubes))
	u.StartRecovery(store)
	files := func() int {
		u.rec.busy.Wait()
		m, _ := filepath.Glob(filepath.Join(store.Dir(), "*.xmpuzzle"))
		return len(m)
	}
	u.autosave()
	if n := files(); n != 0 {
		t.Fatalf("nothing unsaved, yet %d recovery files", n)
	}
	tapCell(t, u, grid.Vec{0, 0, 0})
	u.autosave()
	if n := files(); n != 1 {
		t.Fatalf("unsaved changes, %d recovery files", n)
	}
	if err := saveAndWait(t, u, filepath.Join(dir, "p.xmpuzzle")); err != nil {
		t.Fatal(err)
	}
	if n := files(); n != 0 {
		t.Fatalf("saved, yet %d recovery files", n)
	}
	u.Shutdown()
	if ents, _ := os.ReadDir(store.Dir()); len(ents) != 0 {
		t.Fatalf("a clean quit left %d files in the recovery directory", len(ents))
	}
}

// solveQueue routes the solve panel's updates through a queue the test
// pumps, with the checkbox for disassembly cleared (the pentominoes are
// flat: every assembly comes apart).
func solveQueue(u *App) uiQueue {
	q := make(uiQueue, 1024)
	u.solve.do = q.do
	u.solve.ctl.disassemble.SetChecked(false)
	// One worker: the 6x10 rectangle then takes a tenth of a second,
	// long enough to stop and to checkpoint on a fast machine.
	u.fyne.Preferences().SetInt(prefWorkers, 1)
	return q
}

func checkSolutions(t *testing.T, p *model.Puzzle, want uint64) {
	t.Helper()
	pr := &p.Problems[0]
	if pr.State != model.Solved || pr.NumAssemblies != want || uint64(len(pr.Solutions)) != want {
		t.Fatalf("state %d, %d assemblies, %d kept; want %d", pr.State, pr.NumAssemblies, len(pr.Solutions), want)
	}
	seen := map[int]bool{}
	for _, s := range pr.Solutions {
		if seen[s.AsmNum] {
			t.Fatalf("assembly number %d twice", s.AsmNum)
		}
		seen[s.AsmNum] = true
		if err := model.CheckAssembly(p, pr, s.Assembly); err != nil {
			t.Fatal(err)
		}
	}
}

// pumpCounting runs the UI queue until the search ends and returns the
// number of checkpoints the recoverer was given.
func pumpCounting(t *testing.T, u *App, q uiQueue) int {
	t.Helper()
	n := 0
	var last *checkpoint
	q.pump(t, func() bool {
		if cp := u.rec.cp; cp != nil && cp != last {
			last = cp
			n++
		}
		return !u.solve.run.running
	})
	return n
}

// TestCheckpointsKeepTheCount: a search stopped and continued at every
// checkpoint finds what an uninterrupted one finds (2339 rectangles).
func TestCheckpointsKeepTheCount(t *testing.T) {
	store := recovery.NewStore(t.TempDir())
	u := newTestUI(t, pentominoes())
	q := solveQueue(u)
	// 6x10 takes a tenth of a second with one worker: checkpoints 10 ms
	// apart (and four preparations) give several.
	u.startRecovery(store, 10*time.Millisecond, 4, q.do)
	u.solve.start()
	checkpoints := pumpCounting(t, u, q)
	if u.solve.run.err != nil {
		t.Fatal(u.solve.run.err)
	}
	if checkpoints < 2 {
		t.Fatalf("%d checkpoints in a search of %v", checkpoints, u.solve.run.elapsed)
	}
	t.Logf("%d checkpoints in %v", checkpoints, u.solve.run.elapsed)
	checkSolutions(t, u.doc.Puzzle(), 2339)
}

func TestCrashWhileSolvingContinues(t *testing.T) {
	store := recovery.NewStore(t.TempDir())
	u := newTestUI(t, pentominoes())
	q := solveQueue(u)
	u.startRecovery(store, 20*time.Millisecond, 4, q.do)
	u.tabs.SelectIndex(tabSolve)
	u.solve.start()
	q.pump(t, func() bool { return u.rec.cp != nil || !u.solve.run.running })
	if !u.solve.run.running {
		t.Fatalf("the search ended (%v) before its first checkpoint", u.solve.run.elapsed)
	}
	u.rec.busy.Wait()
	at := u.rec.cp.res.assemblies
	crash(u)
	u.solve.stop()
	q.pump(t, func() bool { return !u.solve.run.running })

	u2 := newTestUI(t, newPuzzle(grid.Cubes))
	q2 := solveQueue(u2)
	u2.solve.ctl.disassemble.SetChecked(true) // the offer restores the run's own settings
	u2.solve.ctl.drop.SetText("5")
	u2.StartRecovery(store)
	if txt := overlayText(t, u2); !strings.Contains(txt, "A search on P1 was running") {
		t.Fatalf("the offer does not mention the search: %q", txt)
	}
	b := findButton(t, u2, "Restore and Continue Solving")
	if b == nil {
		t.Fatal("no offer to continue the search")
	}
	waitFile(t, u2, func() { test.Tap(b) })
	r := u2.solve.run
	if r == nil || !r.running || r.assemblies != at || u2.tabs.SelectedIndex() != tabSolve {
		t.Fatalf("after the offer: run %+v (want one continuing from %d assemblies on the Solve tab)", r, at)
	}
	if r.opts.drop != 1 {
		t.Errorf("the continued search keeps every %dth solution, the crashed one kept all", r.opts.drop)
	}
	q2.pump(t, func() bool { return !r.running })
	if r.err != nil || !r.complete {
		t.Fatalf("continued search: err %v, complete %v", r.err, r.complete)
	}
	checkSolutions(t, u2.doc.Puzzle(), 2339)
}

// TestSaveOnFullDisk saves over a puzzle on a full disk: the save fails
// with an error, the file and its backup stay as they were.
func TestSaveOnFullDisk(t *testing.T) {
	dir := testfs.FullDisk(t, 256<<10)
	path := filepath.Join(dir, "p.xmpuzzle")
	u := newTestUI(t, newPuzzle(grid.Cubes))
	a, b, c := grid.Vec{0, 0, 0}, grid.Vec{1, 0, 0}, grid.Vec{2, 0, 0}
	tapCell(t, u, a)
	if err := saveAndWait(t, u, path); err != nil {
		t.Fatal(err)
	}
	tapCell(t, u, b)
	if err := saveAndWait(t, u, path); err != nil {
		t.Fatal(err)
	}
	load := func(p string) int {
		pz, err := xmpuzzle.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		return pz.Shapes[0].Count(model.Filled)
	}
	if n, m := load(path), load(path+"~"); n != 2 || m != 1 {
		t.Fatalf("file has %d cells, backup %d; want 2 and the previous version's 1", n, m)
	}
	old, _ := os.ReadFile(path)
	oldBackup, _ := os.ReadFile(path + "~")

	f, err := os.Create(filepath.Join(dir, "filler"))
	if err != nil {
		t.Fatal(err)
	}
	chunk := make([]byte, 4096)
	for {
		if _, err := f.Write(chunk); err != nil {
			break
		}
	}
	f.Close()

	tapCell(t, u, c)
	if err := saveAndWait(t, u, path); err == nil || !strings.Contains(err.Error(), "annot save p.xmpuzzle") {
		t.Fatalf("saving to a full disk: %v", err)
	}
	if !u.doc.Dirty() {
		t.Fatal("a failed save marked the document saved")
	}
	now, _ := os.ReadFile(path)
	nowBackup, _ := os.ReadFile(path + "~")
	if !bytes.Equal(now, old) || !bytes.Equal(nowBackup, oldBackup) {
		t.Fatal("a failed save changed the file or its backup")
	}
	ents, _ := os.ReadDir(dir)
	for _, e := range ents {
		if strings.HasSuffix(e.Name(), ".tmp") {
			t.Errorf("temporary file %s left behind", e.Name())
		}
	}
}

func TestWhen(t *testing.T) {
	now := time.Date(2026, 11, 25, 14, 30, 0, 0, time.Local)
	for _, c := range []struct {
		t    time.Time
		want string
	}{
		{now.Add(-20 * time.Second), "today at 14:29 (less than a minute ago)"},
		{now.Add(-3 * time.Minute), "today at 14:27 (3 minutes ago)"},
		{time.Date(2026, 11, 24, 23, 0, 0, 0, time.Local), "yesterday at 23:00 (15 hours ago)"},
		{time.Date(2026, 11, 20, 9, 5, 0, 0, time.Local), "Friday 20 November at 09:05 (5 days ago)"},
	} {
		if got := when(c.t, now); got != c.want {
			t.Errorf("when(%v) = %q, want %q", c.t, got, c.want)
		}
	}
}

// TestCheckpointsKeepTheLimit: across checkpoints a run keeps no more
// solutions than asked, and counts them all.
func TestCheckpointsKeepTheLimit(t *testing.T) {
	store := recovery.NewStore(t.TempDir())
	u := newTestUI(t, pentominoes())
	q := solveQueue(u)
	u.startRecovery(store, 10*time.Millisecond, 4, q.do)
	u.solve.ctl.keep.SetText("100")
	u.solve.start()
	if n := pumpCounting(t, u, q); n < 2 {
		t.Fatalf("%d checkpoints in a search of %v", n, u.solve.run.elapsed)
	}
	pr := &u.doc.Puzzle().Problems[0]
	if u.solve.run.err != nil || pr.State != model.Solved || pr.NumAssemblies != 2339 || len(pr.Solutions) != 100 {
		t.Fatalf("err %v, state %d, %d assemblies, %d kept; want 2339 counted, 100 kept", u.solve.run.err, pr.State, pr.NumAssemblies, len(pr.Solutions))
	}
}

// TestTerminateKeepsUnsavedWork: a session's end (SIGTERM) quits without
// asking, and the change made since the last autosave is offered at the
// next start; with nothing unsaved it leaves no file behind.
func TestTerminateKeepsUnsavedWork(t *testing.T) {
	store := recovery.NewStore(t.TempDir())
	u := newTestUI(t, newPuzzle(grid.Cubes))
	exited := 0
	u.SetExit(func() { exited++ })
	u.StartRecovery(store)
	a := grid.Vec{2, 1, 3}
	tapCell(t, u, a) // no autosave since
	u.Terminate()
	if exited != 1 || len(u.win.Canvas().Overlays().List()) != 0 {
		t.Fatalf("Terminate: exited %d times, %d dialogs", exited, len(u.win.Canvas().Overlays().List()))
	}
	o, err := store.Orphans()
	if err != nil || len(o) != 1 {
		t.Fatalf("after Terminate with unsaved changes: %d entries to offer (%v)", len(o), err)
	}
	u2 := newTestUI(t, newPuzzle(grid.Prisms))
	u2.StartRecovery(store)
	waitFile(t, u2, func() { test.Tap(findButton(t, u2, "Restore")) })
	if u2.g.Type() != grid.Cubes || state(u2, 0, a) != model.Filled || filled(u2) != 1 {
		t.Fatalf("restored a %v puzzle with %d filled cells; want the cube puzzle with cell %v", u2.g.Type(), filled(u2), a)
	}

	// Restored, saved, terminated: nothing is left to offer.
	if err := saveAndWait(t, u2, filepath.Join(t.TempDir(), "p.xmpuzzle")); err != nil {
		t.Fatal(err)
	}
	u2.SetExit(func() {})
	u2.Terminate()
	if ents, _ := os.ReadDir(store.Dir()); len(ents) != 0 {
		t.Fatalf("terminated with nothing unsaved, %d files left in the recovery directory", len(ents))
	}
}

// TestSubmitKeepsAfter: a write that replaces one still waiting takes on
// what was to follow it. Restoring a crashed session's work and saving it
// before the writer got to the restored copy left the crashed session's
// files behind: the clear that replaced the write dropped their removal.
// (TestTerminateKeepsUnsavedWork failed once so in CI, with 3 files left;
// this is the one way found to leave them, and 30 runs under load did not
// hit it again, so it is tested here without the writer.)
func TestSubmitKeepsAfter(t *testing.T) {
	rc := &recoverer{wake: make(chan struct{}, 1)}
	var ran []string
	rc.submit(recJob{p: &model.Puzzle{}, after: func() { ran = append(ran, "restored") }})
	rc.submit(recJob{}) // nothing unsaved any more
	rc.submit(recJob{p: &model.Puzzle{}, after: func() { ran = append(ran, "latest") }})
	if rc.pending == nil || rc.pending.after == nil {
		t.Fatal("the waiting write lost what was to follow the ones it replaced")
	}
	rc.pending.after()
	if len(ran) != 2 || ran[0] != "restored" || ran[1] != "latest" {
		t.Errorf("after the waiting write: %v, want [restored latest]", ran)
	}
}

// TestQuitWithoutSaving: Quit, then Don't Save, gives the changes up on
// purpose: the recovery files go, and the next start offers nothing back.
func TestQuitWithoutSaving(t *testing.T) {
	store := recovery.NewStore(t.TempDir())
	u := newTestUI(t, newPuzzle(grid.Cubes))
	u.StartRecovery(store)
	exited := false
	u.SetExit(func() { exited = true })
	tapCell(t, u, grid.Vec{0, 0, 0})
	u.autosave()
	u.rec.busy.Wait()
	u.closeRequested()
	test.Tap(findButton(t, u, "Don't Save"))
	if !exited {
		t.Fatal("Don't Save did not quit")
	}
	if ents, _ := os.ReadDir(store.Dir()); len(ents) != 0 {
		t.Errorf("Quit without saving left %d files in the recovery directory", len(ents))
	}
	next := newTestUI(t, newPuzzle(grid.Cubes))
	next.StartRecovery(recovery.NewStore(store.Dir()))
	if txt := overlayText(t, next); txt != "" {
		t.Errorf("the next start offers: %q", txt)
	}
}
