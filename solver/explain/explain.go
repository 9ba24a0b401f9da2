// Package explain says why a problem has no assembly (or, with
// disassembly, no solution), in the designer's terms and with the
// evidence: cell counts that cannot add up, a piece that fits nowhere and
// why, result cells no piece can reach, colour rules that shut a piece
// out, the smallest set of pieces that cannot be placed together, and the
// pieces that stay interlocked in assemblies that do not come apart.
//
// The checks run cheapest first. Those that need no search (counts,
// placements, colours, cells) are complete and sound: each finding they
// make is on its own enough to rule out every assembly. Only when they
// find nothing does Explain search: for assemblies with the real solver,
// then for conflicting sets of pieces, both bounded by Options.Timeout.
package explain

import (
	"context"
	"fmt"
	"time"

	"github.com/burrlab/burrlab/model"
	"github.com/burrlab/burrlab/model/grid"
	"github.com/burrlab/burrlab/solver/assemble"
	"github.com/burrlab/burrlab/solver/disassemble"
)

// Kind says what a finding is about. The values are stable names, used as
// they are in JSON.
type Kind string

// The kinds of findings, in the order Explain looks for them.
const (
	// Solvable: the problem has an assembly (with disassembly, a
	// solution); nothing to explain.
	Solvable Kind = "solvable"
	// NoResult: the problem has no result shape, or an empty one.
	NoResult Kind = "no-result"
	// NoPieces: the problem uses no piece.
	NoPieces Kind = "no-pieces"
	// EmptyPiece: a piece has no filled cell.
	EmptyPiece Kind = "empty-piece"
	// CellCount: no choice of piece counts gives a number of cells the
	// result can take (filled cells, variable cells, max holes).
	CellCount Kind = "cell-count"
	// ColorExcluded: the colour rules let some colour of a piece go on no
	// colour the result has, so the piece fits nowhere whatever its shape.
	ColorExcluded Kind = "color-excluded"
	// PieceNowhere: a piece can be placed nowhere in the result; Reason
	// says why.
	PieceNowhere Kind = "piece-nowhere"
	// UncoveredCells: result cells that no placement of any piece covers.
	UncoveredCells Kind = "uncovered-cells"
	// Conflict: a smallest set of pieces that cannot be placed in the
	// result together, even leaving cells empty, though each fits alone.
	Conflict Kind = "conflict"
	// NoConflict: every set of pieces fits together; what fails is
	// filling the result exactly.
	NoConflict Kind = "no-conflict"
	// Interlocked: assemblies exist but none comes apart; the pieces that
	// stay stuck in the one that comes apart furthest, and its moves.
	Interlocked Kind = "interlocked"
	// Unfinished: a search ran out of time or was interrupted; what it
	// covered.
	Unfinished Kind = "unfinished"
)

// Reasons a piece fits nowhere (Finding.Reason of PieceNowhere).
const (
	ReasonTooManyCells = "too-many-cells" // more cells than the result
	ReasonTooLarge     = "too-large"      // its box fits the result's in no orientation
	ReasonColors       = "colors"         // fits by shape, but no position passes the colour rules
	ReasonShape        = "shape"          // runs into the result's empty cells everywhere
)

// Piece names one piece of the problem.
type Piece struct {
	Part  int    `json:"part"`  // index in the problem's piece list
	Shape int    `json:"shape"` // index of its shape in the puzzle
	Name  string `json:"name"`  // the shape's name, or S<n> (from 1) without one
	// Count is how many copies a finding is about (a conflict needs the
	// problem's minimum of them); 0 when it does not matter.
	Count int `json:"count,omitempty"`
	// Slot is the piece slot in an assembly (Interlocked), else -1, and
	// Copy which copy of the part it is (from 1) when there are several.
	Slot int `json:"slot"`
	Copy int `json:"copy,omitempty"`
}

// Counts is the evidence of a CellCount finding.
type Counts struct {
	Filled   int `json:"filled"`    // result cells that must be covered
	Variable int `json:"variable"`  // result cells that may stay empty
	MaxHoles int `json:"max_holes"` // -1: no limit, or counts are fixed
	// NeedMin..NeedMax is the number of cells the pieces must have.
	NeedMin int `json:"need_min"`
	NeedMax int `json:"need_max"`
	// PiecesMin..PiecesMax is what the pieces have at their minimum and
	// maximum counts.
	PiecesMin int `json:"pieces_min"`
	PiecesMax int `json:"pieces_max"`
	// Below and Above are the nearest totals the pieces can make outside
	// NeedMin..NeedMax; -1 when there is none.
	Below int         `json:"below"`
	Above int         `json:"above"`
	Parts []PartCells `json:"parts"`
}

// PartCells is one piece's cells and count range.
type PartCells struct {
	Piece
	Cells int `json:"cells"`
	Min   int `json:"min"`
	Max   int `json:"max"`
}

// Move is one step of a partial disassembly: pieces moved together by a
// vector, or (Removed) taken away along a direction.
type Move struct {
	Pieces  []Piece  `json:"pieces"`
	By      grid.Vec `json:"by"`
	Removed bool     `json:"removed,omitempty"`
}

