package solver

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/burrlab/burrlab/internal/budget"
	"github.com/burrlab/burrlab/model"
	"github.com/burrlab/burrlab/model/grid"
	"github.com/burrlab/burrlab/solver/assemble"
)

// FuzzPrepare builds a tiny cube problem from the input (a result of up to
// 3x3x2 cells, filled, variable or empty; one to three parts of distinct
// sizes with count ranges; a hole bound), solves it, and compares the
// count with a slow reference: every assembly enumerated by brute force,
// counted once per class under the result's rotations (KeepMirrors, so
// that mirror images count apart, as in BurrTools). Prepare must not
// panic, and it may refuse a problem only when the reference finds no
// assembly, or when every count is 0 (no pieces, as BurrTools refuses).
// Run it with
//
//	go test -run '^$' -fuzz FuzzPrepare ./solver/
func FuzzPrepare(f *testing.F) {
	for _, seed := range fuzzSeeds {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		p := tinyProblem(data)
		if p == nil {
			return
		}
		want := referenceCount(t, p)
		s, err := Prepare(context.Background(), p, 0, Options{Workers: 1, KeepMirrors: true})
		if err != nil {
			var over *budget.Error
			switch {
			case errors.As(err, &over):
				t.Fatalf("a tiny problem passes the budget: %v", err)
			case errors.Is(err, assemble.ErrNoPieces):
				return // every count is 0: BurrTools refuses to solve it
			case want != 0:
				t.Fatalf("Prepare: %v, but the reference finds %d assemblies\n%s", err, want, describe(p))
			}
			return
		}
		var done Done
		for ev := range s.Run(context.Background()) {
			switch ev := ev.(type) {
			case Done:
				done = ev
			case Error:
				t.Fatal(ev.Err)
			}
		}
		if !done.Complete || done.Assemblies != uint64(want) {
			t.Fatalf("solver: %d assemblies (complete %v), reference: %d\n%s", done.Assemblies, done.Complete, want, describe(p))
		}
	})
}

// tinyProblem decodes a problem, or nil when the input is too short.
func tinyProblem(data []byte) *model.Puzzle {
	next := func() (byte, bool) {
		if len(data) == 0 {
			return 0, false
		}
		b := data[0]
		data = data[1:]
		return b, true
	}
	b, ok := next()
	if !ok {
		return nil
	}
	size := grid.Vec{1 + int(b)%3, 1 + int(b/3)%3, 1 + int(b/9)%2}
	res := model.NewShape(size)
	for i := range res.Voxels {
		if i%4 == 0 {
			if b, ok = next(); !ok {
				return nil
			}
		}
		switch (b >> (2 * (i % 4))) & 3 {
		case 1, 2:
			res.Voxels[i] = model.MakeVoxel(model.Filled, 0)
		case 3:
			res.Voxels[i] = model.MakeVoxel(model.Variable, 0)
		}
	}
	p := &model.Puzzle{Grid: grid.Cubes}
	p.AddShape(res)
	pr := model.NewProblem("fuzz")
	pr.Result = 0
	n, ok := next()
	if !ok {
		return nil
	}
	sizes := map[int]bool{}
	for range 1 + int(n)%3 {
		// A piece: the cells of a 2x2x2 box set in one byte, its count
		// range in the next. Pieces of one size would be congruent in
		// some cases; parts are kept to distinct sizes so that no two are.
		bits, ok1 := next()
		rng, ok2 := next()
		if !ok1 || !ok2 {
			return nil
		}
		sh := model.NewShape(grid.Vec{2, 2, 2})
		cells := 0
		for i := range 8 {
			if bits&(1<<i) != 0 {
				sh.Voxels[i] = model.MakeVoxel(model.Filled, 0)
				cells++
			}
		}
		if cells == 0 || sizes[cells] {
			continue
		}
		sizes[cells] = true
		lo := int(rng) % 3
		hi := lo + int(rng/3)%3
		pr.Parts = append(pr.Parts, model.Part{Shape: p.AddShape(sh), Min: lo, Max: hi})
	}
	if b, ok := next(); ok && b < 0x80 {
		pr.MaxHoles = int(b) % 4
	}
	p.Problems = []model.Problem{pr}
	return p
}

