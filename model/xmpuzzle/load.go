package xmpuzzle

import (
	"cmp"
	"errors"
	"fmt"
	"image/color"
	"math/bits"
	"slices"
	"strings"

	"github.com/beevik/etree"

	"github.com/burrlab/burrlab/model"
	"github.com/burrlab/burrlab/model/grid"
)

// elemError is a load error at an element; Read turns the element into a
// line number.
type elemError struct {
	el   *etree.Element
	line int // where el is nil: the line of the file
	msg  string
}

func (e *elemError) Error() string { return e.msg }

// errAt returns an error at element el. where names the place in the
// puzzle ("problem 2 \"Box\", solution 5") and may be empty.
func errAt(el *etree.Element, where, format string, args ...any) error {
	msg := fmt.Sprintf(format, args...)
	if where != "" {
		msg = where + ": " + msg
	}
	return &elemError{el: el, msg: msg}
}

// errAtLine returns an error on a line of the file, for what was read
// without an element (see cutSolutions).
func errAtLine(line int, where, format string, args ...any) error {
	err := errAt(nil, where, format, args...).(*elemError)
	err.line = line
	return err
}

// loader holds the state of loading one document: BurrTools reads files in
// one pass, and some rules depend on what came before (§10).
type loader struct {
	p       *model.Puzzle
	g       grid.Grid // nil until a <gridType> or the first <shapes>
	version int
	// shapeEls are the <voxel> elements, for errors found after all shapes
	// and colours are known.
	shapeEls []*etree.Element
	toks     []string // scratch of assembly
	// cut holds the solutions that cutSolutions cut out, for the
	// <solutions> elements that stand for them.
	cut *cutSolutionsText
	wt  *watch // follows the loading of the cut solutions
}

// load builds the puzzle from the document tree, taking the solutions of
// the <solutions> elements that stand for cut blocks from cut (see
// cutSolutions), if not nil; wt follows their loading.
func load(doc *etree.Document, cut *cutSolutionsText, wt *watch) (*model.Puzzle, error) {
	root := doc.Root()
	if root == nil {
		return nil, errors.New("no XML element in the file; it is not a puzzle file")
	}
	if root.Tag != "puzzle" {
		return nil, errAt(root, "", "the root element is <%s>, not <puzzle>: not a BurrTools puzzle", root.Tag)
	}
	l := &loader{p: &model.Puzzle{}, cut: cut, wt: wt}
	if err := l.puzzle(root); err != nil {
		return nil, err
	}
	return l.p, nil
}

// attr returns the value of attribute key and whether it is non-empty,
// which is how BurrTools tests for presence.
func attr(el *etree.Element, key string) (string, bool) {
	a := el.SelectAttr(key)
	if a == nil {
		return "", false
	}
	return a.Value, a.Value != ""
}

// intAttr reads a number attribute with atoi semantics. A missing or empty
// attribute gives def, or an error when required. Values outside lo..hi are
// errors.
func intAttr(el *etree.Element, where, key string, required bool, def, lo, hi int64) (int64, error) {
	s, ok := attr(el, key)
	if !ok {
		if required {
			return 0, errAt(el, where, "<%s> needs the %q attribute", el.Tag, key)
		}
		return def, nil
	}
	v := atoi(s)
	if v < lo || v > hi {
		return 0, errAt(el, where, "<%s %s=%q>: out of range %d..%d", el.Tag, key, clip(s), lo, hi)
	}
	return v, nil
}

// checkAttrs rejects duplicate attributes, as BurrTools' parser does, and
// more than maxAttrs of them (the cap keeps this pairwise test cheap: a
// root with 100,000 attributes took 11.6 s).
func checkAttrs(el *etree.Element, where string) error {
	if len(el.Attr) > maxAttrs {
		return errAt(el, where, "<%s> has %d attributes, more than the %d allowed", el.Tag, len(el.Attr), maxAttrs)
	}
	for i := 1; i < len(el.Attr); i++ {
		for j := 0; j < i; j++ {
			if el.Attr[i].Key == el.Attr[j].Key && el.Attr[i].Space == el.Attr[j].Space {
				return errAt(el, where, "<%s> has the attribute %q twice", el.Tag, el.Attr[i].FullKey())
			}
		}
	}
	return nil
}

