package ui

import (
	"fyne.io/fyne/v2"
)

// keyAction names what a plain key does where it is handled. Handlers
// ask the key table for the action of a typed key instead of switching on
// key names, so the keys a user reads in Help ▸ Keyboard Shortcuts are
// the keys that work.
type keyAction int

// The actions of keys that are not menu shortcuts. Lists handle the list
// actions when they have the focus; the window handles the rest for the
// tab shown.
const (
	keyNone keyAction = iota

	// Lists: the solution, shape, problem and piece lists.
	keyListUp
	keyListDown
	keyListPageUp
	keyListPageDown
	keyListFirst
	keyListLast

	// Shape editor.
	keyLayerUp
	keyLayerDown
	keyToolFill
	keyToolVariable
	keyToolErase
	keyToolColor

	// Solving.
	keySolveStart
	keySolveStop
	keyStepBack
	keyStepOn
	keyPlayPause

	// 3D views, when they have the focus.
	keyViewLeft
	keyViewRight
	keyViewUp
	keyViewDown
	keyViewZoomIn
	keyViewZoomOut
	keyViewReset

	numKeyActions // not an action: one past the last
)

// chord is one key with its modifiers.
type chord struct {
	key fyne.KeyName
	mod fyne.KeyModifier
}

// keyBinding is one line of the key table: the chords that trigger action
// in section, or, for mouse gestures and menu shortcuts (action keyNone),
// just what the help shows.
type keyBinding struct {
	section string
	keys    string // as the help shows them
	help    string
	action  keyAction
	chords  []chord
}

// Sections of the key table, in the order the help lists them.
const (
	secGeneral = "General"
	secLists   = "Lists (solutions, shapes, problems, pieces)"
	secEditor  = "Shape editor"
	secSolve   = "Solving"
	secPlace   = "Placement Browser (Tools menu)"
	secMoves   = "Movement Browser (Tools menu)"
	secView    = "3D views"
)

