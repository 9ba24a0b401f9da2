package conformance

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/burrlab/burrlab/internal/puzzles"
	"github.com/burrlab/burrlab/model"
	"github.com/burrlab/burrlab/model/xmpuzzle"
)

// solvedKeys reads a saved puzzle and returns, per problem, its counts
// and its solutions as sorted strings.
func solvedKeys(t *testing.T, path string) []string {
	t.Helper()
	p, err := xmpuzzle.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for i := range p.Problems {
		pr := &p.Problems[i]
		out = append(out, fmt.Sprintf("problem %d: state %d, %d assemblies, %d solutions, %d stored",
			i, pr.State, pr.NumAssemblies, pr.NumSolutions, len(pr.Solutions)))
		out = append(out, keys(pr.Solutions)...)
		nums := map[[2]int]bool{}
		for _, s := range pr.Solutions {
			k := [2]int{s.AsmNum, s.SolNum}
			if nums[k] {
				t.Errorf("%s problem %d: assembly number %d, solution number %d twice", path, i, s.AsmNum, s.SolNum)
			}
			nums[k] = true
		}
	}
	return out
}

// splitRun solves file in n parts with args, saving part I as
// dir/part-I.xmpuzzle, and returns the part files.
func splitRun(t *testing.T, dir, file string, n int, args ...string) []string {
	t.Helper()
	var files []string
	for i := 1; i <= n; i++ {
		f := filepath.Join(dir, fmt.Sprintf("part-%d.xmpuzzle", i))
		a := append([]string{"solve", "-part", fmt.Sprintf("%d/%d", i, n), "-workers", "1", "-save", f}, args...)
		if _, err := burr(t, append(a, file)...); err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
	}
	return files
}

// TestMergeCommand: burr solve -part I/N -save for every part, then burr
// merge, gives the file a single run saves: the same counts and the same
// solutions (with their disassemblies), every problem of the file.
func TestMergeCommand(t *testing.T) {
	for _, tc := range []struct {
		file string
		n    int
		args []string
	}{
		{"SolidSixPieceBurrs.xmpuzzle", 3, []string{"-disassemble"}},
		{"PiecesOfEight.xmpuzzle", 7, []string{"-problem", "all", "-keep-mirrors"}},
		{"DemoPieceGenerator.xmpuzzle", 4, []string{"-max-holes", "3", "-complete-rotations"}},
	} {
		t.Run(tc.file, func(t *testing.T) {
			dir := t.TempDir()
			file := examplePath(t, tc.file)
			single := filepath.Join(dir, "single.xmpuzzle")
			if _, err := burr(t, append(append([]string{"solve", "-workers", "1", "-save", single}, tc.args...), file)...); err != nil {
				t.Fatal(err)
			}
			parts := splitRun(t, dir, file, tc.n, tc.args...)
			merged := filepath.Join(dir, "merged.xmpuzzle")
			said, err := burr(t, append([]string{"merge", "-o", merged, file}, parts...)...)
			if err != nil {
				t.Fatal(err)
			}
			// One line a merged problem, with solutions only when the
			// parts took the assemblies apart ("0 solutions" misled).
			line := regexp.MustCompile(`^problem \d+: \d+ assemblies$`)
			if slices.Contains(tc.args, "-disassemble") {
				line = regexp.MustCompile(`^problem \d+: \d+ assemblies, \d+ solutions$`)
			}
			for _, l := range strings.Split(strings.TrimSpace(said), "\n") {
				if !line.MatchString(l) {
					t.Errorf("burr merge says %q", l)
				}
			}
			want, got := solvedKeys(t, single), solvedKeys(t, merged)
			if !slices.Equal(got, want) {
				t.Errorf("merged differs from a single run:\n%s\nwant\n%s", head(got), head(want))
			}
			if _, err := burr(t, "check", merged); err != nil {
				t.Error(err)
			}
		})
	}
}

func head(s []string) string {
	return strings.Join(s[:min(len(s), 5)], "\n")
}

