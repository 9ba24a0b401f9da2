package ui

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	"github.com/burrlab/burrlab/model"
	"github.com/burrlab/burrlab/render"
)

// exportKind is what File ▸ Export ▸ Image draws.
type exportKind int

const (
	exportShape    exportKind = iota // the shape selected in the Shapes tab
	exportProblem                    // the problem: result on top, pieces below
	exportSolution                   // the solution selected in the Solve tab, as shown
	exportSteps                      // its disassembly, one picture per move
)

var exportKindNames = []string{
	exportShape:    "Current shape",
	exportProblem:  "Problem: result and pieces",
	exportSolution: "Selected solution, at the move shown",
	exportSteps:    "Disassembly of the selected solution, one picture per move",
}

var (
	exportBackgrounds = []string{"Gradient", "White", "Transparent"}
	exportColorNames  = []string{"Piece colours", "Constraint colours"}
)

// Preferences keep the dialog's choices from one export to the next.
const (
	prefExportKind       = "export.image.kind"
	prefExportFormat     = "export.image.format"
	prefExportWidth      = "export.image.width"
	prefExportHeight     = "export.image.height"
	prefExportBackground = "export.image.background"
	prefExportDim        = "export.image.dim"
	prefExportFolder     = "export.image.folder"
)

// imageExport is the File ▸ Export ▸ Image dialog: what to draw, the
// format, size, background and colours, and where to write it. The folder
// and the file name are chosen in the dialog itself, not in Fyne's save
// dialog, which creates (and so truncates) the file it returns: an export
// that then failed would have destroyed the old picture.
type imageExport struct {
	u   *App
	dlg *dialog.CustomDialog

	what       *widget.RadioGroup
	format     *widget.RadioGroup
	width      *dialogEntry
	height     *dialogEntry
	background *widget.RadioGroup
	colors     *widget.RadioGroup
	dim        *widget.Check
	folder     *dialogEntry
	name       *dialogEntry
	target     *widget.Label
	progress   *widget.ProgressBar
	exportBtn  *widget.Button
	cancelBtn  *widget.Button

	running bool
	stop    atomic.Bool
	// done, when set, is called on the UI thread after each export with
	// the files written and the error; tests wait on it.
	done func(paths []string, err error)
}

// showExportImage opens the image export dialog.
func (u *App) showExportImage() { u.newImageExport().dlg.Show() }

func (u *App) newImageExport() *imageExport {
	e := &imageExport{u: u}
	prefs := u.fyne.Preferences()
	e.what = widget.NewRadioGroup(exportKindNames, func(string) { e.suggestName(); e.updateTarget() })
	e.what.Required = true
	e.format = widget.NewRadioGroup([]string{"PNG", "SVG"}, func(string) { e.updateTarget() })
	e.format.Horizontal = true
	e.format.Required = true
	e.width = newDialogEntry(u)
	e.height = newDialogEntry(u)
	e.width.SetText(strconv.Itoa(prefs.IntWithFallback(prefExportWidth, 800)))
	e.height.SetText(strconv.Itoa(prefs.IntWithFallback(prefExportHeight, 600)))
	e.background = widget.NewRadioGroup(exportBackgrounds, nil)
	e.background.Horizontal = true
	e.background.Required = true
	e.colors = widget.NewRadioGroup(exportColorNames, nil)
	e.colors.Horizontal = true
	e.colors.Required = true
	e.dim = widget.NewCheck("Fade the pieces that do not move in the move shown", nil)
	e.dim.SetChecked(prefs.Bool(prefExportDim))
	e.folder = newDialogEntry(u)
	e.folder.SetText(prefs.StringWithFallback(prefExportFolder, u.exportFolder()))
	e.folder.OnChanged = func(string) { e.updateTarget() }
	e.name = newDialogEntry(u)
	e.name.OnChanged = func(string) { e.updateTarget() }
	e.target = widget.NewLabel("")
	e.target.Wrapping = fyne.TextWrapWord
	e.progress = widget.NewProgressBar()
	e.progress.Hide()

	e.format.SetSelected(prefs.StringWithFallback(prefExportFormat, "PNG"))
	e.background.SetSelected(prefs.StringWithFallback(prefExportBackground, exportBackgrounds[0]))
	e.colors.SetSelected(exportColorNames[0])
	if u.showColors {
		e.colors.SetSelected(exportColorNames[1])
	}
	kind := exportKind(prefs.IntWithFallback(prefExportKind, int(exportShape)))
	if kind < 0 || int(kind) >= len(exportKindNames) {
		kind = exportShape
	}
	// Start with what the tab on screen shows.
	switch u.view.Tab {
	case tabShapes:
		kind = exportShape
	case tabProblems:
		kind = exportProblem
	case tabSolve:
		if kind != exportSteps {
			kind = exportSolution
		}
	}
	e.what.SetSelected(exportKindNames[kind])

	choose := widget.NewButton("Choose…", func() { u.chooseFolder(&e.folder.Entry) })
	size := container.NewHBox(e.sizeBox(e.width), widget.NewLabel("×"), e.sizeBox(e.height), widget.NewLabel("pixels"))
	form := widget.NewForm(
		widget.NewFormItem("Draw", e.what),
		widget.NewFormItem("Format", e.format),
		widget.NewFormItem("Size", size),
		widget.NewFormItem("Background", e.background),
		widget.NewFormItem("Colours", e.colors),
		widget.NewFormItem("", e.dim),
		widget.NewFormItem("Folder", container.NewBorder(nil, nil, nil, choose, e.folder)),
		widget.NewFormItem("File name", e.name),
	)
	content := container.NewVBox(form, e.target, e.progress)
	e.exportBtn = widget.NewButton("Export", e.start)
	e.exportBtn.Importance = widget.HighImportance
	e.cancelBtn = widget.NewButton("Cancel", e.cancel)
	e.dlg = dialog.NewCustomWithoutButtons("Export Image", content, u.win)
	e.dlg.SetButtons([]fyne.CanvasObject{e.cancelBtn, e.exportBtn})
	e.dlg.Resize(fyne.NewSize(640, 0))
	e.suggestName()
	e.updateTarget()
	return e
}