// text returns the text content of an element that may hold only text
// (comments and processing instructions inside are ignored).
func text(el *etree.Element, where string) (string, error) {
	if len(el.Child) == 1 {
		// Nearly always one piece of text, taken as it is: HexSticks'
		// two shapes' voxel strings were 86 KB copied again for nothing.
		if t, ok := el.Child[0].(*etree.CharData); ok {
			return t.Data, nil
		}
	}
	var b strings.Builder
	for _, t := range el.Child {
		switch t := t.(type) {
		case *etree.CharData:
			b.WriteString(t.Data)
		case *etree.Element:
			return "", errAt(t, where, "<%s> may hold only text, not <%s>", el.Tag, t.Tag)
		}
	}
	return b.String(), nil
}

// children calls f for each child element, after rejecting duplicate
// attributes on it.
func children(el *etree.Element, where string, f func(c *etree.Element) error) error {
	for _, c := range el.ChildElements() {
		if err := checkAttrs(c, where); err != nil {
			return err
		}
		if err := f(c); err != nil {
			return err
		}
	}
	return nil
}

// puzzle reads the root element (§4).
func (l *loader) puzzle(root *etree.Element) error {
	if err := checkAttrs(root, ""); err != nil {
		return err
	}
	v, err := intAttr(root, "", "version", true, 0, -1<<62, 1<<62)
	if err != nil {
		return err
	}
	if v != formatVersion && v != legacyVersion {
		return errAt(root, "", "file format version %d; BurrTools files have version 1 or 2", v)
	}
	l.version = int(v)
	err = children(root, "", func(c *etree.Element) error {
		switch c.Tag {
		case "gridType":
			return l.gridType(c)
		case "colors":
			return l.colors(c)
		case "shapes":
			return l.shapes(c)
		case "problems":
			return l.problems(c)
		case "comment":
			return l.comment(c)
		}
		return nil // unknown elements are skipped with their subtree
	})
	if err != nil {
		return err
	}
	if l.g == nil { // neither shapes nor a grid type: an empty cube puzzle
		l.g = grid.Must(grid.Cubes)
	}
	return l.finish()
}

func (l *loader) gridType(el *etree.Element) error {
	if l.g != nil {
		return errAt(el, "", "only one <gridType> may be given, and only before the shapes")
	}
	t, err := intAttr(el, "", "type", true, 0, -1<<62, 1<<62)
	if err != nil {
		return err
	}
	if t < 0 || t >= grid.NumTypes {
		return errAt(el, "", "unknown grid type %d (BurrTools knows 0 to %d)", t, grid.NumTypes-1)
	}
	l.p.Grid = grid.Type(t)
	l.g = grid.Must(l.p.Grid) // t is one of the known types
	return nil
}

func (l *loader) colors(el *etree.Element) error {
	return children(el, "", func(c *etree.Element) error {
		if c.Tag != "color" {
			return nil
		}
		if len(l.p.Colors) == model.MaxColor {
			return errAt(c, "", "more than %d colours", model.MaxColor)
		}
		// A component outside 0..255 is clamped to it: 300 is as red as a
		// colour gets, not the dark 44 that BurrTools' mask to a byte makes
		// of it. It changes a display colour and nothing else, and saving
		// writes the clamped value, which BurrTools reads the same. A
		// missing value is 0, as in BurrTools.
		rgb := func(k string) uint8 { s, _ := attr(c, k); return uint8(min(max(atoi(s), 0), 0xFF)) }
		l.p.Colors = append(l.p.Colors, color.RGBA{R: rgb("red"), G: rgb("green"), B: rgb("blue"), A: 0xFF})
		return nil
	})
}

func (l *loader) comment(el *etree.Element) error {
	s, err := text(el, "comment")
	if err != nil {
		return err
	}
	l.p.Comment = s
	// popup is a presence flag: any value, even an empty one, counts. An
	// empty comment has nothing to show, and BurrTools writes the flag only
	// with text, so it is dropped there (found by FuzzRead: the flag did not
	// survive a round trip).
	l.p.CommentPopup = s != "" && el.SelectAttr("popup") != nil
	return nil
}

