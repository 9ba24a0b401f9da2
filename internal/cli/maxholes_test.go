package cli

import (
	"encoding/json"
	"path/filepath"
	"testing"

	"github.com/burrlab/burrlab/model/xmpuzzle"
)

// TestMaxHolesCraftedFilesCount: whatever maxHoles a file gives above the
// result's variable cells, up to values no integer type of BurrTools
// holds, the count is the unbounded one, and so it is again after the
// file is saved; a negative one other than BurrTools' -1 is refused. A
// bound that wrapped would show: a bound of 0 leaves 1 assembly, 1 leaves
// 2, a negative one none. The puzzle is monominoes 0..4 in a 2x2 of
// variable cells: 6 assemblies without a bound (solver's
// TestReferenceCount, a brute-force count).
func TestMaxHolesCraftedFilesCount(t *testing.T) {
	file := func(attr string) string {
		return `<?xml version="1.0"?><puzzle version="2"><gridType type="0"/><colors/><shapes>` +
			`<voxel x="2" y="2" z="1" type="0">++++</voxel><voxel x="1" y="1" z="1" type="0">#</voxel></shapes>` +
			`<problems><problem` + attr + `><shapes><shape id="1" min="0" max="4"/></shapes><result id="0"/><bitmap/></problem></problems><comment/></puzzle>`
	}
	count := func(t *testing.T, path string, args ...string) uint64 {
		t.Helper()
		code, out, errOut := burrRun(append(append([]string{"solve", "-json", "-workers", "1"}, args...), path)...)
		if code != 0 {
			t.Fatalf("burr solve: exit %d: %s", code, errOut)
		}
		var r struct{ Assemblies uint64 }
		if err := json.Unmarshal([]byte(out), &r); err != nil {
			t.Fatalf("%v in %q", err, out)
		}
		return r.Assemblies
	}
	if n := count(t, writeTemp(t, "none.xmpuzzle", file(""))); n != 6 {
		t.Fatalf("no bound: %d assemblies, want 6", n)
	}
	for _, tt := range []struct {
		value string
		want  uint64
	}{{"0", 1}, {"1", 2}, {"4", 6}} {
		if n := count(t, writeTemp(t, "p.xmpuzzle", file(` maxHoles="`+tt.value+`"`))); n != tt.want {
			t.Errorf("maxHoles=%s: %d assemblies, want %d", tt.value, n, tt.want)
		}
	}
	for _, v := range []string{"5", "16777216", "16777217", "2147483647", "2147483648", "4294967295",
		"4294967296", "4294967297", "9223372036854775807", "18446744073709551616", "-1"} {
		t.Run(v, func(t *testing.T) {
			path := writeTemp(t, "p.xmpuzzle", file(` maxHoles="`+v+`"`))
			if n := count(t, path); n != 6 {
				t.Errorf("%d assemblies, want 6 (no bound)", n)
			}
			saved := filepath.Join(t.TempDir(), "saved.xmpuzzle")
			if n := count(t, path, "-save", saved); n != 6 {
				t.Errorf("%d assemblies, want 6", n)
			}
			if n := count(t, saved); n != 6 {
				t.Errorf("saved file: %d assemblies, want 6", n)
			}
			p, err := xmpuzzle.ReadFile(saved)
			if err != nil {
				t.Fatal(err)
			}
			// BurrTools keeps maxHoles in 32 bits: what is saved must be
			// no bound or one it reads unchanged.
			if h := p.Problems[0].MaxHoles; h < -1 || h > 1<<24 {
				t.Errorf("saved maxHoles %d", h)
			}
		})
	}
	for _, v := range []string{"-2", "-4294967295", "-9223372036854775808"} {
		code, _, errOut := burrRun("solve", writeTemp(t, "n.xmpuzzle", file(` maxHoles="`+v+`"`)))
		oneLineError(t, code, errOut, `maxHoles="`+v+`" is negative`)
	}
	// The -max-holes option takes any size too: one above the variable
	// cells is no bound.
	for _, v := range []string{"5", "2147483648", "4294967296", "9223372036854775807"} {
		if n := count(t, writeTemp(t, "none.xmpuzzle", file("")), "-max-holes", v); n != 6 {
			t.Errorf("-max-holes %s: %d assemblies, want 6", v, n)
		}
	}
}
