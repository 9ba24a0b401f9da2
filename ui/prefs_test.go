package ui

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/burrlab/burrlab/model/grid"
)

// overlayWidgets returns the widgets of type T in the window's dialogs,
// in the order they are drawn.
func overlayWidgets[T fyne.CanvasObject](t *testing.T, u *App) []T {
	var out []T
	var walk func(o fyne.CanvasObject)
	walk = func(o fyne.CanvasObject) {
		if w, ok := o.(T); ok {
			out = append(out, w)
		}
		switch o := o.(type) {
		case *fyne.Container:
			for _, ch := range o.Objects {
				walk(ch)
			}
		case fyne.Widget:
			for _, ch := range test.TempWidgetRenderer(t, o).Objects() {
				walk(ch)
			}
		}
	}
	for _, o := range u.win.Canvas().Overlays().List() {
		walk(o)
	}
	return out
}

func TestPreferences(t *testing.T) {
	u := newTestUI(t, newPuzzle(grid.Cubes))
	if _, ok := u.fyne.Settings().Theme().(variantTheme); ok {
		t.Fatal("the default theme does not follow the system")
	}
	if u.menu.Items[0].Items[0].Label != "New Cubes Puzzle" || u.solve.ctl.keep.Text != "10000" {
		t.Fatalf("defaults: %q, keep %q", u.menu.Items[0].Items[0].Label, u.solve.ctl.keep.Text)
	}
	u.showPreferences()
	sels := overlayWidgets[*widget.Select](t, u)
	entries := overlayWidgets[*dialogEntry](t, u)
	if len(sels) != 3 || len(entries) != 1 {
		t.Fatalf("the dialog has %d selects and %d entries", len(sels), len(entries))
	}
	sels[0].SetSelected("Light")
	sels[1].SetSelected("Spheres")
	sels[2].SetSelected("1")

	// A bad number keeps Apply disabled.
	entries[0].SetText("lots")
	if apply := findButton(t, u, "Apply"); !apply.Disabled() {
		t.Fatal("Apply is enabled with a bad number of solutions")
	}
	entries[0].SetText("25")
	test.Tap(findButton(t, u, "Apply"))

	th, ok := u.fyne.Settings().Theme().(variantTheme)
	if !ok || th.variant != theme.VariantLight {
		t.Fatalf("theme %T after choosing Light", u.fyne.Settings().Theme())
	}
	if c := th.Color(theme.ColorNameBackground, theme.VariantDark); c != theme.DefaultTheme().Color(theme.ColorNameBackground, theme.VariantLight) {
		t.Fatalf("the light theme paints the background %v", c)
	}
	if u.menu.Items[0].Items[0].Label != "New Spheres Puzzle" || u.solve.ctl.keep.Text != "25" || u.prefWorkers() != 1 {
		t.Fatalf("after Apply: %q, keep %q, workers %d", u.menu.Items[0].Items[0].Label, u.solve.ctl.keep.Text, u.prefWorkers())
	}
	u.menu.Items[0].Items[0].Action()
	if u.g.Type() != grid.Spheres {
		t.Fatalf("Ctrl+N made a %v puzzle", u.g.Type())
	}

	// A second window of the same app starts with them.
	w2 := u.fyne.NewWindow("again")
	u2 := New(u.fyne, w2)
	t.Cleanup(u2.Shutdown)
	if u2.solve.ctl.keep.Text != "25" || u2.menu.Items[0].Items[0].Label != "New Spheres Puzzle" {
		t.Fatal("a new start does not use the preferences")
	}
}

func TestWindowSizeRemembered(t *testing.T) {
	u := newTestUI(t, newPuzzle(grid.Cubes))
	def := fyne.NewSize(1360, 860)
	if got := u.WindowSize(def); got != def {
		t.Fatalf("first start: %v, want the default", got)
	}
	u.win.Resize(fyne.NewSize(1000, 700))
	u.Shutdown()
	if got := u.WindowSize(def); got != fyne.NewSize(1000, 700) {
		t.Fatalf("after a 1000x700 window: %v", got)
	}
}