func (l *loader) shapes(el *etree.Element) error {
	if l.g == nil { // files without <gridType> are old cube files
		l.g = grid.Must(grid.Cubes)
	}
	return children(el, "", func(c *etree.Element) error {
		if c.Tag != "voxel" {
			return nil
		}
		i := len(l.p.Shapes)
		if i == maxShapes {
			return errAt(c, "", "more than %d shapes", maxShapes)
		}
		s, err := l.shape(c, fmt.Sprintf("shape %d", i))
		if err != nil {
			return err
		}
		l.p.Shapes = append(l.p.Shapes, s)
		l.shapeEls = append(l.shapeEls, c)
		return nil
	})
}

// shape reads a <voxel> element (§7).
func (l *loader) shape(el *etree.Element, where string) (model.Shape, error) {
	var s model.Shape
	if name, _ := attr(el, "name"); name != "" {
		s.Name = name
		where += fmt.Sprintf(" %q", name)
	}
	for k, key := range []string{"x", "y", "z"} {
		v, err := intAttr(el, where, key, true, 0, 0, maxAxis)
		if err != nil {
			return s, err
		}
		s.Size[k] = int(v)
	}
	for k, key := range []string{"hx", "hy", "hz"} {
		v, err := intAttr(el, where, key, false, 0, -maxCoord, maxCoord)
		if err != nil {
			return s, err
		}
		s.Hotspot[k] = int(v)
	}
	w, err := intAttr(el, where, "weight", false, 1, -maxCoord, maxCoord)
	if err != nil {
		return s, err
	}
	s.Weight = int(w)
	typ, err := intAttr(el, where, "type", true, 0, -1<<62, 1<<62)
	if err != nil {
		return s, err
	}
	cells := s.Size[0] * s.Size[1] * s.Size[2]
	if cells > maxShapeCells {
		return s, errAt(el, where, "%dx%dx%d is %d cells, more than the %d allowed", s.Size[0], s.Size[1], s.Size[2], cells, maxShapeCells)
	}
	str, err := text(el, where)
	if err != nil {
		return s, err
	}
	if typ != 0 && strings.TrimSpace(str) != "" {
		return s, errAt(el, where, "unknown voxel storage type %d (only 0 exists)", typ)
	}
	s.Voxels, err = voxels(str, cells)
	if err != nil {
		return s, errAt(el, where, "voxel string: %v", err)
	}
	if cells == 0 {
		// BurrTools cannot read a space without cells back, so the writer
		// turns it into one empty cell; read it as that from the start.
		s.Size, s.Voxels = grid.Vec{1, 1, 1}, []model.Voxel{0}
	}
	return s, nil
}

// voxels decodes a voxel string of n cells (§7.2). Whitespace is skipped
// (BurrTools itself rejects it); digits after a state character give the
// cell's colour.
func voxels(str string, n int) ([]model.Voxel, error) {
	out := make([]model.Voxel, n)
	cur := -1 // index of the cell whose colour digits may follow
	var state model.State
	color := 0
	for i := 0; i < len(str); i++ {
		c := str[i]
		switch {
		case c == '_' || c == '#' || c == '+':
			// Most of a big shape's string is runs of empty cells, with
			// other cells among them: they go eight at a time. Tried at
			// each '#' too, this doubled the reading of
			// DraculasDentalDesaster, whose cells all have colours.
			if c == '_' {
				if r := cellWords(str[i:], out[min(cur+1, n):]); r > 0 {
					i, cur = i+r-1, cur+r
					state, color = cellState(str[i]), 0
					continue
				}
			}
			cur++
			state, color = cellState(c), 0
			if cur < n {
				out[cur] = model.MakeVoxel(state, 0)
			}
		case c >= '0' && c <= '9':
			if cur < 0 || (i > 0 && isSpace(str[i-1])) {
				return nil, fmt.Errorf("colour digit at offset %d does not follow a cell", i)
			}
			color = color*10 + int(c-'0')
			if color > model.MaxColor {
				return nil, fmt.Errorf("cell %d: colour above %d", cur, model.MaxColor)
			}
			if cur < n {
				out[cur] = model.MakeVoxel(state, color) // empty cells drop it
			}
		case isSpace(c):
		default:
			return nil, fmt.Errorf("unexpected character %q at offset %d", c, i)
		}
	}
	if cur+1 != n {
		return nil, fmt.Errorf("%d cells, the space has %d", cur+1, n)
	}
	return out, nil
}

