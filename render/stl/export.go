package stl

import (
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/burrlab/burrlab/internal/atomicfile"
	"github.com/burrlab/burrlab/model"
	"github.com/burrlab/burrlab/render"
)

// Shape builds the mesh of shape i of p, in the shape's own coordinates.
func Shape(p *model.Puzzle, i int, o Options) (*Mesh, error) {
	g, err := p.GridOf()
	if err != nil {
		return nil, err
	}
	if i < 0 || i >= len(p.Shapes) {
		return nil, fmt.Errorf("shape %d does not exist (the puzzle has %d)", i, len(p.Shapes))
	}
	s := &p.Shapes[i]
	if n := s.NumCells(); n == 0 {
		return nil, fmt.Errorf("%s has no cells: nothing to print", ShapeLabel(p, i))
	} else if n > render.MaxMeshCells {
		// Checked before the cells are listed: the list of a huge
		// shape alone takes hundreds of megabytes.
		return nil, fmt.Errorf("%s: %d cells, at most %d per mesh", ShapeLabel(p, i), n, render.MaxMeshCells)
	}
	// Filled and variable cells: a variable cell is material of the
	// shape too.
	m, err := Cells(g, s.Cells(), o)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", ShapeLabel(p, i), err)
	}
	return m, nil
}

// ShapeLabel names shape i as the app does: S1 for the first, with its
// name after it when it has one.
func ShapeLabel(p *model.Puzzle, i int) string {
	if i >= 0 && i < len(p.Shapes) && p.Shapes[i].Name != "" {
		return fmt.Sprintf("S%d (%s)", i+1, p.Shapes[i].Name)
	}
	return fmt.Sprintf("S%d", i+1)
}

// PieceShapes returns the shapes of the pieces that solution k of problem
// pr places, each once, in the order of their first piece.
func PieceShapes(p *model.Puzzle, pr, k int) ([]int, error) {
	prob, sol, err := render.StoredSolution(p, pr, k)
	if err != nil {
		return nil, err
	}
	slots := prob.SlotParts()
	if len(sol.Assembly) != len(slots) {
		return nil, fmt.Errorf("problem %d, solution %d: %d placements for %d pieces", pr, k, len(sol.Assembly), len(slots))
	}
	seen := map[int]bool{}
	var out []int
	for i, pl := range sol.Assembly {
		sh := prob.Parts[slots[i]].Shape
		if !pl.Placed() || seen[sh] {
			continue
		}
		if sh < 0 || sh >= len(p.Shapes) {
			return nil, fmt.Errorf("problem %d: piece %d has shape %d, which does not exist", pr, i, sh)
		}
		seen[sh] = true
		out = append(out, sh)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("problem %d, solution %d places no piece", pr, k)
	}
	return out, nil
}

// Assembled builds solution k of problem pr as one mesh: every placed
// piece where the solution puts it, each pulled in by the gap, so that
// neighbouring pieces stand 2*Gap apart.
func Assembled(p *model.Puzzle, pr, k int, o Options) (*Mesh, error) {
	g, err := p.GridOf()
	if err != nil {
		return nil, err
	}
	prob, sol, err := render.StoredSolution(p, pr, k)
	if err != nil {
		return nil, err
	}
	slots := prob.SlotParts()
	if len(sol.Assembly) != len(slots) {
		return nil, fmt.Errorf("problem %d, solution %d: %d placements for %d pieces", pr, k, len(sol.Assembly), len(slots))
	}
	out := &Mesh{}
	cells := 0
	for i, pl := range sol.Assembly {
		if !pl.Placed() {
			continue
		}
		sh := prob.Parts[slots[i]].Shape
		if sh < 0 || sh >= len(p.Shapes) {
			return nil, fmt.Errorf("problem %d: piece %d has shape %d, which does not exist", pr, i, sh)
		}
		if cells += p.Shapes[sh].NumCells(); cells > render.MaxMeshCells {
			return nil, fmt.Errorf("problem %d, solution %d: more than %d cells", pr, k, render.MaxMeshCells)
		}
		// PlacedCells places filled cells; variable ones are printed too.
		s := p.Shapes[sh].Clone()
		for j, v := range s.Voxels {
			if v.State() == model.Variable {
				s.Voxels[j] = model.MakeVoxel(model.Filled, v.Color())
			}
		}
		placed, err := model.PlacedCells(g, &s, pl)
		if err != nil {
			return nil, fmt.Errorf("problem %d, solution %d, piece %d: %w", pr, k, i, err)
		}
		m, err := Cells(g, placed, o)
		if err != nil {
			return nil, fmt.Errorf("problem %d, solution %d, piece %d (%s): %w", pr, k, i, ShapeLabel(p, sh), err)
		}
		if len(out.Tris)+len(m.Tris) > MaxTriangles {
			return nil, fmt.Errorf("problem %d, solution %d: more than %d triangles", pr, k, MaxTriangles)
		}
		out.add(m)
	}
	if len(out.Tris) == 0 {
		return nil, fmt.Errorf("problem %d, solution %d places no piece", pr, k)
	}
	return out, nil
}

