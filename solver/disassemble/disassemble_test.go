package disassemble

import (
	"context"
	"errors"
	"math/rand/v2"
	"reflect"
	"sync"
	"testing"
	"time"

	"github.com/burrlab/burrlab/model"
	"github.com/burrlab/burrlab/model/grid"
)

// box returns the cells of the box lo..hi (inclusive) without the cells in
// minus.
func box(lo, hi grid.Vec, minus ...grid.Vec) []grid.Vec {
	skip := map[grid.Vec]bool{}
	for _, v := range minus {
		skip[v] = true
	}
	var out []grid.Vec
	for z := lo[2]; z <= hi[2]; z++ {
		for y := lo[1]; y <= hi[1]; y++ {
			for x := lo[0]; x <= hi[0]; x++ {
				if v := (grid.Vec{x, y, z}); !skip[v] {
					out = append(out, v)
				}
			}
		}
	}
	return out
}

// shape returns a shape whose filled cells are cells (non-negative
// coordinates), with the hotspot at the origin.
func shape(cells []grid.Vec) model.Shape {
	var size grid.Vec
	for _, c := range cells {
		for k := range size {
			size[k] = max(size[k], c[k]+1)
		}
	}
	s := model.NewShape(size)
	for _, c := range cells {
		s.Set(c, model.MakeVoxel(model.Filled, 0))
	}
	return s
}

// puzzle returns a puzzle of grid g whose problem uses each piece once,
// and the assembly that puts every piece where its cells say (position 0,
// orientation 0). Shapes are numbered from first on; shapes before it are
// empty placeholders, so that part i uses shape first+i.
func puzzle(g grid.Type, first int, pieces ...[]grid.Vec) (*model.Puzzle, *model.Problem, model.Assembly) {
	p := &model.Puzzle{Grid: g}
	for i := 0; i < first; i++ {
		p.Shapes = append(p.Shapes, model.NewShape(grid.Vec{1, 1, 1}))
	}
	pr := model.NewProblem("test")
	var a model.Assembly
	for i, cells := range pieces {
		p.Shapes = append(p.Shapes, shape(cells))
		pr.Parts = append(pr.Parts, model.Part{Shape: first + i, Min: 1, Max: 1})
		a = append(a, model.Placement{})
	}
	p.Problems = []model.Problem{pr}
	return p, &p.Problems[0], a
}

func disassemble(t *testing.T, p *model.Puzzle, pr *model.Problem, a model.Assembly) *model.Separation {
	t.Helper()
	d, err := New(p, pr)
	if err != nil {
		t.Fatal(err)
	}
	sep, err := d.Disassemble(context.Background(), a)
	if err != nil {
		t.Fatal(err)
	}
	if sep != nil {
		sol := &model.Solution{Assembly: a, Disassembly: sep}
		if err := model.CheckDisassembly(p, pr, sol); err != nil {
			t.Fatalf("the disassembly found can't be carried out: %v", err)
		}
	}
	return sep
}

// The frame of the slide-and-lift puzzle: a 4x3x3 block with a cavity at
// (1,1,1), a free cell next to it, and a way out upwards from there.
var (
	frame = box(grid.Vec{0, 0, 0}, grid.Vec{3, 2, 2}, grid.Vec{1, 1, 1}, grid.Vec{2, 1, 1}, grid.Vec{2, 2, 1})
	plug  = []grid.Vec{{1, 1, 1}}
)

func TestSlideThenLift(t *testing.T) {
	p, pr, a := puzzle(grid.Cubes, 0, frame, plug)
	sep := disassemble(t, p, pr, a)
	if sep == nil {
		t.Fatal("no disassembly")
	}
	// The plug moves +x by one, then leaves along +y.
	want := &model.Separation{
		Pieces: []int{0, 1},
		States: [][]grid.Vec{
			{{0, 0, 0}, {0, 0, 0}},
			{{0, 0, 0}, {1, 0, 0}},
			{{0, 0, 0}, {1, model.RemoveDistance, 0}},
		},
	}
	if !reflect.DeepEqual(sep, want) {
		t.Errorf("got %+v, want %+v", sep, want)
	}
	if sep.Level() != "2" || sep.TotalMoves() != 2 {
		t.Errorf("level %s, %d moves; want 2, 2", sep.Level(), sep.TotalMoves())
	}
}

