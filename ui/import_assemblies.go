package ui

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/burrlab/burrlab/model"
	"github.com/burrlab/burrlab/model/analysis"
	"github.com/burrlab/burrlab/model/grid"
)

// This file is Edit ▸ Import Assemblies as Shapes (BurrTools' "Import
// Assms"): the stored assemblies of a problem become new shapes, one per
// assembly with all its pieces merged, through BurrTools' filters. The
// shapes (and, if asked, a problem that uses them) are added in one
// undoable step.

// Where the imported shapes go, in the order of the dialog's choices.
const (
	importJustAdd = iota
	importNewProblem
	importToProblem
)

var importDestinations = []string{
	"Just add the shapes to the puzzle",
	"Add them as pieces of a new problem",
	"Add them as pieces of an existing problem",
}

// importDialog is the open dialog and its fields.
type importDialog struct {
	u   *App
	dlg dialog.Dialog

	source, target         *widget.Select
	dest                   *widget.RadioGroup
	minCount, maxCount     *widget.Entry // pieces per new shape in the target problem
	disconnected, mirror   *widget.Check
	symmetric              *widget.Check
	millable, notchable    *widget.Check // nil outside the cube grid
	identical, identMirror *widget.Check
	minCells, maxCells     *widget.Entry
	message                *widget.Label
	importBtn              *widget.Button

	cancel context.CancelFunc // stops a running import
	// do runs a function on the UI thread: fyne.Do, or a test's queue.
	do func(func())
}

// importAssembliesItem is the menu item that opens the dialog.
func (u *App) importAssembliesItem() *fyne.MenuItem {
	return fyne.NewMenuItem("Import Assemblies as Shapes…", func() { u.importAssemblies() })
}

