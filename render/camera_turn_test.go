package render

import (
	"math"
	"testing"

	"github.com/go-gl/mathgl/mgl64"
)

// Turn agrees with a drag through the middle of the view: yaw like a drag
// to the right, pitch like a drag down, by the angle asked for.
func TestCameraTurn(t *testing.T) {
	for _, c := range []struct {
		yaw, pitch float64
		dx, dy     float64 // the drag that turns the same way
	}{{0.2, 0, 1, 0}, {-0.2, 0, -1, 0}, {0, 0.2, 0, 1}, {0, -0.2, 0, -1}} {
		cam := DefaultCamera()
		cam.Turn(c.yaw, c.pitch)
		drag := DefaultCamera()
		drag.Rotate(100, 100, 100+c.dx, 100+c.dy, 200, 200)
		// The front of the scene in view coordinates moves the same way.
		front := func(cm Camera) mgl64.Vec3 {
			return cm.Rot.Mul(DefaultCamera().Rot.Inverse()).Rotate(mgl64.Vec3{0, 0, 1})
		}
		got, want := front(cam), front(drag)
		same := func(a, b float64) bool { return math.Abs(b) < 1e-6 && math.Abs(a) < 1e-6 || a*b > 0 }
		if !same(got[0], want[0]) || !same(got[1], want[1]) {
			t.Errorf("Turn(%v, %v): front %v, the drag's %v", c.yaw, c.pitch, got, want)
		}
		angle := math.Acos(mgl64.Clamp(got.Dot(mgl64.Vec3{0, 0, 1}), -1, 1))
		if math.Abs(angle-math.Abs(c.yaw+c.pitch)) > 1e-9 {
			t.Errorf("Turn(%v, %v) turned by %v", c.yaw, c.pitch, angle)
		}
	}
	// Turning back undoes it.
	cam := DefaultCamera()
	cam.Turn(0.3, -0.1)
	cam.Turn(0, 0.1)
	cam.Turn(-0.3, 0)
	if d := cam.Rot.Sub(DefaultCamera().Rot).Len(); d > 1e-9 {
		t.Errorf("turned back: rotation off by %v", d)
	}
}
