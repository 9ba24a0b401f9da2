package render

import (
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/burrlab/burrlab/model"
	"github.com/burrlab/burrlab/model/grid"
	"github.com/burrlab/burrlab/model/xmpuzzle"
	"github.com/go-gl/mathgl/mgl64"
)

// removedAt returns p moved by 20000 along d: how files mark a removal.
func removedAt(p, d grid.Vec) grid.Vec { return p.Add(d.Scale(model.RemoveDistance)) }

func near(a, b mgl64.Vec3) bool { return a.Sub(b).Len() < 1e-9 }

// A hand-made tree: the root (slots 0-3) slides slot 3 by +x, then pulls
// {2, 3} out along +x; the removed group {2, 3} then pulls 3 out along +y;
// the left group {0, 1} pulls 1 out along -z after sliding it +y.
func handTree() (model.Assembly, *model.Separation) {
	a := model.Assembly{{Pos: grid.Vec{0, 0, 0}}, {Pos: grid.Vec{1, 0, 0}}, {Pos: grid.Vec{2, 0, 0}}, {Pos: grid.Vec{3, 0, 0}}}
	x, y, z := grid.Vec{1, 0, 0}, grid.Vec{0, 1, 0}, grid.Vec{0, 0, -1}
	p := []grid.Vec{a[0].Pos, a[1].Pos, a[2].Pos, a[3].Pos}
	s1 := []grid.Vec{p[0], p[1], p[2], p[3].Add(x)}
	root := &model.Separation{
		Pieces: []int{0, 1, 2, 3},
		States: [][]grid.Vec{p, s1, {p[0], p[1], removedAt(p[2], x), removedAt(s1[3], x)}},
	}
	root.Removed = &model.Separation{
		Pieces: []int{2, 3},
		States: [][]grid.Vec{{p[2], s1[3]}, {p[2], removedAt(s1[3], y)}},
	}
	l1 := p[1].Add(y)
	root.Left = &model.Separation{
		Pieces: []int{0, 1},
		States: [][]grid.Vec{{p[0], p[1]}, {p[0], l1}, {p[0], removedAt(l1, z)}},
	}
	return a, root
}

// Steps play in BurrTools' order: the node's moves, then the removed
// group's, then the left group's; removals fly out by the fly distance
// (further for a second group in the same direction), and fractional times
// interpolate.
func TestAnimationOrderAndOffsets(t *testing.T) {
	a, d := handTree()
	g := grid.Must(grid.Cubes)
	an, err := NewAnimation(g, a, d, 10)
	if err != nil {
		t.Fatal(err)
	}
	if an.Steps() != 5 || an.Steps() != d.TotalMoves() {
		t.Fatalf("%d steps, want 5", an.Steps())
	}
	X, Y, Z := mgl64.Vec3{1, 0, 0}, mgl64.Vec3{0, 1, 0}, mgl64.Vec3{0, 0, 1}
	O := mgl64.Vec3{}
	want := [][]mgl64.Vec3{
		{O, O, O, O},                 // assembled
		{O, O, O, X},                 // slot 3 slides +x
		{O, O, X.Mul(10), X.Mul(11)}, // {2, 3} fly out along +x
		{O, O, X.Mul(10), X.Mul(11).Add(Y.Mul(10))},                // removed group first: 3 flies +y
		{O, Y, X.Mul(10), X.Mul(11).Add(Y.Mul(10))},                // then the left group: 1 slides +y
		{O, Y.Sub(Z.Mul(10)), X.Mul(10), X.Mul(11).Add(Y.Mul(10))}, // and flies along -z
	}
	for k, w := range want {
		got := an.Offsets(float64(k), nil)
		for s := range w {
			if !near(got[s], w[s]) {
				t.Errorf("step %d slot %d: offset %v, want %v", k, s, got[s], w[s])
			}
		}
	}
	half := an.Offsets(0.5, nil)
	if !near(half[3], X.Mul(0.5)) || !near(half[0], O) {
		t.Errorf("time 0.5: %v", half)
	}
	if !an.Moving(0.5, 3) || an.Moving(0.5, 0) || !an.Moving(1.2, 2) || an.Moving(1.2, 1) {
		t.Error("Moving disagrees with the offsets")
	}
	// Clamping and Apply.
	if got := an.Offsets(-3, nil); !near(got[3], O) {
		t.Errorf("time -3: %v", got)
	}
	if got := an.Offsets(99, nil); !near(got[1], want[5][1]) {
		t.Errorf("time 99: %v", got)
	}
	s := &Scene{Items: make([]Item, 4)}
	an.Apply(s, 2)
	if !near(s.Items[3].Offset, X.Mul(11)) {
		t.Errorf("Apply: %v", s.Items[3].Offset)
	}
	// A second group leaving along +x flies further than the first.
	a2, d2 := handTree()
	d2.Left.States[2][1] = removedAt(d2.Left.States[1][1], grid.Vec{1, 0, 0})
	an2, err := NewAnimation(g, a2, d2, 10)
	if err != nil {
		t.Fatal(err)
	}
	if got := an2.Offsets(5, nil)[1]; !near(got, Y.Add(X.Mul(16))) {
		t.Errorf("second flight along +x: %v, want %v", got, Y.Add(X.Mul(16)))
	}
}

