package cover

import (
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
