package ui

import (
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/burrlab/burrlab/model"
	"github.com/burrlab/burrlab/model/grid"
)

// slideSep returns a disassembly of the domino puzzle's two cubes in which
// cube 1 moves moves-1 steps along +x and then leaves.
func slideSep(moves int) *model.Separation {
	s := &model.Separation{Pieces: []int{0, 1}}
	for k := 0; k < moves; k++ {
		s.States = append(s.States, []grid.Vec{{0, 0, 0}, {1 + k, 0, 0}})
	}
	s.States = append(s.States, []grid.Vec{{0, 0, 0}, {moves + model.RemoveDistance, 0, 0}})
	return s
}

// manySolutions is the domino puzzle with n stored solutions numbered 0..n-1:
// every third has no disassembly, the others take 1 to 4 moves.
func manySolutions(n int) *model.Puzzle {
	p := dominoPuzzle()
	seps := []*model.Separation{slideSep(1), slideSep(2), slideSep(3), slideSep(4)}
	a := model.Assembly{{Pos: grid.Vec{0, 0, 0}}, {Pos: grid.Vec{1, 0, 0}}}
	sols := make([]model.Solution, n)
	for k := range sols {
		sols[k] = model.Solution{AsmNum: k, SolNum: k, Assembly: a}
		if k%3 != 0 {
			sols[k].Disassembly = seps[k*7%len(seps)]
		}
	}
	pr := &p.Problems[0]
	pr.Solutions, pr.State = sols, model.Solved
	pr.NumAssemblies, pr.NumSolutions = uint64(n), uint64(n)
	return p
}

// storedNums lists the AsmNums of problem 0's stored solutions.
func storedNums(u *App) []int {
	var out []int
	for _, s := range u.doc.Puzzle().Problems[0].Solutions {
		out = append(out, s.AsmNum)
	}
	return out
}

// listedNums lists the AsmNums in the list's order.
func listedNums(st *solveTab) []int {
	var out []int
	for _, r := range st.sorted {
		out = append(out, st.rows[r].sol.AsmNum)
	}
	return out
}

// selectedNum is the AsmNum of the selected solution, -1 none.
func selectedNum(st *solveTab) int {
	if st.sel < 0 {
		return -1
	}
	return st.rows[st.sel].sol.AsmNum
}

// findTool finds a solution tool by its menu label.
func findTool(t *testing.T, st *solveTab, menu string) *solTool {
	t.Helper()
	for _, tl := range st.tools.tools {
		if tl.item.Label == menu {
			return tl
		}
	}
	t.Fatalf("no tool %q", menu)
	return nil
}

// selectNum selects the solution numbered asm in the list.
func selectNum(t *testing.T, st *solveTab, asm int) {
	t.Helper()
	for k, r := range st.sorted {
		if st.rows[r].sol.AsmNum == asm {
			st.list.Select(k)
			return
		}
	}
	t.Fatalf("solution %d is not listed", asm)
}

// asmRange lists lo..hi-1.
func asmRange(lo, hi int) []int {
	var out []int
	for k := lo; k < hi; k++ {
		out = append(out, k)
	}
	return out
}

