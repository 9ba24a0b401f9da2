package ui

import (
	"bytes"
	"image"
	"math"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/test"
	"github.com/go-gl/mathgl/mgl64"

	"github.com/burrlab/burrlab/model"
	"github.com/burrlab/burrlab/model/grid"
	"github.com/burrlab/burrlab/model/xmpuzzle"
	"github.com/burrlab/burrlab/render"
)

// frameOf draws v at its size (one raster pixel per unit) and returns a
// copy of the picture.
func frameOf(v *view3D) []byte {
	sz := v.Size()
	return append([]byte(nil), v.draw(int(sz.Width), int(sz.Height)).(*image.RGBA).Pix...)
}

// drag sends a drag of four steps of (dx, dy) from the middle of v, after
// a press of button with modifiers mods.
func drag(v *view3D, button desktop.MouseButton, mods fyne.KeyModifier, dx, dy float32) {
	sz := v.Size()
	from := fyne.NewPos(sz.Width/2, sz.Height/2)
	v.MouseDown(&desktop.MouseEvent{PointEvent: fyne.PointEvent{Position: from}, Button: button, Modifier: mods})
	for k := 1; k <= 4; k++ {
		to := fyne.NewPos(from.X+float32(k)*dx, from.Y+float32(k)*dy)
		v.Dragged(&fyne.DragEvent{PointEvent: fyne.PointEvent{Position: to}, Dragged: fyne.NewDelta(dx, dy)})
	}
	v.DragEnd()
	v.MouseUp(&desktop.MouseEvent{Button: button, Modifier: mods})
}

func barPreview(t *testing.T, g grid.Type) (*App, *view3D) {
	p := newPuzzle(g)
	gr := grid.Must(g)
	// Three cells of the grid in a row along x.
	p.Shapes[0] = model.NewShape(grid.Vec{8, 3, 2})
	n := 0
	for x := 0; x < 8 && n < 3; x++ {
		if c := (grid.Vec{x, 1, 0}); gr.Valid(c) {
			p.Shapes[0].Set(c, model.MakeVoxel(model.Filled, 0))
			n++
		}
	}
	u := newTestUI(t, p)
	u.shapes.preview.showShape(0)
	return u, u.shapes.preview
}

// A middle drag and a Shift+drag pan the view: the camera's target moves
// with the pointer, the turn stays; a plain drag turns and does not pan.
func TestMiddleAndShiftDragPan(t *testing.T) {
	u, v := barPreview(t, grid.Cubes)
	before := frameOf(v)
	for _, c := range []struct {
		name   string
		button desktop.MouseButton
		mods   fyne.KeyModifier
	}{{"middle drag", desktop.MouseButtonTertiary, 0}, {"Shift+drag", desktop.MouseButtonPrimary, fyne.KeyModifierShift}} {
		rot, target := v.cam.Rot, v.cam.Target
		drag(v, c.button, c.mods, 10, -5)
		if v.cam.Rot != rot {
			t.Errorf("%s turned the camera", c.name)
		}
		d := v.cam.Target.Sub(target)
		right := v.cam.Rot.Conjugate().Rotate(mgl64.Vec3{1, 0, 0})
		up := v.cam.Rot.Conjugate().Rotate(mgl64.Vec3{0, 1, 0})
		// The scene follows the pointer right and up: the target moves
		// left and down.
		if d.Dot(right) >= 0 || d.Dot(up) >= 0 {
			t.Errorf("%s moved the target by %v", c.name, d)
		}
		if !v.tools.framed {
			t.Errorf("%s: the view does not know it was panned", c.name)
		}
	}
	if bytes.Equal(frameOf(v), before) {
		t.Error("the picture did not move")
	}
	rot, target := v.cam.Rot, v.cam.Target
	drag(v, desktop.MouseButtonPrimary, 0, 10, -5)
	if v.cam.Rot == rot || v.cam.Target != target {
		t.Error("a plain drag should turn, not pan")
	}
	if u.doc.CanUndo() {
		t.Error("panning changed the puzzle")
	}
}

