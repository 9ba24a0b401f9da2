package assemble

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/burrlab/burrlab/model/grid"
	"github.com/burrlab/burrlab/model/xmpuzzle"
)

// TestMayFit checks, on every problem of BurrTools' examples, that an
// orientation mayFit rules out has no placement: no translation fits
// all its cells, colours included, as eachPosition would try them
// without mayFit. Some orientations must be ruled out, or the test
// tests nothing.
func TestMayFit(t *testing.T) {
	files := exampleFiles(t)
	ruledOut := 0
	for _, f := range files {
		p, err := xmpuzzle.ReadFileWithoutSolutions(f)
		if err != nil {
			t.Fatal(err)
		}
		for pr := range p.Problems {
			a, err := New(context.Background(), p, pr, DefaultOptions())
			if err != nil {
				continue // unsolvable as it stands
			}
			r := &a.res
			colors := len(a.puzzle.Colors) > 0
			for i := range a.parts {
				si := a.parts[i].info
				for _, o := range a.orientations(i) {
					if a.mayFit(si, o) {
						continue
					}
					ruledOut++
					lo, hi := a.cellOffsets(si, o)
					for dx := r.lo[0] - lo[0]; dx <= r.hi[0]-hi[0]; dx++ {
						for dy := r.lo[1] - lo[1]; dy <= r.hi[1]-hi[1]; dy++ {
							for dz := r.lo[2] - lo[2]; dz <= r.hi[2]-hi[2]; dz++ {
								d := grid.Vec{dx, dy, dz}
								if a.g.InLattice(d) && a.fits(a.tags, a.offs, r.index(d), colors) {
									t.Fatalf("%s problem %d: part %d, orientation %d ruled out, but fits at %v", filepath.Base(f), pr, i, o, d)
								}
							}
						}
					}
				}
			}
		}
	}
	if ruledOut == 0 {
		t.Error("no orientation ruled out")
	}
	t.Logf("%d orientations ruled out", ruledOut)
}
