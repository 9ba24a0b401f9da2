package assemble

import (
	"image/color"
	"testing"

	"github.com/burrlab/burrlab/model"
)

// TestColorTable: fits' table of colours allows what
// model.Puzzle.ColorAllowed does, for every pair of voxel colours, with
// and without custom colours, and ignores rules no voxel can meet.
func TestColorTable(t *testing.T) {
	rules := []model.ColorRule{{Piece: 1, Result: 2}, {Piece: 3, Result: 3}, {Piece: 63, Result: 1}, {Piece: 64, Result: 1}, {Piece: 2, Result: -1}}
	for _, colors := range [][]color.RGBA{nil, make([]color.RGBA, 3)} {
		p := &model.Puzzle{Colors: colors, Problems: []model.Problem{{ColorRules: rules}}}
		pr := &p.Problems[0]
		a := &Assembler{puzzle: p, prob: pr, colorOK: colorTable(p, pr)}
		for pc := range 64 {
			for rc := range 64 {
				pv, rv := model.Voxel(pc<<2|int(model.Filled)), model.Voxel(rc<<2|int(model.Variable))
				if got, want := a.colorAllowed(pv, rv), p.ColorAllowed(pr, pc, rc); got != want {
					t.Errorf("%d colours: piece colour %d on result colour %d: %v, want %v", len(colors), pc, rc, got, want)
				}
			}
		}
	}
}
