package ui

import (
	"image/color"
	"math"

	"github.com/burrlab/burrlab/model"
	"github.com/burrlab/burrlab/render"
)

// pieceColor returns the display colour of shape i, the same in the layer
// editor and in the 3D views.
func pieceColor(i int) color.RGBA {
	if i < 0 {
		return color.RGBA{0x9e, 0xa4, 0xad, 0xff}
	}
	return render.ShapeColor(i)
}

func hsv(h, s, v float64) color.RGBA {
	c := v * s
	x := c * (1 - math.Abs(math.Mod(h/60, 2)-1))
	m := v - c
	var r, g, b float64
	switch {
	case h < 60:
		r, g, b = c, x, 0
	case h < 120:
		r, g, b = x, c, 0
	case h < 180:
		r, g, b = 0, c, x
	case h < 240:
		r, g, b = 0, x, c
	case h < 300:
		r, g, b = x, 0, c
	default:
		r, g, b = c, 0, x
	}
	return color.RGBA{uint8(255 * (r + m)), uint8(255 * (g + m)), uint8(255 * (b + m)), 0xff}
}

// constraintColor returns the display colour of constraint colour n of p
// (1-based), or a neutral grey for colour 0.
func constraintColor(p *model.Puzzle, n int) color.RGBA {
	if n < 1 || n > len(p.Colors) {
		return color.RGBA{0xd8, 0xd8, 0xd8, 0xff}
	}
	c := p.Colors[n-1]
	c.A = 0xff
	return c
}

// newColorSuggestion proposes a colour for the next constraint colour, one
// that differs from those already there.
func newColorSuggestion(p *model.Puzzle) color.RGBA {
	h := math.Mod(float64(len(p.Colors))*137.508+200, 360)
	return hsv(h, 0.8, 0.85)
}

func mix(a, b color.RGBA, t float64) color.RGBA {
	f := func(x, y uint8) uint8 { return uint8(float64(x)*(1-t) + float64(y)*t + 0.5) }
	return color.RGBA{f(a.R, b.R), f(a.G, b.G), f(a.B, b.B), f(a.A, b.A)}
}
