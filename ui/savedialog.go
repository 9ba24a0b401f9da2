package ui

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/widget"
)

// savePath asks where to write a file: a folder (typed or chosen) and a
// name. Fyne's save dialog hands back a writer it has already opened, and
// opening truncates an existing file before our atomic write (temporary
// file, rename) even starts, so a save that then fails would destroy the
// old file. This dialog only hands back the path; nothing is opened until
// the caller writes.
type savePath struct {
	u      *App
	ext    string // ".xmpuzzle": added to a name typed without it
	folder *widget.Entry
	name   *widget.Entry
	target *widget.Label
	dlg    dialog.Dialog
	chosen func(path string)
}

// showSavePath opens the dialog, starting in folder with name filled in;
// chosen runs on the UI thread with the path once the user has confirmed
// it (and replacing an existing file).
func (u *App) showSavePath(title, confirm, folder, name, ext string, chosen func(path string)) *savePath {
	s := &savePath{u: u, ext: ext, chosen: chosen}
	s.folder = widget.NewEntry()
	s.folder.SetText(folder)
	s.name = widget.NewEntry()
	s.name.SetText(name)
	s.target = widget.NewLabel("")
	s.target.Wrapping = fyne.TextWrapWord
	s.folder.OnChanged = func(string) { s.updateTarget() }
	s.name.OnChanged = func(string) { s.updateTarget() }
	s.name.OnSubmitted = func(string) { s.confirm() }
	choose := widget.NewButton("Choose…", func() { u.chooseFolder(s.folder) })
	form := widget.NewForm(
		widget.NewFormItem("Folder", container.NewBorder(nil, nil, nil, choose, s.folder)),
		widget.NewFormItem("File name", s.name),
	)
	save := widget.NewButton(confirm, s.confirm)
	save.Importance = widget.HighImportance
	cancel := widget.NewButton("Cancel", func() { s.dlg.Hide() })
	d := dialog.NewCustomWithoutButtons(title, container.NewVBox(form, s.target), u.win)
	d.SetButtons([]fyne.CanvasObject{cancel, save})
	d.Resize(fyne.NewSize(620, 0))
	s.dlg = d
	s.updateTarget()
	d.Show()
	u.win.Canvas().Focus(s.name)
	return s
}

// path is the file the dialog would write, with the extension added.
func (s *savePath) path() string {
	name := strings.TrimSpace(s.name.Text)
	if name != "" && !strings.EqualFold(filepath.Ext(name), s.ext) {
		name += s.ext
	}
	return filepath.Join(strings.TrimSpace(s.folder.Text), name)
}

func (s *savePath) updateTarget() { s.target.SetText("Writes " + s.path()) }

// check says what is wrong with the choice, if anything.
func (s *savePath) check() error {
	folder, name := strings.TrimSpace(s.folder.Text), strings.TrimSpace(s.name.Text)
	switch {
	case name == "" || name == s.ext:
		return errors.New("type a file name")
	case strings.ContainsRune(name, filepath.Separator):
		return fmt.Errorf("the file name %q contains %q: choose the folder with Choose…", name, filepath.Separator)
	case folder == "":
		return errors.New("choose a folder")
	}
	if fi, err := os.Stat(folder); err != nil || !fi.IsDir() {
		return fmt.Errorf("the folder %s does not exist", folder)
	}
	if fi, err := os.Stat(s.path()); err == nil && fi.IsDir() {
		return fmt.Errorf("%s is a folder: choose another name", s.path())
	}
	return nil
}

// confirm checks the choice, asks before replacing a file and hands the
// path on; a message leaves the dialog open to correct it.
func (s *savePath) confirm() {
	if err := s.check(); err != nil {
		dialog.ShowError(err, s.u.win)
		return
	}
	path := s.path()
	done := func() {
		s.dlg.Hide()
		s.chosen(path)
	}
	if _, err := os.Stat(path); err == nil {
		dialog.ShowConfirm("Replace?", filepath.Base(path)+" exists. Replace it?", func(ok bool) {
			if ok {
				done()
			}
		}, s.u.win)
		return
	}
	done()
}

// chooseFolder lets the user pick a folder, starting at the one typed in
// folder, and puts the choice there (the export and save dialogs).
func (u *App) chooseFolder(folder *widget.Entry) {
	d := dialog.NewFolderOpen(func(uri fyne.ListableURI, err error) {
		if err != nil {
			dialog.ShowError(err, u.win)
			return
		}
		if uri != nil {
			folder.SetText(uri.Path())
		}
	}, u.win)
	if dir, err := storage.ListerForURI(storage.NewFileURI(strings.TrimSpace(folder.Text))); err == nil {
		d.SetLocation(dir)
	}
	d.Resize(fyne.NewSize(820, 560))
	d.Show()
}
