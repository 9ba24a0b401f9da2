package ui

import (
	"context"
	"fmt"
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/burrlab/burrlab/model"
	"github.com/burrlab/burrlab/model/grid"
	"github.com/burrlab/burrlab/render"
	"github.com/burrlab/burrlab/solver/explain"
)

// highlightColor paints the result cells an explanation points at.
var highlightColor = color.RGBA{R: 230, G: 40, B: 40, A: 255}

// resultOutlineColor draws the rest of the result around them.
var resultOutlineColor = color.RGBA{R: 120, G: 120, B: 120, A: 255}

// explainUI is the Solve tab's "Why?": when a run ends with no assembly
// (with disassembly, no solution), or the solver cannot even start, it
// explains why with solver/explain, in a goroutine, shows the report below
// the run controls and highlights the result cells no piece can cover in
// the 3D view.
type explainUI struct {
	t      *solveTab
	button *tipButton
	panel  *fyne.Container // the report; hidden until there is one
	title  *widget.Label
	text   *widget.Label
	scroll *container.Scroll

	running bool
	cancel  context.CancelFunc
	report  *explain.Report
	puzzle  *model.Puzzle // the copy explained
	problem int           // the problem explained
	print   uint64        // its fingerprint then
}

func newExplainUI(t *solveTab) *explainUI {
	x := &explainUI{t: t}
	x.button = newTipButton("Why?", theme.QuestionIcon(), "Explain why this problem has no solution: what cannot fit, and where", t.u, x.start)
	x.title = widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	x.title.Wrapping = fyne.TextWrapWord
	x.text = widget.NewLabel("")
	x.text.Wrapping = fyne.TextWrapWord
	x.scroll = container.NewVScroll(x.text)
	x.scroll.SetMinSize(fyne.NewSize(0, 220))
	closeBtn := newTipButton("", theme.CancelIcon(), "Close the explanation", t.u, func() {
		x.close()
		if t.sel < 0 {
			t.clearView() // the highlighted cells go too
		}
	})
	x.panel = container.NewBorder(container.NewBorder(nil, nil, nil, closeBtn, x.title), nil, nil, nil, x.scroll)
	x.button.Hide()
	x.panel.Hide()
	return x
}

// unsolved reports whether the selected problem is known to have no
// assembly (or no solution), and returns the puzzle and options to
// explain it with: those of the last run, if it ran on the problem as it
// is now, or the document's and the panel's when the problem cannot even
// be started (no result, cell counts that do not match). The document's
// puzzle must be copied before it leaves the UI thread.
func (x *explainUI) unsolved() (p *model.Puzzle, opts explain.Options, ok bool) {
	t := x.t
	doc := t.u.doc.Puzzle()
	i := t.u.view.Problem
	if i < 0 || i >= len(doc.Problems) {
		return nil, opts, false
	}
	if checkSolvable(doc, i) != nil {
		so, err := t.options()
		if err != nil {
			return nil, opts, false
		}
		opts.Disassemble = so.disassemble
		if so.maxHoles >= 0 {
			opts.MaxHoles = &so.maxHoles
		}
		return doc, opts, true
	}
	r := t.run
	if r == nil || r.running || r.problem != i || r.fingerprint != problemFingerprint(doc, i) {
		return nil, opts, false
	}
	opts.Disassemble = r.opts.disassemble
	if r.opts.maxHoles >= 0 {
		h := r.opts.maxHoles
		opts.MaxHoles = &h
	}
	switch {
	case r.err != nil:
		if r.assemblies > 0 {
			return nil, opts, false // the disassembler failed: nothing to explain
		}
		// The solver refused the problem.
	case r.found() > 0:
		return nil, opts, false
	default:
		// Finished, or stopped, without an assembly (a solution): a
		// finished search need not be repeated.
		opts.Searched = r.complete && r.assemblies == 0
	}
	return r.puzzle, opts, true
}

// refresh shows the button when there is something to explain, and hides
// a report that no longer belongs to the selected problem.
func (x *explainUI) refresh() {
	_, _, ok := x.unsolved()
	switch {
	case x.running:
		x.button.Show()
		x.button.Disable()
	case ok:
		x.button.Show()
		x.button.Enable()
	default:
		x.button.Hide()
	}
	if x.report != nil && (x.problem != x.t.u.view.Problem || x.print != x.fingerprintNow()) {
		x.close()
	}
}

// fingerprintNow is the selected problem's fingerprint, 0 without one.
func (x *explainUI) fingerprintNow() uint64 {
	p := x.t.u.doc.Puzzle()
	i := x.t.u.view.Problem
	if i < 0 || i >= len(p.Problems) {
		return 0
	}
	return problemFingerprint(p, i)
}