// TestMergeRefusesMismatches: parts that do not belong together give a
// clear error and no output file.
func TestMergeRefusesMismatches(t *testing.T) {
	dir := t.TempDir()
	file := examplePath(t, "PiecesOfEight.xmpuzzle")
	three := splitRun(t, dir, file, 3)
	run := func(name string, args ...string) string {
		t.Helper()
		out := filepath.Join(dir, "out-"+name+".xmpuzzle")
		_, err := burr(t, append([]string{"merge", "-o", out, file}, args...)...)
		if err == nil {
			t.Errorf("%s: merged", name)
			return ""
		}
		if _, serr := os.Stat(out); serr == nil {
			t.Errorf("%s: wrote %s despite the error", name, out)
		}
		return err.Error()
	}
	other := filepath.Join(dir, "other")
	os.Mkdir(other, 0o755)
	two := splitRun(t, other, file, 2)
	mirrors := filepath.Join(dir, "mirrors")
	os.Mkdir(mirrors, 0o755)
	withMirrors := splitRun(t, mirrors, file, 3, "-keep-mirrors")
	prob := filepath.Join(dir, "prob")
	os.Mkdir(prob, 0o755)
	problem1 := splitRun(t, prob, file, 3, "-problem", "1")
	foreign := filepath.Join(dir, "foreign")
	os.Mkdir(foreign, 0o755)
	otherFile := splitRun(t, foreign, examplePath(t, "HexSticks.xmpuzzle"), 3)
	unfinished := filepath.Join(dir, "part-first.xmpuzzle")
	// One worker stops at the first assembly for sure: with two, the other
	// could finish the part's small search (one assembly, 60 nodes) first.
	if _, err := burr(t, "solve", "-part", "3/3", "-first", "1", "-workers", "1", "-save", unfinished, file); err != nil {
		t.Fatal(err)
	}
	junk := filepath.Join(dir, "junk.xmpuzzle")
	if err := os.WriteFile(junk, []byte("not a puzzle"), 0o644); err != nil {
		t.Fatal(err)
	}
	absent := filepath.Join(dir, "absent.xmpuzzle")
	for _, c := range []struct {
		name, want string
		parts      []string
	}{
		// The parts are read at the same time; the first bad one in the
		// order given is reported.
		{"absent file", "absent.xmpuzzle", []string{three[0], absent, junk}},
		{"damaged file", "junk.xmpuzzle: no XML element", []string{three[0], junk, absent}},
		{"missing", "missing parts [3]", three[:2]},
		{"twice", "are both part 2/3", []string{three[0], three[1], three[1]}},
		{"other N", "split the search differently", []string{three[0], three[1], two[1]}},
		{"other options", "different options", []string{three[0], three[1], withMirrors[2]}},
		{"other problem", "holds no part of a split search", []string{three[0], three[1], problem1[2]}},
		{"other file", "not a part of this puzzle", []string{three[0], three[1], otherFile[2]}},
		{"unfinished", "is not finished", []string{three[0], three[1], unfinished}},
		{"no parts", "no part of a split search", []string{file}},
	} {
		if msg := run(c.name, c.parts...); msg != "" && !strings.Contains(msg, c.want) {
			t.Errorf("%s: %q, want it to say %q", c.name, msg, c.want)
		}
	}
}

// TestBadPart: -part outside 1..N or not a number is refused before
// anything is solved or written.
func TestBadPart(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "out.xmpuzzle")
	for _, part := range []string{"0/4", "5/4", "a/b", "1", "1/0", "-1/4", "1/4/2"} {
		_, err := burr(t, "solve", "-part", part, "-save", out, examplePath(t, "PiecesOfEight.xmpuzzle"))
		if err == nil || !strings.Contains(err.Error(), "-part") {
			t.Errorf("-part %s: %v, want an error about -part", part, err)
		}
		if _, serr := os.Stat(out); serr == nil {
			t.Fatalf("-part %s wrote %s", part, out)
		}
	}
}

