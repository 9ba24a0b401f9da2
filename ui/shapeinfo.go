package ui

import (
	"context"
	"fmt"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"

	"github.com/burrlab/burrlab/model"
	"github.com/burrlab/burrlab/model/analysis"
	"github.com/burrlab/burrlab/model/grid"
)

// shapeInfoPanel is the Shapes tab's "Shape information" (BurrTools'
// status window, for the shape on screen): its cells, the shapes it is
// identical to, its symmetry, connectivity and holes, and for cubes
// whether it can be milled or notched. The analysis runs in a goroutine
// on a copy of the shapes when it is big, so that large shapes never hold
// up the editor; each new request cancels the one before. Small analyses
// (most shapes) are done at once, which spares the labels a flicker.
type shapeInfoPanel struct {
	u       *App
	content fyne.CanvasObject

	cells, related, symmetry, connected, holes, tools *widget.Label

	key    string             // what the labels show: document state and shape
	cancel context.CancelFunc // stops the running analysis
	gen    int                // counts requests; a stale result is dropped
	// syncWork is the largest estimated work done at once, on the UI
	// thread (see work); tests lower it to run the background path.
	syncWork int
	// do runs a function on the UI thread: fyne.Do, or a test's queue.
	do func(func())
}

// maxRelated is how many related shapes the panel names before "and N
// more".
const maxRelated = 8

// defaultSyncWork is a few milliseconds of analysis.
const defaultSyncWork = 300_000

// work estimates the cost of analysing shape i: a pass over its space, and
// each of its cells turned by every orientation for itself and for each
// shape that could be identical to it (same cell counts).
func work(g grid.Grid, shapes []model.Shape, i int) int {
	s := &shapes[i]
	filled, variable := s.Count(model.Filled), s.Count(model.Variable)
	candidates := 1
	for j := range shapes {
		if j != i && shapes[j].Count(model.Filled) == filled && shapes[j].Count(model.Variable) == variable {
			candidates++
		}
	}
	return len(s.Voxels) + (filled+variable)*2*g.Orientations()*candidates
}

func newShapeInfoPanel(u *App) *shapeInfoPanel {
	pl := &shapeInfoPanel{u: u, do: u.do, syncWork: defaultSyncWork}
	label := func() *widget.Label {
		l := widget.NewLabel("")
		l.Wrapping = fyne.TextWrapWord
		return l
	}
	pl.cells, pl.related, pl.symmetry = label(), label(), label()
	pl.connected, pl.holes, pl.tools = label(), label(), label()
	form := widget.NewForm(
		widget.NewFormItem("Cells", pl.cells),
		widget.NewFormItem("Same as", pl.related),
		widget.NewFormItem("Symmetry", pl.symmetry),
		widget.NewFormItem("Connected", pl.connected),
		widget.NewFormItem("Holes", pl.holes),
		widget.NewFormItem("Tools", pl.tools),
	)
	acc := widget.NewAccordion(widget.NewAccordionItem("Shape information", form))
	acc.Open(0)
	pl.content = container.NewVBox(acc)
	return pl
}

// show analyses shape i of the document (none when i < 0), unless the
// labels already show it.
func (pl *shapeInfoPanel) show(i int) {
	doc := pl.u.doc
	p := doc.Puzzle()
	key := fmt.Sprintf("%p/%d/%v/%d", doc, doc.id, doc.strokeChanged, i)
	if key == pl.key {
		return
	}
	pl.key = key
	if pl.cancel != nil {
		pl.cancel()
		pl.cancel = nil
	}
	pl.gen++
	if i < 0 || i >= len(p.Shapes) {
		for _, l := range pl.labels() {
			l.SetText("—")
		}
		return
	}
	s := &p.Shapes[i]
	g := pl.u.g
	pl.cells.SetText(fmt.Sprintf("%d filled, %d variable", s.Count(model.Filled), s.Count(model.Variable)))
	if work(g, p.Shapes, i) <= pl.syncWork {
		rel, err := analysis.Relations(context.Background(), g, p.Shapes, i)
		if err != nil {
			pl.related.SetText(err.Error())
			return
		}
		pl.showInfo(analysis.Describe(g, s, nil), rel)
		return
	}
	for _, l := range pl.labels()[1:] {
		l.SetText("…")
	}
	// The goroutine reads copies: the editor goes on changing the puzzle.
	shapes := make([]model.Shape, len(p.Shapes))
	for k := range p.Shapes {
		shapes[k] = p.Shapes[k].Clone()
	}
	ctx, cancel := context.WithCancel(context.Background())
	pl.cancel = cancel
	gen := pl.gen
	go func() {
		info := analysis.Describe(g, &shapes[i], nil)
		rel, err := analysis.Relations(ctx, g, shapes, i)
		if err != nil {
			return // cancelled: a newer request is on its way
		}
		pl.do(func() {
			if gen != pl.gen {
				return
			}
			pl.cancel = nil
			cancel()
			pl.showInfo(info, rel)
		})
	}()
}

