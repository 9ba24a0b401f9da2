package model

import (
	"fmt"
	"math"
	"sort"

	"github.com/burrlab/burrlab/model/grid"
	"github.com/go-gl/mathgl/mgl64"
)

// This file holds the geometric edits of the shape editor: turning and
// flipping, nudging, resizing, minimising and scaling a voxel space. They
// work on any grid through the grid.Grid interface: turns are found by
// comparing cell solids, scaling by locating cell centres, so no grid needs
// tables of its own here.

// MaxShapeCells caps the voxel space an edit may create (a 256³ space).
const MaxShapeCells = 1 << 24

// SetWeight sets the disassembly weight of shape i. Weights change only
// which group moves, so the solutions of problems using the shape stay but
// are marked stale.
func (p *Puzzle) SetWeight(i, w int) error {
	if i < 0 || i >= len(p.Shapes) {
		return fmt.Errorf("shape %d does not exist", i)
	}
	if w < 1 {
		return fmt.Errorf("weight %d: weights start at 1", w)
	}
	if p.Shapes[i].Weight == w {
		return nil
	}
	p.Shapes[i].Weight = w
	for k := range p.Problems {
		if p.Problems[k].UsesShape(i) {
			p.Problems[k].Invalidate()
		}
	}
	return nil
}

// ResetHotspot applies BurrTools' hotspot rule (grids.md §1.7): the origin
// for every grid but spheres, where it is the filled sphere nearest the
// origin (the first in index order on ties), so that placements name a real
// sphere.
func (s *Shape) ResetHotspot(g grid.Grid) {
	s.Hotspot = grid.Vec{}
	if g.Type() != grid.Spheres {
		return
	}
	best := -1
	for i, v := range s.Voxels {
		if v.State() != Filled {
			continue
		}
		p := s.Pos(i)
		d := p[0]*p[0] + p[1]*p[1] + p[2]*p[2]
		if best < 0 || d < best {
			best, s.Hotspot = d, p
		}
	}
}

// Resize changes the space to size, keeping every cell at its coordinates;
// cells outside the new space are dropped. It returns how many non-empty
// cells were dropped.
func (s *Shape) Resize(size grid.Vec) (dropped int, err error) {
	if size[0] < 1 || size[1] < 1 || size[2] < 1 {
		return 0, fmt.Errorf("size %v: every side needs at least one cell", size)
	}
	if size[0]*size[1]*size[2] > MaxShapeCells {
		return 0, fmt.Errorf("size %v: more than %d cells", size, MaxShapeCells)
	}
	n := NewShape(size)
	for i, v := range s.Voxels {
		if v.State() == Empty {
			continue
		}
		p := s.Pos(i)
		if j := n.Index(p); j >= 0 {
			n.Voxels[j] = v
		} else {
			dropped++
		}
	}
	s.Size, s.Voxels = size, n.Voxels
	return dropped, nil
}

// place rebuilds s from tagged cells: it moves them by the lattice vector
// that brings their lowest corner next to the origin (grid.Anchor), makes the
// space just large enough (at least minSize, and whole blocks where a grid
// has blocks), and resets the hotspot. The space also spans the points of
// frame, which are not set.
func (s *Shape) place(g grid.Grid, cells []grid.Cell, frame []grid.Vec, minSize grid.Vec) error {
	if len(cells) == 0 {
		return s.placeEmpty(minSize)
	}
	lo, hi := cells[0].Pos, cells[0].Pos
	for _, c := range cells {
		for k := 0; k < 3; k++ {
			lo[k] = min(lo[k], c.Pos[k])
			hi[k] = max(hi[k], c.Pos[k])
		}
	}
	for _, v := range frame {
		for k := 0; k < 3; k++ {
			lo[k] = min(lo[k], v[k])
			hi[k] = max(hi[k], v[k])
		}
	}
	a := g.Anchor(lo)
	size := hi.Sub(a).Add(grid.Vec{1, 1, 1})
	for k := 0; k < 3; k++ {
		size[k] = blockRound(g, max(size[k], minSize[k]))
	}
	if size[0]*size[1]*size[2] > MaxShapeCells {
		return fmt.Errorf("the shape would need a %dx%dx%d space, more than %d cells", size[0], size[1], size[2], MaxShapeCells)
	}
	n := NewShape(size)
	for _, c := range cells {
		n.Set(c.Pos.Sub(a), Voxel(c.Tag))
	}
	s.Size, s.Voxels = n.Size, n.Voxels
	s.ResetHotspot(g)
	return nil
}

