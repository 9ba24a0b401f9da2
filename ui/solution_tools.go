package ui

import (
	"context"
	"errors"
	"fmt"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/burrlab/burrlab/internal/plural"
	"github.com/burrlab/burrlab/model"
	"github.com/burrlab/burrlab/solver"
)

// The tools below the solution list, as in BurrTools: delete all, before,
// at or after the selected solution, or those without a disassembly; take
// the selected or all assemblies apart after a run that did not (in a
// goroutine, with progress and Stop), and drop disassemblies to their
// outline. Every edit is one undoable step. Each tool is a button with a
// tooltip and an item of the Solutions menu with a shortcut.

// solTool is one tool: its button, its menu item and when it applies.
type solTool struct {
	button  *tipButton
	item    *fyne.MenuItem
	enabled func() bool
}

// solutionTools holds the tools and the take-apart job that may run.
type solutionTools struct {
	t        *solveTab
	tools    []*solTool
	menu     *fyne.Menu
	busy     *fyne.Container // progress and Stop, shown while taking apart
	progress *widget.ProgressBar
	job      *takeApartJob
}

// takeApartJob is one run of the disassembler over stored assemblies.
type takeApartJob struct {
	cancel  context.CancelFunc
	done    chan struct{} // closed when the goroutine has returned
	problem int
	total   int
}

// ctrlShortcut is Ctrl (Cmd on macOS) with mod and key.
func ctrlShortcut(key fyne.KeyName, mod fyne.KeyModifier) fyne.Shortcut {
	return &desktop.CustomShortcut{KeyName: key, Modifier: fyne.KeyModifierShortcutDefault | mod}
}

// solutionTools builds the tools and returns their buttons.
func (t *solveTab) solutionTools() fyne.CanvasObject {
	st := &solutionTools{t: t}
	t.tools = st
	u := t.u
	add := func(label, menu, tip string, sc fyne.Shortcut, enabled func() bool, run func()) *tipButton {
		b := newTipButton(label, nil, tip+" ("+shortcutText(sc)+")", u, run)
		it := fyne.NewMenuItem(menu, func() {
			u.tabs.SelectIndex(tabSolve)
			if enabled() {
				run()
			}
		})
		it.Shortcut = sc
		st.tools = append(st.tools, &solTool{button: b, item: it, enabled: enabled})
		return b
	}
	selected := func() bool { return st.editable() && t.sel >= 0 && t.sel < len(t.rows) }
	del := func(r model.SolutionRange) func() { return func() { t.deleteSolutions(r) } }
	delRow := container.NewGridWithColumns(5,
		add("All", "Delete All Solutions", "Delete every solution of the list", ctrlShortcut(fyne.KeyDelete, fyne.KeyModifierShift), st.editable, del(model.AllSolutions)),
		add("Before", "Delete Solutions Before the Selected", "Delete the solutions listed before the selected one", ctrlShortcut(fyne.KeyPageUp, fyne.KeyModifierShift), selected, del(model.BeforeSelected)),
		add("This", "Delete the Selected Solution", "Delete the selected solution", ctrlShortcut(fyne.KeyDelete, 0), selected, del(model.AtSelected)),
		add("After", "Delete Solutions After the Selected", "Delete the solutions listed after the selected one", ctrlShortcut(fyne.KeyPageDown, fyne.KeyModifierShift), selected, del(model.AfterSelected)),
		add("No DA", "Delete Solutions Without a Disassembly", "Delete the solutions that have no disassembly", ctrlShortcut(fyne.KeyU, fyne.KeyModifierShift), st.editable, del(model.WithoutDisassembly)),
	)
	canTakeApart := func() bool { return st.editable() && u.g.Directions() != nil }
	daRow := container.NewGridWithColumns(4,
		add("Take apart", "Take the Selected Solution Apart", "Find how the selected assembly comes apart and store its disassembly", ctrlShortcut(fyne.KeyD, 0),
			func() bool { return canTakeApart() && selected() && !hasMoves(t.rows[t.sel].sol) }, func() { st.takeApart(false) }),
		add("All", "Take All Solutions Apart", "Find how every assembly without a disassembly comes apart and store the disassemblies; runs in the background (Escape stops)", ctrlShortcut(fyne.KeyD, fyne.KeyModifierShift),
			canTakeApart, func() { st.takeApart(true) }),
		add("Remove", "Remove the Selected Disassembly", "Keep only the level and moves of the selected solution's disassembly (BurrTools' outline), which makes files smaller", ctrlShortcut(fyne.KeyD, fyne.KeyModifierAlt),
			func() bool { return selected() && hasMoves(t.rows[t.sel].sol) }, func() { st.removeDisassemblies(false) }),
		add("Remove all", "Remove All Disassemblies", "Keep only the level and moves of every disassembly (BurrTools' outline), which makes files smaller", ctrlShortcut(fyne.KeyD, fyne.KeyModifierAlt|fyne.KeyModifierShift),
			func() bool { return st.editable() && t.anyMoves() }, func() { st.removeDisassemblies(true) }),
	)
	var items []*fyne.MenuItem
	for k, tl := range st.tools {
		if k == 5 {
			items = append(items, fyne.NewMenuItemSeparator())
		}
		items = append(items, tl.item)
	}
	st.menu = fyne.NewMenu("Solutions", items...)
	st.progress = widget.NewProgressBar()
	stop := newTipButton("Stop", theme.MediaStopIcon(), "Stop taking the solutions apart; those done so far are kept (Escape)", u, st.cancel)
	st.busy = container.NewBorder(nil, nil, widget.NewLabel("Taking apart"), stop, st.progress)
	st.busy.Hide()
	return container.NewVBox(
		container.NewBorder(nil, nil, widget.NewLabel("Delete"), nil, delRow),
		container.NewBorder(nil, nil, widget.NewLabel("Disassembly"), nil, daRow),
		st.busy)
}

