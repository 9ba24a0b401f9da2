package render

import (
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"io"
	"io/fs"
	"math"
	"path/filepath"
	"strings"

	"github.com/burrlab/burrlab/internal/atomicfile"
	"github.com/burrlab/burrlab/model"
)

// MaxImageSide caps each side of a picture for a file, in pixels.
const MaxImageSide = 8192

// ImageOptions say how a picture for a file is drawn.
type ImageOptions struct {
	Width, Height int
	Style         Style
	// Camera gives the direction of view; the distance and target are
	// fitted to what is drawn. Nil means DefaultCamera.
	Camera *Camera
	// Supersample draws at this many times the size and averages down,
	// for smooth edges (1 = off; 2 is a good choice for files). Large
	// pictures get less, so that the drawing stays within MaxPixels.
	Supersample int
	// Background replaces the style's gradient for white or transparent
	// pictures.
	Background Background
	// Dim fades the pieces that do not move in a disassembly step, in
	// the pictures of Steps and AssemblyPicture.
	Dim bool
	// Stage, when set, places the pieces of a solution's pictures
	// (AssemblyPicture, Steps) at time t of its disassembly an (nil when
	// none is drawn): their offsets, fades and modes, on a scene built by
	// AssemblyScene. An app passes the function its view places them
	// with, so that the pictures show what the view does: pieces hidden
	// or outlined, an exploded view. Unset, the pieces sit where an puts
	// them, all drawn. It is called in the goroutine that lays out and
	// draws the pictures.
	Stage func(s *Scene, an *Animation, t float64)
}

// stage places the pieces of solution scene s at time t of an (nil: none)
// as Stage says, or where an puts them.
func (o ImageOptions) stage(s *Scene, an *Animation, t float64) {
	switch {
	case o.Stage != nil:
		o.Stage(s, an, t)
	case an != nil:
		an.Apply(s, t)
	}
}

// Background is what a picture shows behind the puzzle.
type Background uint8

// The backgrounds of a picture.
const (
	Gradient    Background = iota // the style's gradient, as in the app
	White                         // plain white, for print
	Transparent                   // nothing: PNG alpha 0, no SVG rectangle
)

var backgroundNames = [...]string{Gradient: "gradient", White: "white", Transparent: "transparent"}

func (b Background) String() string {
	if int(b) < len(backgroundNames) {
		return backgroundNames[b]
	}
	return fmt.Sprintf("Background(%d)", b)
}

// ParseBackground reads a background's name: gradient, white or
// transparent.
func ParseBackground(s string) (Background, error) {
	for b, n := range backgroundNames {
		if strings.EqualFold(s, n) {
			return Background(b), nil
		}
	}
	return 0, fmt.Errorf("background %q: want gradient, white or transparent", s)
}

// DefaultImageOptions returns options for an 800x600 file picture.
func DefaultImageOptions() ImageOptions {
	return ImageOptions{Width: 800, Height: 600, Style: DefaultStyle(), Supersample: 2}
}

// Check reports a picture size that cannot be drawn, before anything is
// allocated: each side from 1 to MaxImageSide pixels, and at most
// MaxPixels in all.
func (o ImageOptions) Check() error {
	if o.Width <= 0 || o.Height <= 0 || o.Width > MaxImageSide || o.Height > MaxImageSide || o.Width > MaxPixels/o.Height {
		return fmt.Errorf("picture size %dx%d out of range: each side 1 to %d pixels, at most %d megapixels in all",
			o.Width, o.Height, MaxImageSide, MaxPixels/1000000)
	}
	if o.Supersample < 0 || o.Supersample > 4 {
		return fmt.Errorf("supersampling %d out of range 0..4", o.Supersample)
	}
	if int(o.Background) >= len(backgroundNames) {
		return fmt.Errorf("unknown background %v", o.Background)
	}
	return nil
}

// style returns the options' style with the background applied.
func (o ImageOptions) style() Style {
	st := o.Style
	switch o.Background {
	case White:
		st.Top, st.Bottom = white, white
	case Transparent:
		st.Top, st.Bottom = transparent, transparent
	}
	return st
}

var transparent = color.RGBA{}

// supersample returns the factor to draw at: the requested one, less where
// the larger drawing would exceed MaxPixels.
func (o ImageOptions) supersample() int {
	ss := min(max(o.Supersample, 1), 4)
	for ss > 1 && o.Width*ss > MaxPixels/(o.Height*ss) {
		ss--
	}
	return ss
}