func TestHeavierPieceStaysStill(t *testing.T) {
	p, pr, a := puzzle(grid.Cubes, 0, frame, plug)
	p.Shapes[1].Weight = 2
	sep := disassemble(t, p, pr, a)
	if sep == nil {
		t.Fatal("no disassembly")
	}
	// Now the frame does the moving, the opposite way.
	want := [][]grid.Vec{
		{{0, 0, 0}, {0, 0, 0}},
		{{-1, 0, 0}, {0, 0, 0}},
		{{-1, -model.RemoveDistance, 0}, {0, 0, 0}},
	}
	if !reflect.DeepEqual(sep.States, want) {
		t.Errorf("got states %v, want %v", sep.States, want)
	}
}

func TestNothingToTakeApart(t *testing.T) {
	shell := box(grid.Vec{0, 0, 0}, grid.Vec{2, 2, 2}, grid.Vec{1, 1, 1})
	core := []grid.Vec{{1, 1, 1}}
	p, pr, a := puzzle(grid.Cubes, 0, shell, core)
	if sep := disassemble(t, p, pr, a); sep != nil {
		t.Errorf("a cube locked in a shell came apart: %+v", sep)
	}
	// A single placed piece has nothing to take apart either.
	pr.Parts[1].Min = 0
	a[1].Orient = model.Unplaced
	if sep := disassemble(t, p, pr, a); sep != nil {
		t.Errorf("one piece gave a separation: %+v", sep)
	}
}

// Two cubes in one channel can each slide along x; the move generator
// also offers both sliding together, as one move (BurrTools' merging), and
// lists the moves in BurrTools' order.
func TestMovesInOrder(t *testing.T) {
	channel := box(grid.Vec{0, 0, 0}, grid.Vec{5, 2, 2}, grid.Vec{1, 1, 1}, grid.Vec{2, 1, 1}, grid.Vec{3, 1, 1}, grid.Vec{4, 1, 1})
	p, pr, _ := puzzle(grid.Cubes, 0, channel, []grid.Vec{{1, 1, 1}}, []grid.Vec{{3, 1, 1}})
	d, err := New(p, pr)
	if err != nil {
		t.Fatal(err)
	}
	w := newWorker(d)
	w.orient = []int{0, 0, 0}
	w.load([]int{0, 1, 2}, make([]int64, 3))
	w.analyse(0)
	if f, ok := w.removal(0); ok {
		t.Fatalf("removal %+v in a closed channel", f)
	}
	w.finiteMoves(context.Background(), 0)
	want := [][]grid.Vec{
		{{0, 0, 0}, {1, 0, 0}, {0, 0, 0}},  // +x: the first cube
		{{0, 0, 0}, {0, 0, 0}, {1, 0, 0}},  // the second cube
		{{0, 0, 0}, {1, 0, 0}, {1, 0, 0}},  // both: the merged move
		{{0, 0, 0}, {0, 0, 0}, {-1, 0, 0}}, // -x: the second cube back
	}
	for i, st := range want {
		got := make([]grid.Vec, 3)
		if w.stateInto(int32(i+1), got); !reflect.DeepEqual(got, st) {
			t.Errorf("node %d: got %v, want %v", i+1, got, st)
		}
	}
}

func TestUnsupportedGrids(t *testing.T) {
	for _, g := range []grid.Type{grid.Spheres, grid.Rhombic, grid.TetraOcta} {
		p, pr, _ := puzzle(g, 0, []grid.Vec{{0, 0, 0}}, []grid.Vec{{2, 0, 0}})
		if _, err := New(p, pr); !errors.Is(err, ErrUnsupported) {
			t.Errorf("grid %v: got %v, want ErrUnsupported", g, err)
		}
	}
}

