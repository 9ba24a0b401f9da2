package explain

import (
	"context"
	"encoding/json"
	"errors"
	"image/color"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/burrlab/burrlab/internal/puzzles"
	"github.com/burrlab/burrlab/model"
	"github.com/burrlab/burrlab/model/grid"
	"github.com/burrlab/burrlab/solver/disassemble"
)

// shape builds a cube-grid shape from layers of rows (see puzzles.Layers).
var shape = puzzles.Layers

// flat builds a one-layer shape.
func flat(name string, rows ...string) model.Shape { return shape(name, rows) }

// part is a piece with its count range.
type part struct {
	s        model.Shape
	min, max int
}

// one uses a shape exactly once.
func one(s model.Shape) part { return part{s, 1, 1} }

// puzzle makes a cube puzzle of one problem: the result (the last shape)
// and the parts, with three constraint colours defined.
func puzzle(result model.Shape, parts ...part) *model.Puzzle {
	p := &model.Puzzle{Grid: grid.Cubes, Colors: []color.RGBA{{R: 255, A: 255}, {G: 255, A: 255}, {B: 255, A: 255}}}
	pr := model.NewProblem("test")
	for i, pt := range parts {
		p.Shapes = append(p.Shapes, pt.s)
		pr.Parts = append(pr.Parts, model.Part{Shape: i, Min: pt.min, Max: pt.max})
	}
	result.Name = "result"
	p.Shapes = append(p.Shapes, result)
	pr.Result = len(parts)
	p.Problems = []model.Problem{pr}
	return p
}

// explain runs Explain with a short timeout and checks that the JSON form
// holds the same report.
func explain(t *testing.T, p *model.Puzzle, opts Options) *Report {
	t.Helper()
	if opts.Timeout == 0 {
		opts.Timeout = 5 * time.Second
	}
	r, err := Explain(context.Background(), p, 0, opts)
	if err != nil {
		t.Fatal(err)
	}
	b, err := json.Marshal(r)
	if err != nil {
		t.Fatal(err)
	}
	var back Report
	if err := json.Unmarshal(b, &back); err != nil || !reflect.DeepEqual(&back, r) {
		t.Errorf("the JSON form differs: %v\n%s", err, b)
	}
	t.Log(r.Text())
	return r
}

// only returns the findings of kind k, failing unless there is exactly
// one, and that the report's blocking findings are exactly those kinds.
func only(t *testing.T, r *Report, k Kind, blocking ...Kind) Finding {
	t.Helper()
	var got []Finding
	for _, f := range r.Findings {
		if f.Kind == k {
			got = append(got, f)
		}
	}
	var kinds []Kind
	for _, f := range r.Blocking() {
		kinds = append(kinds, f.Kind)
	}
	if !slices.Equal(kinds, blocking) {
		t.Errorf("blocking findings %v, want %v\n%s", kinds, blocking, r.Text())
	}
	if len(got) != 1 {
		t.Fatalf("%d findings of kind %s, want 1\n%s", len(got), k, r.Text())
	}
	return got[0]
}

// names lists the names of pieces.
func names(ps []Piece) []string {
	var out []string
	for _, p := range ps {
		out = append(out, p.Name)
	}
	return out
}

func TestSolvable(t *testing.T) {
	p := puzzle(flat("", "##", "##"), part{flat("domino", "##"), 2, 2})
	r := explain(t, p, Options{})
	f := only(t, r, Solvable)
	if !r.Solvable || !r.Complete || len(r.Findings) != 1 || f.Assembly == nil {
		t.Errorf("report %+v", r)
	}
	if !strings.Contains(r.Text(), "can be solved") {
		t.Errorf("text does not say it can be solved:\n%s", r.Text())
	}
	// With disassembly: the dominoes slide apart.
	r = explain(t, p, Options{Disassemble: true})
	only(t, r, Solvable)
	if !r.Solvable || !strings.Contains(r.Findings[0].Message, "solutions") {
		t.Errorf("with disassembly: %s", r.Text())
	}
}

