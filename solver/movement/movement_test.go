package movement

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/burrlab/burrlab/model"
	"github.com/burrlab/burrlab/model/grid"
	"github.com/burrlab/burrlab/model/xmpuzzle"
	"github.com/burrlab/burrlab/solver/disassemble"
)

// bar builds a cube shape from layers of rows ('#' filled).
func bar(layers ...[]string) model.Shape {
	s := model.NewShape(grid.Vec{len(layers[0][0]), len(layers[0]), len(layers)})
	for z, rows := range layers {
		for y, row := range rows {
			for x, c := range row {
				if c == '#' {
					s.Set(grid.Vec{x, y, z}, model.MakeVoxel(model.Filled, 0))
				}
			}
		}
	}
	return s
}

// hook is a two-piece cube puzzle in one layer, an L-shaped piece 0 and
// a 1x2 piece 1 in its crook (y grows downwards):
//
//	0 0 0
//	1 1 0
//
// Piece 1 is blocked along +x and -y, free along -x, +y and z.
func hook() (*model.Puzzle, model.Assembly) {
	p := &model.Puzzle{Grid: grid.Cubes}
	p.Shapes = []model.Shape{
		bar([]string{"###", "..#"}),
		bar([]string{"##"}),
		bar([]string{"###", "###"}),
	}
	pr := model.NewProblem("hook")
	pr.Parts = []model.Part{{Shape: 0, Min: 1, Max: 1}, {Shape: 1, Min: 1, Max: 1}}
	pr.Result = 2
	p.Problems = []model.Problem{pr}
	return p, model.Assembly{{Pos: grid.Vec{0, 0, 0}}, {Pos: grid.Vec{0, 1, 0}}}
}

func TestMovesOverlapsTree(t *testing.T) {
	p, a := hook()
	m, err := New(p, &p.Problems[0], a)
	if err != nil {
		t.Fatal(err)
	}
	root := m.Root()
	if len(m.Overlaps(root)) != 0 || m.Apart(root) {
		t.Fatal("the assembled hook overlaps or is apart")
	}
	if m.Free(root, []int{1}, grid.Vec{1, 0, 0}) || m.Free(root, []int{1}, grid.Vec{0, -1, 0}) ||
		!m.Free(root, []int{1}, grid.Vec{-1, 0, 0}) || !m.Free(root, []int{1}, grid.Vec{0, 1, 0}) || !m.Free(root, []int{0}, grid.Vec{0, 0, 1}) {
		t.Error("Free is wrong about the hook")
	}
	// Piece 1 moved +x runs into the foot of piece 0: cell (2,1,0) is
	// then shared.
	n, err := m.Move(root, []int{1}, grid.Vec{1, 0, 0})
	if err != nil {
		t.Fatal(err)
	}
	if n.Move.Removal || n.Parent != root || n.Pos[1] != (grid.Vec{1, 1, 0}) || !slices.Equal(n.Move.Group, []int{1}) {
		t.Fatalf("move +x: %+v", n)
	}
	ov := m.Overlaps(n)
	if len(ov) != 1 || !slices.Equal(ov[grid.Vec{2, 1, 0}], []int{0, 1}) {
		t.Fatalf("overlaps %v, want cell (2,1,0) of pieces 0 and 1", ov)
	}
	if _, err := m.TakeOut(n, []int{1}, grid.Vec{-1, 0, 0}); err == nil {
		t.Error("taken out of an overlapping state")
	}
	// Back -x reaches the root again: no new node.
	back, err := m.Move(n, []int{1}, grid.Vec{-1, 0, 0})
	if err != nil || back != root {
		t.Fatalf("moving back: %v, %v (want the root)", back, err)
	}
	if m.Len() != 2 || len(root.Children) != 1 || m.Node(1) != n || m.Node(2) != nil {
		t.Fatalf("%d nodes, root has %d children", m.Len(), len(root.Children))
	}
	// Along -x piece 1 is free: it can be taken out, not along +x.
	if _, err := m.TakeOut(root, []int{1}, grid.Vec{1, 0, 0}); err == nil {
		t.Error("taken out through piece 0")
	}
	out, err := m.TakeOut(root, []int{1}, grid.Vec{-1, 0, 0})
	if err != nil {
		t.Fatal(err)
	}
	if !out.Move.Removal || !m.Apart(out) || out.Pos[1] != root.Pos[1] || out.Shift[1] == (grid.Vec{}) || out.Comp[1] != 1 {
		t.Fatalf("taking out: %+v", out)
	}
	// Drawn cells follow the shift.
	if c := m.Cells(out, 1); c[0] != m.Cells(root, 1)[0].Add(out.Shift[1]) {
		t.Errorf("cells drawn at %v", c)
	}
	// Moves that make no sense.
	for _, tc := range []struct {
		n     *Node
		group []int
		dir   grid.Vec
		want  string
	}{
		{root, []int{0, 1}, grid.Vec{1, 0, 0}, "all that hang together"},
		{root, nil, grid.Vec{1, 0, 0}, "no piece"},
		{root, []int{5}, grid.Vec{1, 0, 0}, "does not exist"},
		{root, []int{1}, grid.Vec{1, 1, 0}, "not a unit move"},
		{out, []int{0, 1}, grid.Vec{0, 0, 1}, "come apart already"},
		{out, []int{1}, grid.Vec{0, 0, 1}, "piece 2 is out of the puzzle already"},
	} {
		if _, err := m.Move(tc.n, tc.group, tc.dir); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("move %v by %v: %v, want %q", tc.group, tc.dir, err, tc.want)
		}
	}
	// Wandering off is bounded.
	far := root
	for i := 0; i < MaxWander; i++ {
		if far, err = m.Move(far, []int{1}, grid.Vec{0, 1, 0}); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := m.Move(far, []int{1}, grid.Vec{0, 1, 0}); err == nil {
		t.Error("no limit on wandering")
	}
}

