package disassemble

// Node positions are packed: x, y and z in one int64, as x + y<<21 +
// z<<42. Packing is linear, so packed positions add and subtract like
// vectors, and it is one-to-one while coordinates stay within ±2^20: far
// beyond positions (within ±maxDrift), their differences and the moves
// between them (bounded by them and the shapes' extents). A node then
// compares, hashes and moves with one number per piece.

// laneBits is the width of a coordinate in a packed position.
const laneBits = 21

// pack returns the packed form of v.
func pack(v vec) int64 { return int64(v[0]) + int64(v[1])<<laneBits + int64(v[2])<<(2*laneBits) }

// unpack returns the coordinates of packed position p.
func unpack(p int64) vec {
	const s = 64 - laneBits // shifting a lane up and back extends its sign
	x := p << s >> s
	p = (p - x) >> laneBits
	y := p << s >> s
	return vec{int32(x), int32(y), int32((p - y) >> laneBits)}
}

// fits32 reports whether every coordinate of v lies within ±limit.
func fits32(v vec, limit int32) bool {
	for _, c := range v {
		if c < -limit || c > limit {
			return false
		}
	}
	return true
}
