// Package deploy holds no Go code: it tests the scripts and manifests in
// this directory that run split searches on GNU parallel, Slurm and
// Kubernetes.
package deploy

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"gopkg.in/yaml.v3"

	"github.com/burrlab/burrlab/internal/puzzles"
	"github.com/burrlab/burrlab/model"
	"github.com/burrlab/burrlab/model/xmpuzzle"
)

var (
	buildOnce sync.Once
	burrBin   string
	buildErr  error
)

// burr builds cmd/burr once and returns its path.
func burr(t *testing.T) string {
	t.Helper()
	buildOnce.Do(func() {
		dir, err := os.MkdirTemp("", "burrlab-deploy-")
		if err != nil {
			buildErr = err
			return
		}
		burrBin = filepath.Join(dir, "burr")
		cmd := exec.Command("go", "build", "-o", burrBin, "../cmd/burr")
		cmd.Env = append(os.Environ(), "CGO_ENABLED=0")
		if out, err := cmd.CombinedOutput(); err != nil {
			buildErr = fmt.Errorf("building burr: %v\n%s", err, out)
		}
	})
	if buildErr != nil {
		t.Fatal(buildErr)
	}
	return burrBin
}

func TestMain(m *testing.M) {
	code := m.Run()
	if burrBin != "" {
		os.RemoveAll(filepath.Dir(burrBin))
	}
	os.Exit(code)
}

// run runs a command with extra environment, failing the test on error.
func run(t *testing.T, env []string, name string, args ...string) string {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Env = append(os.Environ(), env...)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%s %v: %v\n%s", name, args, err, out)
	}
	return string(out)
}

// results reads a solved puzzle file: per problem its state and counts,
// then its solutions' assemblies, sorted.
func results(t *testing.T, path string) []string {
	t.Helper()
	p, err := xmpuzzle.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for i := range p.Problems {
		pr := &p.Problems[i]
		out = append(out, fmt.Sprintf("problem %d: state %d, %d assemblies, %d solutions", i, pr.State, pr.NumAssemblies, pr.NumSolutions))
		var sols []string
		for _, s := range pr.Solutions {
			sols = append(sols, fmt.Sprint(s.Assembly))
		}
		slices.Sort(sols)
		out = append(out, sols...)
	}
	return out
}

// puzzleFile writes the pentominoes in a 6x10 box into dir.
func puzzleFile(t *testing.T, dir string) string {
	t.Helper()
	f := filepath.Join(dir, "pentomino box.xmpuzzle") // a space, as designers' names have
	if err := xmpuzzle.WriteFile(f, puzzles.PentominoBox(10, 6, 1)); err != nil {
		t.Fatal(err)
	}
	return f
}

// spacedDir returns a new folder whose path has a space, as "My puzzles"
// has: the scripts must pass such paths on whole.
func spacedDir(t *testing.T) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "my puzzles")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	return dir
}

// single solves file in one run and returns the saved file.
func single(t *testing.T, dir, file string, flags ...string) string {
	t.Helper()
	out := filepath.Join(dir, "single.xmpuzzle")
	run(t, nil, burr(t), append(append([]string{"solve", "-save", out}, flags...), file)...)
	return out
}

// TestParallelScript runs the parts of a split search through GNU parallel
// with deploy/parallel.sh and compares the merged file with a single run.
func TestParallelScript(t *testing.T) {
	if _, err := exec.LookPath("parallel"); err != nil {
		t.Fatal("GNU parallel is missing (scripts/deps.sh installs the Debian package parallel)")
	}
	dir := spacedDir(t)
	file := puzzleFile(t, dir)
	want := results(t, single(t, dir, file))
	merged := filepath.Join(dir, "merged.xmpuzzle")
	run(t, []string{"BURR=" + burr(t)}, "./parallel.sh", "-j", "2", "-d", filepath.Join(dir, "parts"), "5", file, merged)
	if got := results(t, merged); !slices.Equal(got, want) {
		t.Errorf("merged: %v..., single run: %v...", got[0], want[0])
	}
	// Bad N or -w, or an output no file can be written to: a clear
	// message before any search, no output.
	bad := filepath.Join(dir, "bad.xmpuzzle")
	for _, c := range []struct {
		args []string
		msg  string
	}{
		{[]string{"x", file, bad}, "number of parts"},
		{[]string{"-w", "two", "2", file, bad}, "number of workers"},
		{[]string{"2", file, filepath.Join(dir, "no such folder", "out.xmpuzzle")}, "cannot write"},
	} {
		cmd := exec.Command("./parallel.sh", c.args...)
		cmd.Env = append(os.Environ(), "BURR="+burr(t))
		if out, err := cmd.CombinedOutput(); err == nil || !strings.Contains(string(out), c.msg) {
			t.Errorf("%v: %v %s", c.args, err, out)
		}
	}
	if _, err := os.Stat(bad); err == nil {
		t.Error("a refused run wrote its output")
	}
}

