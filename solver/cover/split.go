package cover

import (
	"container/heap"
	"context"
	"errors"
	"fmt"
	"hash/fnv"
	"math/bits"
	"runtime"
	"slices"

	"github.com/burrlab/burrlab/internal/splitmix"
	"github.com/burrlab/burrlab/internal/workpool"
)

// Splitting the search into parts for machines that never talk to each
// other: every part computes the same subdivision of the search tree and
// keeps its own share of it. The subdivision cuts the tree into many
// small subtrees (pieces), estimates the work of each, and deals them out
// largest first to the part with the least work so far.
//
// Everything here is deterministic and uses integers only, so that every
// machine (whatever its architecture or core count) computes the same
// pieces and the same deal: a piece searched twice or by no part would
// duplicate or lose assemblies.

// SplitVersion numbers the way Subdivide cuts and Deal deals, and the
// search trees they cut. Parts computed by different versions do not fit
// together (a subtree could be searched twice or never), and a search
// saved by one version continued along another tree could take another
// column that a saved row also covers, so saved searches, whole or in
// parts, record it. Version 5: the
// estimates see the steps the region rule skips (see Areas). Version 6:
// the region rule is not tried at small nodes (see small.go), so the
// estimates of a flat box see other trees. Version 7: small nodes have
// up to 256 rows instead of 128, which moves that line again.
const SplitVersion = 7

// Piece is one subtree of a subdivision and its estimated size in search
// nodes.
type Piece struct {
	Job
	Estimate uint64
}

// Split parameters, chosen by measuring node counts on pentominoes,
// polycube packings and burrs (see the README's balance table).
const (
	// piecesPerPart: the subdivision goes on until no probe of any piece
	// exceeds 1/piecesPerPart of a part's estimated work.
	piecesPerPart = 8
	// probesPerPiece is how many random descents estimate a piece.
	probesPerPiece = 12
	// maxPiecesPerPart bounds the subdivision's cost when estimates stay
	// lumpy (a tree with one giant chain of single children).
	maxPiecesPerPart = 512
	// maxPieces bounds it for huge N.
	maxPieces = 1 << 17
	// maxSplitParts is the largest N accepted.
	maxSplitParts = 1 << 16
	// exactNodes: a search estimated at no more nodes than this is
	// counted exactly, piece by piece, instead of trusting the probes.
	// In a search this small the pieces are so small that a dozen
	// descents can miss a piece's only big branch altogether, and
	// counting the whole search costs about what estimating its
	// thousands of pieces does (a tenth of a second).
	exactNodes = 1 << 19
	// exactBudget bounds the counting when the estimate was far too low.
	exactBudget = 4 * exactNodes
	// fewPartsNodes: a search split into few parts is cut as for one part
	// per this many estimated nodes (up to fewPartsMax parts), when that
	// is more parts than it has. A part's surplus over the mean comes from
	// the pieces' estimates, whose errors are about as large as the
	// pieces and independent of each other, so it shrinks only as the
	// square root of the number of pieces, while the split costs in
	// proportion to that number. Parts on separate machines pay the
	// surplus in full, in proportion to the search. Measured on node
	// counts over several probe seeds (README, Few parts): the Bedlam
	// cube (11 million nodes estimated, so cut as for 4) in 2 parts went
	// from 1.046 to 1.029 times the mean on average, for 0.035 s more
	// CPU in the split against 0.07 s of its parts for each percent; the
	// 5x4x3 pentacube box (3.1 million) would gain under 2% of a 1.5 s
	// search for 0.03 to 0.09 s and keeps its cut; the cube of 25
	// Y-pentominoes (288 million nodes), cut as for 16, went from 1.045 to
	// 1.005 (1.6 s of its parts) for 0.41 s more in the split.
	fewPartsNodes = 5 << 19
	// fewPartsMax bounds that: 16 parts' pieces per part of a huge search
	// split in two.
	fewPartsMax = 16
)

