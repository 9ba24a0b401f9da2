package x11win

import (
	"reflect"
	"testing"
)

// TestClip: the work area cuts each monitor it covers; a monitor it
// misses stays whole.
func TestClip(t *testing.T) {
	screens := []Rect{{0, 0, 1920, 1080}, {1920, 0, 1280, 1024}, {5000, 0, 800, 600}}
	area := Rect{0, 32, 3200, 1048} // a panel along the top
	want := []Rect{{0, 32, 1920, 1048}, {1920, 32, 1280, 992}, {5000, 0, 800, 600}}
	if got := Clip(screens, area); !reflect.DeepEqual(got, want) {
		t.Errorf("Clip = %v, want %v", got, want)
	}
}
