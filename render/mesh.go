package render

import (
	"fmt"
	"math"

	"github.com/burrlab/burrlab/model"
	"github.com/burrlab/burrlab/model/grid"
	"github.com/go-gl/mathgl/mgl32"
	"github.com/go-gl/mathgl/mgl64"
)

// MaxMeshCells caps the cells one mesh may hold, so that a hostile file
// cannot make us allocate without bound (a 100x100x100 shape is 10^6).
const MaxMeshCells = 1 << 20

// checkCells reports n cells over MaxMeshCells. Callers that start from a
// shape check its count before they list its cells: the list of a huge
// shape alone takes hundreds of megabytes.
func checkCells(n int) error {
	if n > MaxMeshCells {
		return fmt.Errorf("%d cells, at most %d per mesh", n, MaxMeshCells)
	}
	return nil
}

// DefaultGap is how far the screen meshes pull each piece's surface
// inwards, in render units (a cube has edge 1), about BurrTools' own offset.
// Two touching pieces end up 2*DefaultGap apart: the outline between them
// reads, but a slit between them rarely shows what lies behind.
const DefaultGap = 0.006

// Mesh is the drawable surface of one piece or shape: the boundary faces of
// its cells (faces between two cells of the same piece are left out), pulled
// inwards by a small gap, plus balls for the sphere grid. Coordinates are
// render units in the cells' own frame. A Mesh is immutable once built and
// may be shared by several scene items and goroutines.
type Mesh struct {
	grid  grid.Grid
	verts []mgl32.Vec3
	tris  []int32 // three vertex indices per triangle
	poly  []int32 // the polygon each triangle belongs to
	polys []polygon
	// edges are the outline: the edges where two polygons of different
	// planes meet. Edges between coplanar polygons and triangle diagonals
	// are not outlines.
	edges []edge
	// marks are line segments (point pairs) drawn on the faces of variable
	// cells; markPoly[i] is the polygon of segment i.
	marks    []mgl32.Vec3
	markPoly []int32
	balls    []ball
	min, max mgl32.Vec3
	cells    int
	centroid mgl64.Vec3 // mean of the cells' centres
}

// edge is an outline segment between vertices a and b, where polygons p
// and q meet; it can only show when one of them faces the viewer.
type edge struct{ a, b, p, q int32 }

// polygon is one boundary face of a cell.
type polygon struct {
	v0       int32 // one of its vertices
	cell     grid.Vec
	neighbor grid.Vec    // the cell across this face (empty or another piece)
	normal   mgl32.Vec3  // outward unit normal of the unshrunk face
	voxel    model.Voxel // state and constraint colour of the cell
	light    bool        // cell parity, for BurrTools' light/dark tint
}

// ball is one cell of the sphere grid.
type ball struct {
	center mgl32.Vec3
	radius float32
	cell   grid.Vec
	voxel  model.Voxel
	light  bool
}

// Grid returns the grid the mesh was built for.
func (m *Mesh) Grid() grid.Grid { return m.grid }

// Bounds returns the corners of the mesh's bounding box; both are zero for
// an empty mesh.
func (m *Mesh) Bounds() (lo, hi mgl64.Vec3) { return vec64(m.min), vec64(m.max) }

// Centroid returns the mean of the centres of the mesh's cells, in the
// mesh's frame: where an exploded view pushes the piece from.
func (m *Mesh) Centroid() mgl64.Vec3 { return m.centroid }

// Empty reports whether the mesh draws nothing.
func (m *Mesh) Empty() bool { return len(m.tris) == 0 && len(m.balls) == 0 }

// NumTriangles returns the number of triangles (balls not counted).
func (m *Mesh) NumTriangles() int { return len(m.tris) / 3 }

// NumCells returns the number of cells the mesh was built from.
func (m *Mesh) NumCells() int { return m.cells }