func TestBadAssemblies(t *testing.T) {
	p, pr, a := puzzle(grid.Prisms, 0, []grid.Vec{{0, 0, 0}}, []grid.Vec{{2, 0, 0}})
	d, err := New(p, pr)
	if err != nil {
		t.Fatal(err)
	}
	for name, bad := range map[string]model.Assembly{
		"too few placements":   a[:1],
		"orientation":          {a[0], {Orient: 12}},
		"far away":             {a[0], {Pos: grid.Vec{0, 5000, 0}}},
		"off the prism grid":   {a[0], {Pos: grid.Vec{1, 0, 0}}},
		"negative orientation": {a[0], {Orient: -2}},
	} {
		if _, err := d.Disassemble(context.Background(), bad); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
}

// Prism cells slide along the three edge directions and up; the check
// cells decide which neighbours are in the way (grids.md §3.6).
func TestPrismDistances(t *testing.T) {
	r := rulesFor(grid.Prisms)
	up := oshapeOf(r, grid.Vec{0, 0, 0})
	for _, c := range []struct {
		other grid.Vec
		want  [maxAxes]int32 // along (0,0,1), (2,0,0), (1,1,0), (-1,1,0)
	}{
		{grid.Vec{1, 0, 0}, [maxAxes]int32{free, 0, 0, free}},
		{grid.Vec{2, 0, 0}, [maxAxes]int32{free, 0, free, free}},
		{grid.Vec{3, 0, 0}, [maxAxes]int32{free, 1, free, free}},
		{grid.Vec{5, 0, 0}, [maxAxes]int32{free, 2, free, free}},
		{grid.Vec{1, 1, 0}, [maxAxes]int32{free, free, 0, free}},
		{grid.Vec{2, 2, 0}, [maxAxes]int32{free, free, 1, free}},
		{grid.Vec{0, 1, 0}, [maxAxes]int32{free, free, free, free}}, // touches the apex only
		{grid.Vec{-1, 0, 0}, [maxAxes]int32{free, free, free, 0}},
		{grid.Vec{-1, 1, 0}, [maxAxes]int32{free, free, free, 0}},
		{grid.Vec{0, 0, 3}, [maxAxes]int32{2, free, free, free}},
	} {
		o := oshapeOf(r, c.other)
		var got [maxAxes]int32
		r.distances(&up, &o, vec{}, &got)
		if got != c.want {
			t.Errorf("up triangle vs cell %v: got %v, want %v", c.other, got, c.want)
		}
	}
}

func oshapeOf(r *rules, cells ...grid.Vec) oshape {
	var cs []cell
	for _, v := range cells {
		cs = append(cs, cell{p: vec{int32(v[0]), int32(v[1]), int32(v[2])}, kind: r.kindOf(v)})
	}
	return newOshape(r, cs)
}

func TestCubeDistances(t *testing.T) {
	r := rulesFor(grid.Cubes)
	bar := oshapeOf(r, grid.Vec{0, 0, 0}, grid.Vec{1, 0, 0}, grid.Vec{2, 0, 0})
	for _, c := range []struct {
		other grid.Vec
		want  [maxAxes]int32
	}{
		{grid.Vec{3, 0, 0}, [maxAxes]int32{0, free, free, 0}},
		{grid.Vec{7, 0, 0}, [maxAxes]int32{4, free, free, 0}},
		{grid.Vec{1, 2, 0}, [maxAxes]int32{free, 1, free, 0}},
		{grid.Vec{-1, 0, 0}, [maxAxes]int32{free, free, free, 0}},
		{grid.Vec{2, 0, 1}, [maxAxes]int32{free, free, 0, 0}},
	} {
		o := oshapeOf(r, c.other)
		var got [maxAxes]int32
		r.distances(&bar, &o, vec{}, &got)
		if got != c.want {
			t.Errorf("bar vs cell %v: got %v, want %v", c.other, got, c.want)
		}
	}
}

func TestRulesMatchGridDirections(t *testing.T) {
	for _, gt := range []grid.Type{grid.Cubes, grid.Prisms} {
		r := rulesFor(gt)
		dirs := grid.Must(gt).Directions()
		if len(dirs) != len(r.dirs) {
			t.Fatalf("%v: %d directions, rules have %d", gt, len(dirs), len(r.dirs))
		}
		for i, d := range dirs {
			if (vec{int32(d[0]), int32(d[1]), int32(d[2])}) != r.dirs[i] {
				t.Errorf("%v: direction %d is %v, rules say %v", gt, i, d, r.dirs[i])
			}
		}
	}
}

// A box full of loose cubes has a huge space of positions and no way out:
// the search must stop when asked to.
func TestCancel(t *testing.T) {
	var shell []grid.Vec
	for _, v := range box(grid.Vec{0, 0, 0}, grid.Vec{5, 5, 5}) {
		if v[0] == 0 || v[0] == 5 || v[1] == 0 || v[1] == 5 || v[2] == 0 || v[2] == 5 {
			shell = append(shell, v)
		}
	}
	pieces := [][]grid.Vec{shell}
	for i := 0; i < 6; i++ {
		pieces = append(pieces, []grid.Vec{{1 + i%4, 1 + i/4, 1}})
	}
	p, pr, a := puzzle(grid.Cubes, 0, pieces...)
	d, err := New(p, pr)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	sep, err := d.Disassemble(ctx, a)
	if !errors.Is(err, context.DeadlineExceeded) || sep != nil {
		t.Errorf("got %v, %v; want the deadline error", sep, err)
	}
}

// Solver workers share one disassembler.
func TestConcurrentUse(t *testing.T) {
	p, pr, a := puzzle(grid.Cubes, 0, frame, plug)
	d, err := New(p, pr)
	if err != nil {
		t.Fatal(err)
	}
	want, err := d.Disassemble(context.Background(), a)
	if err != nil || want == nil {
		t.Fatal(want, err)
	}
	var wg sync.WaitGroup
	for g := 0; g < 4; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < 50; i++ {
				got, err := d.Disassemble(context.Background(), a)
				if err != nil || !reflect.DeepEqual(got, want) {
					t.Errorf("got %v, %v", got, err)
					return
				}
			}
		}()
	}
	wg.Wait()
}

