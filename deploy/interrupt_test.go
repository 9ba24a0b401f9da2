//go:build unix

package deploy

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/burrlab/burrlab/internal/puzzles"
	"github.com/burrlab/burrlab/model"
	"github.com/burrlab/burrlab/model/xmpuzzle"
)

// TestParallelScriptInterrupted: Ctrl-C (SIGINT to the whole process
// group, as a terminal sends it) stops deploy/parallel.sh with the
// running parts saved and a word on how to go on; the same command run
// again with -d goes on from them, and the merged file equals a single
// run: nothing lost, nothing twice.
func TestParallelScriptInterrupted(t *testing.T) {
	if _, err := exec.LookPath("parallel"); err != nil {
		t.Fatal("GNU parallel is missing (scripts/deps.sh installs the Debian package parallel)")
	}
	dir := t.TempDir()
	// The Bedlam cube in 4 parts of one worker: each part searches for
	// over a second, long enough to be stopped on a fast machine.
	file := filepath.Join(dir, "bedlam.xmpuzzle")
	if err := xmpuzzle.WriteFile(file, puzzles.Bedlam()); err != nil {
		t.Fatal(err)
	}
	parts := filepath.Join(dir, "parts")
	merged := filepath.Join(dir, "merged.xmpuzzle")
	args := []string{"-j", "2", "-w", "1", "-d", parts, "4", file, merged}

	cmd := exec.Command("./parallel.sh", args...)
	cmd.Env = append(os.Environ(), "BURR="+burr(t))
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	// Once the split is written the first parts start; a moment later
	// they are searching.
	deadline := time.Now().Add(time.Minute)
	for {
		if m, _ := filepath.Glob(filepath.Join(parts, "split-*.txt")); len(m) > 0 {
			break
		}
		if time.Now().After(deadline) {
			syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
			t.Fatalf("no split written in a minute: %s", out.String())
		}
		time.Sleep(10 * time.Millisecond)
	}
	time.Sleep(400 * time.Millisecond)
	if err := syscall.Kill(-cmd.Process.Pid, syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	if err := cmd.Wait(); err == nil {
		t.Fatalf("the interrupted run succeeded: %s", out.String())
	}
	if !strings.Contains(out.String(), "the same command with -d "+parts+" goes on") {
		t.Errorf("the interrupted run did not say how to go on: %s", out.String())
	}
	if _, err := os.Stat(merged); err == nil {
		t.Error("the interrupted run wrote the merged file")
	}
	var paused []string
	saved, _ := filepath.Glob(filepath.Join(parts, "part-*.xmpuzzle"))
	for _, f := range saved {
		p, err := xmpuzzle.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if pr := &p.Problems[0]; pr.State == model.Paused && pr.Assembler != nil {
			paused = append(paused, f)
		}
	}
	if len(paused) == 0 {
		t.Fatalf("no part was saved while running (%d part files): %s", len(saved), out.String())
	}

	// Run again through a burr that notes its arguments: each saved part
	// must go on from its own file, not start over.
	log := filepath.Join(dir, "calls.log")
	wrapper := filepath.Join(dir, "burr-logged")
	text := "#!/bin/sh\necho \"$*\" >>\"$CALLS\"\nexec \"$BURR_BIN\" \"$@\"\n"
	if err := os.WriteFile(wrapper, []byte(text), 0o755); err != nil {
		t.Fatal(err)
	}
	run(t, []string{"BURR=" + wrapper, "BURR_BIN=" + burr(t), "CALLS=" + log}, "./parallel.sh", args...)
	calls, err := os.ReadFile(log)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range paused {
		if !strings.Contains(string(calls), "-continue=true -save "+f+" ") {
			t.Errorf("%s was not continued from its file:\n%s", f, calls)
		}
	}
	want := results(t, single(t, dir, file, "-workers", "2"))
	if got := results(t, merged); !slices.Equal(got, want) {
		t.Errorf("went on from %d saved parts: merged %v..., single run %v...", len(paused), got[0], want[0])
	}
}
