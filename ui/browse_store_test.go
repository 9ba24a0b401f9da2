package ui

import (
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"github.com/burrlab/burrlab/model"
	"github.com/burrlab/burrlab/model/grid"
)

// storeAndWait taps Store and runs the browser's UI updates until the
// check has ended.
func storeAndWait(t *testing.T, b *movementBrowser) {
	t.Helper()
	q := make(uiQueue, 4)
	b.do = q.do
	test.Tap(b.store)
	q.pump(t, func() bool { return b.storing == nil })
}

// relaidView lays the browser's window out again and returns the size
// of its 3D view.
func relaidView(b *movementBrowser) fyne.Size {
	sz := b.win.Canvas().Size()
	b.win.Resize(sz.AddWidthHeight(1, 1))
	b.win.Resize(sz)
	return b.view.Size()
}

// slabsPuzzle: two n x n x h slabs stacked along z, the assembly stored as
// a solution.
func slabsPuzzle(n, h int) *model.Puzzle {
	p := &model.Puzzle{Grid: grid.Cubes}
	solid := func(size grid.Vec) model.Shape {
		s := model.NewShape(size)
		for i := range s.Voxels {
			s.Voxels[i] = model.MakeVoxel(model.Filled, 0)
		}
		return s
	}
	p.Shapes = []model.Shape{solid(grid.Vec{n, n, h}), solid(grid.Vec{n, n, 2 * h})}
	p.AddProblem("slabs")
	pr := &p.Problems[0]
	pr.Result = 1
	pr.Parts = []model.Part{{Shape: 0, Min: 2, Max: 2}}
	pr.Solutions = []model.Solution{{Assembly: model.Assembly{{Pos: grid.Vec{0, 0, 0}}, {Pos: grid.Vec{0, 0, h}}}}}
	pr.NumAssemblies = 1
	return p
}

// TestStoreStopsQuickly: the check behind Store runs off the UI's
// goroutine and shows that it is working; Stop (the same button) ends it
// within 100 ms without storing anything, and so does closing the window.
// The path: the upper of two 24x24x8 slabs (4608 cells each) moved
// alternately up and sideways 160 times, then taken out; the check goes
// over the moving slab for each of the 161 moves (0.4 s here).
func TestStoreStopsQuickly(t *testing.T) {
	u := newTestUI(t, slabsPuzzle(24, 8))
	b := openMovesWindow(t, u) // closed below
	q := make(uiQueue, 16)
	b.do = q.do
	defer func(d time.Duration) { storeBusyAfter = d }(storeBusyAfter)
	storeBusyAfter = 0 // the bar at once: the test need not wait for it
	n := b.m.Root()
	var err error
	for i := range 160 {
		dir := grid.Vec{0, 0, 1}
		if i%2 == 1 {
			dir = grid.Vec{1, 0, 0}
		}
		if n, err = b.m.Move(n, []int{1}, dir); err != nil {
			t.Fatal(err)
		}
	}
	if n, err = b.m.TakeOut(n, []int{1}, grid.Vec{0, 0, 1}); err != nil {
		t.Fatal(err)
	}
	b.cur = n
	b.refresh()
	if b.store.Disabled() {
		t.Fatalf("not storable: %q", b.status.Text)
	}

	for _, stop := range []struct {
		how  string
		stop func()
	}{{"Stop", func() { test.Tap(b.store) }}, {"closing the window", b.win.Close}} {
		viewSize := relaidView(b)
		test.Tap(b.store)
		if b.storing == nil || b.store.Text != "Stop" || b.store.Disabled() {
			t.Fatalf("while checking: button %q, disabled %v", b.store.Text, b.store.Disabled())
		}
		job := b.storing
		// The UI goroutine is free meanwhile: moves and the tree work.
		b.back()
		if b.cur == n || b.storing != job || b.store.Disabled() {
			t.Fatal("back during the check: the check was lost or the button disabled")
		}
		q.pump(t, func() bool { return !b.busy.Hidden || b.storing == nil })
		if b.storing == nil {
			t.Fatalf("the check ended before it could be stopped: %q", b.status.Text)
		}
		if got := relaidView(b); b.busy.Hidden || got != viewSize {
			t.Errorf("the bar (shown %v) changed the 3D view from %v to %v", !b.busy.Hidden, viewSize, got)
		}
		start := time.Now()
		stop.stop()
		select {
		case <-job.done:
		case <-time.After(5 * time.Second):
			t.Fatalf("%s did not stop the check", stop.how)
		}
		took := time.Since(start)
		t.Logf("%s stopped the check in %v", stop.how, took)
		if took > 100*time.Millisecond {
			t.Errorf("%s took %v to stop the check, more than 100 ms", stop.how, took)
		}
		q.drain()
		if b.storing != nil || !b.busy.Hidden || b.store.Text != "Store as disassembly" || !strings.Contains(b.status.Text, "Stopped") {
			t.Errorf("after %s: button %q, status %q", stop.how, b.store.Text, b.status.Text)
		}
		if u.doc.Puzzle().Problems[0].Solutions[0].Disassembly != nil || u.doc.Dirty() {
			t.Fatalf("a check stopped by %s stored its disassembly", stop.how)
		}
		b.cur = n
		b.refresh()
	}
}

