package ui

import (
	"strings"
	"testing"

	"github.com/burrlab/burrlab/internal/budget"
	"github.com/burrlab/burrlab/model"
	"github.com/burrlab/burrlab/model/grid"
)

// The memory budget preference reaches the solver: a problem whose
// placements need more is refused with a message naming the budget.
func TestMemoryBudgetPreference(t *testing.T) {
	p := &model.Puzzle{Grid: grid.Cubes}
	res := model.NewShape(grid.Vec{30, 30, 30})
	for i := range res.Voxels {
		res.Voxels[i] = model.MakeVoxel(model.Variable, 0)
	}
	cube := model.NewShape(grid.Vec{3, 3, 3})
	for i := range cube.Voxels {
		cube.Voxels[i] = model.MakeVoxel(model.Filled, 0)
	}
	p.AddShape(res)
	p.AddShape(cube)
	p.AddProblem("cubes in a box")
	p.Problems[0].Result = 0
	p.Problems[0].Parts = []model.Part{{Shape: 1, Min: 0, Max: 1000}}

	u := newTestUI(t, p)
	if u.maxMemory() != budget.Default {
		t.Fatalf("budget %d before any setting", u.maxMemory())
	}
	for _, bad := range []string{"", "abc", "10", "99999999"} {
		if err := u.setMaxMemory(bad); err == nil {
			t.Errorf("budget %q accepted", bad)
		}
	}
	if err := u.setMaxMemory(" 64 "); err != nil || u.maxMemory() != 64<<20 {
		t.Fatalf("64 MiB: %v, budget %d", err, u.maxMemory())
	}
	u.tabs.SelectIndex(tabSolve)
	st := u.solve
	q := solveQueue(u)
	st.start()
	q.pump(t, func() bool { return !st.run.running })
	if st.run.err == nil || !strings.Contains(st.run.err.Error(), "more than the memory budget of 64 MiB") {
		t.Errorf("error %v, want the budget's", st.run.err)
	}
}

// A long preparation shows its phase and progress in the panel, and Stop
// ends it.
func TestPreparationProgressAndStop(t *testing.T) {
	if testing.Short() {
		t.Skip("prepares for a second")
	}
	// 1.4 million placements: within the default memory budget (the
	// placements of a box of 64 cubes a side are not, and where the
	// preparation was quick it ran into the budget before Stop), and
	// seconds of preparation.
	p := &model.Puzzle{Grid: grid.Cubes}
	res := model.NewShape(grid.Vec{40, 40, 40})
	for i := range res.Voxels {
		res.Voxels[i] = model.MakeVoxel(model.Variable, 0)
	}
	l := model.NewShape(grid.Vec{3, 2, 2})
	for _, v := range []grid.Vec{{0, 0, 0}, {1, 0, 0}, {2, 0, 0}, {0, 1, 0}, {0, 0, 1}} {
		l.Set(v, model.MakeVoxel(model.Filled, 0))
	}
	p.AddShape(res)
	p.AddShape(l)
	p.AddProblem("L pieces in a big box")
	p.Problems[0].Result = 0
	p.Problems[0].Parts = []model.Part{{Shape: 1, Min: 0, Max: 50000}}

	u := newTestUI(t, p)
	u.tabs.SelectIndex(tabSolve)
	st := u.solve
	q := solveQueue(u)
	st.start()
	q.pump(t, func() bool { return st.run.preparing != "" })
	if d := st.run.describe(); !strings.Contains(d, "Preparing… (") || !strings.Contains(d, "%)") {
		t.Errorf("the panel says %q", d)
	}
	st.stop()
	q.pump(t, func() bool { return !st.run.running })
	if st.run.err != nil {
		t.Errorf("stopping the preparation: %v", st.run.err)
	}
	if st.run.complete {
		t.Error("the search ran to its end instead of stopping")
	}
}
