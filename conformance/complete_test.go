package conformance

import (
	"fmt"
	"math"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/go-gl/mathgl/mgl64"

	"github.com/burrlab/burrlab/model"
	"github.com/burrlab/burrlab/model/grid"
	"github.com/burrlab/burrlab/model/xmpuzzle"
	"github.com/burrlab/burrlab/solver"
)

// TestCompleteCheckOnOtherGrids shows where BurrTools' expensive rotation
// check is wrong off the cube grid. On these puzzles the check should
// keep one assembly of each set of assemblies that turn and move into
// each other, so with mirrors kept its count is the number of such
// classes. The test counts them itself (orbits, below) from every
// assembly (rotations and mirrors kept, where BurrTools and BurrLab
// agree) and checks that BurrLab's expensive check keeps that many.
//
// The puzzles are the smallest of a random comparison (about 5,700
// puzzles on the five grids, generated for it) where BurrTools differed.
// BurrTools' counts were measured with its library (b72a71d built from
// source with g++ -O2) through a small driver of ours that sets the
// solver's options as its GUI does; burrTxt has no flag for them.
// BurrTools drops the only assembly of three one-class puzzles (0 where
// one piece fits in one place), and keeps assemblies that turn into each
// other in the other three. Its turn of an assembly seems to move cells
// by the assembly space's bounding box without checking that they land
// on cells of the same kind (these grids have several kinds of cell per
// lattice point); that reading of its source was not confirmed in a
// debugger.
func TestCompleteCheckOnOtherGrids(t *testing.T) {
	for _, tc := range []struct {
		file      string
		all       uint64 // rotations and mirrors kept: both programs
		classes   uint64 // the expensive check, mirrors kept
		burrTools uint64 // BurrTools' expensive check, mirrors kept
	}{
		{"complete-tetraocta-1040", 1, 1, 0}, // one cell, one piece
		{"complete-prisms-1284", 2, 1, 0},    // two prisms stacked
		{"complete-rhombic-1049", 1, 1, 0},
		{"complete-prisms-1421", 4, 1, 2},
		{"complete-spheres-1507", 7, 5, 6},
		{"complete-tetraocta-1016", 24, 6, 24},
	} {
		t.Run(tc.file, func(t *testing.T) {
			p, all, classes := allAndClasses(t, tc.file)
			if all != tc.all {
				t.Fatalf("%d assemblies with rotations and mirrors kept, want %d (BurrTools too)", all, tc.all)
			}
			if classes != tc.classes {
				t.Fatalf("%d classes of assemblies that turn into each other, want %d", classes, tc.classes)
			}
			if kept := completeKept(t, p, true); kept != tc.classes {
				t.Errorf("the expensive check kept %d assemblies, want one per class, %d (BurrTools keeps %d)", kept, tc.classes, tc.burrTools)
			}
		})
	}
}

// allAndClasses reads testdata/file.xmpuzzle and returns the puzzle, its
// assemblies with rotations and mirrors kept (where BurrTools and BurrLab
// agree) and the number of their classes (orbits).
func allAndClasses(t *testing.T, file string) (p *model.Puzzle, all, classes uint64) {
	t.Helper()
	p, err := xmpuzzle.ReadFile(filepath.Join("testdata", file+".xmpuzzle"))
	if err != nil {
		t.Fatal(err)
	}
	sols, done, err := solveAll(t, p, 0, solver.Options{KeepRotations: true, KeepMirrors: true})
	if err != nil {
		t.Fatal(err)
	}
	return p, done.Assemblies, orbits(t, p, sols)
}

// completeKept returns how many assemblies of problem 0 of p the
// expensive rotation check keeps, mirrors kept or not.
func completeKept(t *testing.T, p *model.Puzzle, mirrors bool) uint64 {
	t.Helper()
	_, done, err := solveAll(t, p, 0, solver.Options{CompleteRotationCheck: true, KeepMirrors: mirrors})
	if err != nil {
		t.Fatal(err)
	}
	return done.Assemblies
}

