package cover

import (
	"math/rand"
	"slices"
	"testing"
)

// TestRowWeights checks that Row gives every row's weights whether the
// problem stores them (after a first weight other than 1) or not.
func TestRowWeights(t *testing.T) {
	p := NewProblem([]Column{{Min: 0, Max: 9}, {Min: 0, Max: 9}, {Min: 0, Max: 9}}, -1)
	p.Reserve(4, 8)
	p.AddRow([]int{0, 1, 2}, nil)
	p.AddRow([]int{1}, []int{1})
	if p.entWt != nil {
		t.Fatal("weights stored while all are 1")
	}
	p.AddRow([]int{0, 2}, []int{1, 3})
	p.AddRow([]int{2}, nil)
	want := [][]int32{{1, 1, 1}, {1}, {1, 3}, {1}}
	for r, w := range want {
		if _, got := p.Row(r); !slices.Equal(got, w) {
			t.Errorf("row %d: weights %v, want %v", r, got, w)
		}
	}
}

// TestTake checks that Take compiles the same matrix as New, solutions
// and all, and leaves the problem without rows.
func TestTake(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	for i := 0; i < 500; i++ {
		seed := rng.Int63()
		p := randomProblem(rand.New(rand.NewSource(seed)))
		want := brute(p)
		a, err := New(p)
		if err != nil {
			t.Fatal(err)
		}
		b, err := Take(p)
		if err != nil {
			t.Fatal(err)
		}
		if a.Fingerprint() != b.Fingerprint() {
			t.Fatalf("problem %d: Take's matrix differs from New's", i)
		}
		if got, _ := collect(t, b, Options{Workers: 1}); !slices.Equal(got, want) {
			t.Fatalf("problem %d: got %v, want %v", i, got, want)
		}
		if p.NumRows() != 0 || p.NumEntries() != 0 {
			t.Fatalf("problem %d: %d rows, %d entries left after Take", i, p.NumRows(), p.NumEntries())
		}
	}
}
