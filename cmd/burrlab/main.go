// Command burrlab is the BurrLab desktop app: it designs and solves
// assembly puzzles. Given a file on the command line it opens that file,
// otherwise the embedded example puzzle.
//
// BURRLAB_QUIT_AFTER set to a duration ("2s") quits that long after the
// window is up: the start-up test uses it to read what a start prints.
package main

import (
	"os"
	"os/signal"
	"syscall"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/app"

	"github.com/burrlab/burrlab/assets"
	// Before Fyne reads the locale: see the package.
	_ "github.com/burrlab/burrlab/internal/localeenv"
	"github.com/burrlab/burrlab/internal/recovery"
	"github.com/burrlab/burrlab/ui"
)

func main() {
	a := app.NewWithID("org.burrlab.burrlab")
	w := a.NewWindow("BurrLab")
	u := ui.New(a, w)
	u.SetExit(func() { exitNow(a) })
	if len(os.Args) > 1 {
		u.OpenPath(os.Args[1])
	} else {
		u.OpenExample(assets.DefaultExample)
	}
	if store, err := recovery.DefaultStore(); err == nil {
		u.StartRecovery(store)
	} else {
		fyne.LogError("autosave is off", err)
	}
	w.Resize(u.WindowSize(fyne.NewSize(1360, 860)))
	quit := quitAfter(u)
	a.Lifecycle().SetOnStarted(func() { // the window is shown then
		u.RestoreWindowPosition()
		onSignal(u.Terminate)
		quit()
	})
	w.SetMaster()
	w.ShowAndRun()
	u.Shutdown() // where Fyne's loop ended by itself
}

// exitNow ends the process once the app has shut down, after Fyne's own
// stop hooks (they save the preferences). Fyne 2.7.4 ends its loop with a
// race: it queues those hooks to run on the main thread while it closes
// the queue they go through, and now and then the app panics ("send on
// closed channel") or hangs on the way out. The app has nothing left to
// do by then, so it does not wait for that loop to end.
func exitNow(a fyne.App) {
	if l, ok := a.Lifecycle().(interface{ OnStopped() func() }); ok {
		if f := l.OnStopped(); f != nil {
			f()
		}
	}
	os.Exit(0)
}

// onSignal has SIGINT and SIGTERM (the end of a desktop session, kill)
// call f on the UI thread, in place of Fyne's handler, which ends the
// loop through the race exitNow avoids and skips what f does. Fyne
// registers its handler as its loop starts, so this runs once the app
// has started.
func onSignal(f func()) {
	sigs := []os.Signal{syscall.SIGINT, syscall.SIGTERM}
	signal.Reset(sigs...)
	c := make(chan os.Signal, 1)
	signal.Notify(c, sigs...)
	go func() {
		<-c
		fyne.Do(f)
	}()
}

// quitAfter returns what to do once the app has started: with
// BURRLAB_QUIT_AFTER set (tests, start-up checks), quit that long after,
// as a signal does.
func quitAfter(u *ui.App) func() {
	none := func() {}
	v := os.Getenv("BURRLAB_QUIT_AFTER")
	if v == "" {
		return none
	}
	d, err := time.ParseDuration(v)
	if err != nil {
		fyne.LogError("BURRLAB_QUIT_AFTER", err)
		return none
	}
	return func() { time.AfterFunc(d, func() { fyne.Do(u.Terminate) }) }
}
