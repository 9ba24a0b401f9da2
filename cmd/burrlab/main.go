// Command burrlab is the BurrLab desktop app: it designs and solves
// assembly puzzles. Given a file on the command line it opens that file,
// otherwise the embedded example puzzle.
//
// BURRLAB_QUIT_AFTER set to a duration ("2s") quits that long after the
// window is up: the start-up test uses it to read what a start prints.
package main

import (
	"os"
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
	quit := quitAfter(a)
	a.Lifecycle().SetOnStarted(func() { // the window is shown then
		u.RestoreWindowPosition()
		quit()
	})
	w.SetMaster()
	w.ShowAndRun()
	u.Shutdown()
}

// quitAfter returns what to do once the app has started: with
// BURRLAB_QUIT_AFTER set (tests, start-up checks), quit that long after.
func quitAfter(a fyne.App) func() {
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
	return func() { time.AfterFunc(d, func() { fyne.Do(a.Quit) }) }
}