// Reset View (menu, Ctrl+0, or the button on the view) turns the camera
// back and frames the whole scene, undoing pan and zoom.
func TestResetView(t *testing.T) {
	for _, g := range []grid.Type{grid.Cubes, grid.Spheres, grid.Prisms} {
		u, v := barPreview(t, g)
		frameOf(v)
		want := v.cam
		wantPic := frameOf(v)
		for k, reset := range []func(){
			func() {
				pressShortcut(u, &desktop.CustomShortcut{KeyName: fyne.Key0, Modifier: fyne.KeyModifierShortcutDefault})
			},
			func() { test.Tap(v.tools.resetBtn) },
		} {
			drag(v, desktop.MouseButtonPrimary, 0, 15, 4)
			drag(v, desktop.MouseButtonTertiary, 0, -8, 3)
			v.Scrolled(&fyne.ScrollEvent{Scrolled: fyne.NewDelta(0, 200)})
			if v.cam == want {
				t.Fatalf("%v: the camera did not move", g)
			}
			reset()
			pic := frameOf(v)
			if v.cam.Rot != want.Rot || v.cam.Target.Sub(want.Target).Len() > 1e-9 || v.cam.Dist != want.Dist || v.tools.framed {
				t.Errorf("%v reset %d: camera %+v, want %+v", g, k, v.cam, want)
			}
			if !bytes.Equal(pic, wantPic) {
				t.Errorf("%v reset %d: the picture differs from the first one", g, k)
			}
		}
	}
}

// A view made narrower than wide keeps the whole bar in the picture (the
// Shapes tab's view grows taller when Shape information closes): the
// camera backs off as a fit for the new shape would, and comes back when
// the view is wide again.
func TestNarrowerViewKeepsTheFit(t *testing.T) {
	_, v := barPreview(t, grid.Cubes)
	v.draw(400, 300) // fitted
	wide := v.cam.Dist
	v.draw(200, 400)
	lo, hi, _ := v.scene.Bounds()
	want := v.cam
	want.Fit(lo, hi, 0.5)
	if math.Abs(v.cam.Dist-want.Dist) > 1e-9*want.Dist {
		t.Errorf("narrow: distance %v, a fit for it %v", v.cam.Dist, want.Dist)
	}
	v.draw(400, 300)
	if math.Abs(v.cam.Dist-wide) > 1e-9*wide {
		t.Errorf("wide again: distance %v, before %v", v.cam.Dist, wide)
	}
}

// Each tab's 3D view keeps its own camera while the others are used.
func TestCameraKeptPerTab(t *testing.T) {
	p, err := xmpuzzle.ReadFile("testdata/tray.xmpuzzle")
	if err != nil {
		t.Fatal(err)
	}
	u := newTestUI(t, p)
	views := []*view3D{u.shapes.preview, u.problems.preview, u.solve.view}
	u.tabs.SelectIndex(tabProblems)
	u.problems.preview.showShape(0)
	u.tabs.SelectIndex(tabSolve)
	u.solve.list.Select(0)
	cams := make([]render.Camera, 3)
	for i, tab := range []int{tabShapes, tabProblems, tabSolve} {
		u.tabs.SelectIndex(tab)
		v := views[i]
		frameOf(v)
		drag(v, desktop.MouseButtonPrimary, 0, float32(5+10*i), 3)
		drag(v, desktop.MouseButtonTertiary, 0, 4, float32(2*i))
		v.Scrolled(&fyne.ScrollEvent{Scrolled: fyne.NewDelta(0, float32(50*i+20))})
		frameOf(v)
		cams[i] = v.cam
	}
	for round := 0; round < 2; round++ {
		for _, tab := range []int{tabSolve, tabShapes, tabProblems} {
			u.tabs.SelectIndex(tab)
		}
		for i, tab := range []int{tabShapes, tabProblems, tabSolve} {
			u.tabs.SelectIndex(tab)
			frameOf(views[i])
			if views[i].cam != cams[i] {
				t.Errorf("round %d: the camera of tab %d changed: %+v, was %+v", round, tab, views[i].cam, cams[i])
			}
		}
	}
	if cams[0].Rot == cams[1].Rot || cams[1].Rot == cams[2].Rot {
		t.Error("the tabs share a camera")
	}
	// Reset View resets the view of the tab shown only.
	u.tabs.SelectIndex(tabProblems)
	pressShortcut(u, &desktop.CustomShortcut{KeyName: fyne.Key0, Modifier: fyne.KeyModifierShortcutDefault})
	if u.problems.preview.cam.Rot != render.DefaultCamera().Rot || u.shapes.preview.cam != cams[0] || u.solve.view.cam != cams[2] {
		t.Error("Reset View reset another tab's view")
	}
}

