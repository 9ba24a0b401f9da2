package ui

import (
	"image"
	"image/color"
	"math"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/burrlab/burrlab/model"
	"github.com/burrlab/burrlab/model/grid"
	"github.com/burrlab/burrlab/ui/layer"
)

// tool is what a click in the layer editor does.
type tool int

const (
	toolFill     tool = iota // make cells filled (material, or must-cover in a result)
	toolVariable             // make cells variable (may stay empty in a result)
	toolErase                // make cells empty
	toolColor                // give non-empty cells the current constraint colour
)

// editorHost is what the layer editor needs from the Shapes tab: the shape
// under edit and a way to change it in strokes the history records.
type editorHost interface {
	// editTarget returns the shape being edited and its index, or nil.
	editTarget() (*model.Shape, int)
	grid() grid.Grid
	// brush returns the current tool, constraint colour (0 neutral),
	// mirror flags per axis and column flags per axis (an edit reaches the
	// whole row of cells along each axis that is on).
	brush() (t tool, color int, mirror [3]bool, column [3]bool)
	// rectangle reports whether a drag draws a rectangle.
	rectangle() bool
	beginStroke()
	paint(cells []grid.Vec, f func(model.Voxel) model.Voxel)
	endStroke()
	hover(v grid.Vec, ok bool)
	layerStep(d int)
	pieceColor() color.RGBA
	constraintColor(n int) color.RGBA
}

// layerEditor draws one z layer of a shape and turns clicks and drags into
// edits. Left click toggles a cell with the current tool, right click
// empties it, a drag paints (or, when it starts on a cell the tool would
// clear, erases), the wheel moves between layers.
type layerEditor struct {
	widget.BaseWidget
	host editorHost
	z    int

	raster *canvas.Raster
	axis   *canvas.Text

	// geometry of the last drawing
	lay      *layer.Layer
	laySize  grid.Vec
	layGrid  grid.Type
	frame    layer.Frame // in raster pixels
	pxPerDot float64     // raster pixels per Fyne unit
	hoverIdx int

	dragging bool
	dragFn   func(model.Voxel) model.Voxel
	dragLast fyne.Position
	rect     rubberBand

	sym symmetry

	ring focusRing // marks the keyboard focus (focusring.go)
}

func newLayerEditor(host editorHost) *layerEditor {
	e := &layerEditor{host: host, hoverIdx: -1}
	e.raster = canvas.NewRaster(e.draw)
	e.raster.ScaleMode = canvas.ImageScaleFastest
	e.axis = canvas.NewText("x →   y ↑", theme.Color(theme.ColorNamePlaceHolder))
	e.axis.TextSize = theme.CaptionTextSize()
	e.ExtendBaseWidget(e)
	return e
}

// setLayer shows layer z.
func (e *layerEditor) setLayer(z int) {
	if e.z != z {
		e.z = z
		e.hoverIdx = -1
	}
	e.Refresh()
}

// geometry returns the footprints of the current layer, rebuilding them
// when the shape's size, the grid or the layer changed.
func (e *layerEditor) geometry() *layer.Layer {
	s, _ := e.host.editTarget()
	if s == nil {
		e.lay = nil
		return nil
	}
	g := e.host.grid()
	if e.lay == nil || e.laySize != s.Size || e.layGrid != g.Type() || e.lay.Z != e.z {
		e.lay = layer.New(g, s.Size, e.z)
		e.laySize, e.layGrid = s.Size, g.Type()
		e.hoverIdx = -1
	}
	return e.lay
}

func (e *layerEditor) MinSize() fyne.Size { return fyne.NewSize(240, 200) }

func (e *layerEditor) CreateRenderer() fyne.WidgetRenderer {
	return &layerRenderer{e: e}
}

type layerRenderer struct{ e *layerEditor }

func (r *layerRenderer) Layout(size fyne.Size) {
	r.e.raster.Resize(size)
	as := r.e.axis.MinSize()
	r.e.axis.Move(fyne.NewPos(6, size.Height-as.Height-4))
	r.e.axis.Resize(as)
	r.e.ring.layout(size)
}

func (r *layerRenderer) MinSize() fyne.Size { return r.e.MinSize() }

func (r *layerRenderer) Refresh() {
	r.e.axis.Color = theme.Color(theme.ColorNamePlaceHolder)
	r.e.axis.Refresh()
	r.e.raster.Refresh()
}

