package ui

import (
	"fmt"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/burrlab/burrlab/model"
	"github.com/burrlab/burrlab/model/grid"
	"github.com/burrlab/burrlab/model/xmpuzzle"
)

// trayCopies is the tray puzzle (3 pieces, 3 stored solutions, each
// with a 2-move disassembly) with n solutions: its own, repeated, numbered
// #1 to #n, as a long run would store them.
func trayCopies(tb testing.TB, n int) *model.Puzzle {
	tb.Helper()
	p, err := xmpuzzle.ReadFile("testdata/tray.xmpuzzle")
	if err != nil {
		tb.Fatal(err)
	}
	p.CommentPopup = false // no dialog over the window
	pr := &p.Problems[0]
	own := pr.Solutions
	sols := make([]model.Solution, n)
	for k := range sols {
		sols[k] = own[k%len(own)]
		sols[k].AsmNum, sols[k].SolNum = k, k
	}
	pr.Solutions = sols
	pr.NumAssemblies, pr.NumSolutions = uint64(n), uint64(n)
	return p
}

// rowVisible reports whether row k of l is wholly inside its viewport.
func rowVisible(l *navList, k int) bool {
	sep := l.Theme().Size(theme.SizeNamePadding)
	h := l.rowHeight()
	y := float32(k) * (h + sep)
	off := l.GetScrollOffset()
	return y >= off-0.5 && y+h <= off+l.Size().Height+0.5
}

// keyStep is a key pressed on a focused list and the row it should
// select.
type keyStep struct {
	key  fyne.KeyName
	want int
	name string // the key as the failure message says it
}

// walkKeys presses each step's key and checks with check that its row
// is selected.
func walkKeys(u *App, steps []keyStep, check func(i int, after string)) {
	for _, s := range steps {
		pressKey(u, s.key)
		check(s.want, s.name)
	}
}

// solveWith opens p on the Solve tab with the solution list focused.
func solveWith(t testing.TB, p *model.Puzzle) (*App, *solveTab) {
	t.Helper()
	u := newTestUI(t, p)
	u.win.Resize(fyne.NewSize(1300, 1200)) // room for a page of rows
	u.tabs.SelectIndex(tabSolve)
	u.win.Canvas().Focus(u.solve.list)
	return u, u.solve
}

// shownRow checks that the list selects display row k, that the 3D view
// shows that solution (its pieces, its disassembly at the start) and that
// the row is in view.
func shownRow(t *testing.T, st *solveTab, k int, after string) {
	t.Helper()
	if got := st.list.selected(); got != k {
		t.Fatalf("after %s the list selects row %d, want %d", after, got, k)
	}
	if st.sel != st.sorted[k] {
		t.Fatalf("after %s the 3D view shows solution row %d, want %d", after, st.sel, st.sorted[k])
	}
	if st.view.scene == nil || len(st.view.scene.Items) != 3 {
		t.Fatalf("after %s the 3D view shows no solution", after)
	}
	// The tray's third solution has a disassembly tree without moves.
	if st.anim == nil && !st.rows[st.sel].sol.Disassembly.Outline() {
		t.Errorf("after %s the disassembly is not shown", after)
	}
	if st.anim != nil && st.stepLabel.Text != fmt.Sprintf("move 0 of %d", st.anim.Steps()) {
		t.Errorf("after %s the step label says %q", after, st.stepLabel.Text)
	}
	if !rowVisible(st.list, k) {
		t.Errorf("after %s row %d is out of view (offset %v, height %v)", after, k, st.list.GetScrollOffset(), st.list.Size().Height)
	}
	if st.nav.slider.Value != float64(k+1) {
		t.Errorf("after %s the slider stands at %v, want %d", after, st.nav.slider.Value, k+1)
	}
	if want := fmt.Sprint(st.rows[st.sorted[k]].sol.AsmNum + 1); st.nav.entry.Text != want {
		t.Errorf("after %s the go-to field says %q, want %q", after, st.nav.entry.Text, want)
	}
}

