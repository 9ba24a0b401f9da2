package ui

import (
	"context"
	"fmt"
	"hash/fnv"
	"strconv"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/burrlab/burrlab/model"
	"github.com/burrlab/burrlab/solver"
)

// feedInterval is how often the solve panel updates while solving.
const feedInterval = 50 * time.Millisecond

// defaultKeep is how many solutions a run keeps unless told otherwise.
const defaultKeep = 10000

// solveOptions are the panel's settings for one run.
type solveOptions struct {
	disassemble, keepMirrors, keepRotations, completeRotations bool
	maxHoles                                                   int  // -1: the problem's own setting
	keep                                                       int  // most solutions kept
	first                                                      int  // stop after this many found (0: all)
	drop                                                       int  // keep every drop-th solution (1: all)
	thin                                                       bool // thin the list when full (solve_thin.go)
}

// sameRun reports whether o asks what the run with b did, "Stop after"
// aside, which each part of a run reads afresh (takeFirst).
func (o solveOptions) sameRun(b solveOptions) bool {
	o.first = b.first
	return o == b
}

// solveRun is one search on a copy of one problem: started, maybe stopped
// and continued, and finally stored in the document.
type solveRun struct {
	problem     int           // the problem's index when the run started
	puzzle      *model.Puzzle // the copy the solver works on
	fingerprint uint64        // what the problem asked when the run started
	opts        solveOptions
	cancel      context.CancelFunc
	drained     chan struct{} // closed when the solver's stream has ended
	batches     int           // hand-overs received, for tests

	kept                  []model.Solution
	step                  int // of a thinning run's list; 0 when it does not thin
	assemblies, solutions uint64
	fraction              float64       // of the search space, -1 unknown
	elapsed, left         time.Duration // solver time (all parts), estimate to go
	started               time.Time     // of the current part, while running
	base                  time.Duration // elapsed when the current part started
	running               bool
	complete              bool          // the whole search space was explored
	resume                *solver.State // where a stopped search goes on
	err                   error
	showing               bool // the solution list shows this run
	stored                bool // its results went into the document
	note                  string
	preparing             string // a long preparation's phase and progress
}

// puzzleFor returns the puzzle whose shapes the list's solutions refer to:
// the run's copy while the list shows the run, else the document's.
func (r *solveRun) puzzleFor(doc *model.Puzzle, problem int) *model.Puzzle {
	if r != nil && r.showing && r.problem == problem {
		return r.puzzle
	}
	return doc
}

func (r *solveRun) runTime() time.Duration {
	if r.running {
		return max(r.elapsed, r.base+time.Since(r.started))
	}
	return r.elapsed
}

// found is the count the kept solutions come from: solutions when
// disassembling, assemblies otherwise.
func (r *solveRun) found() uint64 {
	if r.opts.disassemble {
		return r.solutions
	}
	return r.assemblies
}

// describe sums up the run in a sentence or two.
func (r *solveRun) describe() string {
	var b strings.Builder
	el := r.runTime()
	switch {
	case r.err != nil:
		fmt.Fprintf(&b, "The solver stopped with an error: %v. ", r.err)
	case r.running && r.fraction < 0 && r.assemblies == 0:
		b.WriteString("Preparing… ")
		if r.preparing != "" {
			b.WriteString("(" + r.preparing + ") ")
		}
	case r.running:
		b.WriteString("Solving… ")
	case r.complete:
		b.WriteString("Finished. ")
	default:
		b.WriteString("Stopped; Continue goes on from here. ")
	}
	b.WriteString(count(r.assemblies, "assembly", "assemblies"))
	if r.opts.disassemble {
		b.WriteString(", " + count(r.solutions, "solution", "solutions"))
	}
	fmt.Fprintf(&b, " in %s", duration(el))
	if s := el.Seconds(); s > 0.5 && r.assemblies > 0 {
		fmt.Fprintf(&b, " (%s/s)", thousands(uint64(float64(r.assemblies)/s)))
	}
	if r.running && r.left > 0 {
		fmt.Fprintf(&b, "; about %s left", duration(r.left))
	}
	b.WriteString(".")
	b.WriteString(keptNote(r))
	if r.note != "" {
		b.WriteString(" " + r.note)
	}
	return b.String()
}