// FileNames returns a file name (with .stl) for each of shapes: the
// shape's name made safe for every file system, or S1, S2, ... for shapes
// without one; a name that two shapes would share gets the shape's number
// added, so no file overwrites another.
func FileNames(p *model.Puzzle, shapes []int) []string {
	base := make([]string, len(shapes))
	count := map[string]int{}
	for j, i := range shapes {
		b := sanitize(p.Shapes[i].Name)
		if b == "" {
			b = fmt.Sprintf("S%d", i+1)
		}
		base[j] = b
		count[strings.ToLower(b)]++
	}
	out := make([]string, len(shapes))
	for j, i := range shapes {
		b := base[j]
		if count[strings.ToLower(b)] > 1 {
			b = fmt.Sprintf("%s-S%d", b, i+1)
		}
		out[j] = b + ".stl"
	}
	return out
}

// sanitize keeps letters, digits and a few safe marks of a shape name,
// turns runs of anything else into one underscore, and shortens the result
// to 100 bytes: no path separators, no characters Windows forbids, no
// leading dot, no reserved device names.
func sanitize(name string) string {
	var b strings.Builder
	under := false
	for _, r := range name {
		ok := r == '-' || r == '+' || r == '(' || r == ')' || r == ',' ||
			r == '.' && b.Len() > 0 ||
			r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' ||
			r > 127 && r != 0xFFFD
		if !ok {
			if b.Len() > 0 && !under {
				b.WriteByte('_')
				under = true
			}
			continue
		}
		if b.Len()+len(string(r)) > 100 {
			break
		}
		b.WriteRune(r)
		under = false
	}
	s := strings.TrimRight(b.String(), "_.")
	switch strings.ToUpper(strings.SplitN(s, ".", 2)[0]) {
	case "CON", "PRN", "AUX", "NUL", "COM1", "COM2", "COM3", "COM4", "LPT1", "LPT2", "LPT3":
		s = "_" + s
	}
	return s
}

// WriteFile writes m to path as Write does, through a temporary file that
// replaces path only when all of it is written.
func WriteFile(path string, m *Mesh, name string, o Options) error {
	if err := atomicfile.WriteFile(path, func(w io.Writer) error { return Write(w, m, name, o) }); err != nil {
		return fmt.Errorf("writing %s: %w", path, err)
	}
	return nil
}

// PieceFileNames returns the files WritePieces writes for solution k of
// problem pr: prefix and FileNames' name of each distinct piece's shape.
func PieceFileNames(p *model.Puzzle, pr, k int, prefix string) ([]string, error) {
	shapes, err := PieceShapes(p, pr, k)
	if err != nil {
		return nil, err
	}
	names := FileNames(p, shapes)
	for j := range names {
		names[j] = prefix + names[j]
	}
	return names, nil
}

// WritePieces writes every distinct piece of solution k of problem pr
// into dir, one file per shape named by PieceFileNames with prefix, and
// returns the paths written. All meshes are built before the first file
// is written, so bad options or a shape that cannot be printed leave the
// folder untouched.
func WritePieces(dir, prefix string, p *model.Puzzle, pr, k int, o Options) ([]string, error) {
	shapes, err := PieceShapes(p, pr, k)
	if err != nil {
		return nil, err
	}
	meshes := make([]*Mesh, len(shapes))
	for j, i := range shapes {
		if meshes[j], err = Shape(p, i, o); err != nil {
			return nil, err
		}
	}
	names, err := PieceFileNames(p, pr, k, prefix)
	if err != nil {
		return nil, err
	}
	var paths []string
	for j, name := range names {
		path := filepath.Join(dir, name)
		if err := WriteFile(path, meshes[j], ShapeLabel(p, shapes[j]), o); err != nil {
			return paths, err
		}
		paths = append(paths, path)
	}
	return paths, nil
}
