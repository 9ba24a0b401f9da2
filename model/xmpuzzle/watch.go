package xmpuzzle

import (
	"compress/gzip"
	"context"
	"io"
	"os"

	"github.com/burrlab/burrlab/internal/atomicfile"
	"github.com/burrlab/burrlab/model"
)

// A saved search of millions of solutions takes seconds to read or write,
// so the app shows how far it has come and lets the user stop it:
// ReadFileContext and WriteFileBackupContext stop with the context's
// error when it ends, and tell a progress function, now and then, the
// fraction of the work done.

// readShare is the part of a read that getting the text takes (reading
// and unpacking it); loading the solutions is the rest. Measured on big
// saves: 0.1 (solutions with disassemblies) to 0.3 (plain assemblies).
const readShare = 0.2

// watch follows one read or write for its context and progress function;
// a nil *watch follows nothing.
type watch struct {
	ctx      context.Context
	progress func(done float64)
	// done counts the units of work of the current phase, of total, which
	// spans the fraction from..to of the whole.
	done, total int64
	from, to    float64
	next        int64 // done at which to report next
}

// newWatch returns a watch, or nil when there is nothing to follow.
func newWatch(ctx context.Context, progress func(float64)) *watch {
	if ctx == nil || ctx.Done() == nil && progress == nil {
		return nil
	}
	return &watch{ctx: ctx, progress: progress}
}

// phase starts the part of the work that spans from..to of the whole and
// has total units.
func (w *watch) phase(from, to float64, total int64) {
	if w == nil {
		return
	}
	w.from, w.to, w.total, w.done, w.next = from, to, max(total, 1), 0, 0
	w.report()
}

// add counts n units of work done; every 1/256 of the phase it reports the
// fraction done and returns the context's error, if it has ended.
func (w *watch) add(n int64) error {
	if w == nil {
		return nil
	}
	if w.done += n; w.done < w.next {
		return nil
	}
	w.next = w.done + max(w.total/256, 1)
	w.report()
	return w.ctx.Err()
}

// report tells the progress function how far the work is.
func (w *watch) report() {
	if w.progress != nil {
		w.progress(w.from + (w.to-w.from)*float64(min(w.done, w.total))/float64(w.total))
	}
}

// finish reports the whole work done.
func (w *watch) finish() {
	if w != nil && w.progress != nil {
		w.progress(1)
	}
}

// err returns the context's error, if it has ended.
func (w *watch) err() error {
	if w == nil {
		return nil
	}
	return w.ctx.Err()
}

// ReadFileContext is ReadFile, stopped with ctx's error when ctx ends,
// telling progress (if not nil), from the reading goroutine, the fraction
// done now and then.
func ReadFileContext(ctx context.Context, path string, progress func(done float64)) (*model.Puzzle, error) {
	wt := newWatch(ctx, progress)
	p, err := readFileWatched(path, false, wt)
	if err == nil {
		wt.finish()
	}
	return p, err
}

// WriteFileBackupContext saves p to path through atomicfile, keeping the
// previous version as backup (see atomicfile.WriteFileBackup), stopped
// with ctx's error when ctx ends, before the file is replaced, and telling
// progress (if not nil) the fraction done now and then.
func WriteFileBackupContext(ctx context.Context, path, backup string, p *model.Puzzle, progress func(done float64)) error {
	wt := newWatch(ctx, progress)
	return atomicfile.WriteFileBackup(path, backup, func(w io.Writer) error {
		if err := writeWatched(w, p, gzip.DefaultCompression, wt); err != nil {
			return err
		}
		if err := wt.err(); err != nil {
			return err // the last check before the rename
		}
		wt.finish()
		return nil
	})
}

// countingReader counts the bytes read through it, and reports them to a
// watch as they come.
type countingReader struct {
	r  io.Reader
	n  int64
	wt *watch
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += int64(n)
	if werr := c.wt.add(int64(n)); werr != nil && err == nil {
		err = werr
	}
	return n, err
}

// fileSize returns the size of f if it is a regular file, or 0 (a pipe,
// an error).
func fileSize(f *os.File) int64 {
	if st, err := f.Stat(); err == nil && st.Mode().IsRegular() {
		return st.Size()
	}
	return 0
}
