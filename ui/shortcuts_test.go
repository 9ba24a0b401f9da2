package ui

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
)

// TestKeyTableActions checks that every key action is bound to at least
// one chord, that no chord means two things in one section, and that the
// help shows each section once.
func TestKeyTableActions(t *testing.T) {
	bound := map[keyAction]bool{}
	seen := map[string]keyAction{}
	for _, b := range keyTable {
		if b.action == keyNone && len(b.chords) > 0 {
			t.Errorf("%q: chords without an action", b.keys)
		}
		for _, c := range b.chords {
			k := b.section + "/" + string(c.key) + "/" + string(rune('0'+c.mod))
			if a, dup := seen[k]; dup && a != b.action {
				t.Errorf("%s %s bound to %d and %d", b.section, c.key, a, b.action)
			}
			seen[k] = b.action
			bound[b.action] = true
		}
	}
	for a := keyNone + 1; a <= keyPlayPause; a++ {
		if !bound[a] {
			t.Errorf("action %d has no key", a)
		}
	}
	help := keyHelpText()
	for _, s := range []string{secGeneral, secLists, secEditor, secSolve, secPlace, secMoves, secView} {
		if n := strings.Count(help, s+":\n"); n != 1 {
			t.Errorf("section %q appears %d times in the help", s, n)
		}
	}
}

// TestKeyActionOfModifiers checks that a chord matches only with its own
// modifiers, so Ctrl+Page Up does not also step a layer.
func TestKeyActionOfModifiers(t *testing.T) {
	pgUp := &fyne.KeyEvent{Name: fyne.KeyPageUp}
	if a := keyActionOf(secEditor, pgUp, 0); a != keyLayerUp {
		t.Errorf("Page Up in the editor: %d, want layer up", a)
	}
	if a := keyActionOf(secEditor, pgUp, fyne.KeyModifierControl); a != keyNone {
		t.Errorf("Ctrl+Page Up in the editor: %d, want none", a)
	}
	if a := keyActionOf(secLists, pgUp, 0); a != keyListPageUp {
		t.Errorf("Page Up in a list: %d, want page up", a)
	}
}