// Format is a picture file's format.
type Format uint8

// The picture formats.
const (
	PNG Format = iota
	SVG
)

// Ext returns the format's file name extension, with the dot.
func (f Format) Ext() string {
	if f == SVG {
		return ".svg"
	}
	return ".png"
}

func (f Format) String() string { return strings.ToUpper(f.Ext()[1:]) }

// FormatOf returns the format a file name's extension asks for.
func FormatOf(path string) (Format, error) {
	switch strings.ToLower(filepath.Ext(path)) {
	case ".png":
		return PNG, nil
	case ".svg":
		return SVG, nil
	}
	return 0, fmt.Errorf("%s: unknown picture format (want .png or .svg)", filepath.Base(path))
}

// Picture is a drawing ready for a file: one or more scenes, each in a
// rectangle of the picture seen by its own camera. Write it as a PNG
// (Image, Encode) or as SVG (WriteSVG, Encode).
type Picture struct {
	w, h  int
	opt   ImageOptions
	tiles []tile
}

// tile is one scene of a picture.
type tile struct {
	at    image.Rectangle
	scene *Scene
	cam   Camera
}

// Size returns the picture's size in pixels.
func (pic *Picture) Size() (w, h int) { return pic.w, pic.h }

// newPicture starts a picture of the options' size, after checking it.
func newPicture(opt ImageOptions) (*Picture, error) {
	if err := opt.Check(); err != nil {
		return nil, err
	}
	return &Picture{w: opt.Width, h: opt.Height, opt: opt}, nil
}

// camera returns the options' camera, unfitted.
func (o ImageOptions) camera() Camera {
	if o.Camera != nil {
		return *o.Camera
	}
	return DefaultCamera()
}

// ScenePicture fits a scene into a picture of the options' size.
func ScenePicture(s *Scene, opt ImageOptions) (*Picture, error) {
	pic, err := newPicture(opt)
	if err != nil {
		return nil, err
	}
	cam := opt.camera()
	cam.Frame(s, float64(opt.Width)/float64(opt.Height))
	pic.tiles = []tile{{at: image.Rect(0, 0, opt.Width, opt.Height), scene: s, cam: cam}}
	return pic, nil
}

// Encode writes the picture to w in format f.
func (pic *Picture) Encode(w io.Writer, f Format) error {
	if f == SVG {
		return pic.WriteSVG(w)
	}
	img, err := pic.Image()
	if err != nil {
		return err
	}
	return png.Encode(w, img)
}

// WriteFile writes the picture to path in format f, through a temporary
// file: when anything fails an existing file at path is left as it was.
func (pic *Picture) WriteFile(path string, f Format) error {
	err := atomicfile.WriteFile(path, func(w io.Writer) error { return pic.Encode(w, f) })
	if err != nil {
		// The temporary file's name would only confuse: say what
		// happened to path.
		var pe *fs.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return fmt.Errorf("writing %s: %w", path, err)
	}
	return nil
}

// Image draws the picture into a new image.
func (pic *Picture) Image() (*image.RGBA, error) {
	st := pic.opt.style()
	if len(pic.tiles) == 1 && pic.tiles[0].at == image.Rect(0, 0, pic.w, pic.h) {
		t := pic.tiles[0]
		return renderWith(t.scene, pic.opt, st, t.cam, pic.w, pic.h)
	}
	out := image.NewRGBA(image.Rect(0, 0, pic.w, pic.h))
	fillGradient(out, st)
	for _, t := range pic.tiles {
		// Each tile gets its slice of the gradient, so that the tiles
		// join seamlessly.
		ts := st
		ts.Top = mix(st.Top, st.Bottom, float64(t.at.Min.Y)/float64(pic.h))
		ts.Bottom = mix(st.Top, st.Bottom, float64(t.at.Max.Y)/float64(pic.h))
		img, err := renderWith(t.scene, pic.opt, ts, t.cam, t.at.Dx(), t.at.Dy())
		if err != nil {
			return nil, err
		}
		draw.Draw(out, t.at, img, image.Point{}, draw.Src)
	}
	return out, nil
}

// SceneImage draws a scene fitted into a picture of the options' size.
func SceneImage(s *Scene, opt ImageOptions) (*image.RGBA, error) {
	pic, err := ScenePicture(s, opt)
	if err != nil {
		return nil, err
	}
	return pic.Image()
}

