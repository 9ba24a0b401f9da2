package assemble

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/burrlab/burrlab/model"
	"github.com/burrlab/burrlab/model/xmpuzzle"
	"github.com/burrlab/burrlab/solver/cover"
)

// TestMergedCellsSameMatrix: merging identical cells in the assembler
// gives the matrix the cover problem's own merge gives, to the byte (its
// fingerprint covers the columns' bounds and copies, the rows' order and
// every entry), on every example problem under every symmetry option,
// so counts, nodes, the order of solutions and saved searches are as
// they were.
func TestMergedCellsSameMatrix(t *testing.T) {
	puzzles := map[string]*model.Puzzle{}
	for _, f := range exampleFiles(t) {
		p, err := xmpuzzle.ReadFileWithoutSolutions(f)
		if err != nil {
			t.Fatal(err)
		}
		puzzles[filepath.Base(f)] = p
	}
	defer func() { mergeCells = true }()
	compile := func(p *model.Puzzle, pr int, opts Options, merge bool) (*cover.Matrix, int, error) {
		mergeCells = merge
		a, err := New(context.Background(), p, pr, opts)
		if err != nil {
			return nil, 0, err
		}
		m, err := cover.New(a.Cover())
		return m, len(a.Cover().Cols), err
	}
	optionSets := map[string]Options{"default": DefaultOptions()}
	for name, o := range map[string]func(*Options){
		"keep mirrors":   func(o *Options) { o.KeepMirrors = true },
		"keep rotations": func(o *Options) { o.KeepRotations = true },
		"complete check": func(o *Options) { o.CompleteRotationCheck = true },
		"2 holes":        func(o *Options) { o.MaxHoles = 2 },
		"plain search":   func(o *Options) { o.plainSearch = true },
	} {
		opts := DefaultOptions()
		o(&opts)
		optionSets[name] = opts
	}
	merged, compared, columns := 0, 0, 0
	for name, p := range puzzles {
		for pr := range p.Problems {
			for oname, opts := range optionSets {
				plain, cellsPlain, err := compile(p, pr, opts, false)
				if err != nil {
					continue // unsolvable as it stands
				}
				m, cellsMerged, err := compile(p, pr, opts, true)
				if err != nil {
					t.Fatalf("%s/%d %s: merged: %v", name, pr, oname, err)
				}
				if m.Fingerprint() != plain.Fingerprint() || m.NumRows() != plain.NumRows() || m.NumCols() != plain.NumCols() || m.NumEntries() != plain.NumEntries() {
					t.Errorf("%s/%d %s: merged in the assembler %d rows, %d columns, %d entries, fingerprint %s; in the matrix %d, %d, %d, %s",
						name, pr, oname, m.NumRows(), m.NumCols(), m.NumEntries(), m.Fingerprint(), plain.NumRows(), plain.NumCols(), plain.NumEntries(), plain.Fingerprint())
				}
				compared++
				columns += cellsMerged
				if cellsMerged < cellsPlain {
					merged++
				}
			}
		}
	}
	if merged == 0 || merged == compared {
		t.Errorf("cells merged in %d of %d problems and option sets", merged, compared)
	}
	t.Logf("cells merged in %d of %d problems and option sets, %d columns in all", merged, compared, columns)
}

// TestMergedCellsCollision: cells that identicalCells groups without
// their placements being the same (as a hash collision would) are found
// out while the rows are made, and build then makes the problem without
// merging, the matrix the same to the byte.
func TestMergedCellsCollision(t *testing.T) {
	p, err := xmpuzzle.ReadFileWithoutSolutions(filepath.Join(examplesDir(), "HexSticks.xmpuzzle"))
	if err != nil {
		t.Skip(err)
	}
	a, err := New(context.Background(), p, 0, DefaultOptions())
	if err != nil {
		t.Fatal(err)
	}
	want, err := cover.New(a.Cover()) // the same as unmerged (TestMergedCellsSameMatrix)
	if err != nil {
		t.Fatal(err)
	}
	holes := a.stats.Holes
	lead, _ := a.leaders() // as generate found them
	order, runs := a.cellOrder(), a.placementRuns()
	same, tally := a.identicalCells(order, &runs)
	if same == nil {
		t.Fatal("no cells merged")
	}
	// Merge a cell into an earlier group of another with as many
	// placements: their placements differ, the groups being different.
	r := &a.res
	kind := func(i int) model.State { return model.Voxel(r.cells[i].Tag).State() }
	faked := false
	for x, i := range order {
		for _, j := range order[x+1:] {
			if same[i] == int32(i) && same[j] == int32(j) && tally[i].count == tally[j].count && kind(i) == kind(j) {
				same[j], faked = int32(i), true
				break
			}
		}
		if faked {
			break
		}
	}
	if !faked {
		t.Fatal("no two groups of cells with as many placements")
	}
	if ok, err := a.makeCover(context.Background(), holes, lead, order, &runs, same, tally); err != nil || ok {
		t.Fatalf("cells merged that differ: makeCover says %v, %v", ok, err)
	}
	if ok, err := a.makeCover(context.Background(), holes, lead, order, &runs, nil, nil); err != nil || !ok {
		t.Fatalf("without merging: makeCover says %v, %v", ok, err)
	}
	m, err := cover.New(a.Cover())
	if err != nil {
		t.Fatal(err)
	}
	if m.Fingerprint() != want.Fingerprint() {
		t.Errorf("matrix made again without merging: fingerprint %s, want %s", m.Fingerprint(), want.Fingerprint())
	}
}
