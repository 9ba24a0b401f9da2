package cli

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/burrlab/burrlab/model/xmpuzzle"
)

// The worked example's problem 0 stores three assemblies; two of them
// build the same shape turned, and all are their own mirror images
// (BurrTools' Import Assms, measured on this file, leaves 2 with its
// default filters and 0 when mirror-symmetric shapes are dropped).

func TestImportAssemblies(t *testing.T) {
	out := filepath.Join(t.TempDir(), "out.xmpuzzle")
	code, stdout, errOut := burrRun("import-assemblies", "-to-problem", "new", "-min", "1", "-max", "2", "-o", out, workedExample)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	want := "3 assemblies\ndisconnected:     removed 0, 3 left\nidentical:        removed 1, 2 left\nadded 2 shapes (S5 on), pieces of problem 2\n"
	if stdout != want {
		t.Errorf("printed\n%s\nwant\n%s", stdout, want)
	}
	p, err := xmpuzzle.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if len(p.Shapes) != 6 || len(p.Problems) != 3 {
		t.Fatalf("%d shapes, %d problems; want 6 and 3", len(p.Shapes), len(p.Problems))
	}
	parts := p.Problems[2].Parts
	if len(parts) != 2 || parts[0].Shape != 4 || parts[1].Shape != 5 || parts[0].Min != 1 || parts[0].Max != 2 {
		t.Errorf("new problem's parts %+v", parts)
	}
	if p.Shapes[4].Name != "assembly 1" || p.Shapes[5].Name != "assembly 2" {
		t.Errorf("new shapes named %q and %q, want assembly 1 and 2 (3 builds the shape of 2)", p.Shapes[4].Name, p.Shapes[5].Name)
	}

	code, stdout, errOut = burrRun("import-assemblies", "-json", "-drop-mirror-symmetric", "-o", out, workedExample)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var rep importReport
	if err := json.Unmarshal([]byte(stdout), &rep); err != nil {
		t.Fatalf("%v: %s", err, stdout)
	}
	if rep.Assemblies != 3 || rep.Added != 0 || len(rep.Steps) != 3 || rep.Steps[1].Removed != 3 || rep.ToProblem != nil {
		t.Errorf("report %+v", rep)
	}
}

func TestImportAssembliesErrors(t *testing.T) {
	out := filepath.Join(t.TempDir(), "out.xmpuzzle")
	const old = "an older file that must survive"
	if err := os.WriteFile(out, []byte(old), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{workedExample}, "usage: burr import-assemblies"},
		{[]string{"-problem", "1", "-o", out, workedExample}, "problem 1: the problem has no stored assemblies"},
		{[]string{"-problem", "7", "-o", out, workedExample}, "problem 7 does not exist"},
		{[]string{"-to-problem", "9", "-o", out, workedExample}, `-to-problem "9"`},
		{[]string{"-to-problem", "new", "-min", "3", "-max", "1", "-o", out, workedExample}, "-min 3 -max 1"},
		{[]string{"-min-cells", "9", "-max-cells", "2", "-o", out, workedExample}, "above the largest"},
		{[]string{"-o", out, filepath.Join(t.TempDir(), "missing.xmpuzzle")}, "missing.xmpuzzle"},
	} {
		code, _, errOut := burrRun(append([]string{"import-assemblies"}, c.args...)...)
		oneLineError(t, code, errOut, c.want)
		if b, _ := os.ReadFile(out); string(b) != old {
			t.Fatalf("%v: the existing output file changed", c.args)
		}
	}
	code, _, errOut := burrRun("import-assemblies", "-o", filepath.Join(out, "not-a-dir.xmpuzzle"), workedExample)
	oneLineError(t, code, errOut, "saving")
	if !strings.HasPrefix(errOut, "burr import-assemblies: ") {
		t.Errorf("error %q does not name the command", errOut)
	}
}