func TestSolutionListKeys(t *testing.T) {
	const n = 500
	u, st := solveWith(t, trayCopies(t, n))
	l := st.list
	if l.GetScrollOffset() != 0 {
		t.Fatalf("a fresh list is scrolled to %v", l.GetScrollOffset())
	}
	shownRow(t, st, 0, "opening the file")
	l.UnselectAll()
	st.sel = -1
	st.clearView()
	pressKey(u, fyne.KeyDown)
	shownRow(t, st, 0, "Down without a selection")
	first := st.view.scene
	pressKey(u, fyne.KeyDown)
	shownRow(t, st, 1, "Down")
	if st.view.scene == first {
		t.Error("Down left the 3D view's scene as it was")
	}
	pressKey(u, fyne.KeyUp)
	shownRow(t, st, 0, "Up")
	pressKey(u, fyne.KeyUp)
	shownRow(t, st, 0, "Up on the first row")

	page := l.page()
	if page < 5 {
		t.Fatalf("the list shows %d rows in a 1200 pixel window", page)
	}
	pressKey(u, fyne.KeyPageDown)
	shownRow(t, st, page, "Page Down")
	if l.GetScrollOffset() <= 0 {
		t.Error("Page Down did not scroll")
	}
	pressKey(u, fyne.KeyPageDown)
	shownRow(t, st, 2*page, "a second Page Down")
	pressKey(u, fyne.KeyPageUp)
	shownRow(t, st, page, "Page Up")
	pressKey(u, fyne.KeyEnd)
	shownRow(t, st, n-1, "End")
	pressKey(u, fyne.KeyDown)
	shownRow(t, st, n-1, "Down on the last row")
	pressKey(u, fyne.KeyPageDown)
	shownRow(t, st, n-1, "Page Down on the last row")
	pressKey(u, fyne.KeyHome)
	shownRow(t, st, 0, "Home")
	if l.GetScrollOffset() != 0 {
		t.Errorf("Home leaves the list scrolled to %v", l.GetScrollOffset())
	}

	// A wheel scrolls the selected row away; the next key brings it back.
	l.ScrollToOffset(200 * l.rowH)
	pressKey(u, fyne.KeyUp)
	shownRow(t, st, 0, "Up with the row scrolled away")

	// A modifier makes another key: Ctrl+End is not End.
	if a := keyActionOf(secLists, &fyne.KeyEvent{Name: fyne.KeyEnd}, fyne.KeyModifierControl); a != keyNone {
		t.Errorf("Ctrl+End is list action %d", a)
	}
}

// TestSolutionListSorted: the keys walk the list in the order shown.
func TestSolutionListSorted(t *testing.T) {
	u, st := solveWith(t, trayCopies(t, 30))
	st.sortBy.SetSelectedIndex(sortPieces)
	u.win.Canvas().Focus(st.list)
	pressKey(u, fyne.KeyEnd)
	shownRow(t, st, 29, "End, sorted by pieces")
	pressKey(u, fyne.KeyUp)
	shownRow(t, st, 28, "Up, sorted by pieces")
}

// TestFirstSolutionShows: a file opened with stored solutions, or another
// problem chosen, shows its first solution, as a run does, rather than an
// empty view; a problem without solutions shows none.
func TestFirstSolutionShows(t *testing.T) {
	p := trayCopies(t, 5)
	copied, empty := len(p.Problems), len(p.Problems)+1
	p.Problems = append(p.Problems, p.Problems[0].Clone(), p.Problems[0].Clone())
	p.Problems[empty].Solutions, p.Problems[empty].NumAssemblies, p.Problems[empty].State = nil, 0, model.Unsolved
	_, st := solveWith(t, p)
	shownRow(t, st, 0, "opening the file")
	st.list.Select(3)
	st.problem.SetSelectedIndex(copied)
	shownRow(t, st, 0, "choosing another problem with the same solutions")
	st.problem.SetSelectedIndex(empty)
	if st.sel != -1 || st.list.selected() != -1 {
		t.Errorf("a problem without solutions selects row %d", st.sel)
	}
	st.problem.SetSelectedIndex(0)
	shownRow(t, st, 0, "back to the first problem")
}

