package ui

import (
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// keyHelpSection is one section of Help ▸ Keyboard Shortcuts: the lines
// of the key table that have keys to show, in the table's order.
type keyHelpSection struct {
	title string
	lines []keyBinding
}

// keyHelpSections groups the key table's lines with keys by section, in
// the order the sections first appear.
func keyHelpSections() []keyHelpSection {
	var out []keyHelpSection
	at := map[string]int{}
	for _, b := range keyTable {
		if b.keys == "" {
			continue // a further chord of the line above
		}
		i, ok := at[b.section]
		if !ok {
			i = len(out)
			at[b.section] = i
			out = append(out, keyHelpSection{title: b.section})
		}
		out[i].lines = append(out[i].lines, b)
	}
	return out
}

// keyHelpContent lays the key table out as the help dialog shows it: per
// section a heading, then the keys in bold in a left column and what they
// do beside them, all in a scroll.
func keyHelpContent() fyne.CanvasObject {
	sections := keyHelpSections()
	// One width for the keys of all sections, so that the columns line up.
	var keyW float32
	keys := make([][]*widget.Label, len(sections))
	for k, sec := range sections {
		for _, b := range sec.lines {
			l := widget.NewLabelWithStyle(b.keys, fyne.TextAlignTrailing, fyne.TextStyle{Bold: true})
			keys[k] = append(keys[k], l)
			keyW = max(keyW, l.MinSize().Width)
		}
	}
	box := container.NewVBox()
	for k, sec := range sections {
		if k > 0 {
			box.Add(widget.NewSeparator())
		}
		head := widget.NewLabelWithStyle(sec.title, fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
		head.SizeName = theme.SizeNameSubHeadingText
		box.Add(head)
		rows := container.New(layout.NewFormLayout())
		for i, b := range sec.lines {
			width := canvas.NewRectangle(color.Transparent)
			width.SetMinSize(fyne.NewSize(keyW, 0))
			rows.Add(container.NewStack(width, keys[k][i]))
			rows.Add(widget.NewLabel(b.help))
		}
		box.Add(rows)
	}
	return container.NewVScroll(box)
}

// showKeys opens Help ▸ Keyboard Shortcuts, sized to leave the window's
// edges free on a small screen (1280x800).
func (u *App) showKeys() {
	d := dialog.NewCustom("Keyboard Shortcuts", "Close", keyHelpContent(), u.win)
	win := u.win.Canvas().Size()
	d.Resize(fyne.NewSize(min(900, win.Width-40), min(700, win.Height-40)))
	d.Show()
}