// traySolve opens the tray example on the Solve tab with its first
// solution shown.
func traySolve(t *testing.T) (*App, *solveTab) {
	p, err := xmpuzzle.ReadFile("testdata/tray.xmpuzzle")
	if err != nil {
		t.Fatal(err)
	}
	u := newTestUI(t, p)
	u.tabs.SelectIndex(tabSolve)
	st := u.solve
	st.list.Select(0)
	if st.view.scene == nil || len(st.view.scene.Items) != 3 || st.anim == nil {
		t.Fatal("the first solution is not shown")
	}
	frameOf(st.view)
	return u, st
}

// Clicking a piece's square cycles it visible -> outlined -> hidden ->
// visible; Shift+click on the piece in the 3D view does the same; the
// state stays when another solution is shown.
func TestPieceVisibilityCycling(t *testing.T) {
	u, st := traySolve(t)
	vis := st.vt.vis
	if len(vis.chips) != 3 {
		t.Fatalf("%d piece squares, want 3", len(vis.chips))
	}
	first := frameOf(st.view)
	for _, want := range []render.Mode{render.Outline, render.Hidden, render.Solid} {
		test.Tap(vis.chips[1])
		if m := st.view.scene.Items[1].Mode; m != want {
			t.Fatalf("after a click piece 2 is drawn in mode %d, want %d", m, want)
		}
		if want != render.Solid && bytes.Equal(frameOf(st.view), first) {
			t.Errorf("mode %d: the picture did not change", want)
		}
		// Slot 3 holds no piece in this solution: it stays hidden.
		if st.view.scene.Items[0].Mode != render.Solid || st.view.scene.Items[2].Mode != render.Hidden {
			t.Error("a click changed another piece")
		}
	}
	if !bytes.Equal(frameOf(st.view), first) {
		t.Error("visible again, the picture differs")
	}
	// Shift+click on a piece in the 3D view.
	v := st.view
	x, y, item := pixelOfItem(t, v)
	pos := fyne.NewPos(float32(x), float32(y))
	v.MouseDown(&desktop.MouseEvent{PointEvent: fyne.PointEvent{Position: pos}, Button: desktop.MouseButtonPrimary, Modifier: fyne.KeyModifierShift})
	v.Tapped(&fyne.PointEvent{Position: pos})
	if m := v.scene.Items[item].Mode; m != render.Outline || vis.modes[item] != render.Outline {
		t.Fatalf("Shift+click on piece %d: mode %d", item+1, m)
	}
	if vis.chips[item].mode != render.Outline {
		t.Error("the piece's square does not show it outlined")
	}
	// The outlined piece is only a wire frame, yet a second Shift+click
	// at the same place hides it and a third shows it again: the whole
	// cycle works in the view.
	for _, want := range []render.Mode{render.Hidden, render.Solid} {
		frameOf(v)
		v.MouseDown(&desktop.MouseEvent{PointEvent: fyne.PointEvent{Position: pos}, Button: desktop.MouseButtonPrimary, Modifier: fyne.KeyModifierShift})
		v.Tapped(&fyne.PointEvent{Position: pos})
		if want == render.Hidden {
			// Hidden, the piece is not there to click: the square brings
			// it back, then Shift+click outlines it again.
			if m := v.scene.Items[item].Mode; m != render.Hidden || vis.chips[item].mode != render.Hidden {
				t.Fatalf("Shift+click on outlined piece %d: mode %d, want hidden", item+1, m)
			}
			test.Tap(vis.chips[item])
			continue
		}
		if m := v.scene.Items[item].Mode; m != render.Outline {
			t.Fatalf("Shift+click on piece %d shown again: mode %d, want outlined", item+1, m)
		}
	}
	// A plain click does not cycle.
	frameOf(v)
	x, y, other := pixelOfItem(t, v)
	pos = fyne.NewPos(float32(x), float32(y))
	v.MouseDown(&desktop.MouseEvent{PointEvent: fyne.PointEvent{Position: pos}, Button: desktop.MouseButtonPrimary})
	v.Tapped(&fyne.PointEvent{Position: pos})
	if v.scene.Items[other].Mode != render.Solid {
		t.Error("a click without Shift cycled a piece")
	}
	if !vis.chips[2].absent || vis.chips[2].Visible() || vis.chips[0].absent || !vis.chips[0].Visible() {
		t.Error("the square of the slot this solution leaves empty is not hidden, or another one is")
	}
	// Another solution of the problem keeps the state, and so does an
	// edit that leaves the problem's pieces alone.
	st.list.Select(1)
	if st.view.scene.Items[item].Mode != render.Outline {
		t.Error("another solution forgot the visibility")
	}
	u.edit("Edit comment", func(p *model.Puzzle) error { p.Comment = "changed"; return nil })
	st.list.UnselectAll()
	st.list.Select(0)
	if st.view.scene.Items[item].Mode != render.Outline {
		t.Error("an edit of the comment forgot the visibility")
	}
	// Show All Pieces.
	pressShortcut(u, &desktop.CustomShortcut{KeyName: fyne.KeyH, Modifier: fyne.KeyModifierShortcutDefault | fyne.KeyModifierShift})
	for i, it := range st.view.scene.Items {
		if it.Mesh != nil && it.Mode != render.Solid || vis.modes[i] != render.Solid {
			t.Errorf("after Show All Pieces piece %d is in mode %d", i+1, it.Mode)
		}
	}
}