// TestAnimationKeysWithListFocused: Space plays and pauses, Left and
// Right step, while the list has the focus.
func TestAnimationKeysWithListFocused(t *testing.T) {
	u, st := solveWith(t, trayCopies(t, 10)) // the first solution shows
	pressKey(u, fyne.KeyDown)                // the tray's second takes 2 moves
	if st.anim == nil || st.anim.Steps() != 2 {
		t.Fatal("the second solution has no 2-move disassembly")
	}
	pressKey(u, fyne.KeyRight)
	if st.slider.Value != 1 || st.stepLabel.Text != "move 1 of 2" {
		t.Fatalf("Right: step %v, %q", st.slider.Value, st.stepLabel.Text)
	}
	pressKey(u, fyne.KeyRight)
	pressKey(u, fyne.KeyRight)
	if st.slider.Value != 2 {
		t.Errorf("Right past the end: step %v, want 2", st.slider.Value)
	}
	pressKey(u, fyne.KeyLeft)
	if st.slider.Value != 1 || st.stepLabel.Text != "move 1 of 2" {
		t.Errorf("Left: step %v, %q", st.slider.Value, st.stepLabel.Text)
	}
	// Fyne's test driver runs an animation to its end at once.
	pressKey(u, fyne.KeySpace)
	if st.slider.Value != 2 || st.stepLabel.Text != "move 2 of 2" {
		t.Errorf("Space with the list focused did not play the disassembly: step %v, %q", st.slider.Value, st.stepLabel.Text)
	}
	if st.list.selected() != 1 {
		t.Errorf("the animation keys moved the selection to %d", st.list.selected())
	}
	if u.win.Canvas().Focused() != st.list {
		t.Error("the list lost the focus")
	}
}

func TestGotoSolution(t *testing.T) {
	const n = 300
	u, st := solveWith(t, trayCopies(t, n))
	nav := st.nav
	if nav.where.Text != "1 of 300" || nav.slider.Max != n {
		t.Fatalf("the bar says %q, slider up to %v", nav.where.Text, nav.slider.Max)
	}
	test := func(text string) {
		nav.entry.SetText(text)
		nav.entry.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn})
	}
	test("250")
	shownRow(t, st, 249, "going to 250")
	if nav.where.Text != "250 of 300" || nav.where.Importance == widget.DangerImportance {
		t.Errorf("after going to 250 the bar says %q", nav.where.Text)
	}
	test(" #1,2 ")
	shownRow(t, st, 11, "going to #1,2")

	for _, c := range []struct{ text, short, says string }{
		{"301", "not in the list", "No solution #301 here: the list holds #1 to #300"},
		{"0", "not a number", `"0" is not a solution number`},
		{"-4", "not a number", `"-4" is not a solution number`},
		{"abc", "not a number", `"abc" is not a solution number`},
		{"99999999999999999999999", "not a number", "is not a solution number"},
		{"", "not a number", "Type a solution number"},
	} {
		test(c.text)
		if nav.where.Text != c.short || nav.where.Importance != widget.DangerImportance {
			t.Errorf("going to %q: the bar says %q (importance %v), want %q", c.text, nav.where.Text, nav.where.Importance, c.short)
		}
		if !strings.Contains(u.status.Text, c.says) {
			t.Errorf("going to %q: the status line says %q", c.text, u.status.Text)
		}
		if st.list.selected() != 11 || st.sel != st.sorted[11] {
			t.Errorf("going to %q moved the selection to row %d", c.text, st.list.selected())
		}
		if nav.entry.Text != c.text {
			t.Errorf("going to %q: the field now says %q, not what was typed", c.text, nav.entry.Text)
		}
	}
	// Leaving the field takes the complaint away and shows the selected
	// number again, though the selection did not change.
	test("301")
	nav.entry.FocusLost()
	if nav.where.Text != "12 of 300" || nav.where.Importance == widget.DangerImportance || nav.entry.Text != "12" {
		t.Errorf("after leaving the field: the bar says %q (importance %v), the field %q", nav.where.Text, nav.where.Importance, nav.entry.Text)
	}
	// The numbers are the ones the list shows, whatever its order.
	st.sortBy.SetSelectedIndex(sortPieces)
	test("7")
	k := st.list.selected()
	if st.rows[st.sorted[k]].sol.AsmNum != 6 {
		t.Errorf("going to 7 in the sorted list selects #%d", st.rows[st.sorted[k]].sol.AsmNum+1)
	}
	shownRow(t, st, k, "going to 7, sorted")

	// Ctrl+G puts the keyboard in the field, from another tab too.
	u.tabs.SelectIndex(tabShapes)
	pressShortcut(u, &desktop.CustomShortcut{KeyName: fyne.KeyG, Modifier: fyne.KeyModifierShortcutDefault})
	if u.tabs.SelectedIndex() != tabSolve || u.win.Canvas().Focused() != nav.entry {
		t.Errorf("Ctrl+G: tab %d, focus on %T", u.tabs.SelectedIndex(), u.win.Canvas().Focused())
	}
}

