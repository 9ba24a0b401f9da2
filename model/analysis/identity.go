package analysis

import (
	"github.com/burrlab/burrlab/model"
	"github.com/burrlab/burrlab/model/grid"
)

// Sameness says when two shapes count as the same.
type Sameness struct {
	// Mirror lets a mirror image count as the same shape, not only a
	// rotation.
	Mirror bool
	// Colours makes constraint colours part of the shape; without it only
	// the cells' states (filled or variable) must agree.
	Colours bool
}

// Catalog remembers shapes and finds the first one a new shape is the
// same as, up to rotation (and mirroring, if asked), translation, and the
// size of the voxel space. As in BurrTools, every distinct orientation of a
// remembered shape is entered under a hash of its cells relative to the
// first one, but only the hash and the orientation's number are kept:
// the cells are turned again for the few entries a lookup meets. So a
// catalog of a hundred thousand shapes holds each shape's cells once.
type Catalog struct {
	g       grid.Grid
	same    Sameness
	shapes  []catalogShape
	buckets map[uint64][]catalogEntry
}

// catalogShape is a remembered shape.
type catalogShape struct {
	index int
	cells []grid.Cell // sorted, tags as Sameness asks
}

// catalogEntry is one orientation of a remembered shape.
type catalogEntry struct {
	shape  int32 // in Catalog.shapes
	orient int16
}

// NewCatalog returns an empty catalog for shapes of grid g.
func NewCatalog(g grid.Grid, same Sameness) *Catalog {
	return &Catalog{g: g, same: same, buckets: make(map[uint64][]catalogEntry)}
}

// Find returns the index of the first added shape that s is the same as.
func (c *Catalog) Find(s *model.Shape) (index int, ok bool) {
	cells := c.cells(s)
	for _, e := range c.buckets[hashCells(cells)] {
		if o, ok := c.orient(e); ok {
			if _, same := grid.Identical(c.g, o, cells); same {
				return c.shapes[e.shape].index, true
			}
		}
	}
	return 0, false
}

// Add remembers shape s under index. Indices should grow with each call,
// so that Find returns the earliest match.
func (c *Catalog) Add(index int, s *model.Shape) {
	base := c.cells(s)
	k := int32(len(c.shapes))
	c.shapes = append(c.shapes, catalogShape{index: index, cells: base})
	n := c.g.Orientations()
	if c.same.Mirror {
		n *= 2
	}
	// The orientations entered so far, to skip those that a symmetry of
	// s makes equal to an earlier one.
	seen := make(map[uint64][][]grid.Cell)
	for t := 0; t < n; t++ {
		o, _, ok := grid.Orient(c.g, t, base, grid.Vec{})
		if !ok {
			continue
		}
		h := hashCells(o)
		dup := false
		for _, prev := range seen[h] {
			if _, same := grid.Identical(c.g, prev, o); same {
				dup = true
				break
			}
		}
		if dup {
			continue
		}
		seen[h] = append(seen[h], o)
		c.buckets[h] = append(c.buckets[h], catalogEntry{shape: k, orient: int16(t)})
	}
}

// orient turns a remembered shape as entry e says.
func (c *Catalog) orient(e catalogEntry) ([]grid.Cell, bool) {
	o, _, ok := grid.Orient(c.g, int(e.orient), c.shapes[e.shape].cells, grid.Vec{})
	return o, ok
}

// cells returns the non-empty cells of s, sorted, tagged with what must
// agree.
func (c *Catalog) cells(s *model.Shape) []grid.Cell {
	cells := s.Cells()
	if !c.same.Colours {
		for i := range cells {
			cells[i].Tag = uint8(model.Voxel(cells[i].Tag).State())
		}
	}
	return cells
}

// hashCells hashes sorted cells relative to the first one (FNV-1a):
// shapes that are translations of each other share it. Equal hashes are
// only candidates; grid.Identical decides.
func hashCells(cells []grid.Cell) uint64 {
	h := uint64(14695981039346656037)
	mix := func(x int) {
		for k := 0; k < 4; k++ {
			h ^= uint64(uint8(x >> (8 * k)))
			h *= 1099511628211
		}
	}
	if len(cells) == 0 {
		return h
	}
	o := cells[0].Pos
	for _, c := range cells {
		d := c.Pos.Sub(o)
		mix(d[0])
		mix(d[1])
		mix(d[2])
		mix(int(c.Tag))
	}
	return h
}
