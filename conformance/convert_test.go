package conformance

import (
	"fmt"
	"path/filepath"
	"slices"
	"testing"

	"github.com/burrlab/burrlab/model"
	"github.com/burrlab/burrlab/model/grid"
	"github.com/burrlab/burrlab/model/xmpuzzle"
	"github.com/burrlab/burrlab/solver"
)

// convertedShape is one shape of a converted puzzle: its space and its
// filled and variable cells.
type convertedShape struct {
	size             grid.Vec
	filled, variable int
}

// burrToolsConversions are BurrTools' numbers for converted example
// puzzles. They were measured with BurrTools 0.7.1 (commit b72a71d) built
// from source: a small driver loaded each file, called the library's
// doConvert (the GUI's File ▸ Convert) for the target grid, printed every
// shape's size and countState(VX_FILLED / VX_VARIABLE), and saved the
// result; burrTxt -q then solved the saved file for the assembly count.
// (Tetra-octa pieces only move by an even number of blocks, so CubeInCage
// has no assembly there.)
var burrToolsConversions = []struct {
	file       string
	to         grid.Type
	shapes     []convertedShape
	assemblies uint64
}{
	{"CubeInCage.xmpuzzle", grid.Rhombic, []convertedShape{
		{grid.Vec{35, 35, 35}, 1440, 936}, {grid.Vec{25, 35, 5}, 504, 0}, {grid.Vec{25, 35, 5}, 528, 0},
		{grid.Vec{15, 15, 10}, 168, 0}, {grid.Vec{30, 30, 30}, 192, 0}, {grid.Vec{30, 30, 30}, 288, 0}}, 96},
	{"CubeInCage.xmpuzzle", grid.TetraOcta, []convertedShape{
		{grid.Vec{21, 21, 21}, 300, 195}, {grid.Vec{15, 21, 3}, 105, 0}, {grid.Vec{15, 21, 3}, 110, 0},
		{grid.Vec{9, 9, 6}, 35, 0}, {grid.Vec{18, 18, 18}, 40, 0}, {grid.Vec{18, 18, 18}, 60, 0}}, 0},
	{"DemoPieceGenerator.xmpuzzle", grid.Rhombic, []convertedShape{
		{grid.Vec{10, 30, 10}, 336, 0}, {grid.Vec{5, 5, 5}, 24, 0}, {grid.Vec{10, 30, 10}, 336, 240}}, 928},
	{"DemoPieceGenerator.xmpuzzle", grid.TetraOcta, []convertedShape{
		{grid.Vec{6, 18, 6}, 70, 0}, {grid.Vec{3, 3, 3}, 5, 0}, {grid.Vec{6, 18, 6}, 70, 50}}, 928},
	{"PelikanBurr.xmpuzzle", grid.Rhombic, []convertedShape{
		{grid.Vec{40, 40, 40}, 7104, 5184}, {grid.Vec{40, 40, 40}, 4800, 0}, {grid.Vec{40, 20, 20}, 648, 0},
		{grid.Vec{40, 20, 20}, 624, 0}, {grid.Vec{40, 20, 20}, 600, 0}, {grid.Vec{40, 20, 20}, 576, 0},
		{grid.Vec{40, 20, 20}, 552, 0}, {grid.Vec{40, 20, 20}, 552, 0}}, 12},
	{"PelikanBurr.xmpuzzle", grid.TetraOcta, []convertedShape{
		{grid.Vec{24, 24, 24}, 1480, 1080}, {grid.Vec{24, 24, 24}, 1000, 0}, {grid.Vec{24, 12, 12}, 135, 0},
		{grid.Vec{24, 12, 12}, 130, 0}, {grid.Vec{24, 12, 12}, 125, 0}, {grid.Vec{24, 12, 12}, 120, 0},
		{grid.Vec{24, 12, 12}, 115, 0}, {grid.Vec{24, 12, 12}, 115, 0}}, 12},
}

// TestConvertLikeBurrTools converts example cube puzzles as BurrTools'
// converter does and compares the shapes and the assembly counts of the
// converted puzzles with BurrTools' numbers; burr convert -grid must write
// the same puzzle.
func TestConvertLikeBurrTools(t *testing.T) {
	for _, tc := range burrToolsConversions {
		t.Run(fmt.Sprintf("%s/%v", tc.file, tc.to), func(t *testing.T) {
			p := loadExample(t, tc.file)
			c, err := model.Convert(p, tc.to)
			if err != nil {
				t.Fatal(err)
			}
			if len(c.Shapes) != len(tc.shapes) {
				t.Fatalf("%d shapes, BurrTools has %d", len(c.Shapes), len(tc.shapes))
			}
			for i, want := range tc.shapes {
				s := &c.Shapes[i]
				got := convertedShape{s.Size, s.Count(model.Filled), s.Count(model.Variable)}
				if got != want {
					t.Errorf("shape %d: %+v, BurrTools %+v", i+1, got, want)
				}
			}
			_, done, err := solveAll(t, c, 0, solver.Options{Workers: 2})
			if err != nil {
				t.Fatal(err)
			}
			if !done.Complete || done.Assemblies != tc.assemblies {
				t.Errorf("%d assemblies (complete %v), BurrTools %d", done.Assemblies, done.Complete, tc.assemblies)
			}

			name := map[grid.Type]string{grid.Rhombic: "rhombic", grid.TetraOcta: "tetra-octa"}[tc.to]
			out := filepath.Join(t.TempDir(), "converted.xmpuzzle")
			if _, err := burr(t, "convert", "-grid", name, examplePath(t, tc.file), out); err != nil {
				t.Fatal(err)
			}
			q, err := xmpuzzle.ReadFile(out)
			if err != nil {
				t.Fatal(err)
			}
			if q.Grid != tc.to || len(q.Shapes) != len(c.Shapes) {
				t.Fatalf("burr convert wrote grid %v with %d shapes", q.Grid, len(q.Shapes))
			}
			for i := range q.Shapes {
				if q.Shapes[i].Size != c.Shapes[i].Size || !slices.Equal(q.Shapes[i].Voxels, c.Shapes[i].Voxels) {
					t.Errorf("burr convert: shape %d differs from model.Convert", i+1)
				}
			}
		})
	}
}
