package conformance

import (
	"fmt"
	"testing"

	"github.com/burrlab/burrlab/solver"
)

// burrToolsOptionCounts are BurrTools' assembly counts for every example
// problem under each combination of its three symmetry options, indexed by
// keepMirrors<<2 | keepRotations<<1 | completeRotationCheck. They were
// measured with BurrTools 0.7.1 (commit b72a71d) built from source: a
// small driver loaded each file and called the assembler's createMatrix
// with the three flags, then counted what assemble reported. burrTxt
// itself always passes false for all three, so expected.json holds only
// the first column.
var burrToolsOptionCounts = []struct {
	file    string
	problem int
	counts  [8]uint64
}{
	{"12PieceSeparation.xmpuzzle", 0, [8]uint64{1, 1, 1, 1, 1, 1, 1, 1}},
	{"AlPackino.xmpuzzle", 0, [8]uint64{1, 1, 1, 1, 1, 1, 1, 1}},
	{"AugmentedSecondStellation.xmpuzzle", 0, [8]uint64{2, 2, 2, 2, 2, 2, 2, 2}},
	{"BallRoom.xmpuzzle", 0, [8]uint64{2, 2, 2, 2, 2, 2, 2, 2}},
	{"BallRoom.xmpuzzle", 1, [8]uint64{1, 1, 2, 2, 2, 2, 2, 2}},
	{"BallRoom.xmpuzzle", 2, [8]uint64{3, 3, 3, 3, 3, 3, 3, 3}},
	{"Bermuda.xmpuzzle", 0, [8]uint64{1, 1, 2, 2, 2, 2, 2, 2}},
	{"BrokenSticks.xmpuzzle", 0, [8]uint64{2, 2, 2, 2, 2, 2, 2, 2}},
	{"CubeInCage.xmpuzzle", 0, [8]uint64{96, 96, 96, 96, 96, 96, 96, 96}},
	{"DemoMirrorParadox.xmpuzzle", 0, [8]uint64{1, 1, 2, 2, 2, 2, 2, 2}},
	{"DemoMirrorParadox.xmpuzzle", 1, [8]uint64{1, 1, 48, 48, 2, 2, 48, 48}},
	{"DemoPieceGenerator.xmpuzzle", 0, [8]uint64{928, 528, 1760, 1760, 1760, 1024, 1760, 1760}},
	{"DiagonalCube.xmpuzzle", 0, [8]uint64{2, 2, 2, 2, 2, 2, 2, 2}},
	{"DraculasDentalDesaster.xmpuzzle", 0, [8]uint64{84, 84, 84, 84, 84, 84, 84, 84}},
	{"FourPieceTetrahedron.xmpuzzle", 0, [8]uint64{1, 1, 6, 6, 1, 1, 6, 6}},
	{"HexSticks.xmpuzzle", 0, [8]uint64{33, 33, 744, 744, 33, 33, 744, 744}},
	{"PelikanBurr.xmpuzzle", 0, [8]uint64{12, 12, 12, 12, 12, 12, 12, 12}},
	{"PermutatedThirdStellation.xmpuzzle", 0, [8]uint64{2, 2, 2, 2, 2, 2, 2, 2}},
	{"PiecesOfEight.xmpuzzle", 0, [8]uint64{6, 6, 88, 88, 11, 11, 88, 88}},
	{"PiecesOfEight.xmpuzzle", 1, [8]uint64{4, 4, 32, 32, 8, 8, 32, 32}},
	{"PiecesOfEight.xmpuzzle", 2, [8]uint64{43, 43, 172, 172, 86, 86, 172, 172}},
	{"PiecesOfEight.xmpuzzle", 3, [8]uint64{12, 12, 576, 576, 24, 24, 576, 576}},
	{"PiecesOfEight.xmpuzzle", 4, [8]uint64{20, 20, 80, 80, 40, 40, 80, 80}},
	{"PiecesOfEight.xmpuzzle", 5, [8]uint64{12, 12, 24, 24, 24, 24, 24, 24}},
	{"Prisgon.xmpuzzle", 0, [8]uint64{1, 1, 1, 1, 1, 1, 1, 1}},
	{"Prisgon.xmpuzzle", 1, [8]uint64{1, 1, 1, 1, 1, 1, 1, 1}},
	{"SolidSixPieceBurrs.xmpuzzle", 0, [8]uint64{588, 588, 12597, 12597, 1063, 1063, 12597, 12597}},
}

