package assemble

import (
	"cmp"
	"context"
	"slices"

	"github.com/burrlab/burrlab/model"
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
}

// orientInfo is a shape turned by one orientation t. A piece placed with
// orientation t at position p occupies rel[i] + p (filled cells only).
type orientInfo struct {
	ok   bool // false where the grid cannot turn this shape so (spheres)
	norm int  // the smallest orientation giving the same shape
	// abs and rel are made for the first orientation of each class only
	// (norm == t): the others are the same shape moved.
	abs []grid.Cell // the turned cells, sorted, in the grid's frame (for identity tests)
	rel []grid.Cell // the turned cells relative to the hotspot's image, sorted
	// anc is where the anchor cell lands relative to the hotspot's image.
	anc grid.Vec
	fst grid.Vec // see first
}

// first returns the smallest turned cell relative to the hotspot: two
// orientations giving the same shape differ in position by the difference
// of their firsts.
func (o *orientInfo) first() grid.Vec { return o.fst }

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

// newShapeInfo turns shape s by every orientation and sorts them into
// classes of identical results. Class members share norm, the first
// orientation of the class: BurrTools' normalised orientation.
// ctx is looked at once per orientation: a big shape takes a while.
func newShapeInfo(ctx context.Context, g grid.Grid, s *model.Shape) (*shapeInfo, error) {
	norms, err := classesOf(ctx, g, s)
	if err != nil {
		return nil, err
	}
	return shapeInfoWith(ctx, g, s, norms, true)
}

// shapeInfoWith is newShapeInfo given each orientation's norm (see
// classesOf); nil finds them by comparing sorted cell lists. Only the
// first orientation of a class gets its cell lists: the others only
// matter through their norm, anc and first. walk lets axis-aligned grids
// list turned cells sorted by walking the voxels (see turnedSorted).
func shapeInfoWith(ctx context.Context, g grid.Grid, s *model.Shape, norms []int, walk bool) (*shapeInfo, error) {
	si := &shapeInfo{cells: s.Cells(), hot: resetHotspot(g, s), anchor: -1}
	pos := make([]grid.Vec, len(si.cells))
	for i, c := range si.cells {
		pos[i] = c.Pos
		if model.Voxel(c.Tag).State() == model.Filled {
			si.filled++
			if si.anchor < 0 {
				si.anchor = i
			}
		}
	}
	n := 2 * g.Orientations()
	si.or = make([]orientInfo, n)
	var reps []int
	walk = walk && norms != nil && walkable(s, len(si.cells))
	for t := 0; t < n; t++ {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		o := &si.or[t]
		if am, ok := grid.AxisMapOf(g, t); walk && ok {
			si.walked(o, s, t, am, norms[t])
			continue
		}
		out, hot, ok := g.Transform(t, pos, si.hot)
		if !ok {
			o.norm = -1
			continue
		}
		o.ok = true
		if si.anchor >= 0 {
			o.anc = out[si.anchor].Sub(hot)
		}
		if norms != nil && norms[t] != t {
			o.norm, o.fst = norms[t], least(out).Sub(hot)
			continue
		}
		o.abs = make([]grid.Cell, len(out))
		o.rel = make([]grid.Cell, len(out))
		for i, p := range out {
			o.abs[i] = grid.Cell{Pos: p, Tag: si.cells[i].Tag}
		}
		sortCells(o.abs)
		for i, c := range o.abs {
			o.rel[i] = grid.Cell{Pos: c.Pos.Sub(hot), Tag: c.Tag}
		}
		o.norm = t
		if len(o.rel) > 0 {
			o.fst = o.rel[0].Pos
		}
		for _, r := range reps {
			if norms != nil {
				break // t is the first of its class
			}
			if _, same := grid.Identical(g, si.or[r].abs, o.abs); same {
				o.norm = r
				break
			}
		}
		if o.norm == t {
			reps = append(reps, t)
		}
	}
	for t := 0; t < n; t++ {
		if si.or[t].ok && si.or[t].norm == si.or[0].norm {
			si.sym.Add(t)
		}
	}
	return si, nil
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
	_, same := grid.Identical(g, a.or[a.or[t].norm].abs, b.or[0].abs)
	return same
}
