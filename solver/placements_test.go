package solver

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/burrlab/burrlab/model/xmpuzzle"
)

// examplesDir locates BurrTools' example files: $BURRLAB_EXAMPLES, or
// ../shared/burrtools-examples next to the repository.
func examplesDir(t *testing.T) string {
	if d := os.Getenv("BURRLAB_EXAMPLES"); d != "" {
		return d
	}
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	return filepath.Join(dir, "..", "..", "shared", "burrtools-examples")
}

// TestPlacementsOfExamples compares the placement listing with what
// Prepare builds the cover matrix from, part by part, on BurrTools'
// examples of both grids with a disassembler.
func TestPlacementsOfExamples(t *testing.T) {
	for _, name := range []string{"SolidSixPieceBurrs.xmpuzzle", "PelikanBurr.xmpuzzle", "Bermuda.xmpuzzle"} {
		p, err := xmpuzzle.ReadFile(filepath.Join(examplesDir(t), name))
		if err != nil {
			t.Fatalf("%s: %v (set BURRLAB_EXAMPLES to the folder of BurrTools' examples)", name, err)
		}
		s, err := Prepare(context.Background(), p, 0, DefaultOptions())
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		set, err := Placements(context.Background(), p, 0, DefaultOptions())
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		prepared := s.Placements()
		total := 0
		for i := 0; i < set.Parts(); i++ {
			l, err := set.Part(i)
			if err != nil {
				t.Fatal(err)
			}
			m, _ := prepared.Part(i)
			if l.Len() != m.Len() || l.Len() == 0 {
				t.Errorf("%s part %d: %d placements listed, %d prepared", name, i, l.Len(), m.Len())
			}
			for k := 0; k < l.Len() && k < m.Len(); k++ {
				if l.At(k) != m.At(k) {
					t.Fatalf("%s part %d placement %d: %v and %v", name, i, k, l.At(k), m.At(k))
				}
			}
			total += l.Len()
		}
		if total != s.Stats().Placements {
			t.Errorf("%s: %d placements listed, Stats().Placements is %d", name, total, s.Stats().Placements)
		}
		t.Logf("%s: %d placements in %d parts", name, total, set.Parts())
	}
}
