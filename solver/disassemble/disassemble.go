// Package disassemble finds out whether an assembly comes apart, and how:
// BurrTools' movement analysis and breadth-first separation search, for the
// cube and triangular-prism grids (algorithms.md §4).
//
// A sub-puzzle (a set of pieces at given positions) is searched breadth
// first. A move translates one group of pieces along one grid direction by
// any distance; it counts as one move whatever its length. The first node in
// which a group can be taken away to infinity ends the search, so each split
// uses the fewest moves. The two groups are then taken apart in turn: first
// the group that stayed ("left"), then the one removed. The moves from a
// node, their order, the movement matrices and the rules for which side
// moves follow BurrTools exactly, so levels and stored disassemblies agree
// with BurrTools' (see the conformance tests).
package disassemble

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"

	"github.com/burrlab/burrlab/model"
	"github.com/burrlab/burrlab/model/grid"
)

// ErrUnsupported is returned by New for grids without a disassembler
// (spheres, rhombic, tetra-octa), as in BurrTools.
var ErrUnsupported = errors.New("disassembly is not available for this grid")

// maxCoord bounds piece positions in assemblies. Files mark removed pieces
// by coordinates beyond ±10000, so assemblies must stay well inside. Moves
// may drift further, up to maxDrift, so that offsets between pieces fit in
// 15 bits (the cache keys) and packed positions stay exact (see pack).
const (
	maxCoord = 4000
	maxDrift = 8000
)

// maxShape bounds a piece's extent around its hotspot, and maxBox the box
// of cells kept per orientation (in cells).
const (
	maxShape = 1000
	maxBox   = 1 << 24
)

// Disassembler analyses the assemblies of one problem. It is safe for
// concurrent use: solver workers share one. Each goroutine borrows a
// worker (search buffers and a cache of pairwise distances) from a pool.
type Disassembler struct {
	grid    grid.Grid
	rules   *rules
	orients int // proper orientations of the grid

	slotPart []int          // piece slot -> part
	weight   []int          // piece slot -> weight of its shape
	cells    [][]grid.Vec   // part -> its filled cells
	hotspot  []grid.Vec     // part -> its hotspot
	shapes   []orientedPart // part*orients+orient -> the oriented part
	groups   grouping

	pool sync.Pool
}

// New prepares a disassembler for problem pr of puzzle p. The puzzle must not
// change while the disassembler is in use.
func New(p *model.Puzzle, pr *model.Problem) (*Disassembler, error) {
	g, err := p.GridOf()
	if err != nil {
		return nil, err
	}
	r := rulesFor(g.Type())
	if r == nil {
		return nil, fmt.Errorf("%w: pieces of the %v grid have no movement rules (BurrTools can't disassemble them either)", ErrUnsupported, g.Type())
	}
	if len(g.Directions()) != r.axes() {
		return nil, fmt.Errorf("disassembler: the %v grid has %d directions, the movement rules %d", g.Type(), len(g.Directions()), r.axes())
	}
	d := &Disassembler{grid: g, rules: r, orients: g.Orientations()}
	for i, part := range pr.Parts {
		if part.Shape < 0 || part.Shape >= len(p.Shapes) {
			return nil, fmt.Errorf("part %d: shape %d does not exist", i, part.Shape)
		}
		if part.Max < 0 {
			return nil, fmt.Errorf("part %d: negative count %d", i, part.Max)
		}
		s := &p.Shapes[part.Shape]
		filled := s.FilledCells()
		pos := make([]grid.Vec, len(filled))
		for k, c := range filled {
			pos[k] = c.Pos
		}
		d.cells, d.hotspot = append(d.cells, pos), append(d.hotspot, s.Hotspot)
		for k := 0; k < part.Max; k++ {
			d.slotPart = append(d.slotPart, i)
			d.weight = append(d.weight, s.Weight)
		}
	}
	if len(pr.Parts)*d.orients > 1<<16 {
		return nil, fmt.Errorf("disassembler: %d parts are too many", len(pr.Parts))
	}
	// The oriented parts are made when first needed: most problems use
	// few of the orientations.
	d.shapes = make([]orientedPart, len(pr.Parts)*d.orients)
	d.groups = newGrouping(pr)
	d.pool.New = func() any { return newWorker(d) }
	return d, nil
}

// fits reports whether every coordinate of v lies within ±limit.
func fits(v grid.Vec, limit int) bool {
	for _, c := range v {
		if c < -limit || c > limit {
			return false
		}
	}
	return true
}

// Disassemble returns how assembly a comes apart, or nil when it does not.
// Assemblies with fewer than two placed pieces have nothing to take apart
// and also give nil; BurrTools counts an assembly of a problem with a
// single piece slot as a solution without asking the disassembler. It
// returns ctx.Err() when cancelled.
func (d *Disassembler) Disassemble(ctx context.Context, a model.Assembly) (*model.Separation, error) {
	sep, _, err := d.run(ctx, a, false)
	return sep, err
}

