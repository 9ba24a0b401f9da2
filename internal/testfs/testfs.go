// Package testfs gives tests a disk that fills up, so that every writer of
// user files can show that a full disk leaves the old file intact.
package testfs

import (
	"os/exec"
	"strconv"
	"testing"
)

// FullDisk mounts a tmpfs of size bytes on a new temporary directory and
// unmounts it when the test ends. Mounting needs root, which CI has; the
// test fails rather than skips elsewhere, since the full-disk behaviour is
// a requirement, not an extra.
func FullDisk(t testing.TB, size int) string {
	t.Helper()
	dir := t.TempDir()
	out, err := exec.Command("mount", "-t", "tmpfs", "-o", "size="+strconv.Itoa(size), "tmpfs", dir).CombinedOutput()
	if err != nil {
		t.Fatalf("mount a %d-byte tmpfs (needs root): %v: %s", size, err, out)
	}
	t.Cleanup(func() { exec.Command("umount", dir).Run() })
	return dir
}
