// Package assemble turns a problem into a generalised exact cover problem
// and its solutions back into assemblies, as BurrTools' assemblers do
// (algorithms.md §2 and §3): the placements of every distinct piece
// orientation in the result, the columns for parts and result cells, the
// symmetry breaker that places one piece in fewer orientations, and the
// filter that drops assemblies which are rotations or mirror images of
// others. The counts agree with BurrTools'.
package assemble

import (
	"context"
	"fmt"
	"slices"

	"github.com/burrlab/burrlab/internal/budget"
	"github.com/burrlab/burrlab/model"
	"github.com/burrlab/burrlab/model/analysis"
	"github.com/burrlab/burrlab/model/grid"
	"github.com/burrlab/burrlab/solver/cover"
)

// Options are BurrTools' solver switches that change what counts as a
// distinct assembly.
type Options struct {
	// KeepMirrors keeps assemblies that are mirror images of others.
	KeepMirrors bool
	// KeepRotations switches the filter off: rotated assemblies are kept,
	// as far as the symmetry breaker let the search find them. As in
	// BurrTools, the count then lies anywhere between the true count and a
	// multiple of it; it is for finding out quickly whether any exist.
	KeepRotations bool
	// CompleteRotationCheck (BurrTools' "expensive rotation check") also
	// drops assemblies that are a translation or any rotation of another,
	// not only those related by a symmetry of the result.
	CompleteRotationCheck bool
	// MaxHoles, when not negative, replaces the problem's limit on empty
	// variable cells. Like the problem's, it only applies when piece counts
	// are ranges; otherwise the number of holes follows from the counts.
	MaxHoles int
	// MaxMemory is the memory budget of the preparation in bytes (0 or
	// less: budget.Default). New refuses with a *budget.Error before its
	// estimate passes it.
	MaxMemory int64
	// SharedShapes says that the caller leaves the puzzle's shapes as
	// they are while the Assembler lives (a command that solves a file
	// and exits): New then reads them where they are instead of copying
	// them (HexSticks' 90 KB of voxels, 21 of a run's 780 page faults).
	SharedShapes bool
	// Validated says that the puzzle passed model.Puzzle.Validate, as
	// every puzzle read from a file has: New then does not check the
	// shapes' cells again (HexSticks' six shapes of 42,875 voxels, 3% of
	// its instructions). A caller that says so of an invalid puzzle may
	// get wrong results or a panic.
	Validated bool
	// Progress, if not nil, is called now and then from New's goroutine
	// with the phase of the preparation and how much of it is done (0..1),
	// for big problems whose preparation takes seconds.
	Progress func(phase string, fraction float64)

	// plainSearch searches as BurrTools does: its own choice of symmetry
	// breaker, all its placements (see trimBreaker) and no selectors for
	// the lowest part's leaders (see lowestLeaders). Tests compare the two
	// searches.
	plainSearch bool
	// breaker, when not 0, is one more than the part to restrict instead
	// of the preferred one (see WithBreaker).
	breaker int
	// noCuts leaves out axisCuts' columns (see WithoutCuts).
	noCuts bool
}

// DefaultOptions returns BurrTools' defaults.
func DefaultOptions() Options { return Options{MaxHoles: -1} }

// Stats describes a prepared problem.
type Stats struct {
	Placements int  // rows of the cover matrix
	Columns    int  // columns of the cover matrix
	Entries    int  // row entries
	Exact      bool // every piece used exactly once (BurrTools' assembler 0)
	Breaker    int  // part placed in fewer orientations, or -1
	Filter     bool // assemblies pass the symmetry filter
	Mirror     bool // the filter also compares mirror images
	Holes      int  // allowed empty variable cells, -1 for any number
	Trimmed    int  // placements left out because no kept assembly can use them
	// Memory is the estimated memory of the preparation in bytes, the
	// figure checked against Options.MaxMemory.
	Memory int64
}

// part is one entry of the problem's piece list.
type part struct {
	shape    int
	min, max int
	info     *shapeInfo
}

// placement is one row of the cover matrix.
type placement struct {
	part int32
	t    int32
	pos  grid.Vec
}

// result is the result shape with lookup tables.
type result struct {
	shape  *model.Shape
	sym    grid.Set
	lo, hi grid.Vec
	fixed  int      // filled cells: must be covered
	stride grid.Vec // voxel index steps along x, y and z (see index)
	cell   []int32  // voxel index -> result cell number, -1 where empty
	col    []int32  // result cell number -> cover column
	// cells are the result's non-empty cells, in index order; a cell's
	// number is its place here. (A list of their positions of its own
	// was 13 fresh pages on HexSticks.)
	cells []grid.Cell
}

// Assembler holds one problem prepared for solving. It is immutable after
// New and safe for concurrent use (each worker needs its own Scratch).
type Assembler struct {
	g         grid.Grid
	puzzle    *model.Puzzle
	prob      *model.Problem
	parts     []part
	slotPart  []int // piece slot -> part
	slotStart []int // part -> its first slot
	res       result
	rows      []placement
	cov       *cover.Problem
	plan      symmetryPlan
	filter    *filter
	lowest    *lowestLeaders // selector rows after the placements, or nil
	axis      *axisCuts      // columns that cut mirror images, or nil
	stats     Stats
	// fromReset[part][t] moves a position from BurrTools' reset hotspot to
	// the shape's own hotspot, so assemblies fit the puzzle as given.
	fromReset [][]grid.Vec
	opts      Options  // as given to New, for WithBreaker
	budget    int64    // Options.MaxMemory
	fixed     int64    // fixedCost
	offs      []int32  // scratch of New: voxel offsets of a turned piece's cells
	rel, tmp  []uint16 // scratch of filledOffsets
	tags      []uint8  // scratch of New: their tags (see eachPosition)
	probes    []int32  // scratch of New: see mayFit
	// colorOK[pc] has bit rc set where a piece cell of colour pc may sit
	// in a result cell of colour rc (model.Puzzle.ColorAllowed): looking
	// through the rules for every cell fits checked was a twentieth of
	// preparing DraculasDentalDesaster.
	colorOK [64]uint64
	// numCells holds the cells (NumCells) of each shape the problem
	// uses, counted once by check for check, fixedCost and setup: each
	// count walks all the voxels (HexSticks: 42,875 of the result's).
	numCells map[int]int
	progress func(phase string, fraction float64)
}

// report passes on the preparation's progress (Options.Progress).
func (a *Assembler) report(phase string, fraction float64) {
	if a.progress != nil {
		a.progress(phase, fraction)
	}
}

// maxVolume caps the result's bounding box (cells), so that a broken file
// cannot make preparation run for ever.
const maxVolume = 1 << 22

// maxResultCells caps the result's cells (filled and variable): the
// symmetry filter keeps the result's image under each of its symmetries,
// up to 47 lists of its cells (about 300 MB at this cap).
const maxResultCells = 1 << 18