// ErrBadPart is returned for a part outside 1..N or an N out of range.
var ErrBadPart = errors.New("bad part")

// CheckPart checks that part i of n (counted from 1) exists.
func CheckPart(i, n int) error {
	if n < 1 || n > maxSplitParts {
		return fmt.Errorf("%w: %d parts (1 to %d)", ErrBadPart, n, maxSplitParts)
	}
	if i < 1 || i > n {
		return fmt.Errorf("%w: part %d of %d (parts are numbered 1 to %d)", ErrBadPart, i, n, n)
	}
	return nil
}

// Subdivide cuts the whole search of m into pieces, enough for n parts
// to share it evenly, in search order. Dead ends met on the way are left
// out (they hold no solution). ctx cancels it.
//
// Its cost grows with n (up to maxPiecesPerPart pieces per part, each
// estimated by probesPerPiece descents, on all cores), not with the size
// of the search: a fraction of a second for 16 parts of a pentomino box,
// seconds for 64 parts of the Bedlam cube. A big search split into few
// parts is cut as for more (fewPartsNodes), since parts on separate
// machines cannot share work. A search small enough to be counted exactly
// (exactNodes) is, within exactBudget nodes.
func Subdivide(ctx context.Context, m *Matrix, n int) ([]Piece, error) {
	return subdivide(ctx, m, n, true)
}

// SubdivideWorkers cuts the search of m for n workers of one process, as
// Subdivide does for n parts but without cutting a big search further
// for few workers: they hand each other work when one runs dry.
func SubdivideWorkers(ctx context.Context, m *Matrix, n int) ([]Piece, error) {
	return subdivide(ctx, m, n, false)
}

// subdivide is Subdivide, with the cut for few parts of a big search
// (cutParts) when few is set.
func subdivide(ctx context.Context, m *Matrix, n int, few bool) ([]Piece, error) {
	if n < 1 || n > maxSplitParts {
		return nil, fmt.Errorf("%w: %d parts", ErrBadPart, n)
	}
	m.hintsOnce.Do(m.buildHints)
	sp := newSplitter(m)
	if m.fail0 {
		return nil, nil
	}
	pool := newSplitters(m, sp)
	root, err := sp.piece(nil, 0, satMax)
	if err != nil {
		return nil, err
	}
	h := &pieceHeap{root}
	total := root.est
	seq := 1
	for h.Len() > 0 {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		top := (*h)[0]
		// Stop when the largest piece is small enough, or there are
		// enough pieces. Both follow the estimated total as cutting
		// refines it.
		k := n
		if few {
			k = cutParts(n, total)
		}
		limit := min(maxPieces, k*maxPiecesPerPart)
		cut := total / uint64(k*piecesPerPart)
		if top.leaf || top.hi <= cut || h.Len() >= limit {
			break
		}
		heap.Pop(h)
		total = satSub(total, top.est)
		// Cut top; a piece on the way that a probe finds far bigger than
		// cut is cut at once, without an estimate of its own.
		stack := []*splitPiece{top}
		for len(stack) > 0 {
			if err := ctx.Err(); err != nil {
				return nil, err
			}
			q := stack[len(stack)-1]
			stack = stack[:len(stack)-1]
			kids, err := sp.children(q.path)
			if err != nil {
				return nil, err
			}
			total = satAdd(total, 1) // the node itself, searched by nobody
			// Each kid goes to the heap or the stack, one more piece
			// either way, so every kid's bound is known before any is
			// estimated: they are estimated on all cores at once, with
			// the results of one after the other.
			first := h.Len() + len(stack)
			ests, err := pool.pieces(kids, seq, func(j int) uint64 {
				if first+j >= limit {
					return satMax // enough pieces: estimate the rest fully
				}
				return cut
			})
			if err != nil {
				return nil, err
			}
			for j, k := range kids {
				p := ests[j]
				p.leaf = p.leaf || k.leaf
				p.order = append(slices.Clone(q.order), int32(k.idx))
				seq++
				if p.big && !p.leaf {
					stack = append(stack, p)
					continue
				}
				total = satAdd(total, p.est)
				heap.Push(h, p)
			}
		}
	}
	ps := []*splitPiece(*h)
	slices.SortFunc(ps, func(a, b *splitPiece) int { return slices.Compare(a.order, b.order) })
	if total <= exactNodes {
		if err := sp.countAll(ctx, ps); err != nil {
			return nil, err
		}
		var err error
		if ps, err = sp.refine(ctx, ps, n, min(maxPieces, n*maxPiecesPerPart)); err != nil {
			return nil, err
		}
	}
	out := make([]Piece, len(ps))
	for i, p := range ps {
		out[i] = Piece{Job: Job{Path: p.path, After: Fresh}, Estimate: p.est}
	}
	return out, nil
}

