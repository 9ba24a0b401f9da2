package render

import (
	"math"

	"github.com/go-gl/mathgl/mgl64"
)

// Camera looks at Target from distance Dist, turned by Rot. The world frame
// is the grid's render frame; the view frame has x to the right, y up and
// the viewer on +z, as in BurrTools, whose unturned view looks along -z.
type Camera struct {
	Rot    mgl64.Quat // world -> view rotation
	Target mgl64.Vec3 // the point at the centre of the picture
	Dist   float64    // from the eye to Target, > 0
	FovY   float64    // vertical field of view, radians
}

// DefaultFovY is a narrow lens, like BurrTools' 15 degrees but a little
// wider: little perspective distortion, yet depth still reads.
const DefaultFovY = 20 * math.Pi / 180

// DefaultCamera returns BurrTools' frame (x right, y up, z towards the
// viewer) turned a little so that three sides of a box show: 30 degrees
// about the vertical, then 25 degrees tipping the top towards the viewer.
// Call Fit before drawing.
func DefaultCamera() Camera {
	q := mgl64.QuatRotate(25*math.Pi/180, mgl64.Vec3{1, 0, 0}).Mul(
		mgl64.QuatRotate(-30*math.Pi/180, mgl64.Vec3{0, 1, 0}))
	return Camera{Rot: q, Dist: 10, FovY: DefaultFovY}
}

// Fit points the camera at the centre of the box [lo, hi] and sets the
// distance so that the box's bounding sphere fills the picture, with a
// small margin, for a picture of the given aspect (width / height).
func (c *Camera) Fit(lo, hi mgl64.Vec3, aspect float64) {
	c.Target = lo.Add(hi).Mul(0.5)
	r := hi.Sub(lo).Len() / 2
	if r <= 0 {
		r = 0.5
	}
	c.Dist = fitDistance(r, c.FovY, aspect)
}

// Reaspect keeps what the camera shows in view when the picture's aspect
// (width / height) changes from from to to: it moves as much closer or
// farther as Fit's distance for the same box would, so that what filled
// the narrower of the two view angles still does. Between two aspects of
// 1 or more the vertical angle is the narrower one and does not change,
// and neither does the camera.
func (c *Camera) Reaspect(from, to float64) {
	if from > 0 && to > 0 && from != to {
		c.Dist *= fitDistance(1, c.FovY, to) / fitDistance(1, c.FovY, from)
	}
}

// Frame points the camera at what a scene shows and moves it as close as it
// can while every vertex and ball stays inside the picture, with a small
// margin: tighter than Fit, but the size then changes as the view turns,
// so Frame is for pictures and Fit for views that turn.
func (c *Camera) Frame(s *Scene, aspect float64) {
	if c.FovY <= 0 || c.FovY >= math.Pi {
		c.FovY = DefaultFovY
	}
	if !(aspect > 0) {
		aspect = 1
	}
	ty := math.Tan(c.FovY/2) * 0.92
	tx := ty * aspect
	// View-frame coordinates (rotation only) of everything shown.
	var pts []mgl64.Vec3
	for _, it := range s.Items {
		if !it.shown() {
			continue
		}
		for _, v := range it.Mesh.verts {
			pts = append(pts, c.Rot.Rotate(vec64(v).Add(it.Offset)))
		}
		for _, b := range it.Mesh.balls {
			q := c.Rot.Rotate(vec64(b.center).Add(it.Offset))
			r := float64(b.radius)
			pts = append(pts, q.Add(mgl64.Vec3{r, 0, 0}), q.Sub(mgl64.Vec3{r, 0, 0}),
				q.Add(mgl64.Vec3{0, r, 0}), q.Sub(mgl64.Vec3{0, r, 0}), q.Add(mgl64.Vec3{0, 0, r}))
		}
	}
	if len(pts) == 0 {
		return
	}
	lo, hi := pts[0], pts[0]
	for _, p := range pts {
		for k := 0; k < 3; k++ {
			lo[k] = min(lo[k], p[k])
			hi[k] = max(hi[k], p[k])
		}
	}
	centre := lo.Add(hi).Mul(0.5)
	// Twice: fit the distance, then centre what perspective projects.
	dist := 0.0
	for pass := 0; pass < 2; pass++ {
		dist = 0
		for _, p := range pts {
			q := p.Sub(centre)
			dist = max(dist, q[2]+math.Abs(q[0])/tx, q[2]+math.Abs(q[1])/ty)
		}
		x0, x1, y0, y1 := math.Inf(1), math.Inf(-1), math.Inf(1), math.Inf(-1)
		for _, p := range pts {
			q := p.Sub(centre)
			d := dist - q[2]
			x0, x1 = min(x0, q[0]/d), max(x1, q[0]/d)
			y0, y1 = min(y0, q[1]/d), max(y1, q[1]/d)
		}
		centre[0] += (x0 + x1) / 2 * dist
		centre[1] += (y0 + y1) / 2 * dist
	}
	c.Target = c.Rot.Conjugate().Rotate(centre)
	c.Dist = max(dist, 1e-3)
}

