package assemble

import (
	"context"
	"path/filepath"
	"slices"
	"testing"

	"github.com/burrlab/burrlab/model/xmpuzzle"
)

// TestBreakerOrientations checks, on every problem of BurrTools'
// examples, that the symmetry breaker's orientations found from the
// norms are those found by turning and comparing its cells.
func TestBreakerOrientations(t *testing.T) {
	files := exampleFiles(t)
	checked := 0
	for _, f := range files {
		p, err := xmpuzzle.ReadFileWithoutSolutions(f)
		if err != nil {
			t.Fatal(err)
		}
		for i := range p.Problems {
			a, err := New(context.Background(), p, i, DefaultOptions())
			if err != nil || a.plan.breaker < 0 {
				continue // unsolvable as it stands, or no breaker
			}
			si := a.parts[a.plan.breaker].info
			got, ok := a.breakerOrientations(si)
			if !ok {
				continue
			}
			if want := a.breakerOrientationsByCells(si); !slices.Equal(got, want) {
				t.Errorf("%s problem %d: breaker orientations %v, by cells %v", filepath.Base(f), i, got, want)
			}
			checked++
		}
	}
	if checked == 0 {
		t.Error("no breaker checked")
	}
	t.Logf("%d breakers checked", checked)
}
