// Package conformance holds only tests: BurrLab against BurrTools' example
// puzzles and the counts BurrTools gives for them. The examples are not in
// this repository; they are found through $BURRLAB_EXAMPLES, or in
// ../shared/burrtools-examples next to the repository. A missing folder is a
// failure, never a skip.
package conformance

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sync"
	"testing"

	"github.com/burrlab/burrlab/model"
	"github.com/burrlab/burrlab/model/xmpuzzle"
)

// Expected is one entry of expected.json: what BurrTools' command-line
// solver (burrTxt) reports for one problem of one example.
type Expected struct {
	File    string `json:"file"`    // file name inside the examples folder
	Problem int    `json:"problem"` // problem index
	Grid    int    `json:"grid"`    // the file's grid type
	// Assemblies is BurrTools' assembly count; nil when BurrTools gave
	// none (see Status).
	Assemblies *uint64 `json:"assemblies"`
	// Solutions counts the assemblies that come apart; nil where BurrTools
	// has no disassembler (grids 2 to 4) or gave no count.
	Solutions *uint64 `json:"solutions"`
	// Seconds is burrTxt's run time without its "reduce" option.
	Seconds float64 `json:"burrtxt_seconds"`
	// Status is empty when BurrTools solved the problem; otherwise what
	// went wrong, e.g. "error-msg" when it refused with an error message.
	Status string `json:"burrtools_status"`
}

// repoRoot returns the repository root: the nearest folder upwards that
// holds go.mod.
func repoRoot(t testing.TB) string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatal("no go.mod above the test's folder")
		}
		dir = parent
	}
}

// examplesDir returns the folder of BurrTools' examples and fails the test
// when it is missing or holds no puzzles.
func examplesDir(t testing.TB) string {
	t.Helper()
	dir := os.Getenv("BURRLAB_EXAMPLES")
	if dir == "" {
		dir = filepath.Join(repoRoot(t), "..", "shared", "burrtools-examples")
	}
	files, _ := filepath.Glob(filepath.Join(dir, "*.xmpuzzle"))
	if len(files) == 0 {
		t.Fatalf("no BurrTools examples (*.xmpuzzle) in %s; set BURRLAB_EXAMPLES to their folder", dir)
	}
	return dir
}

// exampleFiles returns the names (not paths) of all example puzzles,
// sorted.
func exampleFiles(t testing.TB) []string {
	t.Helper()
	paths, err := filepath.Glob(filepath.Join(examplesDir(t), "*.xmpuzzle"))
	if err != nil {
		t.Fatal(err)
	}
	names := make([]string, len(paths))
	for i, p := range paths {
		names[i] = filepath.Base(p)
	}
	slices.Sort(names)
	return names
}

// examplePath returns the path of the example with the given file name.
func examplePath(t testing.TB, name string) string {
	t.Helper()
	return filepath.Join(examplesDir(t), name)
}

// loadExample reads one example puzzle, failing the test on any error.
func loadExample(t testing.TB, name string) *model.Puzzle {
	t.Helper()
	p, err := xmpuzzle.ReadFile(examplePath(t, name))
	if err != nil {
		t.Fatalf("loading %s: %v", name, err)
	}
	return p
}

// loadExpected reads expected.json. Unknown fields are an error, so that a
// change of its format is noticed rather than ignored.
func loadExpected(t testing.TB) []Expected {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(examplesDir(t), "expected.json"))
	if err != nil {
		t.Fatalf("reading expected.json: %v", err)
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	var out []Expected
	if err := dec.Decode(&out); err != nil {
		t.Fatalf("expected.json: %v", err)
	}
	if len(out) == 0 {
		t.Fatal("expected.json lists no problems")
	}
	return out
}

// The burr and burrsolve commands, built once for all tests of this
// package into binDir.
var (
	binOnce sync.Once
	binDir  string
	binErr  error
)

// burr runs the burr command line (built from ./cmd/burr without cgo, as
// it ships) with args and returns what it printed. A non-zero exit is
// returned as an *exec.ExitError with stderr in the message.
func burr(t testing.TB, args ...string) (stdout string, err error) {
	t.Helper()
	return command(t, "burr", args...)
}

// command runs the command prog (burr or burrsolve) as burr does.
func command(t testing.TB, prog string, args ...string) (stdout string, err error) {
	t.Helper()
	binOnce.Do(func() {
		if binDir, binErr = os.MkdirTemp("", "burrlab-conformance-"); binErr != nil {
			return
		}
		cmd := exec.Command("go", "build", "-o", binDir+string(filepath.Separator), "./cmd/burr", "./cmd/burrsolve")
		cmd.Dir = repoRoot(t)
		cmd.Env = append(os.Environ(), "CGO_ENABLED=0")
		if out, err := cmd.CombinedOutput(); err != nil {
			binErr = fmt.Errorf("building cmd/burr and cmd/burrsolve: %v\n%s", err, out)
		}
	})
	if binErr != nil {
		t.Fatal(binErr)
	}
	var out, errOut bytes.Buffer
	cmd := exec.Command(filepath.Join(binDir, prog), args...)
	cmd.Stdout, cmd.Stderr = &out, &errOut
	if err := cmd.Run(); err != nil {
		return out.String(), fmt.Errorf("%s %v: %w: %s", prog, args, err, bytes.TrimSpace(errOut.Bytes()))
	}
	return out.String(), nil
}

// TestMain removes the binaries after the tests.
func TestMain(m *testing.M) {
	code := m.Run()
	if binDir != "" {
		os.RemoveAll(binDir)
	}
	os.Exit(code)
}
