package ui

import (
	"context"
	"fmt"
	"image/color"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/test"
	"github.com/go-gl/mathgl/mgl64"

	"github.com/burrlab/burrlab/model"
	"github.com/burrlab/burrlab/model/grid"
	"github.com/burrlab/burrlab/model/xmpuzzle"
	"github.com/burrlab/burrlab/render"
	"github.com/burrlab/burrlab/solver"
)

// readExample reads one of BurrTools' examples from $BURRLAB_EXAMPLES or
// ../shared/burrtools-examples beside the repository.
func readExample(t *testing.T, name string) *model.Puzzle {
	t.Helper()
	dir := os.Getenv("BURRLAB_EXAMPLES")
	if dir == "" {
		dir = filepath.Join("..", "..", "shared", "burrtools-examples")
	}
	p, err := xmpuzzle.ReadFile(filepath.Join(dir, name))
	if err != nil {
		t.Fatalf("%s: %v (set BURRLAB_EXAMPLES to the folder of BurrTools' examples)", name, err)
	}
	return p
}

// openPlacements opens the placement browser on problem 0 and waits for
// the placements.
func openPlacements(t *testing.T, u *App) *placementBrowser {
	t.Helper()
	q := make(uiQueue, 4)
	b := newPlacementBrowser(u, 0, solver.DefaultOptions(), q.do)
	t.Cleanup(b.win.Close)
	q.pump(t, func() bool { return b.set != nil || b.label.Text == "No placements" })
	return b
}

func key(b interface{ typedKey(*fyne.KeyEvent) }, name fyne.KeyName) {
	b.typedKey(&fyne.KeyEvent{Name: name})
}

