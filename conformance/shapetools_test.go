package conformance

import (
	"hash/fnv"
	"testing"

	"github.com/burrlab/burrlab/model"
	"github.com/burrlab/burrlab/model/grid"
)

// toolResult is what one whole-shape tool did to all shapes of a puzzle:
// how many voxel bytes changed, and the FNV-1a 32-bit hash of all the
// resulting voxel bytes, shape after shape.
type toolResult struct {
	changed int
	hash    uint32
}

// burrToolsShapeTools are BurrTools' results of its shape editor's "fill
// holes" and inside/outside tools on every shape of every example, in the
// order fill holes, inside fixed, inside variable, inside decolour, outside
// fixed, outside variable, outside decolour. They were measured with
// BurrTools 0.7.1 (commit b72a71d) built from source: a small driver
// applied voxel_c::fillHoles(0) and actionOnSpace(ACT_FIXED / ACT_VARIABLE
// / ACT_DECOLOR, inside) (the GUI's tool tab tasks 40 and 16-21) to a fresh
// copy of each shape and printed the count and the hash.
//
// Fill holes is measured on the shapes with their constraint colours
// removed. BurrTools' fillHoles compares whole voxel bytes with VX_FILLED,
// so a filled cell with a colour counts as empty there: in
// DraculasDentalDesaster, whose result is walled in coloured cells, it
// fills none of the 936 enclosed cells (changed 0), while without the
// colours it fills all 936, as BurrLab does with or without them.
var burrToolsShapeTools = []struct {
	file    string
	results [7]toolResult
}{
	{"12PieceSeparation.xmpuzzle", [7]toolResult{{48, 0x6b53dd7b}, {0, 0x97bcb80b}, {120, 0xe81c702b}, {0, 0x97bcb80b}, {0, 0x97bcb80b}, {360, 0x5a0a2aef}, {0, 0x97bcb80b}}},
	{"AlPackino.xmpuzzle", [7]toolResult{{0, 0x88a042f8}, {0, 0x88a042f8}, {48, 0x72d6ac28}, {0, 0x88a042f8}, {0, 0x88a042f8}, {267, 0xf7118967}, {0, 0x88a042f8}}},
	{"AugmentedSecondStellation.xmpuzzle", [7]toolResult{{0, 0x55f79415}, {0, 0x64025b35}, {102, 0x61cac0d5}, {0, 0x64025b35}, {0, 0x64025b35}, {378, 0x2475767d}, {96, 0x55f79415}}},
	{"BallRoom.xmpuzzle", [7]toolResult{{0, 0xce75a0f3}, {0, 0xce75a0f3}, {0, 0xce75a0f3}, {0, 0xce75a0f3}, {0, 0xce75a0f3}, {52, 0xf10a016d}, {0, 0xce75a0f3}}},
	{"Bermuda.xmpuzzle", [7]toolResult{{0, 0x075dc33d}, {0, 0x075dc33d}, {12, 0x76275ac9}, {0, 0x075dc33d}, {0, 0x075dc33d}, {192, 0x6bd6e809}, {0, 0x075dc33d}}},
	{"BrokenSticks.xmpuzzle", [7]toolResult{{0, 0x26bd5515}, {0, 0x704ea095}, {198, 0x2f278305}, {0, 0x704ea095}, {0, 0x704ea095}, {954, 0x456549d5}, {240, 0x26bd5515}}},
	{"CubeInCage.xmpuzzle", [7]toolResult{{0, 0x1b2cc0e1}, {19, 0xdc9aadce}, {6, 0x8173c8c9}, {0, 0x1b2cc0e1}, {20, 0x4c132f31}, {124, 0x726c543d}, {0, 0x1b2cc0e1}}},
	{"DemoMirrorParadox.xmpuzzle", [7]toolResult{{0, 0x23ca7f98}, {0, 0x23ca7f98}, {1, 0x0d48abc3}, {0, 0x23ca7f98}, {0, 0x23ca7f98}, {70, 0x1602c6e2}, {0, 0x23ca7f98}}},
	{"DemoPieceGenerator.xmpuzzle", [7]toolResult{{0, 0xedd1d2c8}, {0, 0xedd1d2c8}, {0, 0xedd1d2c8}, {0, 0xedd1d2c8}, {10, 0xa820fba0}, {29, 0x2debf805}, {0, 0xedd1d2c8}}},
	{"DiagonalCube.xmpuzzle", [7]toolResult{{0, 0x05f45525}, {0, 0x126b8575}, {114, 0xa8ca07d1}, {0, 0x126b8575}, {0, 0x126b8575}, {270, 0x42dfcb01}, {48, 0x05f45525}}},
	{"DraculasDentalDesaster.xmpuzzle", [7]toolResult{{936, 0xcad4ef95}, {936, 0xcf2d8cbd}, {2, 0xef5939d5}, {936, 0x9e1e11a5}, {0, 0x005fd875}, {2054, 0x43a8e469}, {1944, 0xaa6f193d}}},
	{"FourPieceTetrahedron.xmpuzzle", [7]toolResult{{0, 0x96fd55b3}, {0, 0x96fd55b3}, {60, 0x9c3624c3}, {0, 0x96fd55b3}, {0, 0x96fd55b3}, {96, 0x14909b25}, {0, 0x96fd55b3}}},
	{"HexSticks.xmpuzzle", [7]toolResult{{48, 0x84095499}, {0, 0x1db44d89}, {1611, 0xf880c116}, {0, 0x1db44d89}, {0, 0x1db44d89}, {1209, 0x7fb3edf6}, {0, 0x1db44d89}}},
	{"PelikanBurr.xmpuzzle", [7]toolResult{{216, 0xd15f4813}, {216, 0xd15f4813}, {0, 0x102edb7b}, {0, 0x102edb7b}, {0, 0x102edb7b}, {644, 0xa4615ccd}, {0, 0x102edb7b}}},
	{"PermutatedThirdStellation.xmpuzzle", [7]toolResult{{0, 0x26fea511}, {0, 0x1f84a239}, {102, 0xc84baf49}, {0, 0x1f84a239}, {0, 0x1f84a239}, {474, 0xfa11bb35}, {96, 0x26fea511}}},
	{"PiecesOfEight.xmpuzzle", [7]toolResult{{0, 0xcb34453d}, {0, 0xcb34453d}, {422, 0x3b081a99}, {0, 0xcb34453d}, {0, 0xcb34453d}, {730, 0x3b762281}, {0, 0xcb34453d}}},
	{"Prisgon.xmpuzzle", [7]toolResult{{108, 0x5da4d5ba}, {108, 0x5da4d5ba}, {18, 0xa8896a56}, {0, 0xb6d2e4e2}, {0, 0xb6d2e4e2}, {575, 0x3dc24d05}, {0, 0xb6d2e4e2}}},
	{"Representation0.xmpuzzle", [7]toolResult{{0, 0xfd8996dd}, {0, 0x3b759595}, {0, 0x3b759595}, {0, 0x3b759595}, {8, 0xf528dd25}, {8, 0xed5ddf35}, {8, 0xfd8996dd}}},
	{"Representation1.xmpuzzle", [7]toolResult{{0, 0x98ffd2a9}, {0, 0x09af0ea9}, {0, 0x09af0ea9}, {0, 0x09af0ea9}, {8, 0xc9c6a21d}, {8, 0x5cb69f7d}, {8, 0x98ffd2a9}}},
	{"Representation2.xmpuzzle", [7]toolResult{{0, 0x252336c1}, {0, 0xd7cc3b41}, {0, 0xd7cc3b41}, {0, 0xd7cc3b41}, {4, 0xb09a44dd}, {4, 0xaebbfedd}, {4, 0x252336c1}}},
	{"Representation3.xmpuzzle", [7]toolResult{{0, 0xe289c7a7}, {0, 0x3ba4c1a7}, {0, 0x3ba4c1a7}, {0, 0x3ba4c1a7}, {16, 0x6077ffc7}, {16, 0x7ac570c7}, {16, 0xe289c7a7}}},
	{"Representation4.xmpuzzle", [7]toolResult{{0, 0x25500255}, {0, 0x690b1775}, {0, 0x690b1775}, {0, 0x690b1775}, {10, 0x29a327bd}, {12, 0x38171c0d}, {12, 0x25500255}}},
	{"SolidSixPieceBurrs.xmpuzzle", [7]toolResult{{0, 0x4fc700d1}, {0, 0x4fc700d1}, {32, 0xf975e361}, {0, 0x4fc700d1}, {0, 0x4fc700d1}, {524, 0xe42b3d15}, {0, 0x4fc700d1}}},
}

