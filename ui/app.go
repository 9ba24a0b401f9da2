// Package ui is BurrLab's desktop interface, built with Fyne: the main
// window with its menus, the shape editor, the problem editor, the solve
// panel with its solution list, and the 3D view.
//
// Data flows one way (ARCHITECTURE.md): the editors change the puzzle only
// through the Document's edit steps, which the undo history records; the
// solver runs on a copy of one problem in goroutines and its events reach the
// widgets in batches through fyne.Do. Nothing here imports
// fyne.io/fyne/v2/app, so tests run with fyne.io/fyne/v2/test and no display.
package ui

import (
	"fmt"
	"path/filepath"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/burrlab/burrlab/assets"
	"github.com/burrlab/burrlab/model"
	"github.com/burrlab/burrlab/model/grid"
)

// The three tabs, in order.
const (
	tabShapes = iota
	tabProblems
	tabSolve
)

// App is the main window and everything in it.
type App struct {
	fyne fyne.App
	win  fyne.Window
	doc  *Document
	g    grid.Grid
	// title is what the window title calls the document when it has no
	// path (an example or a new puzzle).
	title string

	view View // the tab, shape, problem and layer on screen

	tabs     *container.AppTabs
	shapes   *shapesTab
	problems *problemsTab
	solve    *solveTab

	status     *widget.Label
	statusInfo *widget.Label
	tips       *tipLayer
	// statusMsg is the last message of the status line, and statusHover
	// what the pointer is over, shown in its place until it leaves.
	statusMsg, statusHover string

	// showColors paints constraint colours in the 3D views instead of
	// piece colours (View ▸ Constraint Colours). Off by default, as in
	// BurrTools: in an assembly the pieces are what one wants to tell apart.
	showColors bool

	undoItem, redoItem            *fyne.MenuItem
	startItem, contItem, stopItem *fyne.MenuItem
	colorsItem                    *fyne.MenuItem
	menu                          *fyne.MainMenu
	guarded                       map[*fyne.MenuItem]bool // menu items that wait for dialogs (menu_guard.go)

	// uiDo runs a function on the UI thread: fyne.Do in the app. Fyne's
	// test driver runs fyne.Do at once on the calling goroutine, which
	// races with the test, so tests replace it; everything that reaches the
	// UI from a goroutine of its own goes through u.do.
	uiDo func(func())

	rec     *recoverer  // unsaved changes in the cache directory (recovery.go)
	fileJob *fileJob    // the file being opened or saved (files.go)
	guide   fyne.Window // Help ▸ User Guide while open (guide.go)

	exitFunc func() // ends the app after a quit (SetExit); nil closes the window
}

// do runs f on the UI thread through u.uiDo, looked up at each call so
// that a test can replace it after New.
func (u *App) do(f func()) { u.uiDo(f) }

// New builds the main window's content and menus in w.
func New(a fyne.App, w fyne.Window) *App {
	u := &App{fyne: a, win: w, uiDo: fyne.Do}
	u.tips = newTipLayer(u.do)
	u.applyTheme() // before the widgets, which take some colours when made
	u.status = widget.NewLabel("")
	u.status.Truncation = fyne.TextTruncateEllipsis
	u.statusInfo = widget.NewLabel("")
	u.statusInfo.Alignment = fyne.TextAlignTrailing

	u.doc = NewDocument(newPuzzle(grid.Cubes), "")
	u.g = grid.Must(grid.Cubes)
	u.shapes = newShapesTab(u)
	u.problems = newProblemsTab(u)
	u.solve = newSolveTab(u)
	u.tabs = container.NewAppTabs(
		container.NewTabItemWithIcon("Shapes", theme.GridIcon(), u.shapes.content),
		container.NewTabItemWithIcon("Problems", theme.ListIcon(), u.problems.content),
		container.NewTabItemWithIcon("Solve", theme.MediaPlayIcon(), u.solve.content),
	)
	u.tabs.OnSelected = func(*container.TabItem) {
		// A tooltip waiting for the pointer's pause would otherwise show
		// over the new tab, for a button no longer there (Alt+3 while the
		// pointer rests on a button).
		u.unhint()
		u.hoverStatus("") // nor the cell the pointer rested on
		u.view.Tab = u.tabs.SelectedIndex()
		u.refresh()
	}

	sep := canvas.NewRectangle(theme.Color(theme.ColorNameSeparator))
	sep.SetMinSize(fyne.NewSize(1, 1))
	statusBar := container.NewBorder(sep, nil, nil, u.statusInfo, u.status)
	main := container.NewBorder(nil, statusBar, nil, nil, u.tabs)
	w.SetContent(container.NewStack(main, u.tips.layer))

	u.buildMenu()
	u.addShortcuts()
	w.SetCloseIntercept(u.closeRequested)
	w.SetOnDropped(u.dropped)
	if icon, err := assets.Icon("app.png"); err == nil {
		w.SetIcon(fyne.NewStaticResource("burrlab.png", icon))
	}
	u.setDocument(u.doc, "Untitled")
	u.applyPrefs()
	return u
}