func TestDisassemblyOfHandMoves(t *testing.T) {
	p, a := hook()
	m, err := New(p, &p.Problems[0], a)
	if err != nil {
		t.Fatal(err)
	}
	// Piece 1 moves out of the crook along +y in two moves, then is taken
	// out along -x (it no longer needs to: any way is free).
	n := m.Root()
	for _, mv := range []grid.Vec{{0, 1, 0}, {0, 1, 0}} {
		if n, err = m.Move(n, []int{1}, mv); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := m.Disassembly(n); err == nil {
		t.Error("disassembly before anything was taken out: no error")
	}
	if n, err = m.TakeOut(n, []int{1}, grid.Vec{-1, 0, 0}); err != nil {
		t.Fatal(err)
	}
	d, err := m.Disassembly(n)
	if err != nil {
		t.Fatal(err)
	}
	sol := model.Solution{Assembly: a, Disassembly: d}
	if err := model.CheckDisassembly(p, &p.Problems[0], &sol); err != nil {
		t.Fatal(err)
	}
	// The two unit moves along +y are one move of two units.
	if d.Level() != "2" || !slices.Equal(d.Pieces, []int{0, 1}) || len(d.States) != 3 || d.States[1][1] != (grid.Vec{0, 3, 0}) {
		t.Errorf("level %s, pieces %v, states %v", d.Level(), d.Pieces, d.States)
	}
	if d.Removed != nil || d.Left != nil {
		t.Error("single pieces have children")
	}
	// Through an overlap: not a disassembly.
	o, _ := m.Move(m.Root(), []int{1}, grid.Vec{1, 0, 0})
	o, _ = m.Move(o, []int{1}, grid.Vec{0, 1, 0})
	if o, err = m.TakeOut(o, []int{1}, grid.Vec{0, 1, 0}); err != nil {
		t.Fatal(err)
	}
	if _, err := m.Disassembly(o); err == nil || !strings.Contains(err.Error(), "overlap") {
		t.Errorf("disassembly through an overlap: %v", err)
	}
}

// replay carries out disassembly d of the model's assembly by hand,
// unit move by unit move, and returns the state reached.
func replay(t *testing.T, m *Model, n *Node, d *model.Separation) *Node {
	t.Helper()
	if d == nil {
		return n
	}
	piece := func(slot int) int { return slices.Index(m.Slots(), slot) }
	last := len(d.States) - 1
	for i := 0; i < last; i++ {
		var group []int
		var v grid.Vec
		for j := range d.Pieces {
			if dv := d.States[i+1][j].Sub(d.States[i][j]); dv != (grid.Vec{}) {
				group, v = append(group, piece(d.Pieces[j])), dv
			}
		}
		var unit grid.Vec
		steps := 0
		for _, u := range m.Directions() {
			for _, u := range []grid.Vec{u, u.Neg()} {
				for k := 1; k <= 2*model.RemoveDistance && steps == 0; k++ {
					if u.Scale(k) == v || (i+1 == last && k == model.RemoveDistance && sameSigns(u, v)) {
						unit, steps = u, k
					}
				}
			}
		}
		if steps == 0 {
			t.Fatalf("move by %v is not along a grid direction", v)
		}
		var err error
		if i+1 == last {
			if n, err = m.TakeOut(n, group, unit); err != nil {
				t.Fatalf("separation of %v: taking out %v along %v: %v", d.Pieces, group, unit, err)
			}
			continue
		}
		for k := 0; k < steps; k++ {
			if n, err = m.Move(n, group, unit); err != nil {
				t.Fatal(err)
			}
		}
	}
	n = replay(t, m, n, d.Removed)
	return replay(t, m, n, d.Left)
}

func sameSigns(u, v grid.Vec) bool {
	for a := range 3 {
		if (u[a] > 0) != (v[a] > 0) || (u[a] < 0) != (v[a] < 0) {
			return false
		}
	}
	return true
}

func examplesDir(t *testing.T) string {
	if d := os.Getenv("BURRLAB_EXAMPLES"); d != "" {
		return d
	}
	return filepath.Join("..", "..", "..", "shared", "burrtools-examples")
}

// TestReplayKnownDisassemblies takes BurrTools' stored disassemblies of
// cube and prism examples apart by hand and converts the path back: the
// result must pass the model's check with the same level and moves. One
// SolidSixPieceBurrs assembly (level 1.2; the file stores outlines only)
// is taken apart by the disassembler first.
func TestReplayKnownDisassemblies(t *testing.T) {
	type job struct {
		file    string
		problem int
		sol     int
	}
	for _, j := range []job{
		{"PelikanBurr.xmpuzzle", 0, 0},
		{"DraculasDentalDesaster.xmpuzzle", 0, 0},
		{"CubeInCage.xmpuzzle", 0, 0},
		{"Prisgon.xmpuzzle", 0, 0},
		{"Prisgon.xmpuzzle", 1, 0},
		{"SolidSixPieceBurrs.xmpuzzle", 0, 257},
	} {
		p, err := xmpuzzle.ReadFile(filepath.Join(examplesDir(t), j.file))
		if err != nil {
			t.Fatalf("%s: %v (set BURRLAB_EXAMPLES to the folder of BurrTools' examples)", j.file, err)
		}
		pr := &p.Problems[j.problem]
		sol := pr.Solutions[j.sol]
		if sol.Disassembly == nil || sol.Disassembly.Outline() {
			dis, err := disassemble.New(p, pr)
			if err != nil {
				t.Fatal(err)
			}
			if sol.Disassembly, err = dis.Disassemble(context.Background(), sol.Assembly); err != nil || sol.Disassembly == nil {
				t.Fatalf("%s: no disassembly (%v)", j.file, err)
			}
		}
		want := sol.Disassembly
		m, err := New(p, pr, sol.Assembly)
		if err != nil {
			t.Fatalf("%s: %v", j.file, err)
		}
		n := replay(t, m, m.Root(), want)
		if !m.Apart(n) {
			t.Fatalf("%s: not apart after the replay", j.file)
		}
		got, err := m.Disassembly(n)
		if err != nil {
			t.Fatalf("%s: %v", j.file, err)
		}
		sol.Disassembly = got
		if err := model.CheckDisassembly(p, pr, &sol); err != nil {
			t.Errorf("%s: %v", j.file, err)
		}
		if got.Level() != want.Level() || got.TotalMoves() != want.TotalMoves() {
			t.Errorf("%s: level %s, %d moves; the original %s, %d moves", j.file, got.Level(), got.TotalMoves(), want.Level(), want.TotalMoves())
		}
		t.Logf("%s problem %d: level %s, %d moves, %d states in the tree", j.file, j.problem, got.Level(), got.TotalMoves(), m.Len())
	}
}

func TestNewErrors(t *testing.T) {
	p, a := hook()
	if _, err := New(p, &p.Problems[0], a[:1]); err == nil {
		t.Error("short assembly: no error")
	}
	one := model.Assembly{a[0], {Orient: model.Unplaced}}
	if _, err := New(p, &p.Problems[0], one); err == nil {
		t.Error("one piece: no error")
	}
	p.Grid = grid.Spheres
	if _, err := New(p, &p.Problems[0], a); err != ErrNoMoves {
		t.Errorf("spheres: %v", err)
	}
}
