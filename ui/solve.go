package ui

import (
	"context"
	"fmt"
	"math"
	"time"
	"unicode"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/burrlab/burrlab/model"
	"github.com/burrlab/burrlab/render"
	"github.com/go-gl/mathgl/mgl64"
)

// solveTab runs the solver on a problem and browses its solutions: the list,
// the 3D view of the selected one and its disassembly animation.
type solveTab struct {
	u       *App
	content fyne.CanvasObject

	problem *keySelect
	info    *widget.Label
	sortBy  *keySelect
	list    *navList
	nav     *solutionNav // go-to field and slider (solution_nav.go)
	rows    []solRow
	sorted  []int // indices into rows, in display order
	order   int
	sel     int // selected row (index into rows), -1 none
	cols    *solColumns

	view      *view3D
	slider    *keySlider
	stepLabel *widget.Label
	play      *tipButton
	first     *tipButton
	last      *tipButton
	player    *fyne.Animation   // plays the disassembly
	anim      *render.Animation // of the selected solution, nil if none
	// The assembled puzzle's box: the camera looks at its centre and
	// backs off only as far as the pieces moving out need.
	restLo, restHi mgl64.Vec3
	restOK         bool
	settingUI      bool

	run *solveRun // the current or last run, nil before the first
	ctl *solveControls
	// controls scrolls the controls above the list where the window is
	// too small for them all.
	controls *fitScroll
	// listed is the problem whose solutions the list showed last (-1 after
	// a new document), to select the first of another problem's.
	listed int
	why    *explainUI      // explains a problem without solutions (explain.go)
	vt     *solveViewTools // visibility, exploded view, fading (solve_view.go)
	tools  *solutionTools  // the list's delete and disassembly tools
	// launch starts the solver on a run; tests replace it with a source of
	// synthetic events.
	launch func(ctx context.Context, r *solveRun, resume bool) (<-chan runEvent, error)
	// do runs a function on the UI thread: fyne.Do, or a test's queue.
	do func(func())
}

func newSolveTab(u *App) *solveTab {
	t := &solveTab{u: u, sel: -1, listed: -1, order: sortFound}
	t.launch = t.launchSolver
	t.do = fyne.Do
	t.problem = newKeySelect(nil, "(no problem)", func(string) {
		if t.settingUI {
			return
		}
		u.view.Problem = t.problem.SelectedIndex()
		t.showProblem()
	}, arrowKeys, u.passKey)
	t.info = widget.NewLabel("")
	t.info.Wrapping = fyne.TextWrapWord
	t.sortBy = newKeySelect(sortNames, "", func(string) {
		t.order = t.sortBy.SelectedIndex()
		t.resort()
	}, arrowKeys, u.passKey)
	t.list = t.newSolutionList()
	t.nav = newSolutionNav(t)

	t.sortBy.SetSelectedIndex(0)

	t.view = newView3D(u)
	t.slider = newKeySlider(0, 1, arrowKeys, u.passKey)
	t.slider.Step = 0
	t.slider.OnChanged = func(v float64) {
		if !t.settingUI {
			t.stopAnim()
			t.showStep(v)
		}
	}
	t.stepLabel = widget.NewLabel("")
	t.play = newTipButton("", theme.MediaPlayIcon(), "Play the disassembly", u, t.togglePlay)
	t.first = newTipButton("", theme.MediaSkipPreviousIcon(), "Back to the assembled puzzle", u, func() { t.stopAnim(); t.setStep(0) })
	t.last = newTipButton("", theme.MediaSkipNextIcon(), "Jump to the end of the disassembly", u, func() { t.stopAnim(); t.setStep(t.slider.Max) })
	// The view's own button (top right) resets and fits it.
	animBar := container.NewBorder(nil, nil, container.NewHBox(t.first, t.play, t.last), t.stepLabel, t.slider)
	viewer := container.NewBorder(nil, container.NewVBox(t.viewTools(), animBar), nil, nil, t.view)

	controls := t.runControls()
	listBox := container.NewBorder(container.NewVBox(container.NewBorder(nil, nil, widget.NewLabelWithStyle("Solutions", fyne.TextAlignLeading, fyne.TextStyle{Bold: true}),
		container.NewHBox(t.movesButton(), widget.NewLabel("sort by"), t.sortBy)), t.listHeader()), container.NewVBox(t.nav.box, t.solutionTools()), nil, nil, t.list)
	// On a small screen the controls scroll rather than push the list off.
	left := newShrinkTop(container.NewVBox(
		container.NewBorder(nil, nil, widget.NewLabel("Problem"), nil, t.problem),
		controls, t.info, t.why.panel, widget.NewSeparator()), listBox, 160)
	t.controls = shrinkScroll(left)
	split := container.NewHSplit(left, viewer)
	split.Offset = 0.3
	t.content = split
	t.enableAnim(false)
	return t
}

