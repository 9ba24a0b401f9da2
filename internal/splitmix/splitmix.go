// Package splitmix is the SplitMix64 generator's step: a cheap, well
// mixed 64-bit function of a 64-bit number. The solver uses it as a hash
// (of a row or placement number, summed over a column's rows or a cell's
// placements) and as a seeded pseudo-random sequence whose numbers must
// be the same on every machine (the split's descents, the disassembler's
// node hashes).
package splitmix

// Mix returns SplitMix64's output for state x: x plus the golden ratio
// increment, through its finalizer. Mix(x) for x = 0, 1, 2, ... are well
// mixed and distinct.
func Mix(x uint64) uint64 {
	x += 0x9e3779b97f4a7c15
	x = (x ^ x>>30) * 0xbf58476d1ce4e5b9
	x = (x ^ x>>27) * 0x94d049bb133111eb
	return x ^ x>>31
}