// NewMesh builds the mesh of a set of cells of grid g. Each cell's Tag is its
// model.Voxel (state and colour), as model.Shape.Cells gives them; variable
// cells are marked. gap (render units, >= 0) pulls the surface inwards so
// that neighbouring pieces stay apart; at gap 0 the mesh is the exact union
// of the cells. Cells must be valid in g and distinct.
func NewMesh(g grid.Grid, cells []grid.Cell, gap float64) (*Mesh, error) {
	if err := checkCells(len(cells)); err != nil {
		return nil, err
	}
	if gap < 0 || gap > 0.2 || math.IsNaN(gap) {
		return nil, fmt.Errorf("gap %v out of range 0..0.2", gap)
	}
	index := make(map[grid.Vec]int32, len(cells))
	for i, c := range cells {
		if !g.Valid(c.Pos) {
			return nil, fmt.Errorf("cell %v is not a cell of the %v grid", c.Pos, g.Type())
		}
		if _, dup := index[c.Pos]; dup {
			return nil, fmt.Errorf("cell %v listed twice", c.Pos)
		}
		index[c.Pos] = int32(i)
	}
	m := &Mesh{grid: g, cells: len(cells)}
	for _, c := range cells {
		m.centroid = m.centroid.Add(g.Solid(c.Pos).Center)
	}
	if len(cells) > 0 {
		m.centroid = m.centroid.Mul(1 / float64(len(cells)))
	}
	if g.Type() == grid.Spheres {
		for _, c := range cells {
			s := g.Solid(c.Pos)
			m.balls = append(m.balls, ball{
				center: vec32(s.Center),
				radius: float32(s.Radius - gap),
				cell:   c.Pos,
				voxel:  model.Voxel(c.Tag),
				light:  parity(c.Pos),
			})
		}
	} else {
		b := surfaceBuilder{g: g, cells: cells, index: index, gap: gap}
		if err := b.build(m); err != nil {
			return nil, err
		}
	}
	m.computeBounds()
	return m, nil
}

func parity(v grid.Vec) bool { return (v[0]+v[1]+v[2])&1 == 0 }

func (m *Mesh) computeBounds() {
	first := true
	extend := func(lo, hi mgl32.Vec3) {
		if first {
			m.min, m.max, first = lo, hi, false
			return
		}
		for k := 0; k < 3; k++ {
			m.min[k] = min(m.min[k], lo[k])
			m.max[k] = max(m.max[k], hi[k])
		}
	}
	for _, v := range m.verts {
		extend(v, v)
	}
	for _, b := range m.balls {
		r := mgl32.Vec3{b.radius, b.radius, b.radius}
		extend(b.center.Sub(r), b.center.Add(r))
	}
}

// surfaceBuilder turns the cells of a polyhedral grid into a closed surface.
//
// The boundary faces (those whose neighbour is not in the set) are joined
// along their edges into a half-edge structure. Where cells of the set touch
// only along an edge or at a corner, the surface is pinched; pairing each
// half-edge with the face reached by turning around the edge through the
// solid, and splitting each corner point into one vertex per fan of faces
// around it (and per pinched edge, see emit), makes the surface a proper
// 2-manifold. Then each vertex moves inwards so that every face plane around
// it moves by gap: that shrinks the solid uniformly, keeps the surface
// closed, and separates pinched parts.
type surfaceBuilder struct {
	g     grid.Grid
	cells []grid.Cell
	index map[grid.Vec]int32
	gap   float64

	solids []grid.Solid
	points []mgl64.Vec3   // distinct corner points
	corner [][][]int32    // corner[c][f]: point ids of face f of cell c
	bface  [][]int32      // bface[c][f]: boundary face number or -1
	faces  []boundaryFace // boundary faces
	cid    []int32        // point id of every boundary face corner
	// twin[h] is the half-edge running the other way along h's edge.
	// Half-edge k of face f (from its corner k to k+1) is faces[f].first+k.
	twin []int32
}

