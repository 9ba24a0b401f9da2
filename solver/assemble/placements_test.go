package assemble

import (
	"context"
	"errors"
	"runtime"
	"testing"

	"github.com/burrlab/burrlab/model"
	"github.com/burrlab/burrlab/model/grid"
)

// TestPlacementSetMatchesRows checks that the listing is the assembler's
// own rows: per part the count of rows of that part, in all
// Stats().Placements, and every placement an accepted assembly uses is
// listed for its part. The search is BurrTools' own (plainSearch): with
// a preferred symmetry breaker the assemblies handed on are still the
// ones BurrTools keeps, whose breaker, restricted by BurrTools, is not
// restricted in the rows and the preferred one may lie where no row of
// this search puts it.
func TestPlacementSetMatchesRows(t *testing.T) {
	for _, tc := range []struct {
		name string
		p    *model.Puzzle
	}{
		{"soma cube", puzzle(box(3, 3, 3, model.Filled), soma()...)},
		{"pentominoes 3x20", puzzle(box(20, 3, 1, model.Filled), pentominoes()...)},
		{"cube in square", puzzle(box(4, 4, 1, model.Variable), box(1, 1, 1, model.Filled))},
	} {
		t.Run(tc.name, func(t *testing.T) {
			opts := DefaultOptions()
			opts.plainSearch = true
			a, err := New(context.Background(), tc.p, 0, opts)
			if err != nil {
				t.Fatal(err)
			}
			set := a.PlacementSet()
			if set.Parts() != len(tc.p.Problems[0].Parts) {
				t.Fatalf("%d parts, want %d", set.Parts(), len(tc.p.Problems[0].Parts))
			}
			listed := map[int]map[model.Placement]bool{}
			total := 0
			for i := 0; i < set.Parts(); i++ {
				l, err := set.Part(i)
				if err != nil {
					t.Fatal(err)
				}
				rows := 0
				for _, r := range a.rows {
					if int(r.part) == i {
						rows++
					}
				}
				if l.Len() != rows || rows == 0 {
					t.Errorf("part %d: %d placements listed, the assembler has %d rows", i, l.Len(), rows)
				}
				if l.Shape() != tc.p.Problems[0].Parts[i].Shape {
					t.Errorf("part %d: shape %d", i, l.Shape())
				}
				listed[i] = map[model.Placement]bool{}
				for k := 0; k < l.Len(); k++ {
					pl := l.At(k)
					if listed[i][pl] {
						t.Errorf("part %d: placement %v listed twice", i, pl)
					}
					listed[i][pl] = true
					cells, err := model.PlacedCells(a.g, &tc.p.Shapes[l.Shape()], pl)
					if err != nil {
						t.Fatal(err)
					}
					res := &tc.p.Shapes[tc.p.Problems[0].Result]
					for _, c := range cells {
						if res.At(c.Pos).State() == model.Empty {
							t.Fatalf("part %d placement %d: cell %v outside the result", i, k, c.Pos)
						}
					}
				}
				total += l.Len()
			}
			if total != a.Stats().Placements {
				t.Errorf("%d placements listed, Stats says %d", total, a.Stats().Placements)
			}
			slots := tc.p.Problems[0].SlotParts()
			for _, asm := range search(t, a, 1) {
				for slot, pl := range asm {
					if pl.Placed() && !listed[slots[slot]][pl] {
						t.Errorf("an assembly places part %d at %v, which is not listed", slots[slot], pl)
					}
				}
			}
		})
	}
	if _, err := (&PlacementSet{a: &Assembler{}}).Part(0); err == nil {
		t.Error("part 0 of no parts: no error")
	}
}

// TestPlacementSetLenient lists what New refuses: a piece that fits
// nowhere and pieces too big for the result.
func TestPlacementSetLenient(t *testing.T) {
	p := puzzle(box(3, 1, 1, model.Filled), box(4, 1, 1, model.Filled), box(2, 1, 1, model.Filled))
	_, err := New(context.Background(), p, 0, DefaultOptions())
	var ue *UnitsError
	if !errors.As(err, &ue) {
		t.Fatalf("New: %v, want a units error", err)
	}
	set, err := NewPlacementSet(context.Background(), p, 0, DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	long, _ := set.Part(0)
	short, _ := set.Part(1)
	// Counted by hand: the 4-stick fits nowhere, the 2-stick lies along x
	// at the 3-stick's two ends. (The 4-stick, with the least room, is the
	// symmetry breaker: see preferredBreaker.)
	if long.Len() != 0 || short.Len() != 2 {
		t.Errorf("%d and %d placements, want 0 and 2", long.Len(), short.Len())
	}
	if _, err := NewPlacementSet(context.Background(), p, 3, DefaultOptions()); err == nil {
		t.Error("problem 3: no error")
	}
}

// TestPlacementSetLarge lists a piece with more than 100,000 placements:
// a single cube in a box of 120,000 cells without symmetry (one corner
// cut off), so that the filter trims none. Placements must stay compact:
// an orientation and a position each, no cell lists (a stopwatch would say
// more about the machine's other work than about the listing).
func TestPlacementSetLarge(t *testing.T) {
	res := box(60, 50, 40, model.Variable)
	res.Set(grid.Vec{0, 0, 0}, model.MakeVoxel(model.Empty, 0))
	p := puzzle(res, box(1, 1, 1, model.Filled))
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	set, err := NewPlacementSet(context.Background(), p, 0, DefaultOptions())
	runtime.GC()
	runtime.ReadMemStats(&after)
	if err != nil {
		t.Fatal(err)
	}
	l, _ := set.Part(0)
	if want := 60*50*40 - 1; l.Len() != want {
		t.Fatalf("%d placements, want %d", l.Len(), want)
	}
	kept := int64(after.HeapAlloc) - int64(before.HeapAlloc)
	t.Logf("%d placements keep %d bytes", l.Len(), kept)
	if kept > 32<<20 {
		t.Errorf("the listing keeps %d MB", kept>>20)
	}
	seen := map[grid.Vec]bool{}
	for k := 0; k < l.Len(); k++ {
		pl := l.At(k)
		if pl.Orient != 0 || seen[pl.Pos] || pl.Pos == (grid.Vec{}) {
			t.Fatalf("placement %d: %v", k, pl)
		}
		seen[pl.Pos] = true
	}
	runtime.KeepAlive(set)
}
