package cover

import (
	"context"
	"errors"
	"fmt"
	"math"
	"math/rand"
	"slices"
	"sort"
	"strings"
	"sync"
	"testing"
)

// collect runs a search and returns its solutions as sorted row lists,
// each rendered as a string, sorted.
func collect(t *testing.T, m *Matrix, opts Options) ([]string, Result) {
	t.Helper()
	var mu sync.Mutex
	var sols []string
	opts.OnSolution = func(_ int, rows []int32) Action {
		r := slices.Clone(rows)
		slices.Sort(r)
		mu.Lock()
		sols = append(sols, fmt.Sprint(r))
		mu.Unlock()
		return Continue
	}
	res, err := Search(context.Background(), m, opts)
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(sols)
	return sols, res
}

// brute lists every subset of rows that solves p, the slow obvious way.
func brute(p *Problem) []string {
	n := p.NumRows()
	var out []string
	w := make([]int, len(p.Cols))
	for mask := 0; mask < 1<<n; mask++ {
		clear(w)
		var rows []int32
		for r := 0; r < n; r++ {
			if mask>>r&1 == 0 {
				continue
			}
			rows = append(rows, int32(r))
			cols, wts := p.Row(r)
			for i, c := range cols {
				w[c] += int(wts[i])
			}
		}
		ok, holes := true, 0
		for c, col := range p.Cols {
			if w[c] < col.Min || w[c] > col.Max {
				ok = false
			}
			if col.Hole && w[c] == 0 {
				holes++
			}
		}
		if ok && (p.MaxHoles < 0 || holes <= p.MaxHoles) {
			out = append(out, fmt.Sprint(rows))
		}
	}
	sort.Strings(out)
	return out
}

// randomProblem builds a small problem with bounds, weights and holes.
func randomProblem(rng *rand.Rand) *Problem {
	nc := 2 + rng.Intn(6)
	cols := make([]Column, nc)
	for c := range cols {
		switch rng.Intn(5) {
		case 0, 1:
			cols[c] = Column{Min: 1, Max: 1}
		case 2:
			cols[c] = Column{Min: 0, Max: 1, Hole: true}
		case 3:
			lo := rng.Intn(3)
			cols[c] = Column{Min: lo, Max: lo + rng.Intn(3)}
		case 4:
			cols[c] = Column{Min: 0, Max: 1 + rng.Intn(3)}
		}
	}
	p := NewProblem(cols, rng.Intn(4)-1)
	nr := 1 + rng.Intn(13)
	for r := 0; r < nr; r++ {
		var cs, ws []int
		for c := range cols {
			if rng.Intn(3) == 0 {
				cs = append(cs, c)
				wt := 1
				if rng.Intn(5) == 0 {
					wt = 1 + rng.Intn(3)
				}
				ws = append(ws, wt)
			}
		}
		if len(cs) == 0 {
			cs, ws = []int{rng.Intn(nc)}, []int{1}
		}
		p.AddRow(cs, ws)
	}
	return p
}

func TestRandomAgainstBruteForce(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	for i := 0; i < 3000; i++ {
		p := randomProblem(rng)
		checkAgainstBrute(t, i, p, 1, 3)
	}
}

