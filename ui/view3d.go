package ui

import (
	"hash/fnv"
	"image"
	"image/color"
	"math"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"github.com/burrlab/burrlab/model"
	"github.com/burrlab/burrlab/model/grid"
	"github.com/burrlab/burrlab/render"
	"github.com/go-gl/mathgl/mgl64"
)

// view3D shows a scene of meshes through the software renderer in a
// canvas.Raster. Dragging turns the camera (an arcball), the wheel zooms,
// clicks pick cells, and keys turn and zoom while it has the focus. Only
// the camera changes between frames while turning; meshes are rebuilt
// only when their cells change.
type view3D struct {
	widget.BaseWidget
	u      *App
	raster *canvas.Raster
	msg    *canvas.Text

	r      *render.Renderer
	scene  *render.Scene
	cam    render.Camera
	fit    bool // fit the camera to the scene at the next frame
	box    bool // fit to boxLo..boxHi instead
	boxLo  mgl64.Vec3
	boxHi  mgl64.Vec3
	frame  *image.RGBA
	px     float64 // raster pixels per Fyne unit at the last frame
	aspect float64 // width / height of the last frame

	dragLast fyne.Position
	dragging bool

	// onPick, when set, receives clicks on a cell: the cell hit and the
	// one across the face hit; remove is true for a secondary click.
	onPick func(cell, across grid.Vec, remove bool)
	// windowKeys, when set, claims keys for the window before the view
	// turns with them: in the movement browser the arrows move pieces,
	// also once a click in the view gave it the focus.
	windowKeys func(fyne.KeyName) bool

	// What the scene shows, to rebuild meshes only when it changes.
	key      uint64
	shapeIdx int

	tools viewTools // pan, reset, Shift+click (view3d_tools.go)
	ring  focusRing // marks the keyboard focus (focusring.go)
}

func newView3D(u *App) *view3D {
	v := &view3D{u: u, cam: render.DefaultCamera(), fit: true, shapeIdx: -2}
	v.raster = canvas.NewRaster(v.draw)
	v.raster.ScaleMode = canvas.ImageScaleFastest
	v.msg = canvas.NewText("", theme.Color(theme.ColorNamePlaceHolder))
	v.msg.Alignment = fyne.TextAlignCenter
	v.tools.resetBtn = newTipButton("", theme.ZoomFitIcon(), "Reset the view: turn back and fit the whole scene (0 or Ctrl+0). Drag turns, middle or Shift+drag pans, the wheel zooms; once the view is clicked, the arrow keys turn and + and − zoom", u, v.resetView)
	v.tools.resetBtn.Importance = widget.LowImportance
	v.ExtendBaseWidget(v)
	return v
}

// reset returns the camera to its default direction and refits.
func (v *view3D) reset() {
	v.cam = render.DefaultCamera()
	v.fit = true
	v.tools.framed = false
	v.key = 0
	v.Refresh()
}

// changed rebuilds the meshes at the next showShape.
func (v *view3D) changed() {
	v.key = 0
	v.showShape(v.u.view.Shape)
}

// showShape shows shape i of the puzzle alone (the shape editor's preview).
func (v *view3D) showShape(i int) {
	p := v.u.doc.Puzzle()
	if i < 0 || i >= len(p.Shapes) {
		v.setItems(nil, "No shape", false)
		v.shapeIdx = i
		return
	}
	s := &p.Shapes[i]
	key := shapeKey(s, i)
	if key == v.key && i == v.shapeIdx {
		return
	}
	if s.NumCells() == 0 {
		v.key, v.shapeIdx = key, i
		v.setItems(nil, "Empty shape: click cells in the layer editor", false)
		return
	}
	m, err := render.ShapeMesh(v.u.g, s)
	if err != nil {
		v.setItems(nil, err.Error(), false)
		return
	}
	// Another shape is fitted afresh; the one being drawn is fitted again
	// when its bounds change, unless the user has panned or zoomed since
	// (a shape grown cell by cell would leave the view, or stay a speck).
	refit := i != v.shapeIdx
	var oldLo, oldHi mgl64.Vec3
	oldOK := false
	if v.scene != nil {
		oldLo, oldHi, oldOK = v.scene.Bounds()
	}
	v.key, v.shapeIdx = key, i
	v.setItems([]render.Item{{Mesh: m, Color: pieceColor(i)}}, "", refit)
	if refit {
		v.tools.framed = false // the zoom was the other shape's
	}
	if lo, hi, ok := v.scene.Bounds(); !refit && !v.tools.framed && ok && (!oldOK || lo != oldLo || hi != oldHi) {
		v.fit, v.box = true, false
	}
}

