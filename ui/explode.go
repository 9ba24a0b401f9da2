package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"

	"github.com/burrlab/burrlab/render"
)

// defaultExplode is how far the Exploded View item spreads the pieces
// when the slider has not been used yet.
const defaultExplode = 0.5

// tipSlider is a slider with a tooltip and a status line hint that passes
// on the keys it does not use.
type tipSlider struct {
	keySlider
	tip   string
	hints hints
}

func newTipSlider(lo, hi float64, tip string, u *App) *tipSlider {
	s := &tipSlider{tip: tip, hints: u}
	s.pass = u
	s.Min, s.Max, s.Step = lo, hi, 1
	s.ExtendBaseWidget(s)
	return s
}

// MouseIn shows the tooltip.
func (s *tipSlider) MouseIn(e *desktop.MouseEvent) {
	s.Slider.MouseIn(e)
	s.hints.hint(s.tip, s)
}

// MouseOut hides the tooltip.
func (s *tipSlider) MouseOut() {
	s.Slider.MouseOut()
	s.hints.unhint()
}

// newExplodeSlider returns the Solve tab's exploded-view slider: 0 shows
// the assembly as it is, 1 pushes the pieces apart from its centre by the
// assembly's size.
func (t *solveTab) newExplodeSlider() *tipSlider {
	s := newTipSlider(0, 1, "Exploded view: push the pieces apart from the centre (Ctrl+Shift+E)", t.u)
	s.Step = 0
	s.OnChanged = func(v float64) {
		if v > 0 {
			t.vt.lastExplode = v
		}
		t.showStep(t.slider.Value)
	}
	return s
}

// toggleExplode switches between the assembly and the exploded view last
// used.
func (t *solveTab) toggleExplode() {
	s := t.vt.explode
	if s.Value > 0 {
		s.SetValue(0)
		return
	}
	if t.vt.lastExplode <= 0 {
		t.vt.lastExplode = defaultExplode
	}
	s.SetValue(t.vt.lastExplode)
}

// explodeOffsets adds the exploded view's push to the pieces of the scene
// shown, on top of where the disassembly put them.
func (t *solveTab) explodeOffsets() {
	sc := t.view.scene
	vt := t.vt
	vt.expl = render.ExplodeOffsets(sc, vt.explode.Value, vt.expl)
	for i := range sc.Items {
		sc.Items[i].Offset = sc.Items[i].Offset.Add(vt.expl[i])
	}
}

// menuShortcut is Ctrl (Cmd on macOS) with Shift and key.
func menuShortcut(key fyne.KeyName, shift bool) *desktop.CustomShortcut {
	m := fyne.KeyModifierShortcutDefault
	if shift {
		m |= fyne.KeyModifierShift
	}
	return &desktop.CustomShortcut{KeyName: key, Modifier: m}
}