func TestInputNotPosed(t *testing.T) {
	p := puzzle(flat("", "##"), one(flat("domino", "##")))
	p.Problems[0].Result = model.NoResult
	only(t, explain(t, p, Options{}), NoResult, NoResult)

	p = puzzle(flat("", "##"), part{flat("domino", "##"), 0, 0})
	only(t, explain(t, p, Options{}), NoPieces, NoPieces)

	p = puzzle(flat("", "##"), one(flat("domino", "##")), one(flat("ghost", "++")))
	f := only(t, explain(t, p, Options{}), EmptyPiece, EmptyPiece)
	if !slices.Equal(names(f.Pieces), []string{"ghost"}) {
		t.Errorf("empty piece %v, want ghost", names(f.Pieces))
	}
}

func TestCellCount(t *testing.T) {
	tromino := flat("I3", "###")
	domino := flat("domino", "##")
	for _, tc := range []struct {
		name         string
		p            *model.Puzzle
		min, max     int // the pieces' cells
		needLo       int
		below, above int
		text         string
	}{
		{"too many", puzzle(flat("", "##", "##"), part{tromino, 0, 0}, part{flat("mono", "#"), 5, 5}), 5, 5, 4, -1, -1, "at least 5 cells"},
		{"too few", puzzle(flat("", "###", "###"), one(domino)), 2, 2, 6, -1, -1, "at most 2 cells"},
		// 0..3 dominoes make 0, 2, 4 or 6 cells, never the 5 of the row.
		{"odd row", puzzle(flat("", "#####"), part{domino, 0, 3}), 0, 6, 5, 4, 6, "at best 4 or 6"},
		{"holes", func() *model.Puzzle {
			p := puzzle(flat("", "++++"), part{domino, 0, 1})
			p.Problems[0].MaxHoles = 1
			return p
		}(), 0, 2, 3, -1, -1, "at most 1 hole"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := only(t, explain(t, tc.p, Options{}), CellCount, CellCount)
			c := f.Counts
			if c.PiecesMin != tc.min || c.PiecesMax != tc.max || c.NeedMin != tc.needLo || c.Below != tc.below || c.Above != tc.above {
				t.Errorf("counts %+v", c)
			}
			last := len(c.Parts) - 1
			if c.Parts[last].Name != tc.p.Shapes[last].Name || c.Parts[last].Cells != tc.p.Shapes[last].Count(model.Filled) {
				t.Errorf("parts %+v", c.Parts)
			}
			if !strings.Contains(f.Message, tc.text) {
				t.Errorf("message %q does not say %q", f.Message, tc.text)
			}
		})
	}
}

func TestPieceNowhere(t *testing.T) {
	mono := flat("mono", "#")
	for _, tc := range []struct {
		name   string
		p      *model.Puzzle
		piece  string
		reason string
	}{
		// The I tetromino is longer than the 3x3 square in every direction.
		{"too large", puzzle(flat("", "###", "###", "###"), one(flat("I4", "####")), part{mono, 5, 5}), "I4", ReasonTooLarge},
		// The square needs the ring's missing centre wherever it goes.
		{"shape", puzzle(flat("", "###", "#.#", "###"), one(flat("O", "##", "##")), part{mono, 4, 4}), "O", ReasonShape},
		// The domino's two colour-2 cells find only one colour-2 cell.
		{"colours", func() *model.Puzzle {
			p := puzzle(flat("", "112"), one(flat("blue", "22")), one(mono))
			p.Problems[0].ColorRules = []model.ColorRule{{Piece: 1, Result: 1}, {Piece: 2, Result: 2}}
			return p
		}(), "blue", ReasonColors},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := only(t, explain(t, tc.p, Options{}), PieceNowhere, PieceNowhere)
			if f.Reason != tc.reason || !slices.Equal(names(f.Pieces), []string{tc.piece}) {
				t.Errorf("reason %s, pieces %v; want %s, %s", f.Reason, names(f.Pieces), tc.reason, tc.piece)
			}
		})
	}

	// A piece with more cells than the result: the counts fail too.
	p := puzzle(flat("", "##", "##"), one(flat("P", "###", "##")), part{mono, 0, 1})
	r := explain(t, p, Options{})
	f := only(t, r, PieceNowhere, CellCount, PieceNowhere)
	if f.Reason != ReasonTooManyCells || f.Pieces[0].Name != "P" {
		t.Errorf("%+v", f)
	}

	// An optional piece that fits nowhere is a note; the problem is solved
	// without it.
	p = puzzle(flat("", "##"), one(flat("domino", "##")), part{flat("long", "###"), 0, 1})
	r = explain(t, p, Options{})
	f = only(t, r, PieceNowhere)
	if f.Blocking || f.Pieces[0].Name != "long" || !r.Solvable {
		t.Errorf("optional piece: %s", r.Text())
	}
}

