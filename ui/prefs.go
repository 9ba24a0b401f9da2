package ui

import (
	"fmt"
	"image/color"
	"runtime"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/burrlab/burrlab/model/grid"
)

// Preference keys (Fyne stores them per app ID).
const (
	prefTheme   = "theme"         // themeSystem, themeLight or themeDark
	prefNewGrid = "newGrid"       // grid.Type of File ▸ New's first item
	prefKeep    = "solutionLimit" // solutions a run keeps
	prefWorkers = "workers"       // solver goroutines; 0: one per CPU
)

// Theme choices.
const (
	themeSystem = "system"
	themeLight  = "light"
	themeDark   = "dark"
)

var themeNames = []string{"Follow the system", "Light", "Dark"}
var themeValues = []string{themeSystem, themeLight, themeDark}

// variantTheme is Fyne's theme in one variant, whatever the system says.
type variantTheme struct {
	fyne.Theme
	variant fyne.ThemeVariant
}

// Color returns the colour of the fixed variant.
func (t variantTheme) Color(n fyne.ThemeColorName, _ fyne.ThemeVariant) color.Color {
	return t.Theme.Color(n, t.variant)
}

// applyPrefs sets the solve panel's defaults from the preferences. New
// calls it (and applyTheme before it makes the widgets).
func (u *App) applyPrefs() {
	u.solve.ctl.keep.SetText(strconv.Itoa(u.prefKeep()))
}

func (u *App) applyTheme() {
	switch u.fyne.Preferences().StringWithFallback(prefTheme, themeSystem) {
	case themeLight:
		u.fyne.Settings().SetTheme(variantTheme{theme.DefaultTheme(), theme.VariantLight})
	case themeDark:
		u.fyne.Settings().SetTheme(variantTheme{theme.DefaultTheme(), theme.VariantDark})
	default:
		u.fyne.Settings().SetTheme(theme.DefaultTheme())
	}
}

// newGrid is the grid of File ▸ New's first item (Ctrl+N).
func (u *App) newGrid() grid.Type {
	t := grid.Type(u.fyne.Preferences().IntWithFallback(prefNewGrid, int(grid.Cubes)))
	if t < 0 || t >= grid.NumTypes {
		return grid.Cubes
	}
	return t
}

// gridTitle names a grid for menus: "Cubes".
func gridTitle(t grid.Type) string {
	s := t.String()
	return strings.ToUpper(s[:1]) + s[1:]
}

func (u *App) prefKeep() int {
	if n := u.fyne.Preferences().IntWithFallback(prefKeep, defaultKeep); n >= 0 {
		return n
	}
	return defaultKeep
}

// prefWorkers is the solver's Workers option: 0 for one per CPU.
func (u *App) prefWorkers() int {
	return max(0, u.fyne.Preferences().Int(prefWorkers))
}

// showPreferences is Edit ▸ Preferences: the theme, the grid of new
// puzzles, how many solutions a run keeps and how many CPUs it uses.
func (u *App) showPreferences() {
	p := u.fyne.Preferences()
	themeSel := widget.NewSelect(themeNames, nil)
	themeSel.SetSelectedIndex(0)
	for i, v := range themeValues {
		if v == p.StringWithFallback(prefTheme, themeSystem) {
			themeSel.SetSelectedIndex(i)
		}
	}
	var grids []string
	for t := grid.Type(0); t < grid.NumTypes; t++ {
		grids = append(grids, gridTitle(t))
	}
	gridSel := widget.NewSelect(grids, nil)
	gridSel.SetSelectedIndex(int(u.newGrid()))
	keep := newDialogEntry(u)
	keep.SetText(strconv.Itoa(u.prefKeep()))
	keep.Validator = func(s string) error {
		if n, err := strconv.Atoi(strings.TrimSpace(s)); err != nil || n < 0 {
			return fmt.Errorf("%q is not a number of solutions", s)
		}
		return nil
	}
	workerNames := []string{fmt.Sprintf("All (%d)", runtime.NumCPU())}
	for n := 1; n <= runtime.NumCPU(); n++ {
		workerNames = append(workerNames, strconv.Itoa(n))
	}
	workers := widget.NewSelect(workerNames, nil)
	workers.SetSelectedIndex(min(u.prefWorkers(), runtime.NumCPU()))
	items := []*widget.FormItem{
		widget.NewFormItem("Theme", themeSel),
		widget.NewFormItem("New puzzles (Ctrl+N)", gridSel),
		widget.NewFormItem("Keep at most", keep),
		widget.NewFormItem("Solver CPUs", workers),
	}
	items[2].HintText = "solutions per run (the counts are not limited)"
	d := dialog.NewForm("Preferences", "Apply", "Cancel", items, func(ok bool) {
		if !ok {
			return
		}
		n, err := strconv.Atoi(strings.TrimSpace(keep.Text))
		if err != nil || n < 0 {
			return // the validator keeps Apply disabled
		}
		p.SetString(prefTheme, themeValues[themeSel.SelectedIndex()])
		p.SetInt(prefNewGrid, gridSel.SelectedIndex())
		p.SetInt(prefKeep, n)
		p.SetInt(prefWorkers, workers.SelectedIndex())
		u.applyTheme()
		if r := u.solve.run; r == nil || !r.running {
			u.solve.ctl.keep.SetText(strconv.Itoa(n))
		}
		u.buildMenu()
	}, u.win)
	d.Resize(fyne.NewSize(460, 300))
	d.Show()
}
