package ui

import (
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
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
// section a heading, then the keys in bold in a right-aligned column and
// what they do beside them, all in a scroll. The lines are plain text
// rather than labels, whose padding would make the table twice as long.
func keyHelpContent() fyne.CanvasObject {
	sections := keyHelpSections()
	// One width for the keys of all sections, so that the columns line up.
	var keyW float32
	keys := make([][]*canvas.Text, len(sections))
	for k, sec := range sections {
		for _, b := range sec.lines {
			l := helpText(b.keys, true)
			l.Alignment = fyne.TextAlignTrailing
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
		rows := container.NewVBox()
		for i, b := range sec.lines {
			// The keys' column: keyW wide, and a gap before the text.
			col := canvas.NewRectangle(color.Transparent)
			col.SetMinSize(fyne.NewSize(keyW+theme.Padding(), 0))
			gap := canvas.NewRectangle(color.Transparent)
			gap.SetMinSize(fyne.NewSize(2*theme.Padding(), 0))
			left := container.NewHBox(container.NewStack(col, keys[k][i]), gap)
			rows.Add(container.NewBorder(nil, nil, left, nil, helpText(b.help, false)))
		}
		box.Add(container.NewPadded(rows))
	}
	return container.NewVScroll(box)
}

// helpText is one cell of the help's table in the theme's text colour.
func helpText(s string, bold bool) *canvas.Text {
	t := canvas.NewText(s, theme.Color(theme.ColorNameForeground))
	t.TextStyle.Bold = bold
	return t
}

// showKeys opens Help ▸ Keyboard Shortcuts, sized to leave the window's
// edges free on a small screen (1280x800).
func (u *App) showKeys() {
	d := dialog.NewCustom("Keyboard Shortcuts", "Close", keyHelpContent(), u.win)
	win := u.win.Canvas().Size()
	d.Resize(fyne.NewSize(min(900, win.Width-40), min(700, win.Height-40)))
	d.Show()
}