// orbits counts the classes of the assemblies sols of problem 0 of p
// under the grid's proper rotations and its lattice translations: two
// assemblies are alike when one, turned and moved as a whole, puts a
// piece of each part on the cells, with the colours, of a piece of that
// part in the other. Balls whose centres lie in one plane turn in more
// ways than the grid: their mirror images are turns of them too (mirror
// through that plane first, which changes nothing). It compares every
// pair, which suits a few dozen.
func orbits(t *testing.T, p *model.Puzzle, sols []model.Solution) uint64 {
	t.Helper()
	g := grid.Must(p.Grid)
	pr := &p.Problems[0]
	slotPart := pr.SlotParts()
	type piece struct {
		part  int
		cells []grid.Cell
	}
	asms := make([][]piece, len(sols))
	for i, s := range sols {
		for slot, pl := range s.Assembly {
			if !pl.Placed() {
				continue
			}
			cs, err := model.PlacedVoxels(g, &p.Shapes[pr.Parts[slotPart[slot]].Shape], pl)
			if err != nil {
				t.Fatal(err)
			}
			asms[i] = append(asms[i], piece{slotPart[slot], cs})
		}
	}
	// key writes an assembly moved by -d, pieces and cells in order.
	key := func(ps []piece, d grid.Vec) string {
		keys := make([]string, len(ps))
		for i, pc := range ps {
			cs := make([]string, len(pc.cells))
			for j, c := range pc.cells {
				cs[j] = fmt.Sprint(c.Pos.Sub(d), c.Tag)
			}
			slices.Sort(cs)
			keys[i] = fmt.Sprint(pc.part, cs)
		}
		slices.Sort(keys)
		return strings.Join(keys, "|")
	}
	// least returns an assembly's smallest cell in index order, which a
	// translation keeps smallest.
	least := func(ps []piece) grid.Vec {
		m := ps[0].cells[0].Pos
		for _, pc := range ps {
			for _, c := range pc.cells {
				if c.Pos.Less(m) {
					m = c.Pos
				}
			}
		}
		return m
	}
	// turned returns ps turned by orientation t as a whole.
	turned := func(ps []piece, tt int) ([]piece, bool) {
		var pos []grid.Vec
		for _, pc := range ps {
			for _, c := range pc.cells {
				pos = append(pos, c.Pos)
			}
		}
		out, _, ok := g.Transform(tt, pos, pos[0])
		if !ok {
			return nil, false
		}
		res := make([]piece, len(ps))
		k := 0
		for i, pc := range ps {
			res[i].part = pc.part
			for _, c := range pc.cells {
				res[i].cells = append(res[i].cells, grid.Cell{Pos: out[k], Tag: c.Tag})
				k++
			}
		}
		return res, true
	}
	// flatBalls says whether the centres of an assembly's balls lie in one
	// plane.
	flatBalls := func(ps []piece) bool {
		var c []mgl64.Vec3
		for _, pc := range ps {
			for _, cell := range pc.cells {
				sd := g.Solid(cell.Pos)
				if sd.Radius == 0 {
					return false
				}
				c = append(c, sd.Center)
			}
		}
		var n mgl64.Vec3
		for i := 1; i < len(c) && n.Len() < 1e-9; i++ {
			for j := i + 1; j < len(c) && n.Len() < 1e-9; j++ {
				n = c[i].Sub(c[0]).Cross(c[j].Sub(c[0]))
			}
		}
		for _, q := range c {
			if math.Abs(n.Dot(q.Sub(c[0]))) > 1e-6*n.Len() {
				return false
			}
		}
		return true
	}
	class := make([]int, len(asms))
	for i := range class {
		class[i] = i
	}
	for i := range asms {
		for j := range i {
			if class[j] != j {
				continue // compared with its class's first
			}
			ki := key(asms[i], least(asms[i]))
			turns := g.Orientations()
			if flatBalls(asms[j]) {
				turns *= 2
			}
			for tt := 0; tt < turns && class[i] == i; tt++ {
				tj, ok := turned(asms[j], tt)
				if !ok {
					continue
				}
				d := least(tj).Sub(least(asms[i]))
				if g.InLattice(d) && key(tj, least(tj)) == ki {
					class[i] = j
				}
			}
		}
	}
	var n uint64
	for i, c := range class {
		if c == i {
			n++
		}
	}
	return n
}

