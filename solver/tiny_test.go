package solver

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"testing"

	"github.com/burrlab/burrlab/model/xmpuzzle"
)

// TestTinySearch solves BurrTools' small examples as tiny searches (see
// tiny.go), as usual (no tiny search) and as tiny searches that run out
// of their budget and fall back: the same assemblies every time. With
// the shipped bar and budget, Prisgon, PelikanBurr,
// DraculasDentalDesaster and PiecesOfEight/3 are tiny searches;
// PiecesOfEight/4 (estimated within the bar, beyond the budget),
// HexSticks and SolidSixPieceBurrs are not.
func TestTinySearch(t *testing.T) {
	shippedBar, shippedBudget := tinyBar, tinyBudget
	defer func() { tinyBar, tinyBudget = shippedBar, shippedBudget }()
	shipped := map[string]bool{"Prisgon/0": true, "Prisgon/1": true, "PelikanBurr/0": true, "DraculasDentalDesaster/0": true,
		"PiecesOfEight/3": true, "PiecesOfEight/4": false, "HexSticks/0": false, "SolidSixPieceBurrs/0": false}
	for _, name := range []string{"Prisgon", "PelikanBurr", "DraculasDentalDesaster", "HexSticks", "PiecesOfEight", "SolidSixPieceBurrs"} {
		p, err := xmpuzzle.ReadFile(filepath.Join(examplesDir(t), name+".xmpuzzle"))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		for i := range p.Problems {
			var want []string
			for _, mode := range []struct {
				name        string
				bar, budget uint64
			}{
				{"usual", 0, 0},
				{"shipped", shippedBar, shippedBudget},
				{"tiny", 1 << 60, 1 << 60},
				{"fallback", 1 << 60, 1},
			} {
				tinyBar, tinyBudget = mode.bar, mode.budget
				s, err := Prepare(context.Background(), p, i, Options{Workers: 1})
				if err != nil {
					t.Fatalf("%s/%d: %v", name, i, err)
				}
				if tiny, ok := shipped[fmt.Sprintf("%s/%d", name, i)]; ok && mode.name == "shipped" && (s.tiny != nil) != tiny {
					t.Errorf("%s/%d: tiny search %v, want %v", name, i, s.tiny != nil, tiny)
				}
				if (s.tiny != nil) != (mode.name == "tiny") && mode.name != "shipped" {
					t.Errorf("%s/%d %s: tiny search %v", name, i, mode.name, s.tiny != nil)
				}
				sols, done := collect(t, s.Run(context.Background()))
				got := make([]string, len(sols))
				for k, sol := range sols {
					got[k] = fmt.Sprint(sol.Assembly)
					if sol.AsmNum != k {
						t.Fatalf("%s/%d %s: solution %d numbered %d", name, i, mode.name, k, sol.AsmNum)
					}
				}
				slices.Sort(got)
				if !done.Complete || done.Assemblies != uint64(len(got)) {
					t.Fatalf("%s/%d %s: done %+v with %d solutions", name, i, mode.name, done, len(got))
				}
				if want == nil {
					want = got
				} else if !slices.Equal(got, want) {
					t.Fatalf("%s/%d %s: %d assemblies, %d as usual, or others", name, i, mode.name, len(got), len(want))
				}
			}
		}
	}
}
