// Package recovery keeps a running app's unsaved work in the user's cache
// directory, so that a crash, a kill or a power cut costs at most the last
// minute of it. Each running app holds a Session: it writes the document
// (a whole .xmpuzzle) and a small description beside it, each atomically,
// and holds a lock while it lives. At start-up, Orphans lists what sessions
// that did not end cleanly left behind, for the app to offer back.
package recovery

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/burrlab/burrlab/internal/atomicfile"
	"github.com/burrlab/burrlab/model"
	"github.com/burrlab/burrlab/model/xmpuzzle"
)

// Info describes a recovery file.
type Info struct {
	// Path is the file the document belongs to; empty for a puzzle that
	// was never saved.
	Path string `json:"path,omitempty"`
	// Title is what the window called the document.
	Title string `json:"title"`
	// Saved is when the recovery file was written.
	Saved time.Time `json:"saved"`
	// Search, if not nil, is a search that was running: the puzzle holds
	// its last checkpoint (a paused search in that problem).
	Search *Search `json:"search,omitempty"`
}

// Search is a search that was running when a recovery file was written,
// with the settings it ran with: a paused search continues only with the
// same ones.
type Search struct {
	Problem           int  `json:"problem"` // from 0
	Disassemble       bool `json:"disassemble"`
	KeepMirrors       bool `json:"keepMirrors"`
	KeepRotations     bool `json:"keepRotations"`
	CompleteRotations bool `json:"completeRotations"`
	MaxHoles          int  `json:"maxHoles"`       // -1: the problem's own
	Keep              int  `json:"keep"`           // most solutions kept
	Drop              int  `json:"drop,omitempty"` // keep every Drop-th solution (0, 1: all)
	Thin              bool `json:"thin,omitempty"` // thin the kept list when full
}

// Store is the directory that holds the recovery files.
type Store struct{ dir string }

// NewStore returns the store in dir (created when first written).
func NewStore(dir string) Store { return Store{dir: dir} }

// DefaultStore is "burrlab/recovery" in the user's cache directory.
func DefaultStore() (Store, error) {
	d, err := os.UserCacheDir()
	if err != nil {
		return Store{}, fmt.Errorf("no cache directory for recovery files: %w", err)
	}
	return NewStore(filepath.Join(d, "burrlab", "recovery")), nil
}

// Dir returns the store's directory.
func (s Store) Dir() string { return s.dir }

// File names of one session: NAME.lock, NAME.xmpuzzle and NAME.json.
func (s Store) path(name, ext string) string { return filepath.Join(s.dir, name+ext) }

// Session is one running app's recovery files. Its methods may be called
// from any goroutine.
type Session struct {
	store Store
	name  string
	mu    sync.Mutex
	lock  *os.File // nil once released
}

// Begin starts a session: it creates the directory and takes the lock that
// tells other apps this session is alive.
func (s Store) Begin() (*Session, error) {
	if err := os.MkdirAll(s.dir, 0o700); err != nil {
		return nil, fmt.Errorf("recovery directory: %w", err)
	}
	name := strconv.Itoa(os.Getpid()) + "-" + strconv.FormatInt(time.Now().UnixNano(), 36)
	// The lock is taken on a file of another name and then renamed into
	// place, so that no one ever sees the lock file unlocked (and takes
	// it for a dead session's).
	tmp := s.path(name, ".locking")
	f, err := os.OpenFile(tmp, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o600)
	if err != nil {
		return nil, fmt.Errorf("recovery lock: %w", err)
	}
	ok, err := tryLock(f)
	if err == nil && !ok {
		err = errors.New("already locked")
	}
	if err == nil {
		err = os.Rename(tmp, s.path(name, ".lock"))
	}
	if err != nil {
		f.Close()
		os.Remove(tmp)
		return nil, fmt.Errorf("recovery lock: %w", err)
	}
	return &Session{store: s, name: name, lock: f}, nil
}