// Older files store a removed group shifted; the animation puts it back
// where the parent left it.
func TestAnimationChildShift(t *testing.T) {
	a, d := handTree()
	shift := grid.Vec{7, -3, 5}
	for _, st := range d.Removed.States {
		for j := range st {
			st[j] = st[j].Add(shift)
		}
	}
	an, err := NewAnimation(grid.Must(grid.Cubes), a, d, 10)
	if err != nil {
		t.Fatal(err)
	}
	if got := an.Offsets(3, nil)[3]; !near(got, mgl64.Vec3{11, 10, 0}) {
		t.Errorf("shifted child: slot 3 at %v, want (11,10,0)", got)
	}
}

func TestAnimationRejects(t *testing.T) {
	g := grid.Must(grid.Cubes)
	a, d := handTree()
	if _, err := NewAnimation(g, a, nil, 1); err == nil {
		t.Error("nil disassembly accepted")
	}
	if _, err := NewAnimation(g, a, &model.Separation{NumStates: 3}, 1); err == nil {
		t.Error("outline-only disassembly accepted")
	}
	if _, err := NewAnimation(g, a, d, math.NaN()); err == nil {
		t.Error("NaN fly distance accepted")
	}
	bad := d.Clone()
	bad.States[1] = bad.States[1][:2]
	if _, err := NewAnimation(g, a, bad, 1); err == nil {
		t.Error("short state accepted")
	}
	bad = d.Clone()
	bad.Pieces[0] = 9
	if _, err := NewAnimation(g, a, bad, 1); err == nil {
		t.Error("unknown slot accepted")
	}
	bad = d.Clone()
	bad.States = bad.States[:1]
	if _, err := NewAnimation(g, a, bad, 1); err == nil {
		t.Error("node without a move accepted")
	}
}

// latticeScale measures each grid's geometry: one lattice unit is a cube
// edge, half a triangle side, a √2/2 sphere step, a fifth and a third of a
// block.
func TestLatticeScale(t *testing.T) {
	h := math.Sqrt(3) / 2
	for ty, want := range map[grid.Type]mgl64.Vec3{
		grid.Cubes:     {1, 1, 1},
		grid.Prisms:    {0.5, h, 1},
		grid.Spheres:   {math.Sqrt(0.5), math.Sqrt(0.5), math.Sqrt(0.5)},
		grid.Rhombic:   {0.2, 0.2, 0.2},
		grid.TetraOcta: {1.0 / 3, 1.0 / 3, 1.0 / 3},
	} {
		if got := latticeScale(grid.Must(ty)); !near(got, want) {
			t.Errorf("%v: %v, want %v", ty, got, want)
		}
	}
}

// examplesDir returns BurrTools' example folder ($BURRLAB_EXAMPLES, else
// ../shared/burrtools-examples beside the repository) and fails when it is
// missing.
func examplesDir(t testing.TB) string {
	t.Helper()
	dir := os.Getenv("BURRLAB_EXAMPLES")
	if dir == "" {
		dir = filepath.Join("..", "..", "shared", "burrtools-examples")
	}
	if files, _ := filepath.Glob(filepath.Join(dir, "*.xmpuzzle")); len(files) == 0 {
		t.Fatalf("no BurrTools examples (*.xmpuzzle) in %s; set BURRLAB_EXAMPLES to their folder", dir)
	}
	return dir
}

func loadExample(t testing.TB, name string) *model.Puzzle {
	t.Helper()
	p, err := xmpuzzle.ReadFile(filepath.Join(examplesDir(t), name))
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// Every stored disassembly of the examples plays without two pieces ever
// on one cell at a whole step, ends with every piece apart from the rest,
// and starts assembled.
func TestAnimationOfExamples(t *testing.T) {
	played := 0
	for _, name := range []string{"AlPackino.xmpuzzle", "CubeInCage.xmpuzzle", "DraculasDentalDesaster.xmpuzzle", "PelikanBurr.xmpuzzle", "Prisgon.xmpuzzle"} {
		p := loadExample(t, name)
		g, _ := p.GridOf()
		for pi := range p.Problems {
			pr := &p.Problems[pi]
			for si := range pr.Solutions {
				sol := &pr.Solutions[si]
				if sol.Disassembly == nil || sol.Disassembly.Outline() {
					continue
				}
				s, err := AssemblyScene(p, pr, sol.Assembly)
				if err != nil {
					t.Fatalf("%s: %v", name, err)
				}
				an, err := NewAnimation(g, sol.Assembly, sol.Disassembly, DefaultFly(s))
				if err != nil {
					t.Fatalf("%s: %v", name, err)
				}
				played++
				// Cell centres of every piece, for the overlap check.
				centres := make([][]mgl64.Vec3, len(s.Items))
				for slot, pl := range sol.Assembly {
					if !pl.Placed() {
						continue
					}
					cells, _ := model.PlacedCells(g, &p.Shapes[pr.Parts[pr.SlotParts()[slot]].Shape], pl)
					for _, c := range cells {
						centres[slot] = append(centres[slot], g.Solid(c.Pos).Center)
					}
				}
				var offs []mgl64.Vec3
				for k := 0; k <= an.Steps(); k++ {
					offs = an.Offsets(float64(k), offs)
					seen := map[pointKey]int{}
					for slot, cs := range centres {
						if k == 0 && offs[slot].Len() != 0 {
							t.Fatalf("%s: slot %d not assembled at step 0", name, slot)
						}
						for _, c := range cs {
							key := keyOf(c.Add(offs[slot]))
							if o, ok := seen[key]; ok && o != slot {
								t.Fatalf("%s solution %d step %d: slots %d and %d share a cell", name, si, k, o, slot)
							}
							seen[key] = slot
						}
					}
				}
			}
		}
	}
	if played < 5 {
		t.Errorf("only %d disassemblies played", played)
	}
}
