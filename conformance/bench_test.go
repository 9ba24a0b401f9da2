package conformance

import (
	"context"
	"fmt"
	"testing"

	"github.com/burrlab/burrlab/solver"
)

// BenchmarkSlowExamples solves, as burr solve does (preparation
// included), each example problem that takes BurrTools' burrTxt a
// noticeable time, with one worker and with two. The metric x-burrtools
// is how many times faster than the time expected.json records for
// burrTxt that is.
func BenchmarkSlowExamples(b *testing.B) {
	for _, e := range loadExpected(b) {
		if e.Seconds < 0.3 || e.Assemblies == nil {
			continue
		}
		p := loadExample(b, e.File)
		for _, workers := range []int{1, 2} {
			b.Run(fmt.Sprintf("%s/%d/workers=%d", e.File, e.Problem, workers), func(b *testing.B) {
				opts := solver.Options{Workers: workers}
				for i := 0; i < b.N; i++ {
					ch, err := solver.Solve(context.Background(), p, e.Problem, opts)
					if err != nil {
						b.Fatal(err)
					}
					for ev := range ch {
						if d, ok := ev.(solver.Done); ok && d.Assemblies != *e.Assemblies {
							b.Fatalf("%d assemblies, BurrTools %d", d.Assemblies, *e.Assemblies)
						}
					}
				}
				b.ReportMetric(e.Seconds/(b.Elapsed().Seconds()/float64(b.N)), "x-burrtools")
			})
		}
	}
}

// BenchmarkSmallExamples solves, with one worker and preparation
// included, the small burrs BurrTools finishes in a few milliseconds:
// on these the preparation (orientations, placements, the symmetry
// set-up, the matrix) is most of the time. It counts, as burrsolve -json
// does.
func BenchmarkSmallExamples(b *testing.B) {
	for _, e := range loadExpected(b) {
		switch e.File {
		case "PelikanBurr.xmpuzzle", "Prisgon.xmpuzzle", "DraculasDentalDesaster.xmpuzzle", "HexSticks.xmpuzzle", "PiecesOfEight.xmpuzzle", "SolidSixPieceBurrs.xmpuzzle":
		default:
			continue
		}
		p := loadExample(b, e.File)
		b.Run(fmt.Sprintf("%s/%d", e.File, e.Problem), func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				ch, err := solver.Solve(context.Background(), p, e.Problem, solver.Options{Workers: 1, CountOnly: true})
				if err != nil {
					b.Fatal(err)
				}
				for ev := range ch {
					if d, ok := ev.(solver.Done); ok && d.Assemblies != *e.Assemblies {
						b.Fatalf("%d assemblies, BurrTools %d", d.Assemblies, *e.Assemblies)
					}
				}
			}
		})
	}
}