// New prepares problem number problem of puzzle p. It works on a copy, so
// p may change afterwards. The errors are those BurrTools raises before it
// searches (no result, too many or too few units, a piece that fits
// nowhere) plus invalid input; ctx cancels a long preparation.
func New(ctx context.Context, p *model.Puzzle, problem int, opts Options) (*Assembler, error) {
	a, exact, err := begin(ctx, p, problem, opts)
	if err != nil {
		return nil, err
	}
	holes, err := a.units(opts)
	if err != nil {
		return nil, err
	}
	lead, trimmed, err := a.generate(ctx, exact, opts, true)
	if err != nil {
		return nil, err
	}
	if err := a.build(ctx, holes, lead); err != nil {
		return nil, err
	}
	a.stats = Stats{
		Placements: len(a.rows), Columns: len(a.cov.Cols), Entries: a.cov.NumEntries(),
		Exact: exact, Breaker: a.plan.breaker, Holes: holes, Trimmed: trimmed,
		Memory: placementCost(a.fixed, len(a.rows), a.cov.NumEntries()),
	}
	if a.filter != nil {
		a.stats.Filter, a.stats.Mirror = true, a.filter.mirror
	}
	return a, nil
}

// begin validates problem number problem, copies what solving it needs
// (cloneFor), checks the memory the shapes' orientations will take against
// opts' budget and computes them. exact says every part is used exactly
// once or never (BurrTools' assembler 0).
func begin(ctx context.Context, p *model.Puzzle, problem int, opts Options) (a *Assembler, exact bool, err error) {
	if problem < 0 || problem >= len(p.Problems) {
		return nil, false, fmt.Errorf("problem %d does not exist (the puzzle has %d)", problem, len(p.Problems))
	}
	g, err := p.GridOf()
	if err != nil {
		return nil, false, err
	}
	p = cloneFor(p, problem, opts.SharedShapes)
	a = &Assembler{g: g, puzzle: p, prob: &p.Problems[0], opts: opts}
	if err := a.check(); err != nil {
		return nil, false, err
	}
	a.budget, a.progress = opts.MaxMemory, opts.Progress
	a.fixed = a.fixedCost()
	if err := budget.Check(a.budget, a.fixed, "turning the shapes and the result"); err != nil {
		return nil, false, err
	}
	if err := a.setup(ctx); err != nil {
		return nil, false, err
	}
	exact = true
	for _, pt := range a.parts {
		if pt.min != pt.max || pt.max > 1 {
			exact = false
		}
	}
	return a, exact, nil
}

// generate chooses the symmetry breaker, lists the placements, builds the
// filter and leaves out the placements the filter makes useless (see
// leaders and trimBreaker), or plans selectors that keep the search from
// what the filter would drop (lowestLeaders). strict makes a required
// part that fits nowhere an error.
func (a *Assembler) generate(ctx context.Context, exact bool, opts Options, strict bool) (lead []bool, trimmed int, err error) {
	a.plan = a.planSymmetry(exact, !opts.KeepRotations && !opts.CompleteRotationCheck && !opts.plainSearch, opts.breaker-1, opts.CompleteRotationCheck)
	if err := a.place(ctx, strict, true); err != nil {
		return nil, 0, err
	}
	if a.plan.filter && !opts.KeepRotations {
		if a.filter, err = newFilter(ctx, a, opts); err != nil {
			return nil, 0, err
		}
	}
	lead, trimmed = a.leaders()
	if !opts.plainSearch {
		trimmed += a.trimBreaker()
		if a.lowest, err = a.planLowest(ctx); err != nil {
			return nil, 0, err
		}
		if !opts.noCuts {
			a.axis = a.planAxis()
		}
	}
	return lead, trimmed, nil
}

// cloneFor copies what solving problem needs: the colours, the problem
// (as the copy's only one) and the shapes it uses; the others stay empty,
// so that shape ids keep their meaning. Cloning the whole puzzle for each
// problem made solving every problem of a file quadratic in their number
// (10,000 problems: 10.6 s). The problem's stored solutions stay behind:
// the solver never reads them, and copying SolidSixPieceBurrs' 1,063
// (loaded with the file, as the GUI loads it) was 1.6 MB a solve. With
// shared, the shapes' voxels are not copied (Options.SharedShapes).
func cloneFor(p *model.Puzzle, problem int, shared bool) *model.Puzzle {
	pr := p.Problems[problem]
	pr.Solutions = nil
	c := &model.Puzzle{Grid: p.Grid, Colors: slices.Clone(p.Colors), Shapes: make([]model.Shape, len(p.Shapes))}
	c.Problems = []model.Problem{pr.Clone()}
	clone := func(s *model.Shape) model.Shape {
		if shared {
			return *s
		}
		return s.Clone()
	}
	if r := pr.Result; r >= 0 && r < len(p.Shapes) {
		c.Shapes[r] = clone(&p.Shapes[r])
	}
	for _, pt := range pr.Parts {
		if s := pt.Shape; s >= 0 && s < len(p.Shapes) && c.Shapes[s].Voxels == nil {
			c.Shapes[s] = clone(&p.Shapes[s])
		}
	}
	return c
}

// leaders narrows the search where BurrTools searches every rotated copy
// of each assembly (its symmetry breaker is off because pieces are
// optional or come in several copies) and lets the filter drop all but
// one. The filter keeps an assembly only if no variant is smaller,
// comparing slot by slot from slot 0; so in a kept assembly the
// placement in slot 0, the smallest of its part, is no larger than its
// own image under any proper symmetry of the result (those variants are
// always compared). If that part is used at most once, its other
// placements can go; if it is used exactly k > 1 times, at least one of
// the k must be such a "leader". Either way the filter's verdicts and
// counts stay BurrTools', with a fraction of the search.
//
// It returns, for the second case, which rows are leaders (nil when the
// rule does not apply), and how many rows it removed in the first case.
func (a *Assembler) leaders() (lead []bool, trimmed int) {
	f := a.filter
	if f == nil || a.plan.pivot >= 0 || len(a.slotPart) == 0 {
		return nil, 0
	}
	p0 := a.slotPart[0]
	pt := &a.parts[p0]
	if pt.max > 1 && pt.min != pt.max {
		return nil, 0
	}
	isLead := func(pl *placement) bool { return a.isLead(p0, pl) }
	if pt.max == 1 {
		kept := a.rows[:0]
		for i := range a.rows {
			if int(a.rows[i].part) == p0 && !isLead(&a.rows[i]) {
				trimmed++
				continue
			}
			kept = append(kept, a.rows[i])
		}
		a.rows = kept
		return nil, trimmed
	}
	lead = make([]bool, len(a.rows))
	for i := range a.rows {
		lead[i] = int(a.rows[i].part) == p0 && isLead(&a.rows[i])
	}
	return lead, 0
}

