package xmpuzzle

import (
	"bufio"
	"bytes"
	"cmp"
	"compress/gzip"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/beevik/etree"

	"github.com/burrlab/burrlab/internal/atomicfile"
	"github.com/burrlab/burrlab/internal/pargzip"
	"github.com/burrlab/burrlab/model"
	"github.com/burrlab/burrlab/model/grid"
)

// Write saves p to w as a gzip-compressed .xmpuzzle in BurrTools 0.7.1's
// layout. p is validated first and left unchanged.
func Write(w io.Writer, p *model.Puzzle) error {
	return writeWatched(w, p, gzip.DefaultCompression, nil)
}

// writeWatched is Write at a gzip level, followed by wt.
func writeWatched(w io.Writer, p *model.Puzzle, level int, wt *watch) error {
	doc, g, err := encode(p)
	if err != nil {
		return err
	}
	zw, err := pargzip.NewWriterLevel(w, level)
	if err != nil {
		return err
	}
	var skeleton bytes.Buffer
	if _, err := doc.WriteTo(&skeleton); err != nil {
		return err
	}
	bw := bufio.NewWriterSize(zw, 64<<10)
	text := skeleton.Bytes()
	total := 0
	for k := range p.Problems {
		if pr := &p.Problems[k]; hasSolutions(pr) {
			total += len(pr.Solutions)
		}
	}
	wt.phase(0, 1, int64(total))
	for k := range p.Problems {
		pr := &p.Problems[k]
		mark := []byte("<!--" + blockMark + strconv.Itoa(k) + "-->")
		i := bytes.Index(text, mark)
		if i < 0 {
			continue // no solutions written
		}
		bw.Write(text[:i])
		if err := writeSolutions(bw, g, pr, wt); err != nil {
			return err
		}
		text = text[i+len(mark):]
	}
	bw.Write(text)
	if err := bw.Flush(); err != nil {
		return err
	}
	return zw.Close()
}

// writeSolutions writes the <solution> elements of pr, laid out as inside
// the document's <solutions>, where the first one's indentation is, in
// batches: one element tree of a big search's solutions took 700 bytes
// an element (1.5 GB for 575,580 Bedlam assemblies). wt follows it.
func writeSolutions(w *bufio.Writer, g grid.Grid, pr *model.Problem, wt *watch) error {
	const batch = 256
	slotParts := pr.SlotParts()
	settings := etree.NewDocument().WriteSettings
	for from := 0; from < len(pr.Solutions); from += batch {
		// A chain as deep as <solutions>, so that Indent lays out the
		// solutions as in the whole document: its children are space,
		// a solution, space, ..., a solution, space.
		doc := etree.NewDocument()
		sols := doc.CreateElement("puzzle").CreateElement("problems").CreateElement("problem").CreateElement("solutions")
		for i := from; i < min(from+batch, len(pr.Solutions)); i++ {
			writeSolution(sols, g, slotParts, &pr.Solutions[i])
		}
		doc.Indent(1)
		toks := sols.Child
		if from > 0 {
			toks[0].WriteTo(w, &settings)
		}
		for _, t := range toks[1 : len(toks)-1] {
			t.WriteTo(w, &settings)
		}
		if err := wt.add(int64(len(toks) / 2)); err != nil {
			return err
		}
	}
	return nil
}

// WriteFile saves p to the named file through atomicfile, so that a crash
// or a full disk never leaves the user without the previous file.
func WriteFile(path string, p *model.Puzzle) error {
	return atomicfile.WriteFile(path, func(w io.Writer) error { return Write(w, p) })
}

// WriteFileFast saves p as WriteFile does, with gzip's fastest
// compression: a tenth of the time of Write's for files half as large
// again (3,940 assemblies of the 5x4x3 pentomino box: 5 ms and 137 KB
// against 53 ms and 89 KB). It is for files that are read once and
// thrown away, such as the parts of a split search that burr merge
// combines, or seldom, such as the app's recovery files.
func WriteFileFast(path string, p *model.Puzzle) error {
	return atomicfile.WriteFile(path, func(w io.Writer) error { return writeWatched(w, p, gzip.BestSpeed, nil) })
}

// encode builds the document, laid out as BurrTools 0.7.1 writes it,
// but with a comment marking where each problem's solutions go (see
// writeSolutions), and returns the puzzle's grid.
func encode(p *model.Puzzle) (*etree.Document, grid.Grid, error) {
	if err := p.Validate(); err != nil {
		return nil, nil, fmt.Errorf("not saving an invalid puzzle: %w", err)
	}
	g, err := p.GridOf()
	if err != nil {
		return nil, nil, err
	}
	doc := etree.NewDocument()
	doc.CreateProcInst("xml", `version="1.0"`)
	root := doc.CreateElement("puzzle")
	root.CreateAttr("version", strconv.Itoa(formatVersion))
	root.CreateElement("gridType").CreateAttr("type", strconv.Itoa(int(p.Grid)))
	colors := root.CreateElement("colors")
	for _, c := range p.Colors {
		e := colors.CreateElement("color")
		setInt(e, "red", int(c.R))
		setInt(e, "green", int(c.G))
		setInt(e, "blue", int(c.B))
	}
	shapes := root.CreateElement("shapes")
	for i := range p.Shapes {
		writeShape(shapes, &p.Shapes[i])
	}
	problems := root.CreateElement("problems")
	for i := range p.Problems {
		writeProblem(problems, &p.Problems[i], i)
	}
	comment := root.CreateElement("comment")
	if p.Comment != "" {
		if p.CommentPopup {
			comment.CreateAttr("popup", "")
		}
		comment.SetText(p.Comment)
	}
	doc.Indent(1)
	return doc, g, nil
}

