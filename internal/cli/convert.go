package cli

import (
	"fmt"
	"io"

	"github.com/burrlab/burrlab/model/xmpuzzle"
)

// runConvert loads a puzzle file and saves it again, in BurrTools 0.7.1's
// layout: old files come out as current ones.
func runConvert(args []string, stdout io.Writer) error {
	files, err := positional("convert", "IN OUT", "Loads IN and saves it as OUT (IN and OUT may be the same file).", args)
	if err != nil {
		return err
	}
	p, err := xmpuzzle.ReadFile(files[0])
	if err != nil {
		return err
	}
	if err := xmpuzzle.WriteFile(files[1], p); err != nil {
		return fmt.Errorf("saving %s: %w", files[1], err)
	}
	return nil
}