// fakeSSH stands in for ssh in TestParallelRemote: "fakessh HOST [--]
// COMMAND..." runs COMMAND with sh in $FAKE_REMOTE_HOME, as ssh runs it in
// the login directory of HOST, so that GNU parallel's transfers (rsync
// over it), returns and clean-up all run as they would over the network.
// It sets SHELL as sshd does (to the login shell): GNU parallel runs each
// remote part with $SHELL, and where the tests run without one (CI) the
// parts would not run at all.
const fakeSSH = `#!/bin/sh
shift
if [ "$1" = "--" ]; then shift; fi
cd "$FAKE_REMOTE_HOME" || exit 255
export SHELL=/bin/sh
exec sh -c "$*"
`

// remoteBurr stands in for burr on the remote host: it notes which split
// files a part finds in the folder it is given before running burr.
const remoteBurr = `#!/bin/sh
echo "$(ls split 2>/dev/null)" >>"$REMOTE_LOG"
exec "$BURR_BIN" "$@"
`

// TestParallelRemote runs deploy/parallel.sh with -S on a host reached
// through a stand-in for ssh: the puzzle and the split computed locally
// reach the host once, every part finds the split there instead of
// computing it, the part files come back, the host is left clean, and
// the merged file equals a single run.
func TestParallelRemote(t *testing.T) {
	for _, tool := range []string{"parallel", "rsync"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Fatalf("%s is missing (scripts/deps.sh installs the Debian packages parallel and rsync)", tool)
		}
	}
	root := t.TempDir()
	dir := spacedDir(t)
	file := puzzleFile(t, dir)
	want := results(t, single(t, dir, file))
	home := filepath.Join(root, "remote")
	if err := os.Mkdir(home, 0o755); err != nil {
		t.Fatal(err)
	}
	ssh := filepath.Join(root, "fakessh")
	wrapper := filepath.Join(root, "remote-burr")
	for name, text := range map[string]string{ssh: fakeSSH, wrapper: remoteBurr} {
		if err := os.WriteFile(name, []byte(text), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	log := filepath.Join(dir, "remote.log")
	merged := filepath.Join(dir, "merged.xmpuzzle")
	const n = 4
	run(t, []string{"BURR=" + burr(t), "BURR_REMOTE=" + wrapper, "BURR_BIN=" + burr(t), "FAKE_REMOTE_HOME=" + home, "REMOTE_LOG=" + log},
		"./parallel.sh", "-j", "2", "-S", "2/"+ssh+" host1", "-d", filepath.Join(dir, "parts"), strconv.Itoa(n), file, merged)
	if got := results(t, merged); !slices.Equal(got, want) {
		t.Errorf("merged: %v..., single run: %v...", got[0], want[0])
	}
	seen, err := os.ReadFile(log)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(string(seen), "\n"), "\n")
	if len(lines) != n {
		t.Fatalf("%d parts ran on the host, want %d: %q", len(lines), n, seen)
	}
	split := regexp.MustCompile(`split-[0-9a-f]+-` + strconv.Itoa(n) + `-v[0-9]+\.txt`)
	for _, l := range lines {
		if !split.MatchString(l) {
			t.Errorf("a part found no split of %d parts on the host, only %q", n, l)
		}
	}
	if left, _ := os.ReadDir(home); len(left) > 0 {
		var names []string
		for _, e := range left {
			names = append(names, e.Name())
		}
		t.Errorf("the host's folder keeps %v after the run", names)
	}
}