// check validates the problem's references and the shapes it uses.
func (a *Assembler) check() error {
	pr, p := a.prob, a.puzzle
	if pr.Result == model.NoResult {
		return ErrNoResult
	}
	if pr.Result < 0 || pr.Result >= len(p.Shapes) {
		return fmt.Errorf("result shape %d does not exist", pr.Result)
	}
	used := []int{pr.Result}
	pieces := 0
	for i, pt := range pr.Parts {
		if pt.Shape < 0 || pt.Shape >= len(p.Shapes) {
			return fmt.Errorf("part %d: shape %d does not exist", i, pt.Shape)
		}
		if pt.Min < 0 || pt.Min > pt.Max {
			return fmt.Errorf("part %d: bad count range %d..%d", i, pt.Min, pt.Max)
		}
		if pt.Max > 1<<16 {
			return fmt.Errorf("part %d: %d copies is more than the %d allowed", i, pt.Max, 1<<16)
		}
		pieces += pt.Max
		used = append(used, pt.Shape)
	}
	if pieces == 0 {
		return ErrNoPieces
	}
	n := p.Shapes[pr.Result].NumCells()
	if n > maxResultCells {
		return fmt.Errorf("the result has %d cells, more than the %d allowed", n, maxResultCells)
	}
	a.numCells = map[int]int{pr.Result: n}
	for _, s := range used {
		sh := &p.Shapes[s]
		if !a.opts.Validated {
			if err := sh.Validate(a.g, len(p.Colors)); err != nil {
				return fmt.Errorf("shape %d: %w", s, err)
			}
		}
		if sh.Size[0]*sh.Size[1]*sh.Size[2] > maxVolume {
			return fmt.Errorf("shape %d: %v cells is more than the %d allowed", s, sh.Size, maxVolume)
		}
		if _, ok := a.numCells[s]; !ok {
			a.numCells[s] = sh.NumCells()
		}
	}
	return nil
}

// setup computes the shapes' orientations and the result's tables.
func (a *Assembler) setup(ctx context.Context) error {
	g, p, pr := a.g, a.puzzle, a.prob
	a.colorOK = colorTable(p, pr)
	infos := map[int]*shapeInfo{}
	for i, pt := range pr.Parts {
		a.report("turning the pieces", float64(i)/float64(len(pr.Parts)))
		si := infos[pt.Shape]
		if si == nil {
			var err error
			sh := &p.Shapes[pt.Shape]
			if si, err = newShapeInfo(ctx, g, sh, sh.CellsCounted(a.numCells[pt.Shape])); err != nil {
				return err
			}
			infos[pt.Shape] = si
		}
		if si.filled == 0 {
			return &EmptyShapeError{Shape: pt.Shape}
		}
		a.parts = append(a.parts, part{shape: pt.Shape, min: pt.Min, max: pt.Max, info: si})
		a.slotStart = append(a.slotStart, len(a.slotPart))
		for k := 0; k < pt.Max; k++ {
			a.slotPart = append(a.slotPart, i)
		}
	}
	rs := &p.Shapes[pr.Result]
	r := &a.res
	r.shape = rs
	// One list of the result's cells serves its box, its symmetries and
	// its cell numbers: a big result is mostly empty voxels (HexSticks:
	// 2,256 cells of 42,875), and each walk over them counted.
	cells := rs.CellsCounted(a.numCells[pr.Result])
	if len(cells) == 0 {
		return fmt.Errorf("the result shape %d is empty", pr.Result)
	}
	r.lo, r.hi = bounds(cells)
	var err error
	step := func(f float64) { a.report("the result's symmetries", f) }
	if r.sym, err = analysis.SymmetriesOfCells(ctx, g, rs, cells, r.lo, r.hi, step); err != nil {
		return err
	}
	r.stride = grid.Vec{1, rs.Size[0], rs.Size[0] * rs.Size[1]}
	r.cell = make([]int32, len(rs.Voxels))
	fill(r.cell, -1)
	r.cells = cells
	for k, c := range cells {
		r.cell[r.index(c.Pos)] = int32(k)
		if model.Voxel(c.Tag).State() == model.Filled {
			r.fixed++
		}
	}

	// Positions are computed with BurrTools' reset hotspots; this converts
	// them to the hotspots the puzzle has, as model.PlacedCells uses them.
	n := g.Orientations()
	a.fromReset = make([][]grid.Vec, len(a.parts))
	var out []grid.Vec // one buffer for all turned cell lists
	for i, pt := range a.parts {
		sh := &p.Shapes[pt.shape]
		// Only the anchor's image is needed, and the other grids turn
		// each cell on its own: turning all of a big piece's cells in
		// every orientation was a twentieth of preparing
		// DraculasDentalDesaster. A turn on the sphere grid depends on
		// all the cells.
		var pos []grid.Vec
		if g.Type() == grid.Spheres {
			for _, c := range sh.FilledCells() {
				pos = append(pos, c.Pos)
			}
		} else {
			pos = []grid.Vec{pt.info.cells[pt.info.anchor].Pos}
		}
		a.fromReset[i] = make([]grid.Vec, n)
		for t := 0; t < n; t++ {
			o := &pt.info.or[t]
			if !o.ok || o.norm != t {
				continue
			}
			var hot grid.Vec
			var ok bool
			out, hot, ok = grid.TransformInto(g, out, t, pos, sh.Hotspot)
			if !ok {
				continue
			}
			// The anchor is the first filled cell in both lists.
			a.fromReset[i][t] = o.anc.Sub(out[0].Sub(hot))
		}
	}
	return nil
}

// fill sets every element of s to v. It copies the part already set
// onto the rest, doubling it each time: memmove's wide stores filled
// HexSticks' 42,875 voxels in a hundredth of the instructions of a loop
// (1.2% of the run's).
func fill(s []int32, v int32) {
	if len(s) == 0 {
		return
	}
	s[0] = v
	for n := 1; n < len(s); n *= 2 {
		copy(s[n:], s[:n])
	}
}

// units checks the pieces' cell count against the result and returns the
// number of holes allowed (-1: any), as BurrTools' createMatrix does.
func (a *Assembler) units(opts Options) (int, error) {
	total := len(a.res.cells)
	minCells, maxCells := 0, 0
	for _, pt := range a.parts {
		minCells += pt.min * pt.info.filled
		maxCells += pt.max * pt.info.filled
	}
	if minCells > total {
		return 0, &UnitsError{Many: true, N: minCells - total}
	}
	if maxCells < a.res.fixed {
		return 0, &UnitsError{N: a.res.fixed - maxCells}
	}
	// No more holes than variable cells can stay empty, so a larger bound
	// is no bound; clamping it keeps it in range of the cover matrix's
	// 32-bit counters (maxHoles 2147483648 wrapped to a negative bound and
	// no assemblies).
	variable := total - a.res.fixed
	switch {
	case minCells == maxCells:
		return total - minCells, nil
	case opts.MaxHoles >= 0:
		return min(opts.MaxHoles, variable), nil
	case a.prob.MaxHoles >= 0:
		return min(a.prob.MaxHoles, variable), nil
	}
	return -1, nil
}

