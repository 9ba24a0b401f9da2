package ui

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
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
	s.keep, s.pass = arrowKeys, u.passKey
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

// menuShortcut is Ctrl (Cmd on macOS) with Shift and key.
func menuShortcut(key fyne.KeyName, shift bool) *desktop.CustomShortcut {
	m := fyne.KeyModifierShortcutDefault
	if shift {
		m |= fyne.KeyModifierShift
	}
	return &desktop.CustomShortcut{KeyName: key, Modifier: m}
}