// pixelOfItem finds a pixel of the last frame of v that shows a solid
// piece.
func pixelOfItem(t *testing.T, v *view3D) (x, y, item int) {
	t.Helper()
	w, h := v.r.Size()
	for y := h / 4; y < h*3/4; y++ {
		for x := w / 4; x < w*3/4; x++ {
			if hit, ok := v.r.Pick(x, y); ok && v.scene.Items[hit.Item].Mode == render.Solid {
				return x, y, hit.Item
			}
		}
	}
	t.Fatal("no piece in the picture")
	return
}

// The exploded-view slider pushes the pieces apart from the centre, on top
// of the disassembly; Ctrl+Shift+E switches it off and on again.
func TestExplodedViewSlider(t *testing.T) {
	u, st := traySolve(t)
	sc := st.view.scene
	before := frameOf(st.view)
	// The solution places two of the three slots.
	centre := sc.Items[0].Mesh.Centroid().Add(sc.Items[1].Mesh.Centroid()).Mul(0.5)
	spread := func() float64 {
		d := 0.0
		for _, it := range sc.Items[:2] {
			d += it.Mesh.Centroid().Add(it.Offset).Sub(centre).Len()
		}
		return d
	}
	assembled := spread()
	st.vt.explode.SetValue(0.8)
	if spread() <= assembled+1 {
		t.Errorf("exploded at 0.8 the pieces spread %v, assembled %v", spread(), assembled)
	}
	if bytes.Equal(frameOf(st.view), before) {
		t.Error("the exploded view looks like the assembly")
	}
	// On top of the disassembly: the step's offsets plus the push.
	st.setStep(1)
	an := st.anim.Offsets(1, nil)
	ex := render.ExplodeOffsets(sc, 0.8, nil)
	for i, it := range sc.Items {
		if it.Offset.Sub(an[i].Add(ex[i])).Len() > 1e-9 {
			t.Errorf("piece %d at %v, want %v + %v", i+1, it.Offset, an[i], ex[i])
		}
	}
	st.setStep(0)
	key := &desktop.CustomShortcut{KeyName: fyne.KeyE, Modifier: fyne.KeyModifierShortcutDefault | fyne.KeyModifierShift}
	pressShortcut(u, key)
	if st.vt.explode.Value != 0 || spread() != assembled {
		t.Errorf("Ctrl+Shift+E left the slider at %v", st.vt.explode.Value)
	}
	if !bytes.Equal(frameOf(st.view), before) {
		t.Error("back to the assembly, the picture differs")
	}
	pressShortcut(u, key)
	if st.vt.explode.Value != 0.8 {
		t.Errorf("Ctrl+Shift+E again: slider at %v, want the last spread 0.8", st.vt.explode.Value)
	}
}

