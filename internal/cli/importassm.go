package cli

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strconv"

	"github.com/burrlab/burrlab/internal/plural"
	"github.com/burrlab/burrlab/model/analysis"
	"github.com/burrlab/burrlab/model/xmpuzzle"
)

const importUsage = `usage: burr import-assemblies [flags] -o OUT FILE

Turns the stored assemblies of a problem into new shapes (BurrTools'
"Import Assms", the piece generator workflow): each assembly becomes one
shape made of all its pieces. The filters run in this order and the
command prints how many shapes each removed; the shapes left are added to
the puzzle, which is written to OUT (FILE itself is never changed unless
OUT names it). Solve the problem first, with burr solve -save.

Flags:
`

// importReport is what -json prints.
type importReport struct {
	Problem    int                   `json:"problem"`
	Assemblies int                   `json:"assemblies"`
	Steps      []analysis.ImportStep `json:"filters"`
	Added      int                   `json:"added"`
	FirstShape int                   `json:"firstShape"` // index of the first new shape
	ToProblem  *int                  `json:"toProblem"`  // problem the shapes became pieces of, if any
}

// runImportAssemblies adds a problem's assemblies as shapes.
func runImportAssemblies(args []string, stdout io.Writer) error {
	fs := newFlagSet("import-assemblies", importUsage)
	var f analysis.ImportFilter
	problem := fs.Int("problem", 0, "problem `N` whose stored assemblies are imported (from 0)")
	fs.BoolVar(&f.DropDisconnected, "drop-disconnected", true, "drop shapes whose cells are not all joined by faces")
	fs.BoolVar(&f.DropMirrorSymmetric, "drop-mirror-symmetric", false, "drop shapes that are their own mirror image")
	fs.BoolVar(&f.DropSymmetric, "drop-symmetric", false, "drop shapes with any symmetry")
	fs.BoolVar(&f.DropNonMillable, "drop-non-millable", false, "drop shapes that cannot be milled (cube grid)")
	fs.BoolVar(&f.DropNonNotchable, "drop-non-notchable", false, "drop shapes that cannot be notched (cube grid)")
	fs.IntVar(&f.MinCells, "min-cells", 0, "drop shapes with fewer than `N` filled cells")
	fs.IntVar(&f.MaxCells, "max-cells", 0, "drop shapes with more than `N` filled cells (0: no limit)")
	fs.BoolVar(&f.DropIdentical, "drop-identical", true, "keep one of the shapes that are rotations of each other")
	fs.BoolVar(&f.IdenticalMirror, "identical-mirror", false, "with -drop-identical, mirror images count as identical too")
	to := fs.String("to-problem", "", "also make the new shapes pieces of problem `N`, or of a new problem with \"new\"")
	lo := fs.Int("min", 0, "with -to-problem: each new piece is used at least `N` times")
	hi := fs.Int("max", 1, "with -to-problem: each new piece is used at most `N` times")
	out := fs.String("o", "", "write the puzzle with the new shapes to `OUT`")
	jsonOut := fs.Bool("json", false, "print the counts as one JSON object")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() != 1 || *out == "" {
		return errors.New("usage: burr import-assemblies [flags] -o OUT FILE")
	}
	if *to != "" && (*lo < 0 || *lo > *hi) {
		return fmt.Errorf("-min %d -max %d: need 0 <= min <= max", *lo, *hi)
	}
	p, err := xmpuzzle.ReadFile(fs.Arg(0))
	if err != nil {
		return err
	}
	dst := -1
	switch *to {
	case "", "new":
	default:
		n, err := strconv.Atoi(*to)
		if err != nil || n < 0 || n >= len(p.Problems) {
			return fmt.Errorf("-to-problem %q: say new or a problem from 0 to %d", *to, len(p.Problems)-1)
		}
		dst = n
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	res, err := analysis.ImportAssemblies(ctx, p, *problem, f)
	if err != nil {
		return fmt.Errorf("problem %d: %w", *problem, err)
	}
	rep := importReport{Problem: *problem, Assemblies: res.Assemblies, Steps: res.Steps, Added: len(res.Shapes), FirstShape: len(p.Shapes)}
	if *to == "new" {
		dst = p.AddProblem(fmt.Sprintf("imported from problem %d", *problem))
	}
	if _, err := res.AddTo(p, dst, *lo, *hi); err != nil {
		return err
	}
	if dst >= 0 {
		rep.ToProblem = &dst
	}
	if err := xmpuzzle.WriteFile(*out, p); err != nil {
		return fmt.Errorf("saving %s: %w", *out, err)
	}
	if *jsonOut {
		return json.NewEncoder(stdout).Encode(rep)
	}
	fmt.Fprintln(stdout, plural.Count(rep.Assemblies, "assembly", "assemblies"))
	for _, s := range rep.Steps {
		fmt.Fprintf(stdout, "%-17s removed %d, %d left\n", s.Filter+":", s.Removed, s.Left)
	}
	fmt.Fprint(stdout, "added ", plural.Count(rep.Added, "shape", "shapes"))
	if rep.Added > 0 {
		fmt.Fprintf(stdout, " (S%d on)", rep.FirstShape+1)
	}
	if dst >= 0 {
		fmt.Fprintf(stdout, ", pieces of problem %d", dst)
	}
	fmt.Fprintln(stdout)
	return nil
}