// documentChanged forgets what belonged to the previous document.
func (t *solveTab) documentChanged() {
	// Max holes here overrides the problem's own: it belongs to the
	// puzzle it was typed for, and would quietly change another's count.
	t.ctl.maxHoles.SetText("")
	t.run = nil
	t.tools.cancel()
	t.rows, t.sorted, t.sel = nil, nil, -1
	t.listed = -1
	t.vt.vis.setProblem(-1, nil) // also when the new puzzle has no problem to list
	t.view.reset()
}

// refresh shows the current problem's state.
func (t *solveTab) refresh() {
	t.settingUI = true
	p := t.u.doc.Puzzle()
	var opts []string
	for i := range p.Problems {
		opts = append(opts, problemLabel(p, i))
	}
	t.problem.Options = opts
	if t.u.view.Problem >= 0 {
		t.problem.SetSelectedIndex(t.u.view.Problem)
	} else {
		t.problem.ClearSelected()
	}
	t.settingUI = false
	t.refreshControls()
	t.showProblem()
}

// showProblem fills the list with the solutions of the selected problem:
// those of a run on it, or the ones stored in the puzzle.
func (t *solveTab) showProblem() {
	p := t.u.doc.Puzzle()
	i := t.u.view.Problem
	var sols []model.Solution
	if r := t.run; r != nil && r.showing && t.describesProblem(r, i) {
		sols = r.kept
	} else if i >= 0 && i < len(p.Problems) {
		sols = p.Problems[i].Solutions
	}
	other := i != t.listed // a file just opened, or another problem
	if other {
		t.listed = i
		t.sel = -1 // another problem's solution of the same number is another
		t.showPieces(p, i)
	}
	t.setSolutions(sols)
	if other && len(t.sorted) > 0 {
		// Its first solution shows, as after a run, not an empty view.
		t.list.Select(0)
	}
	t.refreshInfo()
}

// selectRow shows solution row r in the 3D view.
func (t *solveTab) selectRow(r int) {
	if r == t.sel && t.view.scene != nil && len(t.view.scene.Items) > 0 {
		return
	}
	t.stopAnim()
	t.sel = r
	p := t.run.puzzleFor(t.u.doc.Puzzle(), t.u.view.Problem)
	i := t.u.view.Problem
	if i < 0 || i >= len(p.Problems) || r < 0 || r >= len(t.rows) {
		t.clearView()
		return
	}
	pr := &p.Problems[i]
	sol := t.rows[r].sol
	g, err := p.GridOf()
	if err != nil {
		t.u.showError(err)
		return
	}
	scene, err := render.AssemblyScene(p, pr, sol.Assembly)
	if err != nil {
		t.u.setStatus(fmt.Sprintf("Solution #%d cannot be shown: %v", sol.AsmNum+1, err))
		t.clearView()
		return
	}
	t.anim = nil
	if d := sol.Disassembly; d != nil && !d.Outline() {
		an, err := render.NewAnimation(g, sol.Assembly, d, render.DefaultFly(scene))
		if err != nil {
			t.u.setStatus(fmt.Sprintf("The disassembly of solution #%d cannot be shown: %v", sol.AsmNum+1, err))
		} else {
			t.anim = an
		}
	}
	t.showPieces(p, i)
	t.view.setScene(scene, "")
	t.restLo, t.restHi, t.restOK = scene.Bounds()
	steps := 0
	if t.anim != nil {
		steps = t.anim.Steps()
	}
	t.settingUI = true
	t.slider.Max = math.Max(1, float64(steps))
	t.slider.SetValue(0)
	t.settingUI = false
	t.enableAnim(steps > 0)
	t.showStep(0)
}

