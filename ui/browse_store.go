package ui

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/burrlab/burrlab/model"
)

// The movement browser's Store button converts the path to the current
// state into a disassembly and checks it against the pieces before it
// becomes an edit. The check goes over every cell of the moving pieces
// for every move (1.4 s for 61 moves of a piece of 25,600 cells), so it
// runs on a goroutine of its own: the button turns into Stop meanwhile,
// closing the window stops it too, and a bar beside the buttons shows
// that it is working once it has run for a moment. model's check looks at
// its context every few thousand cells, so Stop ends it within 100 ms.

// storeBusyAfter is how long a check runs before the bar shows (a
// variable for the tests).
var storeBusyAfter = 250 * time.Millisecond

// storeJob is one run of the Store button's check.
type storeJob struct {
	cancel context.CancelFunc
	done   chan struct{} // closed when the check's goroutine ends
}

// newStoreBusy is the bar shown while a check runs (the status line says
// what runs), hidden until then.
func newStoreBusy() *fyne.Container {
	c := container.NewStack(widget.NewProgressBarInfinite())
	c.Hide()
	return c
}

// errSolutionGone: the edit cannot find what the browser was opened on.
var errSolutionGone = errors.New("the solution is not stored in the puzzle (a running solver's solutions are stored when it stops), or the puzzle has changed")

// storeDisassembly starts storing the path to the current state as the
// solution's disassembly (one undoable edit once the check passes), or
// stops the check that runs.
func (b *movementBrowser) storeDisassembly() {
	if b.storing != nil {
		b.stopStoring()
		return
	}
	d, err := b.m.Disassembly(b.cur)
	if err != nil {
		b.status.SetText(capitalize(err.Error()))
		return
	}
	if b.u.doc != b.doc {
		b.status.SetText("The puzzle this solution belongs to has been closed")
		return
	}
	if b.alreadyStored(d) {
		return
	}
	ctx, cancel := context.WithCancel(context.Background())
	job := &storeJob{cancel: cancel, done: make(chan struct{})}
	b.storing = job
	b.store.SetText("Stop")
	b.store.SetIcon(theme.MediaStopIcon())
	b.status.SetText("Checking the disassembly…")
	// The check reads only the browser's own copy of the puzzle and a
	// copy of the solution; the edit makes sure that the document still
	// holds the same problem.
	pz, problem := b.puzzle, b.problem
	sol := b.sol.Clone()
	sol.Disassembly = d
	go func() {
		defer close(job.done)
		defer cancel()
		show := time.AfterFunc(storeBusyAfter, func() {
			b.do(func() {
				if b.storing == job {
					b.busy.Show()
				}
			})
		})
		err := model.CheckDisassemblyContext(ctx, pz, &pz.Problems[problem], &sol)
		show.Stop()
		var fp uint64
		if err == nil {
			fp = problemFingerprint(pz, problem)
		}
		b.do(func() { b.storeChecked(job, d, fp, err) })
	}()
}

// stopStoring stops the check that runs, if any.
func (b *movementBrowser) stopStoring() {
	if b.storing == nil {
		return
	}
	b.storing.cancel()
	b.endStoring()
	b.status.SetText("Stopped: nothing stored")
}

// endStoring turns the button back into Store, enabled if the current
// state can be stored.
func (b *movementBrowser) endStoring() {
	b.storing = nil
	b.busy.Hide()
	b.store.SetText("Store as disassembly")
	b.store.SetIcon(theme.DocumentSaveIcon())
	_, err := b.m.Disassembly(b.cur)
	b.enableStore(err)
}

// storeChecked ends job: the edit when the check passed. fp is the
// fingerprint of the problem the check saw.
func (b *movementBrowser) storeChecked(job *storeJob, d *model.Separation, fp uint64, err error) {
	if b.storing != job {
		return // stopped: stopStoring has said so
	}
	b.endStoring()
	if err != nil {
		b.status.SetText(capitalize(fmt.Sprintf("the disassembly does not fit the solution: %v", err)))
		return
	}
	if b.u.doc != b.doc {
		b.status.SetText("The puzzle this solution belongs to has been closed")
		return
	}
	if b.alreadyStored(d) { // stored meanwhile, from another window
		return
	}
	ok := b.u.edit("Store disassembly", func(p *model.Puzzle) error {
		if b.problem >= len(p.Problems) || problemFingerprint(p, b.problem) != fp {
			return errSolutionGone
		}
		pr := &p.Problems[b.problem]
		k := b.solutionIndex(pr)
		if k < 0 {
			return errSolutionGone
		}
		// Edits replace the solution slice rather than change it: undo
		// snapshots share it.
		sols := slices.Clone(pr.Solutions)
		sols[k].Disassembly = d
		pr.Solutions = sols
		return nil
	})
	if ok {
		b.status.SetText(fmt.Sprintf("Stored: level %s, %s", d.Level(), count(d.TotalMoves(), "move", "moves")))
	} else {
		b.status.SetText("Nothing stored: " + errSolutionGone.Error())
	}
}

// solutionIndex returns the index of the browser's solution in pr's
// list, or -1.
func (b *movementBrowser) solutionIndex(pr *model.Problem) int {
	return slices.IndexFunc(pr.Solutions, func(s model.Solution) bool {
		return s.AsmNum == b.sol.AsmNum && slices.Equal(s.Assembly, b.sol.Assembly)
	})
}

// alreadyStored reports (and says in the status line) whether the
// document's solution has disassembly d already: storing it again would
// only add an undo step that changes nothing.
func (b *movementBrowser) alreadyStored(d *model.Separation) bool {
	p := b.doc.Puzzle()
	if b.problem >= len(p.Problems) {
		return false
	}
	pr := &p.Problems[b.problem]
	k := b.solutionIndex(pr)
	if k < 0 || !sameSeparation(pr.Solutions[k].Disassembly, d) {
		return false
	}
	b.status.SetText(fmt.Sprintf("Already stored: the solution's disassembly is this one (level %s); nothing changed", d.Level()))
	return true
}

// sameSeparation reports whether two disassembly trees have the same
// pieces and states at every node. An outline (no states) is not the same
// as a full tree: storing the full one adds the moves.
func sameSeparation(a, c *model.Separation) bool {
	if a == nil || c == nil {
		return a == c
	}
	if !slices.Equal(a.Pieces, c.Pieces) || (a.States == nil) != (c.States == nil) {
		return false
	}
	if a.States == nil {
		if a.NumStates != c.NumStates {
			return false
		}
	} else if !slices.EqualFunc(a.States, c.States, slices.Equal) {
		return false
	}
	return sameSeparation(a.Removed, c.Removed) && sameSeparation(a.Left, c.Left)
}