// TestDeleteSolutionTools taps the buttons and presses the keys of every
// delete tool, checks the stored solutions, the list and the selection,
// and undoes each.
func TestDeleteSolutionTools(t *testing.T) {
	u := newTestUI(t, manySolutions(10))
	u.tabs.SelectIndex(tabSolve)
	st := u.solve
	all := asmRange(0, 10)
	if !slices.Equal(listedNums(st), all) {
		t.Fatalf("listed %v", listedNums(st))
	}
	selectNum(t, st, 4)
	undo := func(what string, listed []int) {
		t.Helper()
		pressShortcut(u, &fyne.ShortcutUndo{})
		if got := storedNums(u); !slices.Equal(got, all) {
			t.Fatalf("%s: undo left %v", what, got)
		}
		if got := listedNums(st); !slices.Equal(got, listed) {
			t.Fatalf("%s: after undo the list shows %v, want %v", what, got, listed)
		}
	}
	for _, c := range []struct {
		menu     string
		tap      bool
		key      fyne.Shortcut
		want     []int
		selected int
	}{
		{"Delete Solutions Before the Selected", true, nil, asmRange(4, 10), 4},
		{"Delete Solutions Before the Selected", false, ctrlShortcut(fyne.KeyPageUp, fyne.KeyModifierShift), asmRange(4, 10), 4},
		{"Delete Solutions After the Selected", true, nil, asmRange(0, 5), 4},
		{"Delete Solutions After the Selected", false, ctrlShortcut(fyne.KeyPageDown, fyne.KeyModifierShift), asmRange(0, 5), 4},
		{"Delete the Selected Solution", true, nil, []int{0, 1, 2, 3, 5, 6, 7, 8, 9}, 5},
		{"Delete the Selected Solution", false, ctrlShortcut(fyne.KeyDelete, 0), []int{0, 1, 2, 3, 5, 6, 7, 8, 9}, 5},
		{"Delete Solutions Without a Disassembly", true, nil, []int{1, 2, 4, 5, 7, 8}, 4},
		{"Delete Solutions Without a Disassembly", false, ctrlShortcut(fyne.KeyU, fyne.KeyModifierShift), []int{1, 2, 4, 5, 7, 8}, 4},
		{"Delete All Solutions", true, nil, nil, -1},
		{"Delete All Solutions", false, ctrlShortcut(fyne.KeyDelete, fyne.KeyModifierShift), nil, -1},
	} {
		selectNum(t, st, 4)
		tl := findTool(t, st, c.menu)
		if tl.button.Disabled() || tl.item.Disabled {
			t.Fatalf("%s is disabled", c.menu)
		}
		if !strings.Contains(tl.button.tip, "Ctrl+") || strings.Contains(tl.button.tip, "Prior") || tl.item.Shortcut == nil {
			t.Errorf("%s: tooltip %q names no shortcut", c.menu, tl.button.tip)
		}
		how := "tap"
		if c.tap {
			test.Tap(tl.button)
		} else {
			how = c.key.ShortcutName()
			pressShortcut(u, c.key)
		}
		if got := storedNums(u); !slices.Equal(got, c.want) {
			t.Errorf("%s (%s) stored %v, want %v", c.menu, how, got, c.want)
		}
		if got := listedNums(st); !slices.Equal(got, c.want) || st.list.Length() != len(c.want) {
			t.Errorf("%s (%s) lists %v", c.menu, how, got)
		}
		if got := selectedNum(st); got != c.selected {
			t.Errorf("%s (%s): solution %d is selected, want %d", c.menu, how, got, c.selected)
		}
		if c.selected < 0 && len(st.view.scene.Items) != 0 {
			t.Errorf("%s: the view still shows a solution", c.menu)
		}
		undo(c.menu, all)
	}

	// In another order "after" means after in the list as shown.
	st.sortBy.SetSelectedIndex(sortMoves)
	shown := listedNums(st)
	selectNum(t, st, shown[3])
	pressShortcut(u, ctrlShortcut(fyne.KeyPageDown, fyne.KeyModifierShift))
	want := slices.Clone(shown[:4])
	slices.Sort(want)
	if got := storedNums(u); !slices.Equal(got, want) {
		t.Errorf("sorted by moves, delete after kept %v, want %v", got, want)
	}
	if got := listedNums(st); !slices.Equal(got, shown[:4]) {
		t.Errorf("sorted by moves, the list shows %v, want %v", got, shown[:4])
	}
	undo("delete after, sorted", shown)
	if got := selectedNum(st); got != shown[3] {
		t.Errorf("after undo solution %d is selected, want %d", got, shown[3])
	}

	// With no selection the tools around it are off.
	st.list.UnselectAll()
	st.sel = -1
	st.tools.refresh()
	if !findTool(t, st, "Delete the Selected Solution").button.Disabled() {
		t.Error("delete the selected solution is enabled with none selected")
	}
}

// TestSolutionToolsOffWhileSolving: the tools edit the document's list,
// not a run's.
func TestSolutionToolsOffWhileSolving(t *testing.T) {
	u := newTestUI(t, manySolutions(5))
	u.tabs.SelectIndex(tabSolve)
	st := u.solve
	q := make(uiQueue, 1024)
	st.do, st.launch = q.do, endless
	st.start()
	q.pump(t, func() bool { return len(st.rows) > 0 })
	for _, tl := range st.tools.tools {
		if !tl.button.Disabled() || !tl.item.Disabled {
			t.Errorf("%s is enabled while solving", tl.item.Label)
		}
	}
	pressShortcut(u, ctrlShortcut(fyne.KeyDelete, fyne.KeyModifierShift))
	if len(st.run.kept) == 0 {
		t.Error("the run's solutions were deleted")
	}
	st.stop()
	q.pump(t, func() bool { return !st.run.running })
	if findTool(t, st, "Delete All Solutions").button.Disabled() {
		t.Error("the tools stay off after the run")
	}
}