func (r *layerRenderer) Objects() []fyne.CanvasObject {
	return []fyne.CanvasObject{r.e.raster, r.e.axis, r.e.ring.object()}
}

func (r *layerRenderer) Destroy() {}

// editorPalette holds the colours of the editor, derived from the theme so
// that it fits light and dark variants.
type editorPalette struct {
	bg, empty, line, hover, spaceEdge color.RGBA
}

func currentPalette() editorPalette {
	base := toRGBA(theme.Color(theme.ColorNameBackground))
	dark := luminance(base) < 0.5
	p := editorPalette{bg: base}
	if dark {
		p.empty = mix(base, color.RGBA{255, 255, 255, 255}, 0.10)
		p.line = mix(base, color.RGBA{255, 255, 255, 255}, 0.30)
	} else {
		p.empty = mix(base, color.RGBA{0, 0, 0, 255}, 0.04)
		p.line = mix(base, color.RGBA{0, 0, 0, 255}, 0.28)
	}
	p.hover = toRGBA(theme.Color(theme.ColorNamePrimary))
	p.spaceEdge = p.line
	return p
}

func toRGBA(c color.Color) color.RGBA {
	r, g, b, a := c.RGBA()
	return color.RGBA{uint8(r >> 8), uint8(g >> 8), uint8(b >> 8), uint8(a >> 8)}
}

func luminance(c color.RGBA) float64 {
	return (0.299*float64(c.R) + 0.587*float64(c.G) + 0.114*float64(c.B)) / 255
}

// draw paints the layer into a w x h pixel image.
func (e *layerEditor) draw(w, h int) image.Image {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	pal := currentPalette()
	fillRect(img, pal.bg)
	if sz := e.Size(); sz.Width > 0 {
		e.pxPerDot = float64(w) / float64(sz.Width)
	} else {
		e.pxPerDot = 1
	}
	lay := e.geometry()
	s, _ := e.host.editTarget()
	if lay == nil || s == nil {
		return img
	}
	px := e.pxPerDot
	e.frame = layer.Fit(lay.Min, lay.Max, float64(w), float64(h), 14*px, 100*px/lay.CellSize)
	p := layer.NewPainter(img)
	unit := e.frame.Scale
	border := math.Max(1, math.Min(2.2*px, unit*0.05))
	piece := e.host.pieceColor()
	g := e.host.grid()
	below := g.Type() == grid.Cubes || g.Type() == grid.Prisms

	for i := range lay.Cells {
		c := &lay.Cells[i]
		outline := e.pixelPoly(c)
		v := s.At(c.Pos)
		// The cell's outline in the line colour, the inside inset by the
		// border width.
		p.Fill(outline, pal.line)
		inner := layer.Inset(outline, border)
		fill := pal.empty
		if below && v.State() == model.Empty {
			if b := s.At(grid.Vec{c.Pos[0], c.Pos[1], c.Pos[2] - 1}); b.State() != model.Empty {
				fill = mix(pal.empty, piece, 0.22)
			}
		}
		switch v.State() {
		case model.Filled:
			fill = piece
		case model.Variable:
			fill = mix(pal.empty, piece, 0.35)
		}
		p.Fill(inner, fill)
		if v.State() == model.Variable {
			p.Fill(layer.Inset(inner, insetFor(inner, 0.28)), piece)
		}
		if col := v.Color(); col != 0 && v.State() != model.Empty {
			ctr := e.frame.ToPixel(c.Center)
			r := markRadius(inner, ctr)
			p.Fill(layer.Disc(ctr, r+border*0.8, 20), pal.line)
			p.Fill(layer.Disc(ctr, r, 20), e.host.constraintColor(col))
		}
	}
	if g.Type() == grid.Spheres && e.z > 0 {
		e.ballsBelow(p, s, g, mix(pal.bg, piece, 0.6))
	}
	if g.Type() == grid.Rhombic || g.Type() == grid.TetraOcta {
		e.blockLines(p, lay, mix(pal.line, pal.bg, 0.45), border*1.6)
	}
	for _, v := range e.highlighted(lay) {
		if v[2] != e.z {
			continue
		}
		if k := lay.Index(v); k >= 0 {
			e.strokeOutline(p, e.pixelPoly(&lay.Cells[k]), pal.hover, 2.2*px)
		}
	}
	return img
}

