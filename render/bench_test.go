package render

import (
	"math/rand"
	"testing"

	"github.com/burrlab/burrlab/model/grid"
)

// partition splits the n x n x n block of cells of grid g into pieces of
// about size cells each, grown breadth-first from random seeds: a stand-in
// for a puzzle's assembly.
func partition(g grid.Grid, n, size int, seed int64) [][]grid.Vec {
	rng := rand.New(rand.NewSource(seed))
	cells := validCells(g, n)
	owner := map[grid.Vec]int{}
	for _, c := range cells {
		owner[c] = -1
	}
	var pieces [][]grid.Vec
	var nb []grid.Vec
	for _, start := range rng.Perm(len(cells)) {
		c := cells[start]
		if owner[c] >= 0 {
			continue
		}
		id := len(pieces)
		piece := []grid.Vec{c}
		owner[c] = id
		for i := 0; i < len(piece) && len(piece) < size; i++ {
			nb = g.Neighbors(nb[:0], piece[i], grid.ByFace)
			rng.Shuffle(len(nb), func(a, b int) { nb[a], nb[b] = nb[b], nb[a] })
			for _, v := range nb {
				if o, ok := owner[v]; ok && o < 0 && len(piece) < size {
					owner[v] = id
					piece = append(piece, v)
				}
			}
		}
		pieces = append(pieces, piece)
	}
	return pieces
}

// assemblyScene returns a scene of the pieces of partition, one item each.
func assemblyScene(tb testing.TB, g grid.Grid, pieces [][]grid.Vec) *Scene {
	s := &Scene{}
	for i, p := range pieces {
		m, err := NewMesh(g, tagged(p), DefaultGap)
		if err != nil {
			tb.Fatal(err)
		}
		s.Items = append(s.Items, Item{Mesh: m, Color: ShapeColor(i)})
	}
	return s
}

func benchFrame(b *testing.B, g grid.Grid, n int) {
	pieces := partition(g, n, 10, 1)
	s := assemblyScene(b, g, pieces)
	cells, tris := 0, 0
	for _, it := range s.Items {
		cells += it.Mesh.NumCells()
		tris += it.Mesh.NumTriangles()
	}
	r, err := NewRenderer(800, 600)
	if err != nil {
		b.Fatal(err)
	}
	cam := DefaultCamera()
	lo, hi, _ := s.Bounds()
	cam.Fit(lo, hi, 800.0/600)
	r.Render(s, cam)
	b.ReportMetric(float64(cells), "cells")
	b.ReportMetric(float64(tris), "triangles")
	b.ReportAllocs()
	b.ResetTimer()
	cpu := cpuSeconds()
	for i := 0; i < b.N; i++ {
		cam.Rotate(400, 300, 403, 301, 800, 600)
		r.Render(s, cam)
	}
	if cpu > 0 {
		b.ReportMetric((cpuSeconds()-cpu)*1e3/float64(b.N), "cpu-ms/op")
	}
}

// One 800x600 frame of a 1,000-cell cube assembly (100 pieces of 10).
func BenchmarkFrameCubes1000(b *testing.B) { benchFrame(b, grid.Must(grid.Cubes), 10) }

// The same with about 1,000 balls (spheres grid, 13^3 lattice points).
func BenchmarkFrameSpheres1000(b *testing.B) { benchFrame(b, grid.Must(grid.Spheres), 13) }

// Building the mesh of a 1,000-cell shape, as the shape editor does after
// every click.
func BenchmarkNewMesh1000(b *testing.B) {
	g := grid.Must(grid.Cubes)
	cells := tagged(validCells(g, 10))
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if _, err := NewMesh(g, cells, DefaultGap); err != nil {
			b.Fatal(err)
		}
	}
}