// cellWords decodes into out the state characters that s starts with, in
// words of eight while out has room for eight more cells, and returns how
// many it decoded. Runs of empty cells are most of a big shape's voxel
// string (HexSticks: 1,881 runs in the result's 42,875 cells), and out is
// zero already: words of them are skipped, 32 bytes at a time where they
// can be, and a cell is written for each other character. Decoding
// HexSticks' voxel strings took 0.7M instructions a character at a
// time, 0.35M skipping only runs of empty cells this way, and 0.24M now.
// (The parentheses matter: ^ binds no tighter than |.)
func cellWords(s string, out []model.Voxel) int {
	n := min(len(s), len(out))
	i := 0
	for ; n-i >= 32; i += 32 {
		b := s[i:][:32]
		w0, w1, w2, w3 := load64(b[0:8]), load64(b[8:16]), load64(b[16:24]), load64(b[24:32])
		if (w0^emptyWord)|(w1^emptyWord)|(w2^emptyWord)|(w3^emptyWord) == 0 {
			continue
		}
		o := (*[32]model.Voxel)(out[i:])
		for j, w := range [4]uint64{w0, w1, w2, w3} {
			if k := cellWord(w, (*[8]model.Voxel)(o[8*j:])); k < 8 {
				return i + 8*j + k
			}
		}
	}
	for ; n-i >= 8; i += 8 {
		if k := cellWord(load64(s[i:][:8]), (*[8]model.Voxel)(out[i:])); k < 8 {
			return i + k
		}
	}
	return i
}

// cellWord writes into out the cells of the state characters that the
// eight characters of word w start with (the empty ones are zero
// already), and returns how many those are.
func cellWord(w uint64, out *[8]model.Voxel) int {
	// The bytes that are not '_', lowest first.
	for d := w ^ emptyWord; d != 0; {
		k := bits.TrailingZeros64(d) >> 3
		switch c := byte(d>>(8*k)) ^ '_'; c {
		case '#', '+':
			out[k] = model.Voxel(cellState(c))
		default:
			return k
		}
		d &^= 0xff << (8 * k)
	}
	return 8
}

// load64 returns the first 8 bytes of s as a little-endian word; the
// compiler makes it a single load.
func load64(s string) uint64 {
	_ = s[7]
	return uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
		uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
}

// emptyWord is eight empty cells, "________", read as a little-endian word.
const emptyWord = 0x5f5f5f5f5f5f5f5f

// cellState returns the state a voxel string character stands for.
func cellState(c byte) model.State {
	switch c {
	case '#':
		return model.Filled
	case '+':
		return model.Variable
	}
	return model.Empty
}

func (l *loader) problems(el *etree.Element) error {
	return children(el, "", func(c *etree.Element) error {
		if c.Tag != "problem" {
			return nil
		}
		i := len(l.p.Problems)
		if i == maxProblems {
			return errAt(c, "", "more than %d problems", maxProblems)
		}
		pr, err := l.problem(c, i)
		if err != nil {
			return err
		}
		l.p.Problems = append(l.p.Problems, pr)
		return nil
	})
}