// bruteDistances is the definition behind rules.distances: the smallest
// step count s at which some cell a of the moving shape needs a cell of
// the other one free, a + c + s*dir = b + off, over all pairs and checks c.
func bruteDistances(r *rules, a, b []cell, off vec) [maxAxes]int32 {
	var out [maxAxes]int32
	for ax, d := range r.dirs {
		out[ax] = free
		for _, ca := range a {
			for _, cb := range b {
				for _, c := range r.checks[ax][ca.kind] {
					e := vec{cb.p[0] + off[0] - ca.p[0] - c[0], cb.p[1] + off[1] - ca.p[1] - c[1], cb.p[2] + off[2] - ca.p[2] - c[2]}
					// Is e = s*d for some s >= 0?
					s := int32(-1)
					ok := true
					for k := 0; k < 3; k++ {
						switch {
						case d[k] == 0:
							ok = ok && e[k] == 0
						case e[k]%d[k] != 0 || e[k]/d[k] < 0 || (s >= 0 && e[k]/d[k] != s):
							ok = false
						default:
							s = e[k] / d[k]
						}
					}
					if ok && s >= 0 && s < out[ax] {
						out[ax] = s
					}
				}
			}
		}
	}
	return out
}

// Random pairs of shapes that don't overlap: the fast distances (front
// cells, next tables or walks through the bounding box) agree with the
// definition.
func TestDistancesAgainstDefinition(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, gt := range []grid.Type{grid.Cubes, grid.Prisms} {
		r := rulesFor(gt)
		for trial := 0; trial < 2000; trial++ {
			taken := map[grid.Vec]int{}
			var cells [2][]grid.Vec
			for k := 0; k < 2; k++ {
				for n := 1 + rng.IntN(12); n > 0; n-- {
					v := grid.Vec{rng.IntN(6), rng.IntN(6), rng.IntN(3)}
					if _, ok := taken[v]; !ok {
						taken[v] = k
						cells[k] = append(cells[k], v)
					}
				}
			}
			if len(cells[1]) == 0 {
				continue
			}
			// Put b's cells relative to an origin on the grid's lattice.
			origin := grid.Vec{2 * rng.IntN(3), 0, rng.IntN(3)}
			var rel []grid.Vec
			for _, v := range cells[1] {
				rel = append(rel, v.Sub(origin))
			}
			a, b := oshapeOf(r, cells[0]...), oshapeOf(r, rel...)
			off := vec{int32(origin[0]), int32(origin[1]), int32(origin[2])}
			want := bruteDistances(r, a.cells, b.cells, off)
			var got [maxAxes]int32
			r.distances(&a, &b, off, &got)
			if got != want {
				t.Fatalf("%v: %v moving, %v held: got %v, want %v", gt, cells[0], cells[1], got, want)
			}
			// Without next tables, as for large boxes: the walk.
			b.next = [maxAxes][]int16{}
			r.distances(&a, &b, off, &got)
			if got != want {
				t.Fatalf("%v: %v moving, %v held, walking: got %v, want %v", gt, cells[0], cells[1], got, want)
			}
		}
	}
}