// shortcutText writes a shortcut as the tooltips show it: "Ctrl+Shift+D".
func shortcutText(sc fyne.Shortcut) string {
	c, ok := sc.(*desktop.CustomShortcut)
	if !ok {
		return sc.ShortcutName()
	}
	s := ""
	for _, m := range []struct {
		mod  fyne.KeyModifier
		name string
	}{{fyne.KeyModifierControl, "Ctrl+"}, {fyne.KeyModifierSuper, "Super+"}, {fyne.KeyModifierAlt, "Alt+"}, {fyne.KeyModifierShift, "Shift+"}} {
		if c.Modifier&m.mod != 0 {
			s += m.name
		}
	}
	// Fyne names some keys as X11 does; the menus write them as here.
	switch c.KeyName {
	case fyne.KeyPageUp:
		return s + "PgUp"
	case fyne.KeyPageDown:
		return s + "PgDn"
	case fyne.KeyDelete:
		return s + "Del"
	}
	return s + string(c.KeyName)
}

// hasMoves reports whether a solution's disassembly holds its moves, not
// only their outline.
func hasMoves(s *model.Solution) bool {
	return s.Disassembly != nil && !s.Disassembly.Outline()
}

// anyMoves reports whether a solution listed has a disassembly's moves.
// It runs at each selection: a search that disassembles stops at the
// first row, one that does not passes a million rows in a few ms.
func (t *solveTab) anyMoves() bool {
	for k := range t.rows {
		if hasMoves(t.rows[k].sol) {
			return true
		}
	}
	return false
}

// editable reports whether the list shows the document's solutions and
// nothing works on them: not a run's, not while taking apart.
func (st *solutionTools) editable() bool {
	t := st.t
	i := t.u.view.Problem
	p := t.u.doc.Puzzle()
	if st.job != nil || i < 0 || i >= len(p.Problems) || len(t.rows) == 0 {
		return false
	}
	if r := t.run; r != nil && (r.running || r.showing && r.problem == i) {
		return false
	}
	return t.listsDocument()
}

// listsDocument reports whether the rows are the current problem's stored
// solutions, row k solution k.
func (t *solveTab) listsDocument() bool {
	p := t.u.doc.Puzzle()
	i := t.u.view.Problem
	if i < 0 || i >= len(p.Problems) {
		return false
	}
	sols := p.Problems[i].Solutions
	n := len(sols)
	return n == len(t.rows) && (n == 0 || t.rows[0].sol == &sols[0] && t.rows[n-1].sol == &sols[n-1])
}