// importAssemblies opens the dialog for the problem on screen.
func (u *App) importAssemblies() *importDialog {
	u.commitTyping()
	p := u.doc.Puzzle()
	d := &importDialog{u: u, do: u.do}
	if len(p.Problems) == 0 {
		dialog.ShowInformation("Import Assemblies", "The puzzle has no problem.\nAdd one and solve it: each stored assembly can then become a shape.", u.win)
		return nil
	}
	names := make([]string, len(p.Problems))
	for i := range p.Problems {
		names[i] = fmt.Sprintf("%s (%s)", problemLabel(p, i), count(len(p.Problems[i].Solutions), "stored assembly", "stored assemblies"))
	}
	d.source = widget.NewSelect(names, nil)
	d.target = widget.NewSelect(names, nil)
	d.minCount = numberEntry("0")
	d.maxCount = numberEntry("1")
	d.dest = widget.NewRadioGroup(importDestinations, func(string) { d.enableTarget() })
	d.dest.Required = true

	d.disconnected = widget.NewCheck("Drop disconnected shapes", nil)
	d.mirror = widget.NewCheck("Drop shapes with a mirror symmetry", nil)
	d.symmetric = widget.NewCheck("Drop all shapes with a symmetry", nil)
	d.identical = widget.NewCheck("Drop identical shapes (rotations)", func(on bool) { d.enableTarget() })
	d.identMirror = widget.NewCheck("Mirror images count as identical", nil)
	d.minCells = numberEntry("")
	d.minCells.SetPlaceHolder("0")
	d.maxCells = numberEntry("")
	d.maxCells.SetPlaceHolder("no limit")
	filters := container.NewVBox(d.disconnected, d.mirror, d.symmetric)
	if u.g.Type() == grid.Cubes {
		d.millable = widget.NewCheck("Drop shapes that cannot be milled", nil)
		d.notchable = widget.NewCheck("Drop shapes that cannot be notched", nil)
		filters.Add(d.millable)
		filters.Add(d.notchable)
	}
	filters.Add(container.NewBorder(nil, nil, widget.NewLabel("Filled cells from"), nil,
		container.NewGridWithColumns(3, d.minCells, widget.NewLabelWithStyle("to", fyne.TextAlignCenter, fyne.TextStyle{}), d.maxCells)))
	filters.Add(d.identical)
	filters.Add(d.identMirror)

	d.message = widget.NewLabel("")
	d.message.Wrapping = fyne.TextWrapWord

	heading := func(s string) fyne.CanvasObject {
		return widget.NewLabelWithStyle(s, fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	}
	counts := container.NewBorder(nil, nil, widget.NewLabel("Each new piece used from"), nil,
		container.NewGridWithColumns(3, d.minCount, widget.NewLabelWithStyle("to", fyne.TextAlignCenter, fyne.TextStyle{}), d.maxCount))
	content := container.NewVBox(
		heading("Assemblies of"), d.source,
		widget.NewSeparator(), heading("Destination"), d.dest, d.target, counts,
		widget.NewSeparator(), heading("Filters (in this order)"), filters,
		d.message,
	)

	d.importBtn = widget.NewButtonWithIcon("Import", theme.ConfirmIcon(), d.run)
	d.importBtn.Importance = widget.HighImportance
	cancel := widget.NewButtonWithIcon("Cancel", theme.CancelIcon(), d.close)
	dlg := dialog.NewCustomWithoutButtons("Import Assemblies as Shapes", content, u.win)
	dlg.SetButtons([]fyne.CanvasObject{cancel, d.importBtn})
	d.dlg = dlg

	// BurrTools' defaults: drop disconnected and identical shapes.
	src := max(0, min(u.view.Problem, len(p.Problems)-1))
	d.source.SetSelectedIndex(src)
	d.target.SetSelectedIndex(src)
	d.dest.SetSelected(importDestinations[importJustAdd])
	d.disconnected.SetChecked(analysis.DefaultImportFilter.DropDisconnected)
	d.identical.SetChecked(analysis.DefaultImportFilter.DropIdentical)
	d.enableTarget()
	dlg.Resize(fyne.NewSize(460, 0))
	dlg.Show()
	return d
}

// numberEntry is an entry for a small whole number.
func numberEntry(text string) *widget.Entry {
	e := widget.NewEntry()
	e.SetText(text)
	return e
}

// destination returns the chosen destination (one of the import* values).
func (d *importDialog) destination() int {
	for i, s := range importDestinations {
		if d.dest.Selected == s {
			return i
		}
	}
	return importJustAdd
}

// enableTarget enables the fields that matter for the choices made.
func (d *importDialog) enableTarget() {
	dest := d.destination()
	setEnabled(d.target, dest == importToProblem)
	setEnabled(d.minCount, dest != importJustAdd)
	setEnabled(d.maxCount, dest != importJustAdd)
	setEnabled(d.identMirror, d.identical.Checked)
}

// filter reads the filter fields.
func (d *importDialog) filter() (analysis.ImportFilter, error) {
	f := analysis.ImportFilter{
		DropDisconnected:    d.disconnected.Checked,
		DropMirrorSymmetric: d.mirror.Checked,
		DropSymmetric:       d.symmetric.Checked,
		DropIdentical:       d.identical.Checked,
		IdenticalMirror:     d.identical.Checked && d.identMirror.Checked,
	}
	if d.millable != nil {
		f.DropNonMillable, f.DropNonNotchable = d.millable.Checked, d.notchable.Checked
	}
	var err error
	if f.MinCells, err = wholeNumber(d.minCells.Text, 0, "the smallest number of filled cells"); err != nil {
		return f, err
	}
	if f.MaxCells, err = wholeNumber(d.maxCells.Text, 0, "the largest number of filled cells"); err != nil {
		return f, err
	}
	return f, nil
}

// wholeNumber parses a field that holds a number >= 0; an empty field
// means def.
func wholeNumber(text string, def int, what string) (int, error) {
	text = strings.TrimSpace(text)
	if text == "" {
		return def, nil
	}
	n, err := strconv.Atoi(text)
	if err != nil || n < 0 {
		return 0, fmt.Errorf("%s must be a whole number of at least 0, not %q", what, text)
	}
	return n, nil
}

// say shows a message under the filters: an error in the error colour, or
// progress in the normal one.
func (d *importDialog) say(msg string, isErr bool) {
	d.message.Importance = widget.MediumImportance
	if isErr {
		d.message.Importance = widget.DangerImportance
	}
	if msg != "" {
		msg = strings.ToUpper(msg[:1]) + msg[1:] // errors start lower case
	}
	d.message.SetText(msg)
}

// close stops a running import and closes the dialog.
func (d *importDialog) close() {
	if d.cancel != nil {
		d.cancel()
		d.cancel = nil
	}
	d.dlg.Hide()
}

// run checks the fields and imports in the background; the result is
// added as one step when it arrives. The dialog stays open on an error.
func (d *importDialog) run() {
	f, err := d.filter()
	if err == nil {
		err = f.Validate(d.u.g)
	}
	dest := d.destination()
	var lo, hi int
	if err == nil && dest != importJustAdd {
		if lo, err = wholeNumber(d.minCount.Text, 0, "the smallest piece count"); err == nil {
			hi, err = wholeNumber(d.maxCount.Text, 1, "the largest piece count")
		}
		if err == nil && lo > hi {
			err = fmt.Errorf("the piece count runs from %d to %d: the first must not be larger", lo, hi)
		}
	}
	if err != nil {
		d.say(err.Error(), true)
		return
	}
	src := d.source.SelectedIndex()
	target := d.target.SelectedIndex()
	doc := d.u.doc
	p := doc.Puzzle()
	if src < 0 || src >= len(p.Problems) {
		d.say("Choose the problem whose assemblies to import.", true)
		return
	}
	if len(p.Problems[src].Solutions) == 0 {
		d.say(fmt.Sprintf("%s has no stored assemblies: solve it first.", problemLabel(p, src)), true)
		return
	}
	// The import reads a copy, so the editors may go on while it runs; it
	// is applied only if the puzzle is still the one it read.
	snap, id := p.Clone(), doc.id
	ctx, cancel := context.WithCancel(context.Background())
	d.cancel = cancel
	d.importBtn.Disable()
	d.say(fmt.Sprintf("Importing %s…", count(len(p.Problems[src].Solutions), "assembly", "assemblies")), false)
	go func() {
		im, err := analysis.ImportAssemblies(ctx, snap, src, f)
		d.do(func() {
			if ctx.Err() != nil {
				return // cancelled: the dialog is gone
			}
			d.cancel = nil
			cancel()
			d.importBtn.Enable()
			if err == nil && (d.u.doc != doc || doc.id != id) {
				err = errors.New("the puzzle changed while importing; import again")
			}
			if err != nil {
				d.say(err.Error(), true)
				return
			}
			d.apply(im, src, dest, target, lo, hi)
		})
	}()
}

// apply adds the imported shapes as one undoable step and reports what
// each filter removed.
func (d *importDialog) apply(im *analysis.Imported, src, dest, target, lo, hi int) {
	u := d.u
	var first int
	ok := u.edit(fmt.Sprintf("Import %s of P%d", count(len(im.Shapes), "assembly", "assemblies"), src+1), func(p *model.Puzzle) error {
		if len(im.Shapes) == 0 {
			return errNoChange
		}
		dst := -1
		switch dest {
		case importNewProblem:
			dst = p.AddProblem(fmt.Sprintf("imported from P%d", src+1))
		case importToProblem:
			dst = target
		}
		var err error
		first, err = im.AddTo(p, dst, lo, hi)
		return err
	})
	if !ok {
		return
	}
	d.dlg.Hide()
	var parts []string
	for _, s := range im.Steps {
		parts = append(parts, fmt.Sprintf("%s %d", s.Filter, s.Removed))
	}
	msg := fmt.Sprintf("%s became %s", count(im.Assemblies, "assembly", "assemblies"), count(len(im.Shapes), "new shape", "new shapes"))
	if len(im.Shapes) > 0 {
		msg += fmt.Sprintf(" (S%d on)", first+1)
	}
	if len(parts) > 0 {
		msg += "; removed: " + strings.Join(parts, ", ")
	}
	u.setStatus(msg)
}
