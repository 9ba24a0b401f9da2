package xmpuzzle

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/burrlab/burrlab/model"
)

// bigPuzzle is a problem of n solutions, every third with a disassembly,
// and a second problem of n plain ones.
func bigPuzzle(t *testing.T, n int) *model.Puzzle {
	t.Helper()
	sep := `<separation><pieces count="2">0 1</pieces>` + goodStates + `</separation>`
	var sols, plain strings.Builder
	for i := range n {
		fmt.Fprintf(&sols, `<solution asmNum="%d" solNum="%d"><assembly>0 0 0 0 2 0 0 0</assembly>`, i, i)
		if i%3 == 0 {
			sols.WriteString(sep)
		}
		sols.WriteString(`</solution>`)
		plain.WriteString(`<solution><assembly>0 0 0 0 2 0 0 0</assembly></solution>`)
	}
	text := withProblem(twoParts, sols.String())
	text = strings.Replace(text, "</problems>", `<problem name="Q" state="2"><shapes>`+twoParts+`</shapes><result id="0"/><solutions>`+
		plain.String()+`</solutions></problem></problems>`, 1)
	p, err := Read(strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// fractions records what a progress function is told, checking that it
// never goes back.
type fractions struct {
	t    *testing.T
	seen []float64
}

func (f *fractions) report(done float64) {
	if n := len(f.seen); n > 0 && done < f.seen[n-1] || done < 0 || done > 1 {
		f.t.Errorf("progress %v after %v", done, f.seen)
	}
	f.seen = append(f.seen, done)
}

// check says whether the fractions went from the start to 1 in steps.
func (f *fractions) check(what string) {
	f.t.Helper()
	if n := len(f.seen); n < 20 || f.seen[0] > 0.05 || f.seen[n-1] != 1 {
		f.t.Errorf("%s: %d reports, from %v to %v", what, n, f.seen[0], f.seen[max(n-1, 0)])
	}
}

// A long read or write tells how far it is, and stops, leaving the file
// as it was, when its context ends.
func TestReadAndWriteProgress(t *testing.T) {
	p := bigPuzzle(t, 20000)
	dir := t.TempDir()
	path := filepath.Join(dir, "big.xmpuzzle")
	w := &fractions{t: t}
	if err := WriteFileBackupContext(context.Background(), path, path+"~", p, w.report); err != nil {
		t.Fatal(err)
	}
	w.check("writing")
	r := &fractions{t: t}
	q, err := ReadFileContext(context.Background(), path, r.report)
	if err != nil {
		t.Fatal(err)
	}
	r.check("reading")
	if len(q.Problems[0].Solutions) != 20000 || len(q.Problems[1].Solutions) != 20000 {
		t.Fatalf("read back %d and %d solutions", len(q.Problems[0].Solutions), len(q.Problems[1].Solutions))
	}

	// Stopped half way: the error is the context's, the file and its
	// backup are as they were, and no temporary file is left.
	before, _ := os.ReadFile(path)
	for _, what := range []string{"write", "read"} {
		ctx, cancel := context.WithCancel(context.Background())
		stopAt := func(done float64) {
			if done > 0.5 {
				cancel()
			}
		}
		if what == "write" {
			p.Problems[1].Solutions = p.Problems[1].Solutions[:100]
			err = WriteFileBackupContext(ctx, path, path+"~", p, stopAt)
		} else {
			_, err = ReadFileContext(ctx, path, stopAt)
		}
		cancel()
		if !errors.Is(err, context.Canceled) {
			t.Errorf("%s stopped half way: error %v", what, err)
		}
	}
	if after, _ := os.ReadFile(path); string(after) != string(before) {
		t.Error("a stopped write changed the file")
	}
	if names, _ := filepath.Glob(filepath.Join(dir, "*")); len(names) != 1 {
		t.Errorf("files left: %v", names)
	}
}
