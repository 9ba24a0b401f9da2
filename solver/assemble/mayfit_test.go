package assemble

import (
	"context"
	"image/color"
	"path/filepath"
	"slices"
	"testing"

	"github.com/burrlab/burrlab/model"
	"github.com/burrlab/burrlab/model/grid"
	"github.com/burrlab/burrlab/model/xmpuzzle"
)

// TestMayFit checks, on every problem of BurrTools' examples, that an
// orientation mayFit rules out has no placement: no translation fits
// all its cells, colours included, as eachPosition would try them
// without mayFit. Some orientations must be ruled out, or the test
// tests nothing.
func TestMayFit(t *testing.T) {
	files := exampleFiles(t)
	ruledOut := 0
	for _, f := range files {
		p, err := xmpuzzle.ReadFileWithoutSolutions(f)
		if err != nil {
			t.Fatal(err)
		}
		for pr := range p.Problems {
			a, err := New(context.Background(), p, pr, DefaultOptions())
			if err != nil {
				continue // unsolvable as it stands
			}
			r := &a.res
			colors := len(a.puzzle.Colors) > 0
			for i := range a.parts {
				si := a.parts[i].info
				for _, o := range a.orientations(i) {
					if a.mayFit(si, o) {
						continue
					}
					ruledOut++
					lo, hi := a.cellOffsets(si, o, colors)
					for dx := r.lo[0] - lo[0]; dx <= r.hi[0]-hi[0]; dx++ {
						for dy := r.lo[1] - lo[1]; dy <= r.hi[1]-hi[1]; dy++ {
							for dz := r.lo[2] - lo[2]; dz <= r.hi[2]-hi[2]; dz++ {
								d := grid.Vec{dx, dy, dz}
								if a.g.InLattice(d) && a.fits(a.tags, a.offs, r.index(d), colors) {
									t.Fatalf("%s problem %d: part %d, orientation %d ruled out, but fits at %v", filepath.Base(f), pr, i, o, d)
								}
							}
						}
					}
				}
			}
		}
	}
	if ruledOut == 0 {
		t.Error("no orientation ruled out")
	}
	t.Logf("%d orientations ruled out", ruledOut)
}

// TestFilledOffsets checks, on every problem of BurrTools' examples and
// on a piece too sparse to count its cells into order (two cells at the
// corners of a 7x7x7 box, in a result of variable cells), that the offsets filledOffsets gives each
// placed orientation without listing its turned cells are those of the
// sorted list (si.turned), in its order: the cover matrix's rows, and so
// its fingerprint and its search, stay what they were.
func TestFilledOffsets(t *testing.T) {
	sparse := box(7, 7, 7, model.Empty)
	sparse.Set(grid.Vec{0, 0, 0}, model.MakeVoxel(model.Filled, 0))
	sparse.Set(grid.Vec{6, 6, 6}, model.MakeVoxel(model.Filled, 0))
	sparse.Set(grid.Vec{1, 0, 0}, model.MakeVoxel(model.Filled, 0))
	// Offsets too wide for sortOffsets: three cells spanning a 30x30x30
	// box, in a result whose box is 50x50x30.
	wide, wideResult := box(30, 30, 30, model.Empty), box(50, 50, 30, model.Empty)
	for _, v := range []grid.Vec{{0, 0, 0}, {1, 0, 0}, {29, 29, 29}} {
		wide.Set(v, model.MakeVoxel(model.Filled, 0))
		wideResult.Set(v, model.MakeVoxel(model.Variable, 0))
	}
	puzzles := map[string]*model.Puzzle{"sparse": puzzle(box(9, 9, 9, model.Variable), sparse), "wide": puzzle(wideResult, wide)}
	for _, f := range exampleFiles(t) {
		p, err := xmpuzzle.ReadFileWithoutSolutions(f)
		if err != nil {
			t.Fatal(err)
		}
		puzzles[filepath.Base(f)] = p
	}
	checked := map[grid.Type]int{}
	for name, p := range puzzles {
		for pr := range p.Problems {
			a, err := New(context.Background(), p, pr, DefaultOptions())
			if err != nil {
				if name == "sparse" || name == "wide" {
					t.Fatal(err)
				}
				continue // unsolvable as it stands
			}
			r := &a.res
			seen := map[[2]int32]bool{}
			for _, pl := range a.rows {
				k := [2]int32{pl.part, pl.t}
				if seen[k] {
					continue
				}
				seen[k] = true
				si := a.parts[pl.part].info
				hot := r.index(si.or[pl.t].hot)
				var want []int32
				for _, c := range si.turned(int(pl.t)) {
					if model.Voxel(c.Tag).State() == model.Filled {
						want = append(want, int32(r.index(c.Pos)-hot))
					}
				}
				a.filledOffsets(si, int(pl.t))
				if !slices.Equal(a.offs, want) {
					t.Fatalf("%s problem %d part %d orientation %d: offsets %v, want %v", name, pr, pl.part, pl.t, a.offs, want)
				}
				checked[a.g.Type()]++
			}
		}
	}
	for _, g := range []grid.Type{grid.Cubes, grid.Rhombic} {
		if checked[g] == 0 {
			t.Errorf("no orientation of the %v grid checked", g)
		}
	}
}