// keyTable lists every key and gesture of the app. Menu shortcuts are set
// on their menu items; they appear here for the help only, and
// TestMenuShortcutsInHelp checks that the two agree.
var keyTable = []keyBinding{
	{section: secGeneral, keys: "Ctrl+N", help: "new puzzle (the grid is set in Preferences)"},
	{section: secGeneral, keys: "Ctrl+O", help: "open a file"},
	{section: secGeneral, keys: "Ctrl+S / Ctrl+Shift+S", help: "save / save as"},
	{section: secGeneral, keys: "Ctrl+Q", help: "quit"},
	{section: secGeneral, keys: "Ctrl+Z", help: "undo"},
	{section: secGeneral, keys: "Ctrl+Shift+Z, Ctrl+Y", help: "redo"},
	{section: secGeneral, keys: "Alt+1 / 2 / 3", help: "Shapes, Problems, Solve tab"},
	{section: secGeneral, keys: "Ctrl+K", help: "constraint colours in the 3D views, or piece colours"},
	{section: secGeneral, keys: "Ctrl+W", help: "close a browser window or the guide"},
	{section: secGeneral, keys: "Escape / Enter", help: "cancel a dialog / close a message"},

	{section: secLists, keys: "↑ / ↓", help: "previous / next entry", action: keyListUp, chords: []chord{{key: fyne.KeyUp}}},
	{section: secLists, action: keyListDown, chords: []chord{{key: fyne.KeyDown}}},
	{section: secLists, keys: "Page Up / Page Down", help: "a page back / on", action: keyListPageUp, chords: []chord{{key: fyne.KeyPageUp}}},
	{section: secLists, action: keyListPageDown, chords: []chord{{key: fyne.KeyPageDown}}},
	{section: secLists, keys: "Home / End", help: "first / last entry", action: keyListFirst, chords: []chord{{key: fyne.KeyHome}}},
	{section: secLists, action: keyListLast, chords: []chord{{key: fyne.KeyEnd}}},
	{section: secLists, keys: "Tab / Shift+Tab, click", help: "move the keyboard on / back; a list, 3D view or editor that has it shows a coloured frame"},
	{section: secLists, keys: "Ctrl+G", help: "go to a solution: type its number and press Enter (Solve tab)"},

	{section: secEditor, keys: "F5 / F6 / F7 / F8", help: "fill, variable, erase, colour tool", action: keyToolFill, chords: []chord{{key: fyne.KeyF5}}},
	{section: secEditor, action: keyToolVariable, chords: []chord{{key: fyne.KeyF6}}},
	{section: secEditor, action: keyToolErase, chords: []chord{{key: fyne.KeyF7}}},
	{section: secEditor, action: keyToolColor, chords: []chord{{key: fyne.KeyF8}}},
	{section: secEditor, keys: "Page Up / Page Down, wheel", help: "layer up / down", action: keyLayerUp, chords: []chord{{key: fyne.KeyPageUp}}},
	{section: secEditor, action: keyLayerDown, chords: []chord{{key: fyne.KeyPageDown}}},
	{section: secEditor, keys: "left click, drag", help: "set (or clear) cells"},
	{section: secEditor, keys: "right click", help: "clear a cell"},
	{section: secEditor, keys: "Alt+R", help: "rectangle drawing (drag a rectangle)"},
	{section: secEditor, keys: "Alt+X / Y / Z", help: "column drawing along X / Y / Z"},
	{section: secEditor, keys: "Alt+Shift+X / Y / Z", help: "mirror drawing along X / Y / Z"},
	{section: secEditor, keys: "Alt+H", help: "fill holes"},
	{section: secEditor, keys: "Alt+I / Alt+Shift+I / Alt+U", help: "inside fixed / variable / no colour"},
	{section: secEditor, keys: "Alt+O / Alt+Shift+O / Alt+Shift+U", help: "outside fixed / variable / no colour"},
	{section: secEditor, keys: "Alt+C / Alt+M / Alt+S", help: "centre / minimise / scale down (cubes)"},
	{section: secEditor, keys: "Alt+A", help: "apply the shape tools to all shapes"},
	{section: secEditor, keys: "Ctrl+Shift+G", help: "convert a cube puzzle to another grid"},

	{section: secSolve, keys: "Ctrl+R, F9", help: "start", action: keySolveStart, chords: []chord{{key: fyne.KeyF9}}},
	{section: secSolve, keys: "Ctrl+Shift+R", help: "continue a stopped search"},
	{section: secSolve, keys: "Ctrl+Period, Escape", help: "stop", action: keySolveStop, chords: []chord{{key: fyne.KeyEscape}}},
	{section: secSolve, keys: "Space", help: "play or pause the disassembly (Solve tab)", action: keyPlayPause, chords: []chord{{key: fyne.KeySpace}}},
	{section: secSolve, keys: "← / →", help: "a move back / on in the disassembly (Solve tab)", action: keyStepBack, chords: []chord{{key: fyne.KeyLeft}}},
	{section: secSolve, action: keyStepOn, chords: []chord{{key: fyne.KeyRight}}},
	{section: secSolve, keys: "Ctrl+Del, Ctrl+Shift+Del", help: "delete the selected / all solutions"},
	{section: secSolve, keys: "Ctrl+Shift+PgUp / PgDn", help: "delete the solutions before / after the selected"},
	{section: secSolve, keys: "Ctrl+Shift+U", help: "delete the solutions without a disassembly"},
	{section: secSolve, keys: "Ctrl+D, Ctrl+Shift+D", help: "take the selected / all solutions apart"},
	{section: secSolve, keys: "Ctrl+Alt+D, Ctrl+Alt+Shift+D", help: "remove the selected / all disassemblies"},

	{section: secPlace, keys: "←/→, ↑/↓, Page Up/Down", help: "one, 10, 100 placements back or on; Home/End first, last"},
	{section: secMoves, keys: "←/→, ↓/↑, Page Down/Up", help: "move the selected pieces along the grid's directions (the window lists them), also when its 3D view has the focus"},
	{section: secMoves, keys: "1–9, Backspace", help: "add or remove piece 1–9 from the selection; back to the state before"},

	{section: secView, keys: "click, Tab", help: "give the view the focus (a frame marks it) for the keys below"},
	{section: secView, keys: "← / → / ↑ / ↓", help: "turn left / right / up / down", action: keyViewLeft, chords: []chord{{key: fyne.KeyLeft}}},
	{section: secView, action: keyViewRight, chords: []chord{{key: fyne.KeyRight}}},
	{section: secView, action: keyViewUp, chords: []chord{{key: fyne.KeyUp}}},
	{section: secView, action: keyViewDown, chords: []chord{{key: fyne.KeyDown}}},
	// Names as Fyne's GLFW driver sends them (measured under Xvfb with a
	// US layout): Shift+= arrives as "=" with Shift held, the keypad's +
	// as "+", both minus keys as "-", the keypad's 0 as "0". Layouts with
	// a "+" key of its own send "+".
	{section: secView, keys: "+ / −  (=, keypad + / −)", help: "zoom in / out", action: keyViewZoomIn, chords: []chord{
		{key: fyne.KeyPlus}, {key: fyne.KeyPlus, mod: fyne.KeyModifierShift},
		{key: fyne.KeyEqual}, {key: fyne.KeyEqual, mod: fyne.KeyModifierShift}}},
	{section: secView, action: keyViewZoomOut, chords: []chord{{key: fyne.KeyMinus}}},
	{section: secView, keys: "0, Ctrl+0", help: "reset the view (also the button at its top right)", action: keyViewReset, chords: []chord{{key: fyne.Key0}}},
	{section: secView, keys: "drag, wheel", help: "turn, zoom"},
	{section: secView, keys: "middle drag, Shift+drag", help: "pan"},
	{section: secView, keys: "Shift+click a piece", help: "cycle it visible, outlined, hidden (Solve tab; or click its square below the view)"},
	{section: secView, keys: "Ctrl+Shift+H", help: "show all pieces again"},
	{section: secView, keys: "Ctrl+Shift+E", help: "exploded view on or off (and the Exploded slider)"},
	{section: secView, keys: "Ctrl+Shift+F", help: "fade out removed pieces in a disassembly, or not"},
}

// keyActionOf is the action the key table gives ev in section, or keyNone.
// Modifiers must match exactly, so Ctrl+Home is not Home.
func keyActionOf(section string, ev *fyne.KeyEvent, mod fyne.KeyModifier) keyAction {
	for _, b := range keyTable {
		if b.section != section {
			continue
		}
		for _, c := range b.chords {
			if c.key == ev.Name && c.mod == mod {
				return b.action
			}
		}
	}
	return keyNone
}