func TestGotoWithoutSolutions(t *testing.T) {
	_, st := solveWith(t, dominoPuzzle())
	nav := st.nav
	if nav.where.Text != "no solutions" || !nav.entry.Disabled() || !nav.slider.Disabled() {
		t.Errorf("an empty list's bar: %q, field disabled %v, slider disabled %v", nav.where.Text, nav.entry.Disabled(), nav.slider.Disabled())
	}
	for _, k := range []fyne.KeyName{fyne.KeyDown, fyne.KeyUp, fyne.KeyPageDown, fyne.KeyPageUp, fyne.KeyHome, fyne.KeyEnd} {
		st.list.TypedKey(&fyne.KeyEvent{Name: k})
		if st.list.selected() != -1 || st.sel != -1 {
			t.Fatalf("%s in an empty list selects row %d", k, st.list.selected())
		}
	}
	nav.goTo("1") // as if typed before the field was disabled
	if nav.where.Text != "no solutions" || st.u.status.Text != "No solutions to go to" {
		t.Errorf("going to 1 in an empty list: %q, status %q", nav.where.Text, st.u.status.Text)
	}
}

func TestSolutionSlider(t *testing.T) {
	u, st := solveWith(t, trayCopies(t, 200))
	st.nav.slider.SetValue(150)
	shownRow(t, st, 149, "moving the slider to 150")
	pressKey(u, fyne.KeyDown)
	shownRow(t, st, 150, "Down after the slider")
	// The slider's own arrows step through the list.
	u.win.Canvas().Focus(st.nav.slider)
	pressKey(u, fyne.KeyRight)
	shownRow(t, st, 151, "Right on the slider")
	// Keys it does not use go to the window.
	pressKey(u, fyne.KeySpace)
	if st.anim == nil || st.slider.Value != float64(st.anim.Steps()) {
		t.Error("Space on the solution slider did not play the disassembly")
	}
}

