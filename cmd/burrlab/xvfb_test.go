package main

import (
	"bufio"
	"context"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"testing"
	"time"
)

// xserver is a virtual X server of the test's own, on a display number
// the server picks, so that tests and people using other displays do not
// meet.
type xserver struct {
	display string
	cmd     *exec.Cmd
}

// startXvfb starts a virtual X server with one screen of the given size,
// stopped when the test ends.
func startXvfb(t *testing.T, width, height int) *xserver {
	t.Helper()
	if _, err := exec.LookPath("Xvfb"); err != nil {
		t.Fatal("Xvfb is missing: scripts/deps.sh installs it (make test runs it first)")
	}
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	// -noreset: by default the server resets when its last client
	// leaves, and an app connecting during that reset fails to open the
	// display (seen in CI when the tests restart the app).
	cmd := exec.Command("Xvfb", "-displayfd", "3", "-nolisten", "tcp", "-noreset", "-screen", "0", fmt.Sprintf("%dx%dx24", width, height))
	cmd.ExtraFiles = []*os.File{w}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	w.Close()
	t.Cleanup(func() {
		// Terminated, not killed: the server then removes its lock file
		// and socket, which a later server on the same number would meet.
		cmd.Process.Signal(syscall.SIGTERM)
		stopped := make(chan struct{})
		go func() { cmd.Wait(); close(stopped) }()
		select {
		case <-stopped:
		case <-time.After(5 * time.Second):
			cmd.Process.Kill()
			<-stopped
		}
	})
	line := make(chan string, 1)
	go func() {
		s, _ := bufio.NewReader(r).ReadString('\n')
		line <- strings.TrimSpace(s)
	}()
	select {
	case n := <-line:
		if n == "" {
			t.Fatal("Xvfb did not start")
		}
		x := &xserver{display: ":" + n, cmd: cmd}
		x.waitReady(t)
		return x
	case <-time.After(20 * time.Second):
		t.Fatal("Xvfb did not say which display it took")
	}
	return nil
}

// xdotoolCmd is the command that runs xdotool with args on the server,
// stopped when ctx ends.
func (x *xserver) xdotoolCmd(ctx context.Context, args ...string) *exec.Cmd {
	cmd := exec.CommandContext(ctx, "xdotool", args...)
	cmd.Env = append(os.Environ(), "DISPLAY="+x.display)
	return cmd
}

// waitReady waits until a client can talk to the server, so that a
// server that is not up yet shows as such and not as an app failing to
// open its display.
func (x *xserver) waitReady(t *testing.T) {
	t.Helper()
	var out []byte
	var err error
	for range 100 {
		if out, err = x.xdotoolCmd(context.Background(), "getdisplaygeometry").CombinedOutput(); err == nil {
			return
		}
		time.Sleep(200 * time.Millisecond)
	}
	t.Fatalf("Xvfb on %s took no client in 20 s: %v: %s", x.display, err, out)
}
