// Package stl writes shapes, the pieces of a solution and assembled
// solutions as STL files for 3D printing, on every grid.
//
// Every file holds closed, 2-manifold, outward-oriented surfaces (one per
// piece, or per part of a piece whose cells do not hold together): each
// edge belongs to exactly two triangles, once in each direction, and no
// triangle is degenerate. Write checks this on the numbers it is about to
// write and refuses a mesh that fails, so a file that slicers would have to
// repair is never written. Faces between cells of one piece are left out;
// cells of the sphere grid become balls joined by necks (spheres.go).
package stl

import (
	"bufio"
	"encoding/binary"
	"fmt"
	"io"
	"math"

	"github.com/burrlab/burrlab/model/grid"
	"github.com/burrlab/burrlab/render"
	"github.com/go-gl/mathgl/mgl64"
)

// Limits on what one export may produce, so that a mistaken size or a huge
// shape gets a clear message instead of filling the disk.
const (
	// MaxUnit is the largest cell, in file units (millimetres): a metre.
	MaxUnit = 1000
	// MaxGap is the largest clearance, as a fraction of a cell.
	MaxGap = 0.1
	// MaxBevel is the largest bevel, as a fraction of a cell edge: beyond
	// a quarter the cuts of a cube would reach past its neighbours' cuts.
	MaxBevel = 0.25
	// MaxTriangles caps one file: 400 MB as binary STL.
	MaxTriangles = 8 << 20
)

// Options say how cells become an STL file.
type Options struct {
	// Unit is the length, in file units (usually millimetres), of one
	// render unit along x, y and z: the edge of a cube, of a prism's
	// triangle and of a rhombic or tetra-octa block, or the diameter of a
	// sphere. Different units per axis stretch the pieces.
	Unit [3]float64
	// Gap is the clearance per side in render units (a fraction of a
	// cell): every outer face moves inwards by Gap, so pieces printed
	// from one assembly slide together. It must be > 0: at 0, cells that
	// touch only along an edge would meet in a non-manifold edge.
	Gap float64
	// Bevel chamfers the outer edges and corners of cube-grid pieces with
	// 45° cuts whose legs are Bevel render units long (0: sharp edges);
	// see bevel.go for exactly which. Other grids refuse a bevel.
	Bevel float64
	// ASCII writes the text form of STL instead of the binary one.
	ASCII bool
}

// DefaultOptions are 10 mm cells with 0.1 mm clearance per side, binary.
func DefaultOptions() Options {
	return Options{Unit: [3]float64{10, 10, 10}, Gap: 0.01}
}

// Validate reports options out of range.
func (o Options) Validate() error {
	for k, u := range o.Unit {
		if !(u > 0) || u > MaxUnit {
			return fmt.Errorf("unit %v for %c: want more than 0 and at most %d mm", u, "XYZ"[k], MaxUnit)
		}
	}
	if !(o.Gap > 0) || o.Gap > MaxGap {
		return fmt.Errorf("gap %v: want more than 0 and at most %v of a cell", o.Gap, MaxGap)
	}
	if !(o.Bevel >= 0) || o.Bevel > MaxBevel {
		return fmt.Errorf("bevel %v: want 0 (none) to %v of a cell", o.Bevel, MaxBevel)
	}
	if o.Bevel > 0 && o.Bevel < 4*o.Gap {
		// The smallest faces a bevel makes are about a quarter of it
		// across; a larger gap would turn them over.
		return fmt.Errorf("bevel %v: want at least 4 times the gap (%v), or 0", o.Bevel, 4*o.Gap)
	}
	return nil
}

// MaxGapFor returns the largest gap for grid g: MaxGap, or a quarter of
// the distance from the centre of its thinnest cell to its nearest face
// (a larger inset would turn thin cells inside out).
func MaxGapFor(g grid.Grid) float64 {
	if g.Type() == grid.Spheres {
		return MaxGap
	}
	in := math.Inf(1)
	for z := 0; z < 3; z++ {
		for y := 0; y < 3; y++ {
			for x := 0; x < 3; x++ {
				v := grid.Vec{x, y, z}
				if !g.Valid(v) {
					continue
				}
				faces := g.Solid(v).Faces
				var c mgl64.Vec3
				n := 0
				for _, f := range faces {
					for _, p := range f.Corners {
						c = c.Add(p)
						n++
					}
				}
				c = c.Mul(1 / float64(n))
				for _, f := range faces {
					nrm := grid.PolygonNormal(f.Corners).Normalize()
					in = min(in, nrm.Dot(f.Corners[0].Sub(c)))
				}
			}
		}
	}
	return min(MaxGap, in/4)
}