// TestParallelRemoteRunsApart: two runs with -S at once, of different
// puzzles in as many parts, on one host, each get their own assemblies:
// on the host each works in a folder of its own.
func TestParallelRemoteRunsApart(t *testing.T) {
	for _, tool := range []string{"parallel", "rsync"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Fatalf("%s is missing (scripts/deps.sh installs the Debian packages parallel and rsync)", tool)
		}
	}
	dir := t.TempDir()
	home := filepath.Join(dir, "remote")
	if err := os.Mkdir(home, 0o755); err != nil {
		t.Fatal(err)
	}
	ssh := filepath.Join(dir, "fakessh")
	if err := os.WriteFile(ssh, []byte(fakeSSH), 0o755); err != nil {
		t.Fatal(err)
	}
	type job struct {
		file, merged string
		want         []string
		out          []byte
		err          error
	}
	var jobs [2]*job
	for k, p := range []*model.Puzzle{puzzles.PentominoBox(10, 6, 1), puzzles.PentominoBox(6, 5, 2)} {
		sub := filepath.Join(dir, strconv.Itoa(k))
		if err := os.Mkdir(sub, 0o755); err != nil {
			t.Fatal(err)
		}
		file := filepath.Join(sub, "pentominoes.xmpuzzle") // the same name on the host
		if err := xmpuzzle.WriteFile(file, p); err != nil {
			t.Fatal(err)
		}
		jobs[k] = &job{file: file, merged: filepath.Join(sub, "merged.xmpuzzle"), want: results(t, single(t, sub, file))}
	}
	var wg sync.WaitGroup
	for _, j := range jobs {
		wg.Go(func() {
			cmd := exec.Command("./parallel.sh", "-j", "2", "-S", "2/"+ssh+" host1", "4", j.file, j.merged)
			cmd.Env = append(os.Environ(), "BURR="+burr(t), "BURR_REMOTE="+burr(t), "FAKE_REMOTE_HOME="+home)
			j.out, j.err = cmd.CombinedOutput()
		})
	}
	wg.Wait()
	for k, j := range jobs {
		if j.err != nil {
			t.Fatalf("run %d: %v\n%s", k, j.err, j.out)
		}
		if got := results(t, j.merged); !slices.Equal(got, j.want) {
			t.Errorf("run %d: merged %v..., single run %v...", k, got[0], j.want[0])
		}
	}
	if left, _ := os.ReadDir(home); len(left) > 0 {
		t.Errorf("the host's folder keeps %d entries after the runs", len(left))
	}
}

// TestSlurmScripts runs the job array's tasks and the merge job as Slurm
// would (the task id and count in the environment), without Slurm.
// `make distributed` runs them on a real one-node cluster.
func TestSlurmScripts(t *testing.T) {
	dir := spacedDir(t)
	file := puzzleFile(t, dir)
	want := results(t, single(t, dir, file, "-keep-mirrors"))
	parts := filepath.Join(dir, "parts")
	merged := filepath.Join(dir, "merged.xmpuzzle")
	env := []string{"BURR=" + burr(t), "BURR_FILE=" + file, "BURR_DIR=" + parts, "BURR_FLAGS=-keep-mirrors",
		"SLURM_ARRAY_TASK_COUNT=3", "BURR_PARTS=", "BURR_OUT=" + merged}
	for i := 1; i <= 3; i++ {
		run(t, append(env, "SLURM_ARRAY_TASK_ID="+strconv.Itoa(i)), "./slurm/part.sbatch")
	}
	// A task run again (Slurm requeued it) continues its own file.
	run(t, append(env, "SLURM_ARRAY_TASK_ID=2"), "./slurm/part.sbatch")
	run(t, append(env[:len(env)-2], "BURR_PARTS=3", "BURR_OUT="+merged), "./slurm/merge.sbatch")
	if got := results(t, merged); !slices.Equal(got, want) {
		t.Errorf("merged: %v..., single run: %v...", got[0], want[0])
	}
	for _, f := range []string{"slurm/submit.sh", "slurm/part.sbatch", "slurm/merge.sbatch", "parallel.sh"} {
		run(t, nil, "bash", "-n", f)
	}
}

// manifest reads the YAML documents of a Kubernetes manifest.
func manifest(t *testing.T, path string) []map[string]any {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	dec := yaml.NewDecoder(f)
	var docs []map[string]any
	for {
		var d map[string]any
		if err := dec.Decode(&d); err != nil {
			if err.Error() == "EOF" {
				return docs
			}
			t.Fatalf("%s: %v", path, err)
		}
		docs = append(docs, d)
	}
}

// get follows a path of map keys and list indexes through a YAML tree.
func get(t *testing.T, v any, path ...any) any {
	t.Helper()
	for _, k := range path {
		switch k := k.(type) {
		case string:
			m, ok := v.(map[string]any)
			if !ok {
				t.Fatalf("no %q at %v", k, path)
			}
			v = m[k]
		case int:
			l, ok := v.([]any)
			if !ok || k >= len(l) {
				t.Fatalf("no item %d at %v", k, path)
			}
			v = l[k]
		}
	}
	return v
}

// find returns the document of the given kind and name.
func find(t *testing.T, docs []map[string]any, kind, name string) map[string]any {
	t.Helper()
	for _, d := range docs {
		if d["kind"] == kind && get(t, d, "metadata", "name") == name {
			return d
		}
	}
	t.Fatalf("no %s %s", kind, name)
	return nil
}

