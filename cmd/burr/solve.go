package main

import (
	"fmt"
	"io"
)

// runSolve is a placeholder until the solve subcommand lands.
func runSolve(args []string, stdout io.Writer) error {
	return fmt.Errorf("not implemented yet")
}
