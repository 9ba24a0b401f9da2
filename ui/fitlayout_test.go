package ui

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/burrlab/burrlab/internal/puzzles"
)

// TestTabsFitASmallScreen: with a puzzle open (PelikanBurr, its stored
// solution shown with its disassembly), every tab fits a 1280x720 screen less the window's
// frame, and the whole window (tabs and status bar) leaves room for the
// menu bar above it.
func TestTabsFitASmallScreen(t *testing.T) {
	u := newTestUI(t, readExample(t, "PelikanBurr.xmpuzzle"))
	room := fyne.NewSize(1260, 680)
	const menuBar = 40
	u.win.Resize(fyne.NewSize(room.Width, room.Height-menuBar))
	fits := func(what string, s, in fyne.Size) {
		t.Helper()
		if s.Width > in.Width || s.Height > in.Height {
			t.Errorf("%s needs %gx%g, more than %gx%g", what, s.Width, s.Height, in.Width, in.Height)
		}
	}
	for i, tab := range u.tabs.Items {
		u.tabs.SelectIndex(i)
		if i == tabSolve {
			u.solve.list.Select(0) // the stored solution, with its disassembly
			if u.solve.anim == nil {
				t.Fatal("the stored solution shows no disassembly")
			}
		}
		fits(tab.Text+" tab", tab.Content.MinSize(), room)
		fits("the window with the "+tab.Text+" tab", u.win.Content().MinSize(), fyne.NewSize(room.Width, room.Height-menuBar))
	}
}

// TestFlowWraps: a flow row is as narrow as its widest object and grows a
// row where its width runs out.
func TestFlowWraps(t *testing.T) {
	box := func(w float32) fyne.CanvasObject {
		r := canvas.NewRectangle(nil)
		r.SetMinSize(fyne.NewSize(w, 30))
		return r
	}
	f := newFlow(box(100), box(100), box(150))
	f.Resize(fyne.NewSize(1000, 30))
	if got := f.MinSize(); got.Width != 150 || got.Height != 30 {
		t.Errorf("one row: min size %v, want 150x30", got)
	}
	f.Resize(fyne.NewSize(260, 30))
	if got := f.MinSize(); got.Height <= 30 || got.Height > 70 {
		t.Errorf("two rows: min height %g, want two rows of 30 and a padding", got.Height)
	}
	if p := f.Objects[2].Position(); p.X != 0 || p.Y <= 30 {
		t.Errorf("the third object is at %v, want the start of the second row", p)
	}
}

// TestShrinkFollowsItsContent: when the content of a shrinkLayout's
// scroll grows or shrinks, and Fyne's driver therefore lays the scroll
// out again (in the app; under the test driver the test does it), the
// whole shrinkLayout is laid out again and the scroll gets what its
// content needs where there is room. Before, the second line of the
// Solve tab's "Finished. 19,186 assemblies ... Kept the first 10,000;
// 9,186 more were counted but not kept" stayed hidden under the list, and
// the Shapes tab's 3D view did not grow when Shape information closed.
func TestShrinkFollowsItsContent(t *testing.T) {
	u := newTestUI(t, puzzles.Bedlam())
	u.win.Resize(fyne.NewSize(1400, 860))
	// changed runs change on the content of shrink's scroll, lays the
	// scroll out as Fyne's driver then does, and checks that the content
	// has what it needs, and the scroll too where there is room.
	changed := func(what string, shrink *fyne.Container, room bool, change func()) {
		t.Helper()
		scroll := shrinkScroll(shrink)
		before := scroll.Content.MinSize().Height
		change()
		need := scroll.Content.MinSize().Height
		if need == before {
			t.Fatalf("%s: the content stays %g tall", what, need)
		}
		test.WidgetRenderer(scroll).Layout(scroll.Size())
		if got := scroll.Content.Size().Height; got < need {
			t.Errorf("%s: the content has %g of the %g it needs", what, got, need)
		}
		if got := scroll.Size().Height; room && got != need {
			t.Errorf("%s: the scroll is %g tall, its content needs %g", what, got, need)
		}
	}

	u.tabs.SelectIndex(tabSolve)
	st := u.solve
	left := st.content.(*container.Split).Leading.(*fyne.Container)
	changed("Solve: the info on two lines", left, true, func() {
		st.info.SetText(strings.Repeat("Finished. 19,186 assemblies, 19,186 solutions in 0:04 (4,617/s). ", 2))
	})
	changed("Solve: the explanation open", left, false, st.why.panel.Show)
	changed("Solve: the explanation closed", left, true, st.why.panel.Hide)

	u.tabs.SelectIndex(tabShapes)
	acc := u.shapes.info.content.(*fyne.Container).Objects[0].(*widget.Accordion)
	box := u.shapes.content.(*container.Split).Trailing.(*container.Split).Trailing.(*fyne.Container)
	var preview *fyne.Container
	for _, o := range box.Objects {
		if c, ok := o.(*fyne.Container); ok {
			if _, ok := c.Layout.(*shrinkLayout); ok {
				preview = c
			}
		}
	}
	if preview == nil {
		t.Fatal("no shrinkLayout under the 3D view")
	}
	changed("Shapes: Shape information closed", preview, true, func() { acc.Close(0) })
	changed("Shapes: Shape information open", preview, true, func() { acc.Open(0) })
}
