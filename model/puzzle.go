// Package model holds a puzzle as plain data: the grid, constraint colours,
// shapes (voxel spaces), and problems with their pieces, colour rules and
// found solutions. It knows the invariants of that data and nothing of files,
// solving or drawing; those live in model/xmpuzzle, solver and render.
//
// Numbering follows BurrTools files: shapes and problems from 0, custom
// colours from 1 (0 is neutral), piece slots from 0 in part order.
package model

import (
	"fmt"
	"image/color"

	"github.com/burrlab/burrlab/model/grid"
)

// Puzzle is everything one .xmpuzzle file holds.
type Puzzle struct {
	Grid grid.Type
	// Colors are the custom constraint colours; Colors[i] is colour i+1.
	Colors       []color.RGBA
	Shapes       []Shape
	Problems     []Problem
	Comment      string
	CommentPopup bool // show the comment when the file is opened
}

// GridOf returns the puzzle's grid.
func (p *Puzzle) GridOf() (grid.Grid, error) { return grid.New(p.Grid) }

// Clone returns a deep copy, for undo snapshots and for handing a puzzle to
// a solver while the editor goes on changing the original.
func (p *Puzzle) Clone() *Puzzle {
	c := *p
	c.Colors = append([]color.RGBA(nil), p.Colors...)
	c.Shapes = make([]Shape, len(p.Shapes))
	for i := range p.Shapes {
		c.Shapes[i] = p.Shapes[i].Clone()
	}
	c.Problems = make([]Problem, len(p.Problems))
	for i := range p.Problems {
		c.Problems[i] = p.Problems[i].Clone()
	}
	return &c
}

// Validate checks the whole puzzle: a known grid, valid shapes, and problems
// whose references and stored solutions fit the shapes.
func (p *Puzzle) Validate() error {
	g, err := p.GridOf()
	if err != nil {
		return err
	}
	if len(p.Colors) > MaxColor {
		return fmt.Errorf("%d colours, at most %d allowed", len(p.Colors), MaxColor)
	}
	for i := range p.Shapes {
		if err := p.Shapes[i].Validate(g, len(p.Colors)); err != nil {
			return fmt.Errorf("shape %d: %w", i, err)
		}
	}
	for i := range p.Problems {
		if err := p.Problems[i].Validate(p); err != nil {
			return fmt.Errorf("problem %d: %w", i, err)
		}
	}
	return nil
}

// ColorAllowed reports whether a piece cell of colour pc may sit in a result
// cell of colour rc under problem pr (xmpuzzle-format.md §7.3).
func (p *Puzzle) ColorAllowed(pr *Problem, pc, rc int) bool {
	if len(p.Colors) == 0 || pc == 0 || rc == 0 {
		return true
	}
	for _, c := range pr.ColorRules {
		if c.Piece == pc && c.Result == rc {
			return true
		}
	}
	return false
}