// describe prints a problem for a failure message.
func describe(p *model.Puzzle) string {
	var b strings.Builder
	for i, s := range p.Shapes {
		fmt.Fprintf(&b, "shape %d %v:", i, s.Size)
		for _, v := range s.Voxels {
			b.WriteByte(" #+"[v.State()])
		}
		b.WriteByte('\n')
	}
	pr := &p.Problems[0]
	fmt.Fprintf(&b, "parts %+v, max holes %d", pr.Parts, pr.MaxHoles)
	return b.String()
}

// referenceCount enumerates every assembly of the tiny problem by brute
// force and counts the classes under the result's proper symmetries.
func referenceCount(t *testing.T, p *model.Puzzle) int {
	g := grid.Must(p.Grid)
	pr := &p.Problems[0]
	res := &p.Shapes[pr.Result]
	index := map[grid.Vec]int{} // result cell -> its number
	var cellPos []grid.Vec
	filled, variable := 0, 0
	for i, v := range res.Voxels {
		if v.State() == model.Empty {
			continue
		}
		index[res.Pos(i)] = len(cellPos)
		cellPos = append(cellPos, res.Pos(i))
		if v.State() == model.Filled {
			filled++
		} else {
			variable++
		}
	}
	// Every placement of every part: the set of result cells it covers
	// (a bit mask; at most 18 cells), over all proper orientations and
	// translations that keep it inside.
	placements := make([][]uint32, len(pr.Parts))
	for k, part := range pr.Parts {
		seen := map[uint32]bool{}
		for o := 0; o < g.Orientations(); o++ {
			cells, err := model.PlacedCells(g, &p.Shapes[part.Shape], model.Placement{Orient: o})
			if err != nil {
				continue
			}
			for dx := -3; dx <= 3; dx++ {
				for dy := -3; dy <= 3; dy++ {
					for dz := -3; dz <= 3; dz++ {
						var mask uint32
						ok := true
						for _, c := range cells {
							i, in := index[c.Pos.Add(grid.Vec{dx, dy, dz})]
							if !in {
								ok = false
								break
							}
							mask |= 1 << i
						}
						if ok && !seen[mask] {
							seen[mask] = true
							placements[k] = append(placements[k], mask)
						}
					}
				}
			}
		}
		slices.Sort(placements[k])
	}
	var must uint32 // the filled cells
	for i, c := range cellPos {
		if res.At(c).State() == model.Filled {
			must |= 1 << i
		}
	}
	minCells, maxCells := 0, 0
	for _, part := range pr.Parts {
		n := p.Shapes[part.Shape].Count(model.Filled)
		minCells += part.Min * n
		maxCells += part.Max * n
	}
	holesBound := -1
	if minCells != maxCells && pr.MaxHoles >= 0 {
		holesBound = pr.MaxHoles
	}
	if len(cellPos) == 0 {
		return 0 // an empty result: nothing to assemble
	}
	syms := resultSymmetries(g, cellPos, index, res)
	classes := map[string]bool{}
	chosen := make([][]uint32, len(pr.Parts))
	var walk func(k int, used uint32)
	walk = func(k int, used uint32) {
		if k == len(pr.Parts) {
			if used&must != must {
				return
			}
			if holes := len(cellPos) - popcount(used); holesBound >= 0 && holes > holesBound {
				return
			}
			classes[canonical(chosen, syms)] = true
			return
		}
		part := pr.Parts[k]
		// Choose part.Min..part.Max placements in increasing order: the
		// pieces of a part are interchangeable.
		var choose func(from int, used uint32)
		choose = func(from int, used uint32) {
			if n := len(chosen[k]); n >= part.Min {
				walk(k+1, used)
				if n == part.Max {
					return
				}
			}
			for i := from; i < len(placements[k]); i++ {
				m := placements[k][i]
				if m&used != 0 {
					continue
				}
				chosen[k] = append(chosen[k], m)
				choose(i+1, used|m)
				chosen[k] = chosen[k][:len(chosen[k])-1]
			}
		}
		choose(0, used)
	}
	walk(0, 0)
	return len(classes)
}