// orientations returns the orientations in which part i is placed: one
// per distinct shape, and for the symmetry breaker one per class of
// orientations that the result's proper symmetries turn into each other
// (algorithms.md §3.1), chosen in index order as BurrTools does.
func (a *Assembler) orientations(i int) []int {
	g := a.g
	si := a.parts[i].info
	n := g.Orientations()
	var out []int
	if i != a.plan.breaker {
		for t := 0; t < n; t++ {
			if si.or[t].ok && si.or[t].norm == t {
				out = append(out, t)
			}
		}
		return out
	}
	if out, ok := a.breakerOrientations(si); ok {
		return out
	}
	return a.breakerOrientationsByCells(si)
}

// breakerOrientationsByCells is orientations for the symmetry breaker si
// by turning and comparing its cells, for grids that do not compose
// orientations.
func (a *Assembler) breakerOrientationsByCells(si *shapeInfo) []int {
	g := a.g
	n := g.Orientations()
	var out []int
	var seen [][]grid.Cell
	known := func(c []grid.Cell) bool {
		for _, s := range seen {
			if _, same := grid.Identical(g, s, c); same {
				return true
			}
		}
		return false
	}
	for t := 0; t < n; t++ {
		o := &si.or[t]
		if !o.ok || o.norm != t || known(si.turned(t)) {
			continue // a later member of a class is known with its first
		}
		out = append(out, t)
		seen = append(seen, o.abs)
		for r := 1; r < n; r++ {
			if !a.res.sym.Has(r) {
				continue
			}
			if c, ok := orient(g, r, o.abs); ok && !known(c) {
				seen = append(seen, c)
			}
		}
	}
	return out
}

// breakerOrientations is orientations for the symmetry breaker si where
// the grid composes orientations, and false where it does not. The
// classes then follow from the norms alone: the shape in orientation t,
// turned by a symmetry r of the result, is the shape in orientation
// Compose(t, r), the same as in that orientation's norm. Turning and
// comparing the cell lists instead made a list for every orientation of
// the breaker: most of the fresh memory DraculasDentalDesaster's
// preparation wrote.
func (a *Assembler) breakerOrientations(si *shapeInfo) ([]int, bool) {
	g := a.g
	c := grid.ComposerOf(g)
	n := g.Orientations()
	known := make([]bool, len(si.or))
	var out []int
	for t := 0; t < n; t++ {
		o := &si.or[t]
		if !o.ok || o.norm != t || known[t] {
			continue
		}
		out = append(out, t)
		for r := 1; r < n; r++ {
			if !a.res.sym.Has(r) {
				continue
			}
			u, ok := c.Compose(t, r)
			if !ok || u < 0 || u >= len(si.or) || !si.or[u].ok || si.or[u].norm < 0 || si.or[u].norm >= len(si.or) {
				return nil, false
			}
			known[si.or[u].norm] = true
		}
	}
	return out, true
}

// orient turns tagged cells by orientation t and sorts them.
func orient(g grid.Grid, t int, cells []grid.Cell) ([]grid.Cell, bool) {
	pos := make([]grid.Vec, len(cells))
	for i, c := range cells {
		pos[i] = c.Pos
	}
	out, _, ok := g.Transform(t, pos, grid.Vec{})
	if !ok {
		return nil, false
	}
	res := make([]grid.Cell, len(cells))
	for i, c := range cells {
		res[i] = grid.Cell{Pos: out[i], Tag: c.Tag}
	}
	sortCells(res)
	return res, true
}

// place lists every placement of every part: each chosen orientation at
// every lattice translation that keeps the piece inside the result's
// bounding box, its filled cells on non-empty result cells, and, if
// colors, its colours allowed by the problem's rules. When strict, a
// required part without placements is an error.
func (a *Assembler) place(ctx context.Context, strict, colors bool) error {
	entries := 0
	limit := budget.Limit(a.budget)
	ors := make([][]int, len(a.parts))
	for i := range a.parts {
		ors[i] = a.orientations(i)
	}
	a.rows = make([]placement, 0, a.maxPlacements(ors))
	for i := range a.parts {
		si := a.parts[i].info
		found := 0
		ors := ors[i]
		for k, t := range ors {
			if ctx.Err() != nil {
				return ctx.Err()
			}
			a.report("placing the pieces", (float64(i)+float64(k)/float64(len(ors)))/float64(len(a.parts)))
			err := a.eachPosition(ctx, i, t, colors, func(pos grid.Vec) error {
				entries += si.filled + 2
				if entries > cover.MaxEntries {
					return fmt.Errorf("%w: more than %d cells in all placements", cover.ErrTooBig, cover.MaxEntries)
				}
				if need := placementCost(a.fixed, len(a.rows)+1, entries); need > limit {
					return &budget.Error{What: "the placements", Need: need, Limit: limit}
				}
				a.rows = append(a.rows, placement{part: int32(i), t: int32(t), pos: pos})
				found++
				return nil
			})
			if err != nil {
				return err
			}
		}
		if strict && found == 0 && a.parts[i].min > 0 {
			return &PlaceError{Part: i, Shape: a.parts[i].shape, Name: a.puzzle.Shapes[a.parts[i].shape].Name}
		}
	}
	return nil
}

// maxPlacements bounds the number of placements place finds with the
// orientations ors of each part, up to maxRowsReserved: the translations
// eachPosition tries. Making a.rows that big at once writes only the
// placements found, where growing it step by step wrote each of them
// about three times (copied, and the new room cleared): on small burrs,
// whose whole run is a few milliseconds, each fresh page written costs
// about as much as the work on it.
func (a *Assembler) maxPlacements(ors [][]int) int {
	r := &a.res
	n := 0
	for i, ts := range ors {
		si := a.parts[i].info
		for _, t := range ts {
			clo, chi := si.turnedBounds(t)
			box := 1
			for k := 0; k < 3; k++ {
				box *= max(0, (r.hi[k]-chi[k])-(r.lo[k]-clo[k])+1)
			}
			if n += box; n >= maxRowsReserved {
				return maxRowsReserved
			}
		}
	}
	return n
}

// maxRowsReserved caps maxPlacements (256 KiB of placements): the room
// reserved counts towards the heap that sets off the first collection.
const maxRowsReserved = 1 << 13

