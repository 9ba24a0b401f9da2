package atomicfile

import (
	"errors"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/burrlab/burrlab/internal/testfs"
)

func TestWriteFileReplaces(t *testing.T) {
	path := filepath.Join(t.TempDir(), "a.txt")
	if err := os.WriteFile(path, []byte("old"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := WriteFile(path, func(w io.Writer) error {
		_, err := io.WriteString(w, "new")
		return err
	}); err != nil {
		t.Fatal(err)
	}
	got, _ := os.ReadFile(path)
	if string(got) != "new" {
		t.Fatalf("file holds %q, want %q", got, "new")
	}
	if fi, _ := os.Stat(path); fi.Mode().Perm() != 0o600 {
		t.Errorf("mode %v, want the old file's 0600", fi.Mode().Perm())
	}
	assertNoTemp(t, filepath.Dir(path))
}

func TestWriteFileErrorKeepsOld(t *testing.T) {
	path := filepath.Join(t.TempDir(), "a.txt")
	os.WriteFile(path, []byte("old"), 0o644)
	boom := errors.New("boom")
	err := WriteFile(path, func(w io.Writer) error {
		io.WriteString(w, "half")
		return boom
	})
	if !errors.Is(err, boom) {
		t.Fatalf("err = %v, want boom", err)
	}
	got, _ := os.ReadFile(path)
	if string(got) != "old" {
		t.Fatalf("file holds %q after a failed write, want the old contents", got)
	}
	assertNoTemp(t, filepath.Dir(path))
}

func TestWriteFileMissingDir(t *testing.T) {
	path := filepath.Join(t.TempDir(), "no", "such", "a.txt")
	if err := WriteFile(path, func(io.Writer) error { return nil }); err == nil {
		t.Fatal("writing into a missing directory succeeded")
	}
}

// TestWriteFileFullDisk writes more than a tiny tmpfs holds. Mounting needs
// root (CI runs as root); elsewhere the test reports why it could not run.
func TestWriteFileFullDisk(t *testing.T) {
	dir := testfs.FullDisk(t, 64<<10)
	path := filepath.Join(dir, "a.txt")
	if err := os.WriteFile(path, []byte("old"), 0o644); err != nil {
		t.Fatal(err)
	}
	err := WriteFile(path, func(w io.Writer) error {
		_, err := w.Write(make([]byte, 1<<20))
		return err
	})
	if err == nil {
		t.Fatal("writing 1 MiB to a 64 KiB disk succeeded")
	}
	got, _ := os.ReadFile(path)
	if string(got) != "old" {
		t.Fatalf("file holds %d bytes after a full disk, want the old contents", len(got))
	}
	assertNoTemp(t, dir)
}

func assertNoTemp(t *testing.T, dir string) {
	t.Helper()
	ents, _ := os.ReadDir(dir)
	for _, e := range ents {
		if strings.HasSuffix(e.Name(), ".tmp") {
			t.Errorf("temporary file %s left behind", e.Name())
		}
	}
}

func writeString(s string) func(w io.Writer) error {
	return func(w io.Writer) error {
		_, err := io.WriteString(w, s)
		return err
	}
}

func TestWriteFileBackupKeepsOnePreviousVersion(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "a.txt")
	backup := path + "~"
	if err := WriteFileBackup(path, backup, writeString("v1")); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(backup); !errors.Is(err, os.ErrNotExist) {
		t.Fatalf("a first save made a backup (stat: %v)", err)
	}
	for _, v := range []string{"v2", "v3"} {
		if err := WriteFileBackup(path, backup, writeString(v)); err != nil {
			t.Fatal(err)
		}
	}
	got, _ := os.ReadFile(path)
	old, _ := os.ReadFile(backup)
	if string(got) != "v3" || string(old) != "v2" {
		t.Fatalf("file %q, backup %q; want v3 and the previous version v2", got, old)
	}
	assertNoTemp(t, dir)
}

// TestWriteFileBackupFullDisk: on a full disk the save fails and both the
// file and its backup stay as they were.
func TestWriteFileBackupFullDisk(t *testing.T) {
	dir := testfs.FullDisk(t, 64<<10)
	path := filepath.Join(dir, "a.txt")
	backup := path + "~"
	for _, v := range []string{"v1", "v2"} {
		if err := WriteFileBackup(path, backup, writeString(v)); err != nil {
			t.Fatal(err)
		}
	}
	if err := WriteFileBackup(path, backup, writeString(strings.Repeat("x", 1<<20))); err == nil {
		t.Fatal("writing 1 MiB to a 64 KiB disk succeeded")
	}
	got, _ := os.ReadFile(path)
	old, _ := os.ReadFile(backup)
	if string(got) != "v2" || string(old) != "v1" {
		t.Fatalf("after a failed save: file %q, backup %q; want v2 and v1", got, old)
	}
	assertNoTemp(t, dir)
}

// TestCopyFile checks the fallback for file systems without hard links.
func TestCopyFile(t *testing.T) {
	dir := t.TempDir()
	src, dst := filepath.Join(dir, "src"), filepath.Join(dir, "dst")
	os.WriteFile(src, []byte("content"), 0o640)
	if err := copyFile(src, dst); err != nil {
		t.Fatal(err)
	}
	got, _ := os.ReadFile(dst)
	fi, _ := os.Stat(dst)
	if string(got) != "content" || fi.Mode().Perm() != 0o640 {
		t.Fatalf("copy holds %q with mode %v", got, fi.Mode().Perm())
	}
	if err := copyFile(src, dst); err == nil {
		t.Fatal("copyFile overwrote an existing file")
	}
}

// TestCheckWritable: a folder WriteFile can write to passes and is left as
// it was; a missing folder, or a file where the folder should be, fails
// as WriteFile would.
func TestCheckWritable(t *testing.T) {
	dir := t.TempDir()
	if err := CheckWritable(filepath.Join(dir, "out.xmpuzzle")); err != nil {
		t.Fatal(err)
	}
	if left, _ := os.ReadDir(dir); len(left) != 0 {
		t.Errorf("the check left %d files behind", len(left))
	}
	notDir := filepath.Join(dir, "file")
	if err := os.WriteFile(notDir, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	for _, path := range []string{filepath.Join(dir, "missing", "out.xmpuzzle"), filepath.Join(notDir, "out.xmpuzzle")} {
		if err := CheckWritable(path); err == nil {
			t.Errorf("%s: no error", path)
		}
	}
}

// TestFolderAtPath: a path that names a folder (or a link to one) is
// refused before anything is written, not after the whole file went into
// a temporary file beside it, and the folder is left as it was.
func TestFolderAtPath(t *testing.T) {
	dir := t.TempDir()
	folder := filepath.Join(dir, "out.xmpuzzle")
	if err := os.Mkdir(folder, 0o755); err != nil {
		t.Fatal(err)
	}
	link := filepath.Join(dir, "link")
	if err := os.Symlink(folder, link); err != nil {
		t.Fatal(err)
	}
	for _, path := range []string{folder, link} {
		if err := CheckWritable(path); !errors.Is(err, ErrFolder) {
			t.Errorf("CheckWritable(%s): %v, want ErrFolder", path, err)
		}
		wrote := false
		err := WriteFile(path, func(w io.Writer) error { wrote = true; return nil })
		if !errors.Is(err, ErrFolder) || wrote {
			t.Errorf("WriteFile(%s): %v (wrote %v), want ErrFolder before writing", path, err, wrote)
		}
		if err == nil || !strings.Contains(err.Error(), "out.xmpuzzle is a folder, not a file") {
			t.Errorf("WriteFile(%s): message %q", path, err)
		}
	}
	if left, _ := os.ReadDir(dir); len(left) != 2 {
		t.Errorf("%d entries in the test folder, want the folder and the link", len(left))
	}
}