func TestColorExcluded(t *testing.T) {
	// Colour 2 may go only on colour 2, and the result is all colour 1.
	p := puzzle(flat("", "11"), one(flat("green", "2")), part{flat("mono", "#"), 0, 2})
	p.Problems[0].ColorRules = []model.ColorRule{{Piece: 2, Result: 2}}
	f := only(t, explain(t, p, Options{}), ColorExcluded, ColorExcluded)
	if !slices.Equal(names(f.Pieces), []string{"green"}) || !slices.Equal(f.Colors, []int{2}) {
		t.Errorf("pieces %v, colours %v; want green, [2]", names(f.Pieces), f.Colors)
	}
	if !strings.Contains(f.Message, "colour 2 on colour 2") {
		t.Errorf("message %q does not name the rule", f.Message)
	}
}

// TestColorExcludedTogether: pieces the rules shut out for one reason
// make one finding that names them all, not one paragraph each.
func TestColorExcludedTogether(t *testing.T) {
	p := puzzle(flat("", "1111"), one(flat("green", "2")), one(flat("lime", "2")), part{flat("mono", "#"), 2, 2})
	p.Problems[0].ColorRules = []model.ColorRule{{Piece: 2, Result: 2}}
	f := only(t, explain(t, p, Options{}), ColorExcluded, ColorExcluded)
	if !slices.Equal(names(f.Pieces), []string{"green", "lime"}) || !strings.Contains(f.Message, "the pieces \"green\" and \"lime\": each has cells of colour 2") {
		t.Errorf("pieces %v: %q", names(f.Pieces), f.Message)
	}
}

func TestUncoveredCells(t *testing.T) {
	// Dominoes cover the top row but never the cell apart from it.
	p := puzzle(flat("", "###", "...", "#.."), part{flat("domino", "##"), 2, 2})
	r := explain(t, p, Options{})
	f := only(t, r, UncoveredCells, UncoveredCells)
	if !slices.Equal(f.Cells, []grid.Vec{{0, 2, 0}}) || !slices.Equal(r.Cells(), f.Cells) {
		t.Errorf("cells %v, want [(0,2,0)]", f.Cells)
	}
	if !strings.Contains(f.Message, "(0,2,0)") {
		t.Errorf("message %q lacks the coordinates", f.Message)
	}

	// A variable cell apart from the row must stay empty, but no hole is
	// allowed (the counts alone would do: a domino and the bar make 5).
	p = puzzle(flat("", "####", "....", "+..."), part{flat("domino", "##"), 0, 2}, part{flat("bar", "###"), 0, 1})
	p.Problems[0].MaxHoles = 0
	f = only(t, explain(t, p, Options{}), UncoveredCells, UncoveredCells)
	if !slices.Equal(f.Cells, []grid.Vec{{0, 2, 0}}) || !strings.Contains(f.Message, "1 variable cell") || !strings.Contains(f.Message, "none may stay empty") {
		t.Errorf("cells %v, message %q", f.Cells, f.Message)
	}

	// The colour-3 cell takes no piece under the rules (colour 1 on 1
	// only), though both pieces fit there by shape.
	p = puzzle(flat("", "1113"), one(flat("red", "111")), one(flat("dot", "1")))
	p.Problems[0].ColorRules = []model.ColorRule{{Piece: 1, Result: 1}}
	r = explain(t, p, Options{})
	f = only(t, r, UncoveredCells, UncoveredCells)
	if !slices.Equal(f.Cells, []grid.Vec{{3, 0, 0}}) || !strings.Contains(f.Message, "colour rules keep them off") {
		t.Errorf("cells %v, message %q; want (3,0,0), blamed on the colour rules", f.Cells, f.Message)
	}
}

