package assemble

import (
	"context"
	"testing"

	"github.com/burrlab/burrlab/model"
	"github.com/burrlab/burrlab/solver/cover"
)

// searchNodes solves problem 0 of p with one worker and returns the
// assemblies the filter keeps and the search nodes visited.
func searchNodes(t *testing.T, p *model.Puzzle, opts Options) (*Assembler, int, uint64) {
	t.Helper()
	a, err := New(context.Background(), p, 0, opts)
	if err != nil {
		t.Fatal(err)
	}
	m, err := cover.New(a.Cover())
	if err != nil {
		t.Fatal(err)
	}
	if m, _, err = m.Reduce(context.Background()); err != nil {
		t.Fatal(err)
	}
	s := a.NewScratch()
	n := 0
	res, err := cover.Search(context.Background(), m, cover.Options{Workers: 1, OnSolution: func(_ int, rows []int32) cover.Action {
		if _, ok := a.Accept(s, rows); ok {
			n++
		}
		return cover.Continue
	}})
	if err != nil {
		t.Fatal(err)
	}
	return a, n, res.Nodes
}

// TestPreferredBreaker checks that choosing, among the parts BurrTools'
// rule finds equal, the one with the most room as the symmetry breaker
// keeps the count and makes the search smaller. In the 4x15 box
// BurrTools restricts F, the first asymmetric pentomino; P, the most
// compact, has the most placements. Keeping rotations counts what the
// search finds, so there the choice must stay BurrTools'.
func TestPreferredBreaker(t *testing.T) {
	p := puzzle(box(15, 4, 1, model.Filled), pentominoes()...)
	first := DefaultOptions()
	first.firstBreaker = true
	af, nf, nodesF := searchNodes(t, p, first)
	ap, np, nodesP := searchNodes(t, p, DefaultOptions())
	if af.Stats().Breaker != 0 || ap.Stats().Breaker != 4 {
		t.Errorf("breakers %d and %d, want 0 (F, BurrTools') and 4 (P)", af.Stats().Breaker, ap.Stats().Breaker)
	}
	if nf != 368 || np != nf {
		t.Errorf("%d assemblies with BurrTools' breaker, %d with the preferred one; want 368", nf, np)
	}
	if nodesP >= nodesF {
		t.Errorf("%d search nodes with the preferred breaker, %d with BurrTools'", nodesP, nodesF)
	}
	t.Logf("nodes: %d with F, %d with P", nodesF, nodesP)
	keep := DefaultOptions()
	keep.KeepRotations = true
	if a, _, _ := searchNodes(t, p, keep); a.Stats().Breaker != 0 {
		t.Errorf("keeping rotations, breaker %d, want BurrTools' 0", a.Stats().Breaker)
	}
}
