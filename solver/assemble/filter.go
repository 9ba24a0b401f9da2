package assemble

import (
	"context"
	"slices"

	"github.com/burrlab/burrlab/model"
	"github.com/burrlab/burrlab/model/grid"
)

// unplacedT is the orientation of an unused slot. As in BurrTools it is
// larger than every real orientation, so unused slots sort last.
const unplacedT = 255

// plc is one slot of an assembly as the filter compares them: orientation
// first, then position. Positions refer to BurrTools' reset hotspots.
type plc struct {
	t int32
	p grid.Vec
}

func (a plc) less(b plc) bool {
	if a.t != b.t {
		return a.t < b.t
	}
	for k := 0; k < 3; k++ {
		if a.p[k] != b.p[k] {
			return a.p[k] < b.p[k]
		}
	}
	return false
}

// cellAt is one cell of a transformed assembly (complete check).
type cellAt struct {
	pos grid.Vec
	tag uint8
}

// filter implements BurrTools' smallerRotationExists (algorithms.md §3.3):
// an assembly is kept only if none of its variants under the result's
// symmetries (or, in complete mode, under every orientation and every
// translation that fits) is smaller. The variants are built exactly as
// BurrTools builds them, including its mirror-partner swapping and its
// slot ordering, because which assemblies survive depends on those
// details wherever pieces are optional.
type filter struct {
	a        *Assembler
	n        int  // proper orientations of the grid
	mirror   bool // try mirror images, swapping mirror partners
	complete bool
	// flatTurns: the complete check on balls, mirror images not compared
	// otherwise; a mirror image of an assembly whose balls lie in one
	// plane is a turn of it (mirror it through that plane first, which
	// changes nothing), though often no turn of the grid: a layer across
	// the lattice's threefold axes also turns by halves and sixths of a
	// turn about them. Those assemblies' mirror images are compared.
	flatTurns bool
	pivot     int // slot compared first, or -1
	// unpaired[i] says that no slot of parts 0..i has a mirror partner:
	// a mirror turn then moves no piece into those parts (see lead).
	unpaired []bool
	trans    []int // orientations to try
	// img[g][c] is where orientation g takes result cell c: inside the
	// result for its symmetries, in g's own frame otherwise (see
	// imageAt). Where the grid's orientations are axis maps, img is nil
	// and imageAt turns the cell by maps[g] and moves it by shift[g]:
	// turning every result cell by every symmetry up front was a
	// twentieth of preparing PiecesOfEight.
	img   [][]grid.Vec
	maps  []grid.AxisMap
	shift []grid.Vec
	// steps[(part*N + t)*len(trans) + k] says what trans[k] does to a piece
	// of part placed in (normalised, proper) orientation t: see step.
	steps []step
	// anc[part*N + t] is where a piece's anchor cell lies relative to its
	// position, in orientation t.
	anc []grid.Vec
	// stride turns a position into a voxel index of the result.
	stride grid.Vec
}

// step is one orientation applied to one placed orientation: the piece's
// anchor cell goes to img, and the new position is that image plus d, in
// orientation t (normalised; a mirror image for mirrors of unpaired shapes).
type step struct {
	t int32 // -1: the grid cannot turn the piece so
	// d on 32 bits: a step is then 16 bytes, not 32. The table has a
	// step for each turn of each orientation of each part: on HexSticks
	// 53 KB at 32 bytes, 13 fresh pages.
	d [3]int32
}

