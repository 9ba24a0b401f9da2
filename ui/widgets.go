package ui

import (
	"fmt"
	"image/color"
	"slices"
	"strconv"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// tipLayer shows tooltips. Fyne routes all mouse events to the top overlay
// when one exists, so a tooltip in an overlay would steal the hover from its
// own button; this layer sits above the window content instead and holds
// only objects that take no events.
type tipLayer struct {
	box   *fyne.Container
	bg    *canvas.Rectangle
	text  *canvas.Text
	layer *fyne.Container
	timer *time.Timer
	seq   int
	// do runs a function on the UI thread: fyne.Do, or a test's queue.
	// The timer fires on its own goroutine; everything that touches the
	// layer's state or objects runs through do, so it is serialised with
	// the event handlers that call show and hide. (Fyne's test driver runs
	// fyne.Do at once on the calling goroutine, so tests need their queue.)
	do func(func())
}

// newTipLayer makes a tooltip layer that reaches the UI through do.
func newTipLayer(do func(func())) *tipLayer {
	t := &tipLayer{
		bg:   canvas.NewRectangle(color.NRGBA{0x30, 0x30, 0x30, 0xf0}),
		text: canvas.NewText("", color.White),
		do:   do,
	}
	t.bg.CornerRadius = 4
	t.text.TextSize = theme.CaptionTextSize() + 1
	t.box = container.NewStack(t.bg, container.NewPadded(t.text))
	t.box.Hide()
	t.layer = container.NewWithoutLayout(t.box)
	return t
}

// show puts text under (or above, near the window's bottom) obj after a
// short delay, unless hide comes first.
func (t *tipLayer) show(text string, obj fyne.CanvasObject) {
	t.hide()
	t.seq++
	seq := t.seq
	t.timer = time.AfterFunc(600*time.Millisecond, func() {
		t.do(func() {
			if seq != t.seq {
				return
			}
			t.place(text, obj)
		})
	})
}

func (t *tipLayer) place(text string, obj fyne.CanvasObject) {
	drv := fyne.CurrentApp().Driver()
	c := drv.CanvasForObject(obj)
	if c == nil {
		return
	}
	t.text.Text = text
	t.text.Refresh()
	size := t.box.MinSize()
	// In the layer's own coordinates: the window's menu bar lies above
	// the content the layer covers, and positions on the canvas count it.
	pos := drv.AbsolutePositionForObject(obj).Subtract(drv.AbsolutePositionForObject(t.layer))
	p := fyne.NewPos(pos.X, pos.Y+obj.Size().Height+4)
	win := t.layer.Size()
	if win.IsZero() {
		win = c.Size()
	}
	if p.Y+size.Height > win.Height {
		p.Y = pos.Y - size.Height - 4
	}
	if p.X+size.Width > win.Width {
		p.X = win.Width - size.Width - 2
	}
	t.box.Move(p)
	t.box.Resize(size)
	t.box.Show()
	t.layer.Refresh()
}

func (t *tipLayer) hide() {
	t.seq++
	if t.timer != nil {
		t.timer.Stop()
		t.timer = nil
	}
	if t.box.Visible() {
		t.box.Hide()
		t.layer.Refresh()
	}
}

// hints receives what the pointer is over: a tooltip and a status line hint.
type hints interface {
	hint(text string, obj fyne.CanvasObject)
	unhint()
}

// windowTips shows the tooltips of a window other than the main one (the
// browsers) on that window's own layer: the main window's layer would put
// them over the main window, at the button's place in the other one.
type windowTips struct{ tips *tipLayer }

func newWindowTips(do func(func())) windowTips { return windowTips{newTipLayer(do)} }

// over returns the window's content with the tooltip layer above it.
func (w windowTips) over(content fyne.CanvasObject) fyne.CanvasObject {
	return container.NewStack(content, w.tips.layer)
}

func (w windowTips) hint(text string, obj fyne.CanvasObject) { w.tips.show(text, obj) }
func (w windowTips) unhint()                                 { w.tips.hide() }

// tipButton is a button with a tooltip and a status line hint.
type tipButton struct {
	widget.Button
	tip   string
	hints hints
}

func newTipButton(label string, icon fyne.Resource, tip string, h hints, tapped func()) *tipButton {
	b := &tipButton{tip: tip, hints: h}
	b.Text, b.Icon, b.OnTapped = label, icon, tapped
	b.ExtendBaseWidget(b)
	return b
}

func (b *tipButton) MouseIn(e *desktop.MouseEvent) {
	b.Button.MouseIn(e)
	if b.hints != nil && b.tip != "" {
		b.hints.hint(b.tip, b)
	}
}

func (b *tipButton) MouseOut() {
	b.Button.MouseOut()
	if b.hints != nil {
		b.hints.unhint()
	}
}

func (b *tipButton) Tapped(e *fyne.PointEvent) {
	if b.hints != nil {
		b.hints.unhint()
	}
	b.Button.Tapped(e)
}

// setOn shows a tool button as selected or not.
func (b *tipButton) setOn(on bool) {
	imp := widget.MediumImportance
	if on {
		imp = widget.HighImportance
	}
	if b.Importance != imp {
		b.Importance = imp
		b.Refresh()
	}
}

// tipCheck is a check box with a tooltip.
type tipCheck struct {
	widget.Check
	tip   string
	hints hints
}

func newTipCheck(label, tip string, h hints, changed func(bool)) *tipCheck {
	c := &tipCheck{tip: tip, hints: h}
	c.Text, c.OnChanged = label, changed
	c.ExtendBaseWidget(c)
	return c
}

func (c *tipCheck) MouseIn(e *desktop.MouseEvent) {
	c.Check.MouseIn(e)
	if c.hints != nil && c.tip != "" {
		c.hints.hint(c.tip, c)
	}
}

func (c *tipCheck) MouseOut() {
	c.Check.MouseOut()
	if c.hints != nil {
		c.hints.unhint()
	}
}

func (c *tipCheck) Tapped(e *fyne.PointEvent) {
	if c.hints != nil {
		c.hints.unhint()
	}
	c.Check.Tapped(e)
}

// TypedKey passes the window's keys on: a check keeps the focus after a
// click and would swallow them. Space stays here (it toggles the check).
func (c *tipCheck) TypedKey(ev *fyne.KeyEvent) {
	if k, ok := c.hints.(keyPasser); ok && ev.Name != fyne.KeySpace {
		k.passKey(ev)
	}
}

// keyPasser takes the keys a focused widget has no use for, so that the
// window's keys (F5-F9, Escape, Page Up, ...) work whatever was clicked
// last. Fyne gives keys to the focused widget only, and checks, selects and
// sliders take the focus when clicked.
type keyPasser interface {
	passKey(ev *fyne.KeyEvent)
}

// arrowKeys are the keys a slider or select in a tab keeps for itself;
// a browser window keeps the arrows for its own stepping.
var arrowKeys = []fyne.KeyName{fyne.KeyUp, fyne.KeyDown, fyne.KeyLeft, fyne.KeyRight}

// keySlider is a slider that keeps the keys in keep and passes on the
// rest to its window's handler.
type keySlider struct {
	widget.Slider
	keep []fyne.KeyName
	pass func(*fyne.KeyEvent)
}

func newKeySlider(lo, hi float64, keep []fyne.KeyName, pass func(*fyne.KeyEvent)) *keySlider {
	s := &keySlider{keep: keep, pass: pass}
	s.Min, s.Max, s.Step = lo, hi, 1
	s.ExtendBaseWidget(s)
	return s
}

func (s *keySlider) TypedKey(ev *fyne.KeyEvent) {
	if slices.Contains(s.keep, ev.Name) {
		s.Slider.TypedKey(ev)
		return
	}
	s.pass(ev)
}

// keySelect is a select that keeps Space (which opens it) and the keys in
// keep, and passes on the rest to its window's handler.
type keySelect struct {
	widget.Select
	keep []fyne.KeyName
	pass func(*fyne.KeyEvent)
}

func newKeySelect(options []string, placeHolder string, changed func(string), keep []fyne.KeyName, pass func(*fyne.KeyEvent)) *keySelect {
	s := &keySelect{keep: keep, pass: pass}
	s.Options, s.PlaceHolder, s.OnChanged = options, placeHolder, changed
	s.ExtendBaseWidget(s)
	return s
}

func (s *keySelect) TypedKey(ev *fyne.KeyEvent) {
	if ev.Name == fyne.KeySpace || slices.Contains(s.keep, ev.Name) {
		s.Select.TypedKey(ev)
		return
	}
	s.pass(ev)
}

// spin edits a whole number between min and max: an entry with − and +
// buttons. OnChanged runs when the user commits a new value (Enter, focus
// change, or a button), not on every key.
type spin struct {
	entry     *numEntry
	minus     *tipButton
	plus      *tipButton
	min, max  int
	value     int
	OnChanged func(int)
	box       *fyne.Container
}

func newSpin(min, max int, tip string, h hints) *spin {
	s := &spin{min: min, max: max}
	s.entry = newNumEntry(s.commit)
	s.minus = newTipButton("", theme.ContentRemoveIcon(), tip+" (smaller)", h, func() { s.step(-1) })
	s.plus = newTipButton("", theme.ContentAddIcon(), tip+" (larger)", h, func() { s.step(1) })
	s.minus.Importance = widget.LowImportance
	s.plus.Importance = widget.LowImportance
	s.box = container.NewBorder(nil, nil, s.minus, s.plus, s.entry)
	return s
}

func (s *spin) step(d int) {
	s.commitValue(s.value + d)
}

func (s *spin) commit(text string) {
	v, err := strconv.Atoi(strings.TrimSpace(text))
	if err != nil {
		s.entry.SetText(strconv.Itoa(s.value))
		return
	}
	s.commitValue(v)
}

func (s *spin) commitValue(v int) {
	v = max(s.min, min(s.max, v))
	if v == s.value {
		s.entry.SetText(strconv.Itoa(v))
		return
	}
	s.value = v
	s.entry.SetText(strconv.Itoa(v))
	if s.OnChanged != nil {
		s.OnChanged(v)
	}
}

// set shows v without calling OnChanged.
func (s *spin) set(v int) {
	s.value = v
	s.entry.SetText(strconv.Itoa(v))
}

func (s *spin) enable(on bool) {
	for _, w := range []fyne.Disableable{s.entry, s.minus, s.plus} {
		setEnabled(w, on)
	}
}

// numEntry is an entry that commits on Enter and when it loses focus.
type numEntry struct {
	widget.Entry
	commit func(string)
}

func newNumEntry(commit func(string)) *numEntry {
	e := &numEntry{commit: commit}
	e.ExtendBaseWidget(e)
	e.OnSubmitted = commit
	return e
}

func (e *numEntry) FocusLost() {
	e.Entry.FocusLost()
	e.commit(e.Text)
}

func (e *numEntry) MinSize() fyne.Size {
	m := e.Entry.MinSize()
	return fyne.NewSize(max(m.Width, 56), m.Height)
}

// commitEntry is a text entry that commits on Enter and on focus loss, for
// names.
type commitEntry struct {
	widget.Entry
	commit func(string)
}

func newCommitEntry(commit func(string)) *commitEntry {
	e := &commitEntry{commit: commit}
	e.ExtendBaseWidget(e)
	e.OnSubmitted = commit
	return e
}

func (e *commitEntry) FocusLost() {
	e.Entry.FocusLost()
	e.commit(e.Text)
}

// swatch is a small tappable colour square with an optional ring that marks
// it as selected.
type swatch struct {
	widget.BaseWidget
	fill     color.Color
	label    string
	selected bool
	tip      string
	hints    hints
	onTap    func()
	size     float32
}

func newSwatch(c color.Color, label, tip string, h hints, tapped func()) *swatch {
	s := &swatch{fill: c, label: label, tip: tip, hints: h, onTap: tapped, size: 26}
	s.ExtendBaseWidget(s)
	return s
}

func (s *swatch) Tapped(*fyne.PointEvent) {
	if s.onTap != nil {
		s.onTap()
	}
}

func (s *swatch) MouseIn(*desktop.MouseEvent) {
	if s.hints != nil && s.tip != "" {
		s.hints.hint(s.tip, s)
	}
}

func (s *swatch) MouseMoved(*desktop.MouseEvent) {}

func (s *swatch) MouseOut() {
	if s.hints != nil {
		s.hints.unhint()
	}
}

func (s *swatch) Cursor() desktop.Cursor { return desktop.PointerCursor }

func (s *swatch) MinSize() fyne.Size { return fyne.NewSize(s.size, s.size) }

func (s *swatch) CreateRenderer() fyne.WidgetRenderer {
	ring := canvas.NewRectangle(color.Transparent)
	ring.StrokeWidth = 2
	ring.CornerRadius = 5
	box := canvas.NewRectangle(s.fill)
	box.CornerRadius = 3
	box.StrokeWidth = 1
	box.StrokeColor = color.NRGBA{0, 0, 0, 0x60}
	text := canvas.NewText(s.label, color.Black)
	text.TextSize = theme.CaptionTextSize()
	text.Alignment = fyne.TextAlignCenter
	r := &swatchRenderer{s: s, ring: ring, box: box, text: text}
	r.Refresh()
	return r
}

type swatchRenderer struct {
	s    *swatch
	ring *canvas.Rectangle
	box  *canvas.Rectangle
	text *canvas.Text
}

func (r *swatchRenderer) Layout(size fyne.Size) {
	// A square in the middle of whatever space the container gives.
	d := min(size.Width, size.Height)
	x, y := (size.Width-d)/2, (size.Height-d)/2
	r.ring.Move(fyne.NewPos(x, y))
	r.ring.Resize(fyne.NewSize(d, d))
	r.box.Move(fyne.NewPos(x+4, y+4))
	r.box.Resize(fyne.NewSize(d-8, d-8))
	ts := r.text.MinSize()
	r.text.Move(fyne.NewPos((size.Width-ts.Width)/2, (size.Height-ts.Height)/2))
	r.text.Resize(ts)
}

func (r *swatchRenderer) MinSize() fyne.Size { return r.s.MinSize() }

func (r *swatchRenderer) Refresh() {
	r.box.FillColor = r.s.fill
	if r.s.selected {
		r.ring.StrokeColor = theme.Color(theme.ColorNamePrimary)
	} else {
		r.ring.StrokeColor = color.Transparent
	}
	r.text.Text = r.s.label
	r.text.Color = contrastText(r.s.fill)
	r.ring.Refresh()
	r.box.Refresh()
	r.text.Refresh()
}

func (r *swatchRenderer) Objects() []fyne.CanvasObject {
	return []fyne.CanvasObject{r.ring, r.box, r.text}
}

func (r *swatchRenderer) Destroy() {}

// contrastText returns black or white, whichever reads better on c.
func contrastText(c color.Color) color.Color {
	r, g, b, _ := c.RGBA()
	if 299*r+587*g+114*b > 1000*0x8000 {
		return color.Black
	}
	return color.White
}

// thousands formats n with thin separators: 1 234 567.
func thousands(n uint64) string {
	s := strconv.FormatUint(n, 10)
	var b strings.Builder
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteRune(',')
		}
		b.WriteRune(c)
	}
	return b.String()
}