// resultSymmetries returns, for each proper rotation that maps the result
// onto itself (states included), the permutation of its cells.
func resultSymmetries(g grid.Grid, cellPos []grid.Vec, index map[grid.Vec]int, res *model.Shape) [][]int {
	var out [][]int
	for o := 0; o < g.Orientations(); o++ {
		turned, _, ok := g.Transform(o, cellPos, grid.Vec{})
		if !ok {
			continue
		}
		lo, tlo := cellPos[0], turned[0]
		for i := range cellPos {
			for k := 0; k < 3; k++ {
				lo[k] = min(lo[k], cellPos[i][k])
				tlo[k] = min(tlo[k], turned[i][k])
			}
		}
		d := lo.Sub(tlo)
		perm := make([]int, len(cellPos))
		for i, v := range turned {
			j, in := index[v.Add(d)]
			if !in || res.At(cellPos[i]).State() != res.At(cellPos[j]).State() {
				perm = nil
				break
			}
			perm[i] = j
		}
		if perm != nil {
			out = append(out, perm)
		}
	}
	return out
}

// canonical returns the smallest key of the assembly's images.
func canonical(chosen [][]uint32, syms [][]int) string {
	best := ""
	for _, perm := range syms {
		var b strings.Builder
		for _, masks := range chosen {
			img := make([]uint32, len(masks))
			for i, m := range masks {
				for c := range perm {
					if m&(1<<c) != 0 {
						img[i] |= 1 << perm[c]
					}
				}
			}
			slices.Sort(img)
			fmt.Fprintf(&b, "%v|", img)
		}
		if k := b.String(); best == "" || k < best {
			best = k
		}
	}
	return best
}

func popcount(m uint32) int {
	n := 0
	for ; m != 0; m &= m - 1 {
		n++
	}
	return n
}

// The reference against hand-counted cases, and the seeds decode to
// problems with assemblies.
func TestReferenceCount(t *testing.T) {
	square := puzzle(box(2, 2, 1, model.Filled), part{box(2, 1, 1, model.Filled), 2, 2})
	if n := referenceCount(t, square); n != 1 { // two bars, turned: one class
		t.Errorf("2x2 of two dominoes: %d classes, want 1", n)
	}
	// Monominoes 0..3 in a 2x2 of variable cells: 0, 1, 2 (adjacent or
	// diagonal), 3 and 4 pieces; at most one hole leaves 3 and 4.
	holes := puzzle(box(2, 2, 1, model.Variable), part{box(1, 1, 1, model.Filled), 0, 4})
	if n := referenceCount(t, holes); n != 6 {
		t.Errorf("monominoes in a 2x2: %d classes, want 6", n)
	}
	holes.Problems[0].MaxHoles = 1
	if n := referenceCount(t, holes); n != 2 {
		t.Errorf("monominoes in a 2x2, one hole: %d classes, want 2", n)
	}
	nonzero := 0
	for _, seed := range fuzzSeeds {
		if p := tinyProblem(seed); p != nil && referenceCount(t, p) > 0 {
			nonzero++
		}
	}
	if nonzero < len(fuzzSeeds) {
		t.Errorf("only %d of %d seeds have assemblies", nonzero, len(fuzzSeeds))
	}
}

// fuzzSeeds are tinyProblem inputs (see its decoding): two monominoes in a
// 2x1x1 bar; dominoes and L trominoes, 0..2 each, in a 3x3 of variable
// cells with at most 2 holes; a monomino, a domino and an L tromino, 0..2
// each, filling a 2x2x2 cube; dominoes, 1..3, in a 3x2 of filled and
// variable cells with at most one hole.
var fuzzSeeds = [][]byte{
	{0x01, 0x05, 0x00, 0x01, 0x02, 0xff},
	{0x08, 0xff, 0xff, 0xff, 0x01, 0x03, 0x06, 0x0b, 0x06, 0x02},
	{0x0d, 0x55, 0x55, 0x02, 0x01, 0x06, 0x03, 0x06, 0x0b, 0x06, 0xff},
	{0x05, 0x5d, 0x07, 0x00, 0x03, 0x07, 0x01},
}
