package render

import (
	"image/color"
	"math"

	"github.com/burrlab/burrlab/model"
	"github.com/go-gl/mathgl/mgl32"
)

// Style is how a frame looks, apart from the scene itself.
type Style struct {
	// The background is a vertical gradient from Top to Bottom.
	Top, Bottom color.RGBA
	// Ambient and Diffuse weigh the light: a face turned to the light gets
	// Ambient+Diffuse of its colour, one turned away Ambient. Light is the
	// direction towards the light in the view frame; it moves with the
	// viewer, so turning a puzzle never leaves a side in the dark.
	Ambient, Diffuse float32
	Light            mgl32.Vec3
	// Outlines draws the edges where two faces of a piece meet at an angle,
	// LineWidth pixels wide.
	Outlines  bool
	LineWidth int
	// ConstraintColors paints cells that carry a constraint colour in that
	// colour instead of their piece's colour.
	ConstraintColors bool
	// Checker tints cells lighter or darker by the parity of x+y+z, as
	// BurrTools does, so that single cells can be counted.
	Checker bool
}

// DefaultStyle returns a light background and a light from above the
// viewer: in the default view a box shows a bright top, a lighter front and
// a darker side.
func DefaultStyle() Style {
	return Style{
		Top:       color.RGBA{0xf4, 0xf6, 0xf9, 0xff},
		Bottom:    color.RGBA{0xc9, 0xd2, 0xdc, 0xff},
		Ambient:   0.45,
		Diffuse:   0.6,
		Light:     mgl32.Vec3{-0.04, 0.5, 0.87}.Normalize(),
		Outlines:  true,
		LineWidth: 1,
		Checker:   true,
	}
}

// ShapeColor returns the colour of shape number i: a fixed palette first,
// then hues spread by the golden angle.
func ShapeColor(i int) color.RGBA {
	// Distinct hues, saturated enough to tell apart, light enough for
	// the outlines to show.
	palette := [...]color.RGBA{
		{0xd9, 0x4a, 0x3d, 0xff}, // red
		{0x3b, 0x7d, 0xd8, 0xff}, // blue
		{0xf0, 0xc0, 0x2e, 0xff}, // yellow
		{0x3f, 0xa3, 0x4d, 0xff}, // green
		{0x8e, 0x5c, 0xc4, 0xff}, // purple
		{0xf0, 0x85, 0x2d, 0xff}, // orange
		{0x2f, 0xb5, 0xb0, 0xff}, // teal
		{0xe0, 0x6c, 0xa8, 0xff}, // pink
		{0x9a, 0xc2, 0x3c, 0xff}, // lime
		{0x8b, 0x5e, 0x3c, 0xff}, // brown
		{0x5b, 0x6b, 0xd6, 0xff}, // indigo
		{0xc9, 0xa8, 0x78, 0xff}, // sand
		{0x24, 0x8f, 0x7a, 0xff}, // pine
		{0xb8, 0x3b, 0x6e, 0xff}, // raspberry
		{0x6f, 0xa8, 0xdc, 0xff}, // sky
		{0xa6, 0x8a, 0x2e, 0xff}, // ochre
	}
	if i < 0 {
		i = -i
	}
	if i < len(palette) {
		return palette[i]
	}
	h := math.Mod(float64(i)*137.508, 360)
	return hsv(h, 0.55+0.2*float64(i%2), 0.85-0.12*float64(i%3))
}

// InstanceColor returns the colour of the k-th piece (from 0) made from
// the same shape: the shape's colour, alternately darker and lighter, so
// that copies stay recognisably one shape yet can be told apart.
func InstanceColor(base color.RGBA, k int) color.RGBA {
	if k <= 0 {
		return base
	}
	step := float64((k+1)/2) * 0.22
	step = math.Min(step, 0.66)
	if k%2 == 1 {
		return scale(base, 1-step)
	}
	return mix(base, color.RGBA{0xff, 0xff, 0xff, 0xff}, step)
}

func hsv(h, s, v float64) color.RGBA {
	c := v * s
	x := c * (1 - math.Abs(math.Mod(h/60, 2)-1))
	var r, g, b float64
	switch {
	case h < 60:
		r, g = c, x
	case h < 120:
		r, g = x, c
	case h < 180:
		g, b = c, x
	case h < 240:
		g, b = x, c
	case h < 300:
		r, b = x, c
	default:
		r, b = c, x
	}
	m := v - c
	return color.RGBA{uint8(255 * (r + m)), uint8(255 * (g + m)), uint8(255 * (b + m)), 0xff}
}