// TestShapeToolsLikeBurrTools applies model's FillHoles and ActOnSpace to
// the shapes of every example, in all five grids, and compares the result
// byte for byte (by hash) with BurrTools'.
func TestShapeToolsLikeBurrTools(t *testing.T) {
	tools := []func(s *model.Shape, p *model.Puzzle){
		func(s *model.Shape, p *model.Puzzle) { s.FillHoles(mustGrid(t, p)) },
		func(s *model.Shape, p *model.Puzzle) { s.ActOnSpace(mustGrid(t, p), model.MakeFixed, true) },
		func(s *model.Shape, p *model.Puzzle) { s.ActOnSpace(mustGrid(t, p), model.MakeVariable, true) },
		func(s *model.Shape, p *model.Puzzle) { s.ActOnSpace(mustGrid(t, p), model.RemoveColor, true) },
		func(s *model.Shape, p *model.Puzzle) { s.ActOnSpace(mustGrid(t, p), model.MakeFixed, false) },
		func(s *model.Shape, p *model.Puzzle) { s.ActOnSpace(mustGrid(t, p), model.MakeVariable, false) },
		func(s *model.Shape, p *model.Puzzle) { s.ActOnSpace(mustGrid(t, p), model.RemoveColor, false) },
	}
	names := []string{"fill holes", "inside fixed", "inside variable", "inside decolour", "outside fixed", "outside variable", "outside decolour"}
	if got := len(exampleFiles(t)); got != len(burrToolsShapeTools) {
		t.Errorf("%d examples, %d measured", got, len(burrToolsShapeTools))
	}
	for _, tc := range burrToolsShapeTools {
		p := loadExample(t, tc.file)
		for k, tool := range tools {
			h := fnv.New32a()
			changed := 0
			for i := range p.Shapes {
				orig := p.Shapes[i].Clone()
				if k == 0 {
					orig.ActOnSpace(mustGrid(t, p), model.RemoveColor, true)
					orig.ActOnSpace(mustGrid(t, p), model.RemoveColor, false)
				}
				s := orig.Clone()
				tool(&s, p)
				for j, v := range s.Voxels {
					if v != orig.Voxels[j] {
						changed++
					}
				}
				b := make([]byte, len(s.Voxels))
				for j, v := range s.Voxels {
					b[j] = byte(v)
				}
				h.Write(b)
			}
			if got := (toolResult{changed, h.Sum32()}); got != tc.results[k] {
				t.Errorf("%s, %s: changed %d (hash %#08x), BurrTools %d (%#08x)", tc.file, names[k], got.changed, got.hash, tc.results[k].changed, tc.results[k].hash)
			}
		}
	}
}