// Partial is how far an assembly comes apart.
type Partial struct {
	// Separation is the tree of the splits that succeeded, nil when no
	// piece comes off at all. A group in Interlocked is a leaf of it.
	Separation *model.Separation
	// Interlocked lists the groups of piece slots that no move splits
	// and that the problem's piece groups do not allow to stay together;
	// empty when the assembly comes apart.
	Interlocked [][]int
}

// Partial takes assembly a apart as far as it goes: where Disassemble
// gives up at the first group that stays stuck, Partial notes the group
// and goes on with the others, with the same moves. Assemblies with fewer
// than two placed pieces give an empty Partial.
func (d *Disassembler) Partial(ctx context.Context, a model.Assembly) (*Partial, error) {
	sep, stuck, err := d.run(ctx, a, true)
	if err != nil {
		return nil, err
	}
	return &Partial{Separation: sep, Interlocked: stuck}, nil
}

// run is Disassemble, or with partial Partial, which also returns the
// stuck groups.
func (d *Disassembler) run(ctx context.Context, a model.Assembly, partial bool) (*model.Separation, [][]int, error) {
	if len(a) != len(d.slotPart) {
		return nil, nil, fmt.Errorf("assembly has %d placements for %d piece slots", len(a), len(d.slotPart))
	}
	w := d.pool.Get().(*worker)
	defer d.pool.Put(w)
	slots := w.slots[:0]
	for slot, pl := range a {
		if !pl.Placed() {
			continue
		}
		if pl.Orient < 0 || pl.Orient >= d.orients {
			return nil, nil, fmt.Errorf("piece %d: orientation %d out of range 0..%d", slot, pl.Orient, d.orients-1)
		}
		if !fits(pl.Pos, maxCoord) {
			return nil, nil, fmt.Errorf("piece %d: position %v is beyond ±%d", slot, pl.Pos, maxCoord)
		}
		o := d.oriented(d.shapeOf(slot, pl.Orient))
		if o.err != nil {
			return nil, nil, fmt.Errorf("piece %d: %w", slot, o.err)
		}
		if !d.grid.InLattice(pl.Pos.Sub(o.hot)) {
			return nil, nil, fmt.Errorf("piece %d: position %v is off the grid for orientation %d", slot, pl.Pos, pl.Orient)
		}
		slots = append(slots, slot)
	}
	w.slots = slots
	if len(slots) < 2 {
		return nil, nil, nil
	}
	w.partial = partial
	sep, err := w.disassemble(ctx, a, slots)
	w.partial = false
	if err != nil || !partial {
		return sep, nil, err
	}
	return sep, slices.Clone(w.interlocked), nil
}

// shapeOf returns the index into d.shapes of slot's part in orientation t.
func (d *Disassembler) shapeOf(slot, t int) int {
	return d.slotPart[slot]*d.orients + t
}

// pairDistances says how far a piece can move along each axis before it
// runs into another piece: along +axis in the first maxAxes entries, along
// -axis (which is how far the other one can move along +axis) in the rest.
type pairDistances [2 * maxAxes]int32

// distances returns how far shape a can move before it runs into shape b,
// whose position minus a's is off.
func (d *Disassembler) distances(a, b int, off vec) pairDistances {
	var plus, minus [maxAxes]int32
	d.rules.distances(d.shape(a), d.shape(b), off, &plus)
	d.rules.distances(d.shape(b), d.shape(a), vec{-off[0], -off[1], -off[2]}, &minus)
	var v pairDistances
	copy(v[:maxAxes], plus[:])
	copy(v[maxAxes:], minus[:])
	return v
}

// orientedPart is a part in one orientation, made when first needed.
type orientedPart struct {
	once sync.Once
	s    oshape
	hot  grid.Vec // the image of the hotspot
	err  error    // the part can't be analysed in this orientation
}

// oriented returns oriented part i (an index into d.shapes).
func (d *Disassembler) oriented(i int) *orientedPart {
	o := &d.shapes[i]
	o.once.Do(func() { o.s, o.hot, o.err = d.orient(i/d.orients, i%d.orients) })
	return o
}

// orient makes part in orientation t.
func (d *Disassembler) orient(part, t int) (oshape, grid.Vec, error) {
	out, hot, ok := d.grid.Transform(t, d.cells[part], d.hotspot[part])
	if !ok {
		return oshape{}, hot, fmt.Errorf("orientation %d does not exist", t)
	}
	cells := make([]cell, len(out))
	for k, v := range out {
		rel := v.Sub(hot)
		if !fits(rel, maxShape) {
			return oshape{}, hot, errors.New("shape too large to analyse")
		}
		cells[k] = cell{p: vec{int32(rel[0]), int32(rel[1]), int32(rel[2])}, kind: d.rules.kindOf(v)}
	}
	if boxVolume(boxOf(cells)) > maxBox {
		return oshape{}, hot, errors.New("shape too large to analyse")
	}
	return newOshape(d.rules, cells), hot, nil
}

// shape returns oriented part i, which Disassemble has checked.
func (d *Disassembler) shape(i int) *oshape { return &d.oriented(i).s }