// hint shows a tooltip for obj and its text in the status line.
func (u *App) hint(text string, obj fyne.CanvasObject) {
	u.tips.show(text, obj)
}

func (u *App) unhint() { u.tips.hide() }

// setStatus shows a message in the status line until the next one.
func (u *App) setStatus(msg string) {
	u.statusMsg, u.statusHover = msg, ""
	u.status.SetText(msg)
}

// hoverStatus shows what the pointer is over in the status line in place
// of the last message, which comes back when the pointer leaves (text
// ""): a pass over the grid must not wipe out "Saved ..." for good, nor
// leave a cell of the Shapes tab on the status line of another tab.
func (u *App) hoverStatus(text string) {
	if text == u.statusHover {
		return
	}
	u.statusHover = text
	if text == "" {
		text = u.statusMsg
	}
	u.status.SetText(text)
}

// newPuzzle returns an empty puzzle of grid t with one empty shape and one
// problem, ready to draw in.
func newPuzzle(t grid.Type) *model.Puzzle {
	p := &model.Puzzle{Grid: t}
	p.AddShape(newShape(t, ""))
	p.AddProblem("")
	return p
}

// newShape returns an empty shape of a size that suits the grid.
func newShape(t grid.Type, name string) model.Shape {
	size := grid.Vec{4, 4, 4}
	switch t {
	case grid.Prisms:
		size = grid.Vec{7, 4, 3}
	case grid.Spheres:
		size = grid.Vec{5, 5, 5}
	case grid.Rhombic:
		size = grid.Vec{10, 10, 10}
	case grid.TetraOcta:
		size = grid.Vec{6, 6, 6}
	}
	s := model.NewShape(size)
	s.Name = name
	return s
}

// setDocument shows doc; title names it when it has no path.
func (u *App) setDocument(doc *Document, title string) {
	u.solve.stop()
	g, err := doc.Puzzle().GridOf()
	if err != nil {
		u.showError(err)
		return
	}
	u.doc, u.g, u.title = doc, g, title
	u.view = View{Tab: u.view.Tab}
	if len(doc.Puzzle().Shapes) == 0 {
		u.view.Shape = -1
	}
	if len(doc.Puzzle().Problems) == 0 {
		u.view.Problem = -1
	}
	u.view.Layer = u.shapes.usefulLayer(u.view.Shape, 0)
	u.shapes.gridChanged()
	u.solve.documentChanged()
	u.refresh()
	u.setStatus(fmt.Sprintf("Opened %s: %v grid, %s, %s", u.docName(), g.Type(), count(len(doc.Puzzle().Shapes), "shape", "shapes"), count(len(doc.Puzzle().Problems), "problem", "problems")))
	if p := doc.Puzzle(); p.CommentPopup && strings.TrimSpace(p.Comment) != "" {
		dialog.ShowInformation(u.docName(), p.Comment, u.win)
	}
}

