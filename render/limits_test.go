package render

import (
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/burrlab/burrlab/model"
	"github.com/burrlab/burrlab/model/grid"
)

// A checkerboard of isolated cells is refused before its mesh is built,
// whoever asks (the app builds meshes as soon as a file is open): 81,920
// isolated cells would take about 1.25 GiB (65,536 took 790 MB here), and
// 2^20 voxels of them took 4 GB before.
func TestSceneCapRefusesCheckerboard(t *testing.T) {
	s := model.NewShape(grid.Vec{64, 64, 40})
	for i := range s.Voxels {
		if v := s.Pos(i); (v[0]+v[1]+v[2])%2 == 0 {
			s.Voxels[i] = model.MakeVoxel(model.Filled, 0)
		}
	}
	p := &model.Puzzle{Grid: grid.Cubes, Shapes: []model.Shape{s, s}}
	pr := model.NewProblem("")
	pr.Result, pr.Parts = 0, []model.Part{{Shape: 1, Min: 1, Max: 1}}
	p.Problems = []model.Problem{pr}
	g := grid.Must(grid.Cubes)
	for name, build := range map[string]func() error{
		"shape":    func() error { _, err := ShapeMesh(g, &p.Shapes[0]); return err },
		"assembly": func() error { _, err := AssemblyScene(p, &p.Problems[0], model.Assembly{{}}); return err },
	} {
		var before, after runtime.MemStats
		runtime.GC()
		runtime.ReadMemStats(&before)
		start := time.Now()
		err := build()
		took := time.Since(start)
		runtime.ReadMemStats(&after)
		if err == nil || !strings.Contains(err.Error(), "more than the 1.0 GiB a picture may take") {
			t.Errorf("%s: error %v", name, err)
		}
		if alloc := after.TotalAlloc - before.TotalAlloc; took > 2*time.Second || alloc > 1<<20 {
			t.Errorf("%s: %v and %d KB before refusing", name, took, alloc>>10)
		}
	}
	// A solid box of the same size is drawn.
	for i := range s.Voxels {
		s.Voxels[i] = model.MakeVoxel(model.Filled, 0)
	}
	if _, err := ShapeMesh(g, &s); err != nil {
		t.Errorf("a solid 64x64x40 box: %v", err)
	}
}