// TestRemoveDisassemblies drops disassemblies to their outline: level and
// moves stay listed, the animation goes; undo brings it back.
func TestRemoveDisassemblies(t *testing.T) {
	u := newTestUI(t, manySolutions(6))
	u.tabs.SelectIndex(tabSolve)
	st := u.solve
	selectNum(t, st, 2)
	if st.anim == nil {
		t.Fatal("solution 2 has no animation")
	}
	level := st.rows[st.sel].sol.Disassembly.Level()
	pressShortcut(u, ctrlShortcut(fyne.KeyD, fyne.KeyModifierAlt))
	sols := u.doc.Puzzle().Problems[0].Solutions
	if d := sols[2].Disassembly; d == nil || !d.Outline() || d.Level() != level {
		t.Fatalf("solution 2's disassembly after removing: %+v", d)
	}
	if sols[1].Disassembly.Outline() {
		t.Error("solution 1's disassembly went too")
	}
	if st.anim != nil || !st.play.Disabled() {
		t.Error("the outline still animates")
	}
	o := st.list.CreateItem()
	st.list.UpdateItem(2, o)
	if got := o.(*fyne.Container).Objects[1].(*widget.Label).Text; got != level {
		t.Errorf("the list shows level %q for the outline, want %q", got, level)
	}
	if !findTool(t, st, "Remove the Selected Disassembly").button.Disabled() || findTool(t, st, "Take the Selected Solution Apart").button.Disabled() {
		t.Error("after removing, remove should be off and take apart on")
	}
	pressShortcut(u, &fyne.ShortcutUndo{})
	if st.anim == nil || u.doc.Puzzle().Problems[0].Solutions[2].Disassembly.Outline() {
		t.Error("undo did not bring the disassembly back")
	}

	// The button of the selected one.
	test.Tap(findTool(t, st, "Remove the Selected Disassembly").button)
	if d := u.doc.Puzzle().Problems[0].Solutions[2].Disassembly; !d.Outline() || st.anim != nil {
		t.Error("the Remove button did not remove the selected disassembly")
	}
	pressShortcut(u, &fyne.ShortcutUndo{})

	// All of them, with the button and with the key.
	for _, how := range []string{"tap", "key"} {
		if how == "tap" {
			test.Tap(findTool(t, st, "Remove All Disassemblies").button)
		} else {
			pressShortcut(u, ctrlShortcut(fyne.KeyD, fyne.KeyModifierAlt|fyne.KeyModifierShift))
		}
		for _, s := range u.doc.Puzzle().Problems[0].Solutions {
			if s.Disassembly != nil && !s.Disassembly.Outline() {
				t.Fatalf("%s: solution %d kept its disassembly", how, s.AsmNum)
			}
		}
		if !findTool(t, st, "Remove All Disassemblies").button.Disabled() {
			t.Errorf("%s: with no disassembly left, Remove all is on", how)
		}
		pressShortcut(u, &fyne.ShortcutUndo{})
		for _, s := range u.doc.Puzzle().Problems[0].Solutions {
			if s.AsmNum%3 != 0 && s.Disassembly.Outline() {
				t.Fatalf("%s: undo left solution %d an outline", how, s.AsmNum)
			}
		}
		if findTool(t, st, "Remove All Disassemblies").button.Disabled() {
			t.Errorf("%s: after the undo, Remove all is off", how)
		}
	}
}

// pelikanAssemblies solves Pelikan Burr through the Solve tab without
// disassembling: BurrTools counts 12 assemblies, 1 of which comes apart.
func pelikanAssemblies(t *testing.T) (*App, uiQueue) {
	t.Helper()
	u := newTestUI(t, readExample(t, "PelikanBurr.xmpuzzle"))
	u.tabs.SelectIndex(tabSolve)
	st := u.solve
	q := solveQueue(u)
	st.start()
	q.pump(t, func() bool { return !st.run.running })
	if n := len(u.doc.Puzzle().Problems[0].Solutions); n != 12 {
		t.Fatalf("%d assemblies stored, BurrTools finds 12", n)
	}
	return u, q
}

// disassembledNums lists the stored solutions that have a disassembly.
func disassembledNums(u *App) []int {
	var out []int
	for _, s := range u.doc.Puzzle().Problems[0].Solutions {
		if s.Disassembly != nil {
			out = append(out, s.AsmNum)
		}
	}
	return out
}

