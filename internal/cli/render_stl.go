package cli

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/burrlab/burrlab/model"
	"github.com/burrlab/burrlab/render/stl"
)

// stlFlags are burr render's flags for STL output.
type stlFlags struct {
	unit      string
	gap       float64
	bevel     float64
	ascii     bool
	pieces    bool
	assembled bool
}

func addSTLFlags(fs *flag.FlagSet) *stlFlags {
	f := &stlFlags{}
	d := stl.DefaultOptions()
	fs.StringVar(&f.unit, "unit", "10", "STL: length of one cell in `mm`, one number or X,Y,Z per axis")
	fs.Float64Var(&f.gap, "gap", d.Gap, "STL: clearance per side, as a fraction of a cell")
	fs.Float64Var(&f.bevel, "bevel", 0, "STL, cube grid: chamfer the outer edges by `F` of a cell (0 = none; at least 4 gaps)")
	fs.BoolVar(&f.ascii, "ascii", false, "STL: write ASCII instead of binary")
	fs.BoolVar(&f.pieces, "pieces", false, "STL: write each distinct piece of solution K into folder -o, one file per shape")
	fs.BoolVar(&f.assembled, "assembled", false, "STL: write solution K, every piece in place, as one file")
	return f
}

// wantsSTL reports whether the command line asks for STL output.
func (f *stlFlags) wantsSTL(out string) bool {
	return f.pieces || f.assembled || strings.EqualFold(filepath.Ext(out), ".stl")
}

// checkNotSTL refuses STL-only flags on a picture.
func (f *stlFlags) checkNotSTL(fs *flag.FlagSet) error {
	var bad []string
	fs.Visit(func(fl *flag.Flag) {
		switch fl.Name {
		case "unit", "gap", "bevel", "ascii":
			bad = append(bad, "-"+fl.Name)
		}
	})
	if len(bad) > 0 {
		return fmt.Errorf("%s: only for STL output (-o FILE.stl, -pieces or -assembled)", strings.Join(bad, ", "))
	}
	return nil
}

// parseUnit reads "10" (all axes) or "10,10,5" (X,Y,Z).
func parseUnit(s string) ([3]float64, error) {
	parts := strings.Split(s, ",")
	if len(parts) != 1 && len(parts) != 3 {
		return [3]float64{}, fmt.Errorf("-unit %q: want one length or three, X,Y,Z", s)
	}
	var u [3]float64
	for k, p := range parts {
		v, err := strconv.ParseFloat(strings.TrimSpace(p), 64)
		if err != nil {
			return u, fmt.Errorf("-unit %q: %q is not a number", s, p)
		}
		if !(v > 0) || v > stl.MaxUnit {
			return u, fmt.Errorf("-unit %q: each length must be more than 0 and at most %d mm", s, stl.MaxUnit)
		}
		u[k] = v
	}
	if len(parts) == 1 {
		u[1], u[2] = u[0], u[0]
	}
	return u, nil
}

// renderSTL writes what the flags ask for: the pieces of a solution into
// a folder, a solution assembled, a shape, or the problem's result.
func (f *stlFlags) render(p *model.Puzzle, shape, pr, sol int, out string, stdout io.Writer) error {
	if f.pieces && f.assembled {
		return errors.New("-pieces and -assembled: choose one")
	}
	if (f.pieces || f.assembled) && shape >= 0 {
		return errors.New("-shape writes one shape; -pieces and -assembled write a solution: choose one")
	}
	unit, err := parseUnit(f.unit)
	if err != nil {
		return err
	}
	o := stl.Options{Unit: unit, Gap: f.gap, Bevel: f.bevel, ASCII: f.ascii}
	if err := o.Validate(); err != nil {
		return err
	}
	switch {
	case f.pieces:
		if strings.EqualFold(filepath.Ext(out), ".stl") {
			return fmt.Errorf("-pieces writes one file per shape: -o must name a folder, not %s", out)
		}
		// Refuse a missing solution before making the folder.
		if _, err := stl.PieceShapes(p, pr, sol); err != nil {
			return err
		}
		if err := os.MkdirAll(out, 0o755); err != nil {
			return err
		}
		paths, err := stl.WritePieces(out, "", p, pr, sol, o)
		for _, path := range paths {
			fmt.Fprintln(stdout, path)
		}
		return err
	case f.assembled:
		if !strings.EqualFold(filepath.Ext(out), ".stl") {
			return fmt.Errorf("-assembled writes one STL file: -o must end in .stl, not %s", out)
		}
		m, err := stl.Assembled(p, pr, sol, o)
		if err != nil {
			return err
		}
		return stl.WriteFile(out, m, fmt.Sprintf("problem %d solution %d", pr, sol), o)
	}
	if shape < 0 {
		if pr < 0 || pr >= len(p.Problems) || p.Problems[pr].Result == model.NoResult {
			return errors.New("no shape to write: give -shape, or a problem with a result shape")
		}
		shape = p.Problems[pr].Result
	}
	m, err := stl.Shape(p, shape, o)
	if err != nil {
		return err
	}
	return stl.WriteFile(out, m, stl.ShapeLabel(p, shape), o)
}
