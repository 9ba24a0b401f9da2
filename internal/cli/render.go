package cli

import (
	"errors"
	"flag"
	"fmt"
	"image"
	"image/png"
	"io"
	"os"

	"github.com/burrlab/burrlab/model"
	"github.com/burrlab/burrlab/model/xmpuzzle"
	"github.com/burrlab/burrlab/render"
)

const renderUsage = `usage: burr render [flags] -o OUT.png FILE

Draws a picture of FILE without a window: problem N's stored solution K if
there is one, else its result shape (in a file without problems: its first
shape that has cells); -shape draws a shape instead, -parts
the problem's result with its pieces below.

STL for 3D printing: OUT ending in .stl writes the shape (-shape, else the
problem's result); -assembled writes solution K with every piece in place;
-pieces writes each distinct piece of solution K into the folder OUT, one
file per shape named after it. -unit, -gap, -bevel and -ascii set the
size, the clearance, the chamfer of outer edges (cube grid) and the format.

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
	stlf := addSTLFlags(fs)
	out := fs.String("o", "", "output `file` (.png or .stl; a folder with -pieces)")
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
	p, err := xmpuzzle.ReadFile(fs.Arg(0))
	if err != nil {
		return err
	}
	if stlf.wantsSTL(*out) {
		return stlf.render(p, *shape, *problem, *solution, *out, stdout)
	}
	if err := stlf.checkNotSTL(fs); err != nil {
		return err
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
		img, err = render.ShapeImage(p, *shape, opt)
	case *parts:
		img, err = render.ProblemImage(p, *problem, opt)
	default:
		img, err = drawProblem(p, *problem, *solution, *step, opt)
	}
	if err != nil {
		return err
	}
	return writePNG(*out, img)
}

// drawProblem draws a stored solution, or the result shape when the
// problem has none.
func drawProblem(p *model.Puzzle, pr, sol int, step float64, opt render.ImageOptions) (*image.RGBA, error) {
	if pr < 0 || pr >= len(p.Problems) {
		if len(p.Problems) == 0 && pr == 0 {
			// A file of shapes only: show the first one worth looking at.
			for i := range p.Shapes {
				if _, _, ok := p.Shapes[i].Bounds(); ok {
					return render.ShapeImage(p, i, opt)
				}
			}
			return nil, errors.New("the puzzle has no problem and no shape with cells: nothing to draw")
		}
		return nil, fmt.Errorf("problem %d does not exist (the puzzle has %d)", pr, len(p.Problems))
	}
	prob := &p.Problems[pr]
	if len(prob.Solutions) > 0 {
		return render.AssemblyImage(p, pr, sol, step, opt)
	}
	if sol != 0 {
		return nil, fmt.Errorf("problem %d has no stored solutions", pr)
	}
	if prob.Result == model.NoResult {
		return nil, fmt.Errorf("problem %d has neither a stored solution nor a result shape", pr)
	}
	return render.ShapeImage(p, prob.Result, opt)
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
