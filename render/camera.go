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