// TestStoreRefusesAChangedPuzzle: a puzzle edited while the check ran
// gets nothing stored.
func TestStoreRefusesAChangedPuzzle(t *testing.T) {
	u := newTestUI(t, hookPuzzle())
	b := openMoves(t, u)
	key(b, "1")
	key(b, "2")
	key(b, fyne.KeyLeft)
	q := make(uiQueue, 4)
	b.do = q.do
	test.Tap(b.store)
	if err := u.doc.Edit("weigh", View{}, func(p *model.Puzzle) error { return p.SetWeight(1, 5) }); err != nil {
		t.Fatal(err)
	}
	q.pump(t, func() bool { return b.storing == nil })
	if u.doc.Puzzle().Problems[0].Solutions[0].Disassembly != nil || !strings.Contains(b.status.Text, "changed") {
		t.Errorf("stored into a changed puzzle: %q", b.status.Text)
	}
}

// TestStoreTwiceChangesNothing: a second Store of the same disassembly
// says so and adds no undo step; after undo it stores again, and another
// way apart replaces it.
func TestStoreTwiceChangesNothing(t *testing.T) {
	u := newTestUI(t, hookPuzzle())
	b := openMoves(t, u)
	key(b, "1") // piece 2 alone
	key(b, "2")
	key(b, fyne.KeyLeft)
	storeAndWait(t, b)
	stored := func() *model.Separation { return u.doc.Puzzle().Problems[0].Solutions[0].Disassembly }
	first, steps := stored(), len(u.doc.undo)
	if first == nil || u.doc.UndoLabel() != "Store disassembly" {
		t.Fatalf("first store: %+v, undo %q", first, u.doc.UndoLabel())
	}
	storeAndWait(t, b)
	if len(u.doc.undo) != steps || stored() != first || !strings.HasPrefix(b.status.Text, "Already stored") {
		t.Fatalf("second store: %d undo steps (was %d), status %q", len(u.doc.undo), steps, b.status.Text)
	}
	if len(u.doc.Puzzle().Problems[0].Solutions) != 1 {
		t.Fatalf("%d solutions", len(u.doc.Puzzle().Problems[0].Solutions))
	}
	u.Undo()
	if stored() != nil {
		t.Fatal("undo left the disassembly")
	}
	storeAndWait(t, b)
	if s := stored(); s == nil || !sameSeparation(s, first) || !strings.HasPrefix(b.status.Text, "Stored") {
		t.Fatalf("store after undo: %q", b.status.Text)
	}
	// Another way apart differs: one step +Z, then out along +Z. (Taken
	// out at once, along any direction, is the state already stored.)
	b.cur = b.m.Root()
	b.takeOut.SetChecked(false)
	test.Tap(b.button(t, "+Z"))
	b.takeOut.SetChecked(true)
	test.Tap(b.button(t, "+Z"))
	if !b.cur.Move.Removal {
		t.Fatalf("+Z did not take piece 2 out: %q", b.status.Text)
	}
	steps = len(u.doc.undo)
	storeAndWait(t, b)
	if s := stored(); len(u.doc.undo) != steps+1 || sameSeparation(s, first) {
		t.Errorf("a different disassembly: %d undo steps (was %d), same as the first: %v, %q", len(u.doc.undo), steps, sameSeparation(s, first), b.status.Text)
	}
}
