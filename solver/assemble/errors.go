package assemble

import (
	"errors"
	"fmt"
)

// Errors for problems that cannot be solved as posed. They match the
// checks BurrTools makes before it searches (algorithms.md §1).
var (
	ErrNoResult = errors.New("the problem has no result shape")
	ErrNoPieces = errors.New("the problem has no pieces")
)

// UnitsError says that the pieces' cells cannot match the result: too many
// for all its cells (Many), or too few for its filled cells.
type UnitsError struct {
	Many bool
	N    int // how many units too many or too few
}

func (e *UnitsError) Error() string {
	if e.Many {
		return fmt.Sprintf("the pieces have %d units too many for the result", e.N)
	}
	return fmt.Sprintf("the pieces have %d units too few to fill the result", e.N)
}

// PlaceError says that a piece the problem requires fits nowhere in the
// result. BurrTools reports the first such part.
type PlaceError struct {
	Part  int    // index of the part in the problem
	Shape int    // index of its shape in the puzzle
	Name  string // the shape's name, if any
}

func (e *PlaceError) Error() string {
	name := ""
	if e.Name != "" {
		name = fmt.Sprintf(" (%q)", e.Name)
	}
	return fmt.Sprintf("shape %d%s can be placed nowhere in the result", e.Shape, name)
}

// EmptyShapeError says that a piece has no filled cell.
type EmptyShapeError struct{ Shape int }

func (e *EmptyShapeError) Error() string {
	return fmt.Sprintf("shape %d is used as a piece but has no filled cells", e.Shape)
}
