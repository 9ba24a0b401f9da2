package assemble

import (
	"context"
	"fmt"
	"slices"
	"testing"

	"github.com/burrlab/burrlab/internal/puzzles"
	"github.com/burrlab/burrlab/solver/cover"
)

// TestAxisCuts checks axisCuts in the 5x12 box, where the breaker X may
// lie on the middle line, turned onto itself by turning the box over
// about its long axis: the search hands on the same assemblies as
// BurrTools' own search (plainSearch, F the breaker), and the filter,
// with the cut columns, drops none of the assemblies found (without
// them it dropped 298 of 1,308, each the mirror image of one kept).
func TestAxisCuts(t *testing.T) {
	p := puzzles.PentominoBox(12, 5, 1)
	for _, mirrors := range []bool{false, true} {
		plain := DefaultOptions()
		plain.plainSearch, plain.KeepMirrors = true, mirrors
		_, want, _ := searchNodes(t, p, plain)
		opts := DefaultOptions()
		opts.KeepMirrors = mirrors
		a, err := New(context.Background(), p, 0, opts)
		if err != nil {
			t.Fatal(err)
		}
		if a.axis == nil || a.axis.n == 0 {
			t.Fatalf("keep mirrors %v: no cut columns", mirrors)
		}
		m, err := cover.New(a.Cover())
		if err != nil {
			t.Fatal(err)
		}
		s := a.NewScratch()
		var got []string
		found := 0
		if _, err := cover.Search(context.Background(), m, cover.Options{Workers: 1, OnSolution: func(_ int, rows []int32) cover.Action {
			found++
			if asm, ok := a.Accept(s, rows); ok {
				got = append(got, fmt.Sprint(asm))
			}
			return cover.Continue
		}}); err != nil {
			t.Fatal(err)
		}
		slices.Sort(got)
		if len(want) == 0 || !slices.Equal(got, want) {
			t.Errorf("keep mirrors %v: %d assemblies with cuts, %d with BurrTools' search (want the same)", mirrors, len(got), len(want))
		}
		if found != len(got) {
			t.Errorf("keep mirrors %v: the filter dropped %d of %d assemblies found", mirrors, found-len(got), found)
		}
	}
}