func (t *solveTab) clearView() {
	t.stopAnim()
	t.anim = nil
	msg := "Select a solution to see it"
	if len(t.rows) == 0 {
		msg = "No solutions yet"
	}
	t.view.setItems(nil, msg, true)
	t.nav.show(-1)
	was := t.settingUI
	t.settingUI = true
	t.slider.SetValue(0) // not where the last solution's moves left it
	t.settingUI = was
	t.enableAnim(false)
	t.stepLabel.SetText("")
}

func (t *solveTab) enableAnim(on bool) {
	for _, w := range []fyne.Disableable{t.slider, t.play, t.first, t.last} {
		setEnabled(w, on)
	}
}

// showStep places the pieces at step s of the disassembly (fractions
// interpolate between moves).
func (t *solveTab) showStep(s float64) {
	defer t.follow()
	t.placePieces(s)
	if t.anim == nil {
		if t.sel >= 0 && t.sel < len(t.rows) && t.rows[t.sel].sol.Disassembly == nil {
			t.stepLabel.SetText("no disassembly")
		} else {
			t.stepLabel.SetText("")
		}
		return
	}
	s = math.Max(0, math.Min(s, float64(t.anim.Steps())))
	t.stepLabel.SetText(fmt.Sprintf("move %d of %d", int(math.Round(s)), t.anim.Steps()))
}

// follow keeps what the scene shows in view: the assembled puzzle's place
// and wherever its pieces have moved, so that the camera backs off and
// pans smoothly as they come apart.
func (t *solveTab) follow() {
	if !t.restOK || t.view.scene == nil || t.view.tools.framed {
		return
	}
	lo, hi, ok := t.view.scene.Bounds()
	if !ok {
		return
	}
	for k := 0; k < 3; k++ {
		lo[k], hi[k] = min(lo[k], t.restLo[k]), max(hi[k], t.restHi[k])
	}
	t.view.fitTo(lo, hi)
}

func (t *solveTab) setStep(s float64) {
	t.settingUI = true
	t.slider.SetValue(s)
	t.settingUI = false
	t.showStep(s)
}

func (t *solveTab) togglePlay() {
	if t.player != nil {
		t.stopAnim()
		return
	}
	if t.anim == nil || t.anim.Steps() == 0 {
		return
	}
	start := t.slider.Value
	if start >= t.slider.Max {
		start = 0
	}
	n := t.slider.Max - start
	t.player = fyne.NewAnimation(time.Duration(n*700)*time.Millisecond, func(f float32) {
		t.setStep(start + n*float64(f))
		if f >= 1 {
			t.stopAnim()
		}
	})
	t.player.Curve = fyne.AnimationLinear
	t.play.SetIcon(theme.MediaPauseIcon())
	t.player.Start()
}

func (t *solveTab) stopAnim() {
	if t.player != nil {
		t.player.Stop()
		t.player = nil
	}
	t.play.SetIcon(theme.MediaPlayIcon())
}

// refreshInfo describes the problem and the run.
func (t *solveTab) refreshInfo() {
	defer t.why.refresh()
	p := t.u.doc.Puzzle()
	i := t.u.view.Problem
	if i < 0 || i >= len(p.Problems) {
		t.info.SetText("The puzzle has no problem to solve: add one on the Problems tab.")
		return
	}
	if t.describesProblem(t.run, i) {
		t.info.SetText(t.run.describe())
		return
	}
	pr := &p.Problems[i]
	t.info.SetText(fmt.Sprintf("%s. %s stored.", capitalize(problemState(pr)), count(len(pr.Solutions), "solution", "solutions")))
}

// typedKey handles the Solve tab's keys.
func (t *solveTab) typedKey(ev *fyne.KeyEvent, mod fyne.KeyModifier) {
	switch keyActionOf(secSolve, ev, mod) {
	case keySolveStart:
		if !t.ctl.start.Disabled() {
			t.start()
		}
	case keySolveStop:
		t.stop()
	case keyPlayPause:
		if !t.play.Disabled() {
			t.togglePlay()
		}
	case keyStepBack:
		t.stepBy(-1)
	case keyStepOn:
		t.stepBy(1)
	}
}

func capitalize(s string) string {
	if s == "" {
		return s
	}
	r := []rune(s)
	r[0] = unicode.ToUpper(r[0])
	return string(r)
}