// shapeKey hashes what the preview of shape i depends on.
func shapeKey(s *model.Shape, i int) uint64 {
	h := fnv.New64a()
	var b [16]byte
	for k := 0; k < 3; k++ {
		b[k] = byte(s.Size[k])
		b[k+3] = byte(s.Size[k] >> 8)
	}
	b[6], b[7] = byte(i), byte(i>>8)
	h.Write(b[:8])
	vs := make([]byte, len(s.Voxels))
	for k, x := range s.Voxels {
		vs[k] = byte(x)
	}
	h.Write(vs)
	return h.Sum64() | 1
}

// setItems shows items (or msg when there are none); refit points the
// camera at them.
func (v *view3D) setItems(items []render.Item, msg string, refit bool) {
	v.setScene(&render.Scene{Items: items, Colors: v.u.doc.Puzzle().Colors}, msg)
	if refit {
		v.fit, v.box = true, false
	}
}

// setScene shows s, or msg when it is empty.
func (v *view3D) setScene(s *render.Scene, msg string) {
	v.scene = s
	v.msg.Text = msg
	v.Refresh()
}

// fitTo points the camera at the box lo..hi at the next frame.
func (v *view3D) fitTo(lo, hi mgl64.Vec3) {
	v.fit, v.box, v.boxLo, v.boxHi = true, true, lo, hi
	v.raster.Refresh()
}

func (v *view3D) MinSize() fyne.Size { return fyne.NewSize(200, 200) }

func (v *view3D) CreateRenderer() fyne.WidgetRenderer { return &view3DRenderer{v: v} }

type view3DRenderer struct{ v *view3D }

func (r *view3DRenderer) Layout(size fyne.Size) {
	r.v.raster.Resize(size)
	ms := r.v.msg.MinSize()
	r.v.msg.Move(fyne.NewPos((size.Width-ms.Width)/2, (size.Height-ms.Height)/2))
	r.v.msg.Resize(ms)
	bs := r.v.tools.resetBtn.MinSize()
	r.v.tools.resetBtn.Move(fyne.NewPos(size.Width-bs.Width-2, 2))
	r.v.tools.resetBtn.Resize(bs)
	r.v.ring.layout(size)
}

func (r *view3DRenderer) MinSize() fyne.Size { return r.v.MinSize() }

func (r *view3DRenderer) Refresh() {
	r.v.msg.Color = theme.Color(theme.ColorNamePlaceHolder)
	r.Layout(r.v.Size())
	r.v.msg.Refresh()
	r.v.ring.set(r.v.ring.on) // the theme may have changed
	r.v.raster.Refresh()
}

func (r *view3DRenderer) Objects() []fyne.CanvasObject {
	return []fyne.CanvasObject{r.v.raster, r.v.msg, r.v.ring.object(), r.v.tools.resetBtn}
}

func (r *view3DRenderer) Destroy() {}