// cutParts is the number of parts a search of total estimated nodes is
// cut for when split into n parts: n, or more for a big search split
// into few parts (fewPartsNodes).
func cutParts(n int, total uint64) int {
	return max(n, int(min(fewPartsMax, total/fewPartsNodes)))
}

// Estimate returns a rough estimate of the number of nodes of the whole
// search of m, from a few random descents.
func Estimate(m *Matrix) uint64 { return EstimateProbes(m, probesPerPiece).Nodes }

// SearchEstimate is an estimate of the size of a search from random
// descents.
type SearchEstimate struct {
	// Nodes is the mean of the descents' predictions (Knuth's estimator).
	Nodes uint64
	// Spread is the mean absolute deviation of the predictions from
	// Nodes over the square root of their number: about how far Nodes
	// itself is off (the standard error, were they spread normally; they
	// are not: a rare descent into a big branch predicts far more than
	// the rest, so two estimates are told apart only when they lie
	// several spreads apart). Integers, so that every machine computes
	// the same.
	Spread uint64
}

// EstimateProbes estimates the number of nodes of the whole search of m
// from the given number of random descents. The descents are the
// search's own (same column choice, same rows skipped), their random
// choices are seeded by a constant, so the estimate depends on m and
// probes only, never on the machine or the workers. The probes share
// their common beginnings, so many cost much less than that many
// descents.
func EstimateProbes(m *Matrix, probes int) SearchEstimate { return estimate(m, probes, true) }

// EstimateBare is EstimateProbes for the search with Options.NoHints: it
// builds no hints for its descents, which then cost what that search's
// nodes cost.
func EstimateBare(m *Matrix, probes int) SearchEstimate { return estimate(m, probes, false) }

// estimate is EstimateProbes, building the hints first if hints is set.
func estimate(m *Matrix, probes int, hints bool) SearchEstimate {
	if m.fail0 {
		return SearchEstimate{}
	}
	if hints {
		m.hintsOnce.Do(m.buildHints)
	}
	sp := newSplitter(m)
	sp.probes = max(1, probes)
	p, err := sp.piece(nil, 0, satMax)
	if err != nil {
		return SearchEstimate{}
	}
	if p.leaf {
		return SearchEstimate{Nodes: p.est}
	}
	var dev uint64
	for _, v := range sp.vals {
		if v > p.est {
			dev = satAdd(dev, v-p.est)
		} else {
			dev = satAdd(dev, p.est-v)
		}
	}
	n := uint64(len(sp.vals))
	return SearchEstimate{Nodes: p.est, Spread: dev / n / max(1, isqrt(n))}
}

// isqrt is the integer square root of x, rounded down.
func isqrt(x uint64) uint64 {
	r := uint64(0)
	for b := uint64(1) << 31; b > 0; b >>= 1 {
		if t := r | b; t*t <= x {
			r = t
		}
	}
	return r
}