// TestCellOffsets checks, on every problem of BurrTools' examples and on
// a sparse coloured piece, that cellOffsets lists, with and without
// colours, the voxel indices (and with colours the tags) of the turned
// cells si.turned lists (without colours the filled ones only), in any
// order, and their box.
func TestCellOffsets(t *testing.T) {
	sparse := box(7, 7, 7, model.Empty)
	sparse.Set(grid.Vec{0, 0, 0}, model.MakeVoxel(model.Filled, 1))
	sparse.Set(grid.Vec{6, 6, 6}, model.MakeVoxel(model.Variable, 0))
	sparse.Set(grid.Vec{1, 0, 0}, model.MakeVoxel(model.Filled, 0))
	coloured := puzzle(box(9, 9, 9, model.Variable), sparse)
	coloured.Colors = []color.RGBA{{R: 255, A: 255}}
	puzzles := map[string]*model.Puzzle{"sparse": coloured}
	for _, f := range exampleFiles(t) {
		p, err := xmpuzzle.ReadFileWithoutSolutions(f)
		if err != nil {
			t.Fatal(err)
		}
		puzzles[filepath.Base(f)] = p
	}
	type cell struct {
		off int32
		tag uint8
	}
	for name, p := range puzzles {
		for pr := range p.Problems {
			a, err := New(context.Background(), p, pr, DefaultOptions())
			if err != nil {
				if name == "sparse" {
					t.Fatal(err)
				}
				continue // unsolvable as it stands
			}
			r := &a.res
			for i := range a.parts {
				si := a.parts[i].info
				for _, o := range a.orientations(i) {
					for _, colors := range []bool{false, true} {
						var want, got []cell
						for _, c := range si.turned(o) {
							switch {
							case colors:
								want = append(want, cell{int32(r.index(c.Pos)), c.Tag})
							case model.Voxel(c.Tag).State() == model.Filled:
								want = append(want, cell{off: int32(r.index(c.Pos))})
							}
						}
						lo, hi := a.cellOffsets(si, o, colors)
						if colors != (len(a.tags) > 0) {
							t.Fatalf("%s problem %d part %d orientation %d: %d tags with colours %v", name, pr, i, o, len(a.tags), colors)
						}
						for k, off := range a.offs {
							c := cell{off: off}
							if colors {
								c.tag = a.tags[k]
							}
							got = append(got, c)
						}
						cmp := func(x, y cell) int { return int(x.off) - int(y.off) }
						slices.SortFunc(want, cmp)
						slices.SortFunc(got, cmp)
						if !slices.Equal(got, want) {
							t.Fatalf("%s problem %d part %d orientation %d, colours %v: cells %v, want %v", name, pr, i, o, colors, got, want)
						}
						if wlo, whi := bounds(si.turned(o)); lo != wlo || hi != whi {
							t.Fatalf("%s problem %d part %d orientation %d: box %v-%v, want %v-%v", name, pr, i, o, lo, hi, wlo, whi)
						}
					}
				}
			}
		}
	}
}