// TestTakeApartAll takes every stored assembly apart in the background,
// stores the one that comes apart as one step, and undoes it.
func TestTakeApartAll(t *testing.T) {
	u, q := pelikanAssemblies(t)
	st := u.solve
	tl := findTool(t, st, "Take All Solutions Apart")
	if tl.button.Disabled() {
		t.Fatal("take apart all is disabled after a run without disassembly")
	}
	steps := len(u.doc.undo)
	test.Tap(tl.button)
	if st.tools.job == nil || !st.tools.busy.Visible() || !tl.button.Disabled() {
		t.Fatal("no job runs, or its progress is hidden, or the tools are on")
	}
	q.pump(t, func() bool { return st.tools.job == nil })
	got := disassembledNums(u)
	if len(got) != 1 || len(u.doc.undo) != steps+1 {
		t.Fatalf("%v came apart in %d steps; want one assembly in one step", got, len(u.doc.undo)-steps)
	}
	if st.tools.busy.Visible() || !strings.Contains(u.status.Text, "12 assemblies apart: 1 came apart, 11 did not") {
		t.Errorf("status %q", u.status.Text)
	}
	// All 12 are stored: the problem now counts its one solution, as the
	// file will say (BurrTools counts 1 of 12).
	if pr := &u.doc.Puzzle().Problems[0]; pr.NumSolutions != 1 || !strings.Contains(st.info.Text, "12 assemblies, 1 solution") {
		t.Errorf("after taking all apart: %d solutions, info %q", pr.NumSolutions, st.info.Text)
	}
	selectNum(t, st, got[0])
	if st.anim == nil || st.anim.Steps() == 0 {
		t.Error("the solution taken apart does not animate")
	}
	pressShortcut(u, &fyne.ShortcutUndo{})
	if len(disassembledNums(u)) != 0 {
		t.Error("undo kept a disassembly")
	}
	// The selected one, with the key.
	pressShortcut(u, ctrlShortcut(fyne.KeyD, 0))
	q.pump(t, func() bool { return st.tools.job == nil })
	if got2 := disassembledNums(u); !slices.Equal(got2, got) {
		t.Errorf("taking the selected apart stored %v, want %v", got2, got)
	}
	// Another, which does not come apart: nothing is stored.
	selectNum(t, st, (got[0]+1)%12)
	steps = len(u.doc.undo)
	test.Tap(findTool(t, st, "Take the Selected Solution Apart").button)
	q.pump(t, func() bool { return st.tools.job == nil })
	if len(u.doc.undo) != steps || !strings.Contains(u.status.Text, "0 came apart, 1 did not") {
		t.Errorf("an assembly that does not come apart: %d steps, status %q", len(u.doc.undo)-steps, u.status.Text)
	}
}

// TestTakeApartStop: Escape stops the job; what it finished is stored
// (consistently) and the tools come back.
func TestTakeApartStop(t *testing.T) {
	u, q := pelikanAssemblies(t)
	st := u.solve
	pressShortcut(u, ctrlShortcut(fyne.KeyD, fyne.KeyModifierShift))
	if st.tools.job == nil {
		t.Fatal("no job")
	}
	pressKey(u, fyne.KeyEscape)
	q.pump(t, func() bool { return st.tools.job == nil })
	if !strings.HasPrefix(u.status.Text, "Stopped after") && !strings.HasPrefix(u.status.Text, "Took 12") {
		t.Errorf("status %q", u.status.Text)
	}
	pr := &u.doc.Puzzle().Problems[0]
	for _, s := range pr.Solutions {
		if err := s.Validate(pr.NumSlots()); err != nil {
			t.Fatal(err)
		}
	}
	if len(disassembledNums(u)) > 1 || findTool(t, st, "Take All Solutions Apart").button.Disabled() {
		t.Error("after stopping: more than the one solution, or the tools off")
	}
}

