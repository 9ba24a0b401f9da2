package xmpuzzle

import (
	"errors"
	"fmt"
	"strings"

	"github.com/beevik/etree"

	"github.com/burrlab/burrlab/model"
	"github.com/burrlab/burrlab/model/grid"
)

// errNoPieces is why a problem without pieces cannot have a solution.
var errNoPieces = errors.New("the problem has no pieces, so it cannot have solutions")

// solution reads a <solution> of a problem with the given number of piece
// slots (§8.6).
func (l *loader) solution(el *etree.Element, where string, slots int) (model.Solution, error) {
	var sol model.Solution
	if slots == 0 {
		return sol, errAt(el, where, "%v", errNoPieces)
	}
	n, err := intAttr(el, where, "asmNum", false, 0, 0, 1<<53)
	if err != nil {
		return sol, err
	}
	sol.AsmNum = int(n)
	if n, err = intAttr(el, where, "solNum", false, 0, 0, 1<<53); err != nil {
		return sol, err
	}
	sol.SolNum = int(n)
	var asmEl, sepEl, infoEl *etree.Element
	err = children(el, where, func(c *etree.Element) error {
		switch c.Tag {
		case "assembly":
			if asmEl != nil {
				return errAt(c, where, "more than one <assembly>")
			}
			asmEl = c
			a, err := l.assembly(c, where, slots)
			sol.Assembly = a
			return err
		case "separation":
			if asmEl == nil {
				return errAt(c, where, "<separation> before <assembly>")
			}
			if sepEl != nil {
				return errAt(c, where, "more than one <separation>")
			}
			sepEl = c
			s, err := separation(c, where+", disassembly", placedCount(sol.Assembly))
			sol.Disassembly = s
			return err
		case "separationInfo":
			if infoEl != nil {
				return errAt(c, where, "more than one <separationInfo>")
			}
			infoEl = c
		}
		return nil
	})
	if err != nil {
		return sol, err
	}
	if asmEl == nil {
		return sol, errAt(el, where, "the solution has no <assembly>")
	}
	if sepEl == nil && infoEl != nil { // a full disassembly wins over an outline
		str, err := text(infoEl, where)
		if err != nil {
			return sol, err
		}
		if sol.Disassembly, err = outline(str, placedCount(sol.Assembly)); err != nil {
			return sol, errAt(infoEl, where, "disassembly outline: %v", err)
		}
	}
	if sol.Disassembly == nil {
		sol.SolNum = 0 // BurrTools writes solNum only with a disassembly
	}
	return sol, nil
}

func placedCount(a model.Assembly) int {
	n := 0
	for _, p := range a {
		if p.Placed() {
			n++
		}
	}
	return n
}

// assembly reads an <assembly>: per piece slot, "X Y Z T" or "x" (§8.7).
func (l *loader) assembly(el *etree.Element, where string, slots int) (model.Assembly, error) {
	str, err := text(el, where)
	if err != nil {
		return nil, err
	}
	a, err := l.assemblyOf(str, slots)
	if err != nil {
		return nil, errAt(el, where, "%v", err)
	}
	return a, nil
}

// assemblyOf reads the text of an <assembly> for a problem of slots
// piece slots.
func (l *loader) assemblyOf(str string, slots int) (model.Assembly, error) {
	// strings.Fields, into a buffer kept for the next assembly: a file
	// may hold hundreds of assemblies of hundreds of slots.
	l.toks = l.toks[:0]
	for tok := range strings.FieldsSeq(str) {
		l.toks = append(l.toks, tok)
	}
	toks := l.toks
	a := make(model.Assembly, 0, slots)
	orients := l.g.Orientations()
	for i := 0; i < len(toks); {
		if len(a) == slots {
			return nil, fmt.Errorf("assembly has more placements than the %d piece slots", slots)
		}
		if toks[i] == "x" {
			a = append(a, model.Placement{Orient: model.Unplaced})
			i++
			continue
		}
		if len(toks)-i < 4 {
			return nil, fmt.Errorf("assembly: placement %d has %d numbers, want 4 (x y z orientation) or x", len(a), len(toks)-i)
		}
		var v [4]int
		for k := range v {
			limit := int64(maxCoord)
			if k == 3 {
				limit = 1 << 16
			}
			var err error
			if v[k], err = parseInt(toks[i+k], limit); err != nil {
				return nil, fmt.Errorf("assembly: placement %d: %v", len(a), err)
			}
		}
		i += 4
		pl := model.Placement{Pos: grid.Vec{v[0], v[1], v[2]}, Orient: v[3]}
		switch {
		case v[3] == unplacedLegacy: // before 2007 unplaced pieces were "X Y Z 255"
			pl = model.Placement{Orient: model.Unplaced}
		case v[3] < 0 || v[3] >= orients:
			return nil, fmt.Errorf("assembly: placement %d has orientation %d; the %v grid has 0..%d", len(a), v[3], l.p.Grid, orients-1)
		}
		a = append(a, pl)
	}
	if len(a) != slots {
		return nil, fmt.Errorf("assembly has %d placements for %d piece slots", len(a), slots)
	}
	return a, nil
}