// start explains the selected problem in a goroutine.
func (x *explainUI) start() {
	p, opts, ok := x.unsolved()
	if !ok || x.running {
		return
	}
	if p == x.t.u.doc.Puzzle() {
		p = snapshot(p) // the explanation must not see later edits
	}
	t := x.t
	i := t.u.view.Problem
	ctx, cancel := context.WithCancel(context.Background())
	x.running, x.cancel = true, cancel
	x.problem, x.print, x.puzzle = i, x.fingerprintNow(), p
	x.button.SetText("Explaining…")
	x.refresh()
	t.u.setStatus(fmt.Sprintf("Looking for why %s has no solution…", problemLabel(p, i)))
	go func() {
		rep, err := explain.Explain(ctx, p, i, opts)
		t.do(func() { x.done(rep, err) })
	}()
}

// done takes a finished explanation, on the UI thread.
func (x *explainUI) done(rep *explain.Report, err error) {
	x.running = false
	x.cancel = nil
	x.button.SetText("Why?")
	defer x.refresh()
	if err != nil {
		if err != context.Canceled {
			x.t.u.showError(fmt.Errorf("explaining %s: %w", problemLabel(x.puzzle, x.problem), err))
		}
		return
	}
	if x.problem != x.t.u.view.Problem || x.print != x.fingerprintNow() {
		return // the problem changed meanwhile: the report is about another one
	}
	x.report = rep
	x.title.SetText(fmt.Sprintf("Why %s has no solution", problemLabel(x.puzzle, x.problem)))
	x.text.SetText(rep.Text())
	x.panel.Show()
	x.scroll.ScrollToTop()
	// The report is what was asked for: where the window cannot show all
	// the controls and the panel, the controls scroll up, out of its way.
	x.t.controls.fit()
	x.t.controls.ScrollToBottom()
	x.highlight()
	label := problemLabel(x.puzzle, x.problem)
	status := fmt.Sprintf("Explained %s: %s.", label, count(len(rep.Blocking()), "reason", "reasons"))
	switch {
	case len(rep.Blocking()) == 0 && !rep.Solvable:
		status = fmt.Sprintf("%s: no simple reason found; the panel says what is known.", label)
	case rep.Solvable:
		status = fmt.Sprintf("%s can be solved after all: the search stopped too early.", label)
		x.title.SetText(fmt.Sprintf("%s can be solved", label))
	}
	x.t.u.setStatus(status)
}

// highlight shows what the report points at: an assembly that does not
// come apart with the interlocked pieces solid and those that came off
// outlined, else the result outlined with the cells no piece can cover
// solid in the highlight colour.
func (x *explainUI) highlight() {
	p, pr := x.puzzle, &x.puzzle.Problems[x.problem]
	for _, f := range x.report.Findings {
		if f.Kind != explain.Interlocked || f.Placements == nil {
			continue
		}
		s, err := render.AssemblyScene(p, pr, f.Placements)
		if err != nil {
			break
		}
		stuck := map[int]bool{}
		for _, g := range f.Groups {
			for _, pc := range g {
				stuck[pc.Slot] = true
			}
		}
		for i := range s.Items {
			if s.Items[i].Mode == render.Solid && !stuck[i] {
				s.Items[i].Mode = render.Outline
			}
		}
		x.t.stopAnim()
		x.t.view.setItems(s.Items, "", true)
		return
	}
	if pr.Result < 0 || pr.Result >= len(p.Shapes) {
		return
	}
	g, err := p.GridOf()
	if err != nil {
		return
	}
	res, err := render.ShapeMesh(g, &p.Shapes[pr.Result])
	if err != nil {
		return
	}
	items := []render.Item{{Mesh: res, Color: resultOutlineColor, Mode: render.Outline}}
	if cells := x.report.Cells(); len(cells) > 0 {
		tagged := make([]grid.Cell, len(cells))
		for k, c := range cells {
			tagged[k] = grid.Cell{Pos: c, Tag: uint8(model.MakeVoxel(model.Filled, 0))}
		}
		if m, err := render.NewMesh(g, tagged, 0.02); err == nil {
			items = append(items, render.Item{Mesh: m, Color: highlightColor})
		}
	}
	x.t.stopAnim()
	x.t.view.setItems(items, "", true)
}

// close hides the report (and stops an explanation still running).
func (x *explainUI) close() {
	if x.cancel != nil {
		x.cancel()
	}
	x.report = nil
	x.panel.Hide()
}