// problem reads a <problem> element (§8).
func (l *loader) problem(el *etree.Element, index int) (model.Problem, error) {
	pr := model.NewProblem("")
	where := fmt.Sprintf("problem %d", index)
	if name, _ := attr(el, "name"); name != "" {
		pr.Name = name
		where += fmt.Sprintf(" %q", name)
	}
	if s, ok := attr(el, "maxHoles"); ok {
		// A bound at or above the result's variable cells limits nothing
		// (BurrTools compares it, unsigned, with the variable cells left
		// empty). One above the cells any shape may have can never limit
		// anything, even after the result is edited, so it reads as no
		// bound: then no later sum or conversion can wrap it, and saving
		// writes no attribute. BurrTools itself would keep only its low
		// 32 bits (2^32 would bound the holes to 0), which we do not copy.
		// -1 is BurrTools' "undefined" 0xFFFFFFFF written signed; other
		// negative numbers mean nothing and BurrTools never writes them.
		switch v := atoi(s); {
		case v == -1 || v > maxShapeCells:
		case v < 0:
			return pr, errAt(el, where, "maxHoles=%q is negative (leave it out for no bound)", clip(s))
		default:
			pr.MaxHoles = int(v)
		}
	}
	st, err := intAttr(el, where, "state", false, 0, int64(model.Unsolved), int64(model.Stale))
	if err != nil {
		return pr, err
	}
	pr.State = model.SolveState(st)
	if pr.State != model.Unsolved { // counters mean nothing in state 0
		// Seconds are kept below 2^33 (272 years), so that they fit a
		// time.Duration in nanoseconds (292 years) without wrapping.
		for _, c := range []struct {
			key string
			dst *uint64
			max int64
		}{{"assemblies", &pr.NumAssemblies, 1 << 62}, {"solutions", &pr.NumSolutions, 1 << 62}, {"time", &pr.SolveTime, maxSeconds}} {
			v, err := intAttr(el, where, c.key, false, 0, 0, c.max)
			if err != nil {
				return pr, err
			}
			*c.dst = uint64(v)
		}
	}
	slots, groups := 0, 0
	var solAt []solutionPlace // for errors found after all solutions
	err = children(el, where, func(c *etree.Element) error {
		switch c.Tag {
		case "shapes": // the parts, "for historical reasons"
			return children(c, where, func(s *etree.Element) error {
				if s.Tag != "shape" {
					return errAt(s, where, "unexpected <%s> in the piece list", s.Tag)
				}
				if len(pr.Parts) == maxParts {
					return errAt(s, where, "more than %d parts", maxParts)
				}
				part, err := l.part(s, fmt.Sprintf("%s, part %d", where, len(pr.Parts)))
				if err != nil {
					return err
				}
				if slots += part.Max; slots > maxSlots {
					return errAt(s, where, "more than %d pieces", maxSlots)
				}
				// The disassembler keeps a table of parts by groups.
				if groups += len(part.Groups); groups > maxGroups {
					return errAt(s, where, "more than %d group entries", maxGroups)
				}
				pr.Parts = append(pr.Parts, part)
				return nil
			})
		case "result":
			id, err := intAttr(c, where, "id", true, 0, -1<<62, 1<<62)
			if err != nil {
				return err
			}
			// Compared before it is converted, so that no id wraps onto
			// a shape; one that names no shape means "no result", as in
			// BurrTools.
			if id < 0 || id >= int64(len(l.p.Shapes)) {
				id = model.NoResult
			}
			pr.Result = int(id)
		case "bitmap":
			return children(c, where, func(p *etree.Element) error {
				if p.Tag != "pair" {
					return nil
				}
				// 0-based colour indices in the file, 1-based in the model.
				pc, err := intAttr(p, where, "piece", true, 0, 0, model.MaxColor-1)
				if err != nil {
					return err
				}
				rc, err := intAttr(p, where, "result", true, 0, 0, model.MaxColor-1)
				if err != nil {
					return err
				}
				pr.ColorRules = append(pr.ColorRules, model.ColorRule{Piece: int(pc) + 1, Result: int(rc) + 1})
				return nil
			})
		case "assembler":
			v, ok := attr(c, "version")
			if !ok {
				return nil // ignored without a version, as in BurrTools
			}
			data, err := text(c, where)
			if err != nil {
				return err
			}
			pr.Assembler = &model.AssemblerState{Version: v, Data: data}
		case "solutions":
			if b, ok := l.block(c); ok {
				return l.blockSolutions(b, where, slots, &pr.Solutions, &solAt)
			}
			return children(c, where, func(s *etree.Element) error {
				if s.Tag != "solution" {
					return errAt(s, where, "unexpected <%s> among the solutions", s.Tag)
				}
				sol, err := l.solution(s, fmt.Sprintf("%s, solution %d", where, len(pr.Solutions)), slots)
				if err != nil {
					return err
				}
				pr.Solutions = append(pr.Solutions, sol)
				solAt = append(solAt, solutionPlace{el: s})
				return nil
			})
		}
		return nil
	})
	if err != nil {
		return pr, err
	}
	// BurrTools keeps colour rules in a set.
	slices.SortFunc(pr.ColorRules, func(a, b model.ColorRule) int {
		return cmp.Or(cmp.Compare(a.Piece, b.Piece), cmp.Compare(a.Result, b.Result))
	})
	pr.ColorRules = slices.Compact(pr.ColorRules)
	normalizeState(&pr)
	// Parts after solutions (BurrTools counts slots as it goes) would leave
	// stored assemblies short of slots.
	slotParts := pr.SlotParts() // once: a problem may have hundreds of solutions
	for i := range pr.Solutions {
		if len(pr.Solutions[i].Assembly) != slots {
			return pr, l.errAtSolution(solAt[i], fmt.Sprintf("%s, solution %d", where, i), "%d placements, but the problem has %d piece slots", len(pr.Solutions[i].Assembly), slots)
		}
		if err := l.normalizeSolution(&pr, slotParts, &pr.Solutions[i]); err != nil {
			return pr, l.errAtSolution(solAt[i], fmt.Sprintf("%s, solution %d", where, i), "%v", err)
		}
	}
	return pr, nil
}

