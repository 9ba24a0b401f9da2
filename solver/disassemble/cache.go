package disassemble

// pairCache remembers, per worker, the distances between two placed shapes
// at a given offset, both ways (BurrTools' movement cache; see distances). Keys pack a dense id of
// the ordered shape pair (19 bits) and the offset (15 bits per coordinate)
// into 64 bits; the table is open
// addressing with linear probing. It lives as long as its worker, so later
// assemblies of the same problem reuse it, and starts afresh when full.
type pairCache struct {
	shapes int               // number of shapes (Disassembler.shapes)
	direct bool              // pair ids are a*shapes+b+1: they all fit
	ids    map[uint32]uint64 // otherwise: shape a<<16 | shape b -> pair id, shifted into place
	keys   []uint64          // 0 marks an empty slot
	vals   []pairDistances
	count  int
	shift  uint // 64 - log2(len(keys))
}

// maxPairIDs is the number of pair ids a key can hold (0 is never used).
const maxPairIDs = 1<<19 - 1

// pairShift puts a pair id into its place in a key.
const pairShift = 45

// maxCacheEntries caps the cache; at 0.5 load its table then takes 40 MB.
const maxCacheEntries = 1 << 19

// reserve makes room for m new pair ids, forgetting everything if needed.
// It reports false when m ids can't fit even in an empty cache. shapes is
// the number of shapes (Disassembler.shapes).
func (c *pairCache) reserve(m, shapes int) bool {
	if c.shapes == 0 {
		c.shapes = shapes
		c.direct = shapes*shapes <= maxPairIDs
		if !c.direct {
			c.ids = make(map[uint32]uint64)
		}
	}
	if c.direct {
		return true
	}
	if len(c.ids)+m > maxPairIDs {
		clear(c.ids)
		c.clear()
	}
	return m <= maxPairIDs
}

// pairID returns the id of shapes a (moving) and b (held), shifted into
// its place in a key. Call reserve first.
func (c *pairCache) pairID(a, b uint16) uint64 {
	if c.direct {
		return uint64(int(a)*c.shapes+int(b)+1) << pairShift
	}
	k := uint32(a)<<16 | uint32(b)
	id, ok := c.ids[k]
	if !ok {
		id = uint64(len(c.ids)+1) << pairShift
		c.ids[k] = id
	}
	return id
}

// key packs a pair id and a packed offset, whose coordinates lie within
// ±2·maxDrift < 2^14: shifted by 2^14 they take 15 bits each.
func key(pair uint64, off int64) uint64 {
	const m = 1<<15 - 1
	u := uint64(off + pack(vec{1 << 14, 1 << 14, 1 << 14}))
	return pair | u>>(2*laneBits)&m<<30 | u>>laneBits&m<<15 | u&m
}

func (c *pairCache) clear() {
	clear(c.keys)
	c.count = 0
}

// slot returns the slot of k: where it is, or the empty slot where it
// belongs.
func (c *pairCache) slot(k uint64) int {
	mask := len(c.keys) - 1
	i := int((k * 0x9E3779B97F4A7C15) >> c.shift)
	for c.keys[i] != 0 && c.keys[i] != k {
		i = (i + 1) & mask
	}
	return i
}

// get returns the distances stored under k.
func (c *pairCache) get(k uint64) (pairDistances, bool) {
	if c.keys == nil {
		return pairDistances{}, false
	}
	i := c.slot(k)
	return c.vals[i], c.keys[i] == k
}

// put stores v under k, which must be absent.
func (c *pairCache) put(k uint64, v pairDistances) {
	if c.count >= maxCacheEntries {
		c.clear()
	}
	if 2*(c.count+1) > len(c.keys) {
		c.grow()
	}
	i := c.slot(k)
	c.keys[i], c.vals[i] = k, v
	c.count++
}

func (c *pairCache) grow() {
	oldK, oldV := c.keys, c.vals
	size := max(1024, 2*len(oldK))
	c.keys, c.vals = make([]uint64, size), make([]pairDistances, size)
	c.shift = 64
	for s := size; s > 1; s >>= 1 {
		c.shift--
	}
	for i, k := range oldK {
		if k != 0 {
			j := c.slot(k)
			c.keys[j], c.vals[j] = k, oldV[i]
		}
	}
}
