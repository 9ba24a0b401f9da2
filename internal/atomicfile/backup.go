package atomicfile

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
)

// keepBackup makes backup a copy of path, if path exists, replacing an
// older backup in one rename. A hard link costs no disk space, so the
// backup works on a full disk too; where the file system has no links
// (FAT on a USB stick) the file is copied.
func keepBackup(path, backup string) error {
	if _, err := os.Lstat(path); errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	dir, base := filepath.Split(backup)
	if dir == "" {
		dir = "."
	}
	f, err := os.CreateTemp(dir, "."+base+".*.tmp")
	if err != nil {
		return fmt.Errorf("keeping a backup: %w", err)
	}
	tmp := f.Name()
	f.Close()
	// Link wants a free name: the temporary file only reserved one.
	os.Remove(tmp)
	if err := os.Link(path, tmp); err != nil {
		if err := copyFile(path, tmp); err != nil {
			os.Remove(tmp)
			return fmt.Errorf("keeping a backup: %w", err)
		}
	}
	if err := os.Rename(tmp, backup); err != nil {
		os.Remove(tmp)
		return fmt.Errorf("keeping a backup: %w", err)
	}
	return nil
}

// copyFile copies src to the new file dst, with src's permissions.
func copyFile(src, dst string) (err error) {
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	fi, err := in.Stat()
	if err != nil {
		return err
	}
	out, err := os.OpenFile(dst, os.O_WRONLY|os.O_CREATE|os.O_EXCL, fi.Mode().Perm())
	if err != nil {
		return err
	}
	defer func() {
		if e := out.Close(); err == nil {
			err = e
		}
	}()
	if _, err = io.Copy(out, in); err != nil {
		return err
	}
	return out.Sync()
}