// TestShapeListKeys: the keys select shapes, which the editor and the 3D
// preview show.
func TestShapeListKeys(t *testing.T) {
	p := newPuzzle(grid.Cubes)
	for k := 1; k < 40; k++ {
		s := newShape(grid.Cubes, fmt.Sprint("s", k))
		s.Voxels[0] = model.MakeVoxel(model.Filled, 0)
		p.AddShape(s)
	}
	u := newTestUI(t, p)
	sh := u.shapes
	u.win.Canvas().Focus(sh.list)
	shows := func(i int, after string) {
		t.Helper()
		if u.view.Shape != i || sh.list.selected() != i {
			t.Fatalf("after %s: shape %d, list row %d; want %d", after, u.view.Shape, sh.list.selected(), i)
		}
		if _, e := sh.editTarget(); e != i {
			t.Errorf("after %s the editor edits shape %d", after, e)
		}
		if sh.preview.shapeIdx != i {
			t.Errorf("after %s the 3D preview shows shape %d", after, sh.preview.shapeIdx)
		}
		if sh.name.Text != shapeName(u, i) {
			t.Errorf("after %s the name field says %q", after, sh.name.Text)
		}
		if !rowVisible(sh.list, i) {
			t.Errorf("after %s row %d is out of view", after, i)
		}
	}
	shows(0, "opening")
	page := sh.list.page()
	walkKeys(u, []keyStep{
		{fyne.KeyDown, 1, "Down"},
		{fyne.KeyUp, 0, "Up"},
		{fyne.KeyPageDown, page, "Page Down"},
		{fyne.KeyEnd, 39, "End"},
	}, shows)
	if sh.list.GetScrollOffset() <= 0 {
		t.Error("End did not scroll the shape list")
	}
	walkKeys(u, []keyStep{
		{fyne.KeyPageUp, 39 - page, "Page Up"},
		{fyne.KeyHome, 0, "Home"},
	}, shows)
	// Keys the list does not use reach the editor: F6 picks its tool.
	pressKey(u, fyne.KeyF6)
	if sh.tool != toolVariable {
		t.Error("F6 with the shape list focused did not pick the variable tool")
	}
}

func shapeName(u *App, i int) string { return u.doc.Puzzle().Shapes[i].Name }

// TestProblemListKeys: the keys select problems, whose result the preview
// shows, and walk the pieces list, whose shapes it shows.
func TestProblemListKeys(t *testing.T) {
	p := newPuzzle(grid.Cubes)
	for k := 1; k < 30; k++ {
		s := newShape(grid.Cubes, fmt.Sprint("s", k))
		s.Voxels[0] = model.MakeVoxel(model.Filled, 0)
		p.AddShape(s)
		p.AddProblem(fmt.Sprint("p", k))
		p.Problems[k].Result = k
	}
	u := newTestUI(t, p)
	u.tabs.SelectIndex(tabProblems)
	pt := u.problems
	c := u.win.Canvas()
	c.Focus(pt.list)
	shows := func(i int, after string) {
		t.Helper()
		if u.view.Problem != i || pt.list.selected() != i {
			t.Fatalf("after %s: problem %d, list row %d; want %d", after, u.view.Problem, pt.list.selected(), i)
		}
		if want := u.doc.Puzzle().Problems[i].Result; pt.preview.shapeIdx != want {
			t.Errorf("after %s the preview shows shape %d, want the result %d", after, pt.preview.shapeIdx, want)
		}
		if !rowVisible(pt.list, i) {
			t.Errorf("after %s row %d is out of view", after, i)
		}
	}
	page := pt.list.page()
	walkKeys(u, []keyStep{
		{fyne.KeyDown, 1, "Down"},
		{fyne.KeyEnd, 29, "End"},
		{fyne.KeyPageUp, 29 - page, "Page Up"},
		{fyne.KeyHome, 0, "Home"},
		{fyne.KeyPageDown, page, "Page Down"},
		{fyne.KeyUp, page - 1, "Up"},
	}, shows)

	// The pieces list: each key shows the piece's shape in the preview.
	c.Focus(pt.parts)
	piece := func(i int, after string) {
		t.Helper()
		if pt.parts.selected() != i || pt.preview.shapeIdx != i {
			t.Fatalf("after %s: piece row %d, preview shape %d; want %d", after, pt.parts.selected(), pt.preview.shapeIdx, i)
		}
		if !strings.Contains(pt.previewTitle.Text, shapeLabel(u.doc.Puzzle(), i)) {
			t.Errorf("after %s the preview is titled %q", after, pt.previewTitle.Text)
		}
		if !rowVisible(pt.parts, i) {
			t.Errorf("after %s piece row %d is out of view", after, i)
		}
	}
	pp := pt.parts.page()
	walkKeys(u, []keyStep{
		{fyne.KeyDown, 0, "Down in the pieces"},
		{fyne.KeyDown, 1, "a second Down in the pieces"},
		{fyne.KeyEnd, 29, "End in the pieces"},
		{fyne.KeyPageUp, 29 - pp, "Page Up in the pieces"},
		{fyne.KeyHome, 0, "Home in the pieces"},
		{fyne.KeyPageDown, pp, "Page Down in the pieces"},
		{fyne.KeyUp, pp - 1, "Up in the pieces"},
	}, piece)
	// An edit shows the result again; the piece is no longer selected.
	u.edit("rename", func(p *model.Puzzle) error { p.Problems[u.view.Problem].Name = "x"; return nil })
	if pt.parts.selected() != -1 {
		t.Errorf("after an edit the pieces list selects row %d while the preview shows the result", pt.parts.selected())
	}
}

