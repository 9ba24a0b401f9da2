package solver

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/burrlab/burrlab/internal/puzzles"
	"github.com/burrlab/burrlab/solver/cover"
)

// TestSplitDir: parts sharing a split folder write the subdivision once,
// read it back to the same jobs as a part that splits on its own, and
// refuse a damaged file or one for another number of parts. The folder
// is made if it is missing.
func TestSplitDir(t *testing.T) {
	p := puzzles.PentominoBox(10, 6, 1)
	dir := filepath.Join(t.TempDir(), "new", "split")
	ctx := context.Background()
	for part := 1; part <= 3; part++ {
		s, err := Prepare(ctx, p, 0, Options{Part: part, Parts: 3, SplitDir: dir})
		if err != nil {
			t.Fatal(err)
		}
		got, err := s.partJobs(ctx)
		if err != nil {
			t.Fatal(err)
		}
		want, err := cover.Split(ctx, s.m, part, 3)
		if err != nil {
			t.Fatal(err)
		}
		if !slices.EqualFunc(got, want, func(a, b cover.Job) bool {
			return slices.Equal(a.Path, b.Path) && a.After == b.After && a.Share == b.Share
		}) || len(got) == 0 {
			t.Fatalf("part %d: %d jobs from the split file, %d computed, or they differ", part, len(got), len(want))
		}
	}
	s, err := Prepare(ctx, p, 0, Options{Part: 1, Parts: 3, SplitDir: dir})
	if err != nil {
		t.Fatal(err)
	}
	name := SplitFile(dir, s.m.Fingerprint(), 3)
	data, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := decodePieces(data, s.m.Fingerprint(), 4); !errors.Is(err, ErrSplitFile) {
		t.Errorf("read for 4 parts: %v, want ErrSplitFile", err)
	}
	data[len(data)/2] ^= 1
	if err := os.WriteFile(name, data, 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := s.partJobs(ctx); !errors.Is(err, ErrSplitFile) {
		t.Errorf("damaged file: %v, want ErrSplitFile", err)
	}
}