// draw renders a frame of w x h pixels.
func (v *view3D) draw(w, h int) image.Image {
	if w <= 0 || h <= 0 {
		return image.NewRGBA(image.Rect(0, 0, 1, 1))
	}
	if sz := v.Size(); sz.Width > 0 {
		v.px = float64(w) / float64(sz.Width)
	}
	if v.r == nil {
		r, err := render.NewRenderer(w, h)
		if err != nil {
			return image.NewRGBA(image.Rect(0, 0, 1, 1))
		}
		v.r = r
	} else if err := v.r.SetSize(w, h); err != nil {
		return image.NewRGBA(image.Rect(0, 0, 1, 1))
	}
	v.r.Style = v.style()
	if v.scene == nil {
		v.scene = &render.Scene{}
	}
	if v.fit {
		lo, hi, ok := v.scene.Bounds()
		if v.box {
			lo, hi, ok = v.boxLo, v.boxHi, true
		}
		if ok {
			v.cam.Fit(lo, hi, float64(w)/float64(h))
			v.fit, v.box = false, false
		}
	} else if v.aspect > 0 {
		// A view made narrower (a panel below it closed, the split
		// moved) would cut off the sides of what it showed.
		v.cam.Reaspect(v.aspect, float64(w)/float64(h))
	}
	v.aspect = float64(w) / float64(h)
	img := v.r.Render(v.scene, v.cam)
	// The renderer reuses its image; Fyne may still read ours.
	if v.frame == nil || v.frame.Rect != img.Rect {
		v.frame = image.NewRGBA(img.Rect)
	}
	copy(v.frame.Pix, img.Pix)
	return v.frame
}

// style adapts the renderer's look to the theme.
func (v *view3D) style() render.Style {
	s := render.DefaultStyle()
	s.ConstraintColors = v.u.showColors && len(v.u.doc.Puzzle().Colors) > 0
	if luminance(toRGBA(theme.Color(theme.ColorNameBackground))) < 0.5 {
		s.Top = color.RGBA{0x3a, 0x3f, 0x48, 0xff}
		s.Bottom = color.RGBA{0x1f, 0x22, 0x28, 0xff}
	}
	return s
}

// Dragged turns the camera, or pans it for a middle or Shift drag.
func (v *view3D) Dragged(ev *fyne.DragEvent) {
	if !v.dragging {
		v.dragging = true
		v.dragLast = ev.Position.Subtract(ev.Dragged)
	}
	if v.r == nil {
		return
	}
	w, h := v.r.Size()
	p := v.px
	if v.tools.panDrag() {
		v.cam.Pan(float64(ev.Position.X-v.dragLast.X)*p, float64(ev.Position.Y-v.dragLast.Y)*p, h)
		v.tools.framed = true
		v.dragLast = ev.Position
		v.raster.Refresh()
		return
	}
	v.cam.Rotate(float64(v.dragLast.X)*p, float64(v.dragLast.Y)*p, float64(ev.Position.X)*p, float64(ev.Position.Y)*p, w, h)
	v.dragLast = ev.Position
	v.raster.Refresh()
}

// DragEnd ends a turn.
func (v *view3D) DragEnd() { v.dragging = false }

// Scrolled zooms.
func (v *view3D) Scrolled(ev *fyne.ScrollEvent) {
	v.cam.Zoom(math.Pow(1.0015, float64(ev.Scrolled.DY)))
	v.tools.framed = true
	v.raster.Refresh()
}

// Tapped adds a cell against the face clicked, when picking is on; a
// Shift+click cycles the visibility of the piece clicked instead.
func (v *view3D) Tapped(ev *fyne.PointEvent) {
	if v.shiftClick(ev.Position) {
		return
	}
	v.pick(ev.Position, false)
}

// TappedSecondary removes the cell clicked, when picking is on.
func (v *view3D) TappedSecondary(ev *fyne.PointEvent) { v.pick(ev.Position, true) }

// refit points the camera at the whole scene again, forgetting the user's
// pan and zoom.
func (v *view3D) refit() {
	v.fit, v.box = true, false
	v.tools.framed = false
	v.raster.Refresh()
}

func (v *view3D) pick(pos fyne.Position, remove bool) {
	if v.onPick == nil || v.r == nil {
		return
	}
	hit, ok := v.r.Pick(int(float64(pos.X)*v.px), int(float64(pos.Y)*v.px))
	if !ok {
		return
	}
	v.onPick(hit.Cell, hit.Neighbor, remove)
}