// TestInterruptedPartContinues: a part stopped with Ctrl-C (SIGINT) or
// SIGTERM (as GNU parallel, Slurm and Kubernetes stop one), in turn, and
// saved, then continued (and stopped again) until done, merged with the
// other parts, gives exactly a single run's assemblies: none lost, none
// twice.
func TestInterruptedPartContinues(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "pentominoes-5x4x3.xmpuzzle")
	if err := xmpuzzle.WriteFile(file, puzzles.PentominoBox(5, 4, 3)); err != nil {
		t.Fatal(err)
	}
	single := filepath.Join(dir, "single.xmpuzzle")
	if _, err := burr(t, "solve", "-workers", "2", "-save", single, file); err != nil {
		t.Fatal(err)
	}
	parts := splitRun(t, dir, file, 4) // overwritten below for part 1
	p1 := parts[0]
	os.Remove(p1)
	stops, started := 0, false
	for round := 0; ; round++ {
		if round > 50 {
			t.Fatal("part 1 never finished")
		}
		// One worker: the part takes about half a second here, long
		// enough to be stopped several times on a fast machine.
		args := []string{"solve", "-part", "1/4", "-workers", "1", "-json", "-save", p1, file}
		if started {
			args = []string{"solve", "-part", "1/4", "-workers", "1", "-json", "-continue", "-save", p1, p1}
		}
		sig := []os.Signal{os.Interrupt, syscall.SIGTERM}[round%2]
		res := interruptAfter(t, time.Duration(100+50*round)*time.Millisecond, sig, args...)
		if strings.Contains(res.Error, "stopped while preparing") {
			continue // nothing was saved but what was there: try again
		}
		if res.Error != "" {
			t.Fatalf("round %d: %s", round, res.Error)
		}
		if res.Complete {
			break
		}
		started = true
		stops++
		p, err := xmpuzzle.ReadFile(p1)
		if err != nil {
			t.Fatal(err)
		}
		if p.Problems[0].State != model.Paused || p.Problems[0].Assembler == nil {
			t.Fatalf("round %d (%v): stopped part saved in state %d without its position", round, sig, p.Problems[0].State)
		}
	}
	t.Logf("part 1 stopped %d times", stops)
	if stops == 0 {
		t.Log("part 1 finished before the first signal reached it")
	}
	merged := filepath.Join(dir, "merged.xmpuzzle")
	if _, err := burr(t, append([]string{"merge", "-o", merged, file}, parts...)...); err != nil {
		t.Fatal(err)
	}
	want, got := solvedKeys(t, single), solvedKeys(t, merged)
	if !slices.Equal(got, want) {
		t.Errorf("after %d stops, merged differs from a single run:\n%s\nwant\n%s", stops, head(got), head(want))
	}
}

// interruptAfter runs burr with args, sends it sig after d, and returns
// its JSON line (which holds the error of a failed run).
func interruptAfter(t *testing.T, d time.Duration, sig os.Signal, args ...string) (res struct {
	Complete   bool   `json:"complete"`
	Assemblies uint64 `json:"assemblies"`
	Error      string `json:"error"`
}) {
	t.Helper()
	burr(t, "help", "solve") // builds the binary
	var out, errOut bytes.Buffer
	cmd := exec.Command(filepath.Join(binDir, "burr"), args...)
	cmd.Stdout, cmd.Stderr = &out, &errOut
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	timer := time.AfterFunc(d, func() { cmd.Process.Signal(sig) })
	err := cmd.Wait()
	timer.Stop()
	if jerr := json.Unmarshal(out.Bytes(), &res); jerr != nil {
		t.Fatalf("burr %v: %v, printed %q: %v %s", args, err, out.String(), jerr, errOut.String())
	}
	// A run the signal stopped exits 3 (not done), any other 0 or, with
	// its error in the JSON line, 1.
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatal(err)
	}
	switch {
	case res.Error != "":
	case !res.Complete && code != 3:
		t.Fatalf("burr %v: stopped, exit status %d, want 3: %s", args, code, errOut.String())
	case res.Complete && code != 0:
		t.Fatalf("burr %v: finished, exit status %d: %s", args, code, errOut.String())
	}
	return res
}
