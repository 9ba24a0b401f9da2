package disassemble

import (
	"context"
	"fmt"
	"reflect"
	"testing"

	"github.com/burrlab/burrlab/model"
	"github.com/burrlab/burrlab/model/grid"
)

// TestPartial: a cube locked in a shell stays stuck, a cap resting on the
// shell comes off first; Partial reports the cap's removal and the stuck
// pair, where Disassemble only says no. An assembly that comes apart gives
// Disassemble's tree and nothing stuck.
func TestPartial(t *testing.T) {
	shell := box(grid.Vec{0, 0, 0}, grid.Vec{2, 2, 2}, grid.Vec{1, 1, 1})
	core := []grid.Vec{{1, 1, 1}}
	capCell := []grid.Vec{{1, 3, 1}}
	p, pr, a := puzzle(grid.Cubes, 0, shell, core, capCell)
	d, err := New(p, pr)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	if sep, err := d.Disassemble(ctx, a); sep != nil || err != nil {
		t.Fatalf("Disassemble: %v, %v; want nil, nil", sep, err)
	}
	part, err := d.Partial(ctx, a)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(part.Interlocked, [][]int{{0, 1}}) {
		t.Errorf("interlocked %v, want [[0 1]]", part.Interlocked)
	}
	sep := part.Separation
	if sep == nil || len(sep.Pieces) != 3 || sep.Moves() != 1 || sep.Left != nil || sep.Removed != nil {
		t.Fatalf("separation %+v, want the cap lifted off in one move, nothing below", sep)
	}
	for j, slot := range sep.Pieces {
		if sep.RemovedIn(j) != (slot == 2) {
			t.Errorf("piece %d removed: %v", slot, sep.RemovedIn(j))
		}
	}
	// Disassemble is unchanged by a Partial run before it on the same worker.
	if sep, _ := d.Disassemble(ctx, a); sep != nil {
		t.Errorf("Disassemble after Partial: %+v", sep)
	}

	// Nothing comes off the pair alone.
	p, pr, a = puzzle(grid.Cubes, 0, shell, core)
	d, _ = New(p, pr)
	part, err = d.Partial(ctx, a)
	if err != nil || part.Separation != nil || !reflect.DeepEqual(part.Interlocked, [][]int{{0, 1}}) {
		t.Errorf("shell and core: %+v, %v; want no separation, [[0 1]] stuck", part, err)
	}

	// The slide-and-lift puzzle comes apart: the same tree, nothing stuck.
	p, pr, a = puzzle(grid.Cubes, 0, frame, plug)
	d, _ = New(p, pr)
	want, _ := d.Disassemble(ctx, a)
	part, err = d.Partial(ctx, a)
	if err != nil || len(part.Interlocked) != 0 || !reflect.DeepEqual(part.Separation, want) {
		t.Errorf("slide and lift: %+v, %v; want %+v and nothing stuck", part, err, want)
	}
}

// TestPartialOnExamples: on every assembly of two BurrTools examples,
// Partial gives Disassemble's tree and nothing stuck where the assembly
// comes apart, and where it does not, stuck groups of two or more placed
// pieces, none in two groups, each a leaf of its tree.
func TestPartialOnExamples(t *testing.T) {
	for _, file := range []string{"PelikanBurr.xmpuzzle", "DraculasDentalDesaster.xmpuzzle"} {
		p := loadExample(t, file)
		pr := &p.Problems[0]
		d, err := New(p, pr)
		if err != nil {
			t.Fatal(err)
		}
		ctx := context.Background()
		apart, stuck := 0, 0
		for k, a := range readAssemblies(t, p, file, 0) {
			want, err := d.Disassemble(ctx, a)
			if err != nil {
				t.Fatal(err)
			}
			part, err := d.Partial(ctx, a)
			if err != nil {
				t.Fatal(err)
			}
			if want != nil {
				apart++
				if len(part.Interlocked) != 0 || !reflect.DeepEqual(part.Separation, want) {
					t.Errorf("%s #%d comes apart, but Partial says %v stuck", file, k, part.Interlocked)
				}
				continue
			}
			stuck++
			if len(part.Interlocked) == 0 {
				t.Fatalf("%s #%d does not come apart, but Partial finds nothing stuck", file, k)
			}
			leaves := map[string]bool{}
			var walk func(s *model.Separation)
			walk = func(s *model.Separation) {
				if s == nil {
					return
				}
				var left, removed []int
				for j, slot := range s.Pieces {
					if s.RemovedIn(j) {
						removed = append(removed, slot)
					} else {
						left = append(left, slot)
					}
				}
				if s.Left == nil {
					leaves[fmt.Sprint(left)] = true
				}
				if s.Removed == nil {
					leaves[fmt.Sprint(removed)] = true
				}
				walk(s.Left)
				walk(s.Removed)
			}
			walk(part.Separation)
			seen := map[int]bool{}
			for _, g := range part.Interlocked {
				if len(g) < 2 {
					t.Errorf("%s #%d: stuck group %v of one piece", file, k, g)
				}
				for _, s := range g {
					if seen[s] || !a[s].Placed() {
						t.Errorf("%s #%d: piece %d twice or not placed", file, k, s)
					}
					seen[s] = true
				}
				if part.Separation != nil && !leaves[fmt.Sprint(g)] {
					t.Errorf("%s #%d: stuck group %v is no leaf of the tree", file, k, g)
				}
			}
		}
		t.Logf("%s: %d come apart, %d stuck", file, apart, stuck)
	}
}
