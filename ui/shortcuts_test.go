package ui

import (
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"github.com/burrlab/burrlab/model/grid"
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
	for a := keyNone + 1; a < numKeyActions; a++ {
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

// keyHelpText is the help as text: a heading per section and a line per
// entry, as the dialog lays them out.
func keyHelpText() string {
	var sb strings.Builder
	for k, sec := range keyHelpSections() {
		if k > 0 {
			sb.WriteString("\n")
		}
		sb.WriteString(sec.title + ":\n")
		for _, b := range sec.lines {
			sb.WriteString(b.keys + "    " + b.help + "\n")
		}
	}
	return strings.TrimSuffix(sb.String(), "\n")
}

// helpChords lists the chords a line of the help names, written out in
// full as shortcutText writes them: "Alt+X / Y / Z" is Alt+X, Alt+Y and
// Alt+Z; "Ctrl+S / Ctrl+Shift+S" is Ctrl+S and Ctrl+Shift+S.
func helpChords(keys string) []string {
	var out []string
	for _, group := range strings.Split(keys, ", ") {
		prefix := ""
		for _, k := range strings.Split(group, " / ") {
			k = strings.TrimSpace(k)
			if i := strings.LastIndex(k, "+"); i > 0 {
				prefix = k[:i+1]
			} else {
				k = prefix + k
			}
			out = append(out, k)
		}
	}
	return out
}

// TestMenuShortcutsInHelp walks the main menu and checks that the help
// names every shortcut a menu item has, and that every Ctrl or Alt chord
// the help names is bound, so that the help cannot drift from the menus.
func TestMenuShortcutsInHelp(t *testing.T) {
	u := newTestUI(t, newPuzzle(grid.Cubes))
	named := map[string]bool{}
	for _, b := range keyTable {
		for _, c := range helpChords(b.keys) {
			named[c] = true
		}
	}
	n := 0
	bound := map[string]bool{
		"Ctrl+Y": true, // redo, a canvas shortcut (addShortcuts)
		"Ctrl+W": true, // the other windows' (newToolWindow, TestCtrlWClosesToolWindows)
	}
	var walk func(path string, m *fyne.Menu)
	walk = func(path string, m *fyne.Menu) {
		for _, it := range m.Items {
			if it.ChildMenu != nil {
				walk(path+" ▸ "+it.Label, it.ChildMenu)
			}
			if it.Shortcut == nil {
				continue
			}
			n++
			var text string
			switch sc := it.Shortcut.(type) {
			case *fyne.ShortcutUndo:
				text = "Ctrl+Z" // the driver's name for Ctrl+Z
			default:
				text = strings.Replace(shortcutText(sc), "+.", "+Period", 1)
			}
			bound[text] = true
			if !named[text] {
				t.Errorf("%s ▸ %s: %s is not in Help ▸ Keyboard Shortcuts", path, it.Label, text)
			}
		}
	}
	for _, m := range u.win.MainMenu().Items {
		walk(m.Label, m)
	}
	if n < 40 {
		t.Errorf("only %d menu items with a shortcut: the walk missed some", n)
	}
	// And the other way: every Ctrl or Alt chord the help names is bound.
	for c := range named {
		if (strings.HasPrefix(c, "Ctrl+") || strings.HasPrefix(c, "Alt+")) && !bound[c] {
			t.Errorf("the help names %s, which no menu item has", c)
		}
	}
}

// TestHelpChords checks the reading of the help's abbreviations.
func TestHelpChords(t *testing.T) {
	for keys, want := range map[string]string{
		"Alt+X / Y / Z":                "Alt+X|Alt+Y|Alt+Z",
		"Ctrl+S / Ctrl+Shift+S":        "Ctrl+S|Ctrl+Shift+S",
		"Ctrl+Shift+PgUp / PgDn":       "Ctrl+Shift+PgUp|Ctrl+Shift+PgDn",
		"Ctrl+Period, Escape":          "Ctrl+Period|Escape",
		"F5 / F6 / F7 / F8":            "F5|F6|F7|F8",
		"Ctrl+Alt+D, Ctrl+Alt+Shift+D": "Ctrl+Alt+D|Ctrl+Alt+Shift+D",
	} {
		if got := strings.Join(helpChords(keys), "|"); got != want {
			t.Errorf("%q: %q, want %q", keys, got, want)
		}
	}
}

// TestKeysDialog opens Help ▸ Keyboard Shortcuts in a 1280x800 window and
// checks that it shows every line of the table, keys beside their help,
// and fits in the window.
func TestKeysDialog(t *testing.T) {
	u := newTestUI(t, newPuzzle(grid.Cubes))
	u.win.Resize(fyne.NewSize(1280, 800))
	u.showKeys()
	top := u.win.Canvas().Overlays().Top()
	if top == nil {
		t.Fatal("no dialog")
	}
	texts := map[string]fyne.Position{}
	var titles []string
	var walk func(o fyne.CanvasObject, at fyne.Position)
	walk = func(o fyne.CanvasObject, at fyne.Position) {
		at = at.Add(o.Position())
		switch w := o.(type) {
		case *canvas.Text:
			texts[w.Text] = at
		case *widget.Label:
			titles = append(titles, w.Text)
		case fyne.Widget:
			for _, c := range test.WidgetRenderer(w).Objects() {
				walk(c, at)
			}
		case *fyne.Container:
			for _, c := range w.Objects {
				walk(c, at)
			}
		}
	}
	walk(top, fyne.Position{})
	for _, sec := range keyHelpSections() {
		if !slices.Contains(titles, sec.title) {
			t.Errorf("section %q missing", sec.title)
		}
		for _, b := range sec.lines {
			k, okK := texts[b.keys]
			h, okH := texts[b.help]
			if !okK || !okH || k.Y != h.Y || k.X >= h.X {
				t.Errorf("%q (%v at %v) and %q (%v at %v) are not a row", b.keys, okK, k, b.help, okH, h)
			}
		}
	}
	if sz, min := top.Size(), top.MinSize(); min.Width > 1280 || min.Height > 800 || sz.Width > 1280 || sz.Height > 800 {
		t.Errorf("the dialog is %v (at least %v), the window 1280x800", sz, min)
	}
}