// TestKubernetesManifests checks the Indexed Job and the merge Job: the
// index drives -part, both mount the results claim, and running the parts'
// shell command for each index calls burr solve on each part once.
func TestKubernetesManifests(t *testing.T) {
	docs := append(manifest(t, "k8s/burr-split.yaml"), manifest(t, "k8s/burr-merge.yaml")...)
	find(t, docs, "PersistentVolumeClaim", "burr-results")
	split := find(t, docs, "Job", "burr-split")
	if get(t, split, "apiVersion") != "batch/v1" || get(t, split, "spec", "completionMode") != "Indexed" {
		t.Fatalf("burr-split is not an Indexed batch/v1 Job")
	}
	n, ok := get(t, split, "spec", "completions").(int)
	if !ok || n < 1 {
		t.Fatalf("completions %v", get(t, split, "spec", "completions"))
	}
	merge := find(t, docs, "Job", "burr-merge")
	for _, job := range []map[string]any{split, merge} {
		pod := get(t, job, "spec", "template", "spec")
		if get(t, pod, "restartPolicy") != "Never" {
			t.Errorf("%v: restartPolicy %v", get(t, job, "metadata", "name"), get(t, pod, "restartPolicy"))
		}
		if get(t, pod, "volumes", 0, "persistentVolumeClaim", "claimName") != "burr-results" ||
			get(t, pod, "containers", 0, "volumeMounts", 0, "name") != get(t, pod, "volumes", 0, "name") ||
			get(t, pod, "containers", 0, "volumeMounts", 0, "mountPath") != "/results" {
			t.Errorf("%v does not mount the results claim at /results", get(t, job, "metadata", "name"))
		}
	}
	// Run each index's command with a burr that only prints its arguments.
	fake := t.TempDir()
	os.WriteFile(filepath.Join(fake, "burr"), []byte("#!/bin/sh\necho \"$@\"\n"), 0o755)
	script := func(job map[string]any) string {
		cmd := get(t, job, "spec", "template", "spec", "containers", 0, "command").([]any)
		if len(cmd) != 3 || cmd[0] != "/bin/sh" || cmd[1] != "-c" {
			t.Fatalf("command %v: want /bin/sh -c SCRIPT", cmd)
		}
		return cmd[2].(string)
	}
	path := "PATH=" + fake + ":" + os.Getenv("PATH")
	seen := map[string]bool{}
	for idx := 0; idx < n; idx++ {
		out := run(t, []string{path, "JOB_COMPLETION_INDEX=" + strconv.Itoa(idx)}, "/bin/sh", "-c", script(split))
		want := fmt.Sprintf("solve -part %d/%d -workers 1 -json -split-dir /results -save /results/part-%d.xmpuzzle /results/puzzle.xmpuzzle", idx+1, n, idx+1)
		if strings.TrimSpace(out) != want {
			t.Errorf("index %d runs %q, want %q", idx, out, want)
		}
		seen[out] = true
	}
	out := strings.Fields(run(t, []string{path}, "/bin/sh", "-c", script(merge)))
	if len(out) != 4+n || out[0] != "merge" || out[2] != "/results/merged.xmpuzzle" || out[3] != "/results/puzzle.xmpuzzle" {
		t.Fatalf("merge runs %v", out)
	}
	for i, f := range out[4:] {
		if !regexp.MustCompile(fmt.Sprintf(`^/results/part-%d\.xmpuzzle$`, i+1)).MatchString(f) {
			t.Errorf("merge part %d is %s", i+1, f)
		}
	}
	if len(seen) != n {
		t.Errorf("%d different part commands for %d indexes", len(seen), n)
	}
}

// TestSolvedFilesEqual compares two solved puzzle files named in
// BURRLAB_COMPARE ("A,B"): the same states, counts and solutions. `make
// distributed` uses it to compare what Slurm merged with a single run.
func TestSolvedFilesEqual(t *testing.T) {
	files := os.Getenv("BURRLAB_COMPARE")
	if files == "" {
		t.Skip("make distributed sets BURRLAB_COMPARE=A,B")
	}
	a, b, ok := strings.Cut(files, ",")
	if !ok {
		t.Fatalf("BURRLAB_COMPARE=%q: want two files, A,B", files)
	}
	ra, rb := results(t, a), results(t, b)
	if !slices.Equal(ra, rb) {
		t.Fatalf("%s and %s differ", a, b)
	}
	for _, l := range ra {
		if strings.HasPrefix(l, "problem") {
			t.Log(l)
		}
	}
}
