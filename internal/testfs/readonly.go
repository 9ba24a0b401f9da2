package testfs

import (
	"os/exec"
	"testing"
)

// ReadOnly makes the files of dir visible, read-only, in a new temporary
// directory (a read-only bind mount, which stops root too, unlike file
// modes) and unmounts it when the test ends. Like FullDisk it needs root
// and fails the test without.
func ReadOnly(t testing.TB, dir string) string {
	t.Helper()
	mnt := t.TempDir()
	if out, err := exec.Command("mount", "--bind", dir, mnt).CombinedOutput(); err != nil {
		t.Fatalf("bind-mount %s (needs root): %v: %s", dir, err, out)
	}
	t.Cleanup(func() { exec.Command("umount", mnt).Run() })
	if out, err := exec.Command("mount", "-o", "remount,bind,ro", mnt).CombinedOutput(); err != nil {
		t.Fatalf("remount %s read-only: %v: %s", mnt, err, out)
	}
	return mnt
}