// piecesRangePuzzle: a row of 3 variable cells, pieces: up to 2 cubes (S2) and
// a domino (S3, 0..1). The stored assemblies use different pieces.
func piecesRangePuzzle() *model.Puzzle {
	p := dominoPuzzle()
	row := model.NewShape(grid.Vec{3, 1, 1})
	for k := range row.Voxels {
		row.Voxels[k] = model.MakeVoxel(model.Variable, 0)
	}
	p.Shapes[0] = row
	p.AddShape(p.Shapes[0].Clone())
	dom := model.NewShape(grid.Vec{2, 1, 1})
	dom.Voxels[0], dom.Voxels[1] = model.MakeVoxel(model.Filled, 0), model.MakeVoxel(model.Filled, 0)
	p.Shapes[2] = dom
	pr := &p.Problems[0]
	pr.Parts = []model.Part{{Shape: 1, Min: 0, Max: 2}, {Shape: 2, Min: 0, Max: 1}}
	u := model.Unplaced
	at := func(x, o int) model.Placement { return model.Placement{Pos: grid.Vec{x, 0, 0}, Orient: o} }
	pr.Solutions = []model.Solution{
		{AsmNum: 0, Assembly: model.Assembly{at(0, 0), {Orient: u}, at(1, 0)}},
		{AsmNum: 1, Assembly: model.Assembly{at(0, 0), at(1, 0), {Orient: u}}},
		{AsmNum: 2, Assembly: model.Assembly{{Orient: u}, {Orient: u}, at(0, 0)}},
		{AsmNum: 3, Assembly: model.Assembly{at(2, 0), {Orient: u}, at(0, 0)}},
	}
	return p
}

// TestPiecesColumnAndSort: for ranges the list says which pieces each
// solution uses and sorts by them as BurrTools does (the solution using
// the first piece slots first).
func TestPiecesColumnAndSort(t *testing.T) {
	u := newTestUI(t, piecesRangePuzzle())
	u.tabs.SelectIndex(tabSolve)
	st := u.solve
	texts := func() []string {
		var out []string
		for k := range st.sorted {
			o := st.list.CreateItem()
			st.list.UpdateItem(k, o)
			out = append(out, o.(*fyne.Container).Objects[3].(*widget.Label).Text)
		}
		return out
	}
	if got := texts(); !slices.Equal(got, []string{"S2 S3", "S2×2", "S3", "S2 S3"}) {
		t.Errorf("pieces used %q", got)
	}
	st.sortBy.SetSelectedIndex(sortPieces)
	if got := listedNums(st); !slices.Equal(got, []int{1, 0, 3, 2}) {
		t.Errorf("sorted by pieces: %v, want 1 0 3 2", got)
	}
	// Fixed counts: the column stays empty.
	u2 := newTestUI(t, manySolutions(2))
	u2.tabs.SelectIndex(tabSolve)
	o := u2.solve.list.CreateItem()
	u2.solve.list.UpdateItem(0, o)
	if got := o.(*fyne.Container).Objects[3].(*widget.Label).Text; got != "" {
		t.Errorf("fixed counts list pieces %q", got)
	}
}

// subsetsPuzzle is a row of 16 variable cells to fill with 0 to 16
// dominoes: 32,896 assemblies, the subsets of the row up to reversal
// (solver's TestSubsetsUpToReversal).
func subsetsPuzzle() *model.Puzzle {
	p := dominoPuzzle()
	row := model.NewShape(grid.Vec{16, 1, 1})
	for k := range row.Voxels {
		row.Voxels[k] = model.MakeVoxel(model.Variable, 0)
	}
	p.Shapes[0] = row
	p.Problems[0].Parts = []model.Part{{Shape: 1, Min: 0, Max: 16}}
	return p
}

// TestKeepEveryNth runs the solver through the Solve tab keeping every
// 1000th of the 32,896 subsets of a row of 16 cells up to reversal
// (solver's TestSubsetsUpToReversal): 33, numbered 0, 1000, ...
func TestKeepEveryNth(t *testing.T) {
	p := subsetsPuzzle()
	u := newTestUI(t, p)
	u.tabs.SelectIndex(tabSolve)
	st := u.solve
	q := solveQueue(u)
	st.ctl.drop.SetText("0")
	st.start()
	if st.run != nil {
		t.Fatal("keep every 0th was accepted")
	}
	for text, want := range map[string]string{"": "st", "2": "nd", "13": "th", "1000": "th"} {
		st.ctl.drop.SetText(text)
		if got := st.ctl.labels.form.Items[3].Widget; !strings.Contains(textOf(t, got), want+" solution") {
			t.Errorf("Keep every %q: the field is followed by %q", text, textOf(t, got))
		}
	}
	st.ctl.drop.SetText("1000")
	st.start()
	q.pump(t, func() bool { return !st.run.running })
	sols := u.doc.Puzzle().Problems[0].Solutions
	if len(sols) != 33 || u.doc.Puzzle().Problems[0].NumAssemblies != 32896 {
		t.Fatalf("kept %d of %d", len(sols), u.doc.Puzzle().Problems[0].NumAssemblies)
	}
	for _, s := range sols {
		if s.AsmNum%1000 != 0 {
			t.Fatalf("kept assembly #%d", s.AsmNum)
		}
	}
	if !strings.Contains(st.info.Text, "Kept every 1000th: 33 of 32,896.") {
		t.Errorf("info %q", st.info.Text)
	}
}