// renderWith draws a scene with exactly the given camera and style into a
// new w x h image, supersampled as opt says.
func renderWith(s *Scene, opt ImageOptions, st Style, cam Camera, w, h int) (*image.RGBA, error) {
	o := opt
	o.Width, o.Height = w, h
	ss := o.supersample()
	if w <= 0 || h <= 0 || w*ss > MaxPixels/(h*ss) {
		return nil, fmt.Errorf("picture size %dx%d out of range", w, h)
	}
	r, err := NewRenderer(w*ss, h*ss)
	if err != nil {
		return nil, err
	}
	r.Style = st
	r.Style.LineWidth = max(st.LineWidth, 1) * ss
	img := r.Render(s, cam)
	if ss == 1 {
		out := image.NewRGBA(img.Rect)
		copy(out.Pix, img.Pix)
		return out, nil
	}
	return downsample(img, ss), nil
}

// downsample averages each f x f block of src into one pixel.
func downsample(src *image.RGBA, f int) *image.RGBA {
	w, h := src.Rect.Dx()/f, src.Rect.Dy()/f
	dst := image.NewRGBA(image.Rect(0, 0, w, h))
	n := uint32(f * f)
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			var sum [4]uint32
			for dy := 0; dy < f; dy++ {
				row := src.Pix[(y*f+dy)*src.Stride+4*x*f:]
				for dx := 0; dx < 4*f; dx++ {
					sum[dx&3] += uint32(row[dx])
				}
			}
			p := dst.Pix[y*dst.Stride+4*x:]
			for c := 0; c < 4; c++ {
				p[c] = uint8((sum[c] + n/2) / n)
			}
		}
	}
	return dst
}

// ShapePicture draws shape i of p.
func ShapePicture(p *model.Puzzle, i int, opt ImageOptions) (*Picture, error) {
	if err := opt.Check(); err != nil {
		return nil, err
	}
	s, err := ShapeScene(p, i)
	if err != nil {
		return nil, err
	}
	return ScenePicture(s, opt)
}

// ShapeImage draws shape i of p.
func ShapeImage(p *model.Puzzle, i int, opt ImageOptions) (*image.RGBA, error) {
	pic, err := ShapePicture(p, i, opt)
	if err != nil {
		return nil, err
	}
	return pic.Image()
}

// StoredSolution returns problem pr of p and its stored solution k, or an
// error that says what is missing (pictures and render/stl's meshes).
func StoredSolution(p *model.Puzzle, pr, k int) (*model.Problem, *model.Solution, error) {
	if pr < 0 || pr >= len(p.Problems) {
		return nil, nil, fmt.Errorf("problem %d does not exist (the puzzle has %d)", pr, len(p.Problems))
	}
	prob := &p.Problems[pr]
	if len(prob.Solutions) == 0 {
		return nil, nil, fmt.Errorf("problem %d has no stored solutions: solve it first", pr)
	}
	if k < 0 || k >= len(prob.Solutions) {
		return nil, nil, fmt.Errorf("problem %d has no solution %d (it has %d, from 0)", pr, k, len(prob.Solutions))
	}
	return prob, &prob.Solutions[k], nil
}

// solutionScene returns the scene of stored solution k of problem pr and
// the solution.
func solutionScene(p *model.Puzzle, pr, k int) (*Scene, *model.Solution, error) {
	prob, sol, err := StoredSolution(p, pr, k)
	if err != nil {
		return nil, nil, err
	}
	s, err := AssemblyScene(p, prob, sol.Assembly)
	if err != nil {
		return nil, nil, fmt.Errorf("problem %d, solution %d: %w", pr, k, err)
	}
	return s, sol, nil
}

// AssemblyPicture draws stored solution k of problem pr of p, at time step
// of its disassembly (0: assembled; ignored when none is stored), its
// pieces placed as opt.Stage says. With opt.Dim the pieces that stay still
// in the move reaching step are faded.
func AssemblyPicture(p *model.Puzzle, pr, k int, step float64, opt ImageOptions) (*Picture, error) {
	if err := opt.Check(); err != nil {
		return nil, err
	}
	s, sol, err := solutionScene(p, pr, k)
	if err != nil {
		return nil, err
	}
	var an *Animation // none at step 0, where every piece is home
	if step != 0 && sol.Disassembly != nil && !sol.Disassembly.Outline() {
		g, err := p.GridOf()
		if err != nil {
			return nil, err
		}
		an, err = NewAnimation(g, sol.Assembly, sol.Disassembly, DefaultFly(s))
		if err != nil {
			return nil, fmt.Errorf("problem %d, solution %d: %w", pr, k, err)
		}
	}
	opt.stage(s, an, step)
	if an != nil && opt.Dim && step > 0 {
		// Fade what stays still in the move that ends at or after step.
		for slot := range s.Items {
			s.Items[slot].Dim = !an.Moving(math.Ceil(step)-1, slot)
		}
	}
	return ScenePicture(s, opt)
}