type boundaryFace struct {
	cell, face int32
	first, n   int32 // corners cid[first : first+n]
	normal     mgl64.Vec3
}

type pointKey [3]int64

func keyOf(p mgl64.Vec3) pointKey {
	const q = 1 << 20 // corner coordinates are far coarser than 2^-20
	return pointKey{int64(math.Round(p[0] * q)), int64(math.Round(p[1] * q)), int64(math.Round(p[2] * q))}
}

func (b *surfaceBuilder) build(m *Mesh) error {
	b.collectFaces()
	if err := b.pairEdges(); err != nil {
		return err
	}
	b.emit(m)
	return nil
}

// collectFaces gathers every cell's solid, numbers the distinct corner
// points and lists the boundary faces.
func (b *surfaceBuilder) collectFaces() {
	ids := map[pointKey]int32{}
	b.solids = make([]grid.Solid, len(b.cells))
	b.corner = make([][][]int32, len(b.cells))
	b.bface = make([][]int32, len(b.cells))
	for ci, c := range b.cells {
		s := b.g.Solid(c.Pos)
		b.solids[ci] = s
		b.corner[ci] = make([][]int32, len(s.Faces))
		b.bface[ci] = make([]int32, len(s.Faces))
		for fi, f := range s.Faces {
			pid := make([]int32, len(f.Corners))
			for k, p := range f.Corners {
				key := keyOf(p)
				id, ok := ids[key]
				if !ok {
					id = int32(len(b.points))
					ids[key] = id
					b.points = append(b.points, p)
				}
				pid[k] = id
			}
			b.corner[ci][fi] = pid
			b.bface[ci][fi] = -1
			if _, inside := b.index[f.Neighbor]; inside {
				continue
			}
			b.bface[ci][fi] = int32(len(b.faces))
			b.faces = append(b.faces, boundaryFace{
				cell: int32(ci), face: int32(fi),
				first: int32(len(b.cid)), n: int32(len(pid)),
				normal: grid.PolygonNormal(f.Corners).Normalize(),
			})
			b.cid = append(b.cid, pid...)
		}
	}
}

// pairEdges finds the twin of every boundary half-edge: from face f of cell
// c, edge a->b, turn around the edge inside the solid (to the other face of
// c at that edge, and through it into the next cell while that face is
// internal) until a boundary face comes up; it holds the edge as b->a.
// An error means the grid's geometry is inconsistent, a bug, not bad input.
func (b *surfaceBuilder) pairEdges() error {
	b.twin = make([]int32, len(b.cid))
	for fi := range b.faces {
		f := &b.faces[fi]
		for k := int32(0); k < f.n; k++ {
			a := b.cid[f.first+k]
			bb := b.cid[f.first+(k+1)%f.n]
			t, err := b.findTwin(f.cell, f.face, a, bb)
			if err != nil {
				return fmt.Errorf("render: %v grid: %w", b.g.Type(), err)
			}
			b.twin[f.first+k] = t
		}
	}
	return nil
}

func (b *surfaceBuilder) findTwin(cell, face, a, bb int32) (int32, error) {
	// Around an edge lie at most a handful of cells; the bound only guards
	// against inconsistent geometry.
	for step := 0; step < 64; step++ {
		other := int32(-1)
		for fj, pid := range b.corner[cell] {
			if int32(fj) != face && hasEdge(pid, a, bb) {
				other = int32(fj)
				break
			}
		}
		if other < 0 {
			return 0, fmt.Errorf("cell %v has no second face at an edge", b.cells[cell].Pos)
		}
		if bf := b.bface[cell][other]; bf >= 0 {
			g := &b.faces[bf]
			for k := int32(0); k < g.n; k++ {
				if b.cid[g.first+k] == bb && b.cid[g.first+(k+1)%g.n] == a {
					return g.first + k, nil
				}
			}
			return 0, fmt.Errorf("faces of cell %v are not consistently oriented", b.cells[cell].Pos)
		}
		from := b.cells[cell].Pos
		next := b.index[b.solids[cell].Faces[other].Neighbor]
		back := int32(-1)
		for fj, f := range b.solids[next].Faces {
			if f.Neighbor == from {
				back = int32(fj)
				break
			}
		}
		if back < 0 {
			return 0, fmt.Errorf("cells %v and %v disagree about their shared face", from, b.cells[next].Pos)
		}
		cell, face = next, back
	}
	return 0, fmt.Errorf("no boundary face around an edge of cell %v", b.cells[cell].Pos)
}