// problemFingerprint hashes everything that decides a problem's solutions:
// the grid, colours, its own settings and the shapes it uses.
func problemFingerprint(p *model.Puzzle, i int) uint64 {
	h := fnv.New64a()
	pr := &p.Problems[i]
	fmt.Fprintf(h, "%d|%v|%d|%d|%v|%v|", p.Grid, p.Colors, pr.Result, pr.MaxHoles, pr.Parts, pr.ColorRules)
	shapes := []int{pr.Result}
	for _, part := range pr.Parts {
		shapes = append(shapes, part.Shape)
	}
	for _, s := range shapes {
		if s >= 0 && s < len(p.Shapes) {
			sh := &p.Shapes[s]
			fmt.Fprintf(h, "%v|%v|%d|", sh.Size, sh.Hotspot, sh.Weight)
			vs := make([]byte, len(sh.Voxels))
			for k, v := range sh.Voxels {
				vs[k] = byte(v)
			}
			h.Write(vs)
		}
	}
	return h.Sum64()
}

// solveControls are the widgets of the run controls.
type solveControls struct {
	disassemble, mirrors, rotations, complete *tipCheck
	// disassembleHeld is Disassemble's tick, taken off while the grid
	// cannot disassemble (spheres and the like) and given back after.
	disassembleHeld             bool
	maxHoles, keep, first, drop *widget.Entry
	thin                        *tipCheck
	start, stop, cont           *tipButton
	progress                    *widget.ProgressBar
	labels                      formLabels
}

func (t *solveTab) runControls() fyne.CanvasObject {
	u := t.u
	c := &solveControls{}
	t.ctl = c
	c.disassemble = newTipCheck("Disassemble", "Also find out how each assembly comes apart; keep only those that do (cubes and prisms)", u, nil)
	c.disassemble.SetChecked(true)
	c.mirrors = newTipCheck("Keep mirrors", "Keep solutions that are mirror images of others", u, nil)
	c.rotations = newTipCheck("Keep rotations", "Keep solutions that are rotations of others", u, nil)
	c.complete = newTipCheck("Expensive rotation check", "A slow, thorough check: removes every assembly that is a turn or a shift of another, also where variable cells break the result's symmetry", u, nil)
	c.maxHoles = widget.NewEntry()
	c.maxHoles.SetPlaceHolder("problem's")
	c.keep = widget.NewEntry()
	c.keep.SetText(strconv.Itoa(defaultKeep))
	var dropAfter *widget.Label
	c.drop, dropAfter = newDropEntry()
	c.thin = newThinCheck(u)
	c.start = newTipButton("Start", theme.MediaPlayIcon(), "Solve the problem from the beginning (Ctrl+R, F9)", u, t.start)
	c.start.Importance = widget.HighImportance
	c.stop = newTipButton("Stop", theme.MediaStopIcon(), "Stop solving (Ctrl+Period, Escape); the solutions found so far are kept", u, t.stop)
	c.cont = newTipButton("Continue", theme.MediaFastForwardIcon(), "Go on with a stopped search where it left off, with the options it was started with; Keep at most, Keep every and Stop after may change (Ctrl+Shift+R)", u, t.resume)
	c.progress = widget.NewProgressBar()
	firstItem, firstEntry := newFirstItem()
	c.first = firstEntry
	form := widget.NewForm(
		widget.NewFormItem("Max holes", c.maxHoles), firstItem,
		widget.NewFormItem("Keep at most", newDisableBox(container.NewBorder(nil, nil, nil, container.NewHBox(widget.NewLabel("solutions"), c.thin), c.keep), c.keep)),
		widget.NewFormItem("Keep every", newDisableBox(container.NewBorder(nil, nil, nil, dropAfter, c.drop), c.drop)),
	)
	c.labels.form = form
	t.why = newExplainUI(t)
	return container.NewVBox(
		container.NewGridWithColumns(2, c.disassemble, c.mirrors, c.rotations, c.complete),
		form,
		container.NewGridWithColumns(3, c.start, c.stop, c.cont),
		c.progress,
		t.why.button,
	)
}

