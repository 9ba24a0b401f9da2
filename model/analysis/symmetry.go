package analysis

import (
	"context"

	"github.com/burrlab/burrlab/model"
	"github.com/burrlab/burrlab/model/grid"
)

// Symmetries returns Sym(s): every orientation of g (mirror images
// included) that maps shape s onto itself up to a lattice translation,
// states and colours included, as BurrTools' symmetry of a shape compares
// whole voxels.
func Symmetries(g grid.Grid, s *model.Shape) grid.Set {
	set, _ := SymmetriesCtx(context.Background(), g, s, nil)
	return set
}

// SymmetriesCtx is Symmetries for big shapes: the solver's result can have
// 2^18 cells, which takes seconds on a busy machine, so ctx is looked at
// for every orientation and every 16384 cells, and step (if not nil) is
// told the fraction done. The turned shape is moved so that its bounding
// box starts where s's does and every cell is looked up in s, without
// sorting: that is what keeps big shapes cheap.
func SymmetriesCtx(ctx context.Context, g grid.Grid, s *model.Shape, step func(float64)) (grid.Set, error) {
	lo, hi, _ := s.Bounds()
	return SymmetriesOfCells(ctx, g, s, s.Cells(), lo, hi, step)
}

// SymmetriesOfCells is SymmetriesCtx for a caller that has listed s's
// cells (Shape.Cells) and its box (Shape.Bounds) already: the solver
// needs both for every piece anyway, and listing them twice was a
// fortieth of preparing DraculasDentalDesaster.
func SymmetriesOfCells(ctx context.Context, g grid.Grid, s *model.Shape, cells []grid.Cell, lo, hi grid.Vec, step func(float64)) (grid.Set, error) {
	if axisAligned(g) {
		return symmetriesAligned(ctx, g, s, cells, lo, hi, step)
	}
	return symmetriesAny(ctx, g, s, cells, grid.Positions(cells), lo, step)
}

// symmetriesAny is SymmetriesCtx for any grid: every cell is turned by
// every orientation that is not a product of symmetries found before (see
// closeGroup).
func symmetriesAny(ctx context.Context, g grid.Grid, s *model.Shape, cells []grid.Cell, pos []grid.Vec, lo grid.Vec, step func(float64)) (grid.Set, error) {
	var set grid.Set
	var gens []int     // the symmetries checked cell by cell
	var out []grid.Vec // one buffer for every orientation's turned cells
	for t := 0; t < 2*g.Orientations(); t++ {
		if err := ctx.Err(); err != nil {
			return set, err
		}
		if step != nil {
			step(float64(t) / float64(2*g.Orientations()))
		}
		if set.Has(t) {
			continue
		}
		var ok bool
		out, _, ok = grid.TransformInto(g, out, t, pos, grid.Vec{})
		if !ok {
			continue
		}
		same, err := mapsOnto(ctx, g, s, cells, lo, out)
		if err != nil {
			return set, err
		}
		if same {
			set.Add(t)
			gens = append(gens, t)
			set = closeGroup(g, set, gens)
		}
	}
	return set, nil
}

// MapsOnto reports whether out, the images of s's cells (Shape.Cells) under
// some orientation, are s itself up to a lattice translation, states and
// colours included; lo is the low corner of s's bounding box
// (Shape.Bounds). It is SymmetriesCtx's test of one orientation, for a
// caller that turns the cells anyway.
func MapsOnto(g grid.Grid, s *model.Shape, cells []grid.Cell, lo grid.Vec, out []grid.Vec) bool {
	same, _ := mapsOnto(context.Background(), g, s, cells, lo, out)
	return same
}

// mapsOnto is MapsOnto, looking at ctx every 16384 cells.
func mapsOnto(ctx context.Context, g grid.Grid, s *model.Shape, cells []grid.Cell, lo grid.Vec, out []grid.Vec) (bool, error) {
	if len(out) == 0 {
		return false, nil
	}
	olo, _ := grid.Bounds(out)
	d := lo.Sub(olo)
	if !g.InLattice(d) {
		return false, nil
	}
	// s.At(p.Add(d)) written out on scalars: the Vecs it passes went
	// through memory for every cell.
	dx, dy, dz := d[0], d[1], d[2]
	sx, sy, sz := s.Size[0], s.Size[1], s.Size[2]
	for i := range out {
		if i&(1<<14-1) == 0 && ctx.Err() != nil {
			return false, ctx.Err()
		}
		x, y, z := out[i][0]+dx, out[i][1]+dy, out[i][2]+dz
		var v model.Voxel // empty outside s's space, as Shape.At
		if x >= 0 && y >= 0 && z >= 0 && x < sx && y < sy && z < sz {
			v = s.Voxels[x+sx*(y+sy*z)]
		}
		if uint8(v) != cells[i].Tag {
			return false, nil
		}
	}
	return true, nil // as many cells, all on cells of s with the same tag: the same shape
}

// Symmetry is a summary of a shape's symmetry set.
type Symmetry struct {
	// Rotations is how many proper rotations map the shape onto itself;
	// 1 means it has no rotational symmetry.
	Rotations int `json:"rotations"`
	// Mirror says the shape is its own mirror image (some mirror
	// orientation maps it onto itself).
	Mirror bool `json:"mirror"`
}

// None reports whether the shape has no symmetry at all: only the
// identity maps it onto itself.
func (s Symmetry) None() bool { return s.Rotations <= 1 && !s.Mirror }

// SymmetryOf summarises Symmetries(g, s). An empty shape has every
// symmetry.
func SymmetryOf(g grid.Grid, s *model.Shape) Symmetry {
	if s.NumCells() == 0 {
		return Symmetry{Rotations: g.Orientations(), Mirror: true}
	}
	set := Symmetries(g, s)
	return Symmetry{Rotations: grid.Rotations(g, set), Mirror: grid.HasMirror(g, set)}
}