func newFilter(ctx context.Context, a *Assembler, opts Options) (*filter, error) {
	g := a.g
	f := &filter{
		a: a, n: g.Orientations(), complete: opts.CompleteRotationCheck,
		mirror: a.plan.mirror && !opts.KeepMirrors, pivot: a.plan.pivot,
	}
	f.flatTurns = f.complete && !f.mirror && g.Type() == grid.Spheres
	end := f.n
	if f.mirror || f.flatTurns {
		end *= 2
	}
	f.unpaired = make([]bool, len(a.parts))
	for i, alone := range f.unpaired {
		alone = i == 0 || f.unpaired[i-1]
		for k := 0; k < a.parts[i].max && alone; k++ {
			alone = len(a.plan.partner) == 0 || a.plan.partner[a.slotStart[i]+k] < 0
		}
		f.unpaired[i] = alone
	}
	_, aligned := grid.AxisMapOf(g, 0)
	var pos []grid.Vec // the result's cells' positions, to be turned
	if aligned {
		f.maps, f.shift = make([]grid.AxisMap, end), make([]grid.Vec, end)
	} else {
		f.img = make([][]grid.Vec, end)
		pos = grid.Positions(a.res.cells)
	}
	for t := 0; t < end; t++ {
		if err := ctx.Err(); err != nil { // each turns the whole result
			return nil, err
		}
		a.report("the symmetry filter", float64(t)/float64(end))
		sym := a.res.sym.Has(t)
		if !f.complete && (t == 0 || !sym) {
			continue
		}
		if aligned {
			am, ok := grid.AxisMapOf(g, t)
			if !ok {
				continue
			}
			// The turned result's box is the turned box (see
			// shapeInfo.turnedBounds).
			f.maps[t] = am
			if sym {
				p, q := am.Apply(a.res.lo), am.Apply(a.res.hi)
				f.shift[t] = a.res.lo.Sub(grid.Vec{min(p[0], q[0]), min(p[1], q[1]), min(p[2], q[2])})
			}
			f.trans = append(f.trans, t)
			continue
		}
		out, _, ok := g.Transform(t, pos, grid.Vec{})
		if !ok {
			continue
		}
		if sym {
			// Move the turned result back onto itself.
			lo, _ := grid.Bounds(out)
			d := a.res.lo.Sub(lo)
			for i := range out {
				out[i] = out[i].Add(d)
			}
		}
		f.img[t] = out
		f.trans = append(f.trans, t)
	}
	rs := a.res.shape
	f.stride = grid.Vec{1, rs.Size[0], rs.Size[0] * rs.Size[1]}
	np, nt := len(a.parts), len(f.trans)
	// Composed as needed: a table of every pair, made first, took a
	// fresh page and most of the compositions (HexSticks: 2,304).
	c := grid.ComposerOf(g)
	f.anc = make([]grid.Vec, np*f.n)
	f.steps = make([]step, np*f.n*nt)
	for i, pt := range a.parts {
		si := pt.info
		for t := 0; t < f.n; t++ {
			o := &si.or[t]
			if !o.ok || o.norm != t {
				continue
			}
			f.anc[i*f.n+t] = o.anc
			for k, g := range f.trans {
				st := &f.steps[(i*f.n+t)*nt+k]
				u, ok := c.Compose(t, g)
				if !ok || !si.or[u].ok {
					st.t = -1
					continue
				}
				ou := &si.or[u]
				st.t = int32(ou.norm)
				d := ou.first().Sub(ou.anc).Sub(si.or[ou.norm].first())
				st.d = [3]int32{int32(d[0]), int32(d[1]), int32(d[2])}
			}
		}
	}
	return f, nil
}

// smallerExists reports whether some variant of the assembly in s.orig
// is smaller than it.
//
// Without the complete check a variant is compared from its lead on: the
// pivot, or else the smallest piece of the first part placed. A proper
// turn that takes the lead somewhere larger (or a lead piece nowhere)
// cannot give a smaller variant, so the lead's pieces alone settle most
// turns, without building the variant (most of SolidSixPieceBurrs'
// filter time). So do mirror turns while no part up to the lead's has a
// mirror partner: none of their pieces can then change parts.
func (f *filter) smallerExists(s *Scratch) bool {
	turnsOnly := f.flatTurns && !f.flat(s)
	part, from, to := f.lead(s)
	var mask []uint64 // leadAllows for every turn, when cached
	if part >= 0 && to == from+1 {
		mask = f.leadMask(s, part, from)
	}
	for k, t := range f.trans {
		if turnsOnly && t >= f.n {
			break // the mirror images come after the turns
		}
		if part >= 0 && (t < f.n || f.unpaired[part]) {
			if mask != nil {
				if mask[k>>6]&(1<<(uint(k)&63)) == 0 {
					continue
				}
			} else if !f.leadAllows(s, k, part, from, to) {
				continue
			}
		}
		if !f.variant(s, k) {
			continue
		}
		if t >= f.n && (f.mirrored(s.v) || !f.valid(s.v)) {
			continue
		}
		if !f.complete {
			if f.smallerLazy(s) {
				return true
			}
			continue
		}
		for i := range f.a.parts {
			sortPlaced(s.v[f.a.slotStart[i] : f.a.slotStart[i]+f.a.parts[i].max])
		}
		if f.smallerShift(s) {
			return true
		}
	}
	return false
}

// lead returns the slots from..to of part that a variant of the assembly
// in s.orig is compared with first (see smallerLazy), or part -1 when
// there are none to go by: complete mode shifts the variants, and an
// unplaced pivot leaves the comparison to the other slots.
func (f *filter) lead(s *Scratch) (part, from, to int) {
	a := f.a
	if f.complete {
		return -1, 0, 0
	}
	if p := f.pivot; p >= 0 {
		if s.orig[p].t == unplacedT {
			return -1, 0, 0
		}
		return a.slotPart[p], p, p + 1
	}
	for i := range a.parts {
		base, n := a.slotStart[i], a.parts[i].max
		used := 0
		for used < n && s.orig[base+used].t != unplacedT {
			used++
		}
		if used > 0 {
			return i, base, base + used
		}
	}
	return -1, 0, 0
}