// ballsBelow marks the balls of the layer below as dots in colour c.
// The cubes and prisms tint the cell above a filled one, but a layer of
// balls sits over the gaps of the one below, where this layer has no
// cell: each filled ball below shows as a dot in the gap it fills, which
// is where a ball of this layer rests on it. The dots stay inside the
// gaps (their radius is under the gap's clearance from this layer's
// discs).
func (e *layerEditor) ballsBelow(p *layer.Painter, s *model.Shape, g grid.Grid, c color.RGBA) {
	for _, b := range layer.Cells(g, s.Size, e.z-1) {
		if s.At(b.Pos).State() == model.Empty {
			continue
		}
		ctr := e.frame.ToPixel(b.Center)
		p.Fill(layer.Disc(ctr, 0.25*b.Radius*e.frame.Scale, 16), c)
	}
}

// blockLines marks the edges of the unit blocks that rhombic and
// tetra-octa cells come in, so that the blocks read at a glance.
func (e *layerEditor) blockLines(p *layer.Painter, lay *layer.Layer, c color.RGBA, w float64) {
	line := func(a, b layer.Point) {
		pa, pb := e.frame.ToPixel(a), e.frame.ToPixel(b)
		dx, dy := pb.X-pa.X, pb.Y-pa.Y
		l := math.Hypot(dx, dy)
		if l == 0 {
			return
		}
		nx, ny := -dy/l*w/2, dx/l*w/2
		p.Fill([]layer.Point{{X: pa.X + nx, Y: pa.Y + ny}, {X: pb.X + nx, Y: pb.Y + ny}, {X: pb.X - nx, Y: pb.Y - ny}, {X: pa.X - nx, Y: pa.Y - ny}}, c)
	}
	for x := math.Ceil(lay.Min.X - 1e-9); x <= lay.Max.X+1e-9; x++ {
		line(layer.Point{X: x, Y: lay.Min.Y}, layer.Point{X: x, Y: lay.Max.Y})
	}
	for y := math.Ceil(lay.Min.Y - 1e-9); y <= lay.Max.Y+1e-9; y++ {
		line(layer.Point{X: lay.Min.X, Y: y}, layer.Point{X: lay.Max.X, Y: y})
	}
}

// pixelPoly returns a cell's footprint in raster pixels.
func (e *layerEditor) pixelPoly(c *layer.Cell) []layer.Point {
	var poly []layer.Point
	if c.Poly == nil {
		ctr := e.frame.ToPixel(c.Center)
		return layer.Disc(ctr, c.Radius*e.frame.Scale, 40)
	}
	for _, q := range c.Poly {
		poly = append(poly, e.frame.ToPixel(q))
	}
	return poly
}

// strokeOutline paints a band of width w along the inside of poly.
func (e *layerEditor) strokeOutline(p *layer.Painter, poly []layer.Point, c color.RGBA, w float64) {
	// Paint the band as one quadrilateral per edge: the edge and its inset.
	in := layer.Inset(poly, w)
	if len(in) != len(poly) {
		return
	}
	for i := range poly {
		j := (i + 1) % len(poly)
		p.Fill([]layer.Point{poly[i], poly[j], in[j], in[i]}, c)
	}
}

// insetFor returns the inset that shrinks a polygon by about frac of its
// size.
func insetFor(poly []layer.Point, frac float64) float64 {
	lo, hi := poly[0], poly[0]
	for _, q := range poly {
		lo.X, lo.Y = math.Min(lo.X, q.X), math.Min(lo.Y, q.Y)
		hi.X, hi.Y = math.Max(hi.X, q.X), math.Max(hi.Y, q.Y)
	}
	return frac * math.Min(hi.X-lo.X, hi.Y-lo.Y) / 2
}

// markRadius sizes the constraint colour mark to fit inside the cell.
func markRadius(poly []layer.Point, ctr layer.Point) float64 {
	near := math.Inf(1)
	for i := range poly {
		a, b := poly[i], poly[(i+1)%len(poly)]
		ln := math.Hypot(b.X-a.X, b.Y-a.Y)
		if ln == 0 {
			continue
		}
		near = math.Min(near, math.Abs((b.X-a.X)*(ctr.Y-a.Y)-(b.Y-a.Y)*(ctr.X-a.X))/ln)
	}
	return math.Max(2, 0.45*near)
}

func fillRect(img *image.RGBA, c color.RGBA) {
	for i := 0; i < len(img.Pix); i += 4 {
		img.Pix[i], img.Pix[i+1], img.Pix[i+2], img.Pix[i+3] = c.R, c.G, c.B, c.A
	}
}

