package model

import (
	"fmt"
	"math/bits"

	"github.com/burrlab/burrlab/model/grid"
)

// State is what a voxel holds.
type State uint8

// Voxel states, with the values BurrTools uses.
const (
	Empty    State = 0 // nothing; in a result it must stay uncovered
	Filled   State = 1 // in a result it must be covered; in a piece it is material
	Variable State = 2 // in a result it may stay uncovered (a hole); pieces ignore it
)

// MaxColor is the largest constraint colour number (6 bits in BurrTools).
const MaxColor = 63

// Voxel is one cell of a shape: a state in bits 0-1 and a constraint colour
// 0..63 in bits 2-7, as BurrTools stores it. Colour 0 is neutral.
type Voxel uint8

// MakeVoxel builds a voxel. Empty voxels carry no colour.
func MakeVoxel(s State, color int) Voxel {
	if s == Empty {
		return 0
	}
	return Voxel(s&3) | Voxel(color&MaxColor)<<2
}

// State returns the voxel's state.
func (v Voxel) State() State { return State(v & 3) }

// Color returns the voxel's constraint colour (0 = neutral).
func (v Voxel) Color() int { return int(v >> 2) }

// Shape is a voxel space of Size[0] x Size[1] x Size[2] cells. The cell at
// (x, y, z) is Voxels[x + sx*(y + sy*z)], the order of the file's voxel
// strings. Cells that are not real cells of the grid must stay Empty.
type Shape struct {
	Name    string
	Size    grid.Vec
	Voxels  []Voxel
	Hotspot grid.Vec // the anchor that assembly positions refer to
	Weight  int      // the disassembler keeps heavier pieces still; default 1
}

// NewShape returns an empty shape of the given size.
func NewShape(size grid.Vec) Shape {
	return Shape{Size: size, Voxels: make([]Voxel, size[0]*size[1]*size[2]), Weight: 1}
}

// Index returns the position of cell v in Voxels, or -1 outside the space.
func (s *Shape) Index(v grid.Vec) int {
	if v[0] < 0 || v[1] < 0 || v[2] < 0 || v[0] >= s.Size[0] || v[1] >= s.Size[1] || v[2] >= s.Size[2] {
		return -1
	}
	return v[0] + s.Size[0]*(v[1]+s.Size[1]*v[2])
}

// Pos returns the cell at index i of Voxels.
func (s *Shape) Pos(i int) grid.Vec {
	return grid.Vec{i % s.Size[0], i / s.Size[0] % s.Size[1], i / (s.Size[0] * s.Size[1])}
}

// At returns the voxel at v; cells outside the space are empty.
func (s *Shape) At(v grid.Vec) Voxel {
	// Index written out with one unsigned test an axis, so that At is
	// inlined: preparing HexSticks calls it about 8,000 times, which cost
	// 87K instructions more as calls. (A size below zero is tested apart.)
	sx, sy, sz := s.Size[0], s.Size[1], s.Size[2]
	if uint(v[0]) < uint(sx) && uint(v[1]) < uint(sy) && uint(v[2]) < uint(sz) && sx|sy|sz >= 0 {
		return s.Voxels[v[0]+sx*(v[1]+sy*v[2])]
	}
	return 0
}

// Set stores a voxel at v, which must lie inside the space.
func (s *Shape) Set(v grid.Vec, x Voxel) {
	s.Voxels[s.Index(v)] = x
}

// Clone returns a deep copy.
func (s *Shape) Clone() Shape {
	c := *s
	c.Voxels = append([]Voxel(nil), s.Voxels...)
	return c
}

// Count returns how many voxels are in state st.
//
// Zero voxels are skipped 32 at a time (see nonZeroBlocks), and the others
// counted eight at a time, one bit of each byte for each bit of its
// state, without their positions: preparing HexSticks counts its shapes
// five times.
func (s *Shape) Count(st State) int {
	const ones = 0x0101010101010101
	n := 0
	if st == Empty {
		// The voxels in a state other than Empty, taken from all: the
		// zero voxels of the skipped blocks are all Empty.
		nonZeroBlocks(s.Voxels, func(_ int, a [blockLen]Voxel) {
			for j := 0; j < blockLen; j += 8 {
				w := word(a[j : j+8])
				n += bits.OnesCount64((w | w>>1) & ones)
			}
		})
		return len(s.Voxels) - n
	}
	// A state bit that is 0 in st must be 0 in the voxel: flip it.
	var flipLo, flipHi uint64
	if st&1 == 0 {
		flipLo = ones
	}
	if st&2 == 0 {
		flipHi = ones
	}
	nonZeroBlocks(s.Voxels, func(_ int, a [blockLen]Voxel) {
		for j := 0; j < blockLen; j += 8 {
			w := word(a[j : j+8])
			n += bits.OnesCount64((w&ones ^ flipLo) & (w>>1&ones ^ flipHi))
		}
	})
	return n
}

