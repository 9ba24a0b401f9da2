package cli

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/burrlab/burrlab/internal/puzzles"
	"github.com/burrlab/burrlab/model"
	"github.com/burrlab/burrlab/model/xmpuzzle"
)

// TestSaveResultRescues: a -save that fails at the end of a search (the
// disk filled up meanwhile) puts the solved puzzle in the first rescue
// folder that takes it and names the file; only when none does is the
// result lost, and the error says so.
func TestSaveResultRescues(t *testing.T) {
	p := puzzles.PentominoBox(6, 5, 2)
	full := t.TempDir()
	target := filepath.Join(full, "box.xmpuzzle")
	// write fails in the full folder, as a full disk would, and in the
	// missing one; elsewhere it writes.
	write := func(path string, p *model.Puzzle) error {
		if filepath.Dir(path) == full {
			return &os.PathError{Op: "write", Path: path, Err: syscall.ENOSPC}
		}
		return xmpuzzle.WriteFile(path, p)
	}
	missing := filepath.Join(t.TempDir(), "gone")
	rescue := t.TempDir()

	err := saveResult(target, p, write, []string{missing, full, rescue})
	if !errors.Is(err, syscall.ENOSPC) {
		t.Fatalf("error %v, want the save's", err)
	}
	got, _ := filepath.Glob(filepath.Join(rescue, "burr-rescued-box-*.xmpuzzle"))
	if len(got) != 1 || !strings.Contains(err.Error(), "the solved puzzle is in "+got[0]+" instead") {
		t.Fatalf("rescued %v; error %q", got, err)
	}
	back, rerr := xmpuzzle.ReadFile(got[0])
	if rerr != nil || len(back.Shapes) != len(p.Shapes) {
		t.Fatalf("the rescued file: %v", rerr)
	}

	err = saveResult(target, p, write, []string{missing, full})
	if !errors.Is(err, syscall.ENOSPC) || !strings.HasSuffix(err.Error(), "nor could it be written to "+missing+": the results are lost") {
		t.Errorf("nowhere to rescue: %v", err)
	}
	if err := saveResult(filepath.Join(rescue, "fine.xmpuzzle"), p, write, []string{missing}); err != nil {
		t.Errorf("a save that works: %v", err)
	}
	if left, _ := os.ReadDir(missing); len(left) != 0 {
		t.Errorf("left in the missing folder: %v", left)
	}
}