// options reads the controls.
func (t *solveTab) options() (solveOptions, error) {
	c := t.ctl
	o := solveOptions{
		disassemble:       c.disassemble.Checked && t.u.g.Directions() != nil,
		keepMirrors:       c.mirrors.Checked,
		keepRotations:     c.rotations.Checked,
		completeRotations: c.complete.Checked,
		maxHoles:          -1,
		keep:              defaultKeep,
		thin:              c.thin.Checked,
	}
	var err error
	if o.drop, err = parseDrop(c.drop.Text); err != nil {
		return o, err
	}
	if s := strings.TrimSpace(c.maxHoles.Text); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n < 0 {
			return o, fmt.Errorf("max holes: %q is not a number of holes (leave it empty for the problem's own limit)", s)
		}
		o.maxHoles = n
	}
	if o.first, err = parseFirst(c.first.Text); err != nil {
		return o, err
	}
	if s := strings.TrimSpace(c.keep.Text); s != "" {
		n, err := strconv.Atoi(s)
		if err != nil || n < 0 {
			return o, fmt.Errorf("keep at most: %q is not a number of solutions", s)
		}
		o.keep = n
	}
	return o, nil
}

// canContinue reports whether Continue has a stopped search to go on with:
// this session's last run, or one saved in the problem.
func (t *solveTab) canContinue() bool {
	p := t.u.doc.Puzzle()
	i := t.u.view.Problem
	if i < 0 || i >= len(p.Problems) {
		return false
	}
	if r := t.run; r != nil {
		if r.running {
			return false
		}
		if r.problem == i && r.resume != nil && !r.complete && r.fingerprint == problemFingerprint(p, i) {
			return true
		}
	}
	return savedSearch(&p.Problems[i]) != nil
}

// refreshControls enables what makes sense now.
func (t *solveTab) refreshControls() {
	c := t.ctl
	p := t.u.doc.Puzzle()
	i := t.u.view.Problem
	running := t.run != nil && t.run.running
	setEnabled(c.start, !running && i >= 0 && i < len(p.Problems))
	setEnabled(c.stop, running)
	setEnabled(c.cont, t.canContinue())
	for _, w := range []fyne.Disableable{c.mirrors, c.rotations, c.complete, c.maxHoles, c.keep, c.first, c.drop, c.thin} {
		setEnabled(w, !running)
	}
	setEnabled(c.disassemble, !running && t.u.g.Directions() != nil)
	c.labels.update()
	defer t.u.refreshMenu()
	// A grid without a disassembler shows the box unticked; the tick
	// comes back with the next puzzle that can have it.
	label := "Disassemble"
	if t.u.g.Directions() == nil {
		label = "Disassemble (cubes, prisms)" // said, not only in the tooltip
	}
	if c.disassemble.Text != label {
		c.disassemble.SetText(label)
	}
	switch {
	case t.u.g.Directions() == nil && c.disassemble.Checked:
		c.disassemble.SetChecked(false)
		c.disassembleHeld = true
	case t.u.g.Directions() != nil && c.disassembleHeld:
		c.disassemble.SetChecked(true)
		c.disassembleHeld = false
	}
	switch r := t.run; {
	case t.describesProblem(r, i):
		c.progress.SetValue(max(r.fraction, 0))
	case i >= 0 && i < len(p.Problems) && p.Problems[i].State == model.Solved:
		c.progress.SetValue(1)
	default:
		c.progress.SetValue(0)
	}
}

// describesProblem reports whether run r speaks for problem i: it runs on
// it, or it finished or stopped on it and its results are what the problem
// holds.
func (t *solveTab) describesProblem(r *solveRun, i int) bool {
	if r == nil || r.problem != i {
		return false
	}
	p := t.u.doc.Puzzle()
	if r.showing {
		// A run that ended in an error speaks for the problem only while
		// it is the problem it ran on: an edit or an undo since may have
		// mended what the error was about.
		return r.err == nil || i < len(p.Problems) && r.fingerprint == problemFingerprint(p, i)
	}
	if !r.stored || i >= len(p.Problems) || r.fingerprint != problemFingerprint(p, i) {
		return false
	}
	// After an undo the problem holds other results.
	sols := p.Problems[i].Solutions
	return len(sols) == len(r.kept) && (len(sols) == 0 || &sols[0] == &r.kept[0])
}

// start solves the selected problem from the beginning.
func (t *solveTab) start() {
	p := t.u.doc.Puzzle()
	i := t.u.view.Problem
	if i < 0 || i >= len(p.Problems) {
		return
	}
	opts, err := t.options()
	if err != nil {
		t.u.showError(err)
		return
	}
	if err := checkSolvable(p, i); err != nil {
		t.u.showError(err)
		return
	}
	t.stop()
	r := &solveRun{
		problem:     i,
		puzzle:      snapshot(p),
		fingerprint: problemFingerprint(p, i),
		opts:        opts,
		fraction:    -1,
		showing:     true,
	}
	r.kept = make([]model.Solution, 0, min(opts.keep, 1024))
	t.run = r
	t.begin(r, false)
}