func TestConflict(t *testing.T) {
	// In the 3x3 square on top of a row of three, the plus and the square
	// tetromino each fit, but both need a cell of the middle column's
	// upper part wherever they go; the bar fits with either.
	res := flat("", "###", "###", "###", "###")
	p := puzzle(res, one(flat("plus", ".#.", "###", ".#.")), one(flat("O", "##", "##")), one(flat("bar", "###")))
	r := explain(t, p, Options{})
	f := only(t, r, Conflict, Conflict)
	if !slices.Equal(names(f.Pieces), []string{"plus", "O"}) {
		t.Errorf("conflict %v, want plus and O", names(f.Pieces))
	}
	if r.Subsets == nil || !r.Subsets.Complete || r.Subsets.Size != 2 || !r.Complete {
		t.Errorf("subset search %+v, report complete %v", r.Subsets, r.Complete)
	}

	// Two bars cannot lie in the one row of five, though one does.
	p = puzzle(flat("", "#####", "#...#"), part{flat("bar", "###"), 2, 2}, one(flat("cube", "#")))
	f = only(t, explain(t, p, Options{}), Conflict, Conflict)
	if len(f.Pieces) != 1 || f.Pieces[0].Name != "bar" || f.Pieces[0].Count != 2 || !strings.Contains(f.Message, "2 copies") {
		t.Errorf("%+v", f)
	}
}

func TestNoConflict(t *testing.T) {
	// Three filled cells apart, two variable ones between them, a domino
	// and a cube: the domino must cover a variable cell, so one filled
	// cell always stays empty, though the pieces never collide.
	p := puzzle(flat("", "#+#+#"), one(flat("domino", "##")), one(flat("cube", "#")))
	r := explain(t, p, Options{})
	only(t, r, NoConflict)
	if r.Solvable || !r.Unsolvable || len(r.Blocking()) != 0 || r.Subsets == nil || !r.Subsets.Complete || r.Subsets.Tried != 1 {
		t.Errorf("%+v\n%s", r.Subsets, r.Text())
	}

	// Seven dominoes and the 4x4 square without two opposite corners
	// (each domino covers a light and a dark cell): placing all seven
	// means filling the board, which the search for assemblies already
	// ruled out; there is no smaller set to try.
	board := flat("", ".###", "####", "####", "###.")
	r = explain(t, puzzle(board, part{flat("domino", "##"), 7, 7}), Options{})
	f := only(t, r, NoConflict)
	if !r.Unsolvable || r.Subsets == nil || r.Subsets.Tried != 0 || !strings.Contains(f.Message, "must fill it") {
		t.Errorf("%+v\n%s", r.Subsets, r.Text())
	}
}

// mutilatedBoard is the 8x8 board without two opposite corners and 31
// separate dominoes: no machine finishes its searches in seconds.
func mutilatedBoard() *model.Puzzle {
	rows := make([]string, 8)
	for y := range rows {
		rows[y] = "########"
	}
	rows[0] = ".#######"
	rows[7] = "#######."
	var parts []part
	for i := 0; i < 31; i++ {
		parts = append(parts, one(flat("d"+string(rune('A'+i%26))+strings.Repeat("'", i/26), "##")))
	}
	return puzzle(flat("", rows...), parts...)
}

// explainWithin explains problem 0 of p and fails unless the report
// comes at most a second after end, when the time limit or Stop should end
// the searches. A second is generous: the searches check the clock and
// Stop every few milliseconds.
func explainWithin(t *testing.T, p *model.Puzzle, o Options, end time.Duration) *Report {
	t.Helper()
	start := time.Now()
	r, err := Explain(context.Background(), p, 0, o)
	took := time.Since(start)
	if err != nil {
		t.Fatal(err)
	}
	t.Log(r.Text())
	if took > end+time.Second {
		t.Errorf("took %v, the searches should have ended after %v", took, end)
	}
	return r
}