func (s *Shape) placeEmpty(size grid.Vec) error {
	for k := range size {
		size[k] = max(size[k], 1)
	}
	n := NewShape(size)
	s.Size, s.Voxels, s.Hotspot = n.Size, n.Voxels, grid.Vec{}
	return nil
}

// blockRound pads a size to whole blocks in the grids built of blocks, so
// the editor shows complete blocks (grids.md §1.7).
func blockRound(g grid.Grid, n int) int {
	var b int
	switch g.Type() {
	case grid.Rhombic:
		b = 5
	case grid.TetraOcta:
		b = 3
	default:
		return n
	}
	return (n + b - 1) / b * b
}

// Minimize crops the space to the shape's cells, keeping them on the grid's
// lattice (BurrTools' "minimise"). An empty shape is left alone.
func (s *Shape) Minimize(g grid.Grid) error {
	cells := s.Cells()
	if len(cells) == 0 {
		return nil
	}
	return s.place(g, cells, nil, grid.Vec{})
}

// Transform turns (or mirrors) the shape by orientation t of g, 0 <= t < 2N.
// The space turns with it: the new space holds the turned corners of the
// old one. Spheres turn about their first cell (grid.Grid.Transform), which
// the corners need not share, so there the space only keeps its old size.
func (s *Shape) Transform(g grid.Grid, t int) error {
	cells := s.Cells()
	if len(cells) == 0 {
		return nil
	}
	pos := make([]grid.Vec, len(cells), len(cells)+8)
	for i, c := range cells {
		pos[i] = c.Pos
	}
	minSize := s.Size
	if g.Type() != grid.Spheres {
		minSize = grid.Vec{}
		for i := 0; i < 8; i++ {
			pos = append(pos, grid.Vec{(i & 1) * (s.Size[0] - 1), (i >> 1 & 1) * (s.Size[1] - 1), (i >> 2 & 1) * (s.Size[2] - 1)})
		}
	}
	out, _, ok := g.Transform(t, pos, grid.Vec{})
	if !ok {
		return fmt.Errorf("orientation %d does not apply to this shape", t)
	}
	for i := range cells {
		cells[i].Pos = out[i]
	}
	return s.place(g, cells, out[len(cells):], minSize)
}

// Translate moves every cell by d, a translation of the grid's lattice. The
// space grows at its far end when needed; a cell moved below 0 is an error.
func (s *Shape) Translate(g grid.Grid, d grid.Vec) error {
	if !g.InLattice(d) {
		return fmt.Errorf("%v is not a translation of the %v grid", d, g.Type())
	}
	cells := s.Cells()
	size := s.Size
	for i := range cells {
		p := cells[i].Pos.Add(d)
		for k := 0; k < 3; k++ {
			if p[k] < 0 {
				return fmt.Errorf("the shape touches the low %c side of its space", "xyz"[k])
			}
			size[k] = max(size[k], p[k]+1)
		}
		cells[i].Pos = p
	}
	if size[0]*size[1]*size[2] > MaxShapeCells {
		return fmt.Errorf("the shape would need more than %d cells", MaxShapeCells)
	}
	n := NewShape(size)
	for _, c := range cells {
		n.Set(c.Pos, Voxel(c.Tag))
	}
	s.Size, s.Voxels = n.Size, n.Voxels
	s.ResetHotspot(g)
	return nil
}

// LatticeStep returns the smallest k > 0 such that k steps along axis keep
// the grid on itself: the nudge distance along that axis.
func LatticeStep(g grid.Grid, axis int) int {
	for k := 1; k <= 12; k++ {
		var d grid.Vec
		d[axis] = k
		if g.InLattice(d) {
			return k
		}
	}
	return 0
}

