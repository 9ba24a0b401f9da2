package assemble

import (
	"cmp"
	"context"
	"slices"
	"sync"

	"github.com/burrlab/burrlab/model"
	"github.com/burrlab/burrlab/model/analysis"
	"github.com/burrlab/burrlab/model/grid"
)

// shapeInfo is one shape under all 2N orientations of its grid.
type shapeInfo struct {
	cells  []grid.Cell // non-empty cells, tagged with state and colour, index order
	hot    grid.Vec    // BurrTools' hotspot, as reset when solving starts
	filled int         // number of filled cells
	anchor int         // index in cells of the first filled cell
	or     []orientInfo
	sym    grid.Set // Sym(S): orientations mapping the shape onto itself

	// The turned cell lists (see turned) are made on first use: the
	// mirror images, half of them, are only needed for some symmetry
	// checks, and turning every orientation of big pieces up front was
	// most of preparing DraculasDentalDesaster. once[t] guards or[t].abs.
	g     grid.Grid
	shape *model.Shape
	walk  bool // turned cells are listed by walking the voxels (turnedSorted)
	once  []sync.Once
	// lo and hi bound cells (see turnedBounds).
	lo, hi grid.Vec
	// probes are the filled cells that mayFit tries in every orientation
	// where the grid turns by axis maps, picked once: picking them again
	// for each orientation was 1.5% of a HexSticks run's instructions, 3.7%
	// of DraculasDentalDesaster's.
	probes []grid.Vec
}

// orientInfo is a shape turned by one orientation t. A piece placed with
// orientation t at position p occupies abs[i] - hot + p (filled cells
// only).
type orientInfo struct {
	ok   bool // false where the grid cannot turn this shape so (spheres)
	norm int  // the smallest orientation giving the same shape
	// abs is made for the first orientation of each class only (norm ==
	// t; the others are the same shape moved), and only when first asked
	// for (shapeInfo.turned).
	abs []grid.Cell // the turned cells, sorted, in the grid's frame (for identity tests)
	hot grid.Vec    // the hotspot's image: abs[i].Pos - hot is cell i relative to it
	// anc is where the anchor cell lands relative to the hotspot's image.
	anc grid.Vec
	fst grid.Vec // see first
}

// first returns the smallest turned cell relative to the hotspot: two
// orientations giving the same shape differ in position by the difference
// of their firsts.
func (o *orientInfo) first() grid.Vec { return o.fst }

// turned returns orientation t's turned cells, sorted (orientInfo.abs);
// t must be the first of its class (norm == t) and ok. It is safe for
// concurrent use.
func (si *shapeInfo) turned(t int) []grid.Cell {
	si.once[t].Do(func() {
		o := &si.or[t]
		if o.abs != nil || !o.ok {
			return
		}
		if am, ok := grid.AxisMapOf(si.g, t); si.walk && ok {
			o.abs = si.turnedSorted(am, len(si.cells))
			return
		}
		pos := grid.Positions(si.cells)
		out, _, _ := grid.TransformInto(si.g, pos, t, pos, si.hot) // in place: each cell is read before its image is written
		o.abs = make([]grid.Cell, len(out))
		for i := range out {
			// Field by field: a Cell built whole and copied stalled.
			a := &o.abs[i]
			a.Pos[0], a.Pos[1], a.Pos[2], a.Tag = out[i][0], out[i][1], out[i][2], si.cells[i].Tag
		}
		sortCells(o.abs)
	})
	return si.or[t].abs
}

// turnedBounds returns the box of orientation t's turned cells, as
// Assembler.cellOffsets does, without listing them where the grid turns
// by axis maps: an axis map takes each axis onto an axis, so the box's
// corners go to the turned box's. (Listing every orientation's cells
// twice, once for this bound and once for the placements, was a
// twentieth of preparing DraculasDentalDesaster; sorting them for it, a
// tenth of HexSticks'.)
func (si *shapeInfo) turnedBounds(t int) (lo, hi grid.Vec) {
	if am, ok := grid.AxisMapOf(si.g, t); ok {
		if len(si.cells) == 0 {
			return lo, hi
		}
		a, b := am.Apply(si.lo), am.Apply(si.hi)
		for k := 0; k < 3; k++ {
			lo[k], hi[k] = min(a[k], b[k]), max(a[k], b[k])
		}
		return lo, hi
	}
	return bounds(si.turned(t))
}