// cellAt returns the cell under a pointer position (Fyne units).
func (e *layerEditor) cellAt(pos fyne.Position) (grid.Vec, int, bool) {
	lay := e.geometry()
	if lay == nil || e.frame.Scale == 0 {
		return grid.Vec{}, -1, false
	}
	q := e.frame.ToLayer(layer.Point{X: float64(pos.X) * e.pxPerDot, Y: float64(pos.Y) * e.pxPerDot})
	i := lay.At(q)
	if i < 0 {
		return grid.Vec{}, -1, false
	}
	return lay.Cells[i].Pos, i, true
}

// brushFn returns what a click on a cell holding old does: the tool's
// value, or the opposite when the cell already has it (a toggle).
func (e *layerEditor) brushFn(old model.Voxel) func(model.Voxel) model.Voxel {
	t, col, _, _ := e.host.brush()
	switch t {
	case toolFill, toolVariable:
		st := model.Filled
		if t == toolVariable {
			st = model.Variable
		}
		want := model.MakeVoxel(st, col)
		if old == want {
			return func(model.Voxel) model.Voxel { return 0 }
		}
		return func(model.Voxel) model.Voxel { return want }
	case toolColor:
		c := col
		if old.State() != model.Empty && old.Color() == col {
			c = 0
		}
		return func(v model.Voxel) model.Voxel {
			if v.State() == model.Empty {
				return v
			}
			return model.MakeVoxel(v.State(), c)
		}
	}
	return func(model.Voxel) model.Voxel { return 0 }
}

// expand returns the cells an edit at v reaches: v, the rows of cells
// through it along the axes whose column drawing is on, and the mirror
// images of those across the space's middle planes that are switched on.
func (e *layerEditor) expand(v grid.Vec) []grid.Vec {
	s, _ := e.host.editTarget()
	if s == nil {
		return nil
	}
	g := e.host.grid()
	_, _, mirror, column := e.host.brush()
	out := columns(g, s.Size, v, column)
	seen := make(map[grid.Vec]bool, len(out))
	for _, w := range out {
		seen[w] = true
	}
	for axis := 0; axis < 3; axis++ {
		if !mirror[axis] {
			continue
		}
		for _, w := range out {
			if m, ok := e.sym.mirror(g, s.Size, axis, w); ok && !seen[m] {
				seen[m] = true
				out = append(out, m)
			}
		}
	}
	return out
}

func containsVec(vs []grid.Vec, v grid.Vec) bool {
	for _, w := range vs {
		if w == v {
			return true
		}
	}
	return false
}

// Tapped toggles the cell under the pointer with the current tool.
func (e *layerEditor) Tapped(ev *fyne.PointEvent) {
	v, _, ok := e.cellAt(ev.Position)
	if !ok {
		return
	}
	s, _ := e.host.editTarget()
	f := e.brushFn(s.At(v))
	e.host.beginStroke()
	e.host.paint(e.expand(v), f)
	e.host.endStroke()
	e.host.hover(v, true)
}

// TappedSecondary empties the cell under the pointer.
func (e *layerEditor) TappedSecondary(ev *fyne.PointEvent) {
	v, _, ok := e.cellAt(ev.Position)
	if !ok {
		return
	}
	e.host.beginStroke()
	e.host.paint(e.expand(v), func(model.Voxel) model.Voxel { return 0 })
	e.host.endStroke()
}

// Dragged paints along the pointer's path; the first cell decides whether
// the stroke sets or clears.
func (e *layerEditor) Dragged(ev *fyne.DragEvent) {
	if e.host.rectangle() || e.rect.active {
		e.rectDragged(ev)
		return
	}
	from := ev.Position.Subtract(ev.Dragged)
	if !e.dragging {
		v, _, ok := e.cellAt(from)
		if !ok {
			v, _, ok = e.cellAt(ev.Position)
		}
		if !ok {
			return
		}
		s, _ := e.host.editTarget()
		e.dragFn = e.brushFn(s.At(v))
		e.dragging = true
		e.dragLast = from
		e.host.beginStroke()
	}
	// Sample the segment so that a fast drag leaves no gaps.
	var cells []grid.Vec
	d := ev.Position.Subtract(e.dragLast)
	n := int(math.Ceil(math.Hypot(float64(d.X), float64(d.Y)) / 3))
	for k := 0; k <= n; k++ {
		t := float32(1)
		if n > 0 {
			t = float32(k) / float32(n)
		}
		p := fyne.NewPos(e.dragLast.X+d.X*t, e.dragLast.Y+d.Y*t)
		if v, _, ok := e.cellAt(p); ok {
			for _, w := range e.expand(v) {
				if !containsVec(cells, w) {
					cells = append(cells, w)
				}
			}
		}
	}
	e.dragLast = ev.Position
	if len(cells) > 0 {
		e.host.paint(cells, e.dragFn)
	}
	e.MouseMoved(&desktop.MouseEvent{PointEvent: ev.PointEvent})
}