func hasEdge(pid []int32, a, b int32) bool {
	ia, ib := false, false
	for _, p := range pid {
		ia = ia || p == a
		ib = ib || p == b
	}
	return ia && ib
}

// emit splits corner points into surface vertices, moves them inwards and
// writes triangles, outline edges and variable-cell marks into m.
//
// The corners around one point form fans: cycles of faces joined by twin
// half-edges. Each fan becomes one vertex, except where the solid is pinched
// along an edge PQ (cells touching only along it) and the fan at P meets
// that edge twice or more: the copies of PQ must then get endpoints of their
// own, or they would coincide after the inset. The fan is cut into runs that
// meet each pinched edge at most once, each a vertex of its own; the face
// where two runs meet gets both vertices as corners, and the short edges
// between them close the surface (with an extra polygon where three or more
// runs meet).
func (b *surfaceBuilder) emit(m *Mesh) {
	faceOf := make([]int32, len(b.cid))
	for fi, f := range b.faces {
		for k := int32(0); k < f.n; k++ {
			faceOf[f.first+k] = int32(fi)
		}
	}
	next := func(h int32) int32 { // the half-edge after h in its face
		f := &b.faces[faceOf[h]]
		return f.first + (h-f.first+1)%f.n
	}

	// vin/vout: the vertex of corner h on its incoming and outgoing edge;
	// they differ only at cut corners.
	vin := make([]int32, len(b.cid))
	vout := make([]int32, len(b.cid))
	visited := make([]bool, len(b.cid))
	var normals [][]mgl64.Vec3 // per vertex
	var points []int32         // per vertex: its corner point
	// spread[v] points from a split vertex's corner point into the faces
	// of its run (zero for vertices that are not split). Runs whose faces
	// lie in the same planes get the same inset; the spread keeps their
	// vertices apart, so no triangle between them has two equal corners.
	var spread []mgl64.Vec3
	faceCentre := func(h int32) mgl64.Vec3 {
		f := &b.faces[faceOf[h]]
		var c mgl64.Vec3
		for k := int32(0); k < f.n; k++ {
			c = c.Add(b.points[b.cid[f.first+k]])
		}
		return c.Mul(1 / float64(f.n))
	}
	newVertex := func(p int32) int32 {
		spread = append(spread, mgl64.Vec3{})
		normals = append(normals, nil)
		points = append(points, p)
		return int32(len(points) - 1)
	}
	addNormal := func(v int32, h int32) {
		n := b.faces[faceOf[h]].normal
		for _, o := range normals[v] {
			if o.Dot(n) > 1-1e-9 {
				return
			}
		}
		normals[v] = append(normals[v], n)
	}
	type filler struct {
		vs   []int32
		face int32 // the face it takes its looks from
	}
	var fillers []filler
	var cycle []int32
	var seen map[int32]int
	for h0 := range b.cid {
		if visited[h0] {
			continue
		}
		// Walk the fan: corner h, then the corner of the same point in
		// the face across h's outgoing edge.
		cycle = cycle[:0]
		for h := int32(h0); !visited[h]; h = next(b.twin[h]) {
			visited[h] = true
			cycle = append(cycle, h)
		}
		p := b.cid[h0]
		// The edge after corner cycle[i] leads to point cid[next(h)].
		if seen == nil {
			seen = map[int32]int{}
		}
		clear(seen)
		for _, h := range cycle {
			seen[b.cid[next(h)]]++
		}
		// Occurrences of pinched edges, in fan order, are grouped into
		// runs holding no point twice; each run becomes a vertex. Where
		// several pinches interleave this keeps together what the inset
		// would put in one place anyway.
		var lo, hi []int // first and last cycle index of each run
		var in map[int32]bool
		for i, h := range cycle {
			q := b.cid[next(h)]
			if seen[q] < 2 {
				continue
			}
			if len(lo) == 0 || in[q] {
				lo, hi = append(lo, i), append(hi, i)
				in = map[int32]bool{}
			}
			in[q] = true
			hi[len(hi)-1] = i
		}
		if len(lo) == 0 {
			v := newVertex(p)
			for _, h := range cycle {
				vin[h], vout[h] = v, v
				addNormal(v, h)
			}
			continue
		}
		// The last run may join the first across the end of the cycle.
		if k := len(lo); k > 2 {
			joint := true
			for i := lo[0]; i <= hi[0]; i++ {
				if q := b.cid[next(cycle[i])]; seen[q] > 1 && in[q] {
					joint = false
				}
			}
			if joint {
				lo[0] = lo[k-1]
				lo, hi = lo[:k-1], hi[:k-1]
			}
		}
		// Cut j is a corner between run j and run j+1: away from both when
		// there is room, else the first after run j.
		n, k := len(cycle), len(lo)
		first := int32(len(points))
		for j := 0; j < k; j++ {
			newVertex(p)
		}
		cuts := make([]int, k)
		for j := 0; j < k; j++ {
			a := hi[j] + 1
			z := lo[(j+1)%k]
			if z < a {
				z += n
			}
			c := a
			if run := z - a + 1; run >= 3 {
				c = a + run/2
			}
			cuts[j] = c % n
		}
		for j := 0; j < k; j++ {
			// Vertex j takes the corners from cut j-1 to cut j; at the
			// cuts only the side towards run j.
			v := first + int32(j)
			start, end := cuts[(j+k-1)%k], cuts[j]
			vout[cycle[start]] = v
			addNormal(v, cycle[start])
			spread[v] = faceCentre(cycle[start]).Sub(b.points[p])
			for i := (start + 1) % n; i != end; i = (i + 1) % n {
				vin[cycle[i]], vout[cycle[i]] = v, v
				addNormal(v, cycle[i])
				spread[v] = spread[v].Add(faceCentre(cycle[i]).Sub(b.points[p]))
			}
			vin[cycle[end]] = v
			addNormal(v, cycle[end])
		}
		if k > 2 {
			// The cut corners hold edges V_j -> V_j+1, a cycle; close it
			// with a polygon running the other way. (For k = 2 the two
			// edges are each other's twins.)
			f := filler{face: faceOf[cycle[cuts[0]]]}
			for j := k - 1; j >= 0; j-- {
				f.vs = append(f.vs, first+int32(j))
			}
			fillers = append(fillers, f)
		}
	}
	m.verts = make([]mgl32.Vec3, len(points))
	for v, p := range points {
		d := Inset(normals[v], b.gap)
		if l := spread[v].Len(); l > 0 {
			d = d.Add(spread[v].Mul(b.gap / 2 / l))
		}
		m.verts[v] = vec32(b.points[p].Add(d))
	}

	// Triangles: a fan per face (the faces are convex; a cut corner adds a
	// vertex next to its twin, which keeps them nearly so).
	polyOf := func(f boundaryFace) polygon {
		cell := b.cells[f.cell]
		return polygon{
			cell:     cell.Pos,
			neighbor: b.solids[f.cell].Faces[f.face].Neighbor,
			normal:   vec32(f.normal),
			voxel:    model.Voxel(cell.Tag),
			light:    parity(cell.Pos),
		}
	}
	var corners []int32
	for fi, f := range b.faces {
		cell := b.cells[f.cell]
		m.polys = append(m.polys, polyOf(f))
		corners = corners[:0]
		for k := int32(0); k < f.n; k++ {
			h := f.first + k
			corners = append(corners, vin[h])
			if vout[h] != vin[h] {
				corners = append(corners, vout[h])
			}
		}
		m.polys[fi].v0 = corners[0]
		m.addPolygon(corners, int32(fi))
		if model.Voxel(cell.Tag).State() == model.Variable {
			m.addMark(corners, int32(fi))
		}
	}
	for _, f := range fillers {
		m.polys = append(m.polys, polyOf(b.faces[f.face]))
		m.polys[len(m.polys)-1].v0 = f.vs[0]
		m.addPolygon(f.vs, int32(len(m.polys)-1))
	}

	// Outline: each pair of twins once, where the planes differ.
	for h := range b.cid {
		t := b.twin[h]
		if t < int32(h) {
			continue
		}
		if b.faces[faceOf[h]].normal.Dot(b.faces[faceOf[t]].normal) < 1-1e-6 {
			m.edges = append(m.edges, edge{vout[h], vin[next(int32(h))], faceOf[h], faceOf[t]})
		}
	}
}

