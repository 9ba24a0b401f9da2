package main

import (
	"fmt"
	"io"
)

// runCheck is a placeholder until the check subcommand lands.
func runCheck(args []string, stdout io.Writer) error {
	return fmt.Errorf("not implemented yet")
}