// TestTimeout: 31 separate dominoes on the mutilated 8x8 board. No cheap
// check finds anything; the search for an assembly and then the subset
// search (billions of sets) run into the time limit, and the report says
// what they covered.
func TestTimeout(t *testing.T) {
	p := mutilatedBoard()
	// Long enough that the assembly search's half ends and the subset
	// search gets going even under the race detector on a loaded machine
	// (at 1.5 s the assembly search once overran its half by 0.8 s there).
	r := explainWithin(t, p, Options{Timeout: 4 * time.Second}, 4*time.Second)
	if r.Complete || r.Subsets == nil || r.Subsets.Complete || r.Subsets.Tried == 0 {
		t.Fatalf("report complete %v, subsets %+v", r.Complete, r.Subsets)
	}
	var unfinished int
	for _, f := range r.Findings {
		if f.Kind == Unfinished {
			unfinished++
		}
	}
	if unfinished != 2 || !strings.Contains(r.Text(), "time limit") {
		t.Errorf("%d unfinished findings, want 2 (assemblies, subsets)\n%s", unfinished, r.Text())
	}
}

func TestInterlocked(t *testing.T) {
	// A cube locked in a hollow 3x3x3 shell, a bar lying on top: the bar
	// lifts off, the cube never leaves the shell.
	shell := shape("shell", []string{"###", "###", "###"}, []string{"###", "#.#", "###"}, []string{"###", "###", "###"})
	res := shape("", []string{"###", "###", "###", "..."}, []string{"###", "###", "###", ".##"}, []string{"###", "###", "###", "..."})
	p := puzzle(res, one(shell), one(flat("core", "#")), one(flat("bar", "##")))
	r := explain(t, p, Options{Disassemble: true})
	f := only(t, r, Interlocked, Interlocked)
	if len(f.Groups) != 1 || !slices.Equal(names(f.Groups[0]), []string{"shell", "core"}) {
		t.Errorf("interlocked %v, want shell and core", f.Groups)
	}
	if err := model.CheckAssembly(p, &p.Problems[0], f.Placements); err != nil {
		t.Errorf("the assembly shown: %v", err)
	}
	if f.Freed != 1 || f.Total != 3 || f.Examined < 1 || r.Solvable {
		t.Errorf("freed %d of %d, examined %d", f.Freed, f.Total, f.Examined)
	}
	// It slides off along the first free direction the disassembler
	// tries (+x); any axis but down into the shell would do.
	if len(f.Moves) != 1 || !f.Moves[0].Removed || f.Moves[0].Pieces[0].Name != "bar" || f.Moves[0].By != (grid.Vec{1, 0, 0}) {
		t.Errorf("moves %+v, want the bar off along +x", f.Moves)
	}
	if !strings.Contains(r.Text(), `"bar" comes off along (1,0,0)`) || !strings.Contains(r.Text(), "1 of its 3 pieces comes off;") {
		t.Errorf("text lacks the move:\n%s", r.Text())
	}
}

func TestInterlockedCountsAssemblies(t *testing.T) {
	// A cube shut in a 2-cell cavity of a shell, in either cell: two
	// assemblies (the bump keeps the shell from turning one into the
	// other), and neither comes apart.
	shell := shape("shell", []string{"#####", "####", "####"}, []string{"####", "#..#", "####"}, []string{"####", "####", "####"})
	res := shape("", []string{"#####", "####", "####"}, []string{"####", "#++#", "####"}, []string{"####", "####", "####"})
	p := puzzle(res, one(shell), one(flat("core", "#")))
	r := explain(t, p, Options{Disassemble: true})
	f := only(t, r, Interlocked, Interlocked)
	if f.Examined != 2 {
		t.Fatalf("examined %d assemblies, want 2", f.Examined)
	}
	if !strings.Contains(r.Text(), "The problem has 2 assemblies, and none of them comes apart.") {
		t.Errorf("text miscounts the assemblies:\n%s", r.Text())
	}
}