// leadAllows reports whether turn trans[k] (proper, or a mirror turn
// while parts up to part have no partners) may give a variant smaller
// than the original: it takes every lead piece (slots from..to of part)
// into the result in a proper orientation, and the smallest image is not
// larger than the original's first lead slot, which is what smallerLazy
// compares first (the slots before it are unplaced in both).
func (f *filter) leadAllows(s *Scratch, k, part, from, to int) bool {
	var least, y plc
	for q := from; q < to; q++ {
		if !f.image(part, &s.orig[q], k, &y) || int(y.t) >= f.n {
			return false // variant fails too (a mirror image without a partner)
		}
		if q == from || y.less(least) {
			least = y
		}
	}
	x := s.orig[from]
	return least == x || least.less(x)
}

// leadMask returns leadAllows for every turn (bit k for trans[k]) of a
// lead of one slot, from's, computed once for each placement row in s.
func (f *filter) leadMask(s *Scratch, part, from int) []uint64 {
	words := (len(f.trans) + 63) >> 6
	if s.known == nil {
		s.known = make([]bool, len(f.a.rows))
		s.allowed = make([]uint64, len(f.a.rows)*words)
	}
	r := int(s.rowOf[from])
	mask := s.allowed[r*words : (r+1)*words]
	if !s.known[r] {
		for k := range f.trans {
			if f.leadAllows(s, k, part, from, from+1) {
				mask[k>>6] |= 1 << (uint(k) & 63)
			}
		}
		s.known[r] = true
	}
	return mask
}

// variant computes in s.v the assembly s.orig turned by orientation t,
// with each piece's orientation normalised and mirror images replaced by
// their partners. Copies of a shape are left unsorted (the comparison
// sorts as far as it needs). It reports false where BurrTools' transform
// fails.
func (f *filter) variant(s *Scratch, k int) bool {
	a := f.a
	t := f.trans[k]
	nt := len(f.trans)
	lo, hi, cell := a.res.lo, a.res.hi, a.res.cell
	copy(s.v, s.orig)
	for i := range a.parts {
		base := a.slotStart[i]
		for j := 0; j < a.parts[i].max; j++ {
			pl := &s.v[base+j]
			if pl.t == unplacedT {
				break
			}
			pt := i*f.n + int(pl.t)
			st := &f.steps[pt*nt+k]
			q := pl.p.Add(f.anc[pt])
			if st.t < 0 || q[0] < lo[0] || q[1] < lo[1] || q[2] < lo[2] || q[0] > hi[0] || q[1] > hi[1] || q[2] > hi[2] {
				return false
			}
			ci := cell[q[0]+f.stride[1]*q[1]+f.stride[2]*q[2]]
			if ci < 0 {
				return false
			}
			pl.t = st.t
			f.imageAt(&pl.p, t, &q, ci, &st.d)
		}
	}
	return t < f.n || f.swapMirrors(s.v)
}

// image puts into y the placement x of a piece of part i under trans[k],
// normalised, as variant computes it for one slot, and reports whether
// there is one. It writes y field by field and takes x by pointer: a plc
// returned or passed whole went through overlapping moves that stalled
// for every placement the symmetry filter turns.
func (f *filter) image(i int, x *plc, k int, y *plc) bool {
	a := f.a
	pt := i*f.n + int(x.t)
	st := &f.steps[pt*len(f.trans)+k]
	if st.t < 0 {
		return false
	}
	an := &f.anc[pt]
	q := grid.Vec{x.p[0] + an[0], x.p[1] + an[1], x.p[2] + an[2]}
	var ci int32
	if f.img != nil {
		// The image is looked up by the anchor's cell. Turned by an
		// axis map it needs none: x is a placement, so its anchor lies
		// on a result cell. (Looking it up was 177K of the 1.27M
		// instructions HexSticks' filter spent turning placements.)
		if ci = a.res.cellOf(q); ci < 0 {
			return false
		}
	}
	y.t = st.t
	f.imageAt(&y.p, f.trans[k], &q, ci, &st.d)
	return true
}