// labels returns the panel's value labels, Cells first.
func (pl *shapeInfoPanel) labels() []*widget.Label {
	return []*widget.Label{pl.cells, pl.related, pl.symmetry, pl.connected, pl.holes, pl.tools}
}

// stop cancels a running analysis (the window closes).
func (pl *shapeInfoPanel) stop() {
	if pl.cancel != nil {
		pl.cancel()
		pl.cancel = nil
	}
	pl.gen++
}

// showInfo writes an analysis into the labels.
func (pl *shapeInfoPanel) showInfo(in analysis.ShapeInfo, rel []analysis.Relation) {
	p := pl.u.doc.Puzzle()
	pl.related.SetText(relatedText(p, rel))
	pl.symmetry.SetText(symmetryText(pl.u.g, in.Symmetry))
	pl.connected.SetText(connectedText(in))
	switch {
	case in.Empty():
		pl.holes.SetText("—")
	case in.Holes3D:
		pl.holes.SetText("2D and 3D holes")
	case in.Holes2D:
		pl.holes.SetText("2D holes (none closed all round)")
	default:
		pl.holes.SetText("none")
	}
	pl.tools.SetText(toolsText(in))
}

// relatedText names the related shapes, closest kin first per shape.
func relatedText(p *model.Puzzle, rel []analysis.Relation) string {
	if len(rel) == 0 {
		return "no other shape"
	}
	var parts []string
	for k, r := range rel {
		if k == maxRelated {
			parts = append(parts, fmt.Sprintf("and %d more", len(rel)-k))
			break
		}
		parts = append(parts, fmt.Sprintf("%s (%s)", shapeLabel(p, r.Shape), r.Kind))
	}
	return strings.Join(parts, ", ")
}

// symmetryText describes a symmetry; nil means an empty shape.
func symmetryText(g grid.Grid, s *analysis.Symmetry) string {
	if s == nil {
		return "—"
	}
	if s.None() {
		return "none"
	}
	text := fmt.Sprintf("%d of %d rotations", s.Rotations, g.Orientations())
	if s.Rotations == 1 {
		text += " (only the identity)"
	}
	if s.Mirror {
		return text + ", is its own mirror image"
	}
	return text + ", no mirror symmetry"
}

// connectedText says by which contacts the cells hang together.
func connectedText(in analysis.ShapeInfo) string {
	switch {
	case in.Empty():
		return "—"
	case in.ByFace:
		return "by faces"
	case in.ByEdge:
		return "by edges, not by faces alone"
	case in.ByCorner:
		return "by corners, not by edges"
	}
	return "no: the cells are in separate parts"
}

// toolsText says whether a cube shape can be milled and notched.
func toolsText(in analysis.ShapeInfo) string {
	if in.Empty() {
		return "—" // not "millable, notchable": there is nothing to make
	}
	if in.Millable == nil {
		return "millable and notchable are defined for cubes only"
	}
	yes := func(b bool, what string) string {
		if b {
			return what
		}
		return "not " + what
	}
	return yes(*in.Millable, "millable") + ", " + yes(*in.Notchable, "notchable")
}
