package conformance

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"testing"
	"time"

	"github.com/burrlab/burrlab/internal/puzzles"
	"github.com/burrlab/burrlab/model"
	"github.com/burrlab/burrlab/model/xmpuzzle"
)

// TestCheckpoints: with -save, burr solve saves a long search as it
// stands while it runs (-checkpoint; segments of at least ten times the
// preparation, about a second for the Bedlam cube here). Killed outright
// (SIGKILL: no chance to save) once its first checkpoint is on disk, it
// leaves a paused search, from which -continue finishes with the same
// assemblies and counts as one run: a crash loses only the time since the
// last checkpoint. (internal/cli's TestSolveCheckpoints checks the
// segments themselves, with every way of keeping solutions.)
func TestCheckpoints(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "bedlam.xmpuzzle")
	if err := xmpuzzle.WriteFile(file, puzzles.Bedlam()); err != nil {
		t.Fatal(err)
	}
	flags := []string{"solve", "-workers", "2"}
	single := filepath.Join(dir, "single.xmpuzzle")
	if _, err := burr(t, append(flags, "-checkpoint", "0", "-save", single, file)...); err != nil {
		t.Fatal(err)
	}
	want := solvedKeys(t, single)

	// Killed once a checkpoint is on disk. The first checkpoint comes
	// after ten preparations (0.2 s each for Bedlam), 2 s, while two
	// workers finish in 3 s: on a loaded machine the search once ended
	// first. One worker takes twice as long, and the search it leaves
	// goes on with two.
	killed := filepath.Join(dir, "killed.xmpuzzle")
	cmd := exec.Command(filepath.Join(binDir, "burr"), "solve", "-workers", "1", "-checkpoint", "1ms", "-save", killed, file)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	deadline := time.Now().Add(time.Minute)
	for {
		if _, err := os.Stat(killed); err == nil {
			break
		}
		if time.Now().After(deadline) {
			cmd.Process.Kill()
			t.Fatalf("no checkpoint in a minute: %s", out.String())
		}
		time.Sleep(5 * time.Millisecond)
	}
	if err := cmd.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	if err := cmd.Wait(); err == nil {
		t.Fatalf("the search ended before it was killed: %s", out.String())
	}
	p, err := xmpuzzle.ReadFile(killed)
	if err != nil {
		t.Fatal(err)
	}
	if pr := &p.Problems[0]; pr.State != model.Paused || pr.Assembler == nil {
		t.Fatalf("the checkpoint holds problem state %d, want a paused search", pr.State)
	}
	if _, err := burr(t, append(flags, "-continue", "-save", killed, killed)...); err != nil {
		t.Fatal(err)
	}
	if got := solvedKeys(t, killed); !slices.Equal(got, want) {
		t.Errorf("killed and continued: %s\nwant\n%s", head(got), head(want))
	}
}