func TestPlacementBrowserKeys(t *testing.T) {
	p := readExample(t, "SolidSixPieceBurrs.xmpuzzle")
	u := newTestUI(t, p)
	b := openPlacements(t, u)
	set, err := solver.Placements(context.Background(), p, 0, solver.DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	want := func(part int) int { l, _ := set.Part(part); return l.Len() }
	n := want(0)
	if n < 2 {
		t.Fatalf("part 0 has %d placements", n)
	}
	label := func(k int) string { return fmt.Sprintf("Placement %d of %d", k, n) }
	k := 1
	for _, step := range []struct {
		key fyne.KeyName
		d   int
	}{
		{fyne.KeyRight, 1}, {fyne.KeyRight, 1}, {fyne.KeyLeft, -1}, {fyne.KeyDown, 10}, {fyne.KeyUp, -10},
		{fyne.KeyPageDown, 100}, {fyne.KeyPageUp, -100}, {fyne.KeyLeft, -1}, {fyne.KeyLeft, -1},
		{fyne.KeyEnd, n}, {fyne.KeyRight, 1}, {fyne.KeyHome, -n},
	} {
		key(b, step.key)
		k = max(1, min(n, k+step.d))
		if b.label.Text != label(k) {
			t.Fatalf("after %s: %q, want %q", step.key, b.label.Text, label(k))
		}
	}
	// The scene: the result's outline and the piece at the placement.
	key(b, fyne.KeyRight)
	sc := b.view.scene
	if len(sc.Items) != 2 || sc.Items[0].Mode != render.Outline || sc.Items[1].Mode != render.Solid {
		t.Fatalf("scene of %d items", len(sc.Items))
	}
	l, _ := set.Part(0)
	cells, _ := model.PlacedCells(u.g, &p.Shapes[l.Shape()], l.At(1))
	if sc.Items[1].Mesh.NumCells() != len(cells) {
		t.Errorf("the piece's mesh has %d cells, want %d", sc.Items[1].Mesh.NumCells(), len(cells))
	}
	// The keys step when the select or the slider has the focus, too.
	b.piece.TypedKey(&fyne.KeyEvent{Name: fyne.KeyHome})
	b.slider.TypedKey(&fyne.KeyEvent{Name: fyne.KeyDown})
	if want := label(min(n, 11)); b.label.Text != want {
		t.Errorf("keys on the select and slider: %q, want %q", b.label.Text, want)
	}
	// Buttons and another piece.
	test.Tap(b.last)
	if b.label.Text != label(n) {
		t.Errorf("last: %q", b.label.Text)
	}
	test.Tap(b.first)
	test.Tap(b.next)
	if b.label.Text != label(2) {
		t.Errorf("first, next: %q", b.label.Text)
	}
	b.piece.SetSelectedIndex(3)
	if w := fmt.Sprintf("Placement 1 of %d", want(3)); b.label.Text != w {
		t.Errorf("piece 4: %q, want %q", b.label.Text, w)
	}
}

// TestPlacementBrowserNowhere: a piece that fits nowhere is browsable
// (count 0), where the solver refuses the problem.
func TestPlacementBrowserNowhere(t *testing.T) {
	p := &model.Puzzle{Grid: grid.Cubes}
	stick := func(n int) model.Shape {
		s := model.NewShape(grid.Vec{n, 1, 1})
		for i := range s.Voxels {
			s.Voxels[i] = model.MakeVoxel(model.Filled, 0)
		}
		return s
	}
	p.Shapes = []model.Shape{stick(3), stick(4), stick(2)}
	p.AddProblem("too long")
	p.Problems[0].Result = 0
	p.Problems[0].Parts = []model.Part{{Shape: 1, Min: 1, Max: 1}, {Shape: 2, Min: 1, Max: 1}}
	u := newTestUI(t, p)
	b := openPlacements(t, u)
	if !strings.Contains(b.label.Text, "fits nowhere") || !b.next.Disabled() {
		t.Errorf("the 4-stick: %q", b.label.Text)
	}
	if b.piece.Options[0] != "1: S2 — 0 placements" || b.piece.Options[1] != "2: S3 — 2 placements" {
		t.Errorf("pieces %q", b.piece.Options)
	}
	b.piece.SetSelectedIndex(1)
	if b.label.Text != "Placement 1 of 2" || b.next.Disabled() {
		t.Errorf("the 2-stick: %q", b.label.Text)
	}
}

// TestPlacementBrowserLarge opens the browser on a cube with 119,999
// placements: generating them happens off the UI thread, and a step
// materialises one placement only (a few hundred allocations, not one
// per placement).
func TestPlacementBrowserLarge(t *testing.T) {
	p := &model.Puzzle{Grid: grid.Cubes}
	res := model.NewShape(grid.Vec{60, 50, 40})
	for i := range res.Voxels {
		res.Voxels[i] = model.MakeVoxel(model.Variable, 0)
	}
	res.Voxels[0] = model.MakeVoxel(model.Empty, 0) // no symmetry: the filter trims nothing
	cube := model.NewShape(grid.Vec{1, 1, 1})
	cube.Voxels[0] = model.MakeVoxel(model.Filled, 0)
	p.Shapes = []model.Shape{res, cube}
	p.AddProblem("one cube")
	p.Problems[0].Result = 0
	p.Problems[0].Parts = []model.Part{{Shape: 1, Min: 1, Max: 1}}
	u := newTestUI(t, p)
	// The test driver keeps open windows, and with them this big puzzle,
	// for the tests that follow.
	t.Cleanup(u.win.Close)

	q := make(uiQueue, 4)
	start := time.Now()
	b := newPlacementBrowser(u, 0, solver.DefaultOptions(), q.do)
	t.Cleanup(b.win.Close)
	// Responsiveness is structural, not a stopwatch (machines are shared):
	// the window opens before the placements exist, which arrive through
	// the queue, and a step costs a bounded number of allocations.
	if b.set != nil {
		t.Error("the browser generated the placements on the UI thread before opening")
	}
	q.pump(t, func() bool { return b.set != nil })
	t.Logf("generated in %v", time.Since(start))
	const n = 60*50*40 - 1
	if b.label.Text != fmt.Sprintf("Placement 1 of %d", n) {
		t.Fatalf("%q", b.label.Text)
	}
	start = time.Now()
	for i := 0; i < 200; i++ {
		key(b, fyne.KeyPageDown)
	}
	perStep := time.Since(start) / 200
	if b.label.Text != fmt.Sprintf("Placement %d of %d", 200*placementStepLarge+1, n) {
		t.Errorf("after 200 pages: %q", b.label.Text)
	}
	allocs := testing.AllocsPerRun(50, func() { key(b, fyne.KeyRight) })
	if allocs > 2000 {
		t.Errorf("%.0f allocations per step", allocs)
	}
	t.Logf("%v and %.0f allocations per step", perStep, allocs)
}

// hookPuzzle: an L-shaped piece and a domino in its crook (see
// solver/movement's tests), with the assembly stored as a solution.
func hookPuzzle() *model.Puzzle {
	p := &model.Puzzle{Grid: grid.Cubes}
	mk := func(rows ...string) model.Shape {
		s := model.NewShape(grid.Vec{len(rows[0]), len(rows), 1})
		for y, row := range rows {
			for x, c := range row {
				if c == '#' {
					s.Set(grid.Vec{x, y, 0}, model.MakeVoxel(model.Filled, 0))
				}
			}
		}
		return s
	}
	p.Shapes = []model.Shape{mk("###", "..#"), mk("##"), mk("###", "###")}
	p.AddProblem("hook")
	pr := &p.Problems[0]
	pr.Result = 2
	pr.Parts = []model.Part{{Shape: 0, Min: 1, Max: 1}, {Shape: 1, Min: 1, Max: 1}}
	pr.Solutions = []model.Solution{{Assembly: model.Assembly{{Pos: grid.Vec{0, 0, 0}}, {Pos: grid.Vec{0, 1, 0}}}}}
	pr.NumAssemblies = 1
	return p
}

// openMoves selects solution 0 in the Solve tab and opens the movement
// browser on it.
func openMoves(t *testing.T, u *App) *movementBrowser {
	t.Helper()
	b := openMovesWindow(t, u)
	t.Cleanup(b.win.Close)
	return b
}

// openMovesWindow is openMoves for tests that close the window themselves.
func openMovesWindow(t *testing.T, u *App) *movementBrowser {
	t.Helper()
	u.tabs.SelectIndex(tabSolve)
	u.solve.list.Select(0)
	sol, p, ok := u.solve.selectedSolution()
	if !ok {
		t.Fatal("no solution selected")
	}
	b, err := newMovementBrowser(u, p, 0, sol)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// button returns the browser's move button with this label.
func (b *movementBrowser) button(t testing.TB, label string) fyne.Tappable {
	t.Helper()
	for _, m := range b.moves {
		if m.Text == label {
			return m
		}
	}
	t.Fatalf("no button %q", label)
	return nil
}

func TestMovementBrowser(t *testing.T) {
	u := newTestUI(t, hookPuzzle())
	b := openMoves(t, u)
	if len(b.moves) != 6 || b.cur != b.m.Root() || !b.store.Disabled() {
		t.Fatalf("%d move buttons, at state %d", len(b.moves), b.cur.ID)
	}
	// Move the domino (piece 2) into the L's foot: one red cell.
	key(b, "1") // piece 1 off
	key(b, "2") // piece 2 on
	if sel := b.selected(); len(sel) != 1 || sel[0] != 1 {
		t.Fatalf("selected %v", sel)
	}
	if sc := b.view.scene; sc.Items[0].Color == b.colors[0] || sc.Items[1].Color != b.colors[1] {
		t.Error("the piece selected is not the one drawn in its colour")
	}
	test.Tap(b.button(t, "+X"))
	if b.cur.ID != 1 || b.cur.Move.Removal || !strings.Contains(b.status.Text, "shared") {
		t.Fatalf("after +X: state %d, %q", b.cur.ID, b.status.Text)
	}
	red := b.view.scene.Items[len(b.view.scene.Items)-1]
	if red.Color != b.overlap.c || red.Mesh.NumCells() != 1 {
		t.Errorf("the overlap is not one red cell")
	}
	if rows := b.states.order; len(rows) != 2 || rows[1].ID != 1 || b.moveLabel(rows[1]) != "piece 2 +X" || b.checks[1].Text != "2: S2" {
		t.Errorf("states: %d rows, %q", len(rows), b.moveLabel(b.m.Node(1)))
	}
	// Back along -X returns to the assembled state: no new node. The
	// key reaches the browser from a check box that has the focus, too.
	b.win.Canvas().Focus(b.checks[1])
	b.checks[1].TypedKey(&fyne.KeyEvent{Name: fyne.KeyLeft})
	if b.cur != b.m.Root() || b.m.Len() != 2 {
		t.Fatalf("after -X: state %d of %d", b.cur.ID, b.m.Len())
	}
	// Clicking the States list returns to a state.
	b.states.list.Select(b.states.row[1])
	if b.cur.ID != 1 {
		t.Fatalf("tree click: state %d", b.cur.ID)
	}
	key(b, fyne.KeyBackspace)
	if b.cur.ID != 0 {
		t.Fatalf("back: state %d", b.cur.ID)
	}
	// Clicks in the 3D view select: piece 1 covers (0,0,0), piece 2
	// (0,1,0) in the assembled state.
	b.view.onPick(grid.Vec{0, 0, 0}, grid.Vec{0, 0, 1}, false)
	if sel := b.selected(); len(sel) != 2 {
		t.Fatalf("a click on piece 1: selected %v", sel)
	}
	b.view.onPick(grid.Vec{0, 1, 0}, grid.Vec{0, 1, 1}, true)
	if sel := b.selected(); len(sel) != 1 || sel[0] != 1 {
		t.Fatalf("a right click on piece 2: selected %v", sel)
	}
	// Moving both pieces is refused: they are all there is.
	key(b, "1")
	test.Tap(b.button(t, "+Z"))
	if b.cur.ID != 0 || !strings.Contains(b.status.Text, "all that hang together") {
		t.Errorf("moving everything: state %d, %q", b.cur.ID, b.status.Text)
	}
	// Moved pieces are drawn by offsets from where the assembled state
	// has them, and clicks come in those coordinates: (0,1,0) is still
	// the domino after it went up.
	b.takeOut.SetChecked(false)
	key(b, "1") // the domino alone
	test.Tap(b.button(t, "+Z"))
	checkDrawnWhereCells(t, b)
	if b.rebuilt || b.view.scene.Items[1].Offset == (mgl64.Vec3{}) {
		t.Fatalf("piece 2 +Z: rebuilt %v, offset %v", b.rebuilt, b.view.scene.Items[1].Offset)
	}
	b.view.onPick(grid.Vec{0, 1, 0}, grid.Vec{0, 1, 1}, true)
	b.view.onPick(grid.Vec{0, 0, 0}, grid.Vec{0, 0, 1}, false)
	if sel := b.selected(); len(sel) != 2 {
		t.Fatalf("clicks on the moved domino and the L: selected %v", sel)
	}
	// Down into the L's corner: the shared cell is red, the pieces are
	// built again without it, where they are.
	key(b, "1") // the domino alone
	test.Tap(b.button(t, "+X"))
	test.Tap(b.button(t, "−Z"))
	if !b.rebuilt || len(b.m.Overlaps(b.cur)) != 1 {
		t.Fatalf("no overlap drawn: %q", b.status.Text)
	}
	if it := b.view.scene.Items[1]; it.Offset != (mgl64.Vec3{}) || it.Mesh.NumCells() != 1 {
		t.Errorf("the domino in the L: offset %v, %d cells drawn", it.Offset, it.Mesh.NumCells())
	}
	b.view.onPick(grid.Vec{1, 1, 0}, grid.Vec{1, 1, 1}, true) // where it is now
	if sel := b.selected(); len(sel) != 1 || sel[0] != 1 {
		t.Fatalf("a right click on the pushed-in domino: selected %v", sel)
	}
	for range 3 {
		key(b, fyne.KeyBackspace)
	}
	b.takeOut.SetChecked(true)
	if b.cur != b.m.Root() || b.rebuilt {
		t.Fatalf("back at state %d, rebuilt %v", b.cur.ID, b.rebuilt)
	}
	// -X again, now from the root: the domino is free that way and
	// leaves; the puzzle is apart and the path can be stored.
	key(b, fyne.KeyLeft)
	if !b.cur.Move.Removal || b.store.Disabled() || !strings.HasPrefix(b.moveLabel(b.cur), "take out piece 2") {
		t.Fatalf("take out: %+v, %q", b.cur.Move, b.status.Text)
	}
	storeAndWait(t, b)
	p := u.doc.Puzzle()
	sol := &p.Problems[0].Solutions[0]
	if sol.Disassembly == nil || sol.Disassembly.Level() != "1" {
		t.Fatalf("stored %+v", sol.Disassembly)
	}
	if err := model.CheckDisassembly(p, &p.Problems[0], sol); err != nil {
		t.Fatal(err)
	}
	if !u.doc.Dirty() || !strings.HasPrefix(b.status.Text, "Stored") {
		t.Errorf("not dirty, or %q", b.status.Text)
	}
	// The Solve tab's list shows it.
	if r := u.solve.rows[0]; r.sol.Disassembly == nil || u.solve.anim == nil || u.solve.anim.Steps() != 1 {
		t.Error("the Solve tab does not show the disassembly")
	}
	u.Undo()
	if u.doc.Puzzle().Problems[0].Solutions[0].Disassembly != nil || u.solve.anim != nil {
		t.Error("undo left the disassembly")
	}
	u.Redo()
	if u.doc.Puzzle().Problems[0].Solutions[0].Disassembly == nil {
		t.Error("redo lost the disassembly")
	}
	// After another document is opened the browser refuses to store.
	u.setDocument(NewDocument(hookPuzzle(), ""), "other")
	test.Tap(b.store)
	if !strings.Contains(b.status.Text, "closed") {
		t.Errorf("storing into a closed puzzle: %q", b.status.Text)
	}
}

// TestMovementBrowserPrisms replays Prisgon's stored disassembly with the
// browser's buttons: four directions, the same level stored back.
func TestMovementBrowserPrisms(t *testing.T) {
	p := readExample(t, "Prisgon.xmpuzzle")
	want := p.Problems[0].Solutions[0].Disassembly.Clone()
	p.Problems[0].Solutions[0].Disassembly = nil
	u := newTestUI(t, p)
	b := openMoves(t, u)
	if len(b.moves) != 8 {
		t.Fatalf("%d move buttons on prisms, want 8", len(b.moves))
	}
	// Named by where they point: up, along X and along the triangles'
	// other sides, not by their lattice vectors.
	var names []string
	for d, v := range b.m.Directions() {
		names = append(names, directionName(b.m.Grid(), d, v))
	}
	slices.Sort(names)
	if got := strings.Join(names, " "); got != "120° 60° X Z" {
		t.Errorf("the prism directions are named %q", got)
	}
	// press moves the pieces in slots by dir; out says whether a free
	// group is taken out (Prisgon's disassembly moves free pieces, too).
	press := func(slots []int, dir grid.Vec, out bool) {
		t.Helper()
		b.takeOut.SetChecked(out)
		for j, c := range b.checks {
			c.SetChecked(false)
			for _, s := range slots {
				if b.m.Slots()[j] == s {
					c.SetChecked(true)
				}
			}
		}
		for i, btn := range b.moves {
			v := b.m.Directions()[i/2]
			if i%2 == 0 {
				v = v.Neg()
			}
			if v == dir {
				test.Tap(btn)
				return
			}
		}
		t.Fatalf("no button for %v", dir)
	}
	var walk func(d *model.Separation)
	walk = func(d *model.Separation) {
		if d == nil {
			return
		}
		last := len(d.States) - 1
		for i := 0; i < last; i++ {
			var slots []int
			var v grid.Vec
			for j := range d.Pieces {
				if dv := d.States[i+1][j].Sub(d.States[i][j]); dv != (grid.Vec{}) {
					slots, v = append(slots, d.Pieces[j]), dv
				}
			}
			u, k := unitOf(b.m.Directions(), v, i+1 == last)
			if k == 0 {
				t.Fatalf("%v is no move of the grid", v)
			}
			for ; k > 0; k-- {
				press(slots, u, i+1 == last)
			}
			if b.cur.Move.Removal != (i+1 == last) {
				t.Fatalf("move %d of separation %v: %+v, %q", i, d.Pieces, b.cur.Move, b.status.Text)
			}
			checkDrawnWhereCells(t, b)
		}
		walk(d.Removed)
		walk(d.Left)
	}
	walk(want)
	if b.store.Disabled() {
		t.Fatalf("not storable: %q", b.status.Text)
	}
	storeAndWait(t, b)
	got := u.doc.Puzzle().Problems[0].Solutions[0].Disassembly
	if got == nil || got.Level() != want.Level() || got.TotalMoves() != want.TotalMoves() {
		t.Fatalf("stored %v, want level %s", got, want.Level())
	}
}

// unitOf returns the grid move u and count k with v = k·u; a final move
// (taking pieces out) is matched by direction and counts once.
func unitOf(dirs []grid.Vec, v grid.Vec, final bool) (grid.Vec, int) {
	for _, d := range dirs {
		for _, u := range []grid.Vec{d, d.Neg()} {
			if final {
				same := true
				for a := range 3 {
					same = same && (u[a] > 0) == (v[a] > 0) && (u[a] < 0) == (v[a] < 0)
				}
				if same {
					return u, 1
				}
				continue
			}
			for k := 1; k <= 100; k++ {
				if u.Scale(k) == v {
					return u, k
				}
			}
		}
	}
	return grid.Vec{}, 0
}

// TestBrowserErrors: a problem without a result has no placements to
// browse, and a sphere puzzle no moves; both say why.
func TestBrowserErrors(t *testing.T) {
	p := hookPuzzle()
	p.Problems[0].Result = model.NoResult
	u := newTestUI(t, p)
	b := openPlacements(t, u)
	if b.set != nil || !strings.Contains(b.where.Text, "no result") || !b.next.Disabled() {
		t.Errorf("no result: %q, %q", b.label.Text, b.where.Text)
	}
	key(b, fyne.KeyRight) // nothing to step: no panic

	s := hookPuzzle()
	s.Grid = grid.Spheres
	if _, err := newMovementBrowser(u, s, 0, s.Problems[0].Solutions[0]); err == nil {
		t.Error("movement browser on spheres: no error")
	}
	// Without a selected solution the menu entry says what to do.
	u.tabs.SelectIndex(tabSolve)
	u.solve.list.UnselectAll()
	u.solve.sel = -1
	u.openMovementBrowser()
	if !strings.Contains(u.status.Text, "Select a solution") {
		t.Errorf("status %q", u.status.Text)
	}
}

// TestBrowserMenu opens both browsers from the Tools menu.
func TestBrowserMenu(t *testing.T) {
	u := newTestUI(t, hookPuzzle())
	var tools *fyne.Menu
	for _, m := range u.menu.Items {
		if m.Label == "Tools" {
			tools = m
		}
	}
	if tools == nil || len(tools.Items) != 2 {
		t.Fatal("no Tools menu with two entries")
	}
	u.tabs.SelectIndex(tabSolve)
	u.solve.list.Select(0)
	for _, it := range tools.Items {
		it.Action()
	}
	found := map[string]bool{}
	// A copy: closing a window changes the driver's list.
	for _, w := range slices.Clone(u.fyne.Driver().AllWindows()) {
		for _, prefix := range []string{"Placements", "Movement"} {
			if strings.HasPrefix(w.Title(), prefix) {
				found[prefix] = true
				w.Close()
			}
		}
	}
	if len(found) != 2 {
		t.Errorf("windows opened: %v (status %q)", found, u.status.Text)
	}
}

// The browsers' tooltips show in their own windows: on the main window's
// layer they appeared over the main window, at the place the button has
// in the browser.
func TestBrowserTooltips(t *testing.T) {
	u := newTestUI(t, hookPuzzle())
	pb := openPlacements(t, u)
	mb := openMoves(t, u)
	for _, c := range []struct {
		name string
		win  fyne.Window
		btn  *tipButton
		want string
	}{
		{"placements, next", pb.win, pb.next, "Next placement"},
		{"placements, reset", pb.win, pb.view.tools.resetBtn, "Reset the view"},
		{"movement, reset", mb.win, mb.view.tools.resetBtn, "Reset the view"},
	} {
		tips, ok := c.btn.hints.(windowTips)
		if !ok {
			t.Errorf("%s: hints go to %T, not the browser's window", c.name, c.btn.hints)
			continue
		}
		q := make(uiQueue, 16)
		tips.tips.do = q.do
		c.btn.MouseIn(&desktop.MouseEvent{})
		q.pump(t, tips.tips.box.Visible)
		if !tips.tips.box.Visible() || !strings.Contains(tips.tips.text.Text, c.want) {
			t.Errorf("%s: tooltip shown %v, %q", c.name, tips.tips.box.Visible(), tips.tips.text.Text)
		}
		if u.tips.box.Visible() {
			t.Errorf("%s: a tooltip on the main window", c.name)
		}
		if st, ok := c.win.Content().(*fyne.Container); !ok || !slices.Contains(st.Objects, fyne.CanvasObject(tips.tips.layer)) {
			t.Errorf("%s: the tooltip layer is not on the browser's window", c.name)
		}
		c.btn.MouseOut()
	}
}

// TestMovementBrowserNumbersSlots: in a problem with piece ranges the
// browser numbers the pieces as the Solve tab's squares do, by slot (here
// 2 and 3, slot 1 unused), in its list, squares, keys and moves, and
// says where a state is by its moves, as the States pane does. Its arrows
// move pieces, from its focused 3D view too.
func TestMovementBrowserNumbersSlots(t *testing.T) {
	p := hookPuzzle()
	one := model.NewShape(grid.Vec{1, 1, 1})
	one.Set(grid.Vec{}, model.MakeVoxel(model.Filled, 0))
	p.Shapes = append(p.Shapes, one)
	pr := &p.Problems[0]
	pr.Parts = append([]model.Part{{Shape: 3, Min: 0, Max: 1}}, pr.Parts...)
	pr.Solutions[0].Assembly = append(model.Assembly{{Orient: model.Unplaced}}, pr.Solutions[0].Assembly...)
	u := newTestUI(t, p)
	b := openMoves(t, u)
	if len(b.checks) != 2 || b.checks[0].Text != "2: S1" || b.checks[1].Text != "3: S2" {
		t.Fatalf("pieces %q", []string{b.checks[0].Text, b.checks[1].Text})
	}
	if chips := b.tools.vis.chips; chips[0].label != "2" || chips[1].label != "3" || !strings.HasPrefix(chips[1].tip, "Piece 3 ") {
		t.Errorf("squares %q and %q, tip %q", chips[0].label, chips[1].label, chips[1].tip)
	}
	if !strings.Contains(keyHelp(b.m.Grid(), b.m.Directions(), true), "1-9 select a piece") || strings.Contains(keyHelp(b.m.Grid(), b.m.Directions(), false), "1-9") {
		t.Error("the key help does not say the digits only when a piece is numbered 1 to 9")
	}
	if got := b.status.Text; got != "Assembled (1 state reached)" {
		t.Errorf("status %q", got)
	}
	key(b, "2") // piece 2 (the L) off
	key(b, "3") // piece 3 (the domino) on
	if sel := b.selected(); len(sel) != 1 || sel[0] != 1 {
		t.Fatalf("keys 2 and 3 selected %v", sel)
	}
	// The arrows move the piece also once a click gave the view the
	// focus, where they would otherwise turn it.
	b.win.Canvas().Focus(b.view)
	rot := b.view.cam.Rot
	b.view.TypedKey(&fyne.KeyEvent{Name: fyne.KeyRight})
	if b.view.cam.Rot != rot || b.cur == b.m.Root() {
		t.Fatal("→ in the focused view turned it instead of moving the piece")
	}
	if got := b.moveLabel(b.cur); got != "piece 3 +X" {
		t.Errorf("the move reads %q", got)
	}
	// The L is red: shared cells are magenta, not another red.
	if got := b.status.Text; got != "After 1 move: 1 cell shared by pieces (magenta)" {
		t.Errorf("status %q", got)
	}
}

// TestPickOverlap: shared cells are red unless a piece is red-like, then
// the first colour no piece comes near.
func TestPickOverlap(t *testing.T) {
	red, blue, green, magenta := render.ShapeColor(0), render.ShapeColor(1), render.ShapeColor(3), color.RGBA{0xd0, 0x30, 0xd0, 0xff}
	for _, c := range []struct {
		pieces []color.RGBA
		want   string
	}{
		{[]color.RGBA{blue, green}, "red"},
		{[]color.RGBA{blue, red}, "magenta"},
		{[]color.RGBA{red, magenta, green}, "black"},
	} {
		if got := pickOverlap(c.pieces).name; got != c.want {
			t.Errorf("pieces %v: shared cells %s, want %s", c.pieces, got, c.want)
		}
	}
}