// checkAgainstBrute checks that problem i, p, has the solutions brute
// lists with each number of workers, and after Reduce with 2.
func checkAgainstBrute(t *testing.T, i int, p *Problem, workers ...int) {
	t.Helper()
	want := brute(p)
	m, err := New(p)
	if err != nil {
		t.Fatal(err)
	}
	for _, w := range workers {
		got, res := collect(t, m, Options{Workers: w, tickEvery: 1})
		if !slices.Equal(got, want) {
			t.Fatalf("problem %d (%d workers): got %v, want %v", i, w, got, want)
		}
		if !res.Complete() {
			t.Fatalf("problem %d: search not complete", i)
		}
	}
	red, _, err := m.Reduce(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if got, _ := collect(t, red, Options{Workers: 2}); !slices.Equal(got, want) {
		t.Fatalf("problem %d after reduce: got %v, want %v", i, got, want)
	}
}

// TestStopAndContinue halts the search after every k-th solution and
// continues from the saved jobs until done: the solutions found over all
// rounds must be exactly the solutions, each once.
func TestStopAndContinue(t *testing.T) {
	rng := rand.New(rand.NewSource(2))
	for i := 0; i < 400; i++ {
		p := randomProblem(rng)
		want := brute(p)
		m, err := New(p)
		if err != nil {
			t.Fatal(err)
		}
		for _, how := range []string{"halt", "retry"} {
			if got := stopAndContinue(t, m, how, len(want)+5, 3); !slices.Equal(got, want) {
				t.Fatalf("problem %d (%s): got %v, want %v", i, how, got, want)
			}
		}
	}
}

// stopAndContinue searches m with tickEvery 1, stopping each run at its
// second solution (how: "halt" or "retry", OnSolution's Halt or Retry,
// or "cancel", the search cancelled after it), and continues from the
// jobs left until the search completes, with 1 to workers workers in
// turn; more than rounds runs fail the test. It returns the solutions
// taken, sorted.
func stopAndContinue(t *testing.T, m *Matrix, how string, rounds, workers int) []string {
	t.Helper()
	var got []string
	untilComplete(t, rounds, func(round int, jobs []Job) (Result, error) {
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		var mu sync.Mutex
		seen := 0
		return Search(ctx, m, Options{
			Workers:   1 + round%workers,
			Jobs:      jobs,
			tickEvery: 1,
			OnSolution: func(_ int, rows []int32) Action {
				mu.Lock()
				defer mu.Unlock()
				if seen++; seen < 2 {
					got = append(got, sorted(rows))
					return Continue
				}
				switch how {
				case "halt":
					got = append(got, sorted(rows))
					return Halt
				case "retry":
					return Retry
				}
				got = append(got, sorted(rows))
				cancel() // the next node entered stops
				return Continue
			},
		})
	})
	sort.Strings(got)
	return got
}

// untilComplete runs a search (search runs one, from jobs) again and
// again from the jobs the run before left, until one completes; more
// than rounds runs fail the test.
func untilComplete(t *testing.T, rounds int, search func(round int, jobs []Job) (Result, error)) {
	t.Helper()
	jobs := Whole()
	for round := 0; ; round++ {
		if round > rounds {
			t.Fatalf("no progress after %d runs", round)
		}
		res, err := search(round, jobs)
		if err != nil {
			t.Fatal(err)
		}
		if res.Complete() {
			return
		}
		jobs = res.Remaining
	}
}

func sorted(rows []int32) string {
	r := slices.Clone(rows)
	slices.Sort(r)
	return fmt.Sprint(r)
}

func TestCancelSavesEverything(t *testing.T) {
	// 8 queens as a generalised cover: ranks and files exactly once,
	// diagonals at most once.
	p := queens(8)
	m, err := New(p)
	if err != nil {
		t.Fatal(err)
	}
	want, _ := collect(t, m, Options{Workers: 1})
	if len(want) != 92 {
		t.Fatalf("8 queens: %d solutions, want 92", len(want))
	}
	// Cancel after a few solutions, continue, repeat.
	jobs := Whole()
	var got []string
	for round := 0; round < 100; round++ {
		ctx, cancel := context.WithCancel(context.Background())
		var mu sync.Mutex
		res, err := Search(ctx, m, Options{Workers: 2, Jobs: jobs, tickEvery: 1, OnSolution: func(_ int, rows []int32) Action {
			mu.Lock()
			got = append(got, sorted(rows))
			if len(got)%7 == 0 {
				cancel()
			}
			mu.Unlock()
			return Continue
		}})
		cancel()
		if err != nil {
			t.Fatal(err)
		}
		if res.Complete() {
			break
		}
		jobs = res.Remaining
		share := 0.0
		for _, j := range jobs {
			share += j.Share
		}
		if share <= 0 || share > 1.0001 {
			t.Fatalf("remaining share %v", share)
		}
	}
	sort.Strings(got)
	if !slices.Equal(got, want) {
		t.Fatalf("resumed 8 queens: %d solutions, want %d (or duplicates)", len(got), len(want))
	}
}

// queens returns n queens as a cover problem: 2n exact columns for ranks
// and files, 4n-2 optional ones for the diagonals.
func queens(n int) *Problem {
	cols := make([]Column, 2*n+2*(2*n-1))
	for i := range cols {
		if i < 2*n {
			cols[i] = Column{Min: 1, Max: 1}
		} else {
			cols[i] = Column{Min: 0, Max: 1}
		}
	}
	p := NewProblem(cols, -1)
	for r := 0; r < n; r++ {
		for f := 0; f < n; f++ {
			p.AddRow([]int{r, n + f, 2*n + r + f, 2*n + 2*n - 1 + r - f + n - 1}, nil)
		}
	}
	return p
}

func TestHoleLimit(t *testing.T) {
	// Four optional cells in a row, dominoes and monominoes with plenty
	// of copies: count tilings leaving at most k cells empty.
	for k := -1; k <= 4; k++ {
		cols := []Column{{Min: 0, Max: 10}, {Min: 0, Max: 10}}
		for i := 0; i < 4; i++ {
			cols = append(cols, Column{Min: 0, Max: 1, Hole: true})
		}
		p := NewProblem(cols, k)
		for i := 0; i < 4; i++ {
			p.AddRow([]int{0, 2 + i}, nil)
			if i < 3 {
				p.AddRow([]int{1, 2 + i, 3 + i}, nil)
			}
		}
		m, err := New(p)
		if err != nil {
			t.Fatal(err)
		}
		got, _ := collect(t, m, Options{Workers: 1})
		if want := brute(p); !slices.Equal(got, want) {
			t.Errorf("max holes %d: got %d solutions, want %d", k, len(got), len(want))
		}
	}
}

func TestValidate(t *testing.T) {
	for _, tc := range []struct {
		name string
		p    func() *Problem
		want string
	}{
		{"bounds", func() *Problem { return NewProblem([]Column{{Min: 2, Max: 1}}, -1) }, "bad bounds"},
		{"hole min", func() *Problem { return NewProblem([]Column{{Min: 1, Max: 1, Hole: true}}, -1) }, "hole column"},
		{"column", func() *Problem {
			p := NewProblem([]Column{{Min: 1, Max: 1}}, -1)
			p.AddRow([]int{1}, nil)
			return p
		}, "out of range"},
		{"twice", func() *Problem {
			p := NewProblem([]Column{{Min: 1, Max: 1}}, -1)
			p.AddRow([]int{0, 0}, nil)
			return p
		}, "twice"},
		{"weight", func() *Problem {
			p := NewProblem([]Column{{Min: 1, Max: 1}}, -1)
			p.AddRow([]int{0}, []int{0})
			return p
		}, "weight"},
		{"empty row", func() *Problem {
			p := NewProblem([]Column{{Min: 1, Max: 1}}, -1)
			p.AddRow(nil, nil)
			return p
		}, "empty"},
		{"fault in a later row", func() *Problem {
			p := NewProblem([]Column{{Min: 1, Max: 1}, {Min: 0, Max: 1}}, -1)
			p.AddRow([]int{0}, nil)
			p.AddRow([]int{1, 0, 1}, nil)
			p.AddRow([]int{5}, nil) // only the first fault is told
			return p
		}, "row 1: column 1 twice"},
		{"column dropped after the rows", func() *Problem {
			p := NewProblem([]Column{{Min: 1, Max: 1}, {Min: 0, Max: 1}}, -1)
			p.AddRow([]int{0, 1}, nil)
			p.Cols = p.Cols[:1]
			return p
		}, "column 1 out of range"},
		{"column added after the rows", func() *Problem {
			p := NewProblem([]Column{{Min: 1, Max: 1}}, -1)
			p.AddRow([]int{0}, nil)
			p.Cols = append(p.Cols, Column{Min: 0, Max: 1})
			p.AddRow([]int{1, 1}, nil)
			return p
		}, "row 1: column 1 twice"},
	} {
		_, err := New(tc.p())
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want one containing %q", tc.name, err, tc.want)
		}
	}
}

