// Command burr is BurrLab without a window: it inspects, checks, converts,
// solves and draws .xmpuzzle files, for scripts, benchmarks and servers.
// It never imports Fyne and builds with CGO_ENABLED=0.
//
//	burr info FILE               the puzzle as JSON
//	burr check FILE              verify every stored assembly
//	burr convert IN OUT          load and save again
//	burr solve [flags] FILE      find assemblies (and solutions)
//	burr render [flags] -o OUT.png FILE
//
// `burr help CMD` prints a subcommand's flags. The commands live in
// internal/cli.
package main

import (
	"os"

	"github.com/burrlab/burrlab/internal/cli"
)

func main() {
	os.Exit(cli.Main(os.Args[1:], os.Stdout, os.Stderr))
}
