package main

import (
	"fmt"
	"io"
)

// runRender is a placeholder until the render subcommand lands.
func runRender(args []string, stdout io.Writer) error {
	return fmt.Errorf("not implemented yet")
}
