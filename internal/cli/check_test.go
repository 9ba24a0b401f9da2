package cli

import (
	"os"
	"strings"
	"testing"
)

func TestCheckWorkedExample(t *testing.T) {
	code, out, errOut := burrRun("check", workedExample)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	want := `problem 0 "Fill the tray": ok: 3 assemblies, 3 disassemblies (1 only as outlines)` + "\n" +
		`problem 1 "Grouped variant": no stored solutions` + "\n"
	if out != want {
		t.Errorf("output\n%s\nwant\n%s", out, want)
	}
}

func TestCheckFindsBadSolutions(t *testing.T) {
	golden, err := os.ReadFile(workedExample)
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, old, new, want string
	}{
		// The domino moved onto the Ell: the file loads, the assembly is wrong.
		{"overlap", "<assembly>0 0 0 0 1 1 0 0 x</assembly>", "<assembly>0 0 0 0 0 0 0 0 x</assembly>",
			"solution 0: pieces 0 and 1 both cover"},
		// A disassembly that starts somewhere else than its assembly.
		{"bad start", "<dx>0 1</dx>\n       <dy>0 1</dy>", "<dx>0 1</dx>\n       <dy>0 2</dy>",
			"solution 0: disassembly: piece 1 starts at"},
		// The removed pair slides out through the monomino.
		{"blocked removal", "<dx>-19999 -20000 2</dx>", "<dx>20001 20000 2</dx>",
			"solution 1: disassembly: move 1: piece 0 runs into piece 2 after 1 unit steps"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := strings.Replace(string(golden), tt.old, tt.new, 1)
			if src == string(golden) {
				t.Fatal("the change did not apply")
			}
			code, out, errOut := burrRun("check", writeTemp(t, "p.xmpuzzle", src))
			oneLineError(t, code, errOut, "burr check: invalid: 1 of 2 problems have wrong solutions")
			if !strings.Contains(out, `problem 0 "Fill the tray": INVALID: `+tt.want) {
				t.Errorf("output %q, want it to mention %q", out, tt.want)
			}
			if !strings.Contains(out, `problem 1 "Grouped variant": no stored solutions`) {
				t.Errorf("output %q lacks the line for problem 1", out)
			}
		})
	}
}

func TestCheckErrors(t *testing.T) {
	code, _, errOut := burrRun("check", "a", "b")
	oneLineError(t, code, errOut, "usage: burr check [flags] FILE")
	code, _, errOut = burrRun("check", writeTemp(t, "e.xmpuzzle", ""))
	oneLineError(t, code, errOut, "e.xmpuzzle: the file is empty")
}

// TestCheckNotesLooseMaxHoles: a maxHoles above the result's variable
// cells loads (BurrTools accepts it) but limits nothing; check says so.
// The worked example's bound of 1, equal to its one variable cell, gets
// no note (TestCheckWorkedExample).
func TestCheckNotesLooseMaxHoles(t *testing.T) {
	golden, err := os.ReadFile(workedExample)
	if err != nil {
		t.Fatal(err)
	}
	src := strings.Replace(string(golden), `maxHoles="1"`, `maxHoles="16777216"`, 1)
	code, out, errOut := burrRun("check", writeTemp(t, "p.xmpuzzle", src))
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	want := `problem 1 "Grouped variant": note: maxHoles 16777216 is more than the 1 variable cell of the result, so it limits nothing` + "\n" +
		`problem 1 "Grouped variant": no stored solutions` + "\n"
	if !strings.HasSuffix(out, want) {
		t.Errorf("output\n%s\nwant it to end with\n%s", out, want)
	}
}
