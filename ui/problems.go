package ui

import (
	"fmt"
	"image/color"
	"sort"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/burrlab/burrlab/internal/plural"
	"github.com/burrlab/burrlab/model"
)

// problemsTab edits the problems of the puzzle: which shape is the result,
// which shapes are pieces and how many of each (a count or a range), colour
// rules, the hole limit and groups.
type problemsTab struct {
	u       *App
	content fyne.CanvasObject

	list         *navList
	name         *commitEntry
	result       *keySelect
	parts        *navList
	rows         map[fyne.CanvasObject]*partRow
	summary      *widget.Label
	maxHoles     *commitEntry
	colors       *fyne.Container
	preview      *view3D
	previewTitle *widget.Label

	copyBtn, deleteBtn, upBtn, downBtn *tipButton
	settingUI                          bool
	editors                            []fyne.Disableable
	labels                             formLabels
}

// partRow is one row of the pieces list: a shape and how the problem uses
// it.
type partRow struct {
	shape  int
	swatch *canvas.Rectangle
	label  *widget.Label
	cells  *widget.Label
	min    *spin
	max    *spin
	groups *commitEntry
}

// problemLabel names problem i as BurrTools does (P1, P2, ...) with its name.
func problemLabel(p *model.Puzzle, i int) string {
	if i < 0 || i >= len(p.Problems) {
		return "none"
	}
	if n := p.Problems[i].Name; n != "" {
		return fmt.Sprintf("P%d · %s", i+1, n)
	}
	return fmt.Sprintf("P%d", i+1)
}

// problemState describes what is known about a problem's solutions.
func problemState(pr *model.Problem) string {
	switch pr.State {
	case model.Solved:
		if pr.NumSolutions > 0 || len(pr.Solutions) > 0 && pr.Solutions[0].Disassembly != nil {
			return fmt.Sprintf("%s, %s", count(pr.NumAssemblies, "assembly", "assemblies"), count(pr.NumSolutions, "solution", "solutions"))
		}
		return count(pr.NumAssemblies, "assembly", "assemblies")
	case model.Paused:
		return fmt.Sprintf("stopped after %s", count(pr.NumAssemblies, "assembly", "assemblies"))
	case model.Stale:
		return fmt.Sprintf("%s stored (edited since)", count(len(pr.Solutions), "solution", "solutions"))
	}
	return "not solved"
}

// count writes "1 assembly", "1,234 assemblies": the app groups digits,
// the CLI (plural.Count) does not, for scripts.
func count[T plural.Integer](n T, one, many string) string {
	return thousands(uint64(n)) + " " + plural.Word(n, one, many)
}

