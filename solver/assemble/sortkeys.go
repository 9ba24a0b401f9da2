package assemble

import (
	"slices"

	"github.com/burrlab/burrlab/model/grid"
)

// keyBits is the width of each coordinate and of the index in a sort
// key: four fields of 16 bits fill a uint64.
const keyBits = 16

// sortKeys sorts c into index order (z, then y, then x) by packing each
// cell's position, relative to the minimum, and its index into one
// uint64 (z, y, x, index from the top), sorting those and permuting.
// It returns false, leaving c alone, when a coordinate range or the
// number of cells does not fit 16 bits (shapes that big are rare; the
// caller then sorts the slow way).
func sortKeys(c []grid.Cell) bool {
	if len(c) < 2 {
		return true
	}
	if len(c) > 1<<keyBits {
		return false
	}
	lo, hi := c[0].Pos, c[0].Pos
	for _, x := range c[1:] {
		for k := 0; k < 3; k++ {
			lo[k] = min(lo[k], x.Pos[k])
			hi[k] = max(hi[k], x.Pos[k])
		}
	}
	for k := 0; k < 3; k++ {
		if hi[k]-lo[k] >= 1<<keyBits {
			return false
		}
	}
	keys := make([]uint64, len(c))
	for i, x := range c {
		keys[i] = uint64(x.Pos[2]-lo[2])<<(3*keyBits) | uint64(x.Pos[1]-lo[1])<<(2*keyBits) |
			uint64(x.Pos[0]-lo[0])<<keyBits | uint64(i)
	}
	slices.Sort(keys)
	tags := make([]uint8, len(c))
	for i, x := range c {
		tags[i] = x.Tag
	}
	const mask = 1<<keyBits - 1
	for i, k := range keys {
		c[i] = grid.Cell{
			Pos: grid.Vec{int(k>>keyBits&mask) + lo[0], int(k>>(2*keyBits)&mask) + lo[1], int(k>>(3*keyBits)) + lo[2]},
			Tag: tags[k&mask],
		}
	}
	return true
}
