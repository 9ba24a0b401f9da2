package ui

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/storage"
	"fyne.io/fyne/v2/widget"

	"github.com/burrlab/burrlab/internal/plural"
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
	folder *dialogEntry
	name   *dialogEntry
	target *widget.Label
	dlg    dialog.Dialog
	chosen func(path string)
	// files, for a dialog that writes several files, returns their names
	// for the name typed, which is then their common start; chosenIn
	// then runs with the folder and that start instead of chosen.
	files    func(start string) []string
	chosenIn func(folder, start string)
}

// showSavePath opens the dialog, starting in folder with name filled in;
// chosen runs on the UI thread with the path once the user has confirmed
// it (and replacing an existing file).
func (u *App) showSavePath(title, confirm, folder, name, ext string, chosen func(path string)) *savePath {
	s := &savePath{u: u, ext: ext, chosen: chosen}
	u.buildSavePath(s, title, confirm, folder, name, "File name")
	return s
}

// showSaveFiles is showSavePath for several files written into one folder
// (the pieces of an STL export): the name typed starts every file's name,
// as files says; the dialog lists the files and asks before replacing
// any. chosenIn runs with the folder and the start.
func (u *App) showSaveFiles(title, confirm, folder, start string, files func(start string) []string, chosenIn func(folder, start string)) *savePath {
	s := &savePath{u: u, files: files, chosenIn: chosenIn}
	u.buildSavePath(s, title, confirm, folder, start, "Names start with")
	return s
}

// buildSavePath makes and shows s's dialog.
func (u *App) buildSavePath(s *savePath, title, confirm, folder, name, nameLabel string) {
	s.folder = newDialogEntry(u)
	s.folder.SetText(folder)
	s.name = newDialogEntry(u)
	s.name.SetText(name)
	s.target = widget.NewLabel("")
	s.target.Wrapping = fyne.TextWrapWord
	s.folder.OnChanged = func(string) { s.updateTarget() }
	s.name.OnChanged = func(string) { s.updateTarget() }
	s.name.OnSubmitted = func(string) { s.confirm() }
	choose := widget.NewButton("Choose…", func() { u.chooseFolder(&s.folder.Entry) })
	form := widget.NewForm(
		widget.NewFormItem("Folder", container.NewBorder(nil, nil, nil, choose, s.folder)),
		widget.NewFormItem(nameLabel, s.name),
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
}

// path is the file the dialog would write, with the extension added.
func (s *savePath) path() string {
	name := strings.TrimSpace(s.name.Text)
	if name != "" && !strings.EqualFold(filepath.Ext(name), s.ext) {
		name += s.ext
	}
	return filepath.Join(strings.TrimSpace(s.folder.Text), name)
}

// paths are the files the dialog would write.
func (s *savePath) paths() []string {
	if s.files == nil {
		return []string{s.path()}
	}
	folder := strings.TrimSpace(s.folder.Text)
	var out []string
	for _, f := range s.files(strings.TrimSpace(s.name.Text)) {
		out = append(out, filepath.Join(folder, f))
	}
	return out
}

func (s *savePath) updateTarget() {
	if s.files == nil {
		s.target.SetText("Writes " + s.path())
		return
	}
	names := s.files(strings.TrimSpace(s.name.Text))
	s.target.SetText(fmt.Sprintf("Writes %s into %s", listNames(names, 6), strings.TrimSpace(s.folder.Text)))
}

// listNames writes names as "a, b and c", the first most of them and how
// many more.
func listNames(names []string, most int) string {
	switch {
	case len(names) == 0:
		return "nothing"
	case len(names) > most:
		return strings.Join(names[:most], ", ") + fmt.Sprintf(" and %d more", len(names)-most)
	}
	return plural.And(names)
}

// check says what is wrong with the choice, if anything.
func (s *savePath) check() error {
	folder, name := strings.TrimSpace(s.folder.Text), strings.TrimSpace(s.name.Text)
	switch {
	case s.files == nil && (name == "" || name == s.ext):
		return errors.New("type a file name")
	case strings.ContainsRune(name, filepath.Separator):
		return fmt.Errorf("the file name %q contains %q: choose the folder with Choose…", name, filepath.Separator)
	case folder == "":
		return errors.New("choose a folder")
	}
	if err := folderError(folder); err != nil {
		return err
	}
	for _, path := range s.paths() {
		if fi, err := os.Stat(path); err == nil && fi.IsDir() {
			return fmt.Errorf("%s is a folder: choose another name", path)
		}
	}
	return nil
}

// confirm checks the choice, asks before replacing a file and hands the
// path on; a message leaves the dialog open to correct it.
func (s *savePath) confirm() {
	err := s.check()
	if mf := (*missingFolder)(nil); errors.As(err, &mf) {
		s.u.offerFolder(mf.folder, s.confirm)
		return
	}
	if err != nil {
		dialog.ShowError(err, s.u.win)
		return
	}
	path, folder, start := s.path(), strings.TrimSpace(s.folder.Text), strings.TrimSpace(s.name.Text)
	done := func() {
		s.dlg.Hide()
		if s.files != nil {
			s.chosenIn(folder, start)
		} else {
			s.chosen(path)
		}
	}
	var exist []string
	for _, p := range s.paths() {
		if _, err := os.Stat(p); err == nil {
			exist = append(exist, filepath.Base(p))
		}
	}
	if len(exist) > 0 {
		q := listNames(exist, 6) + " exist. Replace them?"
		if len(exist) == 1 {
			q = exist[0] + " exists. Replace it?"
		}
		dialog.ShowConfirm("Replace?", q, func(ok bool) {
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

// missingFolder is the error for a folder to write in that does not exist.
type missingFolder struct{ folder string }

func (e *missingFolder) Error() string { return fmt.Sprintf("the folder %s does not exist", e.folder) }

// folderError says what keeps a file from being written in folder: it
// does not exist (a *missingFolder), or is not a folder.
func folderError(folder string) error {
	if folder == "" {
		return errors.New("choose a folder")
	}
	fi, err := os.Stat(folder)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return &missingFolder{folder}
	case err != nil:
		return fmt.Errorf("the folder %s: %w", folder, err)
	case !fi.IsDir():
		return fmt.Errorf("%s is a file, not a folder", folder)
	}
	return nil
}

// offerFolder asks whether to create the missing folder, a name typed in
// an export or save dialog, and runs then once it is made.
func (u *App) offerFolder(folder string, then func()) {
	dialog.ShowConfirm("Create the Folder?", "The folder "+folder+" does not exist. Create it?", func(ok bool) {
		if !ok {
			return
		}
		if err := os.MkdirAll(folder, 0o755); err != nil {
			dialog.ShowError(fmt.Errorf("cannot create the folder %s: %w", folder, err), u.win)
			return
		}
		then()
	}, u.win)
}
