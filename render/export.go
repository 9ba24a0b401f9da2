package render

import (
	"fmt"
	"image"
	"image/draw"
	"math"

	"github.com/burrlab/burrlab/model"
)

// ImageOptions say how a picture for a file is drawn.
type ImageOptions struct {
	Width, Height int
	Style         Style
	// Camera gives the direction of view; the distance and target are
	// fitted to what is drawn. Nil means DefaultCamera.
	Camera *Camera
	// Supersample draws at this many times the size and averages down,
	// for smooth edges (1 = off; 2 is a good choice for files).
	Supersample int
}

// DefaultImageOptions returns options for an 800x600 file picture.
func DefaultImageOptions() ImageOptions {
	return ImageOptions{Width: 800, Height: 600, Style: DefaultStyle(), Supersample: 2}
}

// SceneImage draws a scene fitted into a picture of the options' size.
func SceneImage(s *Scene, opt ImageOptions) (*image.RGBA, error) {
	cam := DefaultCamera()
	if opt.Camera != nil {
		cam = *opt.Camera
	}
	cam.Frame(s, float64(opt.Width)/float64(opt.Height))
	return renderWith(s, opt, cam)
}

// renderWith draws a scene with exactly the given camera into a new image.
func renderWith(s *Scene, opt ImageOptions, cam Camera) (*image.RGBA, error) {
	ss := max(opt.Supersample, 1)
	if opt.Width <= 0 || opt.Height <= 0 || ss > 4 || opt.Width*ss > MaxPixels/(opt.Height*ss) {
		return nil, fmt.Errorf("picture size %dx%d (supersampling %d) out of range", opt.Width, opt.Height, ss)
	}
	r, err := NewRenderer(opt.Width*ss, opt.Height*ss)
	if err != nil {
		return nil, err
	}
	r.Style = opt.Style
	r.Style.LineWidth = max(opt.Style.LineWidth, 1) * ss
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

// ShapeImage draws shape i of p.
func ShapeImage(p *model.Puzzle, i int, opt ImageOptions) (*image.RGBA, error) {
	s, err := ShapeScene(p, i)
	if err != nil {
		return nil, err
	}
	return SceneImage(s, opt)
}

// AssemblyImage draws stored solution k of problem pr of p, at time step of
// its disassembly (0: assembled; ignored when none is stored).
func AssemblyImage(p *model.Puzzle, pr, k int, step float64, opt ImageOptions) (*image.RGBA, error) {
	if pr < 0 || pr >= len(p.Problems) {
		return nil, fmt.Errorf("problem %d does not exist (the puzzle has %d)", pr, len(p.Problems))
	}
	prob := &p.Problems[pr]
	if k < 0 || k >= len(prob.Solutions) {
		return nil, fmt.Errorf("problem %d has no stored solution %d (it has %d)", pr, k, len(prob.Solutions))
	}
	sol := &prob.Solutions[k]
	s, err := AssemblyScene(p, prob, sol.Assembly)
	if err != nil {
		return nil, fmt.Errorf("problem %d, solution %d: %w", pr, k, err)
	}
	if step != 0 && sol.Disassembly != nil && !sol.Disassembly.Outline() {
		g, err := p.GridOf()
		if err != nil {
			return nil, err
		}
		an, err := NewAnimation(g, sol.Assembly, sol.Disassembly, DefaultFly(s))
		if err != nil {
			return nil, fmt.Errorf("problem %d, solution %d: %w", pr, k, err)
		}
		an.Apply(s, step)
	}
	return SceneImage(s, opt)
}

// ProblemImage draws problem pr of p: its result shape large on top and
// each of its part shapes below, in rows, all turned alike and the parts at
// one common scale. A part used several times is drawn once.
func ProblemImage(p *model.Puzzle, pr int, opt ImageOptions) (*image.RGBA, error) {
	if pr < 0 || pr >= len(p.Problems) {
		return nil, fmt.Errorf("problem %d does not exist (the puzzle has %d)", pr, len(p.Problems))
	}
	prob := &p.Problems[pr]
	W, H := opt.Width, opt.Height
	if W <= 0 || H <= 0 || W > MaxPixels/H {
		return nil, fmt.Errorf("picture size %dx%d out of range", W, H)
	}
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
	out := image.NewRGBA(image.Rect(0, 0, W, H))
	fillGradient(out, opt.Style)
	// tile draws a scene into out at r, with the slice of the gradient
	// behind it so that the tiles join seamlessly.
	tile := func(s *Scene, at image.Rectangle, cam *Camera) error {
		o := opt
		o.Width, o.Height = at.Dx(), at.Dy()
		o.Style.Top = mix(opt.Style.Top, opt.Style.Bottom, float64(at.Min.Y)/float64(H))
		o.Style.Bottom = mix(opt.Style.Top, opt.Style.Bottom, float64(at.Max.Y)/float64(H))
		var img *image.RGBA
		var err error
		if cam == nil {
			img, err = SceneImage(s, o)
		} else {
			img, err = renderWith(s, o, *cam)
		}
		if err != nil {
			return err
		}
		draw.Draw(out, at, img, image.Point{}, draw.Src)
		return nil
	}
	if top > 0 {
		s, err := ShapeScene(p, prob.Result)
		if err != nil {
			return nil, err
		}
		if err := tile(s, image.Rect(0, 0, W, top), nil); err != nil {
			return nil, err
		}
	}
	if len(parts) == 0 {
		return out, nil
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
	cam := DefaultCamera()
	if opt.Camera != nil {
		cam = *opt.Camera
	}
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
		if err := tile(s, image.Rect(x, y, x+tw, y+th), &cams[i]); err != nil {
			return nil, err
		}
	}
	return out, nil
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