// duration formats a duration for humans: 0:07, 3:12, 1:02:03, 3 days.
func duration(d time.Duration) string {
	s := int64(d.Round(time.Second) / time.Second)
	switch {
	case s < 0:
		return "?"
	case s >= 3*86400:
		return fmt.Sprintf("%d days", s/86400)
	case s >= 3600:
		return fmt.Sprintf("%d:%02d:%02d", s/3600, s/60%60, s%60)
	}
	return fmt.Sprintf("%d:%02d", s/60, s%60)
}

// formLabels greys a form's labels as their widgets are enabled and
// disabled. Fyne's Form sets a label's colour only when the form refreshes,
// so a label drawn while its widget was disabled stayed grey after the
// widget came back (Max holes after a solve).
type formLabels struct {
	form  *widget.Form
	known bool
	on    []bool
}

// update refreshes the form when an item's widget changed state since the
// last call.
func (f *formLabels) update() {
	changed := !f.known || len(f.on) != len(f.form.Items)
	if changed {
		f.on = make([]bool, len(f.form.Items))
	}
	for i, it := range f.form.Items {
		on := true
		if d, ok := it.Widget.(fyne.Disableable); ok {
			on = !d.Disabled()
		}
		if f.on[i] != on {
			f.on[i], changed = on, true
		}
	}
	f.known = true
	if changed {
		f.form.Refresh()
	}
}

// disableBox shows content and is, for a form, the field it holds, so
// that the form greys the label along with it (an entry with a unit). It
// is a widget because Fyne draws only widgets and containers it knows.
type disableBox struct {
	widget.BaseWidget
	fyne.Disableable
	content fyne.CanvasObject
}

func newDisableBox(content fyne.CanvasObject, field fyne.Disableable) *disableBox {
	b := &disableBox{Disableable: field, content: content}
	b.ExtendBaseWidget(b)
	return b
}

func (b *disableBox) CreateRenderer() fyne.WidgetRenderer {
	return widget.NewSimpleRenderer(b.content)
}

// setEnabled enables or disables w.
func setEnabled(w fyne.Disableable, on bool) {
	if on {
		w.Enable()
	} else {
		w.Disable()
	}
}