func (u *App) docName() string {
	if u.doc.Path != "" {
		return filepath.Base(u.doc.Path)
	}
	return u.title
}

// refresh brings every widget up to date with the document and the view.
func (u *App) refresh() {
	u.syncGrid()
	p := u.doc.Puzzle()
	u.view.Shape = clampIndex(u.view.Shape, len(p.Shapes))
	u.view.Problem = clampIndex(u.view.Problem, len(p.Problems))
	title := u.docName() + " — BurrLab"
	if u.doc.Dirty() {
		title = "*" + title
	}
	u.win.SetTitle(title)
	u.refreshMenu()
	u.statusInfo.SetText(fmt.Sprintf("%v grid · %s · %s", u.g.Type(), count(len(p.Shapes), "shape", "shapes"), count(len(p.Problems), "problem", "problems")))
	switch u.tabs.SelectedIndex() {
	case tabShapes:
		u.shapes.refresh()
	case tabProblems:
		u.problems.refresh()
	case tabSolve:
		u.solve.refresh()
	}
}

// clampIndex keeps a selection inside a list of n items (-1 when empty).
func clampIndex(i, n int) int {
	if n == 0 {
		return -1
	}
	return max(0, min(i, n-1))
}

// edit applies fn as one undoable step and refreshes the window. Errors are
// shown in a dialog; the puzzle stays as it was.
func (u *App) edit(label string, fn func(p *model.Puzzle) error) bool {
	if err := u.doc.Edit(label, u.view, fn); err != nil {
		u.showError(err)
		u.refresh()
		return false
	}
	u.refresh()
	return true
}

// Undo reverts the last step and shows where it happened.
func (u *App) Undo() {
	u.commitTyping()
	label, v, ok := u.doc.Undo()
	if !ok {
		u.setStatus("Nothing to undo")
		return
	}
	u.restoreView(v)
	u.setStatus("Undid: " + label)
}

// Redo repeats the last undone step.
func (u *App) Redo() {
	u.commitTyping()
	label, v, ok := u.doc.Redo()
	if !ok {
		u.setStatus("Nothing to redo")
		return
	}
	u.restoreView(v)
	u.setStatus("Redid: " + label)
}

// commitTyping takes the focus from a text field, which commits what was
// typed there as an edit of its own. The menu gets Ctrl+Z before a focused
// field does, so without this Undo would revert the step before the typing
// and the field would then commit its stale text over the undone state.
func (u *App) commitTyping() {
	if c := u.win.Canvas(); c.Focused() != nil {
		c.Unfocus()
	}
}

func (u *App) restoreView(v View) {
	u.view = v
	if u.tabs.SelectedIndex() != v.Tab {
		u.tabs.SelectIndex(v.Tab) // refreshes through OnSelected
	}
	u.refresh()
}

func (u *App) showError(err error) {
	dialog.ShowError(err, u.win)
}