// Split returns the jobs of part i of n (counted from 1) of the search of
// m: the pieces of Subdivide(m, n) dealt out largest first, each to the
// part with the least estimated work so far. The jobs come largest first,
// so that the workers of a part that share them finish together; each
// job's Share is its estimated fraction of the part. Every machine
// computes the same deal, so the n parts together search the whole tree,
// each node once.
func Split(ctx context.Context, m *Matrix, i, n int) ([]Job, error) {
	if err := CheckPart(i, n); err != nil {
		return nil, err
	}
	pieces, err := Subdivide(ctx, m, n)
	if err != nil {
		return nil, err
	}
	return PartJobs(pieces, i, n), nil
}

// PartJobs returns the jobs of part i of n (counted from 1) of the
// subdivision pieces, as Split does.
func PartJobs(pieces []Piece, i, n int) []Job {
	owner, load := Deal(pieces, n)
	var mine []Piece
	for k, p := range pieces {
		if owner[k] == i-1 {
			mine = append(mine, p)
		}
	}
	// Not nil even when empty: nil means "the whole search" to Search.
	return Jobs(mine, load[i-1])
}

// Jobs turns pieces into jobs for Search, largest estimate first (the
// workers that share them then finish together: the small ones come
// last), with shares of total, their estimated work.
func Jobs(pieces []Piece, total uint64) []Job {
	ps := slices.Clone(pieces)
	slices.SortStableFunc(ps, func(a, b Piece) int { return cmpDesc(a.Estimate, b.Estimate) })
	jobs := make([]Job, len(ps))
	for k, p := range ps {
		jobs[k] = p.Job
		jobs[k].Share = float64(p.Estimate) / float64(max(1, total))
	}
	return jobs
}

// cmpDesc orders larger first.
func cmpDesc(a, b uint64) int {
	switch {
	case a > b:
		return -1
	case a < b:
		return 1
	}
	return 0
}

// Deal assigns pieces to n parts, largest estimate first, each to the
// part with the least estimated work so far (the lowest numbered on a
// tie). It returns each piece's part (0-based) and each part's estimated
// work.
func Deal(pieces []Piece, n int) (owner []int, load []uint64) {
	idx := make([]int, len(pieces))
	for i := range idx {
		idx[i] = i
	}
	slices.SortStableFunc(idx, func(a, b int) int { return cmpDesc(pieces[a].Estimate, pieces[b].Estimate) })
	owner = make([]int, len(pieces))
	load = make([]uint64, n)
	parts := &loadHeap{load: load}
	for p := 0; p < n; p++ {
		parts.idx = append(parts.idx, p)
	}
	heap.Init(parts)
	for _, k := range idx {
		p := parts.idx[0]
		owner[k] = p
		load[p] = satAdd(load[p], max(1, pieces[k].Estimate))
		heap.Fix(parts, 0)
	}
	return owner, load
}

// splitter walks the search tree with one worker to cut and estimate it.
type splitter struct {
	r *runner
	// Scratch for the probes of a piece, by level below the piece's node:
	// a node's rows, its available rows before they were dropped for an
	// alternative, and the probes that pass through it.
	rows  [][]int32
	alive [][]uint64
	group [][]probe
	vals  []uint64 // each probe's estimate, by probe number
	// probes is how many descents estimate a piece.
	probes int
}

// probe is one random descent of a piece's probes in progress.
type probe struct {
	k   int    // its number among the piece's probes
	rng uint64 // its generator's state
	alt int    // the alternative it takes at the current node
}

func newSplitter(m *Matrix) *splitter {
	w := newWorker(m)
	w.maxLevels = levelsFor(m, maxLevelBytes)
	return &splitter{r: &runner{w: w}, probes: probesPerPiece}
}

// splitPiece is a piece under construction.
type splitPiece struct {
	path  []int32
	order []int32 // the index of each alternative along path, for sorting
	est   uint64  // the mean of the probes
	hi    uint64  // the largest probe: a piece is cut by this, since the mean of few probes misses rare big branches
	seq   int     // creation order, to break ties deterministically
	leaf  bool    // a solution: nothing to cut
	big   bool    // a probe found it far bigger than the cut: probing stopped
}

