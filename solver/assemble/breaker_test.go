package assemble

import (
	"context"
	"fmt"
	"slices"
	"testing"

	"github.com/burrlab/burrlab/model"
	"github.com/burrlab/burrlab/solver/cover"
)

// searchNodes solves problem 0 of p with one worker and returns the
// assemblies the filter keeps, as sorted strings, and the search nodes
// visited.
func searchNodes(t *testing.T, p *model.Puzzle, opts Options) (*Assembler, []string, uint64) {
	t.Helper()
	a, err := New(context.Background(), p, 0, opts)
	if err != nil {
		t.Fatal(err)
	}
	asms, nodes := searchMatrix(t, a)
	return a, asms, nodes
}

// searchMatrix is searchNodes for a prepared assembler.
func searchMatrix(t *testing.T, a *Assembler) ([]string, uint64) {
	t.Helper()
	m, err := cover.New(a.Cover())
	if err != nil {
		t.Fatal(err)
	}
	if m, _, err = m.Reduce(context.Background()); err != nil {
		t.Fatal(err)
	}
	s := a.NewScratch()
	var asms []string
	res, err := cover.Search(context.Background(), m, cover.Options{Workers: 1, OnSolution: func(_ int, rows []int32) cover.Action {
		if asm, ok := a.Accept(s, rows); ok {
			asms = append(asms, fmt.Sprint(asm))
		}
		return cover.Continue
	}})
	if err != nil {
		t.Fatal(err)
	}
	slices.Sort(asms)
	return asms, res.Nodes
}

// TestPreferredBreaker checks that choosing the part with the least room
// as the symmetry breaker hands on the very assemblies BurrTools keeps and
// makes the search smaller. In the 4x15 box BurrTools restricts F, the
// first asymmetric pentomino, to some orientations; X, with the fewest
// placements, is restricted to a corner of the box instead. Keeping
// rotations counts what the search finds, so there the choice must stay
// BurrTools'.
func TestPreferredBreaker(t *testing.T) {
	p := puzzle(box(15, 4, 1, model.Filled), pentominoes()...)
	for _, mirrors := range []bool{false, true} {
		plain := DefaultOptions()
		plain.plainSearch, plain.KeepMirrors = true, mirrors
		af, want, nodesF := searchNodes(t, p, plain)
		opts := DefaultOptions()
		opts.KeepMirrors = mirrors
		ap, got, nodesP := searchNodes(t, p, opts)
		if af.Stats().Breaker != 0 || ap.Stats().Breaker != 9 {
			t.Errorf("breakers %d and %d, want 0 (F, BurrTools') and 9 (X)", af.Stats().Breaker, ap.Stats().Breaker)
		}
		if len(want) != 368 || !slices.Equal(got, want) {
			t.Errorf("keep mirrors %v: %d assemblies with BurrTools' breaker, %d with the preferred one (want 368, the same)", mirrors, len(want), len(got))
		}
		if nodesP >= nodesF {
			t.Errorf("keep mirrors %v: %d search nodes with the preferred breaker, %d with BurrTools'", mirrors, nodesP, nodesF)
		}
		t.Logf("keep mirrors %v: nodes: %d with F, %d with X", mirrors, nodesF, nodesP)
	}
	keep := DefaultOptions()
	keep.KeepRotations = true
	if a, _, _ := searchNodes(t, p, keep); a.Stats().Breaker != 0 {
		t.Errorf("keeping rotations, breaker %d, want BurrTools' 0", a.Stats().Breaker)
	}
}

// TestLowestLeaders checks the selectors of lowestLeaders on problems
// where every piece is optional (the leader rule of slot 0 does not
// apply): the count stays the one of the plain search, which finds every
// assembly in all its rotations and lets the filter drop them, and the
// search gets smaller. Monominoes, dominoes and L trominoes, 0 to 3 of
// each, fill a 3x3 square; with variable cells and at most two holes,
// the count includes assemblies without some or without any part.
func TestLowestLeaders(t *testing.T) {
	mono, dom, tri := flat("1", "#"), flat("2", "##"), flat("L", "##", "#.")
	for _, tc := range []struct {
		name  string
		cells model.State
		holes int
	}{
		{"filled", model.Filled, -1},
		{"variable, 2 holes", model.Variable, 2},
	} {
		p := puzzle(box(3, 3, 1, tc.cells), mono, dom, tri)
		for i := range p.Problems[0].Parts {
			p.Problems[0].Parts[i].Min, p.Problems[0].Parts[i].Max = 0, 3
		}
		p.Problems[0].MaxHoles = tc.holes
		plain := DefaultOptions()
		plain.plainSearch = true
		_, want, plainNodes := searchNodes(t, p, plain)
		a, got, nodes := searchNodes(t, p, DefaultOptions())
		if a.lowest == nil {
			t.Fatalf("%s: no selectors", tc.name)
		}
		if !slices.Equal(got, want) || len(want) == 0 {
			t.Errorf("%s: %d assemblies with selectors, %d without (want the same)", tc.name, len(got), len(want))
		}
		if nodes >= plainNodes {
			t.Errorf("%s: %d search nodes with selectors, %d without", tc.name, nodes, plainNodes)
		}
		t.Logf("%s: %d assemblies, %d nodes, %d without selectors", tc.name, len(got), nodes, plainNodes)
	}
}