// sizeBox gives a size entry room for five digits.
func (e *imageExport) sizeBox(en *dialogEntry) fyne.CanvasObject {
	en.OnChanged = func(string) { e.updateTarget() }
	return container.NewGridWrap(fyne.NewSize(80, en.MinSize().Height), en)
}

// exportFolder is where file dialogs start: beside the open file, else
// beside the last file opened, else in the home folder.
func (u *App) exportFolder() string {
	if u.doc.Path != "" {
		return filepath.Dir(u.doc.Path)
	}
	// An untitled puzzle: where the designer last worked, rather than
	// the home folder to climb down from.
	for _, path := range u.recentFiles() {
		if fi, err := os.Stat(filepath.Dir(path)); err == nil && fi.IsDir() {
			return filepath.Dir(path)
		}
	}
	if home, err := os.UserHomeDir(); err == nil {
		return home
	}
	return "."
}

// kind returns the chosen kind of picture.
func (e *imageExport) kind() exportKind {
	return exportKind(max(slices.Index(exportKindNames, e.what.Selected), 0))
}

// suggestName names the file after the puzzle and what is drawn.
func (e *imageExport) suggestName() {
	if e.name == nil {
		return
	}
	base := strings.TrimSuffix(e.u.docName(), filepath.Ext(e.u.docName()))
	if base == "" {
		base = "puzzle"
	}
	switch e.kind() {
	case exportShape:
		base += fmt.Sprintf("-shape%d", e.u.view.Shape+1)
	case exportProblem:
		base += fmt.Sprintf("-problem%d", e.u.view.Problem+1)
	case exportSolution:
		base += "-solution"
	case exportSteps:
		base += "-step"
	}
	e.name.SetText(base)
}

// updateTarget shows which files the export will write.
func (e *imageExport) updateTarget() {
	if e.target == nil || e.name == nil || e.folder == nil {
		return
	}
	ext := strings.ToLower("." + e.format.Selected)
	base := filepath.Join(e.folder.Text, e.name.Text)
	if e.kind() == exportSteps {
		e.target.SetText("Writes " + base + "-000" + ext + " (assembled), " + filepath.Base(base) + "-001" + ext + " (after the first move), …")
		return
	}
	e.target.SetText("Writes " + base + ext)
}

// exportJob is an export ready to run on a snapshot of the puzzle: laying
// out, drawing and writing may then run off the UI thread while the editor
// and the solver go on changing the document.
type exportJob struct {
	first string // the first file written
	write func(progress func(done, total int) bool) ([]string, error)
}

