package disassemble

import (
	"bufio"
	"compress/gzip"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/burrlab/burrlab/model"
	"github.com/burrlab/burrlab/model/grid"
	"github.com/burrlab/burrlab/model/xmpuzzle"
)

// The files testdata/NAME-PROBLEM.asm.gz hold every assembly of one
// problem of a BurrTools example, one per line as in <assembly> (made by
// our assembler; their numbers match BurrTools' assembly counts).

// readAssemblies returns the assemblies of problem pr of example name,
// each checked against the problem.
func readAssemblies(tb testing.TB, p *model.Puzzle, name string, pr int) []model.Assembly {
	tb.Helper()
	f, err := os.Open(filepath.Join("testdata", fmt.Sprintf("%s-%d.asm.gz", strings.TrimSuffix(name, ".xmpuzzle"), pr)))
	if err != nil {
		tb.Fatal(err)
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		tb.Fatal(err)
	}
	var out []model.Assembly
	sc := bufio.NewScanner(zr)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		var a model.Assembly
		fs := strings.Fields(sc.Text())
		for i := 0; i < len(fs); {
			if fs[i] == "x" {
				a = append(a, model.Placement{Orient: model.Unplaced})
				i++
				continue
			}
			var v [4]int
			for k := range v {
				if i+k >= len(fs) {
					tb.Fatalf("%s: short line", name)
				}
				v[k], err = strconv.Atoi(fs[i+k])
				if err != nil {
					tb.Fatal(err)
				}
			}
			a = append(a, model.Placement{Pos: grid.Vec{v[0], v[1], v[2]}, Orient: v[3]})
			i += 4
		}
		if err := model.CheckAssembly(p, &p.Problems[pr], a); err != nil {
			tb.Fatalf("%s: %v", name, err)
		}
		out = append(out, a)
	}
	if err := sc.Err(); err != nil {
		tb.Fatal(err)
	}
	return out
}

// Every assembly of these problems, disassembled: as many come apart as
// BurrTools says (expected.json). These include assemblies that never come
// apart, whose searches run until no new position is left.
var assemblySets = []struct {
	file      string
	problem   int
	solutions int
}{
	{"PelikanBurr.xmpuzzle", 0, 1},
	{"DraculasDentalDesaster.xmpuzzle", 0, 1},
	{"DemoPieceGenerator.xmpuzzle", 0, 927},
	{"SolidSixPieceBurrs.xmpuzzle", 0, 179},
	{"Bermuda.xmpuzzle", 0, 1},
}

func TestAssemblySets(t *testing.T) {
	for _, c := range assemblySets {
		p := loadExample(t, c.file)
		pr := &p.Problems[c.problem]
		d, err := New(p, pr)
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		for _, a := range readAssemblies(t, p, c.file, c.problem) {
			sep, err := d.Disassemble(context.Background(), a)
			if err != nil {
				t.Fatal(err)
			}
			if sep != nil {
				n++
			}
		}
		if n != c.solutions {
			t.Errorf("%s: %d assemblies come apart, BurrTools says %d", c.file, n, c.solutions)
		}
	}
}

// benchAssemblies disassembles the assemblies of one example problem: the
// stored solutions, or all assemblies from testdata.
func benchAssemblies(b *testing.B, file string, problem int, stored bool) {
	p := loadExample(b, file)
	pr := &p.Problems[problem]
	var asms []model.Assembly
	if stored {
		for _, s := range pr.Solutions {
			asms = append(asms, s.Assembly)
		}
	} else {
		asms = readAssemblies(b, p, file, problem)
	}
	ctx := context.Background()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		// A new disassembler each time: its caches start empty, as in a
		// new solver run.
		d, err := New(p, pr)
		if err != nil {
			b.Fatal(err)
		}
		for _, a := range asms {
			if _, err := d.Disassemble(ctx, a); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N*len(asms)), "ns/assembly")
}

// BenchmarkPelikanBurr: its one solution, level 98.2.4.2 (108 moves).
func BenchmarkPelikanBurr(b *testing.B) { benchAssemblies(b, "PelikanBurr.xmpuzzle", 0, true) }

// BenchmarkPelikanBurrAll: all 12 assemblies; 11 never come apart.
func BenchmarkPelikanBurrAll(b *testing.B) { benchAssemblies(b, "PelikanBurr.xmpuzzle", 0, false) }

// BenchmarkSolidSixPieceBurrs: all 588 assemblies, 179 come apart.
func BenchmarkSolidSixPieceBurrs(b *testing.B) {
	benchAssemblies(b, "SolidSixPieceBurrs.xmpuzzle", 0, false)
}

// BenchmarkDraculasDentalDesaster: all 84 assemblies, 1 comes apart.
func BenchmarkDraculasDentalDesaster(b *testing.B) {
	benchAssemblies(b, "DraculasDentalDesaster.xmpuzzle", 0, false)
}

// BenchmarkDemoPieceGenerator: all 928 assemblies, 927 come apart.
func BenchmarkDemoPieceGenerator(b *testing.B) {
	benchAssemblies(b, "DemoPieceGenerator.xmpuzzle", 0, false)
}

// BenchmarkBermuda: the prism puzzle's one assembly.
func BenchmarkBermuda(b *testing.B) { benchAssemblies(b, "Bermuda.xmpuzzle", 0, false) }

// examplesDir locates BurrTools' example files: $BURRLAB_EXAMPLES, or
// ../shared/burrtools-examples next to the repository.
func examplesDir(tb testing.TB) string {
	if d := os.Getenv("BURRLAB_EXAMPLES"); d != "" {
		return d
	}
	dir, err := os.Getwd()
	if err != nil {
		tb.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return filepath.Join(dir, "..", "shared", "burrtools-examples")
		}
		up := filepath.Dir(dir)
		if up == dir {
			tb.Fatal("repository root not found")
		}
		dir = up
	}
}

func loadExample(tb testing.TB, name string) *model.Puzzle {
	tb.Helper()
	p, err := xmpuzzle.ReadFile(filepath.Join(examplesDir(tb), name))
	if err != nil {
		tb.Fatalf("%s: %v (set BURRLAB_EXAMPLES to the folder of BurrTools' examples)", name, err)
	}
	return p
}
