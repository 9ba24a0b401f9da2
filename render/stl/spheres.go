package stl

import (
	"fmt"
	"math"
	"sort"
	"sync"

	"github.com/burrlab/burrlab/model/grid"
	"github.com/go-gl/mathgl/mgl64"
)

// A piece of the sphere grid is printed as one solid: its balls, each
// pulled in by the gap, joined by a short cylinder (a neck) wherever two of
// them touch. The surface is the exact boundary of that union, made without
// any mesh boolean: each ball has a round hole where a neck meets it, and
// the neck is a tube from the rim of one hole to the rim of the other. The
// rims lie on the ball (they are where the neck's cylinder cuts it), so ball
// and tube share their rim vertices and the whole piece is one closed,
// 2-manifold surface. Balls that touch no other ball of the piece are plain
// closed spheres.
const (
	// neckAngle is the angular radius of a hole, seen from the ball's
	// centre: the neck's radius is sin(neckAngle) = 0.4 times the ball's.
	// Touching neighbours lie 60° apart on a ball, so holes stay 13° apart.
	neckAngle = 0.41151684606748806 // asin(0.4)
	// neckSides is the number of sides of a neck and vertices of a rim.
	neckSides = 24
	// sphereLevel is the icosphere subdivision of a ball (1,280 triangles,
	// edges of about 7°); the rim spacing (6°) is about the same.
	sphereLevel = 3
	// holeMargin keeps the ball's own vertices this far (radians) from a
	// rim, so that no sliver triangle joins a rim to a vertex just beside it.
	holeMargin = 4 * math.Pi / 180
)

// ballTemplate is a unit ball with holes in some directions.
type ballTemplate struct {
	verts []mgl64.Vec3
	tris  [][3]int32
	// rims[k] are the vertices of the hole towards dirs[k], in the order
	// of neckFrame's angle.
	rims [][neckSides]int32
}

// neckFrame returns two unit vectors orthogonal to the line of d and to
// each other. It depends only on the line, not on the sign of d, so the two
// balls at the ends of a neck number their rim vertices alike.
func neckFrame(d mgl64.Vec3) (e1, e2 mgl64.Vec3) {
	c := d
	for k := 0; k < 3; k++ {
		if math.Abs(c[k]) > 1e-9 {
			if c[k] < 0 {
				c = c.Mul(-1)
			}
			break
		}
	}
	e1 = c.Cross(mgl64.Vec3{1, 0, 0})
	if e1.Len() < 0.5 {
		e1 = c.Cross(mgl64.Vec3{0, 1, 0})
	}
	e1 = e1.Normalize()
	return e1, c.Cross(e1)
}

// rimPoint returns vertex i of the rim towards unit direction d on the unit
// ball.
func rimPoint(d mgl64.Vec3, i int) mgl64.Vec3 {
	e1, e2 := neckFrame(d)
	t := 2 * math.Pi * float64(i) / neckSides
	s := math.Sin(neckAngle)
	return d.Mul(math.Cos(neckAngle)).Add(e1.Mul(s * math.Cos(t))).Add(e2.Mul(s * math.Sin(t)))
}

// newBallTemplate builds a unit ball with a hole towards each of dirs (unit
// vectors at least 2*(neckAngle+holeMargin) apart).
func newBallTemplate(ico []mgl64.Vec3, icoTris [][3]int32, dirs []mgl64.Vec3) (*ballTemplate, error) {
	if len(dirs) == 0 {
		return &ballTemplate{verts: ico, tris: icoTris}, nil
	}
	t := &ballTemplate{rims: make([][neckSides]int32, len(dirs))}
	// Rim vertices first, so that rim k's vertex i is k*neckSides+i.
	owner := []int{} // per vertex: the hole whose rim it is on, or -1
	for k, d := range dirs {
		for i := 0; i < neckSides; i++ {
			t.rims[k][i] = int32(len(t.verts))
			t.verts = append(t.verts, rimPoint(d, i))
			owner = append(owner, k)
		}
	}
	limit := math.Cos(neckAngle + holeMargin)
	for _, v := range ico {
		inside := false
		for _, d := range dirs {
			if v.Dot(d) > limit {
				inside = true
				break
			}
		}
		if !inside {
			t.verts = append(t.verts, v)
			owner = append(owner, -1)
		}
	}
	// Seed the hull with rim points 0, 8, 16 of hole 0 and a point off
	// that rim's plane (the last vertex: a ball vertex, or another rim's):
	// a plane meets the sphere in one circle, so the four are not
	// coplanar.
	n := len(t.verts)
	order := []int32{0, neckSides / 3, 2 * neckSides / 3, int32(n - 1)}
	for i := 0; i < n; i++ {
		if i != 0 && i != neckSides/3 && i != 2*neckSides/3 && i != n-1 {
			order = append(order, int32(i))
		}
	}
	pts := make([]mgl64.Vec3, n)
	for i, o := range order {
		pts[i] = t.verts[o]
	}
	tris, err := sphereHull(pts)
	if err != nil {
		return nil, err
	}
	// The hull closes each hole with a flat polygon of rim vertices only:
	// three points of one rim span its plane, and no other point lies on
	// that side of it. Leaving those triangles out opens the holes.
	for _, tr := range tris {
		a, b, c := order[tr[0]], order[tr[1]], order[tr[2]]
		if k := owner[a]; k >= 0 && owner[b] == k && owner[c] == k {
			continue
		}
		t.tris = append(t.tris, [3]int32{a, b, c})
	}
	return t, nil
}

