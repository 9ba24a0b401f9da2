package cli

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/burrlab/burrlab/solver"
)

// hostileFile writes a gzipped cube puzzle: the given shapes (XML) and one
// problem whose result is shape 0, with the given parts and solutions.
func hostileFile(t *testing.T, shapes, parts, solutions string) string {
	t.Helper()
	xml := `<?xml version="1.0"?><puzzle version="2"><gridType type="0"/><colors/><shapes>` + shapes +
		`</shapes><problems><problem state="2" assemblies="1"><shapes>` + parts +
		`</shapes><result id="0"/><bitmap/><solutions>` + solutions + `</solutions></problem></problems><comment/></puzzle>`
	var b bytes.Buffer
	zw := gzip.NewWriter(&b)
	zw.Write([]byte(xml))
	zw.Close()
	return writeTemp(t, "hostile.xmpuzzle", b.String())
}

// voxelBox is a <voxel> of x*y*z cells, cell i given by cell(i).
func voxelBox(x, y, z int, cell func(i int) byte) string {
	b := make([]byte, x*y*z)
	for i := range b {
		b[i] = cell(i)
	}
	return fmt.Sprintf(`<voxel x="%d" y="%d" z="%d" type="0">%s</voxel>`, x, y, z, b)
}

func filled(int) byte { return '#' }

// Crafted files whose check or drawing would pass the memory budget: the
// commands refuse them, naming the budget, before allocating. Before,
// check ran past 30 s at 3.6 GB on pieces of 2^24 cells, and render took
// 4.1 GB for a checkerboard of 2^20 cells.
func TestCommandsRefuseOverBudget(t *testing.T) {
	keepHeapLimit(t)
	checker := func(i int) byte {
		x, y, z := i%64, i/64%64, i/4096
		if (x+y+z)%2 == 0 {
			return '#'
		}
		return '_'
	}
	big := voxelBox(128, 128, 128, filled)
	tests := []struct {
		name     string
		args     func(t *testing.T) []string
		want     string
		maxTime  time.Duration
		maxAlloc uint64
	}{
		{"check a piece of 2^21 cells in 64 MiB", func(t *testing.T) []string {
			return []string{"check", "-max-memory", "64M", hostileFile(t, big+big, `<shape id="1" count="1"/>`, `<solution><assembly>0 0 0 0</assembly></solution>`)}
		}, "checking solution 0 would need about 264 MiB, more than the memory budget of 64 MiB", 10 * time.Second, 60 << 20},
		{"render a checkerboard of 2^16 cells", func(t *testing.T) []string {
			return []string{"render", "-o", t.TempDir() + "/out.png", hostileFile(t, voxelBox(64, 64, 32, checker), "", "")}
		}, "drawing shape 0 would need about 1.0 GiB, more than the memory budget of 1.0 GiB", 10 * time.Second, 10 << 20},
		{"solve a 30^3 box of 3x3x3 cubes in 16 MiB", func(t *testing.T) []string {
			return []string{"solve", "-max-memory", "16M", "-workers", "1", hostileFile(t, voxelBox(30, 30, 30, func(int) byte { return '+' })+voxelBox(3, 3, 3, filled), `<shape id="1" min="0" max="1000"/>`, "")}
		}, "more than the memory budget of 16 MiB", 10 * time.Second, 20 << 20},
		{"render a piece of 2^21 cells", func(t *testing.T) []string {
			return []string{"render", "-o", t.TempDir() + "/out.png", hostileFile(t, big+big, `<shape id="1" count="1"/>`, `<solution><assembly>0 0 0 0</assembly></solution>`)}
		}, "piece 0: 2097152 cells, at most 1048576 per mesh", 10 * time.Second, 60 << 20},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			args := tt.args(t)
			var before, after runtime.MemStats
			runtime.GC()
			runtime.ReadMemStats(&before)
			start := time.Now()
			code, out, errOut := burrRun(args...)
			errOut = out + errOut // solve reports each problem's error on stdout
			took := time.Since(start)
			runtime.ReadMemStats(&after)
			alloc := after.TotalAlloc - before.TotalAlloc
			t.Logf("%v, %d KB allocated: %s", took, alloc>>10, strings.TrimSpace(errOut))
			if code != 1 || !strings.Contains(errOut, tt.want) {
				t.Fatalf("exit %d, stderr %q; want it to mention %q", code, errOut, tt.want)
			}
			if took > tt.maxTime {
				t.Errorf("took %v, more than %v", took, tt.maxTime)
			}
			if alloc > tt.maxAlloc {
				t.Errorf("allocated %d MB, more than %d MB", alloc>>20, tt.maxAlloc>>20)
			}
		})
	}
}

func TestParseSize(t *testing.T) {
	for in, want := range map[string]int64{"1073741824": 1 << 30, "512M": 512 << 20, "2g": 2 << 30, "64MiB": 64 << 20, "100KB": 100 << 10} {
		if got, err := parseSize(in); err != nil || got != want {
			t.Errorf("parseSize(%q) = %d, %v; want %d", in, got, err, want)
		}
	}
	for _, in := range []string{"", "0", "-5M", "1T", "G", "99999999999G"} {
		if _, err := parseSize(in); err == nil {
			t.Errorf("parseSize(%q) accepted", in)
		}
	}
}

func TestProgressLine(t *testing.T) {
	var b strings.Builder
	p := &progress{w: &b, problem: 2}
	p.clear() // nothing shown yet: nothing to clear
	p.onPrepare()(solver.PrepareProgress{Phase: "placing the pieces", Fraction: 0.4})
	p.clear()
	p.search(solver.Progress{Elapsed: 500 * time.Millisecond, Assemblies: 1}) // too early
	p.search(solver.Progress{Elapsed: 2 * time.Second, Assemblies: 1, Nodes: 3072})
	p.search(solver.Progress{Elapsed: 3 * time.Second, Assemblies: 5, Fraction: 0.25, Left: 9 * time.Second})
	p.clear()
	want := "\rpreparing problem 2: placing the pieces, 40% (Ctrl-C stops)\033[K\r\033[K" +
		"\rsolving problem 2: 1 assembly, 3072 search steps (Ctrl-C stops)\033[K" +
		"\rsolving problem 2: 5 assemblies, 25.0% done, about 9s left (Ctrl-C stops)\033[K\r\033[K"
	if b.String() != want {
		t.Errorf("wrote %q, want %q", b.String(), want)
	}
	// Without a terminal nothing is written.
	quiet := &progress{problem: 0}
	if quiet.onPrepare() != nil {
		t.Error("a preparation reporter without a terminal")
	}
	quiet.search(solver.Progress{Elapsed: time.Hour})
	quiet.clear()
}