// normalizeState keeps the resume state only where BurrTools would write it
// (state 1), and takes a paused problem that cannot be resumed for what it
// is: stale counters, or nothing when no solution is kept (§8.5). The writer
// does the same, so a file written and read again loads the same.
func normalizeState(pr *model.Problem) {
	if pr.State != model.Paused {
		pr.Assembler = nil
		return
	}
	if !resumable(pr) {
		pr.Invalidate()
	}
}

// part reads one <shape> of a problem's piece list (§8.2).
func (l *loader) part(el *etree.Element, where string) (model.Part, error) {
	var part model.Part
	id, err := intAttr(el, where, "id", true, 0, -1<<62, 1<<62)
	if err != nil {
		return part, err
	}
	if id < 0 || id >= int64(len(l.p.Shapes)) {
		return part, errAt(el, where, "shape id %d does not exist (%d shapes are defined before it)", id, len(l.p.Shapes))
	}
	part.Shape = int(id)
	_, hasCount := attr(el, "count")
	_, hasMin := attr(el, "min")
	_, hasMax := attr(el, "max")
	switch {
	case hasCount:
		n, err := intAttr(el, where, "count", true, 0, 0, maxSlots)
		if err != nil {
			return part, err
		}
		part.Min, part.Max = int(n), int(n)
	case hasMin && hasMax:
		lo, err := intAttr(el, where, "min", true, 0, 0, maxSlots)
		if err != nil {
			return part, err
		}
		hi, err := intAttr(el, where, "max", true, 0, 0, maxSlots)
		if err != nil {
			return part, err
		}
		if lo > hi {
			return part, errAt(el, where, "min %d is above max %d", lo, hi)
		}
		part.Min, part.Max = int(lo), int(hi)
	default:
		part.Min, part.Max = 1, 1
	}
	grp, err := intAttr(el, where, "group", false, 0, 0, 65535)
	if err != nil {
		return part, err
	}
	if grp != 0 {
		// All instances in one group; BurrTools skips any children then.
		part.Groups = []model.GroupCount{{Group: int(grp), Count: part.Max}}
		return part, nil
	}
	err = children(el, where, func(c *etree.Element) error {
		if c.Tag != "group" {
			return nil
		}
		g, err := intAttr(c, where, "group", true, 0, 0, 65535)
		if err != nil {
			return err
		}
		n, err := intAttr(c, where, "count", true, 0, 0, maxSlots)
		if err != nil {
			return err
		}
		if g != 0 { // group 0 is "no group"; BurrTools never writes it
			part.Groups = append(part.Groups, model.GroupCount{Group: int(g), Count: int(n)})
		}
		return nil
	})
	return part, err
}

// finish checks what needs the whole file: the model's own invariants,
// shapes against the number of colours and the grid among them.
func (l *loader) finish() error {
	err := l.p.Validate()
	if err == nil {
		return nil
	}
	// A shape's error is reported where the shape is; checking each one
	// again only then spares validating every cell twice (HexSticks' six
	// shapes of 42,875 cells: a quarter of its reading).
	for i := range l.p.Shapes {
		s := &l.p.Shapes[i]
		if err := s.Validate(l.g, len(l.p.Colors)); err != nil {
			where := fmt.Sprintf("shape %d", i)
			if s.Name != "" {
				where += fmt.Sprintf(" %q", s.Name)
			}
			return errAt(l.shapeEls[i], where, "%v", err)
		}
	}
	return err
}