// Finding is one reason (or one fact) with its evidence. Only the fields
// its kind uses are set.
type Finding struct {
	Kind Kind `json:"kind"`
	// Blocking says the finding alone rules out every assembly (or
	// solution); an unusable optional piece, for one, does not.
	Blocking bool   `json:"blocking"`
	Message  string `json:"message"`
	// Details are further lines for people: the moves of a disassembly.
	Details []string   `json:"details,omitempty"`
	Reason  string     `json:"reason,omitempty"`
	Pieces  []Piece    `json:"pieces,omitempty"`
	Cells   []grid.Vec `json:"cells,omitempty"`
	Colors  []int      `json:"colors,omitempty"`
	Counts  *Counts    `json:"counts,omitempty"`
	// Groups are the interlocked groups of pieces.
	Groups [][]Piece `json:"groups,omitempty"`
	Moves  []Move    `json:"moves,omitempty"`
	// Freed is how many pieces came off before the rest stuck, of Total.
	Freed int `json:"freed,omitempty"`
	Total int `json:"total,omitempty"`
	// Assembly is the number (from 0, in the order found) of the assembly
	// a finding describes, and Examined how many were looked at.
	Assembly *int `json:"assembly,omitempty"`
	Examined int  `json:"examined,omitempty"`
	// Placements is that assembly, for showing it (Interlocked).
	Placements model.Assembly `json:"placements,omitempty"`
}

// SubsetSearch says how far the search for conflicting pieces got.
type SubsetSearch struct {
	Complete bool `json:"complete"`
	// Size is the largest set size searched completely.
	Size  int `json:"size"`
	Tried int `json:"tried"` // sets tried
}

// Report is the explanation of one problem.
type Report struct {
	Problem int    `json:"problem"`
	Name    string `json:"name"`
	// Solvable says an assembly (with Disassemble, a solution) was found.
	Solvable bool `json:"solvable"`
	// Unsolvable says it is certain there is none: a blocking finding, or
	// a search that went through everything (or Options.Searched).
	Unsolvable bool      `json:"unsolvable"`
	Findings   []Finding `json:"findings"`
	// Subsets is set when the search for conflicting pieces ran.
	Subsets *SubsetSearch `json:"subsets,omitempty"`
	// Complete says every check that ran finished in time.
	Complete bool `json:"complete"`
	// Interrupted says Options.Stop ended the searches early (Complete is
	// then false): the report holds what was found until then.
	Interrupted bool          `json:"interrupted,omitempty"`
	Elapsed     time.Duration `json:"elapsed_ns"`
}

// Blocking returns the findings that rule the problem out on their own.
func (r *Report) Blocking() []Finding {
	var out []Finding
	for _, f := range r.Findings {
		if f.Blocking {
			out = append(out, f)
		}
	}
	return out
}

// Cells returns every result cell the findings point at (uncovered
// cells), for a view to highlight.
func (r *Report) Cells() []grid.Vec {
	var out []grid.Vec
	for _, f := range r.Findings {
		if f.Kind == UncoveredCells {
			out = append(out, f.Cells...)
		}
	}
	return out
}

// DefaultTimeout bounds an explanation when Options.Timeout is 0.
const DefaultTimeout = 10 * time.Second

// Options tune Explain.
type Options struct {
	// Timeout bounds the searches (for assemblies, for conflicting
	// pieces, for disassemblies); 0 means DefaultTimeout. Explain then
	// reports what it found so far.
	Timeout time.Duration
	// Disassemble asks why no assembly comes apart when assemblies exist.
	Disassemble bool
	// MaxHoles, if not nil, replaces the problem's limit on empty variable
	// cells, as solver.Options.MaxHoles does.
	MaxHoles *int
	// Searched says the caller has searched the whole problem with these
	// options and found no assembly, so Explain need not search again.
	Searched bool
	// Workers is the number of search goroutines; 0 means every CPU.
	Workers int
	// Stop, when closed, ends the searches as the time limit does: Explain
	// reports what it found until then (a command line's Ctrl-C). Cancelling
	// ctx instead abandons the explanation.
	Stop <-chan struct{}
}

