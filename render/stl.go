package render

import (
	"bufio"
	"encoding/binary"
	"fmt"
	"io"
	"math"

	"github.com/burrlab/burrlab/model"
	"github.com/burrlab/burrlab/model/grid"
	"github.com/go-gl/mathgl/mgl64"
)

// STLOptions say how a shape is written as STL.
type STLOptions struct {
	// Unit is the length, in file units (usually millimetres), of one
	// render unit: the edge of a cube, of a prism's triangle and of a
	// rhombic or tetra-octa block, or the diameter of a sphere.
	Unit float64
	// Gap pulls the surface inwards, in render units, so that printed
	// pieces slide; it must be > 0, since at 0 cells that touch only
	// along an edge would make the surface non-manifold there.
	Gap float64
}

// DefaultSTLOptions: 10 mm cells with 0.1 mm clearance per side.
func DefaultSTLOptions() STLOptions { return STLOptions{Unit: 10, Gap: 0.01} }

// stlNeck is the radius of the cylinders that join touching balls, and
// stlNeckInset how far inside each ball such a cylinder ends, both as a
// fraction of the sphere diameter. The cap (0.2 from the centre, radius
// 0.3) lies well inside a ball of radius 0.5-gap.
const (
	stlNeck      = 0.3
	stlNeckInset = 0.2
	stlSphereLvl = 3
)

// ShapeSTL writes the filled cells of shape s as WriteSTL does.
func ShapeSTL(w io.Writer, g grid.Grid, s *model.Shape, opt STLOptions) error {
	if err := checkCells(s.Count(model.Filled)); err != nil {
		return err
	}
	return WriteSTL(w, g, s.FilledCells(), opt)
}

// WriteSTL writes the cells of grid g (tags as in NewMesh) as a binary STL
// file: one closed, consistently oriented surface per solid part. Cells of
// the sphere grid become balls joined by short cylinders where they touch,
// so that a printed piece holds together; each ball and each cylinder is a
// closed surface of its own and a slicer takes their union.
func WriteSTL(w io.Writer, g grid.Grid, cells []grid.Cell, opt STLOptions) error {
	if !(opt.Unit > 0) || math.IsInf(opt.Unit, 0) {
		return fmt.Errorf("stl: unit %v must be positive", opt.Unit)
	}
	if !(opt.Gap > 0) || opt.Gap > 0.1 {
		return fmt.Errorf("stl: gap %v must be in (0, 0.1]", opt.Gap)
	}
	tris, err := stlTriangles(g, cells, opt.Gap)
	if err != nil {
		return err
	}
	if len(tris) == 0 {
		return fmt.Errorf("stl: the shape has no cells")
	}
	bw := bufio.NewWriter(w)
	var header [80]byte
	copy(header[:], fmt.Sprintf("BurrLab %v grid, %d cells", g.Type(), len(cells)))
	bw.Write(header[:])
	binary.Write(bw, binary.LittleEndian, uint32(len(tris)))
	var rec [50]byte
	put := func(off int, v mgl64.Vec3) {
		for k := 0; k < 3; k++ {
			binary.LittleEndian.PutUint32(rec[off+4*k:], math.Float32bits(float32(v[k])))
		}
	}
	for _, t := range tris {
		n := t[1].Sub(t[0]).Cross(t[2].Sub(t[0]))
		if l := n.Len(); l > 0 {
			n = n.Mul(1 / l)
		}
		put(0, n)
		for k := 0; k < 3; k++ {
			put(12+12*k, t[k].Mul(opt.Unit))
		}
		if _, err := bw.Write(rec[:]); err != nil {
			return err
		}
	}
	return bw.Flush()
}

// stlTriangles returns the triangles of the STL surface in render units.
func stlTriangles(g grid.Grid, cells []grid.Cell, gap float64) ([][3]mgl64.Vec3, error) {
	m, err := NewMesh(g, cells, gap)
	if err != nil {
		return nil, err
	}
	var out [][3]mgl64.Vec3
	for i := 0; i+2 < len(m.tris); i += 3 {
		out = append(out, [3]mgl64.Vec3{vec64(m.verts[m.tris[i]]), vec64(m.verts[m.tris[i+1]]), vec64(m.verts[m.tris[i+2]])})
	}
	if len(m.balls) == 0 {
		return out, nil
	}
	sv, st := icosphere(stlSphereLvl)
	for _, b := range m.balls {
		c, r := vec64(b.center), float64(b.radius)
		for _, t := range st {
			out = append(out, [3]mgl64.Vec3{c.Add(sv[t[0]].Mul(r)), c.Add(sv[t[1]].Mul(r)), c.Add(sv[t[2]].Mul(r))})
		}
	}
	// Necks between touching balls, each pair once.
	in := map[grid.Vec]bool{}
	for _, c := range cells {
		in[c.Pos] = true
	}
	var nb []grid.Vec
	for _, c := range cells {
		nb = g.Neighbors(nb[:0], c.Pos, grid.ByFace)
		for _, n := range nb {
			if in[n] && c.Pos.Less(n) {
				a, b := g.Solid(c.Pos), g.Solid(n)
				out = appendNeck(out, a.Center, b.Center, a.Radius*2)
			}
		}
	}
	return out, nil
}

// appendNeck adds a closed cylinder along the segment between the centres
// of two touching balls of diameter d, ending inside both.
func appendNeck(out [][3]mgl64.Vec3, a, b mgl64.Vec3, d float64) [][3]mgl64.Vec3 {
	const sides = 24
	u := b.Sub(a).Normalize()
	p0 := a.Add(u.Mul(stlNeckInset * d))
	p1 := b.Sub(u.Mul(stlNeckInset * d))
	// Any two unit vectors orthogonal to u and to each other.
	e1 := u.Cross(mgl64.Vec3{1, 0, 0})
	if e1.Len() < 0.5 {
		e1 = u.Cross(mgl64.Vec3{0, 1, 0})
	}
	e1 = e1.Normalize()
	e2 := u.Cross(e1)
	r := stlNeck * d
	ring := func(c mgl64.Vec3, i int) mgl64.Vec3 {
		t := 2 * math.Pi * float64(i%sides) / sides
		return c.Add(e1.Mul(r * math.Cos(t))).Add(e2.Mul(r * math.Sin(t)))
	}
	for i := 0; i < sides; i++ {
		a0, a1 := ring(p0, i), ring(p0, i+1)
		b0, b1 := ring(p1, i), ring(p1, i+1)
		// e1, e2, u is right-handed, so rings run counter-clockwise seen
		// from the p1 end.
		out = append(out,
			[3]mgl64.Vec3{a0, a1, b1}, [3]mgl64.Vec3{a0, b1, b0},
			[3]mgl64.Vec3{p1, b0, b1}, [3]mgl64.Vec3{p0, a1, a0})
	}
	return out
}
