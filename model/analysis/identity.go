package analysis

import (
	"strconv"
	"strings"

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
// size of the voxel space. Every remembered shape is stored in each of its
// distinct orientations, keyed by its cells relative to the first, so a
// lookup costs one map access and a comparison per candidate.
type Catalog struct {
	g       grid.Grid
	same    Sameness
	buckets map[string][]catalogEntry
}

type catalogEntry struct {
	index int
	cells []grid.Cell // sorted, tags as Sameness asks
}

// NewCatalog returns an empty catalog for shapes of grid g.
func NewCatalog(g grid.Grid, same Sameness) *Catalog {
	return &Catalog{g: g, same: same, buckets: make(map[string][]catalogEntry)}
}

// Find returns the index of the first added shape that s is the same as.
func (c *Catalog) Find(s *model.Shape) (index int, ok bool) {
	cells := c.cells(s)
	for _, e := range c.buckets[key(cells)] {
		if _, same := grid.Identical(c.g, e.cells, cells); same {
			return e.index, true
		}
	}
	return 0, false
}

// Add remembers shape s under index. Indices should grow with each call,
// so that Find returns the earliest match.
func (c *Catalog) Add(index int, s *model.Shape) {
	base := c.cells(s)
	n := c.g.Orientations()
	if c.same.Mirror {
		n *= 2
	}
	for t := 0; t < n; t++ {
		o, _, ok := grid.Orient(c.g, t, base, grid.Vec{})
		if !ok {
			continue
		}
		k := key(o)
		dup := false
		for _, e := range c.buckets[k] {
			if e.index == index {
				if _, same := grid.Identical(c.g, e.cells, o); same {
					dup = true // a symmetry of s: this orientation is stored already
					break
				}
			}
		}
		if !dup {
			c.buckets[k] = append(c.buckets[k], catalogEntry{index: index, cells: o})
		}
	}
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

// key describes sorted cells relative to the first one: shapes that are
// translations of each other share it (on grids where not every
// translation maps cells onto cells, grid.Identical decides).
func key(cells []grid.Cell) string {
	var b strings.Builder
	if len(cells) == 0 {
		return ""
	}
	o := cells[0].Pos
	for _, c := range cells {
		d := c.Pos.Sub(o)
		for _, x := range []int{d[0], d[1], d[2], int(c.Tag)} {
			b.WriteString(strconv.Itoa(x))
			b.WriteByte(',')
		}
	}
	return b.String()
}