// eachPosition calls yield with the position (in the reset hotspot's
// frame) of every placement of part i in orientation t: every lattice
// translation that keeps the piece inside the result's bounding box with
// its filled cells on non-empty result cells, and, if colors, its colours
// allowed by the problem's rules. It stops at yield's first error and
// returns it. A big result or piece makes one orientation's translations
// take seconds, so ctx is looked at every 1024 of them: Stop must not wait.
func (a *Assembler) eachPosition(ctx context.Context, i, t int, colors bool, yield func(pos grid.Vec) error) error {
	g, r := a.g, &a.res
	si := a.parts[i].info
	hot := si.or[t].hot
	if !a.mayFit(si, t) {
		return nil
	}
	colors = colors && len(a.puzzle.Colors) > 0
	clo, chi := a.cellOffsets(si, t, colors)
	tries := 0
	// Only the lattice's translations are visited (see grid.LatticeRow).
	sx, sy := grid.LatticeSteps(g)
	for dx := grid.FirstMultiple(r.lo[0]-clo[0], sx); dx <= r.hi[0]-chi[0]; dx += sx {
		for dy := grid.FirstMultiple(r.lo[1]-clo[1], sy); dy <= r.hi[1]-chi[1]; dy += sy {
			z, step, ok := grid.LatticeRow(g, dx, dy, r.lo[2]-clo[2])
			if !ok {
				continue
			}
			for dz := z; dz <= r.hi[2]-chi[2]; dz += step {
				if tries++; tries&1023 == 0 && ctx.Err() != nil {
					return ctx.Err()
				}
				// The index on scalars (r.at): a Vec built for every
				// translation went through memory.
				if !a.fits(a.tags, a.offs, r.at(dx, dy, dz), colors) {
					continue
				}
				if err := yield(grid.Vec{dx + hot[0], dy + hot[1], dz + hot[2]}); err != nil {
					return err
				}
			}
		}
	}
	return nil
}

// mayFit reports whether some translation eachPosition tries puts a few
// filled cells of part si turned by t (its anchor and, where the turn is
// an axis map, up to maxProbes others spread over its cells) all on
// non-empty result cells. Where none does, the orientation has no
// placement and its cells need not be listed: 162 of
// DraculasDentalDesaster's 180 orientations, whose 149 cells each were
// listed for nothing; 90 of them fail on a probe (the others on other
// cells or on their colours).
func (a *Assembler) mayFit(si *shapeInfo, t int) bool {
	g, r := a.g, &a.res
	lo, hi := si.turnedBounds(t)
	o := &si.or[t]
	probes := a.probes[:0]
	probes = append(probes, int32(r.index(o.hot.Add(o.anc)))) // the anchor, turned
	if am, ok := grid.AxisMapOf(si.g, t); ok {
		for i := range si.probes {
			x, y, z := am.Turn(&si.probes[i])
			probes = append(probes, int32(r.at(x, y, z)))
		}
	}
	a.probes = probes
	vox := r.shape.Voxels
	sx, sy := grid.LatticeSteps(g) // as in eachPosition
	for dx := grid.FirstMultiple(r.lo[0]-lo[0], sx); dx <= r.hi[0]-hi[0]; dx += sx {
		for dy := grid.FirstMultiple(r.lo[1]-lo[1], sy); dy <= r.hi[1]-hi[1]; dy += sy {
			z, step, ok := grid.LatticeRow(g, dx, dy, r.lo[2]-lo[2])
			if !ok {
				continue
			}
		next:
			for dz := z; dz <= r.hi[2]-hi[2]; dz += step {
				base := r.at(dx, dy, dz)
				for _, p := range probes {
					if vox[base+int(p)].State() == model.Empty {
						continue next
					}
				}
				return true
			}
		}
	}
	return false
}

// maxProbes: see mayFit.
const maxProbes = 8

// cellOffsets puts into a.offs the voxel index in the result of each
// non-empty cell of part si turned by t, and, if colors, into a.tags its
// tag, and returns the cells' bounds. Without colors only the filled
// cells are listed, as only they can keep a piece from fitting (see
// fits). Every translation keeps the cells inside the result's box, so
// each cell's voxel index is its offset plus the translation's. Where
// the turned cells are listed by walking the voxels, the walk gives the
// offsets without the list: most orientations of a big piece have no
// placement, and their lists were most of the memory
// DraculasDentalDesaster's preparation touched.
func (a *Assembler) cellOffsets(si *shapeInfo, t int, colors bool) (lo, hi grid.Vec) {
	r := &a.res
	a.offs, a.tags = a.offs[:0], a.tags[:0]
	if am, ok := grid.AxisMapOf(si.g, t); si.walk && ok {
		// The cells' box is the turned box (see turnedBounds): keeping
		// their bounds cell by cell was half of the walk's callback on
		// DraculasDentalDesaster (1.04M instructions).
		s1, s2 := r.stride[1], r.stride[2]
		si.walkTurned(am, func(x, y, z int, v model.Voxel) bool {
			if colors {
				a.tags = append(a.tags, uint8(v))
			} else if v.State() != model.Filled {
				return true
			}
			a.offs = append(a.offs, int32(x+s1*y+s2*z)) // r.index
			return true
		})
		return si.turnedBounds(t)
	}
	if am, ok := grid.AxisMapOf(si.g, t); ok {
		// Too sparse to walk: each cell's voxel index, unsorted, as fits
		// needs no order. Under an axis map it is linear in the cell's
		// position, base + w·p, so no cell is turned: on HexSticks that
		// halved cellOffsets (605K instructions to 295K).
		base := r.index(am.Apply(grid.Vec{}))
		var w grid.Vec
		for k := 0; k < 3; k++ {
			var e grid.Vec
			e[k] = 1
			w[k] = r.index(am.Apply(e)) - base
		}
		a.offs, a.tags = linearOffsets(a.offs, a.tags, si.cells, base, w, colors)
		return si.turnedBounds(t)
	}
	cells := si.turned(t)
	for _, c := range cells {
		if colors {
			a.tags = append(a.tags, c.Tag)
		} else if model.Voxel(c.Tag).State() != model.Filled {
			continue
		}
		a.offs = append(a.offs, int32(r.index(c.Pos)))
	}
	return bounds(cells)
}

// linearOffsets is cellOffsets' loop for an axis map: it appends to offs
// the voxel index base + w·p of each cell at p, and, if colors, its tag
// to tags; without colors, of the filled cells only. A function of its
// own with a loop for each case, it keeps the loop in registers, where in
// cellOffsets' every cell went through the stack.
func linearOffsets(offs []int32, tags []uint8, cells []grid.Cell, base int, w grid.Vec, colors bool) ([]int32, []uint8) {
	w0, w1, w2 := w[0], w[1], w[2]
	if colors {
		for i := range cells {
			c := &cells[i]
			tags = append(tags, c.Tag)
			offs = append(offs, int32(base+w0*c.Pos[0]+w1*c.Pos[1]+w2*c.Pos[2]))
		}
		return offs, tags
	}
	for i := range cells {
		if c := &cells[i]; model.Voxel(c.Tag).State() == model.Filled {
			offs = append(offs, int32(base+w0*c.Pos[0]+w1*c.Pos[1]+w2*c.Pos[2]))
		}
	}
	return offs, tags
}

