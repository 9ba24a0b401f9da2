package cli

import (
	"errors"
	"fmt"
	"io"

	"github.com/burrlab/burrlab/model"
	"github.com/burrlab/burrlab/model/grid"
	"github.com/burrlab/burrlab/model/xmpuzzle"
)

const convertUsage = `usage: burr convert [-grid rhombic|tetra-octa] IN OUT

Loads IN and saves it as OUT (IN and OUT may be the same file), in
BurrTools 0.7.1's layout: old files come out as current ones. With -grid a
cube puzzle is converted to the rhombic or the tetra-octa grid, as
BurrTools' File ▸ Convert does: each cube becomes the cells of one block.

Flags:
`

// convertGrids names the grids -grid accepts.
var convertGrids = map[string]grid.Type{"rhombic": grid.Rhombic, "tetra-octa": grid.TetraOcta}

// runConvert loads a puzzle file and saves it again, converted to another
// grid with -grid.
func runConvert(args []string, stdout io.Writer) error {
	fs := newFlagSet("convert", convertUsage)
	to := fs.String("grid", "", "convert a cube puzzle to the `GRID` (rhombic or tetra-octa)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() != 2 {
		return errors.New("usage: burr convert [-grid rhombic|tetra-octa] IN OUT")
	}
	files := fs.Args()
	p, err := xmpuzzle.ReadFile(files[0])
	if err != nil {
		return err
	}
	if *to != "" {
		t, ok := convertGrids[*to]
		if !ok {
			return fmt.Errorf("-grid %q: the grids to convert to are rhombic and tetra-octa", *to)
		}
		if p, err = model.Convert(p, t); err != nil {
			return err
		}
	}
	if err := xmpuzzle.WriteFile(files[1], p); err != nil {
		return fmt.Errorf("saving %s: %w", files[1], err)
	}
	return nil
}