// job checks the dialog's choices and prepares the export.
func (e *imageExport) job() (*exportJob, error) {
	opt := render.DefaultImageOptions()
	w, errW := strconv.Atoi(strings.TrimSpace(e.width.Text))
	h, errH := strconv.Atoi(strings.TrimSpace(e.height.Text))
	if errW != nil || errH != nil {
		return nil, fmt.Errorf("the size must be two whole numbers of pixels, such as 800 × 600")
	}
	opt.Width, opt.Height = w, h
	if err := opt.Check(); err != nil {
		return nil, err
	}
	bg, err := render.ParseBackground(e.background.Selected)
	if err != nil {
		return nil, err
	}
	opt.Background = bg
	opt.Style.ConstraintColors = e.colors.Selected == exportColorNames[1]
	opt.Dim = e.dim.Checked
	format := render.PNG
	if e.format.Selected == "SVG" {
		format = render.SVG
	}
	dir := strings.TrimSpace(e.folder.Text)
	if err := folderError(dir); err != nil {
		return nil, err
	}
	name := strings.TrimSpace(e.name.Text)
	if name == "" || strings.ContainsRune(name, filepath.Separator) || name == "." || name == ".." {
		return nil, errors.New("give the file a name (without a folder)")
	}
	base := filepath.Join(dir, strings.TrimSuffix(name, format.Ext()))
	path := base + format.Ext()

	u := e.u
	p := u.doc.Puzzle()
	// picture lays out the picture of a snapshot; it runs in the export's
	// goroutine.
	var picture func(*model.Puzzle) (*render.Picture, error)
	var snap *model.Puzzle
	switch e.kind() {
	case exportShape:
		i := u.view.Shape
		if i < 0 || i >= len(p.Shapes) {
			return nil, errors.New("nothing to export: the puzzle has no shape")
		}
		if _, _, ok := p.Shapes[i].Bounds(); !ok {
			return nil, fmt.Errorf("nothing to export: shape %s has no cells yet", shapeLabel(p, i))
		}
		opt.Camera = viewCamera(u.shapes.preview)
		snap = exportSnapshot(p, -1, nil)
		picture = func(p *model.Puzzle) (*render.Picture, error) { return render.ShapePicture(p, i, opt) }
	case exportProblem:
		pr := u.view.Problem
		if pr < 0 || pr >= len(p.Problems) {
			return nil, errors.New("nothing to export: the puzzle has no problem")
		}
		if prob := &p.Problems[pr]; prob.Result == model.NoResult && len(prob.Parts) == 0 {
			return nil, errors.New("nothing to export: the problem has neither a result shape nor pieces")
		}
		snap = exportSnapshot(p, pr, nil)
		picture = func(p *model.Puzzle) (*render.Picture, error) { return render.ProblemPicture(p, 0, opt) }
	case exportSolution, exportSteps:
		sp, sol, step, err := u.solve.exportSelection()
		if err != nil {
			return nil, err
		}
		opt.Camera = viewCamera(u.solve.view)
		// The pieces are placed as the view places them: hidden ones
		// left out, outlined ones outlined, removed ones faded as the
		// View menu says, pushed apart by the exploded view. So is every
		// picture of the series, each what the view shows with the
		// slider on its move: the exploded view pushes each piece by the
		// same amount at every move (from the assembled layout), so the
		// moves read as they do in the view, only further apart, and
		// the camera frames the whole series as spread.
		opt.Stage = u.solve.look().stage
		snap = exportSnapshot(sp, u.view.Problem, sol)
		if e.kind() == exportSolution {
			picture = func(p *model.Puzzle) (*render.Picture, error) { return render.AssemblyPicture(p, 0, 0, step, opt) }
			break
		}
		switch d := sol.Disassembly; {
		case d == nil:
			return nil, errors.New("the selected solution has no disassembly stored: solve with Disassemble on to find one")
		case d.Outline():
			return nil, errors.New("only the outline of the selected solution's disassembly is stored, not its moves")
		}
		return &exportJob{
			first: render.StepPath(base, 0, sol.Disassembly.TotalMoves()+1, format),
			write: func(progress func(int, int) bool) ([]string, error) {
				q, err := render.SolutionSteps(snap, 0, 0, opt)
				if err != nil {
					return nil, err
				}
				return q.WriteFiles(base, format, progress)
			},
		}, nil
	}
	return &exportJob{first: path, write: func(func(int, int) bool) ([]string, error) {
		pic, err := picture(snap)
		if err != nil {
			return nil, err
		}
		if err := pic.WriteFile(path, format); err != nil {
			return nil, err
		}
		return []string{path}, nil
	}}, nil
}

// exportSnapshot copies what an export draws: the grid, the colours,
// every shape and, unless pr < 0, problem pr as problem 0 with sol as its
// only stored solution (none when sol is nil).
func exportSnapshot(p *model.Puzzle, pr int, sol *model.Solution) *model.Puzzle {
	c := &model.Puzzle{Grid: p.Grid, Colors: slices.Clone(p.Colors), Shapes: make([]model.Shape, len(p.Shapes))}
	for i := range p.Shapes {
		c.Shapes[i] = p.Shapes[i].Clone()
	}
	if pr >= 0 {
		prob := p.Problems[pr]
		prob.Solutions = nil // not cloned: there may be millions
		c.Problems = []model.Problem{prob.Clone()}
		if sol != nil {
			c.Problems[0].Solutions = []model.Solution{sol.Clone()}
		}
	}
	return c
}

