package render

import (
	"image/color"

	"github.com/go-gl/mathgl/mgl64"
)

// Mode says how a scene item is drawn.
type Mode uint8

// Drawing modes of a scene item.
const (
	Solid   Mode = iota // shaded faces with outlines
	Outline             // outlines only, in the piece's colour; only PickAny finds it
	Hidden              // not drawn
)

// Item is one piece (or shape) in a scene: a mesh moved by Offset, in
// Color, drawn as Mode says.
type Item struct {
	Mesh   *Mesh
	Offset mgl64.Vec3 // render units; animation moves pieces by this
	Color  color.RGBA
	Mode   Mode
	// Dim fades the item's colours, so that the pieces that move in a
	// disassembly step stand out from those that stay.
	Dim bool
	// Fade is how far the item has faded out: 0 opaque, 1 gone. Pieces
	// fade as they leave the puzzle in a disassembly. A partly faded item
	// is blended over the rest and cannot be picked.
	Fade float64
}

// shown reports whether the item draws anything.
func (it *Item) shown() bool {
	return it.Mode != Hidden && it.Mesh != nil && it.Fade < 1
}

// opaque reports whether the item is drawn in the frame's main pass; the
// translucent ones are blended over it afterwards.
func (it *Item) opaque() bool { return !(it.Fade > 0) }

// Scene is what a frame shows. The UI keeps a Scene and changes offsets and
// modes between frames; meshes are built once.
type Scene struct {
	Items []Item
	// Colors are the puzzle's constraint colours (model.Puzzle.Colors),
	// used when Style.ConstraintColors is set: Colors[c-1] for colour c.
	Colors []color.RGBA
}

// Bounds returns the box around every item that is neither hidden nor
// faded out; ok is false when nothing is visible.
func (s *Scene) Bounds() (lo, hi mgl64.Vec3, ok bool) {
	for _, it := range s.Items {
		if !it.shown() || it.Mesh.Empty() {
			continue
		}
		a, b := it.Mesh.Bounds()
		a, b = a.Add(it.Offset), b.Add(it.Offset)
		if !ok {
			lo, hi, ok = a, b, true
			continue
		}
		for k := 0; k < 3; k++ {
			lo[k] = min(lo[k], a[k])
			hi[k] = max(hi[k], b[k])
		}
	}
	return lo, hi, ok
}
