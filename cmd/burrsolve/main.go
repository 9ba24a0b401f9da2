// Command burrsolve is the headless solver: the same as `burr solve`, for
// scripts, benchmarks and servers that want the solver alone. It never
// imports Fyne and builds with CGO_ENABLED=0.
//
//	burrsolve [-problem N|all] [-keep-mirrors] [-keep-rotations]
//	          [-complete-rotations] [-max-holes N] [-workers N] [-limit N]
//	          [-disassemble] [-json] [-save OUT] [-continue] FILE
//
// With -json it prints one JSON object per problem:
// {"problem":0,"name":"...","assemblies":N,"solutions":M or null,
// "complete":true,"seconds":S}.
package main

import (
	"os"

	"github.com/burrlab/burrlab/internal/cli"
)

func main() {
	os.Exit(cli.Solve(os.Args[1:], os.Stdout, os.Stderr))
}