// During a disassembly the pieces that leave the puzzle on their own fade
// out, as the animation says; the View menu's item turns fading off.
func TestRemovedPiecesFade(t *testing.T) {
	u, st := traySolve(t)
	n := st.anim.Steps()
	faded := -1
	for i := range st.view.scene.Items {
		if st.anim.Fade(float64(n), i) == 1 {
			faded = i
		}
	}
	if faded < 0 {
		t.Fatal("no piece leaves the tray on its own")
	}
	start := -1.0
	for s := 0; s < n; s++ {
		if st.anim.Fade(float64(s), faded) == 0 && st.anim.Fade(float64(s+1), faded) == 1 {
			start = float64(s)
		}
	}
	if start < 0 {
		t.Fatalf("piece %d does not fade during one move", faded+1)
	}
	st.setStep(start)
	if f := st.view.scene.Items[faded].Fade; f != 0 {
		t.Errorf("before its removal piece %d has faded by %v", faded+1, f)
	}
	opaque := frameOf(st.view)
	st.setStep(start + 0.5)
	if f := st.view.scene.Items[faded].Fade; f != 0.5 {
		t.Errorf("half-way through its removal piece %d has faded by %v", faded+1, f)
	}
	half := frameOf(st.view)
	st.setStep(start + 1)
	if f := st.view.scene.Items[faded].Fade; f != 1 {
		t.Errorf("after its removal piece %d has faded by %v", faded+1, f)
	}
	if bytes.Equal(opaque, half) {
		t.Error("the picture did not change half-way")
	}
	key := &desktop.CustomShortcut{KeyName: fyne.KeyF, Modifier: fyne.KeyModifierShortcutDefault | fyne.KeyModifierShift}
	pressShortcut(u, key)
	if st.vt.fade || st.vt.fadeItem.Checked {
		t.Fatal("the menu item did not turn fading off")
	}
	for i, it := range st.view.scene.Items {
		if it.Fade != 0 {
			t.Errorf("fading off, piece %d has faded by %v", i+1, it.Fade)
		}
	}
	pressShortcut(u, key)
	if !st.vt.fade || st.view.scene.Items[faded].Fade != 1 {
		t.Error("the menu item did not turn fading on again")
	}
}

// After the user pans or zooms, the Solve tab's view stops following the
// pieces as they move; Reset View frames them again.
func TestSolveViewKeepsUserFraming(t *testing.T) {
	u, st := traySolve(t)
	v := st.view
	drag(v, desktop.MouseButtonTertiary, 0, 12, 6)
	frameOf(v)
	cam := v.cam
	st.setStep(float64(st.anim.Steps()))
	frameOf(v)
	if v.cam != cam {
		t.Errorf("moving the slider moved the panned camera: %+v, was %+v", v.cam, cam)
	}
	pressShortcut(u, &desktop.CustomShortcut{KeyName: fyne.Key0, Modifier: fyne.KeyModifierShortcutDefault})
	frameOf(v)
	if v.tools.framed || v.cam.Target == cam.Target {
		t.Error("Reset View did not frame the pieces again")
	}
	if v.cam.Rot != render.DefaultCamera().Rot {
		t.Error("Reset View did not turn the camera back")
	}
}