// separation reads a full <separation> node whose piece list must have want
// entries (§8.8).
func separation(el *etree.Element, where string, want int) (*model.Separation, error) {
	if want < 2 {
		return nil, errAt(el, where, "a separation needs at least 2 pieces, this one would have %d", want)
	}
	s := &model.Separation{}
	var removedN, leftN int
	err := children(el, where, func(c *etree.Element) error {
		switch c.Tag {
		case "pieces":
			if s.Pieces != nil {
				return errAt(c, where, "more than one <pieces>")
			}
			n, err := intAttr(c, where, "count", true, 0, -1<<62, 1<<62)
			if err != nil {
				return err
			}
			if n != int64(want) {
				return errAt(c, where, "<pieces count=\"%d\">, but %d pieces are to be separated here", n, want)
			}
			str, err := text(c, where)
			if err != nil {
				return err
			}
			if s.Pieces, err = parseList(str, want, maxSlots, true); err != nil {
				return errAt(c, where, "piece list: %v", err)
			}
		case "state":
			if s.Pieces == nil {
				return errAt(c, where, "<state> before <pieces>")
			}
			if s.Removed != nil || s.Left != nil {
				return errAt(c, where, "<state> after a sub-separation")
			}
			st, err := state(c, fmt.Sprintf("%s, state %d", where, len(s.States)), want)
			if err != nil {
				return err
			}
			s.States = append(s.States, st)
		case "separation":
			if len(s.States) == 0 {
				return errAt(c, where, "sub-separation before any <state>")
			}
			if s.Removed == nil && s.Left == nil {
				for j := range s.Pieces {
					if s.RemovedIn(j) {
						removedN++
					}
				}
				leftN = want - removedN
				if removedN == 0 || leftN == 0 {
					return errAt(c, where, "the last state removes %d of %d pieces; both parts must have pieces", removedN, want)
				}
			}
			typ, _ := attr(c, "type")
			switch typ {
			case "removed":
				if s.Removed != nil {
					return errAt(c, where, "more than one removed part")
				}
				sub, err := separation(c, where+", removed part", removedN)
				s.Removed = sub
				return err
			case "left":
				if s.Left != nil {
					return errAt(c, where, "more than one left part")
				}
				sub, err := separation(c, where+", left part", leftN)
				s.Left = sub
				return err
			default:
				return errAt(c, where, "sub-separation of type %q; it must be \"removed\" or \"left\"", clip(typ))
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	if len(s.States) == 0 {
		return nil, errAt(el, where, "separation without <state>")
	}
	return s, nil
}

// state reads one <state>: the positions of n pieces in <dx>, <dy>, <dz>.
func state(el *etree.Element, where string, n int) ([]grid.Vec, error) {
	var axes [3][]int
	err := children(el, where, func(c *etree.Element) error {
		var k int
		switch c.Tag {
		case "dx":
			k = 0
		case "dy":
			k = 1
		case "dz":
			k = 2
		default:
			return errAt(c, where, "unexpected <%s> in a state; only <dx>, <dy>, <dz> may be there", c.Tag)
		}
		if axes[k] != nil {
			return errAt(c, where, "more than one <%s>", c.Tag)
		}
		str, err := text(c, where)
		if err != nil {
			return err
		}
		if axes[k], err = parseList(str, n, maxCoord, false); err != nil {
			return errAt(c, where, "<%s>: %v", c.Tag, err)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	for k, tag := range []string{"dx", "dy", "dz"} {
		if axes[k] == nil {
			return nil, errAt(el, where, "state without <%s>", tag)
		}
	}
	st := make([]grid.Vec, n)
	for j := range st {
		st[j] = grid.Vec{axes[0][j], axes[1][j], axes[2][j]}
	}
	return st, nil
}

// outline reads a <separationInfo>: state counts in pre-order (node, left,
// removed), 0 for a missing child (§8.9). A tree over placed pieces has at
// most placed-1 nodes, which also bounds its depth.
func outline(str string, placed int) (*model.Separation, error) {
	if placed < 2 {
		return nil, fmt.Errorf("a disassembly needs at least 2 placed pieces, the assembly has %d", placed)
	}
	toks := strings.Fields(str)
	vals := make([]int, len(toks))
	for i, t := range toks {
		v, err := parseInt(t, maxCoord)
		if err != nil {
			return nil, err
		}
		if v < 0 {
			return nil, fmt.Errorf("negative state count %d", v)
		}
		vals[i] = v
	}
	pos, nodes := 0, 0
	var build func(depth int) (*model.Separation, error)
	build = func(depth int) (*model.Separation, error) {
		if pos == len(vals) {
			return nil, fmt.Errorf("the tree is incomplete")
		}
		// The same cap as for full disassemblies, whose depth the XML
		// nesting limits.
		if depth > maxDepth {
			return nil, fmt.Errorf("the tree is deeper than %d levels", maxDepth)
		}
		v := vals[pos]
		pos++
		if v == 0 {
			return nil, nil
		}
		if nodes++; nodes > placed-1 {
			return nil, fmt.Errorf("more than %d separations for %d pieces", placed-1, placed)
		}
		s := &model.Separation{NumStates: v}
		var err error
		if s.Left, err = build(depth + 1); err != nil {
			return nil, err
		}
		if s.Removed, err = build(depth + 1); err != nil {
			return nil, err
		}
		return s, nil
	}
	root, err := build(1)
	switch {
	case err != nil:
		return nil, err
	case root == nil:
		return nil, fmt.Errorf("the tree is empty")
	case pos != len(vals):
		return nil, fmt.Errorf("%d numbers after the end of the tree", len(vals)-pos)
	}
	return root, nil
}