// Mesh is a set of closed surfaces as an indexed triangle list in render
// units. Triangles run counter-clockwise seen from outside.
type Mesh struct {
	Verts []mgl64.Vec3
	Tris  [][3]int32
}

// add appends the surfaces of o.
func (m *Mesh) add(o *Mesh) {
	base := int32(len(m.Verts))
	m.Verts = append(m.Verts, o.Verts...)
	for _, t := range o.Tris {
		m.Tris = append(m.Tris, [3]int32{t[0] + base, t[1] + base, t[2] + base})
	}
}

// Cells builds the mesh of cells of grid g (distinct, valid; the tags are
// ignored) with the options' gap and bevel.
func Cells(g grid.Grid, cells []grid.Cell, o Options) (*Mesh, error) {
	if err := o.Validate(); err != nil {
		return nil, err
	}
	if len(cells) == 0 {
		return nil, fmt.Errorf("no cells: nothing to print")
	}
	if len(cells) > render.MaxMeshCells {
		return nil, fmt.Errorf("%d cells, at most %d per mesh", len(cells), render.MaxMeshCells)
	}
	if mg := MaxGapFor(g); o.Gap > mg {
		return nil, fmt.Errorf("gap %v: at most %.3g of a cell on the %v grid, whose cells are thinner", o.Gap, mg, g.Type())
	}
	if o.Bevel > 0 {
		if g.Type() != grid.Cubes {
			return nil, fmt.Errorf("bevel works on the cube grid only, not on %v", g.Type())
		}
		return bevelCubes(cells, o.Gap, o.Bevel)
	}
	if g.Type() == grid.Spheres {
		// A ball is about 1,300 triangles; refuse before building them.
		if n := len(cells) * 1400; n > MaxTriangles {
			return nil, fmt.Errorf("%d balls make about %d triangles, at most %d per file", len(cells), n, MaxTriangles)
		}
		return balls(g, cells, o.Gap)
	}
	v, t, err := render.Surface(g, cells, o.Gap)
	if err != nil {
		return nil, err
	}
	return &Mesh{Verts: v, Tris: t}, nil
}

// scaled returns the vertices as they go into the file.
func (m *Mesh) scaled(unit [3]float64) [][3]float32 {
	out := make([][3]float32, len(m.Verts))
	for i, v := range m.Verts {
		for k := 0; k < 3; k++ {
			out[i][k] = float32(v[k] * unit[k])
		}
	}
	return out
}

// Check reports the first flaw that would make the file, written with
// unit, not a set of closed, consistently oriented 2-manifold surfaces:
// a degenerate triangle, or an edge that is not used exactly once in each
// direction. It looks at the rounded numbers the file holds and at
// positions, not vertex numbers, as mesh checkers do.
func (m *Mesh) Check(unit [3]float64) error {
	return checkClosed(m.scaled(unit), m.Tris)
}

func checkClosed(pos [][3]float32, tris [][3]int32) error {
	id := make(map[[3]float32]int32, len(pos))
	weld := make([]int32, len(pos))
	for i, p := range pos {
		w, ok := id[p]
		if !ok {
			w = int32(len(id))
			id[p] = w
		}
		weld[i] = w
	}
	type dedge [2]int32
	count := make(map[dedge]int32, 3*len(tris))
	for _, t := range tris {
		a, b, c := weld[t[0]], weld[t[1]], weld[t[2]]
		if a == b || b == c || c == a || area2(pos[t[0]], pos[t[1]], pos[t[2]]) == 0 {
			return fmt.Errorf("degenerate triangle at %v", pos[t[0]])
		}
		count[dedge{a, b}]++
		count[dedge{b, c}]++
		count[dedge{c, a}]++
	}
	for e, n := range count {
		if r := count[dedge{e[1], e[0]}]; n != 1 || r != 1 {
			return fmt.Errorf("an edge is used %d times one way and %d times the other (should be once each)", n, r)
		}
	}
	return nil
}

