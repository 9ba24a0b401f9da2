package render

import (
	"image"
	"image/color"
	"testing"

	"github.com/burrlab/burrlab/model"
	"github.com/burrlab/burrlab/model/grid"
	"github.com/go-gl/mathgl/mgl64"
)

// coverage returns the fraction of pixels of img that differ from the
// background gradient of st by more than a little.
func coverage(img *image.RGBA, st Style) float64 {
	h := img.Rect.Dy()
	n := 0
	for y := 0; y < h; y++ {
		bg := mix(st.Top, st.Bottom, (float64(y)+0.5)/float64(h))
		for x := 0; x < img.Rect.Dx(); x++ {
			c := img.RGBAAt(x, y)
			d := absDiff(c.R, bg.R) + absDiff(c.G, bg.G) + absDiff(c.B, bg.B)
			if d > 12 {
				n++
			}
		}
	}
	return float64(n) / float64(img.Rect.Dx()*h)
}

func absDiff(a, b uint8) int {
	if a > b {
		return int(a - b)
	}
	return int(b - a)
}

// barPuzzle is a small cube puzzle: a 3x1x1 bar built from a domino and a
// monomino, with the solution stored and a variable cell in the result.
func barPuzzle() *model.Puzzle {
	bar := model.NewShape(grid.Vec{3, 1, 1})
	bar.Set(grid.Vec{0, 0, 0}, model.MakeVoxel(model.Filled, 1))
	bar.Set(grid.Vec{1, 0, 0}, model.MakeVoxel(model.Filled, 0))
	bar.Set(grid.Vec{2, 0, 0}, model.MakeVoxel(model.Variable, 0))
	dom := model.NewShape(grid.Vec{2, 1, 1})
	dom.Set(grid.Vec{0, 0, 0}, model.MakeVoxel(model.Filled, 0))
	dom.Set(grid.Vec{1, 0, 0}, model.MakeVoxel(model.Filled, 0))
	mono := model.NewShape(grid.Vec{1, 1, 1})
	mono.Set(grid.Vec{0, 0, 0}, model.MakeVoxel(model.Filled, 0))
	pr := model.NewProblem("bar")
	pr.Result = 0
	pr.Parts = []model.Part{{Shape: 1, Min: 1, Max: 1}, {Shape: 2, Min: 1, Max: 1}}
	pr.Solutions = []model.Solution{{Assembly: model.Assembly{{Pos: grid.Vec{0, 0, 0}}, {Pos: grid.Vec{2, 0, 0}}}}}
	return &model.Puzzle{
		Grid:     grid.Cubes,
		Colors:   []color.RGBA{{0x10, 0xe0, 0x10, 0xff}},
		Shapes:   []model.Shape{bar, dom, mono},
		Problems: []model.Problem{pr},
	}
}

func TestImages(t *testing.T) {
	p := barPuzzle()
	opt := DefaultImageOptions()
	opt.Width, opt.Height = 200, 150
	for name, f := range map[string]func() (*image.RGBA, error){
		"shape":    func() (*image.RGBA, error) { return ShapeImage(p, 0, opt) },
		"assembly": func() (*image.RGBA, error) { return AssemblyImage(p, 0, 0, 0, opt) },
		"problem":  func() (*image.RGBA, error) { return ProblemImage(p, 0, opt) },
	} {
		img, err := f()
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if img.Rect.Dx() != 200 || img.Rect.Dy() != 150 {
			t.Errorf("%s: size %v", name, img.Rect)
		}
		// Framed tightly: the picture is well filled but not to the edge.
		if c := coverage(img, opt.Style); c < 0.15 || c > 0.8 {
			t.Errorf("%s: %.0f%% of the picture covered", name, 100*c)
		}
		top := mix(opt.Style.Top, opt.Style.Bottom, 0.5/150)
		for x := 0; x < 200; x++ {
			c := img.RGBAAt(x, 0)
			if absDiff(c.R, top.R)+absDiff(c.G, top.G)+absDiff(c.B, top.B) > 12 {
				t.Errorf("%s: drawn at the top edge", name)
				break
			}
		}
	}
	for name, f := range map[string]func() error{
		"no such shape":    func() error { _, err := ShapeImage(p, 5, opt); return err },
		"no such problem":  func() error { _, err := ProblemImage(p, 1, opt); return err },
		"no such solution": func() error { _, err := AssemblyImage(p, 0, 1, 0, opt); return err },
		"zero size": func() error {
			o := opt
			o.Width = 0
			_, err := ShapeImage(p, 0, o)
			return err
		},
	} {
		if f() == nil {
			t.Errorf("%s: no error", name)
		}
	}
}

// Constraint colours replace the piece colour where a cell has one; the
// variable cell of the result is drawn lighter than the filled ones.
func TestConstraintColorsAndVariableCells(t *testing.T) {
	p := barPuzzle()
	s, err := ShapeScene(p, 0)
	if err != nil {
		t.Fatal(err)
	}
	r, _ := NewRenderer(300, 100)
	r.Style.Checker = false
	cam := DefaultCamera()
	cam.Frame(s, 3)
	r.Render(s, cam)
	front := func(x float64) color.RGBA { // front face of cell x
		px, py := toPixel(r, mgl64.Vec3{x + 0.5, 0.5, 1})
		return r.img.RGBAAt(px, py)
	}
	plain, variable := front(1), front(2)
	if int(variable.R)+int(variable.G)+int(variable.B) <= int(plain.R)+int(plain.G)+int(plain.B)+60 {
		t.Errorf("variable cell %v not lighter than filled %v", variable, plain)
	}
	if c := front(0); c != plain {
		t.Errorf("without constraint colours cell 0 is %v, cell 1 %v", c, plain)
	}
	r.Style.ConstraintColors = true
	r.Render(s, cam)
	if c := front(0); !(c.G > 2*c.R && c.G > 2*c.B) {
		t.Errorf("constraint colour not shown: %v", c)
	}
	if c := front(1); c != plain {
		t.Errorf("neutral cell changed colour: %v, was %v", c, plain)
	}
}

func TestSlotColors(t *testing.T) {
	pr := model.NewProblem("")
	pr.Parts = []model.Part{{Shape: 3, Max: 2}, {Shape: 1, Max: 1}, {Shape: 3, Max: 1}}
	c := SlotColors(&pr)
	if len(c) != 4 {
		t.Fatalf("%d colours for 4 slots", len(c))
	}
	if c[0] != ShapeColor(3) || c[2] != ShapeColor(1) {
		t.Errorf("first pieces should take their shape's colour: %v", c)
	}
	if c[1] == c[0] || c[3] == c[0] || c[3] == c[1] {
		t.Errorf("pieces of one shape should differ: %v", c)
	}
	seen := map[color.RGBA]bool{}
	for i := 0; i < 40; i++ {
		seen[ShapeColor(i)] = true
	}
	if len(seen) != 40 {
		t.Errorf("only %d distinct colours among the first 40 shapes", len(seen))
	}
}

func TestDownsample(t *testing.T) {
	src := image.NewRGBA(image.Rect(0, 0, 4, 2))
	for i := range src.Pix {
		src.Pix[i] = uint8(i * 4)
	}
	d := downsample(src, 2)
	if d.Rect.Dx() != 2 || d.Rect.Dy() != 1 {
		t.Fatalf("size %v", d.Rect)
	}
	// Red of pixel 0: mean of pixels (0,0),(1,0),(0,1),(1,1): 0,16,64,80.
	if got := d.Pix[0]; got != 40 {
		t.Errorf("red %d, want 40", got)
	}
}
