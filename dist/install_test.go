package dist

import (
	"encoding/xml"
	"fmt"
	"image/png"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

const appID = "org.burrlab.burrlab"

// iconSizes are the hicolor sizes make install provides.
var iconSizes = []int{16, 22, 24, 32, 48, 64, 128, 256}

func runMake(t *testing.T, args ...string) {
	t.Helper()
	cmd := exec.Command("make", append([]string{"-C", ".."}, args...)...)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("make %s: %v\n%s", strings.Join(args, " "), err, out)
	}
}

// files lists the regular files under dir, relative to it.
func files(t *testing.T, dir string) []string {
	t.Helper()
	var out []string
	filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err == nil && d.Type().IsRegular() {
			rel, _ := filepath.Rel(dir, p)
			out = append(out, rel)
		}
		return nil
	})
	return out
}

// desktopEntry reads the [Desktop Entry] group of a .desktop file.
func desktopEntry(t *testing.T, path string) map[string]string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	kv := map[string]string{}
	for _, line := range strings.Split(string(b), "\n") {
		if k, v, ok := strings.Cut(line, "="); ok {
			kv[k] = v
		}
	}
	return kv
}

func TestInstallAndUninstall(t *testing.T) {
	prefix := t.TempDir()
	runMake(t, "install", "PREFIX="+prefix)

	// The programs, and that they run.
	for _, p := range []string{"burrlab", "burr", "burrsolve"} {
		fi, err := os.Stat(filepath.Join(prefix, "bin", p))
		if err != nil || fi.Mode().Perm()&0o111 == 0 {
			t.Fatalf("%s not installed as a program: %v", p, err)
		}
	}
	out, err := exec.Command(filepath.Join(prefix, "bin", "burr"), "info", "../assets/examples/soma.xmpuzzle").CombinedOutput()
	if err != nil || !strings.Contains(string(out), `"grid"`) {
		t.Fatalf("the installed burr info: %v\n%s", err, out)
	}

	// The menu entry: valid, starting the installed program with a file.
	desktop := filepath.Join(prefix, "share", "applications", appID+".desktop")
	if out, err := exec.Command("desktop-file-validate", desktop).CombinedOutput(); err != nil || len(out) > 0 {
		t.Fatalf("desktop-file-validate: %v\n%s", err, out)
	}
	e := desktopEntry(t, desktop)
	if e["Exec"] != filepath.Join(prefix, "bin", "burrlab")+" %f" || e["Icon"] != appID || e["MimeType"] != "application/x-burrtools-puzzle;" {
		t.Fatalf("desktop entry: Exec %q, Icon %q, MimeType %q", e["Exec"], e["Icon"], e["MimeType"])
	}

	// The file type: our XML, and the MIME database built from it.
	b, err := os.ReadFile(filepath.Join(prefix, "share", "mime", "packages", appID+".xml"))
	if err != nil {
		t.Fatal(err)
	}
	var info struct {
		Types []struct {
			Type     string `xml:"type,attr"`
			SubClass struct {
				Type string `xml:"type,attr"`
			} `xml:"sub-class-of"`
			Globs []struct {
				Pattern string `xml:"pattern,attr"`
			} `xml:"glob"`
		} `xml:"mime-type"`
	}
	if err := xml.Unmarshal(b, &info); err != nil {
		t.Fatal(err)
	}
	if len(info.Types) != 1 || info.Types[0].Type != "application/x-burrtools-puzzle" || info.Types[0].SubClass.Type != "application/gzip" ||
		len(info.Types[0].Globs) != 1 || info.Types[0].Globs[0].Pattern != "*.xmpuzzle" {
		t.Fatalf("mime XML: %+v", info)
	}
	globs, err := os.ReadFile(filepath.Join(prefix, "share", "mime", "globs2"))
	if err != nil || !strings.Contains(string(globs), "application/x-burrtools-puzzle:*.xmpuzzle") {
		t.Fatalf("update-mime-database did not register *.xmpuzzle: %v", err)
	}
	cache, err := os.ReadFile(filepath.Join(prefix, "share", "applications", "mimeinfo.cache"))
	if err != nil || !strings.Contains(string(cache), "application/x-burrtools-puzzle="+appID+".desktop;") {
		t.Fatalf("update-desktop-database did not make BurrLab the program for the type: %v\n%s", err, cache)
	}

	// The icon in every size.
	for _, s := range iconSizes {
		p := filepath.Join(prefix, "share", "icons", "hicolor", fmt.Sprintf("%dx%d", s, s), "apps", appID+".png")
		f, err := os.Open(p)
		if err != nil {
			t.Fatal(err)
		}
		cfg, err := png.DecodeConfig(f)
		f.Close()
		if err != nil || cfg.Width != s || cfg.Height != s {
			t.Fatalf("%s: %dx%d, %v", p, cfg.Width, cfg.Height, err)
		}
	}

	runMake(t, "uninstall", "PREFIX="+prefix)
	// What is left are the desktop's shared databases, rebuilt without
	// BurrLab.
	shared := []string{"share/applications/mimeinfo.cache"}
	for _, f := range []string{"XMLnamespaces", "aliases", "generic-icons", "globs", "globs2", "icons", "magic", "mime.cache", "subclasses", "treemagic", "types", "version"} {
		shared = append(shared, "share/mime/"+f)
	}
	for _, f := range files(t, prefix) {
		if !slices.Contains(shared, filepath.ToSlash(f)) {
			t.Errorf("%s is left after uninstall", f)
		}
	}
	for _, f := range shared {
		if b, err := os.ReadFile(filepath.Join(prefix, f)); err == nil && (strings.Contains(string(b), "burrtools") || strings.Contains(string(b), appID)) {
			t.Errorf("%s still names BurrLab or its file type after uninstall", f)
		}
	}
}