// addPolygon triangulates a convex polygon as a fan and records which
// polygon each triangle belongs to.

func (m *Mesh) addPolygon(vs []int32, poly int32) {
	for k := 1; k+1 < len(vs); k++ {
		m.tris = append(m.tris, vs[0], vs[k], vs[k+1])
		m.poly = append(m.poly, poly)
	}
}

// addMark adds the variable-cell marker of one face: the face's outline
// shrunk to half its size about its centre.
func (m *Mesh) addMark(vs []int32, poly int32) {
	var c mgl32.Vec3
	for _, v := range vs {
		c = c.Add(m.verts[v])
	}
	c = c.Mul(1 / float32(len(vs)))
	for i := range vs {
		p := m.verts[vs[i]]
		q := m.verts[vs[(i+1)%len(vs)]]
		m.marks = append(m.marks, c.Add(p.Sub(c).Mul(0.5)), c.Add(q.Sub(c).Mul(0.5)))
		m.markPoly = append(m.markPoly, poly)
	}
}

// Inset returns the displacement d of a vertex such that n·d = -gap for
// every face normal n around it: the least-squares solution, which is exact
// where at most three independent planes meet. A tiny ridge term makes the
// system solvable when the normals span fewer than three dimensions, and
// then picks the shortest such d. The surfaces here and render/stl's
// bevelled meshes pull their vertices in by the gap with it.
func Inset(normals []mgl64.Vec3, gap float64) mgl64.Vec3 {
	if gap == 0 || len(normals) == 0 {
		return mgl64.Vec3{}
	}
	var a mgl64.Mat3
	var rhs mgl64.Vec3
	for _, n := range normals {
		for i := 0; i < 3; i++ {
			for j := 0; j < 3; j++ {
				a[j*3+i] += n[i] * n[j]
			}
		}
		rhs = rhs.Add(n.Mul(-gap))
	}
	for i := 0; i < 3; i++ {
		a[i*3+i] += 1e-9
	}
	d := a.Inv().Mul3x1(rhs)
	// Nearly opposite planes (a saddle) can ask for a long move; never
	// move further than a few gaps.
	if l := d.Len(); l > 4*gap {
		d = d.Mul(4 * gap / l)
	}
	return d
}

func vec32(v mgl64.Vec3) mgl32.Vec3 { return mgl32.Vec3{float32(v[0]), float32(v[1]), float32(v[2])} }
func vec64(v mgl32.Vec3) mgl64.Vec3 { return mgl64.Vec3{float64(v[0]), float64(v[1]), float64(v[2])} }