// splitters estimates pieces on all cores, each goroutine with a
// splitter of its own.
type splitters struct {
	m    *Matrix
	free chan *splitter
	made int // splitters made so far, up to cap(free)
}

// newSplitters returns a pool of up to one splitter per core, sp the
// first of them (its probes' scratch is then used by the pool too).
func newSplitters(m *Matrix, sp *splitter) *splitters {
	pool := &splitters{m: m, free: make(chan *splitter, runtime.GOMAXPROCS(0)), made: 1}
	pool.free <- sp
	return pool
}

// pieces estimates the pieces kids lead to, kid j with seq+j and bound
// bound(j), each as splitter.piece does: the results do not depend on
// which splitter estimates which kid, nor on the number of cores.
func (pool *splitters) pieces(kids []kid, seq int, bound func(j int) uint64) ([]*splitPiece, error) {
	for pool.made < min(len(kids), cap(pool.free)) {
		pool.free <- newSplitter(pool.m)
		pool.made++
	}
	out := make([]*splitPiece, len(kids))
	errs := make([]error, len(kids))
	workpool.Each(len(kids), min(len(kids), pool.made), func(j int) {
		sp := <-pool.free
		out[j], errs[j] = sp.piece(kids[j].path, seq+j, bound(j))
		pool.free <- sp
	})
	for _, err := range errs {
		if err != nil {
			return nil, err
		}
	}
	return out, nil
}

// kid is one alternative of a node.
type kid struct {
	path []int32
	idx  int
	leaf bool
}

// goTo puts the worker at the node path leads to (not yet entered).
func (sp *splitter) goTo(path []int32) (cont bool, col int32, err error) {
	sp.r.w.reset()
	if len(sp.r.w.frames) >= sp.r.w.maxLevels {
		return false, 0, ErrTooBig
	}
	return sp.r.replay(path)
}

// children lists the alternatives of the node path leads to, exactly as
// the search takes them, as paths one longer. Dead ends are left out.
func (sp *splitter) children(path []int32) ([]kid, error) {
	w := sp.r.w
	cont, col, err := sp.goTo(path)
	if err != nil {
		return nil, err
	}
	ok, sol := w.push(cont, col)
	if !ok || sol {
		return nil, errors.New("cover: cannot cut a leaf")
	}
	d := len(w.frames) - 1
	var kids []kid
	for i := 0; ; i++ {
		f := &w.frames[d]
		ok, cont, col := w.advance(f)
		if !ok {
			break
		}
		// Look one node ahead: dead ends go, solutions stay whole.
		w.frames = w.frames[:d+1]
		alive, sol := w.push(cont, col)
		w.frames = w.frames[:d+1]
		if alive {
			kids = append(kids, kid{path: append(slices.Clone(path), sp.r.alt(w.frames[d].alt)), idx: i, leaf: sol})
		}
		w.retract(&w.frames[d])
	}
	return kids, nil
}

// piece estimates the subtree path leads to. Probing stops early once a
// probe exceeds four times cut (the piece is marked big): such a piece is
// going to be cut anyway, as most pieces on the way are. A stop at the
// first probe above cut would not do: the probes spread so widely that
// pieces only slightly bigger than cut would keep an estimate far too low.
func (sp *splitter) piece(path []int32, seq int, cut uint64) (*splitPiece, error) {
	p := &splitPiece{path: path, seq: seq}
	w := sp.r.w
	cont, col, err := sp.goTo(path)
	if err != nil {
		return nil, err
	}
	if ok, sol := w.push(cont, col); !ok || sol {
		p.leaf, p.est, p.hi = true, 1, 1
		return p, nil
	}
	h := fnv.New64a()
	for _, r := range path {
		h.Write([]byte{byte(r), byte(r >> 8), byte(r >> 16), byte(r >> 24)})
	}
	seed := h.Sum64()
	// The probes run together down the tree, as one walk that splits where
	// they part (descents); each gets the value its own descent would.
	d0 := len(w.frames) - 1
	g := levelAt(&sp.group, 0)[:0]
	for k := range sp.probes {
		g = append(g, probe{k: k, rng: seed + uint64(k)*0x9e3779b97f4a7c15})
	}
	sp.group[0] = g
	sp.vals = slices.Grow(sp.vals[:0], sp.probes)[:sp.probes]
	sp.descents(d0, 0, 1, 1)
	var sum uint64
	k := 0
	for k < sp.probes {
		e := sp.vals[k]
		sum = satAdd(sum, e)
		p.hi = max(p.hi, e)
		k++
		if p.hi/4 > cut {
			// Surely to be cut: no need for a precise estimate.
			p.big = true
			break
		}
	}
	p.est = max(1, sum/uint64(k))
	return p, nil
}