func TestJobMismatch(t *testing.T) {
	m, err := New(queens(4))
	if err != nil {
		t.Fatal(err)
	}
	bad := []Job{{Path: []int32{99}, After: Fresh}}
	if _, err := Search(context.Background(), m, Options{Jobs: bad, OnSolution: func(int, []int32) Action { return Continue }}); err == nil {
		t.Error("a job naming a missing row was accepted")
	}
	// Row 1 is not a first alternative of the root of 4 queens... but it
	// could be; take a path that repeats a row instead.
	bad = []Job{{Path: []int32{0, 0}, After: Fresh}}
	if _, err := Search(context.Background(), m, Options{Jobs: bad, OnSolution: func(int, []int32) Action { return Continue }}); err == nil {
		t.Error("an impossible path was accepted")
	}
}

// TestLevelMemoryCap: a search that would need more memory for its levels
// than a worker may use fails with ErrTooBig instead of growing without
// bound. Here 300 optional columns, each with a row of its own, let a path
// go 300 levels deep; the cap allows 10.
func TestLevelMemoryCap(t *testing.T) {
	cols := make([]Column, 300)
	for i := range cols {
		cols[i] = Column{Min: 0, Max: 1}
	}
	p := NewProblem(cols, -1)
	for c := range cols {
		p.AddRow([]int{c}, nil)
	}
	m, err := New(p)
	if err != nil {
		t.Fatal(err)
	}
	_, err = Search(context.Background(), m, Options{Workers: 2, levelBytes: 10 * levelSize(m),
		OnSolution: func(int, []int32) Action { return Continue }})
	if !errors.Is(err, ErrTooBig) || !strings.Contains(err.Error(), "deeper than 10 steps") {
		t.Errorf("error %v, want ErrTooBig for a search deeper than 10 steps", err)
	}
}