// area2 is the squared length of the cross product of two edges, in the
// float64 of the file's float32 numbers.
func area2(a, b, c [3]float32) float64 {
	u := mgl64.Vec3{float64(b[0] - a[0]), float64(b[1] - a[1]), float64(b[2] - a[2])}
	v := mgl64.Vec3{float64(c[0] - a[0]), float64(c[1] - a[1]), float64(c[2] - a[2])}
	return u.Cross(v).LenSqr()
}

// Write writes m as an STL file (binary, or ASCII if o.ASCII) after
// checking that it is closed and manifold at o.Unit; name goes into the
// header. Nothing is written when the check fails.
func Write(w io.Writer, m *Mesh, name string, o Options) error {
	if err := o.Validate(); err != nil {
		return err
	}
	if len(m.Tris) == 0 {
		return fmt.Errorf("the mesh is empty: nothing to print")
	}
	if len(m.Tris) > MaxTriangles {
		return fmt.Errorf("%d triangles, at most %d per file", len(m.Tris), MaxTriangles)
	}
	pos := m.scaled(o.Unit)
	if err := checkClosed(pos, m.Tris); err != nil {
		// A bug, not bad input: the builders make closed surfaces.
		return fmt.Errorf("stl: the surface is not closed (%v); please report this", err)
	}
	bw := bufio.NewWriterSize(w, 64<<10)
	if o.ASCII {
		writeASCII(bw, pos, m.Tris, name)
	} else {
		writeBinary(bw, pos, m.Tris, name)
	}
	return bw.Flush()
}

func normal(a, b, c [3]float32) [3]float32 {
	u := mgl64.Vec3{float64(b[0] - a[0]), float64(b[1] - a[1]), float64(b[2] - a[2])}
	v := mgl64.Vec3{float64(c[0] - a[0]), float64(c[1] - a[1]), float64(c[2] - a[2])}
	n := u.Cross(v)
	if l := n.Len(); l > 0 {
		n = n.Mul(1 / l)
	}
	return [3]float32{float32(n[0]), float32(n[1]), float32(n[2])}
}

func writeBinary(w *bufio.Writer, pos [][3]float32, tris [][3]int32, name string) {
	var header [80]byte
	// A binary header must not start with "solid", or readers take the
	// file for ASCII.
	copy(header[:], "BurrLab STL: "+name)
	w.Write(header[:])
	var n [4]byte
	binary.LittleEndian.PutUint32(n[:], uint32(len(tris)))
	w.Write(n[:])
	var rec [50]byte
	put := func(off int, v [3]float32) {
		for k := 0; k < 3; k++ {
			binary.LittleEndian.PutUint32(rec[off+4*k:], math.Float32bits(v[k]))
		}
	}
	for _, t := range tris {
		a, b, c := pos[t[0]], pos[t[1]], pos[t[2]]
		put(0, normal(a, b, c))
		put(12, a)
		put(24, b)
		put(36, c)
		w.Write(rec[:])
	}
}

func writeASCII(w *bufio.Writer, pos [][3]float32, tris [][3]int32, name string) {
	name = asciiName(name)
	fmt.Fprintf(w, "solid %s\n", name)
	for _, t := range tris {
		a, b, c := pos[t[0]], pos[t[1]], pos[t[2]]
		n := normal(a, b, c)
		fmt.Fprintf(w, "  facet normal %g %g %g\n    outer loop\n", n[0], n[1], n[2])
		for _, p := range [3][3]float32{a, b, c} {
			fmt.Fprintf(w, "      vertex %g %g %g\n", p[0], p[1], p[2])
		}
		fmt.Fprintf(w, "    endloop\n  endfacet\n")
	}
	fmt.Fprintf(w, "endsolid %s\n", name)
}

// asciiName makes name one word of printable ASCII, as the solid line wants.
func asciiName(name string) string {
	b := []byte{}
	for _, r := range name {
		switch {
		case r > ' ' && r < 127:
			b = append(b, byte(r))
		case len(b) > 0 && b[len(b)-1] != '_':
			b = append(b, '_')
		}
	}
	if len(b) == 0 {
		return "burrlab"
	}
	return string(b)
}