// NumCells returns how many cells are not empty (filled or variable):
// len(Cells()) without listing them.
func (s *Shape) NumCells() int { return len(s.Voxels) - s.Count(Empty) }

// Cells returns the non-empty cells, in index order, tagged with their
// voxel byte (state and colour) so that grid.Identical compares both.
func (s *Shape) Cells() []grid.Cell { return s.CellsCounted(nonZero(s.Voxels)) }

// CellsCounted is Cells for a caller that has counted the cells (n, as
// NumCells counts them): Cells counts them first, to make room for the
// list, and on a big sparse shape that walk over every voxel costs about
// as much as listing them. A wrong n costs only time and memory.
func (s *Shape) CellsCounted(n int) []grid.Cell {
	return s.cellsWhere(n, func(v Voxel) bool { return v.State() != Empty })
}

// FilledCells returns the cells in state Filled, in index order: the
// material of a piece.
func (s *Shape) FilledCells() []grid.Cell {
	return s.cellsWhere(nonZero(s.Voxels), func(v Voxel) bool { return v.State() == Filled })
}

// cellsWhere lists the voxels that keep keeps, in index order; it must
// not keep a zero voxel (see eachVoxel). It makes room for n of them
// first and walks the voxels by coordinates: appending and working out
// each position by division made listing a big result's cells a
// noticeable part of a small puzzle's preparation.
func (s *Shape) cellsWhere(n int, keep func(Voxel) bool) []grid.Cell {
	out := make([]grid.Cell, 0, n)
	s.eachVoxel(func(x, y, z int, v Voxel) {
		if keep(v) {
			out = append(out, grid.Cell{})
			c := &out[len(out)-1] // field by field, see eachVoxel
			c.Pos[0], c.Pos[1], c.Pos[2], c.Tag = x, y, z, uint8(v)
		}
	})
	return out
}

// eachVoxel calls f with every voxel that is not zero (a zero voxel is
// empty and has no colour) and its position (x, y, z), in index order.
// Big shapes are mostly empty (HexSticks: 2,256 cells of 42,875), so
// zero voxels are skipped 32 at a time (see nonZeroBlocks), and the
// position is brought up to date only at a voxel that is not zero:
// stepping it along with every word of eight was most of the walk. It
// goes as three ints: a grid.Vec argument is passed through memory, and
// writing it whole and reading it back in parts stalled every cell.
func (s *Shape) eachVoxel(f func(x, y, z int, v Voxel)) {
	vs := s.Voxels
	sx, sy := s.Size[0], s.Size[1]
	if sx <= 0 || sy <= 0 || s.Size[2] <= 0 || len(vs) != sx*sy*s.Size[2] {
		// An invalid shape (Validate says why), walked by index: its
		// positions are only as good as its size.
		for i, v := range vs {
			if v != 0 {
				var p grid.Vec
				if sx > 0 && sy > 0 {
					p = s.Pos(i)
				}
				f(p[0], p[1], p[2], v)
			}
		}
		return
	}
	row, y, z := 0, 0, 0 // row (y, z) starts at voxel row
	nonZeroBlocks(vs, func(i int, a [blockLen]Voxel) {
		for j := 0; j < blockLen; j += 8 {
			// The word's non-zero bytes, lowest first.
			for w := word(a[j : j+8]); w != 0; {
				b := j + bits.TrailingZeros64(w)>>3
				w &^= 0xff << (8 * (b - j))
				for i+b-row >= sx {
					row += sx
					if y++; y == sy {
						y = 0
						z++
					}
				}
				f(i+b-row, y, z, a[b])
			}
		}
	})
}

// blockLen is the number of voxels nonZeroBlocks tests at once.
const blockLen = 32

// nonZeroBlocks calls f, in order, with each block of blockLen voxels of
// vs that are not all zero, and the index of its first voxel; the last
// block is filled up with zero voxels. Big shapes are mostly zero voxels,
// which this skips at about half an instruction a voxel: stepping a word
// of eight at a time cost 14 instructions a word. A block goes by value,
// so that the last one need not be made on the heap.
func nonZeroBlocks(vs []Voxel, f func(i int, a [blockLen]Voxel)) {
	i := blockLen
	for ; i <= len(vs); i += blockLen {
		a := (*[blockLen]Voxel)(vs[i-blockLen : i])
		if word(a[0:8])|word(a[8:16])|word(a[16:24])|word(a[24:32]) != 0 {
			f(i-blockLen, *a)
		}
	}
	if i -= blockLen; i < len(vs) {
		var last [blockLen]Voxel
		copy(last[:], vs[i:])
		f(i, last)
	}
}

