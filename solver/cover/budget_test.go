package cover

import (
	"math/rand"
	"slices"
	"sort"
	"testing"
)

// TestMaxNodes halts searches after a budget of nodes and continues them
// from what they left (Result.Remaining, as after a cancellation), on the
// 6x10 pentomino box and random problems: the runs together find every
// solution once, and a run stops within a progress update of its budget.
func TestMaxNodes(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	problems := []*Problem{pentominoBox(10, 6)}
	for len(problems) < 40 {
		problems = append(problems, randomProblem(rng))
	}
	for i, p := range problems {
		m, err := New(p)
		if err != nil {
			t.Fatal(err)
		}
		want, full := collect(t, m, Options{Workers: 1})
		// A run that ends before it finishes any subtree leaves the job
		// whole: the budget must reach a first leaf.
		budget := max(64, full.Nodes/5)
		tick := uint64(tickFor(budget))
		var got []string
		untilComplete(t, 1000, func(round int, jobs []Job) (Result, error) {
			sols, res := collect(t, m, Options{Workers: 1 + round%2, Jobs: jobs, MaxNodes: budget})
			got = append(got, sols...)
			if !res.Complete() && res.Nodes < budget {
				t.Fatalf("problem %d: stopped after %d nodes, budget %d", i, res.Nodes, budget)
			}
			// Each worker adds at most one batch of progress after the
			// total reaches the budget (see runner.publish).
			if limit := budget - 1 + tick*uint64(1+round%2); res.Nodes > limit {
				t.Fatalf("problem %d: %d nodes, budget %d, at most %d", i, res.Nodes, budget, limit)
			}
			return res, nil
		})
		sort.Strings(got)
		if !slices.Equal(got, want) {
			t.Fatalf("problem %d: %d solutions over the runs, want %d", i, len(got), len(want))
		}
	}
}

// TestNoHints searches without building the hints: the same solutions,
// and the matrix is left without them, as EstimateBare leaves it; a later
// search builds them as usual.
func TestNoHints(t *testing.T) {
	m, err := New(pentominoBox(10, 6))
	if err != nil {
		t.Fatal(err)
	}
	if e := EstimateBare(m, 8); e.Nodes == 0 {
		t.Error("EstimateBare: no nodes")
	}
	bare, res := collect(t, m, Options{Workers: 1, NoHints: true})
	if m.hints != nil || m.doom != nil {
		t.Fatal("a search with NoHints or EstimateBare built the hints")
	}
	want, hinted := collect(t, m, Options{Workers: 1})
	if m.hints == nil {
		t.Fatal("the search without NoHints built no hints")
	}
	if !slices.Equal(bare, want) || len(want) != 2339*4 {
		t.Fatalf("%d solutions without hints, %d with, want %d", len(bare), len(want), 2339*4)
	}
	if res.Nodes <= hinted.Nodes {
		t.Errorf("%d nodes without hints, %d with: the hints should spare nodes", res.Nodes, hinted.Nodes)
	}
}
