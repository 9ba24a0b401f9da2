package main

import (
	"bufio"
	"fmt"
	"os"
	"os/exec"
	"strings"
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
	cmd := exec.Command("Xvfb", "-displayfd", "3", "-nolisten", "tcp", "-screen", "0", fmt.Sprintf("%dx%dx24", width, height))
	cmd.ExtraFiles = []*os.File{w}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	w.Close()
	t.Cleanup(func() {
		cmd.Process.Kill()
		cmd.Wait()
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
		return &xserver{display: ":" + n, cmd: cmd}
	case <-time.After(20 * time.Second):
		t.Fatal("Xvfb did not say which display it took")
	}
	return nil
}
