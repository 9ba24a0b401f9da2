// Command burrlab is the BurrLab desktop app: it designs and solves
// assembly puzzles. Given a file on the command line it opens that file,
// otherwise the embedded example puzzle.
package main

import (
	"os"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/app"

	"github.com/burrlab/burrlab/assets"
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
	a.Lifecycle().SetOnStarted(u.RestoreWindowPosition) // the window is shown then
	w.SetMaster()
	w.ShowAndRun()
	u.Shutdown()
}
