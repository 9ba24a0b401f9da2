package solver

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/burrlab/burrlab/internal/puzzles"
	"github.com/burrlab/burrlab/model"
	"github.com/burrlab/burrlab/model/xmpuzzle"
	"github.com/burrlab/burrlab/solver/cover"
)

// balance splits problem 0 of p into n parts and searches each part with
// one worker, returning the nodes each part visits.
func balance(t testing.TB, p *model.Puzzle, n int) (nodes []uint64, pieces int, split time.Duration) {
	t.Helper()
	ctx := context.Background()
	s, err := Prepare(ctx, p, 0, Options{})
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	ps, err := cover.Subdivide(ctx, s.m, n)
	if err != nil {
		t.Fatal(err)
	}
	split = time.Since(start)
	owner, _ := cover.Deal(ps, n)
	nodes = make([]uint64, n)
	for k, pc := range ps {
		res, err := cover.Search(ctx, s.m, cover.Options{Workers: 1, Jobs: []cover.Job{pc.Job},
			OnSolution: func(int, []int32) cover.Action { return cover.Continue }})
		if err != nil {
			t.Fatal(err)
		}
		nodes[owner[k]] += res.Nodes
	}
	return nodes, len(ps), split
}

func TestBalanceReport(t *testing.T) {
	if os.Getenv("BURRLAB_BALANCE") == "" {
		t.Skip("BURRLAB_BALANCE not set")
	}
	for _, tc := range []struct {
		name string
		p    *model.Puzzle
	}{
		{"pentominoes 6x10", puzzles.PentominoBox(10, 6, 1)},
		{"pentominoes 6x5x2", puzzles.PentominoBox(6, 5, 2)},
		{"pentominoes 5x4x3", puzzles.PentominoBox(5, 4, 3)},
		{"Bedlam", puzzles.Bedlam()},
		{"SolidSixPieceBurrs", nil},
	} {
		if tc.p == nil {
			var err error
			if tc.p, err = xmpuzzle.ReadFile(filepath.Join(os.Getenv("BURRLAB_EXAMPLES"), "SolidSixPieceBurrs.xmpuzzle")); err != nil {
				t.Fatal(err)
			}
		}
		if only := os.Getenv("BURRLAB_BALANCE"); only != "all" && only != tc.name {
			continue
		}
		for _, n := range []int{16, 64} {
			nodes, pieces, split := balance(t, tc.p, n)
			var sum, mx uint64
			for _, x := range nodes {
				sum += x
				mx = max(mx, x)
			}
			t.Logf("%-20s N=%2d pieces %5d split %6.3fs nodes %10d max/mean %.3f\n", tc.name, n, pieces, split.Seconds(), sum, float64(mx)*float64(n)/float64(sum))
		}
	}
}