func setInt(e *etree.Element, key string, v int) { e.CreateAttr(key, strconv.Itoa(v)) }

// writeShape writes a <voxel> (§7). A space without cells cannot be read
// back by BurrTools ("voxel space requires content"), so it is written as
// one empty cell.
func writeShape(parent *etree.Element, s *model.Shape) {
	size, vox := s.Size, s.Voxels
	if len(vox) == 0 {
		size, vox = grid.Vec{1, 1, 1}, []model.Voxel{0}
	}
	e := parent.CreateElement("voxel")
	setInt(e, "x", size[0])
	setInt(e, "y", size[1])
	setInt(e, "z", size[2])
	for k, key := range []string{"hx", "hy", "hz"} {
		if s.Hotspot[k] != 0 {
			setInt(e, key, s.Hotspot[k])
		}
	}
	if s.Weight != 1 {
		setInt(e, "weight", s.Weight)
	}
	if s.Name != "" {
		e.CreateAttr("name", s.Name)
	}
	setInt(e, "type", 0)
	var b strings.Builder
	b.Grow(len(vox))
	for _, v := range vox {
		switch v.State() {
		case model.Empty:
			b.WriteByte('_')
			continue
		case model.Filled:
			b.WriteByte('#')
		case model.Variable:
			b.WriteByte('+')
		}
		if v.Color() != 0 {
			b.WriteString(strconv.Itoa(v.Color()))
		}
	}
	e.SetText(b.String())
}

// savedState is the state a problem is written with: never 1 without the
// resume data BurrTools needs (§8.5); the reader maps it the same way.
func savedState(pr *model.Problem) model.SolveState {
	if pr.State == model.Paused && !resumable(pr) {
		if len(pr.Solutions) == 0 {
			return model.Unsolved
		}
		return model.Stale
	}
	return pr.State
}

// resumable reports whether a paused problem carries the resume data that
// BurrTools writes: a version and a non-empty dump.
func resumable(pr *model.Problem) bool {
	return pr.Assembler != nil && pr.Assembler.Version != "" && pr.Assembler.Data != ""
}

// writeProblem writes a <problem> (§8), the k-th, with a comment for its
// solutions.
func writeProblem(parent *etree.Element, pr *model.Problem, k int) {
	e := parent.CreateElement("problem")
	if pr.Name != "" {
		e.CreateAttr("name", pr.Name)
	}
	state := savedState(pr)
	setInt(e, "state", int(state))
	if state != model.Unsolved {
		e.CreateAttr("assemblies", strconv.FormatUint(pr.NumAssemblies, 10))
		e.CreateAttr("solutions", strconv.FormatUint(pr.NumSolutions, 10))
		e.CreateAttr("time", strconv.FormatUint(pr.SolveTime, 10))
	}
	// A bound above any shape's cells is no bound (see the reader), and
	// BurrTools would keep only its low 32 bits.
	if pr.MaxHoles >= 0 && pr.MaxHoles <= maxShapeCells {
		setInt(e, "maxHoles", pr.MaxHoles)
	}
	parts := e.CreateElement("shapes")
	for _, part := range pr.Parts {
		s := parts.CreateElement("shape")
		setInt(s, "id", part.Shape)
		if part.Min == part.Max {
			setInt(s, "count", part.Min)
		} else {
			setInt(s, "min", part.Min)
			setInt(s, "max", part.Max)
		}
		if len(part.Groups) == 1 && part.Groups[0].Count == part.Max {
			setInt(s, "group", part.Groups[0].Group) // all instances in one group
			continue
		}
		for _, gc := range part.Groups {
			ge := s.CreateElement("group")
			setInt(ge, "group", gc.Group)
			setInt(ge, "count", gc.Count)
		}
	}
	result := e.CreateElement("result")
	if pr.Result == model.NoResult {
		result.CreateAttr("id", strconv.Itoa(undefined32))
	} else {
		setInt(result, "id", pr.Result)
	}
	// BurrTools keeps the pairs in a set ordered by piece<<16 | result.
	rules := slices.Clone(pr.ColorRules)
	slices.SortFunc(rules, func(a, b model.ColorRule) int {
		return cmp.Or(cmp.Compare(a.Piece, b.Piece), cmp.Compare(a.Result, b.Result))
	})
	bitmap := e.CreateElement("bitmap")
	for _, r := range slices.Compact(rules) {
		pe := bitmap.CreateElement("pair")
		setInt(pe, "piece", r.Piece-1)
		setInt(pe, "result", r.Result-1)
	}
	if state == model.Paused {
		a := e.CreateElement("assembler")
		a.CreateAttr("version", pr.Assembler.Version)
		a.SetText(pr.Assembler.Data)
	}
	if hasSolutions(pr) {
		e.CreateElement("solutions").CreateComment(blockMark + strconv.Itoa(k))
	}
}