// imageAt sets *dst to the image under orientation t of result cell
// number ci at q (see filter) plus d, coordinate by coordinate (see
// image); where there is no img, ci is not used.
func (f *filter) imageAt(dst *grid.Vec, t int, q *grid.Vec, ci int32, d *[3]int32) {
	var x, y, z int
	if f.img == nil {
		x, y, z = f.maps[t].Turn(q)
		s := &f.shift[t]
		x, y, z = x+s[0], y+s[1], z+s[2]
	} else {
		p := &f.img[t][ci]
		x, y, z = p[0], p[1], p[2]
	}
	dst[0], dst[1], dst[2] = x+int(d[0]), y+int(d[1]), z+int(d[2])
}

// swapMirrors replaces each piece in a mirror image orientation by its
// partner slot's piece, which covers the same cells in a proper
// orientation. It reports false when a mirrored piece has no partner:
// such a variant cannot be a valid assembly.
func (f *filter) swapMirrors(v []plc) bool {
	a := f.a
	g := a.g
	pl := &a.plan
	for i := range a.parts {
		base := a.slotStart[i]
		for k := 0; k < a.parts[i].max; k++ {
			p := base + k
			if v[p].t == unplacedT {
				break
			}
			if int(v[p].t) < f.n {
				continue
			}
			p2 := pl.partner[p]
			if p2 < 0 {
				return false
			}
			t, tinv := pl.partnerT[p], pl.partnerT[p2]
			if _, ok := g.Compose(t, tinv); !ok {
				return false
			}
			if _, ok := g.Compose(tinv, t); !ok {
				return false
			}
			A, B := a.parts[i].info, a.parts[a.slotPart[p2]].info
			uB, ok := g.Compose(tinv, int(v[p].t))
			if !ok || !B.or[uB].ok {
				return false
			}
			nB := B.or[uB].norm
			posB := v[p].p.Add(A.or[v[p].t].first()).Sub(B.or[nB].first())
			if v[p2].t == unplacedT {
				v[p] = plc{t: unplacedT}
			} else {
				uA, ok := g.Compose(t, int(v[p2].t))
				if !ok || !A.or[uA].ok {
					return false
				}
				nA := A.or[uA].norm
				v[p] = plc{t: int32(nA), p: v[p2].p.Add(B.or[v[p2].t].first()).Sub(A.or[nA].first())}
			}
			v[p2] = plc{t: int32(nB), p: posB}
		}
	}
	return true
}

// sortPlaced sorts the leading used slots of one part, as BurrTools'
// assembly_c::sort does (it stops at the first unused slot).
func sortPlaced(v []plc) {
	n := 0
	for n < len(v) && v[n].t != unplacedT {
		n++
	}
	slices.SortFunc(v[:n], func(a, b plc) int {
		switch {
		case a.less(b):
			return -1
		case b.less(a):
			return 1
		}
		return 0
	})
}

// mirrored reports whether a piece is left in a mirror image orientation.
func (f *filter) mirrored(v []plc) bool {
	for _, p := range v {
		if p.t != unplacedT && int(p.t) >= f.n {
			return true
		}
	}
	return false
}

// valid reports whether each part has at least its minimum count of
// leading used slots.
func (f *filter) valid(v []plc) bool {
	a := f.a
	for i, pt := range a.parts {
		used := 0
		for _, p := range v[a.slotStart[i] : a.slotStart[i]+pt.max] {
			if p.t == unplacedT {
				break
			}
			used++
		}
		if used < pt.min {
			return false
		}
	}
	return true
}

// smaller compares assemblies slot by slot, the pivot slot first.
func (f *filter) smaller(v, o []plc) bool { return smallerFrom(v, o, f.pivot) }

// smallerFrom compares assemblies slot by slot, slot pivot first (none
// if -1).
func smallerFrom(v, o []plc, pivot int) bool {
	if p := pivot; p >= 0 {
		if v[p].less(o[p]) {
			return true
		}
		if v[p] != o[p] {
			return false
		}
	}
	for i := range v {
		if i == pivot {
			continue
		}
		if v[i].less(o[i]) {
			return true
		}
		if v[i] != o[i] {
			return false
		}
	}
	return false
}

// smallerLazy is smaller for a variant whose copies of a shape are not
// yet sorted: it sorts each part's leading used slots (as BurrTools'
// assembly_c::sort does) only as far as the comparison gets, by picking
// the next smallest. Most variants differ from the original in their
// first slots, so this is far cheaper than sorting everything.
func (f *filter) smallerLazy(s *Scratch) bool {
	a := f.a
	v, o := s.v, s.orig
	if p := f.pivot; p >= 0 && v[p] != o[p] {
		// The pivot's part has one slot (a breaker with copies is never used).
		return v[p].less(o[p])
	}
	for i := range a.parts {
		base, n := a.slotStart[i], a.parts[i].max
		seg := v[base : base+n]
		used := 0
		for used < n && seg[used].t != unplacedT {
			used++
		}
		for j := 0; j < n; j++ {
			if base+j == f.pivot {
				continue
			}
			if j < used {
				m := j
				for q := j + 1; q < used; q++ {
					if seg[q].less(seg[m]) {
						m = q
					}
				}
				seg[j], seg[m] = seg[m], seg[j]
			}
			if seg[j] != o[base+j] {
				return seg[j].less(o[base+j])
			}
		}
	}
	return false
}

