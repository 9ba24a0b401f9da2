package ui

import (
	"bytes"
	"image/png"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"github.com/burrlab/burrlab/assets"
)

// guideImage is a picture of the user guide, from the embedded files
// (Fyne's ImageSegment loads only from URIs).
type guideImage struct {
	res  fyne.Resource
	size fyne.Size // the picture's size in pixels, shown at that size
}

// Inline is false: pictures are blocks of their own.
func (g *guideImage) Inline() bool { return false }

// Textual returns what the picture stands for in text.
func (g *guideImage) Textual() string { return "Picture " + g.res.Name() }

// Visual returns the picture.
func (g *guideImage) Visual() fyne.CanvasObject {
	img := canvas.NewImageFromResource(g.res)
	img.FillMode = canvas.ImageFillContain
	img.SetMinSize(g.size)
	return container.NewCenter(img)
}

// Update shows the picture in a visual Visual made.
func (g *guideImage) Update(o fyne.CanvasObject) {
	img := o.(*fyne.Container).Objects[0].(*canvas.Image)
	img.Resource = g.res
	img.SetMinSize(g.size)
	img.Refresh()
}

// Select does nothing: pictures are not selectable.
func (g *guideImage) Select(_, _ fyne.Position) {}

// SelectedText is empty: pictures are not selectable.
func (g *guideImage) SelectedText() string { return "" }

// Unselect does nothing.
func (g *guideImage) Unselect() {}

// guideText turns the guide's Markdown into rich text with its pictures.
// A picture that is missing or broken shows as its caption.
func guideText() *widget.RichText {
	rt := widget.NewRichTextFromMarkdown(assets.Guide())
	rt.Wrapping = fyne.TextWrapWord
	for i, s := range rt.Segments {
		im, ok := s.(*widget.ImageSegment)
		if !ok {
			continue
		}
		seg := widget.RichTextSegment(&widget.TextSegment{Text: "[" + im.Title + "]", Style: widget.RichTextStyleInline})
		if b, err := assets.GuideImage(im.Source.Name()); err == nil {
			if cfg, err := png.DecodeConfig(bytes.NewReader(b)); err == nil {
				seg = &guideImage{res: fyne.NewStaticResource(im.Source.Name(), b), size: fyne.NewSize(float32(cfg.Width), float32(cfg.Height))}
			}
		}
		rt.Segments[i] = seg
	}
	return rt
}

// showGuide is Help ▸ User Guide: the guide in a window of its own, to
// keep open beside the puzzle.
func (u *App) showGuide() {
	if u.guide != nil {
		u.guide.RequestFocus()
		return
	}
	w := u.newToolWindow("BurrLab User Guide")
	w.SetContent(container.NewVScroll(container.NewPadded(guideText())))
	w.Resize(fyne.NewSize(640, 760))
	w.SetOnClosed(func() { u.guide = nil })
	u.guide = w
	w.Show()
}
