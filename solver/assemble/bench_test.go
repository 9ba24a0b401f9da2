package assemble

import (
	"context"
	"sync/atomic"
	"testing"

	"github.com/burrlab/burrlab/model"
	"github.com/burrlab/burrlab/solver/cover"
)

// count solves problem 0 of p as burr solve does (prepare, reduce,
// search, filter) and returns the number of assemblies. Unlike run it
// does not check each assembly against the puzzle: the tests do that, and
// here it would only blur the solver's time.
func count(b *testing.B, p *model.Puzzle, workers int) int {
	a, err := New(context.Background(), p, 0, DefaultOptions())
	if err != nil {
		b.Fatal(err)
	}
	m, err := cover.New(a.Cover())
	if err != nil {
		b.Fatal(err)
	}
	if m, _, err = m.Reduce(context.Background()); err != nil {
		b.Fatal(err)
	}
	scratch := make([]*Scratch, workers)
	for i := range scratch {
		scratch[i] = a.NewScratch()
	}
	var n atomic.Int64
	_, err = cover.Search(context.Background(), m, cover.Options{
		Workers: workers,
		OnSolution: func(w int, rows []int32) cover.Action {
			if _, ok := a.Accept(scratch[w], rows); ok {
				n.Add(1)
			}
			return cover.Continue
		},
	})
	if err != nil {
		b.Fatal(err)
	}
	return int(n.Load())
}

func benchPentominoes(b *testing.B, w, h, workers, want int) {
	p := puzzle(box(w, h, 1, model.Filled), pentominoes()...)
	for i := 0; i < b.N; i++ {
		if got := count(b, p, workers); got != want {
			b.Fatalf("%d assemblies, want %d", got, want)
		}
	}
}

func BenchmarkPentominoes6x10(b *testing.B)   { benchPentominoes(b, 10, 6, 1, 2339) }
func BenchmarkPentominoes6x10x2(b *testing.B) { benchPentominoes(b, 10, 6, 2, 2339) }
func BenchmarkPentominoes5x12(b *testing.B)   { benchPentominoes(b, 12, 5, 1, 1010) }
func BenchmarkPentominoes5x12x2(b *testing.B) { benchPentominoes(b, 12, 5, 2, 1010) }
func BenchmarkPentominoes4x15(b *testing.B)   { benchPentominoes(b, 15, 4, 1, 368) }
func BenchmarkPentominoes4x15x2(b *testing.B) { benchPentominoes(b, 15, 4, 2, 368) }
func BenchmarkPentominoes3x20(b *testing.B)   { benchPentominoes(b, 20, 3, 1, 2) }
func BenchmarkPentominoes3x20x2(b *testing.B) { benchPentominoes(b, 20, 3, 2, 2) }

// BenchmarkPentominoes6x5x2 is a 3D packing: the twelve pentominoes in
// a 6x5x2 box (264 assemblies), a full solve with preparation.
func BenchmarkPentominoes6x5x2(b *testing.B) {
	p := puzzle(box(6, 5, 2, model.Filled), pentominoes()...)
	for i := 0; i < b.N; i++ {
		if got := count(b, p, 1); got != 264 {
			b.Fatalf("%d assemblies, want 264", got)
		}
	}
}

func BenchmarkSoma(b *testing.B) {
	p := puzzle(box(3, 3, 3, model.Filled), soma()...)
	for i := 0; i < b.N; i++ {
		if got := count(b, p, 1); got != 240 {
			b.Fatalf("%d assemblies", got)
		}
	}
}

// BenchmarkPlacements measures preparation alone: orientations,
// placements, the matrix and its reduction.
func BenchmarkPlacements6x10(b *testing.B) {
	p := puzzle(box(10, 6, 1, model.Filled), pentominoes()...)
	for i := 0; i < b.N; i++ {
		a, err := New(context.Background(), p, 0, DefaultOptions())
		if err != nil {
			b.Fatal(err)
		}
		m, err := cover.New(a.Cover())
		if err != nil {
			b.Fatal(err)
		}
		if _, _, err := m.Reduce(context.Background()); err != nil {
			b.Fatal(err)
		}
	}
}