// nonZero returns the number of voxels in vs that are not zero.
func nonZero(vs []Voxel) int {
	const low7 = 0x7f7f7f7f7f7f7f7f
	n := 0
	nonZeroBlocks(vs, func(_ int, a [blockLen]Voxel) {
		for j := 0; j < blockLen; j += 8 {
			w := word(a[j : j+8])
			// The top bit of each byte of z is set where that byte of w
			// is zero: adding low7 to its low seven bits carries into the
			// top bit unless they are all zero.
			z := ^((w&low7 + low7) | w | low7)
			n += 8 - bits.OnesCount64(z)
		}
	})
	return n
}

// word returns 8 voxels as one word; the compiler makes it a single load.
func word(v []Voxel) uint64 {
	_ = v[7]
	return uint64(v[0]) | uint64(v[1])<<8 | uint64(v[2])<<16 | uint64(v[3])<<24 |
		uint64(v[4])<<32 | uint64(v[5])<<40 | uint64(v[6])<<48 | uint64(v[7])<<56
}

// voxelsValid reports whether every voxel of vs is in a known state, none
// that is empty has a colour, and none a colour above colors. Where every
// cell of the grid exists, that is all Validate checks, and it needs no
// positions: eight voxels at a time, this took DraculasDentalDesaster's
// shapes 30K instructions, walking them one by one 240K.
func voxelsValid(vs []Voxel, colors int) bool {
	const (
		ones = 0x0101010101010101
		low7 = 0x7f7f7f7f7f7f7f7f
		high = 0x8080808080808080
	)
	// A colour c, 0..63, is above colors if c + 127 - colors reaches 128.
	above := uint64(0x7f-min(colors, MaxColor)) * ones
	var bad uint64
	nonZeroBlocks(vs, func(_ int, a [blockLen]Voxel) {
		for j := 0; j < blockLen; j += 8 {
			w := word(a[j : j+8])
			used := ((w&low7 + low7) | w) >> 7 & ones
			state := (w | w>>1) & ones                      // the state is not Empty
			bad |= w & (w >> 1) & ones                      // state 3
			bad |= used &^ state                            // empty, with a colour
			bad |= (w>>2&0x3f3f3f3f3f3f3f3f + above) & high // colour above colors
		}
	})
	return bad == 0
}

// Bounds returns the smallest box holding every non-empty cell; ok is false
// for a shape without any.
func (s *Shape) Bounds() (lo, hi grid.Vec, ok bool) {
	var x0, y0, z0, x1, y1, z1 int // lo and hi, on scalars
	s.eachVoxel(func(x, y, z int, v Voxel) {
		if v.State() == Empty {
			return
		}
		if !ok {
			x0, y0, z0, x1, y1, z1, ok = x, y, z, x, y, z, true
			return
		}
		x0, y0, z0 = min(x0, x), min(y0, y), min(z0, z)
		x1, y1, z1 = max(x1, x), max(y1, y), max(z1, z)
	})
	return grid.Vec{x0, y0, z0}, grid.Vec{x1, y1, z1}, ok
}

// Validate checks the invariants a file or an editor must keep: the voxel
// count matches the size, states and colours are known, and cells that do
// not exist in grid g are empty.
func (s *Shape) Validate(g grid.Grid, colors int) error {
	if s.Size[0] < 0 || s.Size[1] < 0 || s.Size[2] < 0 {
		return fmt.Errorf("negative size %v", s.Size)
	}
	if len(s.Voxels) != s.Size[0]*s.Size[1]*s.Size[2] {
		return fmt.Errorf("%d voxels for a %dx%dx%d space", len(s.Voxels), s.Size[0], s.Size[1], s.Size[2])
	}
	// Zero voxels are valid, and skipped 32 at a time (see eachVoxel).
	every := grid.EveryCellValid(g) // no call for each cell where they all exist
	if every && voxelsValid(s.Voxels, colors) {
		return nil // the walk below only says what is wrong
	}
	var err error
	s.eachVoxel(func(x, y, z int, v Voxel) {
		switch {
		case err != nil:
		case v.State() > Variable:
			err = fmt.Errorf("cell %v: unknown state %d", grid.Vec{x, y, z}, v.State())
		case v.State() == Empty:
			err = fmt.Errorf("cell %v: empty cell with colour %d", grid.Vec{x, y, z}, v.Color())
		case v.Color() > colors:
			err = fmt.Errorf("cell %v: colour %d, but the puzzle defines %d", grid.Vec{x, y, z}, v.Color(), colors)
		case !every && !g.Valid(grid.Vec{x, y, z}):
			err = fmt.Errorf("cell %v does not exist in the %v grid but is not empty", grid.Vec{x, y, z}, g.Type())
		}
	})
	return err
}