// Write saves p and info (Saved is set to now) as this session's
// recovery files, replacing earlier ones. The puzzle goes first, so that a
// crash between the two leaves a description no newer than the puzzle.
func (ss *Session) Write(p *model.Puzzle, info Info) error {
	ss.mu.Lock()
	defer ss.mu.Unlock()
	if ss.lock == nil {
		return errors.New("recovery session has ended")
	}
	// The fastest compression: the file is read back only after a crash,
	// and it is written beside a running search, whose cores it shares
	// (19,186 Bedlam assemblies: 87 ms against 315 ms).
	if err := xmpuzzle.WriteFileFast(ss.store.path(ss.name, ".xmpuzzle"), p); err != nil {
		return err
	}
	info.Saved = time.Now()
	b, err := json.Marshal(info)
	if err != nil {
		return err
	}
	return atomicfile.WriteFile(ss.store.path(ss.name, ".json"), func(w io.Writer) error {
		_, err := w.Write(b)
		return err
	})
}

// Clear removes the session's recovery files: there is nothing unsaved.
func (ss *Session) Clear() error {
	ss.mu.Lock()
	defer ss.mu.Unlock()
	return ss.store.remove(ss.name, ".json", ".xmpuzzle")
}

// Release gives the lock up and leaves the files, as a crash does; a later
// Orphans lists them. End calls it; tests use it to play a crash.
func (ss *Session) Release() {
	ss.mu.Lock()
	defer ss.mu.Unlock()
	if ss.lock != nil {
		ss.lock.Close()
		ss.lock = nil
	}
}

// End closes the session cleanly: its files go, nothing is left to offer.
func (ss *Session) End() error {
	ss.mu.Lock()
	err := ss.store.remove(ss.name, ".json", ".xmpuzzle")
	ss.mu.Unlock()
	ss.Release()
	ss.store.remove(ss.name, ".lock")
	return err
}

// remove deletes the session's files with the given extensions; missing
// ones are fine.
func (s Store) remove(name string, exts ...string) error {
	var first error
	for _, ext := range exts {
		if err := os.Remove(s.path(name, ext)); err != nil && !errors.Is(err, fs.ErrNotExist) && first == nil {
			first = err
		}
	}
	return first
}

// Entry is what an ended session left: a document to offer back.
type Entry struct {
	Info
	store Store
	name  string
}

// Orphans lists the recovery files of sessions that are no longer running,
// newest first. Files it cannot read are skipped (and left alone).
func (s Store) Orphans() ([]Entry, error) {
	ents, err := os.ReadDir(s.dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var out []Entry
	for _, e := range ents {
		if name, ok := strings.CutSuffix(e.Name(), ".lock"); ok && !e.IsDir() {
			// A session that was killed with nothing unsaved leaves only
			// its lock file; it would pile up.
			if _, err := os.Stat(s.path(name, ".json")); errors.Is(err, fs.ErrNotExist) && !s.alive(name) {
				s.remove(name, ".lock", ".xmpuzzle")
			}
			continue
		}
		name, ok := strings.CutSuffix(e.Name(), ".json")
		if !ok || e.IsDir() {
			continue
		}
		if s.alive(name) {
			continue
		}
		b, err := os.ReadFile(s.path(name, ".json"))
		if err != nil {
			continue
		}
		var info Info
		if json.Unmarshal(b, &info) != nil {
			continue
		}
		if _, err := os.Stat(s.path(name, ".xmpuzzle")); err != nil {
			continue
		}
		out = append(out, Entry{Info: info, store: s, name: name})
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Saved.After(out[j].Saved) })
	return out, nil
}

// alive reports whether the session called name still holds its lock.
func (s Store) alive(name string) bool {
	f, err := os.OpenFile(s.path(name, ".lock"), os.O_RDWR, 0)
	if err != nil {
		return false // no lock file: the session is gone
	}
	defer f.Close()
	ok, err := tryLock(f)
	return err == nil && !ok
}

// Load reads the recovered puzzle; ctx stops it, and progress, if not
// nil, hears how far it is (see xmpuzzle.ReadFileContext).
func (e Entry) Load(ctx context.Context, progress func(done float64)) (*model.Puzzle, error) {
	p, err := xmpuzzle.ReadFileContext(ctx, e.store.path(e.name, ".xmpuzzle"), progress)
	if err != nil {
		return nil, fmt.Errorf("recovery file of %s: %w", e.Title, err)
	}
	return p, nil
}

// Discard deletes the entry's files.
func (e Entry) Discard() error {
	return e.store.remove(e.name, ".json", ".xmpuzzle", ".lock")
}
