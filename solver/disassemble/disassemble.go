// Package disassemble finds out whether an assembly comes apart, and how:
// BurrTools' movement analysis and breadth-first separation search, for the
// cube and triangular-prism grids (algorithms.md §4).
package disassemble

import (
	"context"
	"errors"

	"github.com/burrlab/burrlab/model"
)

// ErrUnsupported is returned by New for grids without a disassembler
// (spheres, rhombic, tetra-octa), as in BurrTools.
var ErrUnsupported = errors.New("disassembly is not available for this grid")

// Disassembler analyses the assemblies of one problem. It is safe for
// concurrent use: solver workers share one.
type Disassembler struct{}

// New prepares a disassembler for problem pr of puzzle p. The puzzle must not
// change while the disassembler is in use.
func New(p *model.Puzzle, pr *model.Problem) (*Disassembler, error) {
	return nil, errors.New("disassembler not implemented yet")
}

// Disassemble returns how assembly a comes apart, or nil when it does not.
// It returns ctx.Err() when cancelled.
func (d *Disassembler) Disassemble(ctx context.Context, a model.Assembly) (*model.Separation, error) {
	return nil, errors.New("disassembler not implemented yet")
}
