// Package atomicfile writes a file so that readers, crashes and full disks
// never see half of it: the data goes to a temporary file in the same
// directory, is synced, and is renamed over the old file only when every
// byte is down. Every writer of user files (puzzles, images, meshes) goes
// through it, so an export that fails leaves the previous file intact.
package atomicfile

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
)

// WriteFile calls write with a buffered writer on a temporary file next to
// path and, if write and the flush, sync and close all succeed, renames the
// temporary file to path. On any error the temporary file is removed and
// path is left as it was. A symbolic link at path is followed, so the file
// it points to is replaced, not the link. An existing file's permissions
// are kept; a new file gets 0644.
func WriteFile(path string, write func(w io.Writer) error) error {
	return writeFile(path, "", write)
}

// WriteFileBackup is WriteFile that also keeps the previous version of
// path as backup (for a user's puzzle, "name.xmpuzzle~"), replacing an
// older backup. The backup is made only once the new content is safely
// down, just before the rename: a failed save changes neither file. If
// the backup cannot be made the save fails too, so that saving never
// silently loses the one previous version the user counts on.
func WriteFileBackup(path, backup string, write func(w io.Writer) error) error {
	return writeFile(path, backup, write)
}

// CheckWritable reports whether WriteFile can write path, by making and
// removing the temporary file WriteFile would make: a long search whose
// result goes to path learns of a missing or read-only folder before it
// starts, not hours later. A path that names a folder fails with
// ErrFolder.
func CheckWritable(path string) error {
	_, f, err := createTemp(path)
	if pe := (*fs.PathError)(nil); errors.As(err, &pe) {
		// Name the folder, not the temporary file's made-up name.
		return fmt.Errorf("folder %s: %w", filepath.Dir(path), pe.Err)
	}
	if err != nil {
		return err
	}
	f.Close()
	return os.Remove(f.Name())
}

// ErrFolder is returned for a path that names a folder: the rename would
// fail only once the whole file had been written beside it.
var ErrFolder = errors.New("is a folder, not a file")

// createTemp returns the file path leads to (through a symbolic link) and
// a new temporary file next to it.
func createTemp(path string) (string, *os.File, error) {
	if real, e := filepath.EvalSymlinks(path); e == nil {
		path = real
	}
	if fi, e := os.Stat(path); e == nil && fi.IsDir() {
		return path, nil, fmt.Errorf("%s %w", path, ErrFolder)
	}
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	f, err := os.CreateTemp(dir, "."+base+".*.tmp")
	return path, f, err
}

func writeFile(path, backup string, write func(w io.Writer) error) (err error) {
	path, f, err := createTemp(path)
	if err != nil {
		return err
	}
	tmp := f.Name()
	defer func() {
		if err != nil {
			f.Close()
			os.Remove(tmp)
		}
	}()
	// CreateTemp makes files only the owner can read.
	mode := os.FileMode(0o644)
	if fi, e := os.Stat(path); e == nil {
		mode = fi.Mode().Perm()
	}
	if err = f.Chmod(mode); err != nil {
		return err
	}
	bw := bufio.NewWriterSize(f, 64<<10)
	if err = write(bw); err != nil {
		return err
	}
	if err = bw.Flush(); err != nil {
		return err
	}
	if err = f.Sync(); err != nil {
		return err
	}
	if err = f.Close(); err != nil {
		return err
	}
	if backup != "" {
		if err = keepBackup(path, backup); err != nil {
			return err
		}
	}
	if err = os.Rename(tmp, path); err != nil {
		return err
	}
	// Make the rename itself durable where directories can be synced.
	if d, e := os.Open(filepath.Dir(path)); e == nil {
		d.Sync()
		d.Close()
	}
	return nil
}