// TestSymmetryOptions checks that keep mirrors, keep rotations and the
// expensive rotation check mean what they mean in BurrTools: the same
// counts on every example problem, in all eight combinations. Among them
// are the user guide's: DemoPieceGenerator gives 1024 with keep mirrors
// and the expensive check, and each DemoMirrorParadox problem 2 with keep
// mirrors.
func TestSymmetryOptions(t *testing.T) {
	for _, tc := range burrToolsOptionCounts {
		p := loadExample(t, tc.file)
		for k, want := range tc.counts {
			opts := solver.Options{
				KeepMirrors:           k&4 != 0,
				KeepRotations:         k&2 != 0,
				CompleteRotationCheck: k&1 != 0,
				Workers:               2,
			}
			name := fmt.Sprintf("%s/%d/mirrors=%v,rotations=%v,complete=%v", tc.file, tc.problem,
				opts.KeepMirrors, opts.KeepRotations, opts.CompleteRotationCheck)
			t.Run(name, func(t *testing.T) {
				_, done, err := solveAll(t, p, tc.problem, opts)
				if err != nil {
					t.Fatal(err)
				}
				if !done.Complete || done.Assemblies != want {
					t.Errorf("%d assemblies (complete %v), BurrTools %d", done.Assemblies, done.Complete, want)
				}
			})
		}
	}
}

// TestMaxHoles checks the max holes limit against BurrTools on
// DemoPieceGenerator, whose result has ten variable cells and whose small
// cube may be used 0 to 10 times. The counts, for each limit, are without
// options, with the expensive check, with keep mirrors, and with both;
// they were measured as burrToolsOptionCounts were, with the problem's
// limit set before the matrix was built.
func TestMaxHoles(t *testing.T) {
	p := loadExample(t, "DemoPieceGenerator.xmpuzzle")
	for _, tc := range []struct {
		holes  int
		counts [4]uint64
	}{
		{0, [4]uint64{8, 1, 8, 1}},
		{1, [4]uint64{34, 6, 60, 11}},
		{2, [4]uint64{126, 31, 218, 56}},
		{3, [4]uint64{276, 91, 518, 176}},
		{4, [4]uint64{491, 201, 915, 386}},
		{5, [4]uint64{682, 327, 1297, 638}},
		{6, [4]uint64{827, 437, 1566, 848}},
		{7, [4]uint64{895, 497, 1702, 968}},
		{8, [4]uint64{922, 522, 1749, 1013}},
		{9, [4]uint64{927, 527, 1759, 1023}},
		{10, [4]uint64{928, 528, 1760, 1024}},
	} {
		for k, want := range tc.counts {
			holes := tc.holes
			opts := solver.Options{
				KeepMirrors:           k&2 != 0,
				CompleteRotationCheck: k&1 != 0,
				MaxHoles:              &holes,
				Workers:               2,
			}
			t.Run(fmt.Sprintf("holes=%d,mirrors=%v,complete=%v", holes, opts.KeepMirrors, opts.CompleteRotationCheck), func(t *testing.T) {
				_, done, err := solveAll(t, p, 0, opts)
				if err != nil {
					t.Fatal(err)
				}
				if !done.Complete || done.Assemblies != want {
					t.Errorf("%d assemblies (complete %v), BurrTools %d", done.Assemblies, done.Complete, want)
				}
			})
		}
	}
}