// buildMenu sets the main menu; it is rebuilt when the recent files change.
func (u *App) buildMenu() {
	var newItems []*fyne.MenuItem
	for t := grid.Type(0); t < grid.NumTypes; t++ {
		t := t
		newItems = append(newItems, fyne.NewMenuItem(strings.ToUpper(t.String()[:1])+t.String()[1:], func() { u.NewPuzzle(t) }))
	}
	newItem := fyne.NewMenuItem("New", nil)
	newItem.ChildMenu = fyne.NewMenu("", newItems...)
	newCubes := fyne.NewMenuItem("New "+gridTitle(u.newGrid())+" Puzzle", func() { u.NewPuzzle(u.newGrid()) })
	newCubes.Shortcut = &desktop.CustomShortcut{KeyName: fyne.KeyN, Modifier: fyne.KeyModifierShortcutDefault}

	open := fyne.NewMenuItem("Open…", u.openDialog)
	open.Shortcut = &desktop.CustomShortcut{KeyName: fyne.KeyO, Modifier: fyne.KeyModifierShortcutDefault}
	recent := fyne.NewMenuItem("Open Recent", nil)
	var recentItems []*fyne.MenuItem
	for _, path := range u.recentFiles() {
		path := path
		recentItems = append(recentItems, fyne.NewMenuItem(path, func() { u.OpenPath(path) }))
	}
	if len(recentItems) == 0 {
		none := fyne.NewMenuItem("No recent files", nil)
		none.Disabled = true
		recentItems = append(recentItems, none)
	} else {
		recentItems = append(recentItems, fyne.NewMenuItemSeparator(), fyne.NewMenuItem("Clear List", func() {
			u.fyne.Preferences().SetStringList(prefRecent, nil)
			u.buildMenu()
		}))
	}
	recent.ChildMenu = fyne.NewMenu("", recentItems...)
	examples := fyne.NewMenuItem("Open Example", nil)
	var exItems []*fyne.MenuItem
	for _, ex := range assets.Examples() {
		ex := ex
		exItems = append(exItems, fyne.NewMenuItem(ex.Title, func() { u.OpenExample(ex.File) }))
	}
	examples.ChildMenu = fyne.NewMenu("", exItems...)

	save := fyne.NewMenuItem("Save", u.Save)
	save.Shortcut = &desktop.CustomShortcut{KeyName: fyne.KeyS, Modifier: fyne.KeyModifierShortcutDefault}
	saveAs := fyne.NewMenuItem("Save As…", u.saveAsDialog)
	saveAs.Shortcut = &desktop.CustomShortcut{KeyName: fyne.KeyS, Modifier: fyne.KeyModifierShortcutDefault | fyne.KeyModifierShift}
	quit := fyne.NewMenuItem("Quit", u.closeRequested)
	quit.IsQuit = true
	quit.Shortcut = &desktop.CustomShortcut{KeyName: fyne.KeyQ, Modifier: fyne.KeyModifierShortcutDefault}
	file := fyne.NewMenu("File", newCubes, newItem, fyne.NewMenuItemSeparator(), open, recent, examples,
		fyne.NewMenuItemSeparator(), save, saveAs, u.exportMenu(), u.convertMenuItem(), fyne.NewMenuItemSeparator(), quit)

	u.undoItem = fyne.NewMenuItem("Undo", u.Undo)
	// The desktop driver turns Ctrl+Z into fyne.ShortcutUndo (and Ctrl+Y
	// into fyne.ShortcutRedo), never into a CustomShortcut, and matches
	// menu items by shortcut name: only this type makes the key work.
	u.undoItem.Shortcut = &fyne.ShortcutUndo{}
	u.redoItem = fyne.NewMenuItem("Redo", u.Redo)
	u.redoItem.Shortcut = &desktop.CustomShortcut{KeyName: fyne.KeyZ, Modifier: fyne.KeyModifierShortcutDefault | fyne.KeyModifierShift}
	comment := fyne.NewMenuItem("Puzzle Comment…", u.editComment)
	prefs := fyne.NewMenuItem("Preferences…", u.showPreferences)
	edit := fyne.NewMenu("Edit", append(append([]*fyne.MenuItem{u.undoItem, u.redoItem, fyne.NewMenuItemSeparator(), comment, u.importAssembliesItem()}, u.editorMenuItems()...), fyne.NewMenuItemSeparator(), prefs)...)

	goShapes := fyne.NewMenuItem("Shapes", func() { u.tabs.SelectIndex(tabShapes) })
	goShapes.Shortcut = &desktop.CustomShortcut{KeyName: fyne.Key1, Modifier: fyne.KeyModifierAlt}
	goProblems := fyne.NewMenuItem("Problems", func() { u.tabs.SelectIndex(tabProblems) })
	goProblems.Shortcut = &desktop.CustomShortcut{KeyName: fyne.Key2, Modifier: fyne.KeyModifierAlt}
	goSolve := fyne.NewMenuItem("Solve", func() { u.tabs.SelectIndex(tabSolve) })
	goSolve.Shortcut = &desktop.CustomShortcut{KeyName: fyne.Key3, Modifier: fyne.KeyModifierAlt}
	u.colorsItem = fyne.NewMenuItem("Constraint Colours", func() { u.setShowColors(!u.showColors) })
	u.colorsItem.Shortcut = &desktop.CustomShortcut{KeyName: fyne.KeyK, Modifier: fyne.KeyModifierShortcutDefault}
	view := fyne.NewMenu("View", append([]*fyne.MenuItem{goShapes, goProblems, goSolve, fyne.NewMenuItemSeparator(), u.colorsItem}, u.view3DMenuItems()...)...)

	u.startItem = fyne.NewMenuItem("Start", func() { u.tabs.SelectIndex(tabSolve); u.solve.start() })
	u.startItem.Shortcut = &desktop.CustomShortcut{KeyName: fyne.KeyR, Modifier: fyne.KeyModifierShortcutDefault}
	u.contItem = fyne.NewMenuItem("Continue", func() { u.tabs.SelectIndex(tabSolve); u.solve.resume() })
	u.contItem.Shortcut = &desktop.CustomShortcut{KeyName: fyne.KeyR, Modifier: fyne.KeyModifierShortcutDefault | fyne.KeyModifierShift}
	u.stopItem = fyne.NewMenuItem("Stop", u.solve.stop)
	u.stopItem.Shortcut = &desktop.CustomShortcut{KeyName: fyne.KeyPeriod, Modifier: fyne.KeyModifierShortcutDefault}
	solve := fyne.NewMenu("Solve", u.startItem, u.contItem, u.stopItem, fyne.NewMenuItemSeparator(), u.gotoItem(), u.memoryBudgetItem())

	tools := fyne.NewMenu("Tools", u.browserMenuItems()...)

	guide := fyne.NewMenuItem("User Guide", u.showGuide)
	keys := fyne.NewMenuItem("Keyboard Shortcuts", u.showKeys)
	about := fyne.NewMenuItem("About BurrLab", func() {
		dialog.ShowInformation("About BurrLab", "BurrLab designs and solves assembly puzzles:\nburrs, polycube packings, boxes, sphere and prism puzzles.\n\nIt reads and writes BurrTools .xmpuzzle files.", u.win)
	})
	help := fyne.NewMenu("Help", guide, keys, about)

	u.menu = fyne.NewMainMenu(file, edit, view, solve, u.solve.tools.menu, tools, help)
	u.guardMenu(u.menu)
	u.win.SetMainMenu(u.menu)
	u.refreshMenu()
}

