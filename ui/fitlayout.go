package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// Layouts that let the tabs fit a small screen (1280x720) without
// changing how they look on a large one.

// flowLayout lays its objects out in a row, left to right at their
// minimum sizes, and wraps onto a further row where the width runs out:
// a tool row that would otherwise make the whole window as wide as all
// its buttons. Its minimum width is the widest object's; its minimum
// height is what the width it was last laid out at needs, so the parent
// gives it another row's height once it has wrapped (Fyne asks again
// after every layout). Fyne's RowWrapLayout reports the width of its
// widest row instead, which keeps a window from being made narrower.
type flowLayout struct {
	width float32 // last laid out at; 0 before the first layout
}

// newFlow returns a container of objs in a flowLayout.
func newFlow(objs ...fyne.CanvasObject) *fyne.Container {
	return container.New(&flowLayout{}, objs...)
}

// rows calls place for every visible object with its position when the
// row is width wide (unbounded when 0), and returns the height used.
func (l *flowLayout) rows(objs []fyne.CanvasObject, width float32, place func(o fyne.CanvasObject, at fyne.Position, rowH float32)) float32 {
	pad := theme.Padding()
	var rowH float32
	for _, o := range objs {
		if o.Visible() {
			rowH = max(rowH, o.MinSize().Height)
		}
	}
	var x, y float32
	first := true
	for _, o := range objs {
		if !o.Visible() {
			continue
		}
		w := o.MinSize().Width
		if !first && width > 0 && x+w > width {
			x, y = 0, y+rowH+pad
		}
		first = false
		if place != nil {
			place(o, fyne.NewPos(x, y), rowH)
		}
		x += w + pad
	}
	if first {
		return 0
	}
	return y + rowH
}

// MinSize is the widest object's width and the height of the rows at the
// width last laid out.
func (l *flowLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	var w float32
	for _, o := range objs {
		if o.Visible() {
			w = max(w, o.MinSize().Width)
		}
	}
	return fyne.NewSize(w, l.rows(objs, max(l.width, w), nil))
}

// Layout places the objects in rows size.Width wide, each as tall as the
// tallest object (separators stretch to it, as in an HBox).
func (l *flowLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	l.width = size.Width
	l.rows(objs, size.Width, func(o fyne.CanvasObject, at fyne.Position, rowH float32) {
		o.Move(at)
		o.Resize(fyne.NewSize(o.MinSize().Width, rowH))
	})
}

// shrinkLayout stacks two objects, one of them a scroll around some
// controls: that one is as tall as its content wants where there is room,
// shrinking down to least where there is not; the other (a list, a view)
// gets the rest. A Border would make the window at least as tall as both
// contents, and a split would change the look on a large screen.
type shrinkLayout struct {
	scrolled int // 0: the top one scrolls, 1: the bottom one
	least    float32
}

// newShrinkTop returns top (scrolled where it has to shrink) above bottom.
func newShrinkTop(top, bottom fyne.CanvasObject, least float32) *fyne.Container {
	s := newFitScroll(top)
	s.owner = container.New(&shrinkLayout{scrolled: 0, least: least}, s, bottom)
	return s.owner
}

// newShrinkBottom returns top above bottom (scrolled where it has to
// shrink).
func newShrinkBottom(top, bottom fyne.CanvasObject, least float32) *fyne.Container {
	s := newFitScroll(bottom)
	s.owner = container.New(&shrinkLayout{scrolled: 1, least: least}, top, s)
	return s.owner
}

// shrinkScroll returns the scroll of c, made by newShrinkTop or
// newShrinkBottom.
func shrinkScroll(c *fyne.Container) *fitScroll {
	return c.Objects[c.Layout.(*shrinkLayout).scrolled].(*fitScroll)
}

// sizes returns the minimum sizes of the scroll's content and the other.
func (l *shrinkLayout) sizes(objs []fyne.CanvasObject) (scrolled, other fyne.Size) {
	return objs[l.scrolled].(*fitScroll).Content.MinSize(), objs[1-l.scrolled].MinSize()
}

// fitScroll is the scrolled one of a shrinkLayout's two, a vertical
// scroll that lays its shrinkLayout out again when its content's height
// changes: a label in it that wraps to another line, a panel in it that
// opens or closes. Fyne's driver lays a container out again when the
// MinSize of one of its objects changes, so the scroll itself is laid
// out when its content's changes; but a scroll's own MinSize stays the
// same, so nothing told the shrinkLayout, which kept the old heights:
// the Solve tab's second info line stayed hidden under the list, and the
// Shapes tab's 3D view did not grow when Shape information closed. (A
// MinSize that followed the content was not enough: the driver keeps
// one container at a time to lay out again, and in the Solve tab a
// change in the list, laid out after the scroll, took its place.)
type fitScroll struct {
	container.Scroll
	owner   *fyne.Container // the shrinkLayout's
	laidFor float32         // the content's height the owner was last laid out for
}

func newFitScroll(content fyne.CanvasObject) *fitScroll {
	s := &fitScroll{}
	s.Content, s.Direction = content, container.ScrollVerticalOnly
	s.ExtendBaseWidget(s)
	return s
}

// fit lays the owner and the content out again at once, for code that
// must see the new heights before the next frame (a scroll to the end of
// content that just grew).
func (s *fitScroll) fit() {
	s.layOwner()
	s.Refresh() // the content, when the scroll kept its size
}

// layOwner lays the shrinkLayout out again, which records the content's
// height in laidFor. The owner is nil while its container is being made.
func (s *fitScroll) layOwner() {
	if o := s.owner; o != nil {
		o.Layout.Layout(o.Objects, o.Size())
	}
}

// CreateRenderer wraps the scroll's renderer to watch its layouts.
func (s *fitScroll) CreateRenderer() fyne.WidgetRenderer {
	return fitScrollRenderer{s.Scroll.CreateRenderer(), s}
}

// fitScrollRenderer is a scroll's renderer that lays the owner out again
// when the scroll is laid out for a content height the owner has not
// seen.
type fitScrollRenderer struct {
	fyne.WidgetRenderer
	s *fitScroll
}

func (r fitScrollRenderer) Layout(size fyne.Size) {
	r.WidgetRenderer.Layout(size)
	if r.s.Content.MinSize().Height != r.s.laidFor {
		r.s.layOwner()
	}
}

// MinSize is the wider of the two by the other's height plus the
// scroll's least.
func (l *shrinkLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	s, o := l.sizes(objs)
	return fyne.NewSize(max(s.Width, o.Width), min(s.Height, l.least)+theme.Padding()+o.Height)
}

// Layout gives the scroll what its content wants while the other keeps
// its minimum.
func (l *shrinkLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	pad := theme.Padding()
	s, o := l.sizes(objs)
	objs[l.scrolled].(*fitScroll).laidFor = s.Height
	h := [2]float32{}
	h[l.scrolled] = min(s.Height, max(size.Height-pad-o.Height, min(s.Height, l.least)))
	h[1-l.scrolled] = size.Height - pad - h[l.scrolled]
	objs[0].Move(fyne.NewPos(0, 0))
	objs[0].Resize(fyne.NewSize(size.Width, h[0]))
	objs[1].Move(fyne.NewPos(0, h[0]+pad))
	objs[1].Resize(fyne.NewSize(size.Width, h[1]))
}

// wrappedLabel is a label whose words wrap, so that a long hint does not
// set the width of its column.
func wrappedLabel(text string) *widget.Label {
	l := widget.NewLabel(text)
	l.Wrapping = fyne.TextWrapWord
	return l
}