// refresh enables the tools that apply now.
func (st *solutionTools) refresh() {
	if st == nil {
		return
	}
	changed := false
	for _, tl := range st.tools {
		on := tl.enabled()
		if on == tl.button.Disabled() {
			setEnabled(tl.button, on)
		}
		if tl.item.Disabled == on {
			tl.item.Disabled = !on
			changed = true
		}
	}
	if changed {
		st.menu.Refresh()
	}
}

// deleteSolutions deletes range r of the list as one undoable step.
func (t *solveTab) deleteSolutions(r model.SolutionRange) {
	if !t.tools.editable() {
		return
	}
	i := t.u.view.Problem
	mark, err := model.MarkSolutions(t.u.doc.Puzzle().Problems[i].Solutions, t.sorted, t.sel, r)
	if err != nil {
		t.u.showError(err)
		return
	}
	n := 0
	err = t.u.doc.Edit(deleteLabel(r), View{Tab: tabSolve, Problem: i}, func(p *model.Puzzle) error {
		var err error
		if n, err = p.Problems[i].DeleteSolutions(mark); err == nil && n == 0 {
			return errNoChange
		}
		return err
	})
	if err != nil {
		t.u.showError(err)
		return
	}
	if n == 0 {
		t.u.setStatus("No solution to delete")
		return
	}
	t.keepRows(mark, t.u.doc.Puzzle().Problems[i].Solutions)
	t.u.refresh()
	t.u.setStatus(fmt.Sprintf("Deleted %s", count(n, "solution", "solutions")))
}

func deleteLabel(r model.SolutionRange) string {
	switch r {
	case model.BeforeSelected:
		return "delete solutions before"
	case model.AtSelected:
		return "delete solution"
	case model.AfterSelected:
		return "delete solutions after"
	case model.WithoutDisassembly:
		return "delete solutions without disassembly"
	}
	return "delete all solutions"
}

// setDisassemblies stores seps[k] for each k with set[k] as one undoable
// step and makes the list follow.
func (t *solveTab) setDisassemblies(label string, set []bool, seps []*model.Separation) (int, error) {
	i := t.u.view.Problem
	n := 0
	err := t.u.doc.Edit(label, View{Tab: tabSolve, Problem: i}, func(p *model.Puzzle) error {
		var err error
		if n, err = p.Problems[i].SetDisassemblies(set, seps); err == nil && n == 0 {
			return errNoChange
		}
		return err
	})
	if err != nil || n == 0 {
		return 0, err
	}
	t.rowsFollow(t.u.doc.Puzzle().Problems[i].Solutions, set)
	t.u.refresh()
	return n, nil
}

// removeDisassemblies keeps only the outline of the selected or of every
// disassembly, as BurrTools does: level and moves stay known for sorting.
func (st *solutionTools) removeDisassemblies(all bool) {
	t := st.t
	if !st.editable() || !all && t.sel < 0 {
		return
	}
	sols := t.u.doc.Puzzle().Problems[t.u.view.Problem].Solutions
	set := make([]bool, len(sols))
	seps := make([]*model.Separation, len(sols))
	for k := range sols {
		if (all || k == t.sel) && hasMoves(&sols[k]) {
			set[k], seps[k] = true, model.OutlineOf(sols[k].Disassembly)
		}
	}
	label := "remove disassembly"
	if all {
		label = "remove all disassemblies"
	}
	n, err := t.setDisassemblies(label, set, seps)
	if err != nil {
		t.u.showError(err)
		return
	}
	if n == 0 {
		t.u.setStatus("No disassembly to remove")
		return
	}
	t.u.setStatus(fmt.Sprintf("Removed %s (%s level and moves are kept)", count(n, "disassembly", "disassemblies"), plural.Word(n, "its", "their")))
}