// filledOffsets puts into a.offs the voxel offsets from the hotspot's of
// the filled cells of part si turned by t, in the order of si.turned(t)
// (by z, then y, then x). Where the grid turns by axis maps the cells
// are turned one by one and their offsets sorted: every placement of t
// lies in the result's box, where a cell's voxel index grows in that
// order. The turned lists were most of the fresh memory HexSticks'
// preparation touched (74 lists of 200 cells).
func (a *Assembler) filledOffsets(si *shapeInfo, t int) {
	r := &a.res
	hot := r.index(si.or[t].hot)
	a.offs = a.offs[:0]
	if am, ok := grid.AxisMapOf(si.g, t); ok && si.filled > 1 {
		// Offsets from the turned box's low corner, sorted by counting
		// (sortOffsets) where they fit 16 bits, as on every example:
		// sorting the cells' positions by counting, a pass for each
		// coordinate, was 4% of HexSticks' instructions.
		lo, hi := si.turnedBounds(t)
		s1, s2 := r.stride[1], r.stride[2]
		if span := hi.Sub(lo); span[0]+s1*span[1]+s2*span[2] < 1<<16 {
			rel := filledRel(a.rel, si.cells, &am, lo, r.stride)
			a.tmp = slices.Grow(a.tmp[:0], len(rel))
			sortOffsets(rel, a.tmp[:len(rel)], span[0]+s1*span[1]+s2*span[2])
			base := r.index(lo) - hot
			a.offs = slices.Grow(a.offs, len(rel))[:len(rel)]
			for i, v := range rel {
				a.offs[i] = int32(base + int(v))
			}
			a.rel = rel
			return
		}
		for i := range si.cells {
			if c := &si.cells[i]; model.Voxel(c.Tag).State() == model.Filled {
				x, y, z := am.Turn(&c.Pos)
				a.offs = append(a.offs, int32(r.at(x, y, z)-hot))
			}
		}
		slices.Sort(a.offs)
		return
	}
	for _, c := range si.turned(t) {
		if model.Voxel(c.Tag).State() == model.Filled {
			a.offs = append(a.offs, int32(r.index(c.Pos)-hot))
		}
	}
}

// filledRel returns in dst's storage the voxel offsets from the low
// corner of the turned box (lo) of the filled cells, turned by am, in a
// result whose voxels have strides stride; they must fit 16 bits. An
// offset is linear in the unturned position: k0 plus k[j] for each step
// along axis j. Worked out so, and not by turning each cell, it takes a
// third of the instructions; in a function of its own, written into
// room made first, the loop keeps its variables in registers.
func filledRel(dst []uint16, cells []grid.Cell, am *grid.AxisMap, lo, stride grid.Vec) []uint16 {
	var k [3]int
	for out := range 3 {
		j, reversed := am.Source(out)
		k[j] = stride[out]
		if reversed {
			k[j] = -stride[out]
		}
	}
	x, y, z := am.Turn(&grid.Vec{})
	k0 := (x-lo[0])*stride[0] + (y-lo[1])*stride[1] + (z-lo[2])*stride[2]
	kx, ky, kz := k[0], k[1], k[2]
	dst = slices.Grow(dst[:0], len(cells))[:len(cells)]
	n := 0
	for i := range cells {
		c := &cells[i]
		if model.Voxel(c.Tag).State() == model.Filled {
			dst[n] = uint16(k0 + kx*c.Pos[0] + ky*c.Pos[1] + kz*c.Pos[2])
			n++
		}
	}
	return dst[:n]
}

// fits reports whether the cells cellOffsets listed (with colors as
// given to it) may lie at voxel indices base plus offs in the result:
// every filled cell on a non-empty result cell and, if colors, every
// cell's colour allowed there. Without colours only the filled cells'
// voxels are read, with no tags: on HexSticks, whose pieces are all
// filled, most of fits' work is the placements that fit, each cell
// checked.
func (a *Assembler) fits(tags []uint8, offs []int32, base int, colors bool) bool {
	vox := a.res.shape.Voxels
	if !colors {
		for _, off := range offs {
			if vox[base+int(off)].State() == model.Empty {
				return false
			}
		}
		return true
	}
	for k, tag := range tags {
		rv := vox[base+int(offs[k])]
		pv := model.Voxel(tag)
		if pv.State() == model.Filled && rv.State() == model.Empty {
			return false
		}
		if !a.colorAllowed(pv, rv) {
			return false
		}
	}
	return true
}

// colorTable returns Assembler.colorOK for problem pr of p. A voxel's
// colour has six bits, so a rule for another colour allows no voxel.
func colorTable(p *model.Puzzle, pr *model.Problem) (ok [64]uint64) {
	if len(p.Colors) == 0 {
		for pc := range ok {
			ok[pc] = ^uint64(0)
		}
		return ok
	}
	ok[0] = ^uint64(0) // neutral goes anywhere, and takes anything
	for pc := range ok {
		ok[pc] |= 1
	}
	for _, c := range pr.ColorRules {
		if c.Piece > 0 && c.Piece < 64 && c.Result > 0 && c.Result < 64 {
			ok[c.Piece] |= 1 << c.Result
		}
	}
	return ok
}

// colorAllowed reports whether piece voxel pv may sit on result voxel
// rv as far as their colours go.
func (a *Assembler) colorAllowed(pv, rv model.Voxel) bool {
	return a.colorOK[pv>>2]>>(rv>>2)&1 != 0
}

// index returns the voxel index of v in the result's voxels when v is
// inside them; it is linear in v, so offsets add.
func (r *result) index(v grid.Vec) int { return r.at(v[0], v[1], v[2]) }

// at is index for a position on scalars, for loops where a Vec would go
// through memory.
func (r *result) at(x, y, z int) int { return x + r.stride[1]*y + r.stride[2]*z }

// bounds returns the bounding box of a non-empty cell list. It works on
// scalars, as grid.Bounds does: arrays indexed in the loop went through
// memory for every cell.
func bounds(cells []grid.Cell) (lo, hi grid.Vec) {
	p := &cells[0].Pos
	x0, y0, z0 := p[0], p[1], p[2]
	x1, y1, z1 := x0, y0, z0
	for i := 1; i < len(cells); i++ {
		p := &cells[i].Pos
		x0, y0, z0 = min(x0, p[0]), min(y0, p[1]), min(z0, p[2])
		x1, y1, z1 = max(x1, p[0]), max(y1, p[1]), max(z1, p[2])
	}
	return grid.Vec{x0, y0, z0}, grid.Vec{x1, y1, z1}
}