// hasSolutions reports whether pr's text gets a <solutions>, for the
// writer and for its progress, which counts what it will write.
func hasSolutions(pr *model.Problem) bool { return len(pr.Solutions) > 0 && pr.NumSlots() > 0 }

// writeSolution writes a <solution> (§8.6) with its slots in normal order
// (placed first, sorted within each part) and the disassembly's piece
// numbers changed to match.
func writeSolution(parent *etree.Element, g grid.Grid, slotParts []int, sol *model.Solution) {
	e := parent.CreateElement("solution")
	if sol.AsmNum != 0 {
		setInt(e, "asmNum", sol.AsmNum)
	}
	if sol.SolNum != 0 && sol.Disassembly != nil {
		setInt(e, "solNum", sol.SolNum)
	}
	order := slotOrder(slotParts, sol.Assembly)
	newSlot := func(s int) int { return s }
	if order != nil {
		inv := make([]int, len(order))
		for n, o := range order {
			inv[o] = n
		}
		newSlot = func(s int) int { return inv[s] }
	}
	// strconv, not fmt, which took an eighth of saving Bedlam's 19,186
	// assemblies (burr convert: 0.42 s of CPU before, 0.38 s after).
	b := make([]byte, 0, 16*len(sol.Assembly))
	for n := range sol.Assembly {
		pl := sol.Assembly[n]
		if order != nil {
			pl = sol.Assembly[order[n]]
		}
		if n > 0 {
			b = append(b, ' ')
		}
		if !pl.Placed() {
			b = append(b, 'x')
			continue
		}
		for _, v := range [4]int{pl.Pos[0], pl.Pos[1], pl.Pos[2], pl.Orient} {
			b = strconv.AppendInt(b, int64(v), 10)
			b = append(b, ' ')
		}
		b = b[:len(b)-1]
	}
	e.CreateElement("assembly").SetText(string(b))
	switch d := sol.Disassembly; {
	case d == nil:
	case detailed(d):
		writeSeparation(e, g, d, "", newSlot)
	default:
		// A tree with only outline nodes somewhere can only be written as
		// an outline.
		var vals []string
		var walk func(s *model.Separation)
		walk = func(s *model.Separation) {
			if s == nil {
				vals = append(vals, "0")
				return
			}
			vals = append(vals, strconv.Itoa(s.Moves()+1))
			walk(s.Left)
			walk(s.Removed)
		}
		walk(d)
		e.CreateElement("separationInfo").SetText(strings.Join(vals, " "))
	}
}

// detailed reports whether every node of the tree has its states.
func detailed(s *model.Separation) bool {
	return s == nil || !s.Outline() && detailed(s.Removed) && detailed(s.Left)
}

// writeSeparation writes a <separation> node and its children, removed
// before left (§8.8). Removed pieces go to prev + 20000·d.
func writeSeparation(parent *etree.Element, g grid.Grid, s *model.Separation, typ string, newSlot func(int) int) {
	e := parent.CreateElement("separation")
	if typ != "" {
		e.CreateAttr("type", typ)
	}
	pieces := e.CreateElement("pieces")
	setInt(pieces, "count", len(s.Pieces))
	nums := make([]int, len(s.Pieces))
	for j, p := range s.Pieces {
		nums[j] = newSlot(p)
	}
	pieces.SetText(joinInts(nums))
	for i, st := range s.States {
		if i == len(s.States)-1 && i > 0 {
			st = slices.Clone(st)
			for j := range st {
				if s.RemovedIn(j) {
					st[j] = removalPos(g, s.States[i-1][j], st[j])
				}
			}
		}
		se := e.CreateElement("state")
		for k, tag := range []string{"dx", "dy", "dz"} {
			for j := range st {
				nums[j] = st[j][k]
			}
			se.CreateElement(tag).SetText(joinInts(nums))
		}
	}
	if s.Removed != nil {
		writeSeparation(e, g, s.Removed, "removed", newSlot)
	}
	if s.Left != nil {
		writeSeparation(e, g, s.Left, "left", newSlot)
	}
}

func joinInts(v []int) string {
	b := make([]byte, 0, len(v)*4)
	for i, x := range v {
		if i > 0 {
			b = append(b, ' ')
		}
		b = strconv.AppendInt(b, int64(x), 10)
	}
	return string(b)
}