// viewCamera returns the direction a 3D view looks from; the export fits
// the distance to its picture.
func viewCamera(v *view3D) *render.Camera {
	cam := render.DefaultCamera()
	cam.Rot = v.cam.Rot
	return &cam
}

// exportSelection returns the solution selected in the Solve tab, the
// puzzle the view draws it from and the move its animation shows. While
// the list shows a run that is the run's copy of the puzzle: the
// document's problem may have been edited since the run started, and its
// shapes are no longer the solution's.
func (t *solveTab) exportSelection() (*model.Puzzle, *model.Solution, float64, error) {
	pr := t.u.view.Problem
	p := t.run.puzzleFor(t.u.doc.Puzzle(), pr)
	if t.sel < 0 || t.sel >= len(t.rows) || pr < 0 || pr >= len(p.Problems) {
		return nil, nil, 0, errors.New("nothing to export: select a solution in the Solve tab first")
	}
	step := 0.0
	if t.anim != nil {
		step = t.slider.Value
	}
	return p, t.rows[t.sel].sol, step, nil
}

// start checks the choices, asks before replacing a file, and exports.
func (e *imageExport) start() {
	if e.running {
		return
	}
	job, err := e.job()
	if mf := (*missingFolder)(nil); errors.As(err, &mf) {
		e.u.offerFolder(mf.folder, e.start)
		return
	}
	if err != nil {
		e.failed(err)
		if e.done != nil {
			e.done(nil, err)
		}
		return
	}
	if _, err := os.Stat(job.first); err == nil {
		dialog.ShowConfirm("Replace?", filepath.Base(job.first)+" exists. Replace it?", func(ok bool) {
			if ok {
				e.run(job)
			}
		}, e.u.win)
		return
	}
	e.run(job)
}

// run draws and writes in a goroutine; the dialog shows the progress and
// its Cancel button stops a sequence between two pictures.
func (e *imageExport) run(job *exportJob) {
	e.running = true
	e.stop.Store(false)
	e.exportBtn.Disable()
	e.cancelBtn.SetText("Stop")
	e.progress.SetValue(0)
	e.progress.Show()
	go func() {
		paths, err := job.write(func(done, total int) bool {
			fyne.Do(func() { e.progress.SetValue(float64(done) / float64(total)) })
			return !e.stop.Load()
		})
		fyne.Do(func() { e.finish(paths, err) })
	}()
}

func (e *imageExport) finish(paths []string, err error) {
	e.running = false
	e.exportBtn.Enable()
	e.cancelBtn.SetText("Cancel")
	e.progress.Hide()
	switch {
	case errors.Is(err, render.ErrStopped):
		e.u.setStatus("Export stopped after " + count(len(paths), "picture", "pictures"))
	case err != nil:
		e.failed(err)
	default:
		e.remember()
		e.dlg.Hide()
		if len(paths) == 1 {
			e.u.setStatus("Exported " + paths[0])
		} else {
			e.u.setStatus(fmt.Sprintf("Exported %d pictures, %s to %s", len(paths), filepath.Base(paths[0]), filepath.Base(paths[len(paths)-1])))
		}
	}
	if e.done != nil {
		e.done(paths, err)
	}
}

// failed shows why an export could not be made; the export dialog stays
// open to change the choices.
func (e *imageExport) failed(err error) {
	dialog.ShowError(fmt.Errorf("cannot export the image: %w", err), e.u.win)
}

func (e *imageExport) cancel() {
	if e.running {
		e.stop.Store(true)
		return
	}
	e.dlg.Hide()
}

// remember keeps the choices for the next export.
func (e *imageExport) remember() {
	prefs := e.u.fyne.Preferences()
	prefs.SetInt(prefExportKind, int(e.kind()))
	prefs.SetString(prefExportFormat, e.format.Selected)
	if w, err := strconv.Atoi(e.width.Text); err == nil {
		prefs.SetInt(prefExportWidth, w)
	}
	if h, err := strconv.Atoi(e.height.Text); err == nil {
		prefs.SetInt(prefExportHeight, h)
	}
	prefs.SetString(prefExportBackground, e.background.Selected)
	prefs.SetBool(prefExportDim, e.dim.Checked)
	prefs.SetString(prefExportFolder, e.folder.Text)
}
