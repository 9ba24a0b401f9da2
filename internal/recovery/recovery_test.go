package recovery

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/burrlab/burrlab/model"
	"github.com/burrlab/burrlab/model/grid"
)

func puzzle(name string) *model.Puzzle {
	p := &model.Puzzle{Grid: grid.Cubes}
	s := model.NewShape(grid.Vec{2, 1, 1})
	s.Name = name
	s.Set(grid.Vec{0, 0, 0}, model.MakeVoxel(model.Filled, 0))
	p.AddShape(s)
	p.AddProblem("")
	return p
}

func TestLiveSessionIsNoOrphan(t *testing.T) {
	st := NewStore(filepath.Join(t.TempDir(), "rec"))
	ss, err := st.Begin()
	if err != nil {
		t.Fatal(err)
	}
	if err := ss.Write(puzzle("live"), Info{Title: "a"}); err != nil {
		t.Fatal(err)
	}
	if o, err := st.Orphans(); err != nil || len(o) != 0 {
		t.Fatalf("a running session's files are offered: %v, %v", o, err)
	}
	if err := ss.End(); err != nil {
		t.Fatal(err)
	}
	if o, _ := st.Orphans(); len(o) != 0 {
		t.Fatalf("a cleanly ended session left %d entries", len(o))
	}
	if ents, _ := os.ReadDir(st.Dir()); len(ents) != 0 {
		t.Fatalf("a cleanly ended session left %d files", len(ents))
	}
}

func TestCrashedSessionIsOffered(t *testing.T) {
	st := NewStore(filepath.Join(t.TempDir(), "rec"))
	ss, err := st.Begin()
	if err != nil {
		t.Fatal(err)
	}
	before := time.Now()
	ss.Write(puzzle("first"), Info{Title: "x"})
	ss.Write(puzzle("second"), Info{Path: "/home/u/p.xmpuzzle", Title: "p.xmpuzzle", Search: &Search{Problem: 0, Disassemble: true, MaxHoles: -1, Keep: 10, Drop: 7}})
	ss.Release() // the app dies

	other, err := st.Begin() // the next start
	if err != nil {
		t.Fatal(err)
	}
	defer other.End()
	o, err := st.Orphans()
	if err != nil || len(o) != 1 {
		t.Fatalf("orphans %v, %v; want the crashed session's", o, err)
	}
	e := o[0]
	if e.Path != "/home/u/p.xmpuzzle" || e.Title != "p.xmpuzzle" || e.Search == nil || *e.Search != (Search{Disassemble: true, MaxHoles: -1, Keep: 10, Drop: 7}) || e.Saved.Before(before) {
		t.Fatalf("entry %+v", e.Info)
	}
	p, err := e.Load(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	if p.Shapes[0].Name != "second" || p.Shapes[0].Count(model.Filled) != 1 {
		t.Fatalf("loaded %q with %d cells, want the last write", p.Shapes[0].Name, p.Shapes[0].Count(model.Filled))
	}
	if err := e.Discard(); err != nil {
		t.Fatal(err)
	}
	if o, _ := st.Orphans(); len(o) != 0 {
		t.Fatal("a discarded entry is still offered")
	}
}

func TestClearAndBrokenFiles(t *testing.T) {
	st := NewStore(t.TempDir())
	ss, _ := st.Begin()
	ss.Write(puzzle("a"), Info{Title: "a"})
	if err := ss.Clear(); err != nil {
		t.Fatal(err)
	}
	ss.Release()
	if o, _ := st.Orphans(); len(o) != 0 {
		t.Fatalf("a cleared session is offered: %v", o)
	}
	// A description without its puzzle, and one that is not JSON.
	os.WriteFile(filepath.Join(st.Dir(), "x.json"), []byte(`{"title":"x"}`), 0o600)
	os.WriteFile(filepath.Join(st.Dir(), "y.json"), []byte(`{`), 0o600)
	os.WriteFile(filepath.Join(st.Dir(), "y.xmpuzzle"), []byte(`junk`), 0o600)
	if o, err := st.Orphans(); err != nil || len(o) != 0 {
		t.Fatalf("broken files offered: %v, %v", o, err)
	}
	// A puzzle that does not load gives an error, not a panic.
	os.WriteFile(filepath.Join(st.Dir(), "z.json"), []byte(`{"title":"z"}`), 0o600)
	os.WriteFile(filepath.Join(st.Dir(), "z.xmpuzzle"), []byte(`junk`), 0o600)
	o, _ := st.Orphans()
	if len(o) != 1 {
		t.Fatalf("%d entries, want z", len(o))
	}
	if _, err := o[0].Load(context.Background(), nil); err == nil {
		t.Fatal("a junk recovery file loaded")
	}
	if _, err := NewStore(filepath.Join(t.TempDir(), "none")).Orphans(); err != nil {
		t.Fatalf("a store never written: %v", err)
	}
}

// TestStaleLocksGo: a session killed with nothing unsaved leaves a lock
// file only; the next look for orphans removes it, and only it.
func TestStaleLocksGo(t *testing.T) {
	st := NewStore(t.TempDir())
	dead, _ := st.Begin()
	dead.Release()
	live, _ := st.Begin()
	defer live.End()
	if o, err := st.Orphans(); err != nil || len(o) != 0 {
		t.Fatalf("orphans %v, %v", o, err)
	}
	ents, _ := os.ReadDir(st.Dir())
	if len(ents) != 1 || ents[0].Name() != live.name+".lock" {
		t.Fatalf("left in the store: %v; want the live session's lock alone", ents)
	}
}

func TestWriteAfterEnd(t *testing.T) {
	ss, _ := NewStore(t.TempDir()).Begin()
	ss.End()
	if err := ss.Write(puzzle("a"), Info{}); err == nil {
		t.Fatal("an ended session wrote")
	}
}