// takeApart runs the disassembler on the selected solution or on every
// one without a disassembly (or with only its outline), in a goroutine on
// a copy of the puzzle; the results are stored as one undoable step when
// it ends or is stopped, if the solutions are still those it started on.
func (st *solutionTools) takeApart(all bool) {
	t := st.t
	if !st.editable() || !all && t.sel < 0 {
		return
	}
	p := t.u.doc.Puzzle()
	i := t.u.view.Problem
	sols := p.Problems[i].Solutions
	var targets []int
	for k := range sols {
		if (all || k == t.sel) && !hasMoves(&sols[k]) {
			targets = append(targets, k)
		}
	}
	if len(targets) == 0 {
		t.u.setStatus("Every solution has its disassembly already")
		return
	}
	asms := make([]model.Assembly, len(targets))
	for k, s := range targets {
		asms[k] = sols[s].Assembly
	}
	snap := snapshot(p)
	ctx, cancel := context.WithCancel(context.Background())
	job := &takeApartJob{cancel: cancel, done: make(chan struct{}), problem: i, total: len(targets)}
	st.job = job
	st.progress.SetValue(0)
	st.busy.Show()
	st.refresh()
	t.u.setStatus(fmt.Sprintf("Taking %s apart…", count(len(targets), "assembly", "assemblies")))
	workers, do := t.u.prefWorkers(), t.do
	go func() {
		defer close(job.done)
		var last time.Time
		seps, done, err := solver.TakeApart(ctx, snap, i, asms, workers, func(n int) {
			if time.Since(last) >= feedInterval {
				last = time.Now()
				do(func() {
					if st.job == job {
						st.progress.SetValue(float64(n) / float64(job.total))
					}
				})
			}
		})
		do(func() { st.finish(job, sols, targets, seps, done, err) })
	}()
}

// finish stores what a take-apart job found, on the UI thread.
func (st *solutionTools) finish(job *takeApartJob, sols []model.Solution, targets []int, seps []*model.Separation, done []bool, err error) {
	t := st.t
	if st.job != job {
		return
	}
	st.job = nil
	job.cancel()
	st.busy.Hide()
	defer st.refresh()
	stopped := errors.Is(err, context.Canceled)
	if err != nil && !stopped {
		t.u.showError(fmt.Errorf("taking the solutions apart: %w", err))
	}
	if seps == nil {
		return
	}
	p := t.u.doc.Puzzle()
	i := job.problem
	if i >= len(p.Problems) || len(p.Problems[i].Solutions) != len(sols) || len(sols) > 0 && &p.Problems[i].Solutions[0] != &sols[0] {
		t.u.setStatus("The solutions changed while they were taken apart; nothing was stored")
		return
	}
	set := make([]bool, len(sols))
	all := make([]*model.Separation, len(sols))
	tried, apart := 0, 0
	for k, s := range targets {
		if !done[k] {
			continue
		}
		tried++
		if seps[k] != nil {
			set[s], all[s] = true, seps[k]
			apart++
		}
	}
	if apart > 0 {
		if t.u.view.Problem != i || !t.listsDocument() {
			// Another problem is on screen: store without touching the list.
			err = t.u.doc.Edit("take apart", View{Tab: tabSolve, Problem: i}, func(p *model.Puzzle) error {
				_, err := p.Problems[i].SetDisassemblies(set, all)
				return err
			})
			t.u.refresh()
		} else {
			_, err = t.setDisassemblies("take apart", set, all)
		}
		if err != nil {
			t.u.showError(err)
			return
		}
	}
	th := func(n int) string { return thousands(uint64(n)) }
	msg := fmt.Sprintf("Took %s apart: %s came apart, %s did not", count(tried, "assembly", "assemblies"), th(apart), th(tried-apart))
	if stopped {
		msg = fmt.Sprintf("Stopped after %s of %s assemblies: %s came apart, %s did not", th(tried), th(job.total), th(apart), th(tried-apart))
	}
	t.u.setStatus(msg)
}

// cancel stops a take-apart job; what it has done so far is stored.
func (st *solutionTools) cancel() {
	if st != nil && st.job != nil {
		st.job.cancel()
	}
}

// shutdown stops a take-apart job and waits (a while) for its goroutine.
func (st *solutionTools) shutdown() {
	if st == nil || st.job == nil {
		return
	}
	job := st.job
	job.cancel()
	select {
	case <-job.done:
	case <-time.After(3 * time.Second):
	}
}
