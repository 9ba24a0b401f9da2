package ui

import (
	"context"
	"math"
	"sync/atomic"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"
)

// Opening and saving run in the background: a saved search can hold
// millions of solutions, whose reading or writing takes seconds (1.9
// million Bedlam assemblies: 4 s to read, 10 s to write on 2 cores), and
// the window must go on drawing meanwhile. After fileBusyDelay a dialog
// with a progress bar and a Cancel button covers the window until the
// work ends, which also keeps the menu's shortcuts away (menu_guard.go).
// One file job runs at a time.

// fileBusyDelay is how long a file job runs before its dialog shows: long
// enough that a small file never flashes one.
const fileBusyDelay = 300 * time.Millisecond

// fileJob is a file being opened or saved.
type fileJob struct {
	title  string // "Saving x.xmpuzzle"
	cancel context.CancelFunc
	dlg    dialog.Dialog       // its dialog, once shown
	bar    *widget.ProgressBar // and the dialog's bar
	// done is the fraction done (math.Float64bits), as the work last
	// said; queued is set while an update of the bar waits for the UI.
	done   atomic.Uint64
	queued atomic.Bool
}

// startFileJob runs work in the background and then done, with work's
// error, on the UI thread; title says what it does. work stops with the
// context's error when the user cancels, and tells progress how far it
// is. While another file job runs it does nothing but say so, and
// returns false.
func (u *App) startFileJob(title string, work func(ctx context.Context, progress func(float64)) error, done func(error)) bool {
	if u.fileJobBusy() {
		return false
	}
	ctx, cancel := context.WithCancel(context.Background())
	job := &fileJob{title: title, cancel: cancel}
	u.fileJob = job
	u.setStatus(title + "…")
	timer := time.AfterFunc(fileBusyDelay, func() { u.do(func() { u.showFileJob(job) }) })
	go func() {
		err := work(ctx, func(f float64) { u.fileProgress(job, f) })
		cancel()
		u.do(func() {
			timer.Stop()
			if job.dlg != nil {
				job.dlg.Hide()
			}
			u.fileJob = nil
			u.setStatus("")
			done(err)
		})
	}()
	return true
}

// showFileJob shows the dialog of job, if it still runs.
func (u *App) showFileJob(job *fileJob) {
	if u.fileJob != job {
		return
	}
	job.bar = widget.NewProgressBar()
	job.bar.SetValue(math.Float64frombits(job.done.Load()))
	stop := widget.NewButton("Cancel", func() {
		job.cancel()
		u.setStatus(job.title + "…: stopping")
	})
	job.dlg = dialog.NewCustomWithoutButtons(job.title+"…", container.NewVBox(job.bar, container.NewCenter(stop)), u.win)
	job.dlg.Resize(fyne.NewSize(420, 0))
	job.dlg.Show()
}

// fileProgress records, from the job's goroutine, the fraction done, and
// has the bar show it; updates that come while one waits are merged.
func (u *App) fileProgress(job *fileJob, f float64) {
	job.done.Store(math.Float64bits(f))
	if job.queued.Swap(true) {
		return
	}
	u.do(func() {
		job.queued.Store(false)
		if job.bar != nil {
			job.bar.SetValue(math.Float64frombits(job.done.Load()))
		}
	})
}

// fileJobBusy reports whether a file is being opened or saved, and if so
// says on the status line that it must end first.
func (u *App) fileJobBusy() bool {
	if u.fileJob == nil {
		return false
	}
	u.setStatus(u.fileJob.title + "…: wait until it is done")
	return true
}