// AssemblyImage draws stored solution k of problem pr of p, at time step of
// its disassembly (0: assembled; ignored when none is stored).
func AssemblyImage(p *model.Puzzle, pr, k int, step float64, opt ImageOptions) (*image.RGBA, error) {
	pic, err := AssemblyPicture(p, pr, k, step, opt)
	if err != nil {
		return nil, err
	}
	return pic.Image()
}

// ProblemPicture draws problem pr of p: its result shape large on top and
// each of its part shapes below, in rows, all turned alike and the parts at
// one common scale. A part used several times is drawn once.
func ProblemPicture(p *model.Puzzle, pr int, opt ImageOptions) (*Picture, error) {
	if pr < 0 || pr >= len(p.Problems) {
		return nil, fmt.Errorf("problem %d does not exist (the puzzle has %d)", pr, len(p.Problems))
	}
	pic, err := newPicture(opt)
	if err != nil {
		return nil, err
	}
	prob := &p.Problems[pr]
	W, H := opt.Width, opt.Height
	var parts []*Scene
	for _, part := range prob.Parts {
		s, err := ShapeScene(p, part.Shape)
		if err != nil {
			return nil, err
		}
		parts = append(parts, s)
	}
	// The result takes the upper 60%, the parts the rest; either may take
	// all of it when the other is missing.
	top := 0
	if prob.Result != model.NoResult {
		top = H
		if len(parts) > 0 {
			top = H * 3 / 5
		}
	}
	cam := opt.camera()
	if top > 0 {
		s, err := ShapeScene(p, prob.Result)
		if err != nil {
			return nil, err
		}
		c := cam
		c.Frame(s, float64(W)/float64(top))
		pic.tiles = append(pic.tiles, tile{at: image.Rect(0, 0, W, top), scene: s, cam: c})
	}
	if len(parts) == 0 {
		return pic, nil
	}
	// The number of columns that makes the tiles closest to square.
	ph := H - top
	cols, best := 1, math.Inf(1)
	for c := 1; c <= len(parts); c++ {
		rows := (len(parts) + c - 1) / c
		tw, th := float64(W)/float64(c), float64(ph)/float64(rows)
		if d := math.Abs(math.Log(tw / th)); d < best {
			cols, best = c, d
		}
	}
	rows := (len(parts) + cols - 1) / cols
	tw, th := W/cols, ph/rows
	if tw < 8 || th < 8 {
		return nil, fmt.Errorf("picture too small for %d parts", len(parts))
	}
	// One scale for all parts: the distance that fits the largest.
	aspect := float64(tw) / float64(th)
	cams := make([]Camera, len(parts))
	dist := 0.0
	for i, s := range parts {
		cams[i] = cam
		cams[i].Frame(s, aspect)
		dist = max(dist, cams[i].Dist)
	}
	for i, s := range parts {
		cams[i].Dist = dist
		x, y := (i%cols)*tw+(W-cols*tw)/2, top+(i/cols)*th
		pic.tiles = append(pic.tiles, tile{at: image.Rect(x, y, x+tw, y+th), scene: s, cam: cams[i]})
	}
	return pic, nil
}

// ProblemImage draws problem pr of p as ProblemPicture lays it out.
func ProblemImage(p *model.Puzzle, pr int, opt ImageOptions) (*image.RGBA, error) {
	pic, err := ProblemPicture(p, pr, opt)
	if err != nil {
		return nil, err
	}
	return pic.Image()
}

// fillGradient paints img with the style's background.
func fillGradient(img *image.RGBA, st Style) {
	h := img.Rect.Dy()
	for y := 0; y < h; y++ {
		c := mix(st.Top, st.Bottom, (float64(y)+0.5)/float64(h))
		row := img.Pix[y*img.Stride : y*img.Stride+4*img.Rect.Dx()]
		for x := 0; x < len(row); x += 4 {
			row[x], row[x+1], row[x+2], row[x+3] = c.R, c.G, c.B, c.A
		}
	}
}
