package ui

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strconv"
	"sync"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	"github.com/burrlab/burrlab/internal/recovery"
	"github.com/burrlab/burrlab/model"
)

// autosaveEvery is how often unsaved changes, and a running search's
// checkpoint, go to the recovery file.
const autosaveEvery = time.Minute

// recoverer keeps the open document's unsaved changes in a recovery
// session. The UI thread decides what to write (autosave); one goroutine
// writes, so that a slow disk never stalls the window, and only the latest
// of several waiting writes is made.
type recoverer struct {
	sess  *recovery.Session
	every time.Duration // autosave and checkpoint interval
	// prepFactor: a search's checkpoints are at least this many of its
	// preparation times apart (10: they cost at most a tenth).
	prepFactor int
	// do runs a function on the UI thread: fyne.Do, or a test's queue.
	do func(func())

	last recKey      // what the writer was last given
	cp   *checkpoint // the running search's latest checkpoint
	err  string      // the last write error shown, to show it once

	mu      sync.Mutex
	pending *recJob
	closed  bool // halted: no more writes
	wake    chan struct{}
	busy    sync.WaitGroup // writes handed over and not yet made
	stop    chan struct{}  // ends the ticker
	done    chan struct{}  // closed when the writer has returned
	halted  sync.Once
}

// recKey identifies what a recovery file holds, to skip writing the same
// state twice.
type recKey struct {
	doc   *Document
	id    int
	dirty bool
	cp    *checkpoint
}

// checkpoint is a running search's last stop-and-continue.
type checkpoint struct {
	run *solveRun
	res searchResults
}

// recJob is one write: a puzzle and its description, or nil to remove the
// recovery file (nothing is unsaved). after runs once the write succeeded.
type recJob struct {
	p     *model.Puzzle
	info  recovery.Info
	after func()
}

// StartRecovery keeps unsaved changes in store from now on: every minute,
// when a solve starts, and at the checkpoints of long searches. If an
// earlier session did not end cleanly (a crash, a kill, a power cut), it
// offers to restore what that session left. Shutdown ends the session.
func (u *App) StartRecovery(store recovery.Store) {
	u.startRecovery(store, autosaveEvery, 10, u.do)
}

// startRecovery is StartRecovery with the autosave interval, the spacing
// of checkpoints in preparation times (see recoverer.prepFactor) and the
// function that runs work on the UI thread (fyne.Do; tests queue it) given
// before the recoverer's goroutines start.
func (u *App) startRecovery(store recovery.Store, every time.Duration, prepFactor int, do func(func())) {
	sess, err := store.Begin()
	if err != nil {
		u.setStatus("Autosave is off: " + err.Error())
		return
	}
	orphans, err := store.Orphans()
	if err != nil {
		u.setStatus("Cannot look for unsaved work of an earlier session: " + err.Error())
	}
	rc := &recoverer{sess: sess, every: every, prepFactor: prepFactor, do: do, wake: make(chan struct{}, 1),
		stop: make(chan struct{}), done: make(chan struct{})}
	u.rec = rc
	go rc.write(u)
	go rc.tick(u)
	u.offerRecovery(orphans)
}

// tick autosaves every interval until halted.
func (rc *recoverer) tick(u *App) {
	t := time.NewTicker(rc.every)
	defer t.Stop()
	for {
		select {
		case <-rc.stop:
			return
		case <-t.C:
			rc.do(u.autosave)
		}
	}
}

// write is the writer goroutine.
func (rc *recoverer) write(u *App) {
	defer close(rc.done)
	for range rc.wake {
		rc.mu.Lock()
		j := rc.pending
		rc.pending = nil
		rc.mu.Unlock()
		if j == nil {
			continue
		}
		var err error
		if j.p == nil {
			err = rc.sess.Clear()
		} else {
			err = rc.sess.Write(j.p, j.info)
		}
		if err == nil && j.after != nil {
			j.after()
		}
		rc.do(func() { u.recoveryWritten(err) })
		rc.busy.Done()
	}
}

// submit hands a write to the writer, replacing one still waiting. What
// was to follow the replaced write (removing a restored session's files)
// follows this one: it keeps the document as safely.
func (rc *recoverer) submit(j recJob) {
	rc.mu.Lock()
	if rc.closed {
		rc.mu.Unlock()
		return
	}
	if rc.pending != nil {
		rc.busy.Done()
		if prev, next := rc.pending.after, j.after; prev != nil {
			j.after = func() {
				prev()
				if next != nil {
					next()
				}
			}
		}
	}
	rc.pending = &j
	rc.busy.Add(1)
	rc.mu.Unlock()
	select {
	case rc.wake <- struct{}{}:
	default: // the writer will find the job when it looks next
	}
}