// DragEnd closes the stroke: one undo step per drag.
func (e *layerEditor) DragEnd() {
	if e.rect.active {
		e.rectEnd()
		return
	}
	if e.dragging {
		e.dragging = false
		e.host.endStroke()
	}
}

// MouseIn implements desktop.Hoverable.
func (e *layerEditor) MouseIn(ev *desktop.MouseEvent) { e.MouseMoved(ev) }

// MouseMoved highlights the cell under the pointer and reports it.
func (e *layerEditor) MouseMoved(ev *desktop.MouseEvent) {
	v, i, ok := e.cellAt(ev.Position)
	if i != e.hoverIdx {
		e.hoverIdx = i
		e.raster.Refresh()
	}
	e.host.hover(v, ok)
}

// MouseOut implements desktop.Hoverable.
func (e *layerEditor) MouseOut() {
	if e.hoverIdx != -1 {
		e.hoverIdx = -1
		e.raster.Refresh()
	}
	e.host.hover(grid.Vec{}, false)
}

// Scrolled moves between layers.
func (e *layerEditor) Scrolled(ev *fyne.ScrollEvent) {
	switch {
	case ev.Scrolled.DY > 0:
		e.host.layerStep(1)
	case ev.Scrolled.DY < 0:
		e.host.layerStep(-1)
	}
}

// Cursor shows a crosshair over the editor.
func (e *layerEditor) Cursor() desktop.Cursor { return desktop.CrosshairCursor }

// symmetry finds a cell's mirror image across the middle plane of a space,
// by the solids' centres, so it works in every grid. It caches the centres
// of the last space it saw.
type symmetry struct {
	g      grid.Type
	size   grid.Vec
	byKey  map[[3]int64]grid.Vec
	centre map[grid.Vec][3]float64
	mid    [3]float64
}

func (s *symmetry) build(g grid.Grid, size grid.Vec) {
	if s.byKey != nil && s.g == g.Type() && s.size == size {
		return
	}
	s.g, s.size = g.Type(), size
	s.byKey = map[[3]int64]grid.Vec{}
	s.centre = map[grid.Vec][3]float64{}
	lo := [3]float64{math.Inf(1), math.Inf(1), math.Inf(1)}
	hi := [3]float64{math.Inf(-1), math.Inf(-1), math.Inf(-1)}
	for z := 0; z < size[2]; z++ {
		for y := 0; y < size[1]; y++ {
			for x := 0; x < size[0]; x++ {
				v := grid.Vec{x, y, z}
				if !g.Valid(v) {
					continue
				}
				c := g.Solid(v).Center
				cc := [3]float64{c[0], c[1], c[2]}
				s.centre[v] = cc
				s.byKey[centreKey(cc)] = v
				for k := 0; k < 3; k++ {
					lo[k], hi[k] = math.Min(lo[k], cc[k]), math.Max(hi[k], cc[k])
				}
			}
		}
	}
	for k := 0; k < 3; k++ {
		s.mid[k] = (lo[k] + hi[k]) / 2
	}
}

func centreKey(c [3]float64) [3]int64 {
	return [3]int64{int64(math.Round(c[0] * 1e4)), int64(math.Round(c[1] * 1e4)), int64(math.Round(c[2] * 1e4))}
}

// mirror returns the cell whose centre is v's mirrored across the middle
// plane normal to axis, if the space has one.
func (s *symmetry) mirror(g grid.Grid, size grid.Vec, axis int, v grid.Vec) (grid.Vec, bool) {
	// Spaces beyond a million cells are not worth a centre table.
	if size[0]*size[1]*size[2] > 1<<20 {
		return grid.Vec{}, false
	}
	s.build(g, size)
	c, ok := s.centre[v]
	if !ok {
		return grid.Vec{}, false
	}
	c[axis] = 2*s.mid[axis] - c[axis]
	w, ok := s.byKey[centreKey(c)]
	return w, ok
}