// Scale makes the shape k times larger: every cell of the scaled grid whose
// centre lies inside an old cell scaled by k takes that cell's state and
// colour. In the grids whose cells tile a k-times larger copy of themselves
// (cubes, prisms, rhombic, tetra-octa) this is exact. Spheres do not tile,
// so they cannot be scaled.
func (s *Shape) Scale(g grid.Grid, k int) error {
	if k < 1 || k > 8 {
		return fmt.Errorf("scale factor %d out of range 1..8", k)
	}
	if g.Type() == grid.Spheres {
		return fmt.Errorf("spheres cannot be scaled: larger spheres are not made of smaller ones")
	}
	if k == 1 {
		return nil
	}
	cells := s.Cells()
	if len(cells) == 0 {
		return nil
	}
	// Bucket the old cells by the integer part of their centre, so the cell
	// holding a point is found among a few neighbours.
	type old struct {
		solid grid.Solid
		tag   uint8
	}
	buckets := map[[3]int][]old{}
	key := func(p mgl64.Vec3) [3]int {
		return [3]int{int(math.Floor(p[0])), int(math.Floor(p[1])), int(math.Floor(p[2]))}
	}
	lo, hi := cells[0].Pos, cells[0].Pos
	for _, c := range cells {
		sol := g.Solid(c.Pos)
		kk := key(sol.Center)
		buckets[kk] = append(buckets[kk], old{sol, c.Tag})
		for a := 0; a < 3; a++ {
			lo[a] = min(lo[a], c.Pos[a])
			hi[a] = max(hi[a], c.Pos[a])
		}
	}
	// Candidates: the lattice box k times the old one, with a period's
	// margin on each side for cells whose index and geometry differ.
	const margin = 6
	var from, to grid.Vec
	for a := 0; a < 3; a++ {
		from[a] = k*lo[a] - margin
		to[a] = k*(hi[a]+1) + margin
	}
	if (to[0]-from[0])*(to[1]-from[1])*(to[2]-from[2]) > 8*MaxShapeCells {
		return fmt.Errorf("the scaled shape would be too large")
	}
	var out []grid.Cell
	inv := 1 / float64(k)
	for z := from[2]; z < to[2]; z++ {
		for y := from[1]; y < to[1]; y++ {
			for x := from[0]; x < to[0]; x++ {
				v := grid.Vec{x, y, z}
				if !g.Valid(v) {
					continue
				}
				p := g.Solid(v).Center.Mul(inv)
				kp := key(p)
				found := false
				for dz := -1; dz <= 1 && !found; dz++ {
					for dy := -1; dy <= 1 && !found; dy++ {
						for dx := -1; dx <= 1 && !found; dx++ {
							for _, o := range buckets[[3]int{kp[0] + dx, kp[1] + dy, kp[2] + dz}] {
								if inside(o.solid, p) {
									out = append(out, grid.Cell{Pos: v, Tag: o.tag})
									found = true
									break
								}
							}
						}
					}
				}
			}
		}
	}
	return s.place(g, out, nil, grid.Vec{})
}

// inside reports whether p lies inside the convex solid (faces turn their
// counter-clockwise side outwards).
func inside(sol grid.Solid, p mgl64.Vec3) bool {
	if sol.Faces == nil {
		return p.Sub(sol.Center).Len() < sol.Radius
	}
	const eps = 1e-9
	for _, f := range sol.Faces {
		n := polyNormal(f.Corners)
		if p.Sub(f.Corners[0]).Dot(n) > eps {
			return false
		}
	}
	return true
}

// polyNormal is Newell's normal of a planar polygon (not normalised).
func polyNormal(c []mgl64.Vec3) mgl64.Vec3 {
	var n mgl64.Vec3
	for i := range c {
		a, b := c[i], c[(i+1)%len(c)]
		n[0] += (a[1] - b[1]) * (a[2] + b[2])
		n[1] += (a[2] - b[2]) * (a[0] + b[0])
		n[2] += (a[0] - b[0]) * (a[1] + b[1])
	}
	return n
}

// Turn names a rigid motion of the shape editor's tools, given as a matrix
// acting on render coordinates (those of grid.Solid).
type Turn struct {
	Name   string
	Matrix mgl64.Mat3
}