func TestBadInput(t *testing.T) {
	p := puzzle(flat("", "##"), one(flat("domino", "##")))
	ctx := context.Background()
	if _, err := Explain(ctx, p, 1, Options{}); err == nil || !strings.Contains(err.Error(), "does not exist") {
		t.Errorf("problem 1 of 1: %v", err)
	}
	if _, err := Explain(ctx, p, 0, Options{Timeout: -time.Second}); err == nil {
		t.Error("a negative timeout was accepted")
	}
	bad := p.Clone()
	bad.Shapes[0].Voxels = bad.Shapes[0].Voxels[:1]
	if _, err := Explain(ctx, bad, 0, Options{}); err == nil {
		t.Error("a broken shape was accepted")
	}
	sp := puzzle(flat("", "#"), one(flat("ball", "#")))
	sp.Grid = grid.Spheres
	if _, err := Explain(ctx, sp, 0, Options{Disassemble: true}); !errors.Is(err, disassemble.ErrUnsupported) {
		t.Errorf("disassembling spheres: %v, want ErrUnsupported", err)
	}
	cancelled, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := Explain(cancelled, p, 0, Options{}); err == nil {
		t.Error("a cancelled explanation gave no error")
	}
}

// barsAndDominoes: two colour-1 bars of nine cannot both lie in the
// colour-1 row of 17 (found at once); 31 colour-2 dominoes cannot tile
// the colour-2 8x8 board without two opposite corners, but the cover
// search needs far longer than seconds to prove it.
func barsAndDominoes() *model.Puzzle {
	rows := make([]string, 12)
	for y := 0; y < 8; y++ {
		rows[y] = "22222222"
	}
	rows[0], rows[7] = ".2222222", "2222222."
	rows[9] = strings.Repeat("1", 17)
	rows[11] = "1.1"
	p := puzzle(flat("", rows...), part{flat("bar", strings.Repeat("1", 9)), 2, 2}, one(flat("cube", "1")), part{flat("domino", "22"), 31, 31})
	p.Problems[0].ColorRules = []model.ColorRule{{Piece: 1, Result: 1}, {Piece: 2, Result: 2}}
	return p
}

// TestTimeoutKeepsConflicts: the search stops at the time limit with the
// conflict it found (barsAndDominoes).
func TestTimeoutKeepsConflicts(t *testing.T) {
	p := barsAndDominoes()
	r := explainWithin(t, p, Options{Timeout: 1500 * time.Millisecond}, 1500*time.Millisecond)
	f := only(t, r, Conflict, Conflict)
	if len(f.Pieces) != 1 || f.Pieces[0].Name != "bar" || f.Pieces[0].Count != 2 {
		t.Errorf("conflict %+v, want the two bars", f.Pieces)
	}
	if r.Complete || r.Subsets == nil || r.Subsets.Complete || !strings.Contains(r.Text(), "time limit") {
		t.Errorf("report complete %v, subsets %+v; want both incomplete", r.Complete, r.Subsets)
	}
}

// TestStop: closing Options.Stop ends the searches as the time limit does,
// long before it, and the report keeps what was found and says it was
// interrupted: the conflict of the two bars when the subset search is
// stopped, the unfinished search for assemblies on the mutilated board.
func TestStop(t *testing.T) {
	for _, c := range []struct {
		name     string
		p        *model.Puzzle
		searched bool
		want     Kind
	}{
		{"subsets", barsAndDominoes(), true, Conflict},
		{"assemblies", mutilatedBoard(), false, Unfinished},
	} {
		t.Run(c.name, func(t *testing.T) {
			stop := make(chan struct{})
			after := 700 * time.Millisecond
			time.AfterFunc(after, func() { close(stop) })
			r := explainWithin(t, c.p, Options{Timeout: time.Minute, Searched: c.searched, Stop: stop}, after)
			if !r.Interrupted || r.Complete || !strings.Contains(r.Text(), "(Interrupted after") || strings.Contains(r.Text(), "time limit") {
				t.Errorf("interrupted %v, complete %v\n%s", r.Interrupted, r.Complete, r.Text())
			}
			blocking := []Kind{Conflict}
			if c.want == Unfinished {
				blocking = nil
			}
			f := only(t, r, c.want, blocking...)
			switch c.want {
			case Conflict:
				if len(f.Pieces) != 1 || f.Pieces[0].Name != "bar" || f.Pieces[0].Count != 2 {
					t.Errorf("conflict %+v, want the two bars", f.Pieces)
				}
			case Unfinished:
				if r.Subsets != nil || !strings.Contains(f.Message, "assemblies") {
					t.Errorf("subsets %+v after a stop in the search for assemblies; finding %q", r.Subsets, f.Message)
				}
			}
		})
	}
}