// halt stops the ticker and the writer after the writes handed over so
// far; the session's files stay as they are.
func (rc *recoverer) halt() {
	rc.halted.Do(func() {
		close(rc.stop)
		rc.mu.Lock()
		rc.closed = true
		rc.mu.Unlock()
		rc.busy.Wait()
		close(rc.wake)
		<-rc.done
	})
}

// recoveryWritten reports a failing recovery file in the status line,
// once until it works again.
func (u *App) recoveryWritten(err error) {
	rc := u.rec
	if rc == nil {
		return
	}
	msg := ""
	if err != nil {
		msg = "Autosave failed: " + err.Error()
	}
	if msg != rc.err {
		rc.err = msg
		if msg != "" {
			u.setStatus(msg)
		}
	}
}

// autosave writes the document to the recovery file if it has unsaved
// changes, with the running search's last checkpoint, and removes the
// recovery file when there is nothing unsaved. Call it on the UI thread.
func (u *App) autosave() { u.autosaveThen(nil) }

// autosaveThen is autosave; after runs once a write it made succeeded.
func (u *App) autosaveThen(after func()) {
	rc := u.rec
	if rc == nil {
		return
	}
	doc := u.doc
	cp := rc.cp
	if cp != nil && (cp.run != u.solve.run || !cp.run.running) {
		// The run ended: its results are in the document, or were
		// dropped because the problem changed.
		cp, rc.cp = nil, nil
	}
	p := doc.Puzzle()
	if cp != nil && (cp.run.problem >= len(p.Problems) || problemFingerprint(p, cp.run.problem) != cp.run.fingerprint) {
		cp = nil // the problem was edited while solving: the checkpoint does not fit it
	}
	key := recKey{doc: doc, id: doc.id, dirty: doc.Dirty(), cp: cp}
	if key == rc.last {
		return
	}
	rc.last = key
	if !key.dirty && cp == nil {
		rc.submit(recJob{})
		return
	}
	s := snapshot(p)
	info := recovery.Info{Path: doc.Path, Title: u.docName()}
	if cp != nil {
		r := cp.run
		cp.res.store(&s.Problems[r.problem])
		info.Search = &recovery.Search{Problem: r.problem, Disassemble: r.opts.disassemble, KeepMirrors: r.opts.keepMirrors,
			KeepRotations: r.opts.keepRotations, CompleteRotations: r.opts.completeRotations, MaxHoles: r.opts.maxHoles, Keep: r.opts.keep, Drop: r.opts.drop, Thin: r.opts.thin}
	}
	rc.submit(recJob{p: s, info: info, after: after})
}

// checkpointed takes a running search's checkpoint (on the UI thread).
func (u *App) checkpointed(r *solveRun, res searchResults) {
	if u.rec == nil || r != u.solve.run || !r.running {
		return
	}
	u.rec.cp = &checkpoint{run: r, res: res}
	u.autosave()
}

// keepRecovery ends the recovery session after the writes handed over,
// and leaves its files for the next start to offer back; where the last
// autosave found nothing unsaved, it ends the session cleanly.
func (u *App) keepRecovery() {
	rc := u.rec
	if rc == nil {
		return
	}
	if !rc.last.dirty && rc.last.cp == nil {
		u.endRecovery()
		return
	}
	u.rec = nil
	rc.halt()
	rc.sess.Release()
}

// endRecovery ends the recovery session cleanly: the files go.
func (u *App) endRecovery() {
	rc := u.rec
	if rc == nil {
		return
	}
	u.rec = nil
	rc.halt()
	if err := rc.sess.End(); err != nil {
		fyne.LogError("ending the recovery session", err)
	}
}