// Turns returns the turns and flips the editor offers for g: quarter turns
// about the three axes (sixth turns about z and half turns about x and y for
// prisms), and mirrors across the three axis planes. Those g lacks are left
// out.
func Turns(g grid.Grid) []Turn {
	rot := func(axis int, deg float64) mgl64.Mat3 {
		a := deg * math.Pi / 180
		c, s := math.Cos(a), math.Sin(a)
		switch axis {
		case 0:
			return mgl64.Mat3{1, 0, 0, 0, c, s, 0, -s, c}
		case 1:
			return mgl64.Mat3{c, 0, -s, 0, 1, 0, s, 0, c}
		}
		return mgl64.Mat3{c, s, 0, -s, c, 0, 0, 0, 1}
	}
	flip := func(axis int) mgl64.Mat3 {
		m := mgl64.Ident3()
		m.Set(axis, axis, -1)
		return m
	}
	var ts []Turn
	if g.Type() == grid.Prisms {
		ts = []Turn{
			{"Rotate 180° about X", rot(0, 180)},
			{"Rotate 180° about Y", rot(1, 180)},
			{"Rotate 60° anticlockwise about Z", rot(2, 60)},
			{"Rotate 60° clockwise about Z", rot(2, -60)},
		}
	} else {
		ts = []Turn{
			{"Rotate 90° anticlockwise about X", rot(0, 90)},
			{"Rotate 90° clockwise about X", rot(0, -90)},
			{"Rotate 90° anticlockwise about Y", rot(1, 90)},
			{"Rotate 90° clockwise about Y", rot(1, -90)},
			{"Rotate 90° anticlockwise about Z", rot(2, 90)},
			{"Rotate 90° clockwise about Z", rot(2, -90)},
		}
	}
	ts = append(ts,
		Turn{"Flip along X (mirror in the Y-Z plane)", flip(0)},
		Turn{"Flip along Y (mirror in the X-Z plane)", flip(1)},
		Turn{"Flip along Z (mirror in the X-Y plane)", flip(2)},
	)
	out := ts[:0]
	for _, t := range ts {
		if _, ok := FindOrientation(g, t.Matrix); ok {
			out = append(out, t)
		}
	}
	return out
}

// FindOrientation returns the orientation index t (mirrors included) of g
// that moves cells as matrix m moves render coordinates, up to a
// translation. It compares the solids of a probe block of cells, so it finds
// the right index in every grid without tables.
func FindOrientation(g grid.Grid, m mgl64.Mat3) (int, bool) {
	var probe []grid.Vec
	for z := 0; z < 6; z++ {
		for y := 0; y < 6; y++ {
			for x := 0; x < 6; x++ {
				if v := (grid.Vec{x, y, z}); g.Valid(v) {
					probe = append(probe, v)
				}
			}
		}
	}
	want := make([][]mgl64.Vec3, len(probe))
	for i, v := range probe {
		want[i] = solidPoints(g.Solid(v), m)
	}
next:
	for t := 0; t < 2*g.Orientations(); t++ {
		out, _, ok := g.Transform(t, probe, grid.Vec{})
		if !ok {
			continue
		}
		var d mgl64.Vec3
		for i, v := range out {
			got := solidPoints(g.Solid(v), mgl64.Ident3())
			if len(got) != len(want[i]) {
				continue next
			}
			if i == 0 {
				d = got[0].Sub(want[0][0])
			}
			for j := range got {
				if !got[j].ApproxEqualThreshold(want[i][j].Add(d), 1e-6) {
					continue next
				}
			}
		}
		return t, true
	}
	return 0, false
}

// solidPoints returns the corners of a solid (or the centre of a ball)
// after m, sorted so that equal solids give equal lists.
func solidPoints(sol grid.Solid, m mgl64.Mat3) []mgl64.Vec3 {
	var pts []mgl64.Vec3
	if sol.Faces == nil {
		return []mgl64.Vec3{m.Mul3x1(sol.Center)}
	}
	seen := map[[3]int64]bool{}
	for _, f := range sol.Faces {
		for _, c := range f.Corners {
			p := m.Mul3x1(c)
			k := [3]int64{int64(math.Round(p[0] * 1e6)), int64(math.Round(p[1] * 1e6)), int64(math.Round(p[2] * 1e6))}
			if !seen[k] {
				seen[k] = true
				pts = append(pts, p)
			}
		}
	}
	sort.Slice(pts, func(i, j int) bool {
		a, b := pts[i], pts[j]
		for k := 0; k < 3; k++ {
			if math.Abs(a[k]-b[k]) > 1e-6 {
				return a[k] < b[k]
			}
		}
		return false
	})
	return pts
}
