package disassemble

import "math/bits"

// moveList holds the finite moves found from one node in one direction:
// each is a set of moving pieces (a bit mask of words words) and a
// distance. BurrTools keeps these nodes to skip repeats and to merge each
// new move with the earlier ones; a move is identified by its set and
// distance, since two different ones never give the same relative
// positions. The lookup table is cleared by bumping a generation stamp.
type moveList struct {
	words int
	masks []uint64
	k     []int32
	slot  []int32  // open addressing: move index
	stamp []uint32 // slot i is in use when stamp[i] == gen
	gen   uint32
}

func (m *moveList) reset() {
	m.masks, m.k = m.masks[:0], m.k[:0]
	if m.slot == nil {
		m.slot, m.stamp = make([]int32, 64), make([]uint32, 64)
	}
	m.gen++
	if m.gen == 0 { // wrapped: stamps from long ago could look current
		clear(m.stamp)
		m.gen = 1
	}
}

// mask returns move e's set.
func (m *moveList) mask(e int) []uint64 { return m.masks[e*m.words : (e+1)*m.words] }

func (m *moveList) hashOf(mask []uint64, k int32) uint32 {
	h := uint64(k) * 0x9E3779B97F4A7C15
	for _, w := range mask {
		h = (h ^ w) * 0xBF58476D1CE4E5B9
		h ^= h >> 31
	}
	return uint32(h ^ h>>32)
}

func (m *moveList) equal(e int, mask []uint64, k int32) bool {
	if m.k[e] != k {
		return false
	}
	for i, w := range m.mask(e) {
		if w != mask[i] {
			return false
		}
	}
	return true
}

// find returns the index of the move (mask, k), or -1.
func (m *moveList) find(mask []uint64, k int32) int {
	n := uint32(len(m.slot) - 1)
	for i := m.hashOf(mask, k) & n; m.stamp[i] == m.gen; i = (i + 1) & n {
		if e := int(m.slot[i]); m.equal(e, mask, k) {
			return e
		}
	}
	return -1
}

// add appends the move (mask, k), which must be new, and returns its index.
func (m *moveList) add(mask []uint64, k int32) int {
	e := len(m.k)
	m.masks = append(m.masks, mask...)
	m.k = append(m.k, k)
	if 2*len(m.k) > len(m.slot) {
		m.slot = make([]int32, 2*len(m.slot))
		m.stamp = make([]uint32, len(m.slot))
		m.gen = 1
		for i := 0; i < e; i++ {
			m.place(i)
		}
	}
	m.place(e)
	return e
}

func (m *moveList) place(e int) {
	n := uint32(len(m.slot) - 1)
	i := m.hashOf(m.mask(e), m.k[e]) & n
	for m.stamp[i] == m.gen {
		i = (i + 1) & n
	}
	m.slot[i], m.stamp[i] = int32(e), m.gen
}

// onesCount returns the number of pieces in a mask.
func onesCount(mask []uint64) int {
	c := 0
	for _, w := range mask {
		c += bits.OnesCount64(w)
	}
	return c
}
