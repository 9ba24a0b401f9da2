package ui

import (
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
	e.raster.Refresh()
}

// rectCells returns the cells a rectangle reaches: the cells of its layer
// between its corners in both coordinates, expanded by the column and
// mirror drawing.
func (e *layerEditor) rectCells(r rubberBand) []grid.Vec {
	s, _ := e.host.editTarget()
	if s == nil {
		return nil
	}
	g := e.host.grid()
	x0, x1 := min(r.start[0], r.end[0]), max(r.start[0], r.end[0])
	y0, y1 := min(r.start[1], r.end[1]), max(r.start[1], r.end[1])
	seen := map[grid.Vec]bool{}
	var out []grid.Vec
	for y := y0; y <= y1; y++ {
		for x := x0; x <= x1; x++ {
			v := grid.Vec{x, y, r.start[2]}
			if s.Index(v) < 0 || !g.Valid(v) {
				continue
			}
			for _, w := range e.expand(v) {
				if !seen[w] {
					seen[w] = true
					out = append(out, w)
				}
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
