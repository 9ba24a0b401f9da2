package ui

import (
	"errors"
	"fmt"
	"path/filepath"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	"github.com/burrlab/burrlab/model"
	"github.com/burrlab/burrlab/model/grid"
	"github.com/burrlab/burrlab/render/stl"
)

// What File ▸ Export ▸ STL… can write.
const (
	stlShape     = "The current shape"
	stlPieces    = "Each piece of the selected solution (one file per shape)"
	stlAssembled = "The selected solution, assembled (one file)"
)

// stlExport is the STL export dialog: what to write, its size, clearance
// and format; then a file (or folder) chooser; the meshes are built and
// written off the UI thread.
type stlExport struct {
	u                   *App
	what                *widget.RadioGroup
	unitX, unitY, unitZ *dialogEntry
	gap, bevel          *dialogEntry
	ascii               *widget.Check
	dlg                 dialog.Dialog
	// done, if set, is called on the UI thread after each export with
	// its outcome (tests wait on it).
	done func(error)
}

// exportSTLItem is the File ▸ Export submenu's STL… item.
func (u *App) exportSTLItem() *fyne.MenuItem {
	return fyne.NewMenuItem("STL…", func() { u.newSTLExport().show() })
}

func (u *App) newSTLExport() *stlExport {
	e := &stlExport{u: u}
	e.what = widget.NewRadioGroup([]string{stlShape, stlPieces, stlAssembled}, nil)
	e.what.Required = true
	if u.view.Tab == tabSolve && u.solve.sel >= 0 {
		e.what.SetSelected(stlAssembled)
	} else {
		e.what.SetSelected(stlShape)
	}
	d := stl.DefaultOptions()
	num := func(v float64) *dialogEntry {
		w := newDialogEntry(u)
		w.SetText(strconv.FormatFloat(v, 'g', -1, 64))
		return w
	}
	e.unitX, e.unitY, e.unitZ = num(d.Unit[0]), num(d.Unit[1]), num(d.Unit[2])
	e.gap = num(d.Gap)
	e.bevel = num(d.Bevel)
	e.ascii = widget.NewCheck("ASCII STL (larger; binary is the default)", nil)
	return e
}

func (e *stlExport) show() {
	form := widget.NewForm(
		widget.NewFormItem("Export", e.what),
		widget.NewFormItem("Cell size X (mm)", e.unitX),
		widget.NewFormItem("Cell size Y (mm)", e.unitY),
		widget.NewFormItem("Cell size Z (mm)", e.unitZ),
		widget.NewFormItem("Gap per side (of a cell)", e.gap),
		widget.NewFormItem("Bevel (of a cell; cubes)", e.bevel),
		widget.NewFormItem("", e.ascii),
	)
	e.dlg = dialog.NewCustomConfirm("Export STL", "Export…", "Cancel", form, func(ok bool) {
		if ok {
			e.choose()
		}
	}, e.u.win)
	e.dlg.Resize(fyne.NewSize(620, 0))
	e.dlg.Show()
}

// options reads the form.
func (e *stlExport) options() (stl.Options, error) {
	var o stl.Options
	for k, w := range []*dialogEntry{e.unitX, e.unitY, e.unitZ} {
		v, err := strconv.ParseFloat(strings.TrimSpace(w.Text), 64)
		if err != nil {
			return o, fmt.Errorf("cell size %c: %q is not a number", "XYZ"[k], w.Text)
		}
		o.Unit[k] = v
	}
	g, err := strconv.ParseFloat(strings.TrimSpace(e.gap.Text), 64)
	if err != nil {
		return o, fmt.Errorf("gap: %q is not a number", e.gap.Text)
	}
	b, err := strconv.ParseFloat(strings.TrimSpace(e.bevel.Text), 64)
	if err != nil {
		return o, fmt.Errorf("bevel: %q is not a number", e.bevel.Text)
	}
	o.Gap, o.Bevel, o.ASCII = g, b, e.ascii.Checked
	if err := o.Validate(); err != nil {
		return o, err
	}
	if mg := stl.MaxGapFor(e.u.g); o.Gap > mg {
		return o, fmt.Errorf("gap %v: at most %.3g of a cell on the %v grid", o.Gap, mg, e.u.g.Type())
	}
	if o.Bevel > 0 && e.u.g.Type() != grid.Cubes {
		return o, fmt.Errorf("bevel works on the cube grid only; set it to 0 for %v", e.u.g.Type())
	}
	return o, nil
}