// setShowColors switches the 3D views between constraint colours and piece
// colours.
func (u *App) setShowColors(on bool) {
	u.showColors = on
	u.colorsItem.Checked = on
	u.menu.Refresh()
	for _, v := range []*view3D{u.shapes.preview, u.problems.preview, u.solve.view} {
		v.raster.Refresh()
	}
}

// refreshMenu updates the undo and redo items.
func (u *App) refreshMenu() {
	if u.undoItem == nil {
		return
	}
	changed := false
	set := func(it *fyne.MenuItem, label string, can bool) {
		if it.Label != label || it.Disabled == can {
			it.Label, it.Disabled = label, !can
			changed = true
		}
	}
	set(u.undoItem, strings.TrimSpace("Undo "+u.doc.UndoLabel()), u.doc.CanUndo())
	set(u.redoItem, strings.TrimSpace("Redo "+u.doc.RedoLabel()), u.doc.CanRedo())
	if changed {
		u.menu.Items[1].Refresh()
	}
	c := u.solve.ctl
	solveChanged := false
	for _, s := range []struct {
		it *fyne.MenuItem
		on bool
	}{{u.startItem, !c.start.Disabled()}, {u.contItem, !c.cont.Disabled()}, {u.stopItem, !c.stop.Disabled()}} {
		if s.it.Disabled == s.on {
			s.it.Disabled = !s.on
			solveChanged = true
		}
	}
	if solveChanged {
		u.menu.Items[3].Refresh()
	}
	u.solve.tools.refresh()
}

