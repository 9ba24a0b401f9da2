package cli

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/burrlab/burrlab/internal/budget"
	"github.com/burrlab/burrlab/model"
	"github.com/burrlab/burrlab/model/xmpuzzle"
	"github.com/burrlab/burrlab/render"
)

const renderUsage = `usage: burr render [flags] -o OUT.png|OUT.svg FILE

Draws a picture of FILE without a window: problem N's stored solution K if
there is one, else its result shape (in a file without problems: its first
shape that has cells); -shape draws a shape instead, -parts
the problem's result with its pieces below. OUT ending in .svg writes the
picture as SVG (vector: it scales for print), .png as PNG.

STL for 3D printing: OUT ending in .stl writes the shape (-shape, else the
problem's result); -assembled writes solution K with every piece in place;
-pieces writes each distinct piece of solution K into the folder OUT, one
file per shape named after it. -unit, -gap, -bevel and -ascii set the
size, the clearance, the chamfer of outer edges (cube grid) and the format.

-steps writes the solution's disassembly as a numbered sequence, one
picture per move: OUT is a folder (the files are named after FILE) or a
base name, and OUT-000.png is the assembled puzzle, OUT-001.png the state
after the first move, and so on (.svg with -format svg or OUT.svg).

`

// runRender draws a puzzle into a PNG or SVG file (or a shape into an STL
// file), or a disassembly into a numbered sequence of them.
func runRender(args []string, stdout io.Writer) error {
	fs := newFlagSet("render", renderUsage)
	problem := fs.Int("problem", 0, "problem `N` (from 0)")
	solution := fs.Int("solution", 0, "stored solution `K` of the problem (from 0)")
	shape := fs.Int("shape", -1, "draw shape `S` (from 0) instead of a solution")
	parts := fs.Bool("parts", false, "draw the problem: its result shape and its pieces")
	size := fs.String("size", "800x600", "picture size `WxH` in pixels")
	step := fs.Float64("step", 0, "show the solution at step `T` of its disassembly (0 = assembled)")
	steps := fs.Bool("steps", false, "write every step of the solution's disassembly, numbered")
	dim := fs.Bool("dim", false, "fade the pieces that do not move in the step shown (-step, -steps)")
	colors := fs.Bool("colors", false, "paint cells in their constraint colours")
	background := fs.String("background", "gradient", "`gradient`, white or transparent")
	format := fs.String("format", "", "png or svg, for -steps when OUT has no extension")
	stlf := addSTLFlags(fs)
	out := fs.String("o", "", "output `file` (.png, .svg or .stl; a folder with -pieces; a folder or base name with -steps)")
	maxMemory := memoryFlag(fs)
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() != 1 || *out == "" {
		return errors.New("usage: burr render [flags] -o OUT.png|OUT.svg FILE")
	}
	limitHeap(*maxMemory)
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
	if _, err := fmt.Sscanf(*size, "%dx%d", &w, &h); err != nil {
		return fmt.Errorf("-size %q: want WxH in pixels, such as 800x600", *size)
	}
	opt := render.DefaultImageOptions()
	opt.Width, opt.Height = w, h
	if err := opt.Check(); err != nil {
		return fmt.Errorf("-size %s: %w", *size, err)
	}
	bg, err := render.ParseBackground(*background)
	if err != nil {
		return fmt.Errorf("-background: %w", err)
	}
	opt.Background = bg
	opt.Style.ConstraintColors = *colors
	opt.Dim = *dim
	if *steps {
		return renderSteps(p, *problem, *solution, opt, *out, *format, fs.Arg(0), stdout)
	}
	f, err := render.FormatOf(*out)
	if err != nil {
		return fmt.Errorf("-o %w", err)
	}
	var pic *render.Picture
	switch {
	case *shape >= 0:
		if err = budget.Check(*maxMemory, render.ShapeImageBytes(p, *shape, opt), "drawing the shape"); err == nil {
			pic, err = render.ShapePicture(p, *shape, opt)
		}
	case *parts:
		if err = budget.Check(*maxMemory, render.ProblemImageBytes(p, *problem, opt), "drawing the problem"); err == nil {
			pic, err = render.ProblemPicture(p, *problem, opt)
		}
	default:
		pic, err = drawProblem(p, *problem, *solution, *step, opt, *maxMemory)
	}
	if err != nil {
		return err
	}
	return pic.WriteFile(*out, f)
}

// renderSteps writes the disassembly of a stored solution as numbered
// pictures. out is a folder (the pictures are then named after the puzzle
// file) or a base name, with or without the format's extension.
func renderSteps(p *model.Puzzle, pr, sol int, opt render.ImageOptions, out, format, file string, stdout io.Writer) error {
	base := out
	if fi, err := os.Stat(out); err == nil && fi.IsDir() {
		base = filepath.Join(out, strings.TrimSuffix(filepath.Base(file), filepath.Ext(file)))
	}
	var f render.Format
	switch ext := filepath.Ext(base); {
	case strings.EqualFold(ext, ".png") || strings.EqualFold(ext, ".svg"):
		f, _ = render.FormatOf(base)
		base = strings.TrimSuffix(base, ext)
		if format != "" && !strings.EqualFold(format, f.String()) {
			return fmt.Errorf("-format %s does not match -o %s", format, out)
		}
	case format == "" || strings.EqualFold(format, "png"):
		f = render.PNG
	case strings.EqualFold(format, "svg"):
		f = render.SVG
	default:
		return fmt.Errorf("-format %q: want png or svg", format)
	}
	q, err := render.SolutionSteps(p, pr, sol, opt)
	if err != nil {
		return err
	}
	paths, err := q.WriteFiles(base, f, nil)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "wrote %d pictures, %s to %s\n", len(paths), paths[0], paths[len(paths)-1])
	return nil
}

// drawProblem lays out a stored solution, or the result shape when the
// problem has none. Each drawing's estimated memory is checked against the budget first.
func drawProblem(p *model.Puzzle, pr, sol int, step float64, opt render.ImageOptions, maxMemory int64) (*render.Picture, error) {
	shapePicture := func(i int) (*render.Picture, error) {
		if err := budget.Check(maxMemory, render.ShapeImageBytes(p, i, opt), fmt.Sprintf("drawing shape %d", i)); err != nil {
			return nil, err
		}
		return render.ShapePicture(p, i, opt)
	}
	if pr < 0 || pr >= len(p.Problems) {
		if len(p.Problems) == 0 && pr == 0 {
			// A file of shapes only: show the first one worth looking at.
			for i := range p.Shapes {
				if _, _, ok := p.Shapes[i].Bounds(); ok {
					return shapePicture(i)
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
		return render.AssemblyPicture(p, pr, sol, step, opt)
	}
	if sol != 0 {
		return nil, fmt.Errorf("problem %d has no stored solutions", pr)
	}
	if prob.Result == model.NoResult {
		return nil, fmt.Errorf("problem %d has neither a stored solution nor a result shape", pr)
	}
	return shapePicture(prob.Result)
}
