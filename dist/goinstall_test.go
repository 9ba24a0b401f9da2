package dist

import (
	"archive/zip"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// module is this repository's module path, as go install names it.
const module = "github.com/burrlab/burrlab"

// TestGoInstallLatest checks that `go install github.com/burrlab/burrlab/
// cmd/burr@latest` works once the module is published: the tracked files
// are served as version v0.1.0 by a module proxy in a folder (the layout
// proxy.golang.org serves), and go install, without cgo and outside this
// checkout, builds burr from it, which then reads an example. The
// dependencies come from the module cache that building the tests filled.
func TestGoInstallLatest(t *testing.T) {
	if testing.Short() {
		t.Skip("builds burr from a module zip")
	}
	proxy := t.TempDir()
	dir := filepath.Join(proxy, module, "@v")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	const version = "v0.1.0"
	gomod, err := os.ReadFile("../go.mod")
	if err != nil {
		t.Fatal(err)
	}
	write := func(name, text string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("list", version+"\n")
	write(version+".info", `{"Version":"`+version+`","Time":"2026-11-25T00:00:00Z"}`)
	write(version+".mod", string(gomod))
	zipModule(t, filepath.Join(dir, version+".zip"), module+"@"+version)

	bin, work := t.TempDir(), t.TempDir()
	cmd := exec.Command("go", "install", module+"/cmd/burr@latest")
	cmd.Dir = work // outside the checkout, as a user runs it
	cmd.Env = append(os.Environ(),
		"GOBIN="+bin, "CGO_ENABLED=0", "GOFLAGS=", "GOWORK=off",
		// This module comes from the folder, the rest from the module
		// cache or the usual proxy. This machine cannot reach
		// sum.golang.org; go.sum still checks the dependencies.
		"GOPROXY=file://"+proxy+","+goEnv(t, "GOPROXY"), "GOSUMDB=off")
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go install %s/cmd/burr@latest: %v\n%s", module, err, out)
	}
	out, err := exec.Command(filepath.Join(bin, "burr"), "info", "../assets/examples/pentominoes.xmpuzzle").CombinedOutput()
	if err != nil || !strings.Contains(string(out), `"grid"`) {
		t.Fatalf("the installed burr: %v\n%s", err, out)
	}
}

// goEnv is the go command's setting of name.
func goEnv(t *testing.T, name string) string {
	out, err := exec.Command("go", "env", name).Output()
	if err != nil {
		t.Fatalf("go env %s: %v", name, err)
	}
	return strings.TrimSpace(string(out))
}

// zipModule writes the files git tracks as the module zip of prefix
// (module@version), as the go command expects it.
func zipModule(t *testing.T, name, prefix string) {
	t.Helper()
	ls, err := exec.Command("git", "-C", "..", "ls-files", "-z").Output()
	if err != nil {
		t.Fatalf("git ls-files: %v", err)
	}
	f, err := os.Create(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	zw := zip.NewWriter(f)
	for _, p := range strings.Split(strings.TrimRight(string(ls), "\x00"), "\x00") {
		data, err := os.ReadFile(filepath.Join("..", p))
		if os.IsNotExist(err) {
			continue // deleted in the working tree
		}
		if err != nil {
			t.Fatal(err)
		}
		w, err := zw.Create(prefix + "/" + p)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := w.Write(data); err != nil {
			t.Fatal(err)
		}
	}
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
}