// job is one export, with a copy of everything it needs, so that it can
// run while the user goes on editing.
type stlJob struct {
	p     *model.Puzzle
	what  string
	shape int // stlShape
	pr    int // the others: problem pr's only solution, 0
	o     stl.Options
	name  string // suggested file name; for pieces, the start of each
	// prefix starts the pieces' file names (stl.PieceFileNames)
	prefix string
}

// job checks the selection and the options and copies what the export
// needs.
func (e *stlExport) job() (*stlJob, error) {
	o, err := e.options()
	if err != nil {
		return nil, err
	}
	u := e.u
	p := u.doc.Puzzle()
	j := &stlJob{what: e.what.Selected, o: o}
	switch j.what {
	case stlShape:
		i := u.view.Shape
		if i < 0 || i >= len(p.Shapes) {
			return nil, errors.New("no shape is selected: pick one on the Shapes tab")
		}
		if p.Shapes[i].NumCells() == 0 {
			return nil, fmt.Errorf("%s has no cells: nothing to print", stl.ShapeLabel(p, i))
		}
		j.p, j.shape = p.Clone(), i
		j.name = stl.FileNames(p, []int{i})[0]
	case stlPieces, stlAssembled:
		t := u.solve
		pr := u.view.Problem
		if pr < 0 || pr >= len(p.Problems) || t.sel < 0 || t.sel >= len(t.rows) {
			return nil, errors.New("no solution is selected: pick one in the Solve tab's list")
		}
		// The selected row may be a running search's, not yet in the
		// document: the copy holds it as the problem's only solution.
		j.p = p.Clone()
		j.p.Problems[pr].Solutions = []model.Solution{t.rows[t.sel].sol.Clone()}
		j.pr = pr
		base := strings.TrimSuffix(u.docName(), filepath.Ext(u.docName()))
		if base == "" {
			base = "puzzle"
		}
		j.name = fmt.Sprintf("%s-P%d-solution.stl", base, pr+1)
		if j.what == stlPieces {
			j.name = base + "-"
		}
	default:
		return nil, errors.New("choose what to export")
	}
	return j, nil
}

// choose asks for the file, or for pieces the folder and the start of
// their names, and exports there. It returns the file dialog (nil when it
// showed another).
func (e *stlExport) choose() *savePath {
	j, err := e.job()
	if err != nil {
		// Back to the form, with what was typed, once the message is read.
		d := dialog.NewError(err, e.u.win)
		d.SetOnClosed(e.dlg.Show)
		d.Show()
		return nil
	}
	if j.what == stlPieces {
		// The folder as for the other exports, and the files listed, so
		// that none is replaced unasked.
		files := func(start string) []string {
			names, _ := stl.PieceFileNames(j.p, j.pr, 0, start)
			return names
		}
		return e.u.showSaveFiles("Export STL of Each Piece", "Export", e.u.exportFolder(), j.name, files, func(folder, start string) {
			j.prefix = start
			e.run(j, folder)
		})
	}
	return e.u.showSavePath("Export STL", "Export", e.u.exportFolder(), j.name, ".stl", func(path string) { e.run(j, path) })
}

// run writes the job to path (a folder for pieces) in a goroutine and
// reports on the UI thread.
func (e *stlExport) run(j *stlJob, path string) {
	e.u.setStatus("Exporting STL…")
	go func() {
		msg, err := j.write(path)
		fyne.Do(func() {
			if err != nil {
				e.u.setStatus("STL export failed")
				e.u.showError(fmt.Errorf("STL export: %w", err))
			} else {
				e.u.setStatus(msg)
			}
			if e.done != nil {
				e.done(err)
			}
		})
	}()
}

// write builds the meshes and writes them; it returns the status message.
func (j *stlJob) write(path string) (string, error) {
	switch j.what {
	case stlPieces:
		paths, err := stl.WritePieces(path, j.prefix, j.p, j.pr, 0, j.o)
		if err != nil {
			return "", err
		}
		return fmt.Sprintf("Wrote %d STL files into %s", len(paths), path), nil
	case stlAssembled:
		m, err := stl.Assembled(j.p, j.pr, 0, j.o)
		if err != nil {
			return "", err
		}
		if err := stl.WriteFile(path, m, fmt.Sprintf("problem %d solution", j.pr+1), j.o); err != nil {
			return "", err
		}
	default:
		m, err := stl.Shape(j.p, j.shape, j.o)
		if err != nil {
			return "", err
		}
		if err := stl.WriteFile(path, m, stl.ShapeLabel(j.p, j.shape), j.o); err != nil {
			return "", err
		}
	}
	return "Wrote " + path, nil
}