// countAll replaces the estimates of pieces, in search order, by their
// exact sizes, until exactBudget nodes are counted; the pieces after that
// keep their estimates, or the budget as a lower bound for the piece where
// counting stopped.
func (sp *splitter) countAll(ctx context.Context, ps []*splitPiece) error {
	budget := uint64(exactBudget)
	for _, p := range ps {
		if err := ctx.Err(); err != nil {
			return err
		}
		if p.leaf {
			continue
		}
		n, done, err := sp.count(p.path, budget)
		if err != nil {
			return err
		}
		if !done {
			p.est = max(p.est, n)
			return nil
		}
		p.est = max(1, n)
		budget -= n
	}
	return nil
}

// count counts the nodes of the subtree path leads to as the search
// visits them (runner.loop, without solutions or workers), stopping after
// budget nodes: done is false then.
func (sp *splitter) count(path []int32, budget uint64) (n uint64, done bool, err error) {
	w := sp.r.w
	cont, col, err := sp.goTo(path)
	if err != nil {
		return 0, false, err
	}
	root := len(w.frames)
	for enter := true; ; {
		if enter {
			if n >= budget || len(w.frames)+1 >= w.maxLevels {
				return n, false, nil
			}
			n++
			w.push(cont, col)
		}
		for {
			if len(w.frames) == root {
				return n, true, nil
			}
			f := &w.frames[len(w.frames)-1]
			w.retract(f)
			var ok bool
			if ok, cont, col = w.advance(f); ok {
				enter = true
				break
			}
			w.frames = w.frames[:len(w.frames)-1]
		}
	}
}

// descents takes the probes of group i (those that reached the node at
// level d, its frame pushed, i levels below the piece's node) on down,
// each by its own random choices, and records in vals each one's
// estimate of the piece's subtree (Knuth's estimator: the sum over the
// levels of the product of the numbers of alternatives met so far; est
// and prod are those of the path to this node). The node's level is left
// as it was found.
func (sp *splitter) descents(d, i int, est, prod uint64) {
	w, m := sp.r.w, sp.r.w.m
	c := w.frames[d].col
	rows := w.available(d, c, levelAt(&sp.rows, i)[:0])
	// Rows the search skips without entering them are no nodes.
	keep := rows[:0]
	for _, r := range rows {
		if !w.skips(d, r) {
			keep = append(keep, r)
		}
	}
	rows = keep
	sp.rows[i] = rows
	stop := 0
	if w.w[c] >= m.min[c] {
		stop = 1
	}
	prod, more := sp.branch(i, len(rows)+stop, est, prod)
	if !more {
		return
	}
	g := sp.group[i]
	alive := append(levelAt(&sp.alive, i)[:0], w.aliveAt(d)...)
	sp.alive[i] = alive
	chosen := len(w.chosen)
	for j := 0; j < len(g); {
		k := g[j].alt
		e := sp.together(i, j)
		switch v, below := sp.alternative(d, c, k, stop, rows, est, prod); below {
		case belowFull:
			sp.descents(d+1, i+1, v, prod)
		case belowSmall:
			sp.descentsSmall(0, i+1, v, prod)
		default:
			for _, q := range g[j:e] {
				sp.vals[q.k] = v
			}
		}
		for len(w.chosen) > chosen {
			w.untake(w.chosen[len(w.chosen)-1])
		}
		w.frames = w.frames[:d+1]
		copy(w.aliveAt(d), alive)
		j = e
	}
}

