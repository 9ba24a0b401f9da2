package assemble

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/burrlab/burrlab/model"
	"github.com/burrlab/burrlab/solver/cover"
)

func TestClassics(t *testing.T) {
	// The bigger pentomino rectangles are in the conformance suite.
	for _, tc := range []struct {
		name string
		p    *model.Puzzle
		want int
	}{
		{"soma cube", puzzle(box(3, 3, 3, model.Filled), soma()...), 240},
		{"pentominoes 3x20", puzzle(box(20, 3, 1, model.Filled), pentominoes()...), 2},
		{"pentominoes 4x15", puzzle(box(15, 4, 1, model.Filled), pentominoes()...), 368},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := len(run(t, tc.p, DefaultOptions(), 2)); got != tc.want {
				t.Errorf("%d assemblies, want %d", got, tc.want)
			}
		})
	}
}

// TestCubeInSquare is the user guide's example for the complete rotation
// check: one cube in a 4x4 square of variable cells is one solution up to
// translation and rotation, but three (corner, edge, centre) up to the
// square's symmetries, and all 16 positions without the filter.
func TestCubeInSquare(t *testing.T) {
	p := puzzle(box(4, 4, 1, model.Variable), box(1, 1, 1, model.Filled))
	for _, tc := range []struct {
		name string
		opts Options
		want int
	}{
		{"normal", DefaultOptions(), 3},
		{"complete", Options{MaxHoles: -1, CompleteRotationCheck: true}, 1},
		{"keep mirrors", Options{MaxHoles: -1, KeepMirrors: true}, 3},
		{"keep rotations", Options{MaxHoles: -1, KeepRotations: true}, 16},
	} {
		if got := len(run(t, p, tc.opts, 1)); got != tc.want {
			t.Errorf("%s: %d assemblies, want %d", tc.name, got, tc.want)
		}
	}
}

// TestErrors checks the errors BurrTools raises before searching.
func TestErrors(t *testing.T) {
	cube := box(1, 1, 1, model.Filled)
	for _, tc := range []struct {
		name  string
		p     *model.Puzzle
		check func(error) bool
	}{
		{"too many", puzzle(box(2, 1, 1, model.Filled), cube, cube, cube), func(err error) bool {
			var e *UnitsError
			return errors.As(err, &e) && e.Many && e.N == 1
		}},
		{"too few", puzzle(box(3, 1, 1, model.Filled), cube), func(err error) bool {
			var e *UnitsError
			return errors.As(err, &e) && !e.Many && e.N == 2
		}},
		{"cannot place", puzzle(box(2, 2, 1, model.Filled), flat("long", "####")), func(err error) bool {
			var e *PlaceError
			return errors.As(err, &e) && e.Part == 0 && e.Shape == 0 && e.Name == "long"
		}},
		{"empty piece", puzzle(box(1, 1, 1, model.Filled), cube, box(1, 1, 1, model.Variable)), func(err error) bool {
			var e *EmptyShapeError
			return errors.As(err, &e) && e.Shape == 1
		}},
		{"no result", func() *model.Puzzle {
			p := puzzle(cube, cube)
			p.Problems[0].Result = model.NoResult
			return p
		}(), func(err error) bool { return errors.Is(err, ErrNoResult) }},
		{"no pieces", puzzle(cube), func(err error) bool { return errors.Is(err, ErrNoPieces) }},
		{"huge result", puzzle(box(65, 64, 64, model.Variable), cube), func(err error) bool {
			return err != nil && strings.Contains(err.Error(), "266240 cells, more than the 262144 allowed")
		}},
	} {
		_, err := New(context.Background(), tc.p, 0, DefaultOptions())
		if err == nil || !tc.check(err) {
			t.Errorf("%s: error %v", tc.name, err)
		}
	}
}

// TestSharedShapes: by default the Assembler works on copies of the
// shapes, so that an editor may change them while it lives; with
// SharedShapes it reads them where they are, and prepares the same
// problem. Validated, which skips checking the shapes' cells, prepares
// the same problem too; without it an invalid cell is refused.
func TestSharedShapes(t *testing.T) {
	p := puzzle(box(3, 2, 1, model.Filled), box(1, 2, 1, model.Filled), box(2, 2, 1, model.Filled))
	same := func(a, b model.Shape) bool { return &a.Voxels[0] == &b.Voxels[0] }
	var fingerprints []string
	for _, shared := range []bool{false, true} {
		for _, validated := range []bool{false, true} {
			opts := DefaultOptions()
			opts.SharedShapes, opts.Validated = shared, validated
			a, err := New(context.Background(), p, 0, opts)
			if err != nil {
				t.Fatal(err)
			}
			for _, s := range []int{0, 1, 2} {
				if got := same(a.Puzzle().Shapes[s], p.Shapes[s]); got != shared {
					t.Errorf("SharedShapes %v: shape %d shares its voxels: %v", shared, s, got)
				}
			}
			m, err := cover.New(a.Cover())
			if err != nil {
				t.Fatal(err)
			}
			fingerprints = append(fingerprints, m.Fingerprint())
		}
	}
	for _, f := range fingerprints[1:] {
		if f != fingerprints[0] {
			t.Errorf("the matrices differ: %v", fingerprints)
		}
	}
	p.Shapes[1].Voxels[0] = 3 // an unknown state
	if _, err := New(context.Background(), p, 0, DefaultOptions()); err == nil || !strings.Contains(err.Error(), "unknown state") {
		t.Errorf("an unknown state: error %v", err)
	}
}