// TestTrimBreaker checks trimBreaker on L, N, P, U, V and Y in a 5x3x2
// box, whose symmetries include a mirror image across the middle layer:
// the search without the breaker placements that lie larger than one of
// their images hands on the same assemblies as BurrTools' search, with
// fewer nodes.
func TestTrimBreaker(t *testing.T) {
	all := pentominoes()
	p := puzzle(box(5, 3, 2, model.Filled), all[2], all[3], all[4], all[6], all[7], all[10])
	plain := DefaultOptions()
	plain.plainSearch = true
	_, want, plainNodes := searchNodes(t, p, plain)
	a, got, nodes := searchNodes(t, p, DefaultOptions())
	if a.Stats().Trimmed == 0 || !a.Stats().Filter {
		t.Errorf("trimmed %d placements, filter %v: want some and the filter on", a.Stats().Trimmed, a.Stats().Filter)
	}
	if !slices.Equal(got, want) || len(want) == 0 {
		t.Errorf("%d assemblies trimmed, %d plain (want the same)", len(got), len(want))
	}
	if nodes >= plainNodes {
		t.Errorf("%d search nodes trimmed, %d plain", nodes, plainNodes)
	}
	t.Logf("%d assemblies, %d nodes, %d plain", len(got), nodes, plainNodes)
}

// TestWithBreaker checks that every part Breakers offers, made the
// symmetry breaker by WithBreaker, hands on the very assemblies of the
// assembler's own choice (the filter turns each into BurrTools'
// representative), with and without mirror images, and that a part not
// offered is refused. In the 5x3x2 box a mirror image across the middle
// layer is left to the filter.
func TestWithBreaker(t *testing.T) {
	all := pentominoes()
	small := puzzle(box(5, 3, 2, model.Filled), all[2], all[3], all[4], all[6], all[7], all[10])
	for _, tc := range []struct {
		name    string
		p       *model.Puzzle
		mirrors bool
	}{
		{"4x15", puzzle(box(15, 4, 1, model.Filled), all...), false},
		{"5x3x2", small, false},
		{"5x3x2", small, true},
	} {
		opts := DefaultOptions()
		opts.KeepMirrors = tc.mirrors
		a, want, _ := searchNodes(t, tc.p, opts)
		others := a.Breakers()
		if len(others) == 0 || slices.Contains(others, a.Stats().Breaker) {
			t.Fatalf("%s: breaker %d, others %v: want some others, without it", tc.name, a.Stats().Breaker, others)
		}
		for _, part := range others {
			b, err := a.WithBreaker(context.Background(), part)
			if err != nil {
				t.Fatal(err)
			}
			if b.Stats().Breaker != part {
				t.Fatalf("%s: breaker %d, want %d", tc.name, b.Stats().Breaker, part)
			}
			got, nodes := searchMatrix(t, b)
			if !slices.Equal(got, want) || len(want) == 0 {
				t.Errorf("%s, keep mirrors %v: %d assemblies with breaker %d, %d with %d (want the same)",
					tc.name, tc.mirrors, len(got), part, len(want), a.Stats().Breaker)
			}
			t.Logf("%s, keep mirrors %v: breaker %d: %d nodes", tc.name, tc.mirrors, part, nodes)
		}
	}
	p := puzzle(box(15, 4, 1, model.Filled), all...)
	keep := DefaultOptions()
	keep.KeepRotations = true
	a, err := New(context.Background(), p, 0, keep)
	if err != nil {
		t.Fatal(err)
	}
	if len(a.Breakers()) != 0 {
		t.Errorf("keeping rotations, breakers %v offered, want none (the count depends on the breaker)", a.Breakers())
	}
	if _, err := a.WithBreaker(context.Background(), 9); err == nil {
		t.Error("keeping rotations, part 9 made the breaker, want an error")
	}
}
