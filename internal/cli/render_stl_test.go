package cli

import (
	"encoding/binary"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/burrlab/burrlab/internal/testfs"
	"github.com/burrlab/burrlab/model/xmpuzzle"
)

// stlBox reads a binary STL file and returns its triangle count and the
// size of its bounding box.
func stlBox(t *testing.T, path string) (n int, size [3]float64) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(b) < 84 || len(b) != 84+50*int(binary.LittleEndian.Uint32(b[80:])) {
		t.Fatalf("%s: not a binary STL file (%d bytes)", path, len(b))
	}
	n = int(binary.LittleEndian.Uint32(b[80:]))
	lo := [3]float64{math.Inf(1), math.Inf(1), math.Inf(1)}
	hi := [3]float64{math.Inf(-1), math.Inf(-1), math.Inf(-1)}
	for i := 0; i < n; i++ {
		for v := 0; v < 3; v++ {
			for k := 0; k < 3; k++ {
				x := float64(math.Float32frombits(binary.LittleEndian.Uint32(b[84+50*i+12+12*v+4*k:])))
				lo[k], hi[k] = min(lo[k], x), max(hi[k], x)
			}
		}
	}
	for k := range size {
		size[k] = hi[k] - lo[k]
	}
	return n, size
}

func TestRenderSTLFlags(t *testing.T) {
	dir := t.TempDir()
	run := func(args ...string) string {
		t.Helper()
		code, out, errOut := burrRun(append([]string{"render"}, args...)...)
		if code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, errOut)
		}
		return out
	}

	// -shape with one unit, and the same with three units: shape 3 is one
	// cube, 10 mm less 0.1 mm per side, stretched by the units.
	one := filepath.Join(dir, "one.stl")
	run("-shape", "3", "-unit", "10", "-o", one, workedExample)
	if _, size := stlBox(t, one); math.Abs(size[0]-9.8) > 1e-4 || math.Abs(size[2]-9.8) > 1e-4 {
		t.Errorf("-unit 10: cube of %v mm", size)
	}
	xyz := filepath.Join(dir, "xyz.stl")
	run("-shape", "3", "-unit", "10,20,5", "-gap", "0.05", "-o", xyz, workedExample)
	if _, size := stlBox(t, xyz); math.Abs(size[0]-9) > 1e-4 || math.Abs(size[1]-18) > 1e-4 || math.Abs(size[2]-4.5) > 1e-4 {
		t.Errorf("-unit 10,20,5 -gap 0.05: box of %v mm, want 9 x 18 x 4.5", size)
	}

	// -bevel: the cube is 9.8 mm wide still (to 5% of the gap: where four
	// planes meet the gap is a least-squares fit), with more triangles.
	bev := filepath.Join(dir, "bevel.stl")
	run("-shape", "3", "-bevel", "0.1", "-o", bev, workedExample)
	if n, size := stlBox(t, bev); n <= 12 || math.Abs(size[0]-9.8) > 5e-3 {
		t.Errorf("-bevel 0.1: %d triangles, %v mm", n, size)
	}

	// -ascii.
	ascii := filepath.Join(dir, "ascii.stl")
	run("-shape", "0", "-ascii", "-o", ascii, workedExample)
	if b, _ := os.ReadFile(ascii); !strings.HasPrefix(string(b), "solid ") || !strings.HasSuffix(string(b), "\n") || !strings.Contains(string(b), "endsolid") {
		t.Errorf("-ascii: %.40q", b)
	}

	// -assembled: solution 1 of problem 0, every placed piece.
	asm := filepath.Join(dir, "asm.stl")
	run("-assembled", "-solution", "1", "-o", asm, workedExample)
	if n, _ := stlBox(t, asm); n < 12*2 {
		t.Errorf("-assembled: %d triangles", n)
	}

	// -pieces: one file per distinct shape that solution 0 places, named
	// after the shape (S3 for the third shape, which has no name), and
	// the paths on stdout.
	p, err := xmpuzzle.ReadFile(workedExample)
	if err != nil {
		t.Fatal(err)
	}
	prob := &p.Problems[0]
	names := map[string]bool{}
	for i, part := range prob.SlotParts() {
		if prob.Solutions[0].Assembly[i].Placed() {
			sh := prob.Parts[part].Shape
			name := p.Shapes[sh].Name
			if name == "" {
				name = "S" + string(rune('1'+sh))
			}
			names[name+".stl"] = true
		}
	}
	pieces := filepath.Join(dir, "pieces")
	out := run("-pieces", "-o", pieces, workedExample)
	files, _ := filepath.Glob(filepath.Join(pieces, "*"))
	var got []string
	for _, f := range files {
		got = append(got, filepath.Base(f))
		stlBox(t, f)
		if !names[filepath.Base(f)] {
			t.Errorf("-pieces wrote %s", f)
		}
	}
	sort.Strings(got)
	if len(got) != len(names) {
		t.Errorf("-pieces wrote %v, want %v", got, names)
	}
	if strings.Count(out, "\n") != len(names) {
		t.Errorf("-pieces printed %q", out)
	}
}