// smallerShift tries every lattice translation of the variant in s.v that
// fits the result (complete mode) and reports whether one is smaller than
// the original. A translation fits when every filled cell lands on a
// non-empty result cell with an allowed colour and every filled result
// cell is covered.
func (f *filter) smallerShift(s *Scratch) bool {
	a := f.a
	f.cellsOf(s, s.v)
	if len(s.cells) == 0 {
		return false
	}
	lo, hi := s.cells[0].pos, s.cells[0].pos
	for _, c := range s.cells {
		for k := 0; k < 3; k++ {
			lo[k] = min(lo[k], c.pos[k])
			hi[k] = max(hi[k], c.pos[k])
		}
	}
	r := &a.res
	for dx := r.lo[0] - lo[0]; dx <= r.hi[0]-hi[0]; dx++ {
		for dy := r.lo[1] - lo[1]; dy <= r.hi[1]-hi[1]; dy++ {
			for dz := r.lo[2] - lo[2]; dz <= r.hi[2]-hi[2]; dz++ {
				d := grid.Vec{dx, dy, dz}
				if !a.g.InLattice(d) || !f.fitsShifted(s.cells, d) {
					continue
				}
				for i := range s.v {
					if s.v[i].t != unplacedT {
						s.v[i].p = s.v[i].p.Add(d)
					}
				}
				less := f.smaller(s.v, s.orig)
				for i := range s.v {
					if s.v[i].t != unplacedT {
						s.v[i].p = s.v[i].p.Sub(d)
					}
				}
				if less {
					return true
				}
			}
		}
	}
	return false
}

// fitsShifted reports whether the cells moved by d form a valid filling
// of the result.
func (f *filter) fitsShifted(cells []cellAt, d grid.Vec) bool {
	a := f.a
	rs := a.res.shape
	covered := 0
	for _, c := range cells {
		rv := rs.At(c.pos.Add(d))
		pv := model.Voxel(c.tag)
		if pv.State() == model.Filled {
			switch rv.State() {
			case model.Empty:
				return false
			case model.Filled:
				covered++
			}
		}
		if !a.colorAllowed(pv, rv) {
			return false
		}
	}
	return covered == a.res.fixed
}

// cellOf returns the result cell number of position q, or -1.
func (r *result) cellOf(q grid.Vec) int32 {
	i := r.shape.Index(q)
	if i < 0 {
		return -1
	}
	return r.cell[i]
}

// cellsOf puts the cells of the pieces placed in v into s.cells.
func (f *filter) cellsOf(s *Scratch, v []plc) {
	a := f.a
	s.cells = s.cells[:0]
	for slot, p := range v {
		if p.t == unplacedT {
			continue
		}
		si := a.parts[a.slotPart[slot]].info
		d := p.p.Sub(si.or[p.t].hot)
		for _, c := range si.turned(int(p.t)) {
			s.cells = append(s.cells, cellAt{pos: c.Pos.Add(d), tag: c.Tag})
		}
	}
}

// flat reports whether the balls of the assembly in s.orig lie in one
// plane (see flatTurns).
func (f *filter) flat(s *Scratch) bool {
	f.cellsOf(s, s.orig)
	return coplanar(s.cells)
}

// coplanar reports whether the cells c lie in one plane.
func coplanar(c []cellAt) bool {
	var n grid.Vec // a normal of the plane, once two directions are found
	for i := 1; i < len(c) && n == (grid.Vec{}); i++ {
		for j := i + 1; j < len(c) && n == (grid.Vec{}); j++ {
			n = cross(c[i].pos.Sub(c[0].pos), c[j].pos.Sub(c[0].pos))
		}
	}
	for _, q := range c {
		d := q.pos.Sub(c[0].pos)
		if n[0]*d[0]+n[1]*d[1]+n[2]*d[2] != 0 {
			return false
		}
	}
	return true
}

// cross returns the cross product a × b.
func cross(a, b grid.Vec) grid.Vec {
	return grid.Vec{a[1]*b[2] - a[2]*b[1], a[2]*b[0] - a[0]*b[2], a[0]*b[1] - a[1]*b[0]}
}