// branch draws the alternative of each probe of group i among the n of
// their node, whose estimate so far is est, and sorts the group by them:
// the probes that take the same alternative go on together. With no
// alternative the probes end there, with est. It returns the product of
// the numbers of alternatives down to the node's children, and whether
// the probes go on.
func (sp *splitter) branch(i, n int, est, prod uint64) (uint64, bool) {
	g := sp.group[i]
	if n == 0 {
		for _, q := range g {
			sp.vals[q.k] = est
		}
		return prod, false
	}
	for j := range g {
		g[j].rng = splitmix.Mix(g[j].rng)
		g[j].alt = int(g[j].rng % uint64(n))
	}
	slices.SortFunc(g, func(a, b probe) int { return a.alt - b.alt })
	return satMul(prod, uint64(n)), true
}

// together makes the probes of group i from the j-th on that take the
// same alternative as the j-th (branch sorted them) group i+1, and returns
// the index after them.
func (sp *splitter) together(i, j int) int {
	g := sp.group[i]
	e := j + 1
	for e < len(g) && g[e].alt == g[j].alt {
		e++
	}
	sp.group[i+1] = append(levelAt(&sp.group, i+1)[:0], g[j:e]...)
	return e
}

// How the probes go on below a node that alternative entered.
const (
	belowNone  = iota // a leaf: they end there
	belowFull         // on the full search, the node's frame pushed
	belowSmall        // on the small search's copy of the node (load)
)

// alternative takes alternative k (the stop if k < stop, else a row of
// rows) of the node at level d on column c and enters the node below, as
// the search would. It returns the estimate so far, and how the probes go
// on from the node entered: as the search does, on the small search's
// copy at a small node.
func (sp *splitter) alternative(d int, c int32, k, stop int, rows []int32, est, prod uint64) (uint64, int) {
	w, m := sp.r.w, sp.r.w.m
	var cont bool
	var col int32
	if k < stop {
		if !w.stopAt(d, c) {
			return est, belowNone
		}
	} else {
		r := rows[k-stop]
		w.dropUpTo(d, c, r, false)
		w.take(d, r)
		switch {
		case w.w[c] == m.max[c]:
		case w.anyAfter(d+1, c, -1):
			cont, col = true, c
		case w.w[c] >= m.min[c]:
		default:
			return est, belowNone
		}
	}
	est = satAdd(est, prod)
	if len(w.frames)+1 >= w.maxLevels {
		return est, belowNone
	}
	if e := len(w.frames); w.smallAt(e, cont) && e+smallRows+1 < w.maxLevels {
		w.load(e)
		return est, belowSmall
	}
	if ok, sol := w.push(cont, col); !ok || sol {
		return est, belowNone
	}
	return est, belowFull
}

