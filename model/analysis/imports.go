package analysis

import (
	"context"
	"errors"
	"fmt"

	"github.com/burrlab/burrlab/model"
	"github.com/burrlab/burrlab/model/grid"
)

// ImportFilter says which assembly shapes ImportAssemblies drops. The
// filters run in BurrTools' order (the order of the fields); the zero
// value keeps every shape.
type ImportFilter struct {
	// DropDisconnected drops shapes whose cells are not all joined by
	// faces.
	DropDisconnected bool
	// DropMirrorSymmetric drops shapes that are their own mirror image.
	DropMirrorSymmetric bool
	// DropSymmetric drops shapes with any symmetry, rotation or mirror.
	DropSymmetric bool
	// DropNonMillable and DropNonNotchable drop cube shapes that cannot be
	// milled or notched (see Millable and Notchable); other grids reject
	// them.
	DropNonMillable  bool
	DropNonNotchable bool
	// MinCells and MaxCells keep shapes with that many filled cells;
	// MaxCells 0 means no upper limit.
	MinCells, MaxCells int
	// DropIdentical keeps only the first of the shapes that are rotations
	// of each other (states compared, colours not, as in BurrTools). Shapes
	// already in the puzzle are not compared.
	DropIdentical bool
	// IdenticalMirror makes DropIdentical also treat mirror images as
	// identical; BurrTools' dialog has no such option.
	IdenticalMirror bool
}

// DefaultImportFilter is what BurrTools' dialog starts with: drop
// disconnected shapes and identical ones.
var DefaultImportFilter = ImportFilter{DropDisconnected: true, DropIdentical: true}

// The names of the filters, in the order they run; ImportStep.Filter is
// one of them.
const (
	FilterDisconnected    = "disconnected"
	FilterMirrorSymmetric = "mirror-symmetric"
	FilterSymmetric       = "symmetric"
	FilterNonMillable     = "non-millable"
	FilterNonNotchable    = "non-notchable"
	FilterCellCount       = "cell-count"
	FilterIdentical       = "identical"
)

// ImportStep is what one enabled filter did.
type ImportStep struct {
	Filter  string // one of the Filter* names
	Removed int    // shapes it dropped
	Left    int    // shapes left after it
}

// Imported is the outcome of ImportAssemblies.
type Imported struct {
	Assemblies int          // stored assemblies looked at
	Steps      []ImportStep // the enabled filters, in the order they ran
	Shapes     []model.Shape
	// From[i] is the index, in the problem's stored solutions, of the
	// assembly Shapes[i] was made from.
	From []int
}

// Validate rejects settings that cannot work for grid g.
func (f ImportFilter) Validate(g grid.Grid) error {
	if (f.DropNonMillable || f.DropNonNotchable) && g.Type() != grid.Cubes {
		return fmt.Errorf("millable and notchable are defined for the cube grid only, not for %v", g.Type())
	}
	if f.MinCells < 0 || f.MaxCells < 0 {
		return fmt.Errorf("cell counts cannot be negative (%d..%d)", f.MinCells, f.MaxCells)
	}
	if f.MaxCells > 0 && f.MinCells > f.MaxCells {
		return fmt.Errorf("the smallest cell count %d is above the largest %d", f.MinCells, f.MaxCells)
	}
	return nil
}

// ErrNoAssemblies is returned when the problem has no stored assemblies.
var ErrNoAssemblies = errors.New("the problem has no stored assemblies: solve it first (every stored assembly becomes a shape)")

