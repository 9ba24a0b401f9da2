package cover

import (
	"math/rand"
	"slices"
	"testing"
)

// TestSortForLocality: the counting sort orders rows as a stable sort by
// their last column of bound 1 (-1 without one) does, so matrices and
// their fingerprints stay what they were.
func TestSortForLocality(t *testing.T) {
	rng := rand.New(rand.NewSource(9))
	for i := 0; i < 500; i++ {
		var p *Problem
		if i%2 == 0 {
			p = randomProblem(rng)
		} else {
			p = packingProblem(rng)
		}
		rows := make([]int32, 0, p.NumRows())
		for r := 0; r < p.NumRows(); r++ {
			if rng.Intn(4) > 0 {
				rows = append(rows, int32(r))
			}
		}
		rng.Shuffle(len(rows), func(a, b int) { rows[a], rows[b] = rows[b], rows[a] })
		key := func(r int32) int32 {
			k := int32(-1)
			cols, _ := p.Row(int(r))
			for _, c := range cols {
				if p.Cols[c].Max == 1 {
					k = max(k, c)
				}
			}
			return k
		}
		want := slices.Clone(rows)
		slices.SortStableFunc(want, func(x, y int32) int { return int(key(x)) - int(key(y)) })
		sortForLocality(p, rows)
		if !slices.Equal(rows, want) {
			t.Fatalf("problem %d: %v, want %v", i, rows, want)
		}
	}
}
