package ui

import (
	"math"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"

	"github.com/burrlab/burrlab/model"
	"github.com/burrlab/burrlab/model/grid"
	"github.com/burrlab/burrlab/ui/layer"
)

// This file holds the layer editor's drawing modes besides painting cell by
// cell: rectangle (rubber band) drawing, where a drag spans a rectangle of
// the layer that is set or cleared when the button is released, and column
// drawing, where an edit reaches the whole row of cells along X, Y or Z.
// Both combine with the mirror drawing of expand.

// rubberBand is a rectangle drag in progress: the cells where it started
// and where the pointer is now, and what it does to the cells.
type rubberBand struct {
	active     bool
	start, end grid.Vec
	fn         func(model.Voxel) model.Voxel
}

// rectDragged starts or extends a rectangle drag.
func (e *layerEditor) rectDragged(ev *fyne.DragEvent) {
	if !e.rect.active {
		from := ev.Position.Subtract(ev.Dragged)
		v, _, ok := e.cellAt(from)
		if !ok {
			v, _, ok = e.cellAt(ev.Position)
		}
		s, _ := e.host.editTarget()
		if !ok || s == nil {
			return
		}
		// The first cell decides whether the rectangle sets or clears,
		// as for a painting drag.
		e.rect = rubberBand{active: true, start: v, end: v, fn: e.brushFn(s.At(v))}
	}
	if v, _, ok := e.cellAt(ev.Position); ok {
		e.rect.end = v
	}
	e.raster.Refresh()
	e.MouseMoved(&desktop.MouseEvent{PointEvent: ev.PointEvent})
}

// rectEnd applies the rectangle as one undo step.
func (e *layerEditor) rectEnd() {
	r := e.rect
	e.rect = rubberBand{}
	cells := e.rectCells(r)
	e.host.beginStroke()
	if len(cells) > 0 {
		e.host.paint(cells, r.fn)
	}
	e.host.endStroke()
	e.host.hover(r.end, true)
	e.raster.Refresh()
}

// rectCells returns the cells a rectangle reaches: the cells of its layer
// whose centres lie in the box around the footprints of the corner cells,
// expanded by the column and mirror drawing. Boxing the footprints, not the
// cell indices, makes the rectangle the one seen on screen in the grids
// whose cells are triangles (prisms, rhombic and tetra-octa blocks).
func (e *layerEditor) rectCells(r rubberBand) []grid.Vec {
	s, _ := e.host.editTarget()
	if s == nil {
		return nil
	}
	lay := e.geometry()
	if lay == nil || lay.Z != r.start[2] {
		lay = layer.New(e.host.grid(), s.Size, r.start[2])
	}
	a, b := lay.Index(r.start), lay.Index(r.end)
	if a < 0 || b < 0 {
		return nil
	}
	lo, hi := lay.Cells[a].Bounds()
	lo2, hi2 := lay.Cells[b].Bounds()
	lo = layer.Point{X: math.Min(lo.X, lo2.X), Y: math.Min(lo.Y, lo2.Y)}
	hi = layer.Point{X: math.Max(hi.X, hi2.X), Y: math.Max(hi.Y, hi2.Y)}
	const eps = 1e-6
	seen := map[grid.Vec]bool{}
	var out []grid.Vec
	for i := range lay.Cells {
		c := &lay.Cells[i].Center
		if c.X < lo.X-eps || c.X > hi.X+eps || c.Y < lo.Y-eps || c.Y > hi.Y+eps {
			continue
		}
		for _, w := range e.expand(lay.Cells[i].Pos) {
			if !seen[w] {
				seen[w] = true
				out = append(out, w)
			}
		}
	}
	return out
}

// highlighted returns the cells to outline: those a rectangle drag would
// change, or those a click on the cell under the pointer would.
func (e *layerEditor) highlighted(lay *layer.Layer) []grid.Vec {
	if e.rect.active {
		return e.rectCells(e.rect)
	}
	if e.hoverIdx >= 0 && e.hoverIdx < len(lay.Cells) {
		return e.expand(lay.Cells[e.hoverIdx].Pos)
	}
	return nil
}

// columns returns v and, for each axis whose flag is on, every real cell
// of the space in line with the cells so far along that axis: one axis
// gives a row, two give a plane.
func columns(g grid.Grid, size grid.Vec, v grid.Vec, column [3]bool) []grid.Vec {
	out := []grid.Vec{v}
	for axis := 0; axis < 3; axis++ {
		if !column[axis] {
			continue
		}
		var next []grid.Vec
		seen := map[grid.Vec]bool{}
		for _, w := range out {
			for k := 0; k < size[axis]; k++ {
				u := w
				u[axis] = k
				if g.Valid(u) && !seen[u] {
					seen[u] = true
					next = append(next, u)
				}
			}
		}
		if len(next) > 0 {
			out = next
		}
	}
	return out
}