// resume goes on with a stopped search: this session's, or the one saved
// in the problem (a file saved while a search was stopped).
func (t *solveTab) resume() {
	p := t.u.doc.Puzzle()
	i := t.u.view.Problem
	if !t.canContinue() {
		return
	}
	opts, err := t.options()
	if err != nil {
		t.u.showError(err)
		return
	}
	r := t.run
	if r == nil || r.problem != i || r.resume == nil || r.complete || r.fingerprint != problemFingerprint(p, i) || !opts.sameRun(r.opts) {
		// Continue the search saved in the problem, with its solutions
		// and the window's settings, as after reopening the file: going
		// on with the stopped run's own while the window shows others
		// would mislead. Settings that count otherwise the solver
		// refuses, saying which; the solutions kept follow the new
		// Keep at most, Keep every and thin out.
		pr := &p.Problems[i]
		saved := savedSearch(pr)
		if saved == nil {
			saved = r.resume // canContinue found it there
		}
		if err := saved.Fits(opts.solver()); err != nil {
			// Said before anything changes: the stopped search, its
			// solutions and the panel stay as they were.
			t.u.showError(explainSolverError(p, i, err))
			return
		}
		r = &solveRun{
			problem:     i,
			puzzle:      snapshot(p),
			fingerprint: problemFingerprint(p, i),
			opts:        opts,
			fraction:    -1,
			kept:        append([]model.Solution(nil), pr.Solutions...),
			assemblies:  pr.NumAssemblies,
			solutions:   pr.NumSolutions,
			elapsed:     time.Duration(pr.SolveTime) * time.Second,
			resume:      saved,
		}
		t.run = r
	}
	if !t.takeFirst(r) {
		return
	}
	r.showing = true
	t.begin(r, true)
}

// begin starts the solver for r and the feed that brings its events here.
func (t *solveTab) begin(r *solveRun, resume bool) {
	r.startThinning()
	ctx, cancel := context.WithCancel(context.Background())
	events, err := t.launch(ctx, r, resume)
	if err != nil {
		cancel()
		r.err = err
		t.u.showError(err)
		t.showProblem()
		t.refreshControls()
		return
	}
	r.cancel = cancel
	r.running, r.complete = true, false
	r.err, r.note, r.stored = nil, "", false
	r.started, r.base = time.Now(), r.elapsed
	b := newBatcher(r.opts.keep-len(r.kept), r.opts.disassemble)
	if b.sample = r.newSample(); b.sample != nil {
		b.cur.step = b.sample.Step()
	}
	b.cur.assemblies, b.cur.solutions = r.assemblies, r.solutions
	t.u.setStatus(fmt.Sprintf("Solving %s…", problemLabel(t.u.doc.Puzzle(), r.problem)))
	r.drained = make(chan struct{})
	go feed(events, b, feedInterval, t.do, func(bt batch) { t.apply(r, bt) }, r.drained)
	t.u.autosave() // a solve may be what crashes
	t.showProblem()
	t.refreshControls()
}

// stop cancels a running solve; its results arrive with the feed's final
// batch.
func (t *solveTab) stop() {
	t.tools.cancel()
	if r := t.run; r != nil && r.running && r.cancel != nil {
		r.cancel()
	}
}

// shutdown stops a running solve and waits (a while) until the solver's
// goroutines have returned, so that quitting leaves nothing running.
func (t *solveTab) shutdown() {
	t.why.close() // an explanation still running stops too
	t.tools.shutdown()
	r := t.run
	if r == nil || !r.running {
		return
	}
	t.stop()
	select {
	case <-r.drained:
	case <-time.After(3 * time.Second):
	}
}