// templates caches balls by the directions of their holes (a subset of
// the twelve touching neighbours, so at most 4,096 keys, each about 30 kB):
// a hull takes milliseconds and a piece repeats few combinations.
var templates struct {
	sync.Mutex
	m        map[string]*ballTemplate
	ico      []mgl64.Vec3
	icoTris  [][3]int32
	icoReady bool
}

// template returns the ball with holes towards dirs, which key names.
func template(key string, dirs []mgl64.Vec3) (*ballTemplate, error) {
	templates.Lock()
	defer templates.Unlock()
	if t := templates.m[key]; t != nil {
		return t, nil
	}
	if !templates.icoReady {
		templates.ico, templates.icoTris = icosphere(sphereLevel)
		templates.m = map[string]*ballTemplate{}
		templates.icoReady = true
	}
	t, err := newBallTemplate(templates.ico, templates.icoTris, dirs)
	if err != nil {
		return nil, err
	}
	templates.m[key] = t
	return t, nil
}

// balls returns the surface of sphere-grid cells with radius 0.5-gap.
func balls(g grid.Grid, cells []grid.Cell, gap float64) (*Mesh, error) {
	index := make(map[grid.Vec]int, len(cells))
	for i, c := range cells {
		if !g.Valid(c.Pos) {
			return nil, fmt.Errorf("cell %v is not a cell of the %v grid", c.Pos, g.Type())
		}
		if _, dup := index[c.Pos]; dup {
			return nil, fmt.Errorf("cell %v listed twice", c.Pos)
		}
		index[c.Pos] = i
	}
	m := &Mesh{}
	// rimStart[i][n] is the first mesh vertex of ball i's rim towards
	// neighbour n, which is joinedTo[i][k] for some k.
	rimStart := make([]map[grid.Vec]int32, len(cells))
	joinedTo := make([][]grid.Vec, len(cells))
	var nb []grid.Vec
	for i, c := range cells {
		s := g.Solid(c.Pos)
		nb = g.Neighbors(nb[:0], c.Pos, grid.ByFace)
		var joined []grid.Vec
		for _, n := range nb {
			if _, ok := index[n]; ok {
				joined = append(joined, n)
			}
		}
		// The template key: the directions, in a fixed order.
		sort.Slice(joined, func(a, b int) bool { return joined[a].Less(joined[b]) })
		dirs := make([]mgl64.Vec3, len(joined))
		key := make([]byte, 0, 3*len(joined))
		for k, n := range joined {
			dirs[k] = g.Solid(n).Center.Sub(s.Center).Normalize()
			d := n.Sub(c.Pos)
			key = append(key, byte(d[0]), byte(d[1]), byte(d[2]))
		}
		t, err := template(string(key), dirs)
		if err != nil {
			return nil, err
		}
		base := int32(len(m.Verts))
		r := s.Radius - gap
		for _, v := range t.verts {
			m.Verts = append(m.Verts, s.Center.Add(v.Mul(r)))
		}
		for _, tr := range t.tris {
			m.Tris = append(m.Tris, [3]int32{base + tr[0], base + tr[1], base + tr[2]})
		}
		joinedTo[i] = joined
		rimStart[i] = make(map[grid.Vec]int32, len(joined))
		for k, n := range joined {
			rimStart[i][n] = base + t.rims[k][0]
		}
	}
	// Necks, each touching pair once, from the ball whose direction to the
	// other is the frame's own (see neckFrame): the frame's e1 x e2 points
	// from a to b, so a's rim runs counter-clockwise seen from b.
	for i, c := range cells {
		ca := g.Solid(c.Pos).Center
		for _, n := range joinedTo[i] {
			ra, j := rimStart[i][n], index[n]
			d := g.Solid(n).Center.Sub(ca).Normalize()
			e1, e2 := neckFrame(d)
			if e1.Cross(e2).Dot(d) < 0 {
				continue // the pair is done from the other end
			}
			rb := rimStart[j][c.Pos]
			for k := int32(0); k < neckSides; k++ {
				k1 := (k + 1) % neckSides
				a0, a1, b0, b1 := ra+k, ra+k1, rb+k, rb+k1
				m.Tris = append(m.Tris, [3]int32{a0, a1, b1}, [3]int32{a0, b1, b0})
			}
		}
	}
	return m, nil
}