// fitDistance returns how far from its centre a sphere of radius r must be
// to fill the narrower of the two view angles, with a 5% margin.
func fitDistance(r, fovY, aspect float64) float64 {
	if fovY <= 0 || fovY >= math.Pi {
		fovY = DefaultFovY
	}
	half := math.Tan(fovY / 2)
	if aspect > 0 && aspect < 1 {
		half *= aspect
	}
	return 1.05 * r / math.Sin(math.Atan(half))
}

// Rotate turns the camera as an arcball: dragging the pointer from (x0, y0)
// to (x1, y1), in pixels of a w x h view, rolls a ball under the pointer
// that fills the view. Dragging across the centre turns about an axis in the
// screen plane; dragging around the rim turns about the line of sight.
func (c *Camera) Rotate(x0, y0, x1, y1 float64, w, h int) {
	a, b := arcballPoint(x0, y0, w, h), arcballPoint(x1, y1, w, h)
	axis := a.Cross(b)
	if axis.Len() < 1e-12 {
		return
	}
	angle := math.Acos(mgl64.Clamp(a.Dot(b), -1, 1))
	// The drag happens in the view frame, so it applies after Rot.
	c.Rot = mgl64.QuatRotate(angle, axis.Normalize()).Mul(c.Rot).Normalize()
}

// Turn turns the scene about the view's vertical axis by yaw and about its
// horizontal axis by pitch, in radians: a positive yaw turns the front of
// the scene to the right and a positive pitch tips it down, as dragging
// right or down through the middle of the view does.
func (c *Camera) Turn(yaw, pitch float64) {
	q := mgl64.QuatRotate(pitch, mgl64.Vec3{1, 0, 0}).Mul(mgl64.QuatRotate(yaw, mgl64.Vec3{0, 1, 0}))
	// Like a drag, the turn happens in the view frame.
	c.Rot = q.Mul(c.Rot).Normalize()
}

// arcballPoint maps a pixel onto the unit ball over the view (x right, y
// up, z towards the viewer); outside the ball it takes the nearest rim
// point.
func arcballPoint(x, y float64, w, h int) mgl64.Vec3 {
	s := float64(min(w, h))
	if s <= 0 {
		s = 1
	}
	p := mgl64.Vec3{(2*x - float64(w)) / s, (float64(h) - 2*y) / s, 0}
	if d := p[0]*p[0] + p[1]*p[1]; d <= 1 {
		p[2] = math.Sqrt(1 - d)
	} else {
		p = p.Mul(1 / math.Sqrt(d))
	}
	return p
}

// Zoom moves the camera towards Target: f > 1 magnifies.
func (c *Camera) Zoom(f float64) {
	if f > 0 && !math.IsInf(f, 0) {
		c.Dist = mgl64.Clamp(c.Dist/f, 1e-3, 1e6)
	}
}

// Pan moves the scene with the pointer: by (dx, dy) pixels of a view h
// pixels high, measured at the depth of Target.
func (c *Camera) Pan(dx, dy float64, h int) {
	if h <= 0 {
		return
	}
	perPixel := 2 * c.Dist * math.Tan(c.FovY/2) / float64(h)
	// Move Target against the drag, in world coordinates.
	d := c.Rot.Conjugate().Rotate(mgl64.Vec3{-dx * perPixel, dy * perPixel, 0})
	c.Target = c.Target.Add(d)
}

// View returns the world -> view matrix.
func (c *Camera) View() mgl64.Mat4 {
	return mgl64.Translate3D(0, 0, -c.Dist).Mul4(c.Rot.Mat4()).Mul4(
		mgl64.Translate3D(-c.Target[0], -c.Target[1], -c.Target[2]))
}

// Eye returns the eye position in world coordinates.
func (c *Camera) Eye() mgl64.Vec3 {
	return c.Target.Add(c.Rot.Conjugate().Rotate(mgl64.Vec3{0, 0, c.Dist}))
}