// descentsSmall is descents on the small search's copy (see small.go),
// from its level k, i levels below the piece's node: the copy's nodes
// branch and skip rows as the full search's do at a small node, in the
// same order, so the probes make the same choices and get the same
// values (TestSmallDescents), for less: splitting the Bedlam cube into 8
// parts took 7% fewer instructions, most of the rest being the probes'
// nodes above the small ones. est already counts the node at level k.
func (sp *splitter) descentsSmall(k, i int, est, prod uint64) {
	w, m := sp.r.w, sp.r.w.m
	s := &w.sm
	l := &s.path[k]
	g := sp.group[i]
	taken := w.hint // the row that led here
	if k > 0 {
		taken = s.rows[s.path[k-1].row]
	}
	// The rows the search enters, as copy numbers.
	var rows []int32
	if l.open[0]|l.open[1] != 0 { // else a solution
		best, least := w.chooseSmall(l, taken)
		if least > 0 { // else a dead end
			// Those of the chosen column, in order, but the doomed ones.
			rows = levelAt(&sp.rows, i)[:0]
			for cand := l.alive.and(s.set(best)); !cand.empty(); {
				j := cand.pop()
				row := s.rows[j]
				if m.hints != nil {
					m.ensure(row) // its survivor sets and hints, as searchSmall
				}
				if m.doom == nil || !w.doomedSmall(row, l.alive.andNot(s.killOf(m, row)), l.open) {
					rows = append(rows, int32(j))
				}
			}
			sp.rows[i] = rows // its capacity, for the next node at this level
		}
	}
	prod, more := sp.branch(i, len(rows), est, prod)
	if !more {
		return
	}
	for j := 0; j < len(g); {
		a := g[j].alt
		e := sp.together(i, j)
		row := s.rows[rows[a]]
		l.row = rows[a]
		cm := &m.colMask[row]
		q := &s.path[k+1]
		q.alive = l.alive.andNot(s.killOf(m, row))
		q.open = [2]uint64{l.open[0] &^ cm[0], l.open[1] &^ cm[1]}
		sp.descentsSmall(k+1, i+1, satAdd(est, prod), prod)
		j = e
	}
}

// levelAt returns the scratch of level i below a piece's node in levels
// (sp.rows, sp.alive or sp.group), growing the levels as needed.
func levelAt[T any](levels *[][]T, i int) []T {
	for len(*levels) <= i {
		*levels = append(*levels, nil)
	}
	return (*levels)[i]
}

// available appends the rows of column c available at level d to out.
func (w *worker) available(d int, c int32, out []int32) []int32 {
	m := w.m
	a := w.aliveAt(d)
	s := m.cols[c]
	for i := s.start; i < s.end; i++ {
		b := a[m.set[i].idx] & m.set[i].bits
		for b != 0 {
			out = append(out, m.set[i].idx<<6+int32(bits.TrailingZeros64(b)))
			b &= b - 1
		}
	}
	return out
}

// Saturating arithmetic: estimates of huge trees stop at satMax instead
// of wrapping around.
const satMax = 1 << 62

func satAdd(a, b uint64) uint64 { return min(satMax, a+b) }
func satSub(a, b uint64) uint64 {
	if a < b {
		return 0
	}
	return a - b
}
func satMul(a, b uint64) uint64 {
	hi, lo := bits.Mul64(a, b)
	if hi != 0 || lo > satMax {
		return satMax
	}
	return lo
}

// pieceHeap orders pieces largest probe first, then oldest first.
type pieceHeap []*splitPiece

func (h pieceHeap) Len() int { return len(h) }
func (h pieceHeap) Less(i, j int) bool {
	if h[i].hi != h[j].hi {
		return h[i].hi > h[j].hi
	}
	return h[i].seq < h[j].seq
}
func (h pieceHeap) Swap(i, j int) { h[i], h[j] = h[j], h[i] }
func (h *pieceHeap) Push(x any)   { *h = append(*h, x.(*splitPiece)) }
func (h *pieceHeap) Pop() any {
	old := *h
	x := old[len(old)-1]
	*h = old[:len(old)-1]
	return x
}

// loadHeap orders parts by estimated work, then by number.
type loadHeap struct {
	idx  []int
	load []uint64
}

func (h *loadHeap) Len() int { return len(h.idx) }
func (h *loadHeap) Less(i, j int) bool {
	a, b := h.idx[i], h.idx[j]
	if h.load[a] != h.load[b] {
		return h.load[a] < h.load[b]
	}
	return a < b
}
func (h *loadHeap) Swap(i, j int) { h.idx[i], h.idx[j] = h.idx[j], h.idx[i] }
func (h *loadHeap) Push(x any)    { h.idx = append(h.idx, x.(int)) }
func (h *loadHeap) Pop() any {
	x := h.idx[len(h.idx)-1]
	h.idx = h.idx[:len(h.idx)-1]
	return x
}
