//go:build (linux || freebsd || openbsd || netbsd) && cgo && !wayland

package x11win

/*
#cgo LDFLAGS: -lX11 -lXinerama
#include <stdlib.h>
#include <X11/Xlib.h>
#include <X11/Xatom.h>
#include <X11/extensions/Xinerama.h>

// Xlib's default error handler ends the process; a window that has gone
// must only make the call fail.
static int x11win_failed;
static int x11win_onerror(Display *d, XErrorEvent *e) { x11win_failed = 1; return 0; }
static XErrorHandler x11win_catch(void) { x11win_failed = 0; return XSetErrorHandler(x11win_onerror); }
static int x11win_release(Display *d, XErrorHandler prev) { XSync(d, False); XSetErrorHandler(prev); return x11win_failed; }

// frame returns the outer rectangle of window w: its position on the
// root window and its size, grown by the _NET_FRAME_EXTENTS the window
// manager sets (none without one).
static int x11win_frame(Display *d, Window w, int *x, int *y, int *wd, int *ht) {
	XWindowAttributes at;
	if (!XGetWindowAttributes(d, w, &at)) return 0;
	Window child;
	if (!XTranslateCoordinates(d, w, at.root, 0, 0, x, y, &child)) return 0;
	*wd = at.width;
	*ht = at.height;
	Atom extents = XInternAtom(d, "_NET_FRAME_EXTENTS", True);
	if (extents == None) return 1;
	Atom type;
	int format;
	unsigned long n, after;
	unsigned char *data = NULL;
	if (XGetWindowProperty(d, w, extents, 0, 4, False, XA_CARDINAL, &type, &format, &n, &after, &data) == Success && data != NULL) {
		if (type == XA_CARDINAL && format == 32 && n == 4) {
			long *e = (long *)data; // left, right, top, bottom
			*x -= e[0];
			*y -= e[2];
			*wd += e[0] + e[1];
			*ht += e[2] + e[3];
		}
		XFree(data);
	}
	return 1;
}

// workarea sets *x, *y, *w, *h to the current desktop's _NET_WORKAREA:
// the root window less the panels the window manager keeps clear.
// It returns 0 where no window manager sets one.
static int x11win_workarea(Display *d, int *x, int *y, int *w, int *h) {
	Window root = DefaultRootWindow(d);
	Atom area = XInternAtom(d, "_NET_WORKAREA", True);
	if (area == None) return 0;
	long desk = 0;
	Atom current = XInternAtom(d, "_NET_CURRENT_DESKTOP", True);
	Atom type;
	int format;
	unsigned long n, after;
	unsigned char *data = NULL;
	if (current != None && XGetWindowProperty(d, root, current, 0, 1, False, XA_CARDINAL, &type, &format, &n, &after, &data) == Success && data != NULL) {
		if (type == XA_CARDINAL && format == 32 && n == 1) desk = ((long *)data)[0];
		XFree(data);
		data = NULL;
	}
	int ok = 0;
	if (XGetWindowProperty(d, root, area, 0, 1024, False, XA_CARDINAL, &type, &format, &n, &after, &data) == Success && data != NULL) {
		if (type == XA_CARDINAL && format == 32 && n >= 4) {
			if ((unsigned long)(desk*4+4) > n) desk = 0;
			long *a = (long *)data + desk*4;
			*x = a[0]; *y = a[1]; *w = a[2]; *h = a[3];
			ok = *w > 0 && *h > 0;
		}
		XFree(data);
	}
	return ok;
}
*/
import "C"

import (
	"fmt"
	"unsafe"
)

// display opens the display in $DISPLAY for f, with X errors turned into
// an error instead of the end of the process.
func display(f func(d *C.Display) error) error {
	d := C.XOpenDisplay(nil)
	if d == nil {
		return ErrUnsupported
	}
	defer C.XCloseDisplay(d)
	prev := C.x11win_catch()
	err := f(d)
	if C.x11win_release(d, prev) != 0 && err == nil {
		err = fmt.Errorf("x11win: the X server refused the request")
	}
	return err
}

// Frame returns the rectangle window win takes on the screen, with its
// window manager frame.
func Frame(win uintptr) (Rect, error) {
	var r Rect
	err := display(func(d *C.Display) error {
		var x, y, w, h C.int
		if C.x11win_frame(d, C.Window(win), &x, &y, &w, &h) == 0 {
			return fmt.Errorf("x11win: window %#x has no geometry", win)
		}
		r = Rect{int(x), int(y), int(w), int(h)}
		return nil
	})
	return r, err
}

// Move puts window win's frame at x, y. The window manager, if any, has
// the last word.
func Move(win uintptr, x, y int) error {
	return display(func(d *C.Display) error {
		C.XMoveWindow(d, C.Window(win), C.int(x), C.int(y))
		return nil
	})
}

// Screens returns the monitors (Xinerama's screens), or the whole root
// window where there is no Xinerama.
func Screens() ([]Rect, error) {
	var out []Rect
	err := display(func(d *C.Display) error {
		if C.XineramaIsActive(d) != 0 {
			var n C.int
			info := C.XineramaQueryScreens(d, &n)
			if info != nil {
				for _, s := range unsafe.Slice(info, int(n)) {
					out = append(out, Rect{int(s.x_org), int(s.y_org), int(s.width), int(s.height)})
				}
				C.XFree(unsafe.Pointer(info))
			}
		}
		if len(out) == 0 {
			scr := C.XDefaultScreen(d)
			out = append(out, Rect{0, 0, int(C.XDisplayWidth(d, scr)), int(C.XDisplayHeight(d, scr))})
		}
		return nil
	})
	return out, err
}

// WorkAreas returns the monitors (Screens) less what the window manager
// keeps clear for its panels (_NET_WORKAREA), where it says so: where a
// window can go without being covered.
func WorkAreas() ([]Rect, error) {
	screens, err := Screens()
	if err != nil {
		return nil, err
	}
	var area Rect
	var ok bool
	err = display(func(d *C.Display) error {
		var x, y, w, h C.int
		if C.x11win_workarea(d, &x, &y, &w, &h) != 0 {
			area, ok = Rect{int(x), int(y), int(w), int(h)}, true
		}
		return nil
	})
	if err != nil || !ok {
		return screens, nil
	}
	return Clip(screens, area), nil
}