// A part too large to analyse is reported when an assembly uses it.
func TestShapeTooLarge(t *testing.T) {
	p, pr, a := puzzle(grid.Cubes, 0, []grid.Vec{{0, 0, 0}, {maxShape + 1, 0, 0}}, []grid.Vec{{0, 1, 0}})
	d, err := New(p, pr)
	if err != nil {
		t.Fatal(err)
	}
	if sep, err := d.Disassemble(context.Background(), a); err == nil || sep != nil {
		t.Errorf("got %v, %v; want an error", sep, err)
	}
}

// The separations of one tree share arrays; appending to one part must not
// change another.
func TestSeparationPartsIndependent(t *testing.T) {
	p := loadExample(t, "DemoPieceGenerator.xmpuzzle")
	pr := &p.Problems[0]
	d, err := New(p, pr)
	if err != nil {
		t.Fatal(err)
	}
	sep, err := d.Disassemble(context.Background(), readAssemblies(t, p, "DemoPieceGenerator.xmpuzzle", 0)[0])
	if err != nil || sep == nil || sep.Left == nil && sep.Removed == nil {
		t.Fatalf("got %v, %v; want a separation with parts", sep, err)
	}
	want := sep.Clone()
	var grow func(s *model.Separation)
	grow = func(s *model.Separation) {
		if s == nil {
			return
		}
		_ = append(s.Pieces, -1)
		_ = append(s.States, nil)
		for _, st := range s.States {
			_ = append(st, grid.Vec{-1, -1, -1})
		}
		grow(s.Left)
		grow(s.Removed)
	}
	grow(sep)
	if !reflect.DeepEqual(sep, want) {
		t.Error("appending to one part of a separation changed another")
	}
}

// Workers sharing a fresh disassembler make its oriented parts as they
// first need them, concurrently, and get what one worker alone gets.
func TestConcurrentFirstUse(t *testing.T) {
	p := loadExample(t, "DraculasDentalDesaster.xmpuzzle")
	pr := &p.Problems[0]
	asms := readAssemblies(t, p, "DraculasDentalDesaster.xmpuzzle", 0)[:12]
	alone, err := New(p, pr)
	if err != nil {
		t.Fatal(err)
	}
	var want []*model.Separation
	for _, a := range asms {
		sep, err := alone.Disassemble(context.Background(), a)
		if err != nil {
			t.Fatal(err)
		}
		want = append(want, sep)
	}
	d, err := New(p, pr)
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	for g := 0; g < 4; g++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range asms {
				k := (i + 3*g) % len(asms)
				got, err := d.Disassemble(context.Background(), asms[k])
				if err != nil || !reflect.DeepEqual(got, want[k]) {
					t.Errorf("assembly %d: got %v, %v", k, got, err)
					return
				}
			}
		}()
	}
	wg.Wait()
}
