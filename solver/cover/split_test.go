package cover

import (
	"context"
	"errors"
	"math/rand"
	"runtime"
	"slices"
	"sort"
	"testing"
)

// TestSplitAgainstBruteForce: the parts of a split together find every
// solution exactly once, whatever the number of parts.
func TestSplitAgainstBruteForce(t *testing.T) {
	checkSplitParts(t, randomProblem, 3, 1500, []int{1, 2, 3, 7, 64})
}

// checkSplitParts checks, on the given number of problems made by gen from
// seed (every other one reduced first), that the parts of a split into
// each number of parts in ns together find every solution of brute
// force exactly once.
func checkSplitParts(t *testing.T, gen func(*rand.Rand) *Problem, seed int64, problems int, ns []int) {
	t.Helper()
	rng := rand.New(rand.NewSource(seed))
	for i := 0; i < problems; i++ {
		p := gen(rng)
		want := brute(p)
		m, err := New(p)
		if err != nil {
			t.Fatal(err)
		}
		if i%2 == 1 {
			if m, _, err = m.Reduce(context.Background()); err != nil {
				t.Fatal(err)
			}
		}
		for _, n := range ns {
			if got := collectParts(t, m, n); !slices.Equal(got, want) {
				t.Fatalf("problem %d, %d parts: got %v, want %v", i, n, got, want)
			}
		}
	}
}

// collectParts searches the n parts of m's split one after the other
// (with one or two workers) and returns all their solutions, sorted.
func collectParts(t *testing.T, m *Matrix, n int) []string {
	t.Helper()
	var got []string
	for part := 1; part <= n; part++ {
		jobs, err := Split(context.Background(), m, part, n)
		if err != nil {
			t.Fatal(err)
		}
		sols, res := collect(t, m, Options{Workers: 1 + part%2, Jobs: jobs, tickEvery: 1})
		if !res.Complete() {
			t.Fatalf("part %d/%d incomplete", part, n)
		}
		got = append(got, sols...)
	}
	sort.Strings(got)
	return got
}

// TestSplitBadPart: parts outside 1..N are refused.
func TestSplitBadPart(t *testing.T) {
	m, err := New(randomProblem(rand.New(rand.NewSource(4))))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range [][2]int{{0, 4}, {5, 4}, {-1, 4}, {1, 0}, {1, maxSplitParts + 1}} {
		if _, err := Split(context.Background(), m, c[0], c[1]); !errors.Is(err, ErrBadPart) {
			t.Errorf("part %d/%d: %v, want ErrBadPart", c[0], c[1], err)
		}
	}
}

// TestSubdivideDeterministic: every machine must compute the same pieces
// and the same deal; here, the same process twice over with other work
// in between, the second time on one core and the first on four (the
// pieces are estimated on all cores).
func TestSubdivideDeterministic(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(4))
	rng := rand.New(rand.NewSource(5))
	for i := 0; i < 200; i++ {
		m, err := New(randomProblem(rng))
		if err != nil {
			t.Fatal(err)
		}
		a, err := Subdivide(context.Background(), m, 7)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := Subdivide(context.Background(), m, 3); err != nil {
			t.Fatal(err)
		}
		prev := runtime.GOMAXPROCS(1)
		b, _ := Subdivide(context.Background(), m, 7)
		runtime.GOMAXPROCS(prev)
		if !slices.EqualFunc(a, b, func(x, y Piece) bool {
			return x.Estimate == y.Estimate && x.After == y.After && slices.Equal(x.Path, y.Path)
		}) {
			t.Fatalf("problem %d: two subdivisions differ", i)
		}
		oa, _ := Deal(a, 7)
		ob, _ := Deal(b, 7)
		if !slices.Equal(oa, ob) {
			t.Fatalf("problem %d: two deals differ", i)
		}
	}
}

// TestEstimateProbes: the estimate of the 6x10 pentomino box's search
// (without a symmetry breaker) depends on the matrix and the number of
// probes only, and comes within a fifth of the true size from 2,048
// probes (8% above it, with a spread of 3%).
func TestEstimateProbes(t *testing.T) {
	p := pentominoBox(10, 6)
	m, err := New(p)
	if err != nil {
		t.Fatal(err)
	}
	_, res := collect(t, m, Options{Workers: 1})
	e := EstimateProbes(m, 2048)
	m2, err := New(p)
	if err != nil {
		t.Fatal(err)
	}
	if again := EstimateProbes(m2, 2048); again != e {
		t.Errorf("estimates %+v and %+v of the same problem", e, again)
	}
	if Estimate(m) != EstimateProbes(m, probesPerPiece).Nodes {
		t.Errorf("Estimate %d, EstimateProbes %+v", Estimate(m), EstimateProbes(m, probesPerPiece))
	}
	off := float64(e.Nodes)/float64(res.Nodes) - 1
	if off < -0.2 || off > 0.2 || e.Spread == 0 || e.Spread > e.Nodes/4 {
		t.Errorf("estimate %d ± %d of a search of %d nodes", e.Nodes, e.Spread, res.Nodes)
	}
	t.Logf("estimate %d ± %d of a search of %d nodes", e.Nodes, e.Spread, res.Nodes)
}

// TestCutParts: a search split into few parts is cut as for one part per
// fewPartsNodes estimated nodes, up to fewPartsMax parts, never for fewer
// than it has; workers of one process (SubdivideWorkers) keep their own
// number, which a search too small for more gets from Subdivide too.
func TestCutParts(t *testing.T) {
	for _, c := range []struct {
		n     int
		total uint64
		want  int
	}{
		{2, 0, 2},
		{2, 3 * fewPartsNodes / 2, 2},
		{2, 4*fewPartsNodes + 1, 4},
		{3, 4 * fewPartsNodes, 4},
		{8, 4 * fewPartsNodes, 8},
		{2, 1 << 40, fewPartsMax},
		{64, 1 << 40, 64},
	} {
		if got := cutParts(c.n, c.total); got != c.want {
			t.Errorf("cutParts(%d, %d) = %d, want %d", c.n, c.total, got, c.want)
		}
	}
	rng := rand.New(rand.NewSource(6))
	for i := 0; i < 50; i++ {
		m, err := New(randomProblem(rng))
		if err != nil {
			t.Fatal(err)
		}
		a, err := Subdivide(context.Background(), m, 2)
		if err != nil {
			t.Fatal(err)
		}
		b, err := SubdivideWorkers(context.Background(), m, 2)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.EqualFunc(a, b, func(x, y Piece) bool { return x.Estimate == y.Estimate && slices.Equal(x.Path, y.Path) }) {
			t.Fatalf("problem %d: Subdivide and SubdivideWorkers differ on a small search", i)
		}
	}
}
