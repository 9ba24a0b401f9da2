package ui

import (
	"errors"

	"github.com/burrlab/burrlab/model"
)

// View is the part of the window's state an undo step returns to: the tab,
// shape, problem and layer the user was looking at when the edit happened,
// so that undoing shows what changed.
type View struct {
	Tab     int
	Shape   int
	Problem int
	Layer   int
}

// Document is one open puzzle with its file path and its undo history. The
// editors change the puzzle only through Edit or a Begin/Commit stroke;
// each records a snapshot of the puzzle before the change.
//
// Snapshots share the solutions of the previous state: edits never change a
// stored solution in place (they replace or clear the slice), which keeps a
// snapshot cheap even for problems with many solutions.
type Document struct {
	puzzle *model.Puzzle
	// Path is the file the puzzle came from or was last saved to; empty
	// for a new or embedded puzzle.
	Path string

	undo, redo []step
	// id names the current state; saved is the id of the state on disk.
	id, saved, next int
	stroke          *step // an open Begin/Commit stroke
	strokeChanged   bool
}

// step is one entry of the history: the puzzle before (undo) or after
// (redo) an edit, the id of that state and the view to return to.
type step struct {
	label  string
	puzzle *model.Puzzle
	id     int
	view   View
	size   int
}

// History limits: the number of steps and the voxel bytes they may hold.
const (
	maxSteps      = 500
	maxStepsBytes = 256 << 20
)

// errNoChange is returned by an edit function that changed nothing; the
// history records no step for it.
var errNoChange = errors.New("nothing changed")

// NewDocument wraps a puzzle just read from path (empty for none). It is
// not dirty.
func NewDocument(p *model.Puzzle, path string) *Document {
	return &Document{puzzle: p, Path: path, next: 1}
}

// Puzzle returns the current puzzle. Read it freely; change it only
// through Edit or a stroke.
func (d *Document) Puzzle() *model.Puzzle { return d.puzzle }

// Dirty reports whether the puzzle differs from the saved file.
func (d *Document) Dirty() bool { return d.id != d.saved || d.strokeChanged }

// StateID names the current state of the puzzle, for MarkSaved.
func (d *Document) StateID() int { return d.id }

// MarkSaved records that the state named id (see StateID) is on disk at
// path: edits made while it was written leave the document dirty.
func (d *Document) MarkSaved(path string, id int) {
	d.Path = path
	d.saved = id
}

// Edit applies fn to the puzzle as one undoable step. When fn fails the
// puzzle is restored and the error returned; errNoChange records nothing
// and returns nil.
func (d *Document) Edit(label string, v View, fn func(p *model.Puzzle) error) error {
	if d.stroke != nil {
		return d.Apply(fn)
	}
	before := snapshot(d.puzzle)
	if err := fn(d.puzzle); err != nil {
		d.puzzle = before
		if errors.Is(err, errNoChange) {
			return nil
		}
		return err
	}
	d.push(step{label: label, puzzle: before, id: d.id, view: v})
	return nil
}

// Begin opens a stroke: changes made with Apply until Commit form one step
// (a drag that paints many cells).
func (d *Document) Begin(label string, v View) {
	if d.stroke != nil {
		d.Commit()
	}
	d.stroke = &step{label: label, puzzle: snapshot(d.puzzle), id: d.id, view: v}
	d.strokeChanged = false
}

// Apply changes the puzzle inside an open stroke, or as a step of its own
// without one. A failing fn leaves the puzzle as it was before the call.
func (d *Document) Apply(fn func(p *model.Puzzle) error) error {
	if d.stroke == nil {
		return d.Edit("Edit", View{}, fn)
	}
	keep := snapshot(d.puzzle)
	if err := fn(d.puzzle); err != nil {
		d.puzzle = keep
		if errors.Is(err, errNoChange) {
			return nil
		}
		return err
	}
	d.strokeChanged = true
	return nil
}

