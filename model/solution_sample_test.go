package model

import (
	"math/rand"
	"slices"
	"testing"
)

// sampleNums returns the numbers of the sample's solutions, sorted.
func sampleNums(s *SolutionSample) []int {
	var out []int
	for _, sol := range s.Solutions() {
		out = append(out, s.number(&sol))
	}
	slices.Sort(out)
	return out
}

// wantSample is the sample the rule defines after found solutions: the
// multiples of the smallest step drop*2^k that leaves at most limit.
func wantSample(found, limit, drop int) (nums []int, step int) {
	step = drop
	for (found+step-1)/step > limit {
		step *= 2
	}
	for n := 0; n < found; n += step {
		nums = append(nums, n)
	}
	return nums, step
}

// After every solution of a long run the sample holds exactly every
// step-th solution found so far, never more than the limit, with the
// smallest step that allows it; numbers and solutions stay together.
func TestSolutionSampleEvenlySpread(t *testing.T) {
	for _, c := range []struct{ limit, drop, total int }{
		{8, 1, 1000}, {1, 1, 50}, {5, 3, 600}, {10, 1, 10}, {10, 1, 11}, {7, 2, 333},
	} {
		for _, bySol := range []bool{false, true} {
			s, err := NewSolutionSample(c.limit, c.drop, bySol, 0, nil)
			if err != nil {
				t.Fatal(err)
			}
			for n := 0; n < c.total; n++ {
				sol := Solution{AsmNum: 3*n + 1, SolNum: n, Assembly: Assembly{{Orient: n}}}
				if !bySol {
					sol.AsmNum, sol.SolNum = n, 0
				}
				if n%c.drop != 0 {
					continue // the solver reports every drop-th only
				}
				took := s.Add(sol)
				want, step := wantSample(n+1, c.limit, c.drop)
				got := sampleNums(s)
				if !slices.Equal(got, want) || s.Step() != step {
					t.Fatalf("%+v bySol %v after %d: sample %v step %d, want %v step %d", c, bySol, n+1, got, s.Step(), want, step)
				}
				if took != (n%step == 0) {
					t.Fatalf("%+v after %d: Add reported %v", c, n+1, took)
				}
				for _, kept := range s.Solutions() {
					if kept.Assembly[0].Orient != s.number(&kept) {
						t.Fatalf("solution %d carries the assembly of %d", s.number(&kept), kept.Assembly[0].Orient)
					}
				}
			}
			if len(s.Solutions()) > c.limit {
				t.Errorf("%+v: %d kept", c, len(s.Solutions()))
			}
		}
	}
}

// Several workers deliver out of order: the sample is the same. A run
// stopped and continued (a new sample seeded with the count and the kept
// solutions) ends where one uninterrupted run does.
func TestSolutionSampleOrderAndContinue(t *testing.T) {
	const limit, total = 6, 500
	sols := make([]Solution, total)
	for n := range sols {
		sols[n] = Solution{AsmNum: n}
	}
	rng := rand.New(rand.NewSource(3))
	mixed := slices.Clone(sols)
	// Shuffle within windows of 8, as concurrent workers would reorder.
	for k := 0; k < total; k += 8 {
		w := mixed[k:min(k+8, total)]
		rng.Shuffle(len(w), func(i, j int) { w[i], w[j] = w[j], w[i] })
	}
	whole, _ := NewSolutionSample(limit, 1, false, 0, nil)
	for _, sol := range mixed {
		whole.Add(sol)
	}
	want, step := wantSample(total, limit, 1)
	if got := sampleNums(whole); !slices.Equal(got, want) || whole.Step() != step {
		t.Fatalf("out of order: %v step %d, want %v step %d", got, whole.Step(), want, step)
	}
	for _, stop := range []int{0, 1, 6, 7, 100, 257, 499} {
		first, _ := NewSolutionSample(limit, 1, false, 0, nil)
		for _, sol := range sols[:stop] {
			first.Add(sol)
		}
		kept := slices.Clone(first.Solutions())
		again, err := NewSolutionSample(limit, 1, false, uint64(stop), kept)
		if err != nil {
			t.Fatal(err)
		}
		for _, sol := range sols[stop:] {
			again.Add(sol)
		}
		if got := sampleNums(again); !slices.Equal(got, want) || again.Step() != step {
			t.Errorf("continued after %d: %v step %d, want %v step %d", stop, got, again.Step(), want, step)
		}
	}
	// Continuing a run that kept its first solutions (no thinning then):
	// the sample starts at the step the count calls for.
	s, _ := NewSolutionSample(4, 1, false, 100, sols[:100])
	if got, w := sampleNums(s), []int{0, 32, 64, 96}; !slices.Equal(got, w) || s.Step() != 32 {
		t.Errorf("seeded with the first 100: %v step %d, want %v step 32", got, s.Step(), w)
	}
}

// Thinning never changes a slice it was given or handed out: undo
// snapshots and the UI share them.
func TestSolutionSampleLeavesSlicesAlone(t *testing.T) {
	kept := []Solution{{AsmNum: 0}, {AsmNum: 1}, {AsmNum: 2}}
	s, _ := NewSolutionSample(3, 1, false, 3, kept)
	out := s.Solutions()
	s.Add(Solution{AsmNum: 3})
	if kept[1].AsmNum != 1 || out[1].AsmNum != 1 || len(out) != 3 {
		t.Errorf("a slice changed: kept %v, handed out %v", kept, out)
	}
	if _, err := NewSolutionSample(0, 1, false, 0, nil); err == nil {
		t.Error("a limit of 0 was accepted")
	}
}
