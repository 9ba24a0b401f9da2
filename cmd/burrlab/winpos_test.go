//go:build (linux || freebsd || openbsd || netbsd) && cgo && !wayland

package main

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// appEnv makes the test binary run the app (TestMain) instead of the tests.
const appEnv = "BURRLAB_TEST_RUN_APP"

func TestMain(m *testing.M) {
	if os.Getenv(appEnv) == "1" {
		main()
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// xdotool runs xdotool on the server and returns its output.
func (x *xserver) xdotool(t *testing.T, args ...string) string {
	t.Helper()
	out, err := x.xdotoolCmd(context.Background(), args...).CombinedOutput()
	if err != nil {
		t.Fatalf("xdotool %v: %v: %s", args, err, out)
	}
	return string(out)
}

// frame is a window's position and size as xdotool reports them.
type frame struct{ x, y, w, h int }

func (x *xserver) geometry(t *testing.T, win string) frame {
	t.Helper()
	var f frame
	for _, l := range strings.Fields(x.xdotool(t, "getwindowgeometry", "--shell", win)) {
		k, v, _ := strings.Cut(l, "=")
		n, _ := strconv.Atoi(v)
		switch k {
		case "X":
			f.x = n
		case "Y":
			f.y = n
		case "WIDTH":
			f.w = n
		case "HEIGHT":
			f.h = n
		}
	}
	return f
}

// appRun is one run of the app on the server.
type appRun struct {
	cmd  *exec.Cmd
	win  string
	done chan error
}

// startApp starts the app with its configuration under home and waits
// for its window.
func (x *xserver) startApp(t *testing.T, home string) *appRun {
	t.Helper()
	cmd := exec.Command(os.Args[0])
	cmd.Env = append(os.Environ(), appEnv+"=1", "DISPLAY="+x.display, "HOME="+home,
		"XDG_CONFIG_HOME="+filepath.Join(home, "config"), "XDG_CACHE_HOME="+filepath.Join(home, "cache"),
		"XDG_DATA_HOME="+filepath.Join(home, "data"))
	cmd.Stdout, cmd.Stderr = os.Stderr, os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	a := &appRun{cmd: cmd, done: make(chan error, 1)}
	go func() { a.done <- cmd.Wait() }()
	t.Cleanup(func() {
		cmd.Process.Kill()
		<-a.done
	})
	deadline := time.Now().Add(60 * time.Second)
	for time.Now().Before(deadline) {
		select {
		case err := <-a.done:
			a.done <- err // for the cleanup
			t.Fatalf("the app ended before its window appeared: %v", err)
		default:
		}
		if out, err := x.xdotoolCmd(context.Background(), "search", "--onlyvisible", "--name", "BurrLab$").Output(); err == nil {
			if ids := strings.Fields(string(out)); len(ids) > 0 {
				a.win = ids[0]
				return a
			}
		}
		time.Sleep(200 * time.Millisecond)
	}
	t.Fatal("the app's window did not appear")
	return nil
}

// quit ends the app as a user does, with Ctrl+Q, and waits for it. On a
// loaded machine a key pressed just after the window appeared can be
// lost before the app listens to its keyboard (this test once waited 30
// s in vain): like a user, it presses again every few seconds. Those
// later presses may find the window gone, so their errors are ignored.
func (x *xserver) quit(t *testing.T, a *appRun) {
	t.Helper()
	deadline := time.Now().Add(45 * time.Second)
	for time.Now().Before(deadline) {
		for _, args := range [][]string{{"windowfocus", "--sync", a.win}, {"key", "ctrl+q"}} {
			ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
			x.xdotoolCmd(ctx, args...).Run()
			cancel()
		}
		select {
		case err := <-a.done:
			a.done <- err // for the cleanup
			if err != nil {
				t.Fatalf("the app ended with %v", err)
			}
			return
		case <-time.After(3 * time.Second):
		}
	}
	t.Fatal("the app did not quit on Ctrl+Q, pressed again and again for 45 s")
}

// waitAt waits until the window's frame is at x, y and returns where it is.
func (x *xserver) waitAt(t *testing.T, a *appRun, wx, wy int) frame {
	t.Helper()
	var f frame
	for range 50 {
		if f = x.geometry(t, a.win); f.x == wx && f.y == wy {
			break
		}
		time.Sleep(100 * time.Millisecond)
	}
	return f
}

// TestWindowPlaceRemembered runs the app on a virtual X server: moved and
// closed, it opens again where it was; with a position recorded off the
// screen (a monitor since unplugged), it opens wholly on the screen.
func TestWindowPlaceRemembered(t *testing.T) {
	const sw, sh = 1600, 1000
	x := startXvfb(t, sw, sh)
	home := t.TempDir()

	a := x.startApp(t, home)
	x.xdotool(t, "windowmove", "--sync", a.win, "137", "94")
	f := x.waitAt(t, a, 137, 94)
	if f.x != 137 || f.y != 94 {
		t.Fatalf("xdotool could not move the window: at %d,%d", f.x, f.y)
	}
	x.quit(t, a)
	prefs := filepath.Join(home, "config", "fyne", "org.burrlab.burrlab", "preferences.json")
	data, err := os.ReadFile(prefs)
	var kept struct{ Window string }
	if err == nil {
		err = json.Unmarshal(data, &kept)
	}
	if err != nil || !strings.HasSuffix(kept.Window, " 137 94") {
		t.Fatalf("preferences after quitting: %s (%v)", data, err)
	}

	a = x.startApp(t, home)
	if got := x.waitAt(t, a, 137, 94); got.x != 137 || got.y != 94 {
		t.Fatalf("started again at %d,%d, want 137,94", got.x, got.y)
	}
	if got := x.geometry(t, a.win); got.w != f.w || got.h != f.h {
		t.Errorf("started again %dx%d, want %dx%d", got.w, got.h, f.w, f.h)
	}
	x.quit(t, a)

	// Recorded on a monitor to the right that is gone: the window opens
	// against the right and bottom edges of the screen there is.
	data, err = os.ReadFile(prefs)
	if err != nil {
		t.Fatal(err)
	}
	moved := strings.Replace(string(data), " 137 94\"", " 2400 1500\"", 1)
	if moved == string(data) {
		t.Fatalf("no position to change in %s", data)
	}
	if err := os.WriteFile(prefs, []byte(moved), 0o644); err != nil {
		t.Fatal(err)
	}
	a = x.startApp(t, home)
	want := frame{sw - f.w, sh - f.h, f.w, f.h}
	if got := x.waitAt(t, a, want.x, want.y); got != want {
		t.Fatalf("recorded off the screen: opened at %+v, want %+v", got, want)
	}
	x.quit(t, a)
}

// TestWindowFitsASmallScreen: on a 1280x720 screen the window opens
// wholly on it the first time, and again when the size recorded is that
// of a larger screen.
func TestWindowFitsASmallScreen(t *testing.T) {
	const sw, sh = 1280, 720
	x := startXvfb(t, sw, sh)
	home := t.TempDir()
	onScreen := func(a *appRun) frame {
		t.Helper()
		var f frame
		for range 50 { // the window shrinks once shown where the first guess was too large
			if f = x.geometry(t, a.win); f.x >= 0 && f.y >= 0 && f.x+f.w <= sw && f.y+f.h <= sh {
				return f
			}
			time.Sleep(100 * time.Millisecond)
		}
		t.Fatalf("the window is at %+v, not wholly on the %dx%d screen", f, sw, sh)
		return f
	}
	a := x.startApp(t, home)
	t.Logf("first start: at %+v", onScreen(a))
	x.quit(t, a)

	prefs := filepath.Join(home, "config", "fyne", "org.burrlab.burrlab", "preferences.json")
	big, err := json.Marshal(map[string]string{"window": "1800 1100 40 30"})
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(prefs, big, 0o644); err != nil {
		t.Fatal(err)
	}
	a = x.startApp(t, home)
	f := onScreen(a)
	t.Logf("recorded 1800x1100 at 40,30: opened at %+v", f)
	if f.w < sw/2 || f.h < sh/2 {
		t.Errorf("shrunk to %+v, more than it needs", f)
	}
	x.quit(t, a)
}

// TestSignalQuitsCleanly: SIGTERM (the end of a desktop session) quits
// through the app's own way out: it exits with status 0 and records where
// the window was, which Fyne's own handler did not.
func TestSignalQuitsCleanly(t *testing.T) {
	x := startXvfb(t, 1600, 1000)
	home := t.TempDir()
	a := x.startApp(t, home)
	// The handler is the app's once its loop runs: Ctrl+N answered (a new
	// puzzle, "Untitled" in the title) says it does.
	deadline := time.Now().Add(45 * time.Second)
	for !strings.HasPrefix(x.xdotool(t, "getwindowname", a.win), "Untitled") {
		if time.Now().After(deadline) {
			t.Fatal("Ctrl+N went unanswered for 45 s")
		}
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		x.xdotoolCmd(ctx, "windowfocus", "--sync", a.win).Run()
		x.xdotoolCmd(ctx, "key", "ctrl+n").Run()
		cancel()
		time.Sleep(300 * time.Millisecond)
	}
	x.xdotool(t, "windowmove", "--sync", a.win, "211", "77")
	if f := x.waitAt(t, a, 211, 77); f.x != 211 || f.y != 77 {
		t.Fatalf("xdotool could not move the window: at %d,%d", f.x, f.y)
	}
	if err := a.cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	select {
	case err := <-a.done:
		a.done <- err // for the cleanup
		if err != nil {
			t.Fatalf("the app ended with %v", err)
		}
	case <-time.After(45 * time.Second):
		t.Fatal("the app did not end within 45 s of SIGTERM")
	}
	data, err := os.ReadFile(filepath.Join(home, "config", "fyne", "org.burrlab.burrlab", "preferences.json"))
	if err != nil || !strings.Contains(string(data), " 211 77\"") {
		t.Fatalf("preferences after SIGTERM: %s (%v)", data, err)
	}
}