// Commit closes the open stroke; it reports whether the stroke changed
// anything (and so became a step).
func (d *Document) Commit() bool {
	s := d.stroke
	d.stroke = nil
	if s == nil || !d.strokeChanged {
		d.strokeChanged = false
		return false
	}
	d.strokeChanged = false
	d.push(*s)
	return true
}

// InStroke reports whether a stroke is open.
func (d *Document) InStroke() bool { return d.stroke != nil }

func (d *Document) push(s step) {
	s.size = puzzleBytes(s.puzzle)
	d.undo = append(d.undo, s)
	d.redo = nil
	d.id = d.next
	d.next++
	d.trim()
}

// trim drops the oldest steps beyond the history limits.
func (d *Document) trim() {
	total := 0
	for _, s := range d.undo {
		total += s.size
	}
	drop := 0
	for len(d.undo)-drop > maxSteps || (total > maxStepsBytes && len(d.undo)-drop > 1) {
		total -= d.undo[drop].size
		drop++
	}
	if drop > 0 {
		d.undo = append([]step(nil), d.undo[drop:]...)
	}
}

// CanUndo reports whether there is a step to undo; UndoLabel names it.
func (d *Document) CanUndo() bool { return len(d.undo) > 0 }

// CanRedo reports whether there is a step to redo.
func (d *Document) CanRedo() bool { return len(d.redo) > 0 }

// UndoLabel names the step Undo would revert, or "".
func (d *Document) UndoLabel() string {
	if len(d.undo) == 0 {
		return ""
	}
	return d.undo[len(d.undo)-1].label
}

// RedoLabel names the step Redo would repeat, or "".
func (d *Document) RedoLabel() string {
	if len(d.redo) == 0 {
		return ""
	}
	return d.redo[len(d.redo)-1].label
}

// Undo returns to the state before the last step. It reports the step's
// label and the view to show, or ok=false when there is nothing to undo.
func (d *Document) Undo() (label string, v View, ok bool) {
	d.Commit()
	if len(d.undo) == 0 {
		return "", View{}, false
	}
	s := d.undo[len(d.undo)-1]
	d.undo = d.undo[:len(d.undo)-1]
	d.redo = append(d.redo, step{label: s.label, puzzle: d.puzzle, id: d.id, view: s.view, size: puzzleBytes(d.puzzle)})
	d.puzzle, d.id = s.puzzle, s.id
	return s.label, s.view, true
}

// Redo repeats the last undone step.
func (d *Document) Redo() (label string, v View, ok bool) {
	d.Commit()
	if len(d.redo) == 0 {
		return "", View{}, false
	}
	s := d.redo[len(d.redo)-1]
	d.redo = d.redo[:len(d.redo)-1]
	d.undo = append(d.undo, step{label: s.label, puzzle: d.puzzle, id: d.id, view: s.view, size: puzzleBytes(d.puzzle)})
	d.puzzle, d.id = s.puzzle, s.id
	return s.label, s.view, true
}

// snapshot copies the puzzle for the history. Everything an edit may change
// in place is copied; solutions are shared, with their capacity cut so
// that an append never writes into a slice another state holds.
func snapshot(p *model.Puzzle) *model.Puzzle {
	c := *p
	c.Colors = append(c.Colors[:0:0], p.Colors...)
	c.Shapes = make([]model.Shape, len(p.Shapes))
	for i := range p.Shapes {
		c.Shapes[i] = p.Shapes[i].Clone()
	}
	c.Problems = make([]model.Problem, len(p.Problems))
	for i := range p.Problems {
		pr := p.Problems[i]
		sols := pr.Solutions
		pr.Solutions = nil
		cp := pr.Clone()
		cp.Solutions = sols[:len(sols):len(sols)]
		c.Problems[i] = cp
	}
	return &c
}

// puzzleBytes estimates what a snapshot costs beyond the shared solutions.
func puzzleBytes(p *model.Puzzle) int {
	n := 256
	for i := range p.Shapes {
		n += len(p.Shapes[i].Voxels) + 96
	}
	for i := range p.Problems {
		n += 160 + 48*len(p.Problems[i].Parts) + 16*len(p.Problems[i].ColorRules)
	}
	return n
}