// Explain says why problem number problem of p has no assembly (or, with
// opts.Disassemble, no solution). It copies p. It returns an error only
// for bad input (no such problem, an invalid puzzle, a problem too big to
// prepare) and when ctx is cancelled; running out of time is not an
// error: the report then says what was not finished.
func Explain(ctx context.Context, p *model.Puzzle, problem int, opts Options) (*Report, error) {
	start := time.Now()
	if problem < 0 || problem >= len(p.Problems) {
		return nil, fmt.Errorf("problem %d does not exist (the puzzle has %d)", problem, len(p.Problems))
	}
	if opts.Timeout < 0 {
		return nil, fmt.Errorf("negative timeout %v", opts.Timeout)
	}
	if opts.MaxHoles != nil && *opts.MaxHoles < 0 {
		return nil, fmt.Errorf("max holes %d is negative", *opts.MaxHoles)
	}
	if err := p.Validate(); err != nil {
		return nil, err
	}
	if opts.Disassemble {
		// Say at once that the question cannot be answered (spheres,
		// rhombic and tetra-octa grids), not after the cheap checks.
		if _, err := disassemble.New(p, &p.Problems[problem]); err != nil {
			return nil, err
		}
	}
	timeout := opts.Timeout
	if timeout == 0 {
		timeout = DefaultTimeout
	}
	e := &explainer{p: p.Clone(), problem: problem, opts: opts, deadline: start.Add(timeout)}
	e.pr = &e.p.Problems[problem]
	e.rep = &Report{Problem: problem, Name: e.pr.Name, Complete: true}
	// stopCtx ends with ctx or when opts.Stop closes; the searches treat
	// its end as the time limit's, so the findings so far are kept.
	stopCtx, cancel := context.WithCancel(ctx)
	defer cancel()
	if opts.Stop != nil {
		go func() {
			select {
			case <-opts.Stop:
				cancel()
			case <-stopCtx.Done():
			}
		}()
	}
	err := e.run(ctx, stopCtx)
	e.rep.Elapsed = time.Since(start)
	if err != nil {
		return nil, err
	}
	e.rep.Interrupted = !e.rep.Complete && e.stopped()
	if e.blocked() {
		e.rep.Unsolvable = true
	}
	if e.rep.Findings == nil {
		e.rep.Findings = []Finding{}
	}
	return e.rep, nil
}

// explainer holds one explanation in progress.
type explainer struct {
	p        *model.Puzzle
	pr       *model.Problem
	problem  int
	opts     Options
	deadline time.Time
	rep      *Report
	lay      *assemble.Layout // placements under the colour rules
	shapeLay *assemble.Layout // placements ignoring them
}

// stopped reports whether Options.Stop has been closed.
func (e *explainer) stopped() bool {
	select {
	case <-e.opts.Stop:
		return true
	default:
		return false
	}
}

// ranOut says how a search ended early, for the findings' messages.
func (e *explainer) ranOut() string {
	if e.stopped() {
		return "was interrupted"
	}
	return "ran out of time"
}

// add records a finding.
func (e *explainer) add(f Finding) { e.rep.Findings = append(e.rep.Findings, f) }

// blocked reports whether a blocking finding has been made.
func (e *explainer) blocked() bool { return len(e.rep.Blocking()) > 0 }

// run makes the checks in order, cheapest first, and stops searching as
// soon as one explains the problem. ctx's end abandons the explanation;
// stopCtx's (a Stop) ends it with what was found so far.
func (e *explainer) run(ctx, stopCtx context.Context) error {
	if !e.checkInput() {
		return nil
	}
	e.checkCounts()
	// layout lists the placements; a Stop meanwhile leaves the report
	// with the counts.
	layout := func(opts assemble.LayoutOptions) (*assemble.Layout, bool, error) {
		lay, err := assemble.NewLayout(stopCtx, e.p, e.problem, opts)
		if err != nil && ctx.Err() == nil && stopCtx.Err() != nil {
			e.rep.Complete = false
			return nil, false, nil
		}
		return lay, err == nil, err
	}
	var (
		ok  bool
		err error
	)
	if e.lay, ok, err = layout(assemble.LayoutOptions{}); !ok {
		return err
	}
	e.shapeLay = e.lay
	if len(e.p.Colors) > 0 {
		if e.shapeLay, ok, err = layout(assemble.LayoutOptions{IgnoreColors: true}); !ok {
			return err
		}
	}
	e.checkPieces()
	e.checkCells()
	if e.blocked() {
		return nil
	}
	sctx, cancel := context.WithDeadline(stopCtx, e.deadline)
	defer cancel()
	none, err := e.searchAssemblies(ctx, sctx)
	if err != nil || !none {
		return err
	}
	if e.stopped() {
		// Not a subset search of no time at all: the report says the
		// search for assemblies was cut short.
		e.rep.Complete = false
		return nil
	}
	return e.searchSubsets(ctx, sctx)
}

// checkInput catches problems that are not posed yet: no result, no
// pieces, a piece without cells. It reports whether the problem is posed.
func (e *explainer) checkInput() bool {
	pr, p := e.pr, e.p
	if pr.Result == model.NoResult {
		e.add(Finding{Kind: NoResult, Blocking: true, Message: "The problem has no result shape: choose the shape the pieces should build."})
		return false
	}
	if p.Shapes[pr.Result].NumCells() == 0 {
		e.add(Finding{Kind: NoResult, Blocking: true, Message: fmt.Sprintf("The result shape %s has no cells.", e.shapeName(pr.Result))})
		return false
	}
	if pr.NumSlots() == 0 {
		e.add(Finding{Kind: NoPieces, Blocking: true, Message: "The problem uses no pieces: give at least one shape a count above 0."})
		return false
	}
	posed := true
	for i, part := range pr.Parts {
		if part.Max > 0 && p.Shapes[part.Shape].Count(model.Filled) == 0 {
			e.add(Finding{Kind: EmptyPiece, Blocking: true, Pieces: []Piece{e.piece(i)},
				Message: fmt.Sprintf("The piece %s has no filled cells.", e.pieceName(i))})
			posed = false
		}
	}
	return posed
}