// cellOrder returns the result cells in the order their columns get:
// along the result's axes from the shortest (fastest) to the longest. The
// cover matrix orders its rows by their last cell column (see
// cover.New), so a placement's cells then have close column numbers and
// each cell's placements close row numbers, which makes counting faster.
//
// A result with variable cells under the symmetry filter is the
// exception. The search tries leaving a variable cell empty before
// filling it, so the first assemblies it meets fill the cells whose
// columns come last; the filter keeps, of each set of symmetric
// assemblies, the one smallest in (orientation, x, y, z) order. Where
// both orders agree, that is when the columns run from the largest x down
// (z fastest), the search meets the kept assemblies early: twelve unit
// cubes in a hollow 10x10x10 box give their first assembly after 0.1 s;
// along the axes, the filter dropped millions of assemblies a second and
// kept none in 40 s (all began in the corner with the largest x, y and
// z). Counts do not depend on the order.
func (a *Assembler) cellOrder() []int {
	r := &a.res
	ext := r.hi.Sub(r.lo)
	axes := []int{0, 1, 2}
	byFilter := a.filter != nil && len(r.cells) > r.fixed
	if byFilter {
		axes = []int{2, 1, 0}
	} else {
		slices.SortStableFunc(axes, func(i, j int) int { return ext[i] - ext[j] })
	}
	// Each cell's key (its index in the box read along axes) is worked
	// out once, and sorted packed with the cell's number: sorting with a
	// comparison that worked out two keys was a tenth of preparing
	// Prisgon. Keys are distinct, so the order is the same.
	// The key is linear in the position: a step along axes[0] adds 1,
	// along axes[1] the box's length along axes[0], and so on; worked
	// out on scalars it takes a fifth of the instructions.
	var step grid.Vec
	for i, k := 0, 1; i < 3; i++ {
		step[axes[i]] = k
		k *= ext[axes[i]] + 1
	}
	sx, sy, sz := step[0], step[1], step[2]
	k0 := sx*r.lo[0] + sy*r.lo[1] + sz*r.lo[2]
	n := len(r.cells)
	order := make([]int, n)
	for c := range order {
		p := &r.cells[c].Pos
		k := sx*p[0] + sy*p[1] + sz*p[2] - k0
		order[c] = k*n + c
	}
	slices.Sort(order)
	for i := range order {
		order[i] %= n
	}
	if byFilter {
		slices.Reverse(order)
	}
	return order
}

// build makes the cover problem: a column per part with the part's count
// range, a column per result cell ([1,1] filled, [0,1] variable, a hole
// when left empty), when piece counts are ranges BurrTools' range column
// that bounds the cells of the optional pieces, and when lead is given a
// column that needs at least one of the leader rows (see leaders).
func (a *Assembler) build(ctx context.Context, holes int, lead []bool) error {
	order := a.cellOrder()
	runs := a.placementRuns()
	if a.mayMergeCells(&runs) {
		same, tally := a.identicalCells(order, &runs)
		if ok, err := a.makeCover(ctx, holes, lead, order, &runs, same, tally); ok || err != nil {
			return err
		}
		// Cells merged that a placement tells apart (identicalCells).
	}
	_, err := a.makeCover(ctx, holes, lead, order, &runs, nil, nil)
	return err
}

// makeCover is build's work, with the cells in order (cellOrder) and
// their placements in runs: same and count are identicalCells', nil for
// a column for each cell. Where same merges cells that a placement
// tells apart it returns false, and the problem made is not to be used.
// It checks that as it makes the rows: the cells of a column have as
// many placements each (identicalCells), so a cell that no placement
// meets without the column's first cell has the first cell's
// placements.
func (a *Assembler) makeCover(ctx context.Context, holes int, lead []bool, order []int, runs *placementRuns, same []int32, tally []cellTally) (bool, error) {
	r := &a.res
	np := len(a.parts)
	cols := make([]cover.Column, 0, np+len(r.cells)+1)
	for _, pt := range a.parts {
		cols = append(cols, cover.Column{Min: pt.min, Max: pt.max})
	}
	r.col = make([]int32, len(r.cells))
	for j, i := range order {
		if same != nil && same[i] != int32(i) {
			c := r.col[same[i]]
			cols[c].Copies++
			cols[c].Unmerged = np + j
			r.col[i] = c
			continue
		}
		r.col[i] = int32(len(cols))
		col := cover.Column{Min: 1, Max: 1}
		if model.Voxel(r.cells[i].Tag).State() != model.Filled {
			col = cover.Column{Min: 0, Max: 1, Hole: true}
		}
		if same != nil {
			col.Copies, col.Unmerged = 1, np+j
		}
		cols = append(cols, col)
	}
	extra := len(cols) // the columns after the cells'
	minCells, maxCells, fixedCells := 0, 0, 0
	for _, pt := range a.parts {
		minCells += pt.min * pt.info.filled
		maxCells += pt.max * pt.info.filled
		if pt.min == pt.max {
			fixedCells += pt.min * pt.info.filled
		}
	}
	rangeCol := -1
	if minCells != maxCells {
		rangeCol = len(cols)
		cols = append(cols, cover.Column{Min: max(0, r.fixed-fixedCells), Max: len(r.cells) - fixedCells})
	}
	leadCol := -1
	if lead != nil {
		leadCol = len(cols)
		p0 := a.parts[a.slotPart[0]]
		cols = append(cols, cover.Column{Min: 1, Max: p0.max})
	}
	if a.lowest != nil {
		cols = a.lowest.addColumns(a, cols)
	}
	if a.axis != nil {
		cols = a.axis.addColumns(cols)
	}
	if same != nil {
		merged := np + len(r.cells) - extra // cells merged into others
		for c := extra; c < len(cols); c++ {
			cols[c].Unmerged = c + merged
		}
	}
	a.cov = cover.NewProblem(cols, holes)
	a.cov.SetAreas(a.areas())
	entries := a.entries(rangeCol >= 0, leadCol >= 0)
	// entry[i].col is cell i's column where i is the first (lowest) of
	// the cells in its column, the one a placement meets first (its
	// offsets run up), else ^first; entry[first].met is the last
	// placement+1 that met it. Nil: each cell has a column of its own.
	var entry []cellEntry
	if same != nil {
		entry = make([]cellEntry, len(r.cells))
		first := make([]int32, len(cols)) // column c's first cell+1
		for i, c := range r.col {
			entry[i].col = c
			if f := first[c]; f != 0 {
				entry[i].col = ^(f - 1)
				entries -= int(tally[i].count) // no entry of its own
			} else {
				first[c] = int32(i) + 1
			}
		}
	}
	// Exactly: the room reserved is cleared, and on HexSticks three
	// quarters of the cells' entries merge away.
	a.cov.Reserve(len(a.rows), entries)
	var cs, ws []int
	ok := true
	for k := range len(runs.row) - 1 {
		offs, from, to := runs.of(k)
		pt := &a.parts[a.rows[from].part]
		ranged := rangeCol >= 0 && pt.min != pt.max
		for i := from; i < to; i++ {
			if i&4095 == 0 {
				if err := ctx.Err(); err != nil {
					return false, err
				}
				a.report("building the cover matrix", float64(i)/float64(len(a.rows)))
			}
			pl := &a.rows[i]
			// r.at on scalars: a placement or Vec copied whole went
			// through overlapping moves that stalled for every row.
			base := r.at(pl.pos[0], pl.pos[1], pl.pos[2])
			cs = append(cs[:0], int(pl.part))
			// A filled cell lies on a non-empty result voxel (see fits),
			// so r.cell has its cell number. (A table of each voxel's
			// column saved a load per entry, but its fresh pages, on
			// HexSticks' 42,875 voxels, cost more.)
			var together bool
			cs, together = r.appendCols(cs, base, offs, entry, int32(i+1))
			ok = ok && together
			at := len(cs) // the range column's entry
			if ranged {
				cs = append(cs, rangeCol)
			}
			if leadCol >= 0 && lead[i] {
				cs = append(cs, leadCol)
			}
			if a.lowest != nil {
				cs = a.lowest.extend(a, i, cs)
			}
			if a.axis != nil {
				cs = a.axis.extend(i, cs)
			}
			if !ranged || pt.info.filled == 1 {
				// Every weight is 1: nil spares AddRow looking for
				// another (HexSticks' 34,000 entries before merging).
				a.cov.AddRow(cs, nil)
				continue
			}
			ws = ws[:0]
			for range cs {
				ws = append(ws, 1)
			}
			ws[at] = pt.info.filled
			a.cov.AddRow(cs, ws)
		}
	}
	if a.lowest != nil {
		a.lowest.addRows(a, a.cov)
	}
	return ok, nil
}