// TestCompleteCheckAsymmetricResult shows where BurrLab's expensive
// rotation check departs from BurrTools' on purpose. Two pieces fill a
// 2x4x3 box whose variable cells are placed so that the box has no
// symmetry; the pieces fill all of it, so each of the four assemblies is
// another turned into the box. BurrTools runs its check only when the
// result has a symmetry (its assembler_1.cpp plans no filter at all
// otherwise) and keeps all four (b72a71d through our driver, with
// mirrors kept or not), though its option promises to eliminate "rotations
// not in symmetry of the result shape". BurrLab keeps one. On 750 random
// puzzles of the earlier comparison this brought the kept count to the
// number of classes in 122 more of them and changed no other.
func TestCompleteCheckAsymmetricResult(t *testing.T) {
	p, all, classes := allAndClasses(t, "complete-cubes-asymmetric-1149")
	if all != 4 || classes != 1 {
		t.Fatalf("%d assemblies in %d classes, want 4 in 1", all, classes)
	}
	for _, mirrors := range []bool{true, false} {
		if kept := completeKept(t, p, mirrors); kept != 1 {
			t.Errorf("keep mirrors %v: the expensive check kept %d assemblies, want 1 (BurrTools keeps 4)", mirrors, kept)
		}
	}
	// The ordinary check has no symmetry to go by: all four.
	if _, done, err := solveAll(t, p, 0, solver.Options{}); err != nil || done.Assemblies != 4 {
		t.Errorf("without the expensive check: %d assemblies (%v), want 4 as BurrTools", done.Assemblies, err)
	}
}

// TestCompleteCheckWhenTheBreakerTakesAllSymmetry: the piece placed in
// fewer orientations (the symmetry breaker) may take all of the result's
// symmetry. BurrTools then runs no filter for the expensive rotation
// check either, and keeps assemblies that turn and move into each other
// by turns outside the result's symmetries (these results, with their
// variable cells, take turned copies of an assembly elsewhere). BurrLab
// runs the filter then too.
//
// The puzzles come from the random comparison of
// TestCompleteCheckAsymmetricResult: on its 750 puzzles the kept count
// (mirrors kept) equalled the class count in 747 after this change,
// against 739 before, and changed in no other; the other three were
// sphere puzzles of flat assemblies (TestCompleteCheckFlatBalls).
// BurrTools' counts were measured as in TestCompleteCheckOnOtherGrids.
func TestCompleteCheckWhenTheBreakerTakesAllSymmetry(t *testing.T) {
	for _, tc := range []struct {
		file      string
		all       uint64 // rotations and mirrors kept: both programs
		burrTools uint64 // BurrTools' expensive check, mirrors kept or not
	}{
		{"complete-breaker-prisms-1129", 2, 2},
		{"complete-breaker-rhombic-1088", 24, 24},
		{"complete-breaker-tetraocta-1082", 4, 4},
	} {
		t.Run(tc.file, func(t *testing.T) {
			p, all, classes := allAndClasses(t, tc.file)
			if all != tc.all || classes != 1 {
				t.Fatalf("%d assemblies in %d classes, want %d in 1", all, classes, tc.all)
			}
			// No piece has a mirror partner: the mirror images are not
			// compared, and both counts are the class count.
			for _, mirrors := range []bool{true, false} {
				if kept := completeKept(t, p, mirrors); kept != 1 {
					t.Errorf("keep mirrors %v: the expensive check kept %d assemblies, want 1 (BurrTools keeps %d)", mirrors, kept, tc.burrTools)
				}
			}
		})
	}
}

// TestCompleteCheckFlatBalls: an assembly of balls whose centres lie in
// one plane turns in more ways than the sphere grid does. Across the
// lattice's threefold axes, a layer of balls also turns by halves and
// sixths of a turn about them, which are no orientations of the grid;
// but such a turn of a flat assembly is a mirror image of it (mirror it
// through its plane first, which changes nothing), so the expensive
// check compares the mirror images of flat assemblies even with mirrors
// kept. Any three balls lie in one plane. The puzzles (single balls in
// boxes with variable cells) are from the random comparison: in the
// first, three pairs of the 48 assemblies are such turns of each other,
// and with them the kept count equals the class count on all of its 750
// puzzles; the second, of two or three balls, is one of 150 more sphere
// puzzles, where the comparison's own class counter, which missed this
// turn, says 9.
func TestCompleteCheckFlatBalls(t *testing.T) {
	for _, tc := range []struct {
		file                            string
		all, classes, before, burrTools uint64
	}{
		{"complete-spheres-flat-1029", 48, 45, 48, 48},
		{"complete-spheres-flat-1154", 15, 8, 9, 15},
	} {
		t.Run(tc.file, func(t *testing.T) {
			p, all, classes := allAndClasses(t, tc.file)
			if all != tc.all || classes != tc.classes {
				t.Fatalf("%d assemblies in %d classes, want %d in %d", all, classes, tc.all, tc.classes)
			}
			for _, mirrors := range []bool{true, false} {
				if kept := completeKept(t, p, mirrors); kept != tc.classes {
					t.Errorf("keep mirrors %v: the expensive check kept %d assemblies, want %d (BurrLab kept %d before, BurrTools keeps %d)",
						mirrors, kept, tc.classes, tc.before, tc.burrTools)
				}
			}
		})
	}
}