// ImportAssemblies turns every stored assembly of problem prob into one
// shape, all its pieces merged (AssemblyShape), and returns those that
// pass the filter, in the order of the stored assemblies. The puzzle is not
// changed. ctx cancels a long import.
func ImportAssemblies(ctx context.Context, p *model.Puzzle, prob int, f ImportFilter) (*Imported, error) {
	g, err := p.GridOf()
	if err != nil {
		return nil, err
	}
	if prob < 0 || prob >= len(p.Problems) {
		return nil, fmt.Errorf("problem %d does not exist (the puzzle has %d)", prob, len(p.Problems))
	}
	if err := f.Validate(g); err != nil {
		return nil, err
	}
	pr := &p.Problems[prob]
	if len(pr.Solutions) == 0 {
		return nil, ErrNoAssemblies
	}
	type stage struct {
		name string
		on   bool
		drop func(s *model.Shape, sym *Symmetry) bool
	}
	var catalog *Catalog
	if f.DropIdentical {
		catalog = NewCatalog(g, Sameness{Mirror: f.IdenticalMirror})
	}
	stages := []stage{
		{FilterDisconnected, f.DropDisconnected, func(s *model.Shape, _ *Symmetry) bool { return !Connected(g, s, grid.ByFace) }},
		{FilterMirrorSymmetric, f.DropMirrorSymmetric, func(_ *model.Shape, sym *Symmetry) bool { return sym.Mirror }},
		{FilterSymmetric, f.DropSymmetric, func(_ *model.Shape, sym *Symmetry) bool { return !sym.None() }},
		{FilterNonMillable, f.DropNonMillable, func(s *model.Shape, _ *Symmetry) bool { return !Millable(s) }},
		{FilterNonNotchable, f.DropNonNotchable, func(s *model.Shape, _ *Symmetry) bool { return !Notchable(s) }},
		{FilterCellCount, f.MinCells > 0 || f.MaxCells > 0, func(s *model.Shape, _ *Symmetry) bool {
			n := s.Count(model.Filled)
			return n < f.MinCells || f.MaxCells > 0 && n > f.MaxCells
		}},
		{FilterIdentical, f.DropIdentical, func(s *model.Shape, _ *Symmetry) bool { _, found := catalog.Find(s); return found }},
	}
	removed := make([]int, len(stages))
	out := &Imported{Assemblies: len(pr.Solutions)}
	for i := range pr.Solutions {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		s, err := AssemblyShape(p, pr, pr.Solutions[i].Assembly)
		if err != nil {
			return nil, fmt.Errorf("assembly %d: %w", i+1, err)
		}
		s.Name = fmt.Sprintf("assembly %d", i+1)
		var sym *Symmetry
		if f.DropMirrorSymmetric || f.DropSymmetric {
			v := SymmetryOf(g, &s)
			sym = &v
		}
		kept := true
		for k, st := range stages {
			if st.on && st.drop(&s, sym) {
				removed[k]++
				kept = false
				break
			}
		}
		if !kept {
			continue
		}
		if catalog != nil {
			catalog.Add(len(out.Shapes), &s)
		}
		out.Shapes = append(out.Shapes, s)
		out.From = append(out.From, i)
	}
	left := out.Assemblies
	for k, st := range stages {
		if st.on {
			left -= removed[k]
			out.Steps = append(out.Steps, ImportStep{Filter: st.name, Removed: removed[k], Left: left})
		}
	}
	return out, nil
}

// AddTo appends the imported shapes to p and returns the index of the
// first. When dst is a problem (not -1), each new shape also becomes one
// of its pieces, used lo to hi times, as BurrTools' "add shapes to a
// problem" does; that problem's solutions are cleared.
func (im *Imported) AddTo(p *model.Puzzle, dst, lo, hi int) (first int, err error) {
	if dst >= len(p.Problems) || dst < -1 {
		return 0, fmt.Errorf("problem %d does not exist", dst)
	}
	first = len(p.Shapes)
	for _, s := range im.Shapes {
		i := p.AddShape(s.Clone())
		if dst >= 0 {
			if err := p.SetPartRange(dst, i, lo, hi); err != nil {
				return 0, err
			}
		}
	}
	return first, nil
}

// AssemblyShape returns the shape assembly a of problem pr builds: every
// placed piece's cells, filled and variable and with their colours, where
// the assembly puts them, in a space as large as the problem's result (or
// larger, if a piece sticks out). The hotspot follows BurrTools' rule.
func AssemblyShape(p *model.Puzzle, pr *model.Problem, a model.Assembly) (model.Shape, error) {
	g, err := p.GridOf()
	if err != nil {
		return model.Shape{}, err
	}
	slots := pr.SlotParts()
	if len(a) != len(slots) {
		return model.Shape{}, fmt.Errorf("%d placements for %d piece slots", len(a), len(slots))
	}
	var size grid.Vec
	if pr.Result >= 0 && pr.Result < len(p.Shapes) {
		size = p.Shapes[pr.Result].Size
	}
	var cells []grid.Cell
	owner := make(map[grid.Vec]int)
	for slot, pl := range a {
		if !pl.Placed() {
			continue
		}
		cs, err := model.PlacedVoxels(g, &p.Shapes[pr.Parts[slots[slot]].Shape], pl)
		if err != nil {
			return model.Shape{}, fmt.Errorf("piece %d: %w", slot, err)
		}
		for _, c := range cs {
			if c.Pos[0] < 0 || c.Pos[1] < 0 || c.Pos[2] < 0 {
				return model.Shape{}, fmt.Errorf("piece %d lies outside the space at %v", slot, c.Pos)
			}
			if o, taken := owner[c.Pos]; taken {
				return model.Shape{}, fmt.Errorf("pieces %d and %d both cover %v", o, slot, c.Pos)
			}
			owner[c.Pos] = slot
			for k := 0; k < 3; k++ {
				size[k] = max(size[k], c.Pos[k]+1)
			}
		}
		cells = append(cells, cs...)
	}
	for k := 0; k < 3; k++ {
		size[k] = max(size[k], 1)
	}
	s := model.NewShape(size)
	for _, c := range cells {
		s.Set(c.Pos, model.Voxel(c.Tag))
	}
	s.ResetHotspot(g)
	return s, nil
}
