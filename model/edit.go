package model

import (
	"fmt"
	"image/color"
)

// This file holds the puzzle-level edits of the editors: adding, copying,
// moving and deleting shapes, problems and colours. Each keeps every
// reference consistent (problem parts, results, colour rules, voxel colours)
// so that callers never patch indices themselves.
//
// An edit that changes what a problem asks for makes its stored solutions
// meaningless; such edits clear them, as BurrTools' GUI does. Undo lives in
// the caller (a snapshot before the edit), so nothing is lost for good.

// ClearSolutions forgets the problem's solutions, counters and resume state:
// it becomes Unsolved.
func (pr *Problem) ClearSolutions() {
	pr.Solutions = nil
	pr.Assembler = nil
	pr.State = Unsolved
	pr.NumAssemblies, pr.NumSolutions, pr.SolveTime = 0, 0, 0
}

// UsesShape reports whether shape i is the problem's result or one of its
// parts.
func (pr *Problem) UsesShape(i int) bool {
	if pr.Result == i {
		return true
	}
	for _, p := range pr.Parts {
		if p.Shape == i {
			return true
		}
	}
	return false
}

// PartOf returns the index of the part made of shape i, or -1.
func (pr *Problem) PartOf(i int) int {
	for k, p := range pr.Parts {
		if p.Shape == i {
			return k
		}
	}
	return -1
}

// ShapeChanged clears the solutions of every problem that uses shape i and
// returns how many problems lost solutions or counters.
func (p *Puzzle) ShapeChanged(i int) int {
	n := 0
	for k := range p.Problems {
		pr := &p.Problems[k]
		if pr.UsesShape(i) {
			if pr.State != Unsolved || len(pr.Solutions) > 0 {
				n++
			}
			pr.ClearSolutions()
		}
	}
	return n
}

// AddShape appends s and returns its index.
func (p *Puzzle) AddShape(s Shape) int {
	p.Shapes = append(p.Shapes, s)
	return len(p.Shapes) - 1
}

// CopyShape appends a copy of shape i, named after it, and returns the new
// index.
func (p *Puzzle) CopyShape(i int) (int, error) {
	if i < 0 || i >= len(p.Shapes) {
		return 0, fmt.Errorf("shape %d does not exist", i)
	}
	c := p.Shapes[i].Clone()
	if c.Name != "" {
		c.Name += " copy"
	}
	return p.AddShape(c), nil
}

// DeleteShape removes shape i. Problems drop the part made of it (their
// piece slots change, so they lose their solutions), a result of i becomes
// NoResult, and references to later shapes move down by one.
func (p *Puzzle) DeleteShape(i int) error {
	if i < 0 || i >= len(p.Shapes) {
		return fmt.Errorf("shape %d does not exist", i)
	}
	p.ShapeChanged(i)
	for k := range p.Problems {
		pr := &p.Problems[k]
		if pr.Result == i {
			pr.Result = NoResult
		} else if pr.Result > i {
			pr.Result--
		}
		parts := pr.Parts[:0]
		for _, part := range pr.Parts {
			if part.Shape == i {
				continue
			}
			if part.Shape > i {
				part.Shape--
			}
			parts = append(parts, part)
		}
		pr.Parts = parts
	}
	p.Shapes = append(p.Shapes[:i], p.Shapes[i+1:]...)
	return nil
}

// MoveShape moves shape i to index j, shifting the shapes in between, and
// renumbers every reference. Problems keep their parts in their order, so
// piece slots and stored solutions stay valid.
func (p *Puzzle) MoveShape(i, j int) error {
	n := len(p.Shapes)
	if i < 0 || i >= n || j < 0 || j >= n {
		return fmt.Errorf("cannot move shape %d to %d of %d", i, j, n)
	}
	if i == j {
		return nil
	}
	perm := moved(n, i, j)
	s := p.Shapes[i]
	if i < j {
		copy(p.Shapes[i:j], p.Shapes[i+1:j+1])
	} else {
		copy(p.Shapes[j+1:i+1], p.Shapes[j:i])
	}
	p.Shapes[j] = s
	for k := range p.Problems {
		pr := &p.Problems[k]
		if pr.Result != NoResult {
			pr.Result = perm[pr.Result]
		}
		for m := range pr.Parts {
			pr.Parts[m].Shape = perm[pr.Parts[m].Shape]
		}
	}
	return nil
}

