package render

import (
	"math"
	"sort"

	"github.com/burrlab/burrlab/model/grid"
	"github.com/go-gl/mathgl/mgl64"
)

// Hit is what lies under a pixel of the last frame.
type Hit struct {
	Item int      // index into Scene.Items
	Cell grid.Vec // the cell hit, in the coordinates of the item's mesh
	// Neighbor is the cell across the face that was hit: where a cell
	// would go that is added against that face. For balls it is the
	// touching cell in the direction of the point hit.
	Neighbor grid.Vec
	Normal   mgl64.Vec3 // outward normal of the surface hit, world frame
}

// Pick reports what the last frame shows at pixel (x, y), from the ID
// buffer filled while drawing: nothing for the background, outlines and
// hidden items.
func (r *Renderer) Pick(x, y int) (Hit, bool) {
	if r.scene == nil || x < 0 || y < 0 || x >= r.w || y >= r.h {
		return Hit{}, false
	}
	gid := r.ids[y*r.w+x] - 1
	if gid < 0 || len(r.base) != len(r.scene.Items)+1 {
		return Hit{}, false
	}
	// The item whose range of numbers holds gid.
	id := sort.Search(len(r.scene.Items), func(k int) bool { return r.base[k+1] > gid })
	if id >= len(r.scene.Items) {
		return Hit{}, false
	}
	m := r.scene.Items[id].Mesh
	prim := int(gid - r.base[id])
	if prim < len(m.polys) {
		p := &m.polys[prim]
		return Hit{Item: id, Cell: p.cell, Neighbor: p.neighbor, Normal: vec64(p.normal)}, true
	}
	prim -= len(m.polys)
	if prim >= len(m.balls) {
		return Hit{}, false
	}
	b := &m.balls[prim]
	// Cast the pixel's ray again to find the point hit on the ball.
	eye, dir := r.ray(x, y)
	c := vec64(b.center).Add(r.scene.Items[id].Offset)
	oc := eye.Sub(c)
	bq := oc.Dot(dir)
	disc := bq*bq - (oc.Dot(oc) - float64(b.radius*b.radius))
	t := -bq - math.Sqrt(max(disc, 0))
	return r.ballHit(id, b, eye.Add(dir.Mul(t)).Sub(c).Normalize()), true
}

// ballHit is the hit on ball b of item id at outward normal n: the cell
// across is the touching cell in the direction of n.
func (r *Renderer) ballHit(id int, b *ball, n mgl64.Vec3) Hit {
	h := Hit{Item: id, Cell: b.cell, Normal: n}
	g := r.scene.Items[id].Mesh.grid
	best := -2.0
	for _, nb := range g.Neighbors(nil, b.cell, grid.ByFace) {
		d := g.Solid(nb).Center.Sub(g.Solid(b.cell).Center).Normalize().Dot(n)
		if d > best {
			best, h.Neighbor = d, nb
		}
	}
	return h
}