// apply takes one batch from the feed, on the UI thread.
func (t *solveTab) apply(r *solveRun, bt batch) {
	r.batches++
	thinned := r.thinTo(bt.step)
	from := len(r.kept)
	r.kept = append(r.kept, bt.sols...)
	r.assemblies = max(r.assemblies, bt.assemblies)
	r.solutions = max(r.solutions, bt.solutions)
	if bt.fraction >= 0 {
		r.fraction = bt.fraction
	}
	r.preparing = bt.preparing
	if bt.elapsed > 0 {
		r.elapsed = bt.elapsed
	}
	r.left = bt.left
	if bt.done {
		r.complete, r.resume = bt.complete, bt.resume
	}
	if bt.err != nil {
		r.err = bt.err
	}
	if bt.final {
		r.running = false
		r.elapsed = max(r.elapsed, r.base+time.Since(r.started))
		if r.cancel != nil {
			r.cancel()
		}
	}
	if r != t.run {
		return
	}
	if r.showing && t.u.view.Problem == r.problem {
		if !thinned && (len(t.rows) == from && from > 0 || from == 0 && len(t.rows) == 0) {
			t.appendSolutions(r.kept, from)
		} else {
			t.setSolutions(r.kept)
		}
		if t.sel < 0 && len(t.sorted) > 0 {
			t.list.Select(0)
		}
	}
	if bt.final {
		t.finish(r)
	}
	t.refreshInfo()
	t.refreshControls()
}

// finish stores a run's results in the document as one undoable step, if
// the problem still asks what it asked when the run started: the kept
// solutions, the counts, and for a stopped search where it stopped, so
// that a saved file can be continued later.
func (t *solveTab) finish(r *solveRun) {
	if r.err != nil {
		t.u.setStatus(fmt.Sprintf("%s not solved: the solver stopped with an error", problemLabel(r.puzzle, r.problem)))
		t.u.showError(fmt.Errorf("solving %s: %w", problemLabel(r.puzzle, r.problem), r.err))
		return
	}
	p := t.u.doc.Puzzle()
	if r.problem >= len(p.Problems) || problemFingerprint(p, r.problem) != r.fingerprint {
		r.note = "The problem was edited while solving, so these results were not stored in it."
		t.u.setStatus(r.note)
		return
	}
	i := r.problem
	sols := r.kept[:len(r.kept):len(r.kept)]
	label := fmt.Sprintf("solve P%d", i+1)
	err := t.u.doc.Edit(label, View{Tab: tabSolve, Problem: i}, func(p *model.Puzzle) error {
		searchResults{sols: sols, assemblies: r.assemblies, solutions: r.solutions, disassemble: r.opts.disassemble,
			complete: r.complete, elapsed: r.elapsed, resume: r.resume}.store(&p.Problems[i])
		return nil
	})
	if err != nil {
		t.u.showError(err)
		return
	}
	r.stored = true
	// The document holds the results now (the same solutions): show them
	// from there, so that undo and redo show what they change.
	r.showing = false
	what := "finished"
	if !r.complete {
		what = "stopped"
	}
	t.u.setStatus(fmt.Sprintf("%s %s: %s, %s kept", problemLabel(p, i), what, count(r.assemblies, "assembly", "assemblies"), count(len(r.kept), "solution", "solutions")))
	t.u.refresh()
}

// checkSolvable catches what makes a problem impossible before the solver
// starts, with messages a designer can act on.
func checkSolvable(p *model.Puzzle, i int) error {
	pr := &p.Problems[i]
	name := problemLabel(p, i)
	if pr.Result == model.NoResult {
		return fmt.Errorf("%s has no result shape: choose one on the Problems tab", name)
	}
	if len(pr.Parts) == 0 {
		return fmt.Errorf("%s has no pieces: set their counts on the Problems tab", name)
	}
	lo, hi := 0, 0
	for _, part := range pr.Parts {
		n := p.Shapes[part.Shape].Count(model.Filled)
		if n == 0 && part.Max > 0 {
			return fmt.Errorf("%s: the piece %s has no filled cells", name, shapeLabel(p, part.Shape))
		}
		lo += part.Min * n
		hi += part.Max * n
	}
	r := &p.Shapes[pr.Result]
	filled, variable := r.Count(model.Filled), r.Count(model.Variable)
	if hi < filled {
		return fmt.Errorf("%s cannot be solved: the pieces have at most %s, the result needs %d", name, count(hi, "cell", "cells"), filled)
	}
	if lo > filled+variable {
		return fmt.Errorf("%s cannot be solved: the pieces have at least %s, the result holds at most %d", name, count(lo, "cell", "cells"), filled+variable)
	}
	return nil
}