// appendCols appends to cs the columns of the cells whose voxel indices
// are base plus offs, a placement's. With entry, it appends only the
// columns of the first cells of their columns (see makeCover), marks
// those cells met by mark, and reports whether the placement meets the
// first cell of each column whose other cells it meets. (The check was
// a pass of its own over the placements in identicalCells, a twentieth
// of HexSticks' instructions.)
//
// It writes into room made first: appending, the loops kept their
// variables in memory, and this took half again as many instructions
// (on HexSticks, 34,000 entries).
func (r *result) appendCols(cs []int, base int, offs []int32, entry []cellEntry, mark int32) ([]int, bool) {
	cell := r.cell
	k := len(cs)
	cs = slices.Grow(cs, len(offs))[:k+len(offs)]
	if entry == nil {
		col := r.col
		for _, off := range offs {
			cs[k] = int(col[cell[base+int(off)]])
			k++
		}
		return cs, true
	}
	// A merged column's entry goes where its first cell is, as the
	// cover problem's merge would put it.
	miss := int32(0) // not 0 where a mark was missing
	for _, off := range offs {
		c := cell[base+int(off)]
		if e := entry[c].col; e >= 0 {
			cs[k] = int(e)
			k++
			entry[c].met = mark
		} else {
			miss |= entry[^e].met ^ mark
		}
	}
	return cs[:k], miss == 0
}

// cellEntry is what appendCols needs of a cell (see makeCover).
type cellEntry struct{ col, met int32 }

// Cover returns the exact cover problem; its row numbers index the
// placements.
func (a *Assembler) Cover() *cover.Problem { return a.cov }

// Stats describes the prepared problem.
func (a *Assembler) Stats() Stats { return a.stats }

// Grid returns the puzzle's grid.
func (a *Assembler) Grid() grid.Grid { return a.g }

// Puzzle returns the assembler's own copy of the puzzle; it must not be
// changed.
func (a *Assembler) Puzzle() *model.Puzzle { return a.puzzle }

// Problem returns the assembler's own copy of the problem; it must not be
// changed.
func (a *Assembler) Problem() *model.Problem { return a.prob }

// Slots returns the number of piece slots of an assembly.
func (a *Assembler) Slots() int { return len(a.slotPart) }

// Scratch is per-worker memory for Accept.
type Scratch struct {
	orig, v []plc
	best    []plc // canonical's smallest variant so far
	perPart [][]int32
	cells   []cellAt
	// rowOf[slot] is the placement row of s.orig[slot], -1 if unplaced.
	rowOf []int32
	// allowed caches leadAllows for a lead of one slot by its row:
	// allowed[r*words+k/64] bit k%64 for trans[k], valid where known[r].
	// The lead's pieces are few, and the same placements come back in
	// many assemblies (SolidSixPieceBurrs: 1,523 found, 23 turns each).
	allowed []uint64
	known   []bool
}

// NewScratch returns memory for one worker.
func (a *Assembler) NewScratch() *Scratch {
	return &Scratch{
		orig:    make([]plc, len(a.slotPart)),
		v:       make([]plc, len(a.slotPart)),
		perPart: make([][]int32, len(a.parts)),
		rowOf:   make([]int32, len(a.slotPart)),
	}
}

// Accept turns a cover solution (placement rows) into an assembly and
// applies the symmetry filter. It returns false when the filter drops the
// assembly because a symmetric variant of it is smaller.
func (a *Assembler) Accept(s *Scratch, rows []int32) (model.Assembly, bool) {
	if !a.Keeps(s, rows) {
		return nil, false
	}
	if a.filter != nil && a.plan.canon >= 0 {
		a.filter.canonical(s, a.plan.canon)
	}
	asm := make(model.Assembly, len(s.orig))
	for slot, pl := range s.orig {
		if pl.t == unplacedT {
			asm[slot] = model.Placement{Orient: model.Unplaced}
			continue
		}
		part := a.slotPart[slot]
		asm[slot] = model.Placement{Pos: pl.p.Add(a.fromReset[part][pl.t]), Orient: int(pl.t)}
	}
	return asm, true
}

// Keeps reports whether Accept keeps a cover solution, without building
// the assembly: a search that only counts needs no more, and building
// every assembly was 40% of what SolidSixPieceBurrs allocates (its
// problem has 150 slots, up to 6 of each of 25 shapes, most of them
// unused in each assembly).
func (a *Assembler) Keeps(s *Scratch, rows []int32) bool {
	for i := range s.perPart {
		s.perPart[i] = s.perPart[i][:0]
	}
	for _, r := range rows {
		if int(r) >= len(a.rows) {
			continue // a selector (see lowestLeaders)
		}
		pt := a.rows[r].part
		s.perPart[pt] = append(s.perPart[pt], r)
	}
	for i, list := range s.perPart {
		slices.Sort(list) // rows are made in (orientation, x, y, z) order
		base := a.slotStart[i]
		for k := 0; k < a.parts[i].max; k++ {
			if k < len(list) {
				pl := &a.rows[list[k]]
				s.orig[base+k] = plc{t: pl.t, p: pl.pos}
				s.rowOf[base+k] = list[k]
			} else {
				s.orig[base+k] = plc{t: unplacedT}
				s.rowOf[base+k] = -1
			}
		}
	}
	return a.filter == nil || !a.filter.smallerExists(s)
}