// addShortcuts registers the keys that are not menu items: Ctrl+Y for
// redo (the driver sends it as fyne.ShortcutRedo), and F5-F8 for the
// editor's tools as in BurrTools.
func (u *App) addShortcuts() {
	c := u.win.Canvas()
	c.AddShortcut(&fyne.ShortcutRedo{}, func(fyne.Shortcut) { u.unlessCovered(u.Redo)() })
	c.SetOnTypedKey(u.passKey)
}

// passKey handles the window's keys: those typed with no widget focused,
// and those a focused check, select or slider passes on.
func (u *App) passKey(ev *fyne.KeyEvent) {
	if top := u.win.Canvas().Overlays().Top(); top != nil {
		// A dialog is open: F9 must not start a search behind it, but
		// Escape and Enter answer it.
		answerDialog(top, ev.Name)
		return
	}
	mod := keyModifiers()
	switch u.tabs.SelectedIndex() {
	case tabShapes:
		u.shapes.typedKey(ev, mod)
	case tabSolve:
		u.solve.typedKey(ev, mod)
	}
}

// keyModifiers are the modifier keys held now; the headless test driver
// has none.
func keyModifiers() fyne.KeyModifier {
	if d, ok := fyne.CurrentApp().Driver().(desktop.Driver); ok {
		return d.CurrentKeyModifiers()
	}
	return 0
}

func (u *App) editComment() {
	e := newDialogMultiLineEntry(u)
	e.SetText(u.doc.Puzzle().Comment)
	e.SetMinRowsVisible(8)
	popup := widget.NewCheck("Show when the file is opened", nil)
	popup.SetChecked(u.doc.Puzzle().CommentPopup)
	content := container.NewBorder(nil, popup, nil, nil, e)
	d := dialog.NewCustomConfirm("Puzzle Comment", "Apply", "Cancel", content, func(ok bool) {
		if !ok {
			return
		}
		u.edit("Edit comment", func(p *model.Puzzle) error {
			if p.Comment == e.Text && p.CommentPopup == popup.Checked {
				return errNoChange
			}
			p.Comment, p.CommentPopup = e.Text, popup.Checked
			return nil
		})
	}, u.win)
	d.Resize(fyne.NewSize(520, 320))
	d.Show()
}

// closeRequested asks about unsaved changes, stops the solver and quits.
func (u *App) closeRequested() {
	u.confirmDiscard("quit", func() {
		u.rememberPlace() // while the window is there (winpos.go)
		if u.doc.Dirty() {
			// Don't Save: the changes were given up on purpose, and the
			// next start must not offer them back.
			u.shutdown(u.endRecovery)
		} else {
			u.Shutdown()
		}
		u.exit()
	})
}

// Terminate ends the app without asking, as the end of a desktop session
// does (SIGTERM): unsaved changes, and a running search's last
// checkpoint, stay in the recovery directory for the next start to offer
// back, instead of going with the session. Call it on the UI thread.
func (u *App) Terminate() {
	u.rememberPlace()
	u.autosave() // before the search stops, so that its checkpoint goes too
	u.shutdown(u.keepRecovery)
	u.exit()
}

// SetExit sets what ends the app once it has shut down (quit, Terminate).
// The default closes the window, which ends Fyne's loop.
func (u *App) SetExit(f func()) { u.exitFunc = f }

func (u *App) exit() {
	if u.exitFunc != nil {
		u.exitFunc()
		return
	}
	u.win.Close()
}

// Shutdown stops background work (a running solve and its feed) and ends
// the recovery session. Call it before the app quits.
func (u *App) Shutdown() { u.shutdown(u.keepRecovery) }

// shutdown stops background work and then the recovery session by
// ending or keeping it.
func (u *App) shutdown(recovery func()) {
	u.solve.shutdown()
	u.shapes.info.stop()
	u.tips.hide()
	recovery()
	u.rememberWindow()
}
