package ui

// Files: opening, saving and the recent files, and asking about unsaved
// changes before any of them replaces the document.
// Opening and saving run in the background (filejob.go).

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/burrlab/burrlab/assets"
	"github.com/burrlab/burrlab/model"
	"github.com/burrlab/burrlab/model/grid"
	"github.com/burrlab/burrlab/model/xmpuzzle"
)

const prefRecent = "recentFiles"

func (u *App) recentFiles() []string {
	return u.fyne.Preferences().StringList(prefRecent)
}

func (u *App) addRecent(path string) {
	list := []string{path}
	for _, p := range u.recentFiles() {
		if p != path && len(list) < 10 {
			list = append(list, p)
		}
	}
	u.fyne.Preferences().SetStringList(prefRecent, list)
	u.buildMenu()
}

// confirmDiscard runs then now when there are no unsaved changes, or after
// the user chose to save or to discard them.
func (u *App) confirmDiscard(action string, then func()) {
	if u.fileJobBusy() {
		return
	}
	if !u.doc.Dirty() {
		then()
		return
	}
	var d dialog.Dialog
	msg := widget.NewLabel(fmt.Sprintf("%s has unsaved changes.\nSave them before you %s?", u.docName(), action))
	save := widget.NewButtonWithIcon("Save", theme.DocumentSaveIcon(), func() {
		d.Hide()
		u.saveThen(then)
	})
	save.Importance = widget.HighImportance
	discard := widget.NewButton("Don't Save", func() {
		d.Hide()
		then()
	})
	cancel := widget.NewButton("Cancel", func() { d.Hide() })
	d = dialog.NewCustomWithoutButtons("Unsaved Changes", msg, u.win)
	d.(*dialog.CustomDialog).SetButtons([]fyne.CanvasObject{cancel, discard, save})
	d.Show()
}

// NewPuzzle starts an empty puzzle in grid t, after asking about unsaved
// changes.
func (u *App) NewPuzzle(t grid.Type) {
	u.confirmDiscard("start a new puzzle", func() {
		u.setDocument(NewDocument(newPuzzle(t), ""), "Untitled")
		u.tabs.SelectIndex(tabShapes)
		u.setStatus(fmt.Sprintf("New puzzle on the %v grid: draw its first shape", t))
	})
}

// OpenExample opens an embedded example puzzle.
func (u *App) OpenExample(file string) {
	u.confirmDiscard("open an example", func() {
		b, err := assets.ReadExample(file)
		if err == nil {
			var p *model.Puzzle
			p, err = xmpuzzle.Read(bytes.NewReader(b))
			if err == nil {
				u.setDocument(NewDocument(p, ""), file)
				return
			}
		}
		u.showError(fmt.Errorf("example %s: %w", file, err))
	})
}

// OpenPath opens a puzzle file, after asking about unsaved changes.
func (u *App) OpenPath(path string) {
	u.confirmDiscard("open another file", func() { u.load(path) })
}

// load reads path, in the background, into a new document.
func (u *App) load(path string) {
	name := filepath.Base(path)
	var p *model.Puzzle
	u.startFileJob("Opening "+name, func(ctx context.Context, progress func(float64)) (err error) {
		p, err = xmpuzzle.ReadFileContext(ctx, path, progress)
		return err
	}, func(err error) {
		switch {
		case errors.Is(err, context.Canceled):
			u.setStatus("Stopped opening " + name)
		case err != nil:
			u.showError(fmt.Errorf("cannot open %s: %w", name, err))
		default:
			u.setDocument(NewDocument(p, path), name)
			u.addRecent(path)
		}
	})
}

func (u *App) openDialog() {
	u.confirmDiscard("open another file", func() {
		d := dialog.NewFileOpen(func(r fyne.URIReadCloser, err error) {
			if err != nil {
				u.showError(err)
				return
			}
			if r == nil {
				return
			}
			path := r.URI().Path()
			r.Close()
			u.load(path)
		}, u.win)
		d.SetFilter(storage.NewExtensionFileFilter([]string{".xmpuzzle"}))
		u.dialogLocation(d)
		d.Resize(fyne.NewSize(820, 560))
		d.Show()
	})
}

// dialogLocation starts Fyne's file dialogs where ours start (exportFolder).
func (u *App) dialogLocation(d *dialog.FileDialog) {
	if dir, err := storage.ListerForURI(storage.NewFileURI(u.exportFolder())); err == nil {
		d.SetLocation(dir)
	}
}

// Save writes the document to its file, or asks for one.
func (u *App) Save() { u.saveThen(nil) }

func (u *App) saveThen(then func()) {
	if u.doc.Path == "" {
		u.saveAsThen(then)
		return
	}
	u.writeTo(u.doc.Path, then)
}

// writeTo saves the puzzle as it is now to path, in the background (a
// temporary file, then a rename), keeping the previous version as path~,
// and then runs then, if not nil; a failure is shown instead.
func (u *App) writeTo(path string, then func()) {
	doc, id := u.doc, u.doc.StateID()
	p := snapshot(doc.Puzzle()) // edits go on meanwhile; solutions are shared, never changed in place
	name := filepath.Base(path)
	u.startFileJob("Saving "+name, func(ctx context.Context, progress func(float64)) error {
		return xmpuzzle.WriteFileBackupContext(ctx, path, path+"~", p, progress)
	}, func(err error) {
		switch {
		case errors.Is(err, context.Canceled):
			u.setStatus("Stopped saving " + name + ": the file is as it was")
			return
		case err != nil:
			u.showError(fmt.Errorf("cannot save %s: %w", name, err))
			return
		}
		doc.MarkSaved(path, id)
		if doc != u.doc {
			return // another document came meanwhile: its window state is not this save's
		}
		u.addRecent(path)
		u.refresh()
		u.autosave() // nothing unsaved: the recovery file goes
		u.setStatus("Saved " + path)
		if then != nil {
			then()
		}
	})
}

func (u *App) saveAsDialog() { u.saveAsThen(nil) }

// saveAsThen asks for a file (savePath: nothing is opened before the
// atomic write), saves there and runs then.
func (u *App) saveAsThen(then func()) *savePath {
	name := u.docName()
	if !strings.HasSuffix(name, ".xmpuzzle") {
		name = "puzzle.xmpuzzle"
	}
	return u.showSavePath("Save As", "Save", u.exportFolder(), name, ".xmpuzzle", func(path string) { u.writeTo(path, then) })
}

// dropped opens the first puzzle file dropped onto the window.
func (u *App) dropped(_ fyne.Position, uris []fyne.URI) {
	for _, uri := range uris {
		if uri.Scheme() == "file" {
			u.OpenPath(uri.Path())
			return
		}
	}
	u.showError(errors.New("drop a .xmpuzzle file from your file manager to open it"))
}
