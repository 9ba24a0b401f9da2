package render

import (
	"fmt"
	"image/color"

	"github.com/burrlab/burrlab/model"
	"github.com/burrlab/burrlab/model/grid"
)

// ShapeMesh builds the mesh of shape s: every non-empty cell, variable cells
// marked, in the shape's own coordinates (so that picked cells are cells of
// s).
func ShapeMesh(g grid.Grid, s *model.Shape) (*Mesh, error) {
	if err := s.Validate(g, model.MaxColor); err != nil {
		return nil, err
	}
	if err := checkCells(s.NumCells()); err != nil {
		return nil, err
	}
	if err := checkSceneBytes(meshBytes(g, s, false)); err != nil {
		return nil, err
	}
	return NewMesh(g, s.Cells(), DefaultGap)
}

// ShapeScene returns a scene of shape number i of p alone, in its colour.
func ShapeScene(p *model.Puzzle, i int) (*Scene, error) {
	g, err := p.GridOf()
	if err != nil {
		return nil, err
	}
	if i < 0 || i >= len(p.Shapes) {
		return nil, fmt.Errorf("shape %d does not exist (the puzzle has %d)", i, len(p.Shapes))
	}
	m, err := ShapeMesh(g, &p.Shapes[i])
	if err != nil {
		return nil, fmt.Errorf("shape %d: %w", i, err)
	}
	return &Scene{Items: []Item{{Mesh: m, Color: ShapeColor(i)}}, Colors: p.Colors}, nil
}

// SlotColors returns the colour of every piece slot of a problem: its
// shape's colour, varied for the second and later pieces of one shape.
func SlotColors(pr *model.Problem) []color.RGBA {
	seen := map[int]int{}
	var out []color.RGBA
	for _, part := range pr.SlotParts() {
		sh := pr.Parts[part].Shape
		out = append(out, InstanceColor(ShapeColor(sh), seen[sh]))
		seen[sh]++
	}
	return out
}

// AssemblyScene returns one item per piece slot of problem pr (slot i is
// Items[i]): each placed piece where assembly a puts it, in the result's
// frame; unplaced slots are hidden and have no mesh. Picked cells are cells
// of the result.
func AssemblyScene(p *model.Puzzle, pr *model.Problem, a model.Assembly) (*Scene, error) {
	g, err := p.GridOf()
	if err != nil {
		return nil, err
	}
	slots := pr.SlotParts()
	if len(a) != len(slots) {
		return nil, fmt.Errorf("%d placements for %d piece slots", len(a), len(slots))
	}
	if err := checkSceneBytes(assemblyBytes(g, p, pr, a)); err != nil {
		return nil, err
	}
	colors := SlotColors(pr)
	s := &Scene{Items: make([]Item, len(slots)), Colors: p.Colors}
	for i, pl := range a {
		s.Items[i] = Item{Color: colors[i], Mode: Hidden}
		if !pl.Placed() {
			continue
		}
		part := pr.Parts[slots[i]]
		if part.Shape < 0 || part.Shape >= len(p.Shapes) {
			return nil, fmt.Errorf("piece %d: shape %d does not exist", i, part.Shape)
		}
		// Refuse a huge piece before listing its cells, which alone
		// would take gigabytes.
		if err := checkCells(p.Shapes[part.Shape].Count(model.Filled)); err != nil {
			return nil, fmt.Errorf("piece %d: %w", i, err)
		}
		cells, err := model.PlacedCells(g, &p.Shapes[part.Shape], pl)
		if err != nil {
			return nil, fmt.Errorf("piece %d: %w", i, err)
		}
		for _, c := range cells {
			if !g.Valid(c.Pos) {
				return nil, fmt.Errorf("piece %d covers %v, which is not a cell of the grid", i, c.Pos)
			}
		}
		m, err := NewMesh(g, cells, DefaultGap)
		if err != nil {
			return nil, fmt.Errorf("piece %d: %w", i, err)
		}
		s.Items[i].Mesh, s.Items[i].Mode = m, Solid
	}
	return s, nil
}