func newProblemsTab(u *App) *problemsTab {
	t := &problemsTab{u: u, rows: map[fyne.CanvasObject]*partRow{}}
	t.list = newNavList(
		func() int { return len(u.doc.Puzzle().Problems) },
		func() fyne.CanvasObject {
			name := widget.NewLabel("")
			name.Truncation = fyne.TextTruncateEllipsis
			state := widget.NewLabel("")
			state.SizeName = theme.SizeNameCaptionText
			return container.NewVBox(name, state)
		},
		func(i widget.ListItemID, o fyne.CanvasObject) {
			p := u.doc.Puzzle()
			if i >= len(p.Problems) {
				return
			}
			c := o.(*fyne.Container)
			c.Objects[0].(*widget.Label).SetText(problemLabel(p, i))
			c.Objects[1].(*widget.Label).SetText(problemState(&p.Problems[i]))
		}, u)
	t.list.OnSelected = func(i widget.ListItemID) {
		if t.settingUI || i == u.view.Problem {
			return
		}
		u.view.Problem = i
		u.refresh()
	}
	add := newTipButton("", theme.ContentAddIcon(), "Add a new problem", u, t.addProblem)
	t.copyBtn = newTipButton("", theme.ContentCopyIcon(), "Add a copy of the selected problem (without solutions)", u, t.copyProblem)
	t.deleteBtn = newTipButton("", theme.DeleteIcon(), "Delete the selected problem", u, t.deleteProblem)
	t.upBtn = newTipButton("", theme.MoveUpIcon(), "Move the problem up the list", u, func() { t.moveProblem(-1) })
	t.downBtn = newTipButton("", theme.MoveDownIcon(), "Move the problem down the list", u, func() { t.moveProblem(1) })
	importBtn := newTipButton("", theme.DownloadIcon(), "Import the problem's assemblies as new shapes", u, func() { u.importAssemblies() })
	heading := widget.NewLabelWithStyle("Problems", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	left := container.NewBorder(heading, container.NewHBox(add, t.copyBtn, t.deleteBtn, importBtn, layout.NewSpacer(), t.upBtn, t.downBtn), nil, nil, t.list)

	t.name = newCommitEntry(t.rename)
	t.name.SetPlaceHolder("name")
	t.result = newKeySelect(nil, "(choose the shape to build)", t.setResult, arrowKeys, u.passKey)
	t.maxHoles = newCommitEntry(t.setMaxHoles)
	t.maxHoles.SetPlaceHolder("no limit")
	t.summary = widget.NewLabel("")
	t.summary.Wrapping = fyne.TextWrapWord

	t.parts = newNavList(
		func() int { return len(u.doc.Puzzle().Shapes) },
		t.newPartRow,
		func(i widget.ListItemID, o fyne.CanvasObject) { t.updatePartRow(i, t.rows[o]) }, u)
	t.parts.OnSelected = t.showPreview // the selection stays, for the keys to move on from
	header := container.NewBorder(nil, nil, widget.NewLabelWithStyle("Pieces", fyne.TextAlignLeading, fyne.TextStyle{Bold: true}),
		container.NewGridWrap(fyne.NewSize(330, 30),
			container.NewGridWithColumns(3, widget.NewLabel("min"), widget.NewLabel("max"), widget.NewLabel("groups"))))

	t.colors = container.NewVBox()
	form := widget.NewForm(
		widget.NewFormItem("Name", t.name),
		widget.NewFormItem("Result", t.result),
		widget.NewFormItem("Max holes", t.maxHoles),
	)
	t.labels.form = form
	top := container.NewVBox(form, t.summary, widget.NewSeparator(), header)
	center := container.NewBorder(top, t.colors, nil, nil, t.parts)

	t.preview = newView3D(u)
	t.previewTitle = widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	previewBox := container.NewBorder(t.previewTitle,
		widget.NewLabel("Click a shape in the list to see it here"), nil, nil, t.preview)
	right := container.NewHSplit(center, previewBox)
	right.Offset = 0.6
	split := container.NewHSplit(left, right)
	split.Offset = 0.2
	t.content = split
	t.editors = []fyne.Disableable{t.name, t.result, t.maxHoles, t.copyBtn, t.deleteBtn}
	return t
}

func (t *problemsTab) newPartRow() fyne.CanvasObject {
	r := &partRow{shape: -1}
	r.swatch = canvas.NewRectangle(color.Black)
	r.swatch.SetMinSize(fyne.NewSize(14, 14))
	r.swatch.CornerRadius = 3
	r.label = widget.NewLabel("")
	r.label.Truncation = fyne.TextTruncateEllipsis
	r.cells = widget.NewLabel("")
	r.cells.Importance = widget.LowImportance
	r.min = newSpin(0, 1000, "Fewest copies of this piece", t.u)
	r.max = newSpin(0, 1000, "Most copies of this piece (0: not used)", t.u)
	r.min.OnChanged = func(v int) { t.setRange(r.shape, v, max(v, r.max.value)) }
	r.max.OnChanged = func(v int) { t.setRange(r.shape, min(r.min.value, v), v) }
	r.groups = newCommitEntry(func(s string) { t.setGroups(r.shape, s) })
	r.groups.SetPlaceHolder("none")
	controls := container.NewGridWrap(fyne.NewSize(330, r.min.box.MinSize().Height),
		container.NewGridWithColumns(3, r.min.box, r.max.box, r.groups))
	row := container.NewBorder(nil, nil, container.NewHBox(container.NewCenter(r.swatch)), container.NewHBox(r.cells, controls), r.label)
	t.rows[row] = r
	return row
}

func (t *problemsTab) updatePartRow(i int, r *partRow) {
	p := t.u.doc.Puzzle()
	if r == nil || i >= len(p.Shapes) {
		return
	}
	r.shape = i
	r.swatch.FillColor = pieceColor(i)
	r.swatch.Refresh()
	r.label.SetText(shapeLabel(p, i))
	s := &p.Shapes[i]
	r.cells.SetText(count(s.Count(model.Filled), "cell", "cells"))
	pr := t.problem()
	lo, hi, groups := 0, 0, ""
	if pr != nil {
		if k := pr.PartOf(i); k >= 0 {
			lo, hi = pr.Parts[k].Min, pr.Parts[k].Max
			groups = formatGroups(pr.Parts[k])
		}
	}
	r.min.set(lo)
	r.max.set(hi)
	if r.groups.Text != groups {
		r.groups.SetText(groups)
	}
	on := pr != nil
	r.min.enable(on)
	r.max.enable(on)
	setEnabled(r.groups, on && hi > 0)
	if hi > 0 {
		r.label.TextStyle.Bold = true
	} else {
		r.label.TextStyle.Bold = false
	}
	r.label.Refresh()
}

// formatGroups writes a part's groups as "1" (all copies in group 1) or
// "1:2 2:1" (group:count).
func formatGroups(part model.Part) string {
	if len(part.Groups) == 1 && part.Groups[0].Count == part.Max {
		return strconv.Itoa(part.Groups[0].Group)
	}
	var s []string
	for _, g := range part.Groups {
		s = append(s, fmt.Sprintf("%d:%d", g.Group, g.Count))
	}
	return strings.Join(s, " ")
}

// parseGroups reads what formatGroups writes.
func parseGroups(s string, maxCount int) ([]model.GroupCount, error) {
	var out []model.GroupCount
	for _, f := range strings.FieldsFunc(s, func(r rune) bool { return r == ' ' || r == ',' || r == ';' }) {
		g, c, found := strings.Cut(f, ":")
		gn, err := strconv.Atoi(g)
		if err != nil || gn < 1 {
			return nil, fmt.Errorf("groups %q: write a group number from 1 (all copies in it), or group:count pairs such as \"1:2 2:1\"", s)
		}
		cn := maxCount
		if found {
			if cn, err = strconv.Atoi(c); err != nil || cn < 0 || cn > maxCount {
				return nil, fmt.Errorf("group %d: count %q must be 0..%d, the most copies of the piece", gn, c, maxCount)
			}
		}
		out = append(out, model.GroupCount{Group: gn, Count: cn})
	}
	return out, nil
}

func (t *problemsTab) problem() *model.Problem {
	p := t.u.doc.Puzzle()
	if i := t.u.view.Problem; i >= 0 && i < len(p.Problems) {
		return &p.Problems[i]
	}
	return nil
}

func (t *problemsTab) refresh() {
	t.settingUI = true
	defer func() { t.settingUI = false }()
	p := t.u.doc.Puzzle()
	pr := t.problem()
	i := t.u.view.Problem
	t.list.Refresh()
	if i >= 0 {
		t.list.Select(i)
	} else {
		t.list.UnselectAll()
	}
	for _, w := range t.editors {
		setEnabled(w, pr != nil)
	}
	t.labels.update()
	setEnabled(t.upBtn, i > 0)
	setEnabled(t.downBtn, i >= 0 && i < len(p.Problems)-1)
	opts := []string{"none"}
	for k := range p.Shapes {
		opts = append(opts, shapeLabel(p, k))
	}
	t.result.Options = opts
	if pr != nil {
		t.name.SetText(pr.Name)
		t.result.SetSelectedIndex(pr.Result + 1)
		if pr.MaxHoles >= 0 {
			t.maxHoles.SetText(strconv.Itoa(pr.MaxHoles))
		} else {
			t.maxHoles.SetText("")
		}
		t.summary.SetText(problemSummary(p, pr))
		t.showPreview(pr.Result)
		t.parts.UnselectAll() // the preview shows the result, no piece
	} else {
		t.name.SetText("")
		t.result.ClearSelected()
		t.maxHoles.SetText("")
		t.summary.SetText("Add a problem to say which shape to build from which pieces.")
		t.showPreview(-1)
	}
	t.parts.Refresh()
	t.refreshColors()
}

// showPreview shows shape i in the 3D view, titled by its role.
func (t *problemsTab) showPreview(i int) {
	p := t.u.doc.Puzzle()
	title := shapeLabel(p, i)
	if pr := t.problem(); pr != nil && pr.Result == i && i >= 0 {
		title = "Result: " + title
	} else if i < 0 {
		title = "No result shape"
	}
	t.previewTitle.SetText(title)
	t.preview.showShape(i)
}

// problemSummary counts the pieces' cells against the result's, the first
// thing a designer checks.
func problemSummary(p *model.Puzzle, pr *model.Problem) string {
	lo, hi, minPieces, pieces := 0, 0, 0, 0
	for _, part := range pr.Parts {
		n := p.Shapes[part.Shape].Count(model.Filled)
		lo += part.Min * n
		hi += part.Max * n
		minPieces += part.Min
		pieces += part.Max
	}
	piecesText := count(pieces, "piece", "pieces")
	if minPieces != pieces {
		piecesText = fmt.Sprintf("%d..%d pieces", minPieces, pieces)
	}
	if pr.Result == model.NoResult {
		return piecesText + ". Choose the result shape."
	}
	r := &p.Shapes[pr.Result]
	filled, variable := r.Count(model.Filled), r.Count(model.Variable)
	cells := count(lo, "cell", "cells")
	if hi != lo {
		cells = fmt.Sprintf("%d..%d cells", lo, hi)
	}
	s := fmt.Sprintf("%s with %s; the result has %s", piecesText, cells, count(filled, "cell", "cells"))
	if variable > 0 {
		s += " and " + count(variable, "variable one", "variable ones")
	}
	s += ". " + capitalize(problemState(pr)) + "."
	switch {
	case pieces == 0:
		s += " Set the counts of the pieces below."
	case hi < filled:
		s = "⚠ " + s + " The pieces are " + count(filled-hi, "cell", "cells") + " short."
	case lo > filled+variable:
		s = "⚠ " + s + " The pieces have " + count(lo-filled-variable, "cell", "cells") + " too many."
	case pr.MaxHoles >= 0 && lo == hi:
		// The solver, as BurrTools, then knows the holes exactly.
		holes := filled + variable - lo
		s += fmt.Sprintf(" Max holes does not apply: the pieces' cells are fixed, so %s of the result %s empty.", count(holes, "cell", "cells"), plural.Word(holes, "stays", "stay"))
	}
	return s
}

// refreshColors rebuilds the colour rule grid: which piece colour may go
// into which result colour.
func (t *problemsTab) refreshColors() {
	p := t.u.doc.Puzzle()
	pr := t.problem()
	n := len(p.Colors)
	if pr == nil || n == 0 {
		t.colors.Objects = nil
		t.colors.Refresh()
		return
	}
	cells := []fyne.CanvasObject{widget.NewLabel("piece \\ result")}
	for rc := 1; rc <= n; rc++ {
		cells = append(cells, container.NewCenter(newSwatch(constraintColor(p, rc), fmt.Sprint(rc), fmt.Sprintf("Result colour %d", rc), t.u, nil)))
	}
	prob := t.u.view.Problem
	for pc := 1; pc <= n; pc++ {
		cells = append(cells, container.NewCenter(newSwatch(constraintColor(p, pc), fmt.Sprint(pc), fmt.Sprintf("Piece colour %d", pc), t.u, nil)))
		for rc := 1; rc <= n; rc++ {
			pc, rc := pc, rc
			allowed := false
			for _, r := range pr.ColorRules {
				if r.Piece == pc && r.Result == rc {
					allowed = true
				}
			}
			chk := newTipCheck("", fmt.Sprintf("Allow piece colour %d in result colour %d", pc, rc), t.u, nil)
			chk.SetChecked(allowed)
			chk.OnChanged = func(on bool) {
				t.u.edit(fmt.Sprintf("colour rule %d→%d", pc, rc), func(p *model.Puzzle) error { return p.AllowColor(prob, pc, rc, on) })
			}
			cells = append(cells, container.NewCenter(chk))
		}
	}
	title := widget.NewLabelWithStyle("Colour rules: a piece cell may go into a result cell when the colours are allowed here (neutral cells fit anywhere)", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	title.Wrapping = fyne.TextWrapWord
	t.colors.Objects = []fyne.CanvasObject{widget.NewSeparator(), title, container.NewHBox(container.NewGridWithColumns(n+1, cells...))}
	t.colors.Refresh()
}

// --- edits ---------------------------------------------------------------

func (t *problemsTab) addProblem() {
	var idx int
	if t.u.edit("add a problem", func(p *model.Puzzle) error {
		idx = p.AddProblem("")
		return nil
	}) {
		t.u.view.Problem = idx
		t.u.refresh()
	}
}

func (t *problemsTab) copyProblem() {
	i := t.u.view.Problem
	var idx int
	if t.u.edit(fmt.Sprintf("copy P%d", i+1), func(p *model.Puzzle) (err error) {
		idx, err = p.CopyProblem(i)
		return err
	}) {
		t.u.view.Problem = idx
		t.u.refresh()
	}
}

func (t *problemsTab) deleteProblem() {
	i := t.u.view.Problem
	p := t.u.doc.Puzzle()
	if i < 0 {
		return
	}
	do := func() {
		t.u.edit(fmt.Sprintf("delete P%d", i+1), func(p *model.Puzzle) error { return p.DeleteProblem(i) })
	}
	if len(p.Problems[i].Solutions) == 0 {
		do()
		return
	}
	dialog.ShowConfirm("Delete Problem", fmt.Sprintf("Delete %s and its %s?", problemLabel(p, i), count(len(p.Problems[i].Solutions), "solution", "solutions")),
		func(ok bool) {
			if ok {
				do()
			}
		}, t.u.win)
}

func (t *problemsTab) moveProblem(d int) {
	i := t.u.view.Problem
	if t.u.edit(fmt.Sprintf("move P%d", i+1), func(p *model.Puzzle) error { return p.MoveProblem(i, i+d) }) {
		t.u.view.Problem = i + d
		t.u.refresh()
	}
}

func (t *problemsTab) rename(name string) {
	i := t.u.view.Problem
	if t.settingUI || i < 0 {
		return
	}
	name = strings.TrimSpace(name)
	t.u.edit(fmt.Sprintf("rename P%d", i+1), func(p *model.Puzzle) error {
		if p.Problems[i].Name == name {
			return errNoChange
		}
		p.Problems[i].Name = name
		return nil
	})
}

func (t *problemsTab) setResult(string) {
	i := t.u.view.Problem
	if t.settingUI || i < 0 {
		return
	}
	r := t.result.SelectedIndex() - 1
	t.u.edit(fmt.Sprintf("set the result of P%d", i+1), func(p *model.Puzzle) error {
		if p.Problems[i].Result == r {
			return errNoChange
		}
		return p.SetResult(i, r)
	})
}

func (t *problemsTab) setMaxHoles(s string) {
	i := t.u.view.Problem
	if t.settingUI || i < 0 {
		return
	}
	n := -1
	if s = strings.TrimSpace(s); s != "" {
		v, err := strconv.Atoi(s)
		if err != nil || v < 0 {
			t.u.showError(fmt.Errorf("max holes: %q is not a number of holes (leave it empty for no limit)", s))
			t.refresh()
			return
		}
		n = v
	}
	t.u.edit(fmt.Sprintf("set the hole limit of P%d", i+1), func(p *model.Puzzle) error {
		if p.Problems[i].MaxHoles == n {
			return errNoChange
		}
		return p.SetMaxHoles(i, n)
	})
}

func (t *problemsTab) setRange(shape, lo, hi int) {
	i := t.u.view.Problem
	if t.settingUI || i < 0 || shape < 0 {
		return
	}
	t.u.edit(fmt.Sprintf("set the count of S%d in P%d", shape+1, i+1), func(p *model.Puzzle) error {
		pr := &p.Problems[i]
		if k := pr.PartOf(shape); (k < 0 && hi == 0) || (k >= 0 && pr.Parts[k].Min == lo && pr.Parts[k].Max == hi) {
			return errNoChange
		}
		return p.SetPartRange(i, shape, lo, hi)
	})
}

func (t *problemsTab) setGroups(shape int, s string) {
	i := t.u.view.Problem
	pr := t.problem()
	if t.settingUI || pr == nil || shape < 0 {
		return
	}
	k := pr.PartOf(shape)
	if k < 0 {
		return
	}
	groups, err := parseGroups(s, pr.Parts[k].Max)
	if err != nil {
		t.u.showError(err)
		t.refresh()
		return
	}
	sort.Slice(groups, func(a, b int) bool { return groups[a].Group < groups[b].Group })
	t.u.edit(fmt.Sprintf("set the groups of S%d in P%d", shape+1, i+1), func(p *model.Puzzle) error {
		if formatGroups(p.Problems[i].Parts[k]) == formatGroups(model.Part{Max: p.Problems[i].Parts[k].Max, Groups: groups}) {
			return errNoChange
		}
		return p.SetPartGroups(i, shape, groups)
	})
}
