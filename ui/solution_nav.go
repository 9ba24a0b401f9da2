package ui

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/widget"
)

// solutionNav is the bar under the solution list for going far in it: a
// field that goes to the solution of the number typed (the number the
// list shows, "#12345") and a slider over the list's positions, with the
// position it stands at. Both follow the selection, however it moved, and
// move it.
type solutionNav struct {
	t       *solveTab
	entry   *gotoEntry
	slider  *keySlider
	where   *widget.Label // "12 of 3,456", or what was wrong with the number typed
	box     fyne.CanvasObject
	setting bool // show is setting the slider: its OnChanged must not select
	// shown is the number the field was last set to (0 none): the field
	// changes only when the selection does, so that a run adding
	// solutions does not wipe what the user is typing.
	shown int
	// pos is the position show was last given; complained says the bar
	// shows what was wrong with a number typed, until the field is left.
	pos        int
	complained bool
}

func newSolutionNav(t *solveTab) *solutionNav {
	n := &solutionNav{t: t}
	n.entry = newGotoEntry(n.goTo, n.left)
	n.entry.SetPlaceHolder("number")
	n.slider = newKeySlider(1, 1, arrowKeys, t.u.passKey)
	n.slider.OnChanged = func(v float64) {
		if !n.setting {
			n.t.list.Select(int(math.Round(v)) - 1)
		}
	}
	n.where = widget.NewLabel("")
	goLabel := widget.NewLabel("Go to")
	n.box = container.NewBorder(nil, nil, container.NewHBox(goLabel, n.entry), n.where, n.slider)
	n.show(-1)
	return n
}

// show brings the bar in step with the list: pos is the selected row's
// place in the list, -1 for none. It costs the same however long the list,
// as it runs at every key press.
func (n *solutionNav) show(pos int) {
	n.pos, n.complained = pos, false
	count := len(n.t.sorted)
	n.where.Importance = widget.MediumImportance
	n.setting = true
	n.slider.Max = math.Max(1, float64(count))
	num := 0
	if pos >= 0 && pos < count {
		num = n.t.rows[n.t.sorted[pos]].sol.AsmNum + 1
		n.slider.SetValue(float64(pos + 1))
		n.where.SetText(thousands(uint64(pos+1)) + " of " + thousands(uint64(count)))
	} else {
		n.slider.SetValue(1)
		n.where.SetText(solutionsText(count))
	}
	if num != n.shown {
		n.shown = num
		text := ""
		if num > 0 {
			text = strconv.Itoa(num)
		}
		n.entry.SetText(text)
	}
	n.slider.Refresh() // Max may have changed while the value did not
	n.setting = false
	setEnabled(n.slider, count > 1)
	setEnabled(n.entry, count > 0)
}

// solutionsText writes "no solutions", "1 solution", "3,456 solutions".
func solutionsText(n int) string {
	if n == 0 {
		return "no solutions"
	}
	return count(n, "solution", "solutions")
}

// goTo selects the solution whose number (as the list shows it) is text,
// or says what is wrong with text.
func (n *solutionNav) goTo(text string) {
	num, err := parseSolutionNumber(text)
	if err != nil {
		n.complain("not a number", capitalize(err.Error()))
		return
	}
	pos, lo, hi := n.t.findSolution(num)
	switch {
	case lo < 0:
		n.complain("no solutions", "No solutions to go to")
	case pos < 0:
		n.complain("not in the list", fmt.Sprintf("No solution #%d here: the list holds #%d to #%d", num, lo, hi))
	default:
		n.t.list.Select(pos)
		n.t.list.ScrollTo(pos) // also when it was selected already
		n.show(pos)
	}
}

// complain shows that the number typed leads nowhere, in short beside
// the slider (a long text there would squeeze it) and why in the status
// line; the selection stays.
func (n *solutionNav) complain(short, why string) {
	n.where.Importance = widget.DangerImportance
	n.where.SetText(short)
	n.t.u.setStatus(why)
	n.complained = true
}

// left is called when the field loses the focus: a complaint goes, and
// the field shows the selected solution's number again, also when the
// click that took the focus selected nothing new (the one solution
// listed).
func (n *solutionNav) left() {
	if n.complained {
		n.shown = -1 // not a number: the field is set afresh
		n.show(n.pos)
	}
}

// parseSolutionNumber reads a solution number as a user may type it:
// "12345", "#12345", "12,345".
func parseSolutionNumber(text string) (int, error) {
	s := strings.TrimSpace(text)
	s = strings.TrimSpace(strings.TrimPrefix(s, "#"))
	s = strings.NewReplacer(",", "", " ", "", "\u202f", "").Replace(s)
	if s == "" {
		return 0, errors.New("type a solution number, then press Enter")
	}
	num, err := strconv.Atoi(s)
	if err != nil || num < 1 {
		return 0, fmt.Errorf("%q is not a solution number: type a whole number from 1 on", strings.TrimSpace(text))
	}
	return num, nil
}

// findSolution returns the list position of the solution numbered num,
// -1 if the list has none, and the lowest and highest numbers listed (-1
// for an empty list). It looks at every row, which is fine for a jump the
// user typed and is never done per key press.
func (t *solveTab) findSolution(num int) (pos, lo, hi int) {
	pos, lo, hi = -1, -1, -1
	for k, r := range t.sorted {
		a := t.rows[r].sol.AsmNum + 1
		if a == num && pos < 0 {
			pos = k
		}
		if lo < 0 || a < lo {
			lo = a
		}
		hi = max(hi, a)
	}
	return pos, lo, hi
}

// stepBy moves the disassembly d moves on (back for d < 0), from the
// nearest whole move, stopping a playing animation.
func (t *solveTab) stepBy(d int) {
	if t.anim == nil || t.slider.Disabled() {
		return
	}
	t.stopAnim()
	s := math.Round(t.slider.Value) + float64(d)
	t.setStep(math.Max(0, math.Min(s, t.slider.Max)))
}

// focusGoto puts the keyboard in the go-to field, on the Solve tab.
func (u *App) focusGoto() {
	if u.tabs.SelectedIndex() != tabSolve {
		u.tabs.SelectIndex(tabSolve)
	}
	if e := u.solve.nav.entry; !e.Disabled() {
		u.win.Canvas().Focus(e)
	}
}

// gotoItem is Solve ▸ Go to Solution (Ctrl+G, Cmd+G): it focuses the
// go-to field.
func (u *App) gotoItem() *fyne.MenuItem {
	it := fyne.NewMenuItem("Go to Solution…", u.focusGoto)
	it.Shortcut = &desktop.CustomShortcut{KeyName: fyne.KeyG, Modifier: fyne.KeyModifierShortcutDefault}
	return it
}

// gotoEntry is the go-to field: Enter goes. It is wide enough for a
// seven-digit number.
type gotoEntry struct {
	widget.Entry
	left func() // after the focus went
}

func newGotoEntry(submit func(string), left func()) *gotoEntry {
	e := &gotoEntry{left: left}
	e.OnSubmitted = submit
	e.ExtendBaseWidget(e)
	return e
}

// FocusLost tells the bar that the field was left.
func (e *gotoEntry) FocusLost() {
	e.Entry.FocusLost()
	e.left()
}

func (e *gotoEntry) MinSize() fyne.Size {
	m := e.Entry.MinSize()
	return fyne.NewSize(max(m.Width, 96), m.Height)
}