// moved returns, for a list of n items in which item i moves to index j,
// the new index of every old index.
func moved(n, i, j int) []int {
	perm := make([]int, n)
	for k := range perm {
		switch {
		case k == i:
			perm[k] = j
		case i < j && k > i && k <= j:
			perm[k] = k - 1
		case j < i && k >= j && k < i:
			perm[k] = k + 1
		default:
			perm[k] = k
		}
	}
	return perm
}

// AddProblem appends a new problem with the given name and the identity
// colour rules (colour c may go into colour c), as BurrTools does, and
// returns its index.
func (p *Puzzle) AddProblem(name string) int {
	pr := NewProblem(name)
	for c := 1; c <= len(p.Colors); c++ {
		pr.ColorRules = append(pr.ColorRules, ColorRule{Piece: c, Result: c})
	}
	p.Problems = append(p.Problems, pr)
	return len(p.Problems) - 1
}

// CopyProblem appends a copy of problem i without its solutions and returns
// the new index.
func (p *Puzzle) CopyProblem(i int) (int, error) {
	if i < 0 || i >= len(p.Problems) {
		return 0, fmt.Errorf("problem %d does not exist", i)
	}
	c := p.Problems[i].Clone()
	c.ClearSolutions()
	if c.Name != "" {
		c.Name += " copy"
	}
	p.Problems = append(p.Problems, c)
	return len(p.Problems) - 1, nil
}

// DeleteProblem removes problem i.
func (p *Puzzle) DeleteProblem(i int) error {
	if i < 0 || i >= len(p.Problems) {
		return fmt.Errorf("problem %d does not exist", i)
	}
	p.Problems = append(p.Problems[:i], p.Problems[i+1:]...)
	return nil
}

// MoveProblem moves problem i to index j, shifting those in between.
func (p *Puzzle) MoveProblem(i, j int) error {
	n := len(p.Problems)
	if i < 0 || i >= n || j < 0 || j >= n {
		return fmt.Errorf("cannot move problem %d to %d of %d", i, j, n)
	}
	pr := p.Problems[i]
	if i < j {
		copy(p.Problems[i:j], p.Problems[i+1:j+1])
	} else {
		copy(p.Problems[j+1:i+1], p.Problems[j:i])
	}
	p.Problems[j] = pr
	return nil
}

// AddColor appends a constraint colour and returns its number (1-based).
// Every problem gets the identity rule for it, so the new colour constrains
// nothing until the user says otherwise.
func (p *Puzzle) AddColor(c color.RGBA) (int, error) {
	if len(p.Colors) >= MaxColor {
		return 0, fmt.Errorf("a puzzle holds at most %d colours", MaxColor)
	}
	p.Colors = append(p.Colors, c)
	n := len(p.Colors)
	for k := range p.Problems {
		pr := &p.Problems[k]
		pr.ColorRules = append(pr.ColorRules, ColorRule{Piece: n, Result: n})
	}
	return n, nil
}

// SetColor changes the display colour of colour n.
func (p *Puzzle) SetColor(n int, c color.RGBA) error {
	if n < 1 || n > len(p.Colors) {
		return fmt.Errorf("colour %d does not exist", n)
	}
	p.Colors[n-1] = c
	return nil
}

// DeleteColor removes colour n: voxels of that colour become neutral, higher
// colours move down by one, colour rules follow. Problems whose shapes used
// the colour lose their solutions.
func (p *Puzzle) DeleteColor(n int) error {
	if n < 1 || n > len(p.Colors) {
		return fmt.Errorf("colour %d does not exist", n)
	}
	for i := range p.Shapes {
		s := &p.Shapes[i]
		used := false
		for k, v := range s.Voxels {
			switch c := v.Color(); {
			case c == n:
				s.Voxels[k] = MakeVoxel(v.State(), 0)
				used = true
			case c > n:
				s.Voxels[k] = MakeVoxel(v.State(), c-1)
			}
		}
		if used {
			p.ShapeChanged(i)
		}
	}
	for k := range p.Problems {
		pr := &p.Problems[k]
		rules := pr.ColorRules[:0]
		for _, r := range pr.ColorRules {
			if r.Piece == n || r.Result == n {
				continue
			}
			if r.Piece > n {
				r.Piece--
			}
			if r.Result > n {
				r.Result--
			}
			rules = append(rules, r)
		}
		pr.ColorRules = rules
	}
	p.Colors = append(p.Colors[:n-1], p.Colors[n:]...)
	return nil
}