func TestRenderSTLErrors(t *testing.T) {
	dir := t.TempDir()
	stlOut := filepath.Join(dir, "x.stl")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-unit", "-1", "-o", stlOut}, "-unit"},
		{[]string{"-unit", "0", "-o", stlOut}, "more than 0"},
		{[]string{"-unit", "1,2", "-o", stlOut}, "X,Y,Z"},
		{[]string{"-unit", "1,x,2", "-o", stlOut}, "not a number"},
		{[]string{"-unit", "1e6", "-o", stlOut}, "at most 1000"},
		{[]string{"-gap", "0", "-o", stlOut}, "gap 0"},
		{[]string{"-gap", "0.5", "-o", stlOut}, "gap 0.5"},
		{[]string{"-bevel", "0.3", "-o", stlOut}, "bevel 0.3"},
		{[]string{"-bevel", "-0.1", "-o", stlOut}, "bevel -0.1"},
		{[]string{"-bevel", "0.02", "-o", stlOut}, "4 times the gap"},
		{[]string{"-assembled", "-solution", "7", "-o", stlOut}, "no solution 7"},
		{[]string{"-assembled", "-solution", "-1", "-o", stlOut}, "no solution -1"},
		{[]string{"-assembled", "-problem", "1", "-o", stlOut}, "no stored solutions"},
		{[]string{"-assembled", "-problem", "5", "-o", stlOut}, "problem 5 does not exist"},
		{[]string{"-pieces", "-problem", "1", "-o", filepath.Join(dir, "new")}, "no stored solutions"},
		{[]string{"-pieces", "-o", stlOut}, "folder"},
		{[]string{"-assembled", "-o", filepath.Join(dir, "x.png")}, ".stl"},
		{[]string{"-pieces", "-assembled", "-o", stlOut}, "choose one"},
		{[]string{"-assembled", "-shape", "1", "-o", stlOut}, "choose one"},
		{[]string{"-shape", "9", "-o", stlOut}, "shape 9"},
		{[]string{"-unit", "5", "-o", filepath.Join(dir, "x.png")}, "only for STL"},
		{[]string{"-o", filepath.Join(dir, "no-such-dir", "x.stl")}, "no-such-dir"},
	} {
		code, _, errOut := burrRun(append(append([]string{"render"}, c.args...), workedExample)...)
		oneLineError(t, code, errOut, c.want)
	}
	if left, _ := filepath.Glob(filepath.Join(dir, "*")); len(left) != 0 {
		t.Errorf("failed runs left %v", left)
	}
}

// A full disk or a read-only one: a clear error, the old file intact, no
// temporary file left behind.
func TestRenderSTLFullAndReadOnlyDisk(t *testing.T) {
	disk := testfs.FullDisk(t, 64<<10)
	old := filepath.Join(disk, "old.stl")
	if err := os.WriteFile(old, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	exec.Command("dd", "if=/dev/zero", "of="+filepath.Join(disk, "filler"), "bs=4k", "count=15").Run()
	code, _, errOut := burrRun("render", "-assembled", "-ascii", "-o", old, workedExample)
	oneLineError(t, code, errOut, "no space left")
	if b, _ := os.ReadFile(old); string(b) != "old" {
		t.Errorf("full disk: the old file now holds %d bytes", len(b))
	}
	os.Remove(filepath.Join(disk, "filler"))
	if out, err := exec.Command("mount", "-o", "remount,ro", disk).CombinedOutput(); err != nil {
		t.Fatalf("remount read-only: %v: %s", err, out)
	}
	code, _, errOut = burrRun("render", "-assembled", "-o", old, workedExample)
	oneLineError(t, code, errOut, "read-only")
	if b, _ := os.ReadFile(old); string(b) != "old" {
		t.Errorf("read-only disk: the old file now holds %d bytes", len(b))
	}
	code, _, errOut = burrRun("render", "-pieces", "-o", disk, workedExample)
	oneLineError(t, code, errOut, "read-only")
	if left, _ := filepath.Glob(filepath.Join(disk, "*")); len(left) != 1 {
		t.Errorf("files on the disk: %v", left)
	}
}
