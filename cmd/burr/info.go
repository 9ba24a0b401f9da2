package main

import (
	"fmt"
	"io"
)

// runInfo is a placeholder until the info subcommand lands.
func runInfo(args []string, stdout io.Writer) error {
	return fmt.Errorf("not implemented yet")
}
