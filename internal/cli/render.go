package cli

import (
	"errors"
	"flag"
	"fmt"
	"image"
	"image/png"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/burrlab/burrlab/internal/budget"
	"github.com/burrlab/burrlab/model"
	"github.com/burrlab/burrlab/model/xmpuzzle"
	"github.com/burrlab/burrlab/render"
)

const renderUsage = `usage: burr render [flags] -o OUT.png FILE

Draws a picture of FILE without a window: problem N's stored solution K if
there is one, else its result shape (in a file without problems: its first
shape that has cells); -shape draws a shape instead, -parts
the problem's result with its pieces below. OUT ending in .stl writes the
shape (-shape, else the problem's result) as a binary STL file instead.

`

// runRender draws a puzzle into a PNG (or a shape into an STL) file.
func runRender(args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("render", flag.ContinueOnError)
	problem := fs.Int("problem", 0, "problem `N` (from 0)")
	solution := fs.Int("solution", 0, "stored solution `K` of the problem (from 0)")
	shape := fs.Int("shape", -1, "draw shape `S` (from 0) instead of a solution")
	parts := fs.Bool("parts", false, "draw the problem: its result shape and its pieces")
	size := fs.String("size", "800x600", "picture size `WxH` in pixels")
	step := fs.Float64("step", 0, "show the solution at step `T` of its disassembly (0 = assembled)")
	colors := fs.Bool("colors", false, "paint cells in their constraint colours")
	unit := fs.Float64("unit", 10, "STL only: length of one cell (cube edge) in `mm`")
	gap := fs.Float64("gap", 0.01, "STL only: clearance per side, as a fraction of a cell")
	out := fs.String("o", "", "output `file` (.png, or .stl for a shape)")
	maxMemory := memoryFlag(fs)
	fs.Usage = func() {
		fmt.Fprint(fs.Output(), renderUsage)
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() != 1 || *out == "" {
		return errors.New("usage: burr render [flags] -o OUT.png FILE")
	}
	limitHeap(*maxMemory)
	p, err := xmpuzzle.ReadFile(fs.Arg(0))
	if err != nil {
		return err
	}
	if strings.EqualFold(filepath.Ext(*out), ".stl") {
		return renderSTL(p, *shape, *problem, *unit, *gap, *out)
	}
	var w, h int
	if _, err := fmt.Sscanf(*size, "%dx%d", &w, &h); err != nil || w <= 0 || h <= 0 || w > 8192 || h > 8192 {
		return fmt.Errorf("-size %q: want WxH, each 1 to 8192", *size)
	}
	opt := render.DefaultImageOptions()
	opt.Width, opt.Height = w, h
	opt.Style.ConstraintColors = *colors
	var img *image.RGBA
	switch {
	case *shape >= 0:
		if err = budget.Check(*maxMemory, render.ShapeImageBytes(p, *shape, opt), "drawing the shape"); err == nil {
			img, err = render.ShapeImage(p, *shape, opt)
		}
	case *parts:
		if err = budget.Check(*maxMemory, render.ProblemImageBytes(p, *problem, opt), "drawing the problem"); err == nil {
			img, err = render.ProblemImage(p, *problem, opt)
		}
	default:
		img, err = drawProblem(p, *problem, *solution, *step, opt, *maxMemory)
	}
	if err != nil {
		return err
	}
	return writePNG(*out, img)
}

// drawProblem draws a stored solution, or the result shape when the
// problem has none.
// Each drawing's estimated memory is checked against the budget first.
func drawProblem(p *model.Puzzle, pr, sol int, step float64, opt render.ImageOptions, maxMemory int64) (*image.RGBA, error) {
	shapeImage := func(i int) (*image.RGBA, error) {
		if err := budget.Check(maxMemory, render.ShapeImageBytes(p, i, opt), fmt.Sprintf("drawing shape %d", i)); err != nil {
			return nil, err
		}
		return render.ShapeImage(p, i, opt)
	}
	if pr < 0 || pr >= len(p.Problems) {
		if len(p.Problems) == 0 && pr == 0 {
			// A file of shapes only: show the first one worth looking at.
			for i := range p.Shapes {
				if _, _, ok := p.Shapes[i].Bounds(); ok {
					return shapeImage(i)
				}
			}
			return nil, errors.New("the puzzle has no problem and no shape with cells: nothing to draw")
		}
		return nil, fmt.Errorf("problem %d does not exist (the puzzle has %d)", pr, len(p.Problems))
	}
	prob := &p.Problems[pr]
	if len(prob.Solutions) > 0 {
		if err := budget.Check(maxMemory, render.AssemblyImageBytes(p, pr, sol, opt), fmt.Sprintf("drawing solution %d", sol)); err != nil {
			return nil, err
		}
		return render.AssemblyImage(p, pr, sol, step, opt)
	}
	if sol != 0 {
		return nil, fmt.Errorf("problem %d has no stored solutions", pr)
	}
	if prob.Result == model.NoResult {
		return nil, fmt.Errorf("problem %d has neither a stored solution nor a result shape", pr)
	}
	return shapeImage(prob.Result)
}

func renderSTL(p *model.Puzzle, shape, pr int, unit, gap float64, out string) error {
	if shape < 0 {
		if pr < 0 || pr >= len(p.Problems) || p.Problems[pr].Result == model.NoResult {
			return fmt.Errorf("no shape to write: give -shape, or a problem with a result shape")
		}
		shape = p.Problems[pr].Result
	}
	if shape >= len(p.Shapes) {
		return fmt.Errorf("shape %d does not exist (the puzzle has %d)", shape, len(p.Shapes))
	}
	g, err := p.GridOf()
	if err != nil {
		return err
	}
	f, err := os.Create(out)
	if err != nil {
		return err
	}
	err = render.ShapeSTL(f, g, &p.Shapes[shape], render.STLOptions{Unit: unit, Gap: gap})
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(out)
		return fmt.Errorf("shape %d: %w", shape, err)
	}
	return nil
}

func writePNG(path string, img image.Image) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	err = png.Encode(f, img)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(path)
		return fmt.Errorf("writing %s: %w", path, err)
	}
	return nil
}