func scale(c color.RGBA, f float64) color.RGBA {
	return color.RGBA{clamp8(float64(c.R) * f), clamp8(float64(c.G) * f), clamp8(float64(c.B) * f), c.A}
}

// mix interpolates two colours, alpha too, so that a transparent
// background stays transparent.
func mix(a, b color.RGBA, t float64) color.RGBA {
	return color.RGBA{
		clamp8(float64(a.R)*(1-t) + float64(b.R)*t),
		clamp8(float64(a.G)*(1-t) + float64(b.G)*t),
		clamp8(float64(a.B)*(1-t) + float64(b.B)*t),
		clamp8(float64(a.A)*(1-t) + float64(b.A)*t),
	}
}

func clamp8(v float64) uint8 {
	if v <= 0 {
		return 0
	}
	if v >= 255 {
		return 255
	}
	return uint8(v + 0.5)
}

// pack stores a colour as the 4 bytes of an image.RGBA pixel, read as a
// little-endian uint32.
func pack(c color.RGBA) uint32 {
	return uint32(c.R) | uint32(c.G)<<8 | uint32(c.B)<<16 | uint32(c.A)<<24
}

// cellColor returns the colour a cell of item it is painted in before
// lighting: the item's colour, or with ConstraintColors the cell's
// constraint colour from s, lighter for variable cells, tinted by parity
// with Checker, and faded for a dimmed item.
func (st *Style) cellColor(s *Scene, it *Item, v model.Voxel, light bool) color.RGBA {
	c := it.Color
	if st.ConstraintColors && s != nil {
		if k := v.Color(); k > 0 && k <= len(s.Colors) {
			c = s.Colors[k-1]
		}
	}
	if v.State() == model.Variable {
		c = mix(c, white, 0.45)
	}
	if st.Checker && !light {
		c = scale(c, 0.92)
	}
	if it.Dim {
		c = dim(c)
	}
	return c
}

var white = color.RGBA{0xff, 0xff, 0xff, 0xff}

// dim fades a colour towards a light grey: a still piece recedes behind
// the pieces that move, but keeps enough of its hue to be recognised.
func dim(c color.RGBA) color.RGBA {
	return mix(c, color.RGBA{0xe6, 0xe8, 0xeb, 0xff}, 0.7)
}

// edgeColor returns the colour of an item's outline: dark on solid items,
// the item's own colour for wire frames; faded like the faces when dimmed.
func (st *Style) edgeColor(it *Item) color.RGBA {
	c := scale(it.Color, 0.3)
	if it.Mode == Outline {
		c = scale(it.Color, 0.85)
	}
	if it.Dim {
		c = dim(c)
	}
	return c
}

// rimColor returns the colour of a ball's rim and variable-cell ring.
func (st *Style) rimColor(it *Item) color.RGBA {
	c := scale(it.Color, 0.35)
	if it.Dim {
		c = dim(c)
	}
	return c
}

// litFace applies the light to a flat face of colour c with view-space unit
// normal n; light is the unit direction towards the light.
func (st *Style) litFace(c color.RGBA, n, light mgl32.Vec3) color.RGBA {
	d := n.Dot(light)
	if d < 0 {
		d = 0
	}
	return scale(c, float64(st.Ambient+st.Diffuse*d))
}

// ballLight returns the light on a ball at the point with view-space unit
// normal n: the factor for its colour (ambient + diffuse) and a white
// highlight (as a pixel value, up to 255*0.35) from the half-way vector h.
// light is the unit direction towards the light.
func ballLight(ambient, diffuse float32, n, light, h mgl32.Vec3) (f, highlight float32) {
	// (Plain comparisons: the min and max builtins check for NaN, which
	// costs in the raster's per-pixel loop.)
	f = ambient
	if d := n[0]*light[0] + n[1]*light[1] + n[2]*light[2]; d > 0 {
		f += diffuse * d
	}
	if sp := n[0]*h[0] + n[1]*h[1] + n[2]*h[2]; sp > 0 {
		sp *= sp
		sp *= sp
		sp *= sp
		highlight = sp * sp * (0.35 * 255) // (n.h)^16
	}
	return f, highlight
}