// TestReduceBudget: Reduce stops when its budget is spent, keeping what it
// removed; the search then finds the same solutions. Column X needs the
// one row that also covers Y, so the 40 other rows of Y all go; a budget
// of five row tests removes only some of them.
func TestReduceBudget(t *testing.T) {
	p := NewProblem([]Column{{Min: 1, Max: 1}, {Min: 1, Max: 1}}, -1)
	p.AddRow([]int{0, 1}, nil)
	for range 40 {
		p.AddRow([]int{1}, nil)
	}
	m, err := New(p)
	if err != nil {
		t.Fatal(err)
	}
	full, n, err := m.reduce(context.Background(), maxReduceWork, true)
	if err != nil || n != 40 {
		t.Fatalf("full reduction removed %d rows (%v), want 40", n, err)
	}
	part, n, err := m.reduce(context.Background(), 5*int64(m.ncols), true)
	if err != nil || n < 1 || n >= 40 {
		t.Fatalf("reduction on a budget removed %d rows (%v), want some but not all", n, err)
	}
	a, _ := collect(t, full, Options{Workers: 1})
	b, _ := collect(t, part, Options{Workers: 1})
	if !slices.Equal(a, b) || len(a) != 1 {
		t.Errorf("solutions %v after the full reduction, %v after the partial one; want the same one", a, b)
	}
}

// TestJobShareKept: a job that starts after some alternative of a node
// spreads its share over the alternatives it covers only. Ten rows fill
// one column; the job covers those after row 2 (seven, with share 0.5) and
// halts at its first solution, so six of its seven alternatives are left:
// 0.5 * 6/7 of the search. (Spreading the share over all ten alternatives
// lost part of it, and progress jumped ahead after work was shared.)
func TestJobShareKept(t *testing.T) {
	p := NewProblem([]Column{{Min: 1, Max: 1}}, -1)
	for range 10 {
		p.AddRow([]int{0}, nil)
	}
	m, err := New(p)
	if err != nil {
		t.Fatal(err)
	}
	res, err := Search(context.Background(), m, Options{Workers: 1, Jobs: []Job{{After: 2, Share: 0.5}},
		OnSolution: func(int, []int32) Action { return Halt }})
	if err != nil {
		t.Fatal(err)
	}
	left := 0.0
	for _, j := range res.Remaining {
		left += j.Share
	}
	if want := 0.5 * 6 / 7; math.Abs(left-want) > 1e-9 {
		t.Errorf("%d jobs left with share %v, want %v", len(res.Remaining), left, want)
	}
}

// TestSecondaryAgainstBruteForce adds secondary columns to random
// problems: the search must find exactly the solutions that keep them
// within their bounds, also after Reduce; a secondary column with Min
// above 0 is refused.
func TestSecondaryAgainstBruteForce(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	for i := 0; i < 2000; i++ {
		base := randomProblem(rng)
		cols := slices.Clone(base.Cols)
		nsec := 1 + rng.Intn(2)
		for range nsec {
			cols = append(cols, Column{Secondary: true, Max: 1 + rng.Intn(2)})
		}
		p := NewProblem(cols, base.MaxHoles)
		for r := 0; r < base.NumRows(); r++ {
			cs, ws := base.Row(r)
			cs2, ws2 := []int{}, []int{}
			for k, c := range cs {
				cs2, ws2 = append(cs2, int(c)), append(ws2, int(ws[k]))
			}
			for c := len(base.Cols); c < len(cols); c++ {
				if rng.Intn(2) == 0 {
					cs2, ws2 = append(cs2, c), append(ws2, 1+rng.Intn(2))
				}
			}
			p.AddRow(cs2, ws2)
		}
		checkAgainstBrute(t, i, p, 1+i%2)
	}
	bad := NewProblem([]Column{{Min: 1, Max: 1, Secondary: true}}, -1)
	bad.AddRow([]int{0}, nil)
	if _, err := New(bad); err == nil {
		t.Error("a secondary column with Min 1 was accepted")
	}
}