// TestFocusRing: the focused list, 3D view or editor shows its ring, and
// Tab and clicks move the focus between them.
func TestFocusRing(t *testing.T) {
	u := newTestUI(t, trayCopies(t, 5))
	c := u.win.Canvas()
	sh := u.shapes
	ringOn := func(f *focusRing) bool { return f.on && f.rect != nil && f.rect.Visible() && f.rect.StrokeWidth > 0 }

	sh.editor.MouseDown(&desktop.MouseEvent{})
	if c.Focused() != sh.editor || !ringOn(&sh.editor.ring) {
		t.Fatalf("a press on the editor: focus on %T, ring %v", c.Focused(), sh.editor.ring.on)
	}
	sh.preview.MouseDown(&desktop.MouseEvent{})
	if c.Focused() != sh.preview || !ringOn(&sh.preview.ring) || sh.editor.ring.on {
		t.Fatalf("a press on the preview: focus on %T, rings %v %v", c.Focused(), sh.preview.ring.on, sh.editor.ring.on)
	}
	// Tab visits the list, the editor and the preview.
	seen := map[fyne.Focusable]bool{}
	for k := 0; k < 200 && len(seen) < 3; k++ {
		c.FocusNext()
		switch f := c.Focused(); f {
		case sh.list, sh.editor, sh.preview:
			seen[f] = true
			if f == fyne.Focusable(sh.list) && !ringOn(&sh.list.ring) {
				t.Error("the focused shape list shows no ring")
			}
		}
	}
	if len(seen) != 3 {
		t.Errorf("Tab reached %d of the list, the editor and the preview", len(seen))
	}
	// Keys typed in the editor and the preview reach the window.
	c.Focus(sh.editor)
	pressKey(u, fyne.KeyF7)
	if sh.tool != toolErase {
		t.Errorf("F7 in the editor: tool %d", sh.tool)
	}
	c.Focus(sh.preview)
	pressKey(u, fyne.KeyF5)
	if sh.tool != toolFill {
		t.Errorf("F5 in the preview: tool %d", sh.tool)
	}

	u.tabs.SelectIndex(tabSolve)
	st := u.solve
	c.Focus(st.list)
	if !ringOn(&st.list.ring) {
		t.Error("the focused solution list shows no ring")
	}
	st.view.MouseDown(&desktop.MouseEvent{})
	if c.Focused() != st.view || st.list.ring.on || !ringOn(&st.view.ring) {
		t.Errorf("a press on the Solve tab's view: focus on %T, list ring %v", c.Focused(), st.list.ring.on)
	}
}