// resetHotspot returns the hotspot BurrTools gives a shape when solving
// starts (grids.md §1.7): the origin, or for spheres the non-empty sphere
// nearest to it, the first in z, y, x order on ties.
func resetHotspot(g grid.Grid, s *model.Shape) grid.Vec {
	if g.Type() != grid.Spheres {
		return grid.Vec{}
	}
	best := s.Size[0]*s.Size[0] + s.Size[1]*s.Size[1] + s.Size[2]*s.Size[2]
	h := s.Hotspot
	for i, v := range s.Voxels {
		if v.State() == model.Empty {
			continue
		}
		p := s.Pos(i)
		if d := p[0]*p[0] + p[1]*p[1] + p[2]*p[2]; d < best {
			best, h = d, p
		}
	}
	return h
}

// newShapeInfo turns shape s, whose cells (Shape.Cells) are cells, by
// every orientation and sorts them into classes of identical results.
// Class members share norm, the first orientation of the class:
// BurrTools' normalised orientation. ctx is looked at once per
// orientation: a big shape takes a while. One list of the cells serves
// the symmetries and the orientations.
func newShapeInfo(ctx context.Context, g grid.Grid, s *model.Shape, cells []grid.Cell) (*shapeInfo, error) {
	if _, aligned := grid.AxisMapOf(g, 0); !aligned && g.Type() != grid.Spheres && len(cells) > 0 {
		// The symmetries of a shape on the prism grid come from turning
		// every cell by every orientation, which the orientations' data
		// need too: one turn serves both (it was most of preparing
		// Prisgon, whose cage and result have hundreds of cells).
		si, err := turnShapeInfo(ctx, g, s, cells, true, nil, false)
		if si != nil || err != nil {
			return si, err
		}
	}
	norms, err := classesOf(ctx, g, s, cells)
	if err != nil {
		return nil, err
	}
	return turnShapeInfo(ctx, g, s, cells, false, norms, true)
}