// SetResult makes shape i (or NoResult) the problem's result; a change
// clears the solutions.
func (p *Puzzle) SetResult(prob, i int) error {
	pr, err := p.problem(prob)
	if err != nil {
		return err
	}
	if i != NoResult && (i < 0 || i >= len(p.Shapes)) {
		return fmt.Errorf("shape %d does not exist", i)
	}
	if pr.Result != i {
		pr.ClearSolutions()
		pr.Result = i
	}
	return nil
}

// SetPartRange says that problem prob uses shape i between lo and hi
// times. A hi of 0 removes the part; a shape not yet used becomes a new
// part at the end. Piece slots change, so solutions are cleared.
func (p *Puzzle) SetPartRange(prob, i, lo, hi int) error {
	pr, err := p.problem(prob)
	if err != nil {
		return err
	}
	if i < 0 || i >= len(p.Shapes) {
		return fmt.Errorf("shape %d does not exist", i)
	}
	if lo < 0 || lo > hi {
		return fmt.Errorf("bad piece count %d..%d", lo, hi)
	}
	k := pr.PartOf(i)
	switch {
	case k < 0 && hi == 0:
		return nil
	case k < 0:
		pr.Parts = append(pr.Parts, Part{Shape: i, Min: lo, Max: hi})
	case hi == 0:
		pr.Parts = append(pr.Parts[:k], pr.Parts[k+1:]...)
	default:
		if pr.Parts[k].Min == lo && pr.Parts[k].Max == hi {
			return nil
		}
		pr.Parts[k].Min, pr.Parts[k].Max = lo, hi
		// Group counts above the new maximum mean nothing; clamp them.
		for g := range pr.Parts[k].Groups {
			pr.Parts[k].Groups[g].Count = min(pr.Parts[k].Groups[g].Count, hi)
		}
	}
	pr.ClearSolutions()
	return nil
}

// SetPartGroups replaces the group entries of the part made of shape i.
// Groups only change how disassemblies are judged, so solutions are kept
// but marked stale.
func (p *Puzzle) SetPartGroups(prob, i int, groups []GroupCount) error {
	pr, err := p.problem(prob)
	if err != nil {
		return err
	}
	k := pr.PartOf(i)
	if k < 0 {
		return fmt.Errorf("shape %d is not a piece of problem %d", i, prob)
	}
	for _, g := range groups {
		if g.Group < 1 || g.Count < 0 || g.Count > pr.Parts[k].Max {
			return fmt.Errorf("bad group %d (count %d, part max %d)", g.Group, g.Count, pr.Parts[k].Max)
		}
	}
	pr.Parts[k].Groups = append([]GroupCount(nil), groups...)
	pr.Invalidate()
	return nil
}

// AllowColor allows or forbids piece colour pc in result colour rc for
// problem prob. The rule set changes what counts as a solution: solutions
// are cleared.
func (p *Puzzle) AllowColor(prob, pc, rc int, allow bool) error {
	pr, err := p.problem(prob)
	if err != nil {
		return err
	}
	if pc < 1 || rc < 1 || pc > len(p.Colors) || rc > len(p.Colors) {
		return fmt.Errorf("colour rule %d->%d: colours are numbered 1..%d", pc, rc, len(p.Colors))
	}
	has := -1
	for k, r := range pr.ColorRules {
		if r.Piece == pc && r.Result == rc {
			has = k
		}
	}
	switch {
	case allow && has < 0:
		pr.ColorRules = append(pr.ColorRules, ColorRule{Piece: pc, Result: rc})
	case !allow && has >= 0:
		pr.ColorRules = append(pr.ColorRules[:has], pr.ColorRules[has+1:]...)
	default:
		return nil
	}
	pr.ClearSolutions()
	return nil
}

// SetMaxHoles sets the hole limit of problem prob (-1: no limit). A limit
// above MaxShapeCells is refused: no result has that many cells, and files
// read such a bound as none.
func (p *Puzzle) SetMaxHoles(prob, n int) error {
	pr, err := p.problem(prob)
	if err != nil {
		return err
	}
	if n < -1 {
		return fmt.Errorf("bad hole limit %d", n)
	}
	if n > MaxShapeCells {
		return fmt.Errorf("hole limit %d is more than any shape's %d cells (leave it empty for no limit)", n, MaxShapeCells)
	}
	if pr.MaxHoles != n {
		pr.MaxHoles = n
		pr.ClearSolutions()
	}
	return nil
}

func (p *Puzzle) problem(i int) (*Problem, error) {
	if i < 0 || i >= len(p.Problems) {
		return nil, fmt.Errorf("problem %d does not exist", i)
	}
	return &p.Problems[i], nil
}