// TestNewPuzzleForgetsTheView: a new puzzle shows neither the pieces nor
// the disassembly slider of the solution shown before nor the max holes
// typed for the last puzzle, and Disassemble,
// which a grid of balls cannot have, is ticked again for a grid that can.
func TestNewPuzzleForgetsTheView(t *testing.T) {
	u, st := traySolve(t)
	st.slider.SetValue(st.slider.Max / 2)
	st.ctl.maxHoles.SetText("7")
	if !st.ctl.disassemble.Checked {
		t.Fatal("Disassemble is not ticked to begin with")
	}
	newOnSolve := func(g grid.Type) {
		u.NewPuzzle(g)
		u.tabs.SelectIndex(tabSolve)
	}
	newOnSolve(grid.Spheres)
	if n := len(st.vt.vis.row.Objects); n != 0 {
		t.Errorf("the new puzzle shows %d piece squares of the last one", n)
	}
	if st.slider.Value != 0 || !st.slider.Disabled() {
		t.Errorf("the slider stays at %v (disabled %v)", st.slider.Value, st.slider.Disabled())
	}
	if st.ctl.disassemble.Checked || !st.ctl.disassemble.Disabled() || st.ctl.disassemble.Text != "Disassemble (cubes, prisms)" {
		t.Errorf("balls: Disassemble %q is ticked or can be", st.ctl.disassemble.Text)
	}
	if st.ctl.maxHoles.Text != "" {
		t.Errorf("the last puzzle's max holes %q stays for the new one", st.ctl.maxHoles.Text)
	}
	if got, want := u.status.Text, "New puzzle on the spheres grid: draw its first shape"; got != want {
		t.Errorf("status %q, want %q", got, want) // not "Opened Untitled"
	}
	newOnSolve(grid.Prisms)
	if !st.ctl.disassemble.Checked || st.ctl.disassemble.Disabled() || st.ctl.disassemble.Text != "Disassemble" {
		t.Errorf("prisms after balls: Disassemble %q is not ticked again", st.ctl.disassemble.Text)
	}
	// Unticked by hand, it stays so.
	st.ctl.disassemble.SetChecked(false)
	newOnSolve(grid.Spheres)
	newOnSolve(grid.Cubes)
	if st.ctl.disassemble.Checked {
		t.Error("unticked, then balls, then cubes: Disassemble is ticked")
	}
}

// TestShapeViewFollowsTheDrawing: the Shapes tab's view fits a shape
// again as cells drawn change its bounds, so that a shape grown cell by
// cell stays whole in the view; once the user has zoomed, it keeps the
// user's framing until Reset View.
func TestShapeViewFollowsTheDrawing(t *testing.T) {
	u := newTestUI(t, newPuzzle(grid.Cubes))
	v := u.shapes.preview
	tapCell(t, u, grid.Vec{0, 0, 0})
	frameOf(v)
	one := v.cam
	tapCell(t, u, grid.Vec{2, 0, 0})
	frameOf(v)
	if v.cam.Dist <= one.Dist || v.cam.Target == one.Target {
		t.Fatalf("a shape 3 cells long is viewed from %v at %v, one cell from %v at %v", v.cam.Dist, v.cam.Target, one.Dist, one.Target)
	}
	v.zoom(2)
	frameOf(v)
	zoomed := v.cam
	tapCell(t, u, grid.Vec{2, 2, 0})
	frameOf(v)
	if v.cam != zoomed {
		t.Error("a cell drawn after a zoom undid the user's framing")
	}
	v.resetView()
	frameOf(v)
	tapCell(t, u, grid.Vec{1, 1, 0}) // inside the bounds: nothing to fit
	frameOf(v)
	fitted := v.cam
	tapCell(t, u, grid.Vec{3, 3, 0})
	frameOf(v)
	if v.cam.Dist <= fitted.Dist {
		t.Error("after Reset View the view no longer follows the drawing")
	}
}

// TestNoProblemNoSquares: a puzzle without a problem shows no piece
// squares of the puzzle before it.
func TestNoProblemNoSquares(t *testing.T) {
	u, st := traySolve(t)
	if len(st.vt.vis.row.Objects) == 0 {
		t.Fatal("the tray shows no squares")
	}
	p := newPuzzle(grid.Cubes)
	p.Problems = nil
	u.setDocument(NewDocument(p, ""), "no problem")
	u.tabs.SelectIndex(tabSolve)
	if n := len(st.vt.vis.row.Objects); n != 0 {
		t.Errorf("a puzzle without a problem shows %d squares of the tray", n)
	}
}