// mustGrid returns the puzzle's grid, failing the test on an unknown one.
func mustGrid(t *testing.T, p *model.Puzzle) grid.Grid {
	t.Helper()
	g, err := p.GridOf()
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// burrToolsCentre are BurrTools' results of its shape editor's "centre" on
// every shape of the cube examples: the sum of all space sizes, and an
// FNV-1a 32-bit hash over the shapes of their three sizes (one byte each)
// and voxel bytes. Measured with BurrTools 0.7.1 (commit b72a71d) built
// from source: a small driver did what the GUI's centre button does (grow
// each odd free room by one cell, then voxel_c::translate) to a copy of
// each shape.
var burrToolsCentre = []struct {
	file string
	sum  int
	hash uint32
}{
	{"AlPackino.xmpuzzle", 55, 0xc9b75b09},
	{"CubeInCage.xmpuzzle", 97, 0xa3f463b6},
	{"DemoMirrorParadox.xmpuzzle", 53, 0xa4f90ddf},
	{"DemoPieceGenerator.xmpuzzle", 23, 0xf3c9d6a5},
	{"DraculasDentalDesaster.xmpuzzle", 294, 0xc26492a3},
	{"PelikanBurr.xmpuzzle", 144, 0xb6f78d61},
	{"SolidSixPieceBurrs.xmpuzzle", 268, 0x24736731},
}

// TestCentreLikeBurrTools centres every shape of the cube examples with
// model's Centre and compares sizes and cells with BurrTools'.
func TestCentreLikeBurrTools(t *testing.T) {
	for _, tc := range burrToolsCentre {
		p := loadExample(t, tc.file)
		g := mustGrid(t, p)
		h := fnv.New32a()
		sum := 0
		for i := range p.Shapes {
			s := p.Shapes[i].Clone()
			if err := s.Centre(g); err != nil {
				t.Fatalf("%s shape %d: %v", tc.file, i+1, err)
			}
			sum += s.Size[0] + s.Size[1] + s.Size[2]
			b := []byte{byte(s.Size[0]), byte(s.Size[1]), byte(s.Size[2])}
			for _, v := range s.Voxels {
				b = append(b, byte(v))
			}
			h.Write(b)
		}
		if sum != tc.sum || h.Sum32() != tc.hash {
			t.Errorf("%s: size sum %d, hash %#08x; BurrTools %d, %#08x", tc.file, sum, h.Sum32(), tc.sum, tc.hash)
		}
	}
}
