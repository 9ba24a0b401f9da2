package ui

import (
	"fmt"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/widget"

	"github.com/burrlab/burrlab/model"
	"github.com/burrlab/burrlab/model/grid"
)

// This file holds File ▸ Convert: turning a cube puzzle into a rhombic or
// tetra-octa one (model.Convert), as one undoable step.

// convertMenuItem returns the File menu's Convert item.
func (u *App) convertMenuItem() *fyne.MenuItem {
	it := fyne.NewMenuItem("Convert to Another Grid…", u.convertDialog)
	it.Shortcut = &desktop.CustomShortcut{KeyName: fyne.KeyG, Modifier: fyne.KeyModifierShortcutDefault | fyne.KeyModifierShift}
	return it
}

// convertDialog asks for the grid to convert the puzzle to.
func (u *App) convertDialog() {
	from := u.doc.Puzzle().Grid
	targets := model.ConvertTargets(from)
	if len(targets) == 0 {
		dialog.ShowInformation("Convert", fmt.Sprintf("A %v puzzle cannot be converted.\nCube puzzles convert to the rhombic and the tetra-octa grid.", from), u.win)
		return
	}
	var opts []string
	for _, t := range targets {
		opts = append(opts, fmt.Sprintf("%s: each cube becomes %d cells", gridTitle(t), model.CellsPerCube(t)))
	}
	choice := widget.NewRadioGroup(opts, nil)
	choice.Required = true
	choice.SetSelected(opts[0])
	note := widget.NewLabel("Shapes, colours and problems are kept; stored solutions are dropped.\nUndo returns to the cube puzzle.")
	content := widget.NewForm(widget.NewFormItem("Convert to", choice), widget.NewFormItem("", note))
	dialog.ShowCustomConfirm("Convert Puzzle", "Convert", "Cancel", content, func(ok bool) {
		if !ok {
			return
		}
		for i, o := range opts {
			if o == choice.Selected {
				u.convertTo(targets[i])
			}
		}
	}, u.win)
}

// convertTo converts the puzzle to grid to as one undoable step.
func (u *App) convertTo(to grid.Type) {
	u.solve.stop()
	if u.edit(fmt.Sprintf("convert to %v", to), func(p *model.Puzzle) error {
		c, err := model.Convert(p, to)
		if err != nil {
			return err
		}
		*p = *c
		return nil
	}) {
		u.setStatus(fmt.Sprintf("Converted to the %v grid: each cube is now %d cells", to, model.CellsPerCube(to)))
	}
}

// syncGrid follows a change of the puzzle's grid (a conversion, or undoing
// one): the editors' grid-specific tools and the solve tab start afresh.
func (u *App) syncGrid() {
	t := u.doc.Puzzle().Grid
	if u.g == nil || u.g.Type() == t {
		return
	}
	g, err := grid.New(t)
	if err != nil {
		u.showError(err)
		return
	}
	u.solve.stop()
	u.g = g
	u.shapes.gridChanged()
	u.solve.documentChanged()
}
