package explain

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/burrlab/burrlab/internal/plural"
	"github.com/burrlab/burrlab/model"
	"github.com/burrlab/burrlab/solver"
	"github.com/burrlab/burrlab/solver/disassemble"
)

// candidate is an assembly that does not come apart, with how far it
// does.
type candidate struct {
	num   int
	asm   model.Assembly
	part  *disassemble.Partial
	freed int
	total int
}

// searchAssemblies runs the solver to find out whether the problem has an
// assembly and, with Disassemble, whether one comes apart; every
// assembly found is taken apart as far as it goes. It reports whether no
// assembly was found, so that the search for conflicting pieces may say
// why. Without Disassemble the search has half the time left, so that the
// subset search gets the rest.
func (e *explainer) searchAssemblies(ctx, sctx context.Context) (none bool, err error) {
	if e.opts.Searched && !e.opts.Disassemble {
		e.rep.Unsolvable = true
		return true, nil
	}
	actx := sctx
	if !e.opts.Disassemble {
		var cancel context.CancelFunc
		actx, cancel = context.WithTimeout(sctx, time.Until(e.deadline)/2)
		defer cancel()
	}
	start := time.Now()
	so := solver.Options{KeepRotations: !e.opts.Disassemble, MaxHoles: e.opts.MaxHoles, Workers: e.opts.Workers}
	s, err := solver.Prepare(actx, e.p, e.problem, so)
	if err != nil {
		if ctx.Err() != nil {
			return false, ctx.Err()
		}
		if actx.Err() != nil {
			e.rep.Complete = false
			msg := "Preparing the search for assemblies took all the time given; nothing is known about them."
			if e.stopped() {
				msg = "Preparing the search for assemblies was interrupted; nothing is known about them."
			}
			e.add(Finding{Kind: Unfinished, Message: msg})
			return true, nil
		}
		return false, err
	}
	var dis *disassemble.Disassembler
	if e.opts.Disassemble {
		if dis, err = disassemble.New(e.p, e.pr); err != nil {
			return false, err
		}
	}
	rctx, cancel := context.WithCancel(actx)
	defer cancel()
	var (
		done     solver.Done
		runErr   error
		best     *candidate
		examined int
		solution = -1
	)
	for ev := range s.Run(rctx) {
		switch ev := ev.(type) {
		case solver.Found:
			if solution >= 0 || runErr != nil {
				continue // draining after cancel
			}
			if dis == nil || e.pr.NumSlots() == 1 { // one piece is a solution as it is
				solution = ev.Solution.AsmNum
				cancel()
				continue
			}
			part, err := dis.Partial(rctx, ev.Solution.Assembly)
			if err != nil {
				if rctx.Err() == nil {
					runErr = fmt.Errorf("disassembling: %w", err)
					cancel()
				}
				continue
			}
			examined++
			c := e.candidate(ev.Solution, part)
			if c.total >= 2 && len(part.Interlocked) == 0 {
				solution = ev.Solution.AsmNum
				cancel()
				continue
			}
			if c.total >= 2 && (best == nil || c.freed > best.freed) {
				best = c
			}
		case solver.Done:
			done = ev
		case solver.Error:
			if runErr == nil {
				runErr = ev.Err
			}
		}
	}
	if ctx.Err() != nil {
		return false, ctx.Err()
	}
	if runErr != nil {
		return false, runErr
	}
	took := fmt.Sprintf("%.2f s", time.Since(start).Seconds())
	if solution >= 0 {
		e.rep.Solvable = true
		msg := fmt.Sprintf("There are assemblies: the first turned up after %s. Nothing to explain.", took)
		if e.opts.Disassemble {
			msg = fmt.Sprintf("There are solutions: assembly #%d comes apart (found after %s). Nothing to explain.", solution+1, took)
		}
		e.add(Finding{Kind: Solvable, Assembly: &solution, Message: msg})
		return false, nil
	}
	if done.Assemblies == 0 {
		e.rep.Unsolvable = done.Complete
		if !done.Complete {
			e.rep.Complete = false
			e.add(Finding{Kind: Unfinished,
				Message: fmt.Sprintf("The search for assemblies found none in %s, but did not finish (about %.0f%% of it done): there may be some.", took, 100*done.Fraction)})
		}
		return true, nil
	}
	e.interlocked(best, examined, done)
	return false, nil
}

// candidate measures how far assembly sol came apart.
func (e *explainer) candidate(sol model.Solution, part *disassemble.Partial) *candidate {
	c := &candidate{num: sol.AsmNum, asm: sol.Assembly, part: part}
	for _, pl := range sol.Assembly {
		if pl.Placed() {
			c.total++
		}
	}
	c.freed = c.total
	for _, g := range part.Interlocked {
		c.freed -= len(g)
	}
	return c
}