// offerRecovery asks whether to restore what a crashed session left, the
// newest first; discarding one offers the next.
func (u *App) offerRecovery(list []recovery.Entry) {
	if len(list) == 0 {
		return
	}
	e := list[0]
	name := e.Title
	if e.Path != "" {
		name = filepath.Base(e.Path)
	}
	text := fmt.Sprintf("BurrLab did not quit normally.\n\nUnsaved changes to %s from %s can be restored.", name, when(e.Saved, time.Now()))
	if e.Search != nil {
		text += fmt.Sprintf("\n\nA search on P%d was running. It was saved at its last checkpoint and can continue from there.", e.Search.Problem+1)
	}
	var d *dialog.CustomDialog
	restore := func(cont bool) {
		d.Hide()
		u.confirmDiscard("restore the recovered puzzle", func() { u.restore(e, cont) })
	}
	discard := widget.NewButton("Discard", func() {
		d.Hide()
		if err := e.Discard(); err != nil {
			u.showError(err)
		}
		u.offerRecovery(list[1:])
	})
	buttons := []fyne.CanvasObject{discard}
	if e.Search != nil {
		buttons = append(buttons, widget.NewButton("Restore and Continue Solving", func() { restore(true) }))
	}
	keep := widget.NewButton("Restore", func() { restore(false) })
	keep.Importance = widget.HighImportance
	buttons = append(buttons, keep)
	d = dialog.NewCustomWithoutButtons("Restore Unsaved Changes?", container.NewVBox(widget.NewLabel(text)), u.win)
	d.SetButtons(buttons)
	d.Show()
}

// restore opens a recovered puzzle, in the background (filejob.go), as an
// unsaved document and, if asked, continues the search that was running.
// The recovery file of the crashed session goes once this session's own
// holds the document.
func (u *App) restore(e recovery.Entry, cont bool) {
	var p *model.Puzzle
	u.startFileJob("Restoring "+e.Title, func(ctx context.Context, progress func(float64)) (err error) {
		p, err = e.Load(ctx, progress)
		return err
	}, func(err error) {
		switch {
		case errors.Is(err, context.Canceled):
			u.setStatus("Stopped restoring " + e.Title + ": the next start offers it again")
		case err != nil:
			u.showError(fmt.Errorf("%w\n\nThe recovery file was removed.", err))
			e.Discard()
		default:
			u.restored(e, p, cont)
		}
	})
}

// restored makes the recovered puzzle p the document (see restore).
func (u *App) restored(e recovery.Entry, p *model.Puzzle, cont bool) {
	doc := NewDocument(p, e.Path)
	doc.saved = -1 // unsaved changes: the file on disk (if any) is older
	u.setDocument(doc, e.Title)
	u.setStatus(fmt.Sprintf("Restored the unsaved changes to %s from %s", u.docName(), when(e.Saved, time.Now())))
	if rc := u.rec; rc != nil {
		rc.last = recKey{}
		u.autosaveThen(func() { e.Discard() })
	} else {
		e.Discard()
	}
	if s := e.Search; cont && s != nil && s.Problem < len(p.Problems) {
		c := u.solve.ctl
		c.disassemble.SetChecked(s.Disassemble)
		c.mirrors.SetChecked(s.KeepMirrors)
		c.rotations.SetChecked(s.KeepRotations)
		c.complete.SetChecked(s.CompleteRotations)
		c.maxHoles.SetText("")
		if s.MaxHoles >= 0 {
			c.maxHoles.SetText(strconv.Itoa(s.MaxHoles))
		}
		c.keep.SetText(strconv.Itoa(s.Keep))
		c.drop.SetText(strconv.Itoa(max(1, s.Drop)))
		c.thin.SetChecked(s.Thin)
		u.view.Problem = s.Problem
		u.tabs.SelectIndex(tabSolve)
		u.refresh()
		if !u.solve.canContinue() {
			u.setStatus(fmt.Sprintf("The search on P%d has no checkpoint to continue from: Start solves it from the beginning", s.Problem+1))
			return
		}
		u.solve.resume()
	}
}

// when says when t was, for people: "today at 14:05 (3 minutes ago)".
func when(t, now time.Time) string {
	t, now = t.Local(), now.Local()
	day := t.Format("Monday 2 January")
	sameDay := func(a, b time.Time) bool {
		ay, am, ad := a.Date()
		by, bm, bd := b.Date()
		return ay == by && am == bm && ad == bd
	}
	switch {
	case sameDay(t, now):
		day = "today"
	case sameDay(t, now.AddDate(0, 0, -1)):
		day = "yesterday"
	}
	ago := now.Sub(t)
	var rel string
	switch {
	case ago < time.Minute:
		rel = "less than a minute ago"
	case ago < time.Hour:
		rel = count(int(ago/time.Minute), "minute", "minutes") + " ago"
	case ago < 48*time.Hour:
		rel = count(int(ago/time.Hour), "hour", "hours") + " ago"
	default:
		rel = count(int(ago/(24*time.Hour)), "day", "days") + " ago"
	}
	return fmt.Sprintf("%s at %s (%s)", day, t.Format("15:04"), rel)
}
