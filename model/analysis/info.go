package analysis

import (
	"context"

	"github.com/burrlab/burrlab/model"
	"github.com/burrlab/burrlab/model/grid"
)

// ShapeInfo is what BurrTools' shape information window says about one
// shape of a puzzle.
type ShapeInfo struct {
	Filled   int `json:"filled"`
	Variable int `json:"variable"`
	// SameAsMirror, SameAs and SameWithColours name the first earlier
	// shape (by index) that this one is identical to, or -1: up to rotation
	// and mirroring, up to rotation, and up to rotation with the same
	// constraint colours. Only the cells' states count in the first two.
	SameAsMirror    int `json:"sameAsMirror"`
	SameAs          int `json:"sameAs"`
	SameWithColours int `json:"sameWithColours"`
	// ByFace, ByEdge and ByCorner say whether the non-empty cells hang
	// together when cells sharing a face (or also an edge, or also only a
	// corner) count as joined.
	ByFace   bool `json:"connectedByFace"`
	ByEdge   bool `json:"connectedByEdge"`
	ByCorner bool `json:"connectedByCorner"`
	// Holes2D and Holes3D: see the functions of these names.
	Holes2D bool `json:"holes2D"`
	Holes3D bool `json:"holes3D"`
	// Millable and Notchable are nil outside the cube grid.
	Millable  *bool `json:"millable"`
	Notchable *bool `json:"notchable"`
	// Symmetry is nil for a shape without cells, whose symmetry means
	// nothing (BurrTools reports a different group per grid for it).
	Symmetry *Symmetry `json:"symmetry"`
}

// Describe analyses one shape of a puzzle whose earlier shapes are in the
// three catalogs (see Catalogs); it does not add the shape to them.
func Describe(g grid.Grid, s *model.Shape, c *Catalogs) ShapeInfo {
	in := ShapeInfo{
		Filled:   s.Count(model.Filled),
		Variable: s.Count(model.Variable),
		ByFace:   Connected(g, s, grid.ByFace),
		ByEdge:   Connected(g, s, grid.ByEdge),
		ByCorner: Connected(g, s, grid.ByCorner),
		Holes2D:  Holes2D(g, s),
		Holes3D:  Holes3D(g, s),
	}
	if s.NumCells() > 0 {
		sym := SymmetryOf(g, s)
		in.Symmetry = &sym
	}
	in.SameAsMirror, in.SameAs, in.SameWithColours = -1, -1, -1
	if c != nil {
		if i, ok := c.mirror.Find(s); ok {
			in.SameAsMirror = i
		}
		if i, ok := c.plain.Find(s); ok {
			in.SameAs = i
		}
		if i, ok := c.colours.Find(s); ok {
			in.SameWithColours = i
		}
	}
	if g.Type() == grid.Cubes {
		m, n := Millable(s), Notchable(s)
		in.Millable, in.Notchable = &m, &n
	}
	return in
}

// Catalogs are the three catalogs Describe looks shapes up in.
type Catalogs struct {
	mirror, plain, colours *Catalog
}

// NewCatalogs returns empty catalogs for grid g.
func NewCatalogs(g grid.Grid) *Catalogs {
	return &Catalogs{
		mirror:  NewCatalog(g, Sameness{Mirror: true}),
		plain:   NewCatalog(g, Sameness{}),
		colours: NewCatalog(g, Sameness{Colours: true}),
	}
}

// Add remembers shape s under index in all three catalogs.
func (c *Catalogs) Add(index int, s *model.Shape) {
	c.mirror.Add(index, s)
	c.plain.Add(index, s)
	c.colours.Add(index, s)
}

// DescribeAll analyses every shape of p, in order, each compared with the
// shapes before it. ctx stops it between shapes.
func DescribeAll(ctx context.Context, p *model.Puzzle) ([]ShapeInfo, error) {
	g, err := p.GridOf()
	if err != nil {
		return nil, err
	}
	c := NewCatalogs(g)
	out := make([]ShapeInfo, len(p.Shapes))
	for i := range p.Shapes {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		out[i] = Describe(g, &p.Shapes[i], c)
		c.Add(i, &p.Shapes[i])
	}
	return out, nil
}