// interlocked reports assemblies none of which comes apart, with the one
// that comes apart furthest: its interlocked groups and the moves that
// got there.
func (e *explainer) interlocked(best *candidate, examined int, done solver.Done) {
	all := done.Complete && uint64(examined) == done.Assemblies
	e.rep.Unsolvable = all
	if !all {
		e.rep.Complete = false
	}
	f := Finding{Kind: Interlocked, Blocking: all, Examined: examined}
	none := fmt.Sprintf("The problem has %s, and none of them comes apart.", plural.Count(examined, "assembly", "assemblies"))
	if examined == 1 {
		none = "The problem has 1 assembly, and it does not come apart."
	}
	if !all {
		none = fmt.Sprintf("The problem has assemblies, but none of the %d examined before the search %s comes apart.", examined, e.ranOut())
	}
	if best == nil {
		f.Message = none
		e.add(f)
		return
	}
	num := best.num
	f.Assembly, f.Freed, f.Total, f.Placements = &num, best.freed, best.total, best.asm
	for _, g := range best.part.Interlocked {
		var ps []Piece
		for _, slot := range g {
			ps = append(ps, e.slotPiece(slot))
		}
		f.Groups = append(f.Groups, ps)
	}
	f.Moves = e.moves(best.part.Separation)
	var groups []string
	for _, g := range f.Groups {
		groups = append(groups, pieceList(g))
	}
	moves := 0
	for _, m := range f.Moves {
		if !m.Removed {
			moves++
		}
	}
	came := "no piece comes off: no move separates any of them"
	if best.part.Separation != nil {
		came = fmt.Sprintf("%d of its %d pieces %s off", best.freed, best.total, plural.Word(best.freed, "comes", "come"))
		if best.freed == 0 {
			came = "the pieces split into groups, but no single piece comes free"
		}
		if moves > 0 {
			came += " after " + plural.Count(moves, "move", "moves")
		}
	}
	which := fmt.Sprintf("In assembly #%d, which comes apart furthest,", num+1)
	if examined == 1 {
		which = "In it,"
	}
	f.Message = fmt.Sprintf("%s %s %s; then these stay interlocked: %s.", none, which, came, strings.Join(groups, "; "))
	for i, m := range f.Moves {
		f.Details = append(f.Details, fmt.Sprintf("%d. %s", i+1, moveText(m)))
	}
	e.add(f)
}

// slotPiece names the piece in an assembly slot, with its copy number
// when the part has several.
func (e *explainer) slotPiece(slot int) Piece {
	parts := e.pr.SlotParts()
	i := parts[slot]
	p := e.piece(i)
	p.Slot = slot
	if e.pr.Parts[i].Max > 1 {
		first := slot
		for first > 0 && parts[first-1] == i {
			first--
		}
		p.Copy = slot - first + 1
	}
	return p
}

// moves lists the moves of a (partial) disassembly tree in the order they
// are made: a node's moves, then its left group's, then the removed
// group's.
func (e *explainer) moves(s *model.Separation) []Move {
	if s == nil || len(s.States) < 2 {
		return nil
	}
	var out []Move
	last := len(s.States) - 1
	for k := 0; k < last; k++ {
		from, to := s.States[k], s.States[k+1]
		var order []Move
		for j, slot := range s.Pieces {
			d := to[j].Sub(from[j])
			if d == ([3]int{}) {
				continue
			}
			removed := k+1 == last && s.RemovedIn(j)
			if removed {
				for c := range d {
					d[c] /= model.RemoveDistance
				}
			}
			placed := false
			for m := range order {
				if order[m].By == d && order[m].Removed == removed {
					order[m].Pieces = append(order[m].Pieces, e.slotPiece(slot))
					placed = true
					break
				}
			}
			if !placed {
				order = append(order, Move{Pieces: []Piece{e.slotPiece(slot)}, By: d, Removed: removed})
			}
		}
		out = append(out, order...)
	}
	out = append(out, e.moves(s.Left)...)
	return append(out, e.moves(s.Removed)...)
}

// moveText describes a move: "A and B move by (0,0,1)".
func moveText(m Move) string {
	if m.Removed {
		return fmt.Sprintf("%s %s off along %s", pieceList(m.Pieces), plural.Word(len(m.Pieces), "comes", "come"), coord(m.By))
	}
	return fmt.Sprintf("%s %s by %s", pieceList(m.Pieces), plural.Word(len(m.Pieces), "moves", "move"), coord(m.By))
}