// turnShapeInfo is newShapeInfo for s's cells (Shape.Cells) given each
// orientation's norm (see classesOf); nil finds them by comparing sorted
// cell lists. Only the first orientation of a class gets its cell lists:
// the others only matter through their norm, anc and first. walk lets
// axis-aligned grids list turned cells sorted by walking the voxels (see
// turnedSorted). With derive set (norms nil, walk false) it finds the
// norms itself from the symmetries seen while turning the cells (see
// classesOf), and returns nil, nil where the grid cannot compose them.
func turnShapeInfo(ctx context.Context, g grid.Grid, s *model.Shape, cells []grid.Cell, derive bool, norms []int, walk bool) (*shapeInfo, error) {
	si := &shapeInfo{cells: cells, hot: resetHotspot(g, s), anchor: -1, g: g, shape: s}
	if len(si.cells) > 0 {
		si.lo, si.hi = bounds(si.cells)
	}
	for i, c := range si.cells {
		if model.Voxel(c.Tag).State() == model.Filled {
			si.filled++
			if si.anchor < 0 {
				si.anchor = i
			}
		}
	}
	_, aligned := grid.AxisMapOf(g, 0) // the grid turns by axis maps
	if aligned {
		si.probes = probesOf(si.cells, si.filled)
	}
	n := 2 * g.Orientations()
	si.or = make([]orientInfo, n)
	si.once = make([]sync.Once, n)
	var reps []int
	var out []grid.Vec // one buffer for every orientation's turned cells
	// The cells' positions, for TransformInto; made when first needed:
	// axis maps turn the cells without them (DraculasDentalDesaster's
	// nine pieces of 150 cells, 8 pages).
	var pos []grid.Vec
	si.walk = walk && norms != nil && walkable(si.lo, si.hi, len(si.cells))
	var sym grid.Set // with derive: the symmetries seen
	var f *faces     // see axisMapped
	if aligned && !si.walk && norms != nil && len(si.cells) > 0 {
		f = si.facesOf()
	}

	for t := 0; t < n; t++ {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		o := &si.or[t]
		if am, ok := grid.AxisMapOf(g, t); ok && si.walk {
			si.walked(o, am, norms[t])
			continue
		} else if ok && f != nil {
			si.axisMapped(o, am, norms[t], f)
			continue
		}
		if pos == nil {
			pos = grid.Positions(si.cells)
		}
		var hot grid.Vec
		var ok bool
		out, hot, ok = grid.TransformInto(g, out, t, pos, si.hot)
		if !ok {
			o.norm = -1
			continue
		}
		o.ok, o.hot = true, hot
		if si.anchor >= 0 {
			o.anc = out[si.anchor].Sub(hot)
		}
		if derive {
			if analysis.MapsOnto(g, s, si.cells, si.lo, out) {
				sym.Add(t)
			}
			o.fst = least(out).Sub(hot) // the norm follows from sym below
			continue
		}
		if norms != nil {
			// The classes are known: the cells wait for turned.
			o.norm, o.fst = norms[t], least(out).Sub(hot)
			continue
		}
		o.abs = make([]grid.Cell, len(out))
		for i, p := range out {
			o.abs[i] = grid.Cell{Pos: p, Tag: si.cells[i].Tag}
		}
		sortCells(o.abs)
		o.norm = t
		if len(o.abs) > 0 {
			o.fst = o.abs[0].Pos.Sub(hot)
		}
		for _, r := range reps {
			if _, same := grid.Identical(g, si.or[r].abs, o.abs); same {
				o.norm = r
				break
			}
		}
		if o.norm == t {
			reps = append(reps, t)
		} else {
			o.abs = nil // the same shape as its class's first, moved
		}
	}
	if derive {
		if norms = normsOf(g, sym); norms == nil {
			return nil, nil
		}
		for t := range si.or {
			if si.or[t].ok {
				si.or[t].norm = norms[t]
			}
		}
	}
	for t := 0; t < n; t++ {
		if si.or[t].ok && si.or[t].norm == si.or[0].norm {
			si.sym.Add(t)
		}
	}
	return si, nil
}

// probesOf returns up to maxProbes filled cells spread over cells, of
// which filled are filled (see mayFit).
func probesOf(cells []grid.Cell, filled int) []grid.Vec {
	step := max(1, filled/maxProbes)
	probes := make([]grid.Vec, 0, filled/step)
	k := 0
	for i := range cells {
		if c := &cells[i]; model.Voxel(c.Tag).State() == model.Filled {
			if k++; k%step == 0 {
				probes = append(probes, c.Pos)
			}
		}
	}
	return probes
}

// sortCells sorts cells into index order (z, then y, then x), like
// grid.SortCells but without reflection: shapes are sorted 2N times each,
// which made sorting most of the preparation of big pieces. Positions
// packed with their index into one integer sort about four times faster
// than cells compared field by field (see sortKeys).
func sortCells(c []grid.Cell) {
	if !sortKeys(c) {
		slices.SortFunc(c, func(a, b grid.Cell) int {
			for k := 2; k >= 0; k-- {
				if a.Pos[k] != b.Pos[k] {
					return cmp.Compare(a.Pos[k], b.Pos[k])
				}
			}
			return 0
		})
	}
}

// sameAs reports whether orientation t of a turns a into shape b (as
// given, orientation 0), colours included.
func (a *shapeInfo) sameAs(g grid.Grid, t int, b *shapeInfo) bool {
	if !a.or[t].ok || !b.or[0].ok {
		return false
	}
	_, same := grid.Identical(g, a.turned(a.or[t].norm), b.turned(0))
	return same
}
