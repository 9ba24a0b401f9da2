package assemble

import (
	"context"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/burrlab/burrlab/internal/puzzles"
	"github.com/burrlab/burrlab/model"
	"github.com/burrlab/burrlab/model/grid"
	"github.com/burrlab/burrlab/solver/cover"
)

// shape builds a cube-grid shape from layers of rows (see puzzles.Layers).
var shape = puzzles.Layers

// flat builds a one-layer shape.
func flat(name string, rows ...string) model.Shape { return shape(name, rows) }

// box returns an x by y by z shape of one state.
func box(x, y, z int, st model.State) model.Shape {
	s := model.NewShape(grid.Vec{x, y, z})
	for i := range s.Voxels {
		s.Voxels[i] = model.MakeVoxel(st, 0)
	}
	return s
}

// puzzle makes a cube puzzle: the pieces (each used once) and the result
// (last shape).
func puzzle(result model.Shape, pieces ...model.Shape) *model.Puzzle {
	p := &model.Puzzle{Grid: grid.Cubes}
	pr := model.NewProblem("test")
	for i, s := range pieces {
		p.Shapes = append(p.Shapes, s)
		pr.Parts = append(pr.Parts, model.Part{Shape: i, Min: 1, Max: 1})
	}
	p.Shapes = append(p.Shapes, result)
	pr.Result = len(pieces)
	p.Problems = []model.Problem{pr}
	return p
}

func pentominoes() []model.Shape {
	return []model.Shape{
		flat("F", ".##", "##.", ".#."),
		flat("I", "#####"),
		flat("L", "####", "#..."),
		flat("N", "##..", ".###"),
		flat("P", "###", "##."),
		flat("T", "###", ".#.", ".#."),
		flat("U", "#.#", "###"),
		flat("V", "#..", "#..", "###"),
		flat("W", "#..", "##.", ".##"),
		flat("X", ".#.", "###", ".#."),
		flat("Y", "####", ".#.."),
		flat("Z", "##.", ".#.", ".##"),
	}
}

func soma() []model.Shape {
	return []model.Shape{
		flat("V", "##", "#."),
		flat("L", "###", "#.."),
		flat("T", "###", ".#."),
		flat("Z", "##.", ".##"),
		shape("A", []string{"##", "#."}, []string{"#.", ".."}),
		shape("B", []string{"##", "#."}, []string{".#", ".."}),
		shape("P", []string{"##", "#."}, []string{"..", "#."}),
	}
}

// run solves problem 0 of p and returns the accepted assemblies, checking
// each against the problem.
func run(t testing.TB, p *model.Puzzle, opts Options, workers int) []model.Assembly {
	t.Helper()
	a, err := New(context.Background(), p, 0, opts)
	if err != nil {
		t.Fatal(err)
	}
	return search(t, a, workers)
}

func search(t testing.TB, a *Assembler, workers int) []model.Assembly {
	t.Helper()
	m, err := cover.New(a.Cover())
	if err != nil {
		t.Fatal(err)
	}
	m, _, err = m.Reduce(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	scratch := make([]*Scratch, workers)
	for i := range scratch {
		scratch[i] = a.NewScratch()
	}
	var mu sync.Mutex
	var out []model.Assembly
	var bad atomic.Value
	_, err = cover.Search(context.Background(), m, cover.Options{
		Workers: workers,
		OnSolution: func(w int, rows []int32) cover.Action {
			asm, ok := a.Accept(scratch[w], rows)
			if !ok {
				return cover.Continue
			}
			if err := model.CheckAssembly(a.Puzzle(), a.Problem(), asm); err != nil {
				bad.Store(err)
			}
			mu.Lock()
			out = append(out, asm)
			mu.Unlock()
			return cover.Continue
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	if e := bad.Load(); e != nil {
		t.Fatalf("invalid assembly: %v", e)
	}
	return out
}