// heapAllocs counts the heap allocations f makes.
func heapAllocs(f func()) uint64 {
	var a, b runtime.MemStats
	runtime.ReadMemStats(&a)
	f()
	runtime.ReadMemStats(&b)
	return b.Mallocs - a.Mallocs
}

// solutionListOps sorts a list of n solutions every way and deletes before and
// after the selected one, checking each result; it returns the heap
// allocations and the time of each step.
func solutionListOps(t *testing.T, n int) (allocs map[string]uint64, took map[string]time.Duration) {
	t.Helper()
	u := newTestUI(t, manySolutions(n))
	u.tabs.SelectIndex(tabSolve)
	st := u.solve
	if len(st.rows) != n {
		t.Fatalf("%d rows", len(st.rows))
	}
	allocs, took = map[string]uint64{}, map[string]time.Duration{}
	step := func(what string, f func()) {
		start := time.Now()
		allocs[what] = heapAllocs(f)
		took[what] = time.Since(start)
	}
	step("sort by level", func() { st.sortBy.SetSelectedIndex(sortLevel) })
	step("sort by moves", func() { st.sortBy.SetSelectedIndex(sortMoves) })
	step("sort by pieces", func() { st.sortBy.SetSelectedIndex(sortPieces) })
	step("sort by level again", func() { st.sortBy.SetSelectedIndex(sortLevel) })
	shown := listedNums(st)
	selectNum(t, st, shown[n/2])
	step("delete before", func() { pressShortcut(u, ctrlShortcut(fyne.KeyPageUp, fyne.KeyModifierShift)) })
	if got := listedNums(st); !slices.Equal(got, shown[n/2:]) || selectedNum(st) != shown[n/2] {
		t.Fatalf("%d solutions, delete before: %d listed, want %d", n, len(got), n-n/2)
	}
	selectNum(t, st, shown[3*n/4])
	step("delete after", func() { pressShortcut(u, ctrlShortcut(fyne.KeyPageDown, fyne.KeyModifierShift)) })
	if got := listedNums(st); !slices.Equal(got, shown[n/2:3*n/4+1]) {
		t.Fatalf("%d solutions, delete after: %d listed, want %d", n, len(got), 3*n/4+1-n/2)
	}
	pressShortcut(u, &fyne.ShortcutUndo{})
	pressShortcut(u, &fyne.ShortcutUndo{})
	if got := listedNums(st); !slices.Equal(got, shown) {
		t.Fatalf("%d solutions: undo did not restore the sorted list", n)
	}
	return allocs, took
}

// TestHundredThousandSolutions: with 100,000 solutions in the list,
// sorting and deleting before or after the selected one stay cheap on the
// UI thread. Drawing the visible rows costs the same however long the
// list (Fyne shapes their text), so the same steps on 1,000 solutions
// give the baseline: on 100,000 they may cost only a few more allocations
// (the index slices), not one per solution (measured: the same counts
// within 150 of about 11,000 to 49,000, most of it shaping the visible
// rows' text). The first sort by level makes each row's key once, one
// slice each. The times are logged and checked only against a generous
// bound.
func TestHundredThousandSolutions(t *testing.T) {
	const small, big = 1000, 100000
	base, _ := solutionListOps(t, small)
	allocs, took := solutionListOps(t, big)
	for _, what := range []string{"sort by level", "sort by moves", "sort by pieces", "sort by level again", "delete before", "delete after"} {
		extra := int64(allocs[what]) - int64(base[what])
		t.Logf("%s: %d allocations with %d solutions, %d with %d; %v", what, allocs[what], big, base[what], small, took[what])
		// A tenth of an allocation per extra solution: per-row work would
		// make at least one; the slack covers goroutines of earlier tests
		// that may still allocate while a step is measured.
		limit := int64(big / 10)
		if what == "sort by level" {
			limit = 2 * big
		}
		if extra > limit {
			t.Errorf("%s: %d more allocations for %d more solutions, want at most %d", what, extra, big-small, limit)
		}
		if took[what] > 5*time.Second {
			t.Errorf("%s took %v", what, took[what])
		}
	}
}
