package cli

import (
	"errors"
	"flag"
	"fmt"
	"io"

	"github.com/burrlab/burrlab/model/xmpuzzle"
)

// runConvert loads a puzzle file and saves it again, in BurrTools 0.7.1's
// layout: old files come out as current ones.
func runConvert(args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("convert", flag.ContinueOnError)
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "usage: burr convert IN OUT\n\nLoads IN and saves it as OUT (IN and OUT may be the same file).")
	}
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() != 2 {
		return errors.New("usage: burr convert IN OUT")
	}
	p, err := xmpuzzle.ReadFile(fs.Arg(0))
	if err != nil {
		return err
	}
	if err := xmpuzzle.WriteFile(fs.Arg(1), p); err != nil {
		return fmt.Errorf("saving %s: %w", fs.Arg(1), err)
	}
	return nil
}
