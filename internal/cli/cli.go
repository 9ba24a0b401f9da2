// Package cli is BurrLab without a window, the commands behind cmd/burr
// (and cmd/burrsolve, which is `burr solve`): they inspect, check,
// convert, solve and draw .xmpuzzle files, for scripts, benchmarks and
// servers. It never imports Fyne, so both build with CGO_ENABLED=0.
//
//	burr info [-analyse] FILE    the puzzle as JSON
//	burr check FILE              verify every stored assembly
//	burr convert [-grid G] IN OUT  load and save again, or convert a cube puzzle to grid G
//	burr solve [flags] FILE      find assemblies (and solutions)
//	burr render [flags] -o OUT.png|OUT.svg FILE
//	burr import-assemblies [flags] -o OUT FILE   assemblies as new shapes
//	burr explain [flags] FILE    why a problem has no solution
//	burr merge -o OUT FILE PART_FILES...   combine the parts of a split search
//
// Each subcommand lives in its own file; `burr help CMD` prints its flags.
package cli

import (
	"errors"
	"flag"
	"fmt"
	"io"
)

// command is one subcommand: it parses its own flags from args, writes its
// results to stdout, and returns an error for the one-line message on exit.
type command struct {
	usage string
	run   func(args []string, stdout io.Writer) error
}

func commands() map[string]command {
	return map[string]command{
		"info":              {"burr info [-analyse] FILE", runInfo},
		"check":             {"burr check [flags] FILE", runCheck},
		"convert":           {"burr convert [-grid G] IN OUT", runConvert},
		"solve":             {"burr solve [flags] FILE", runSolve},
		"merge":             {"burr merge -o OUT FILE PART_FILES...", runMerge},
		"render":            {"burr render [flags] -o OUT.png|OUT.svg FILE", runRender},
		"import-assemblies": {"burr import-assemblies [flags] -o OUT FILE", runImportAssemblies},
		"explain":           {"burr explain [-problem N] [-timeout 10s] [-disassemble] [-json] FILE", runExplain},
	}
}

// errInvalid marks a run that completed but found the input wanting (burr
// check on a bad assembly); it exits 1 like any other error.
var errInvalid = errors.New("invalid")

// errStopped marks a solve that a signal stopped before the end; it exits
// 3, which tells a job engine (Slurm, Kubernetes, GNU parallel) that the
// part is not done, where 0 would count it finished.
var errStopped = errors.New("stopped before the end")

// Main runs the command line args (without the program name): a
// subcommand and its flags. It returns the process exit code: 0, 1 for
// an error (reported in one line on stderr), 2 for a usage mistake or 3
// for a solve stopped by a signal (Ctrl-C) before the end.
func Main(args []string, stdout, stderr io.Writer) int {
	cmds := commands()
	if len(args) == 0 || args[0] == "-h" || args[0] == "--help" || args[0] == "help" && len(args) == 1 {
		usage(stderr, cmds)
		return 2
	}
	name, rest := args[0], args[1:]
	if name == "help" {
		name, rest = args[1], []string{"-h"}
	}
	c, ok := cmds[name]
	if !ok {
		fmt.Fprintf(stderr, "burr: unknown command %q\n", name)
		usage(stderr, cmds)
		return 2
	}
	return run(name, c, rest, stdout, stderr)
}

// Solve runs `burr solve` with args (its flags and file), as Main does.
// It is cmd/burrsolve's whole program: called directly rather than
// through Main's table, the other commands stay out of that binary
// (5.4 MB instead of 6.6), which starts sooner: 0.96 of the time of a
// run that only fails to open its file, 0.986 of a solve of Prisgon
// (61 pairs each).
func Solve(args []string, stdout, stderr io.Writer) int {
	return run("solve", command{run: runSolve}, args, stdout, stderr)
}

// run runs command c, called name, and returns the exit code (see Main).
func run(name string, c command, rest []string, stdout, stderr io.Writer) int {
	if err := c.run(rest, stdout); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return 0
		}
		fmt.Fprintf(stderr, "burr %s: %v\n", name, err)
		if errors.Is(err, errStopped) {
			return 3
		}
		return 1
	}
	return 0
}

func usage(w io.Writer, cmds map[string]command) {
	fmt.Fprintln(w, "usage:")
	for _, n := range []string{"info", "check", "convert", "solve", "merge", "render", "import-assemblies", "explain"} {
		fmt.Fprintf(w, "  %s\n", cmds[n].usage)
	}
}

// newFlagSet is the flag set of subcommand name, whose -h prints usage
// and then the flags.
func newFlagSet(name, usage string) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.Usage = func() {
		fmt.Fprint(fs.Output(), usage)
		fs.PrintDefaults()
	}
	return fs
}
