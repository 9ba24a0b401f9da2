package analysis

import (
	"context"
	"fmt"

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

// Empty reports a shape without cells, whose contacts, holes and tools
// mean nothing.
func (in ShapeInfo) Empty() bool { return in.Filled+in.Variable == 0 }

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

// Kinship says how another shape relates to a shape.
type Kinship int

// The kinds of Relation, closest first.
const (
	Identical    Kinship = iota // a rotation of it, colours included
	OtherColours                // a rotation of it, but with other colours
	MirrorImage                 // a rotation of its mirror image, not of it
)

// String names the kinship for people.
func (k Kinship) String() string {
	switch k {
	case Identical:
		return "identical"
	case OtherColours:
		return "same shape, other colours"
	case MirrorImage:
		return "mirror image"
	}
	return fmt.Sprintf("kinship %d", int(k))
}

// Relation is another shape of the puzzle that is related to a shape.
type Relation struct {
	Shape int
	Kind  Kinship
}

// Relations lists the other shapes of the list that are identical to
// shape i, the same up to colours, or its mirror image (states compared,
// as in BurrTools), in index order. ctx stops it between shapes.
func Relations(ctx context.Context, g grid.Grid, shapes []model.Shape, i int) ([]Relation, error) {
	if i < 0 || i >= len(shapes) {
		return nil, fmt.Errorf("shape %d does not exist", i)
	}
	s := &shapes[i]
	if s.NumCells() == 0 {
		return nil, nil
	}
	filled, variable := s.Count(model.Filled), s.Count(model.Variable)
	var plain, colours, mirror *Catalog
	var out []Relation
	for j := range shapes {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		o := &shapes[j]
		if j == i || o.Count(model.Filled) != filled || o.Count(model.Variable) != variable {
			continue
		}
		if plain == nil { // only built when some shape could match
			plain, colours, mirror = NewCatalog(g, Sameness{}), NewCatalog(g, Sameness{Colours: true}), NewCatalog(g, Sameness{Mirror: true})
			plain.Add(i, s)
			colours.Add(i, s)
			mirror.Add(i, s)
		}
		switch {
		case found(colours, o):
			out = append(out, Relation{j, Identical})
		case found(plain, o):
			out = append(out, Relation{j, OtherColours})
		case found(mirror, o):
			out = append(out, Relation{j, MirrorImage})
		}
	}
	return out, nil
}

func found(c *Catalog, s *model.Shape) bool {
	_, ok := c.Find(s)
	return ok
}
