package main

import (
	"fmt"
	"io"
)

// runConvert is a placeholder until the convert subcommand lands.
func runConvert(args []string, stdout io.Writer) error {
	return fmt.Errorf("not implemented yet")
}
