package disassemble

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/burrlab/burrlab/model"
	"github.com/burrlab/burrlab/model/xmpuzzle"
)

// benchSolutions disassembles the stored solutions of one example problem.
func benchSolutions(b *testing.B, file string, problem int) {
	p := loadExample(b, file)
	pr := &p.Problems[problem]
	d, err := New(p, pr)
	if err != nil {
		b.Fatal(err)
	}
	var asms []model.Assembly
	for _, s := range pr.Solutions {
		asms = append(asms, s.Assembly)
	}
	if len(asms) == 0 {
		b.Fatalf("%s has no stored solutions", file)
	}
	ctx := context.Background()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for _, a := range asms {
			if _, err := d.Disassemble(ctx, a); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(asms)), "ns/assembly")
}

// BenchmarkPelikanBurr: one assembly, level 98.2.4.2 (108 moves).
func BenchmarkPelikanBurr(b *testing.B) { benchSolutions(b, "PelikanBurr.xmpuzzle", 0) }

// BenchmarkSolidSixPieceBurrs: the 314 stored solutions.
func BenchmarkSolidSixPieceBurrs(b *testing.B) { benchSolutions(b, "SolidSixPieceBurrs.xmpuzzle", 0) }

// examplesDir locates BurrTools' example files: $BURRLAB_EXAMPLES, or
// ../shared/burrtools-examples next to the repository.
func examplesDir(tb testing.TB) string {
	if d := os.Getenv("BURRLAB_EXAMPLES"); d != "" {
		return d
	}
	dir, err := os.Getwd()
	if err != nil {
		tb.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return filepath.Join(dir, "..", "shared", "burrtools-examples")
		}
		up := filepath.Dir(dir)
		if up == dir {
			tb.Fatal("repository root not found")
		}
		dir = up
	}
}

func loadExample(tb testing.TB, name string) *model.Puzzle {
	tb.Helper()
	p, err := xmpuzzle.ReadFile(filepath.Join(examplesDir(tb), name))
	if err != nil {
		tb.Fatalf("%s: %v (set BURRLAB_EXAMPLES to the folder of BurrTools' examples)", name, err)
	}
	return p
}
