package main

import (
	"bytes"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

// TestStartQuiet builds the app and starts it under a virtual X server
// with each locale users have, up to its first frames and out again, and
// checks that it writes nothing to stderr (Fyne used to log "Error parsing
// user locale C" under C.UTF-8).
func TestStartQuiet(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and starts the app")
	}
	bin := filepath.Join(t.TempDir(), "burrlab")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	display := startXvfb(t, 1280, 800).display
	for _, env := range [][]string{
		{"LANG=C"},
		{"LANG=POSIX"},
		{"LANG=C.UTF-8"},
		{"LANG=en_US.UTF-8"},
		{"LANG=de_DE.UTF-8"},
		{"LANG=de_DE@euro"},
		{}, // no locale at all
		{"LC_ALL=C.UTF-8", "LANG=de_DE.UTF-8"},
		{"LC_ALL=POSIX"},
		{"LC_MESSAGES=C.UTF-8"},
		{"LC_MESSAGES=C.UTF-8", "LANG=en_US.UTF-8"},
		{"LANGUAGE=C", "LANG=en_US.UTF-8"},
	} {
		t.Run(strings.Join(append([]string{"env"}, env...), " "), func(t *testing.T) {
			ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
			defer cancel()
			cmd := exec.CommandContext(ctx, bin)
			cmd.Env = append(cleanEnv(), "DISPLAY="+display, "HOME="+t.TempDir(), "BURRLAB_QUIT_AFTER=1s")
			cmd.Env = append(cmd.Env, env...)
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			if err := cmd.Run(); err != nil {
				t.Fatalf("%v\nstderr:\n%s", err, stderr.String())
			}
			if out := withoutQuitRace(t, stderr.String()); out != "" {
				t.Errorf("stderr:\n%s", out)
			}
		})
	}
}

// withoutQuitRace is stderr without the lines Fyne 2.7.4 logs when, as
// the app quits, its watcher of the preferences file reads the file its
// final save has just emptied and not yet written (app/preferences.go
// marks the save as its own only after truncating the file). It happens
// on some quits, not at the start this test is about, and nothing in
// BurrLab can prevent it. The app may exit while the watcher is still
// logging, so the report can end after its first or second line; a
// report with any other cause is kept.
func withoutQuitRace(t *testing.T, stderr string) string {
	head := regexp.MustCompile(`^\S+ \S+ Fyne error:  Preferences load error:$`)
	cause := regexp.MustCompile(`^\S+ \S+   Cause: EOF$`)
	at := regexp.MustCompile(`^\S+ \S+   At: \S+/fyne/v2@v2\.7\.4/app/preferences\.go:\d+$`)
	lines := strings.SplitAfter(stderr, "\n")
	var out strings.Builder
	for i := 0; i < len(lines); i++ {
		line := func(k int) string { return strings.TrimSuffix(lines[k], "\n") }
		if head.MatchString(line(i)) {
			n := 1 // the lines of the race from i on
			switch {
			case i+1 == len(lines) || lines[i+1] == "":
			case !cause.MatchString(line(i + 1)):
				n = 0 // another cause: a real error
			case i+2 == len(lines) || lines[i+2] == "" || !at.MatchString(line(i+2)):
				n = 2
			default:
				n = 3
			}
			if n > 0 {
				t.Log("Fyne's race of the preferences watcher at quit (not a start-up error)")
				i += n - 1
				continue
			}
		}
		out.WriteString(lines[i])
	}
	return out.String()
}

// cleanEnv is the environment without the variables the test sets: the
// locale, the display, and those that point the app at the user's files.
func cleanEnv() []string {
	var env []string
	for _, kv := range os.Environ() {
		name, _, _ := strings.Cut(kv, "=")
		if name == "LANG" || name == "LANGUAGE" || strings.HasPrefix(name, "LC_") ||
			name == "DISPLAY" || name == "WAYLAND_DISPLAY" || name == "HOME" || strings.HasPrefix(name, "XDG_") {
			continue
		}
		env = append(env, kv)
	}
	return env
}

// TestWithoutQuitRace checks that only the lines of Fyne's quit race are
// taken out of what the app writes.
func TestWithoutQuitRace(t *testing.T) {
	race := "2026/11/25 15:11:56 Fyne error:  Preferences load error:\n" +
		"2026/11/25 15:11:56   Cause: EOF\n" +
		"2026/11/25 15:11:56   At: /root/go/pkg/mod/fyne.io/fyne/v2@v2.7.4/app/preferences.go:103\n"
	other := "2026/11/25 15:08:29 Fyne error:  Error parsing user locale C\n"
	if got := withoutQuitRace(t, race); got != "" {
		t.Errorf("the race left %q", got)
	}
	if got := withoutQuitRace(t, other+race); got != other {
		t.Errorf("got %q, want %q", got, other)
	}
	// Cut short by the app's exit, after its first or second line.
	lines := strings.SplitAfter(race, "\n")
	for _, cut := range []string{lines[0], lines[0] + lines[1], strings.TrimSuffix(lines[0], "\n")} {
		if got := withoutQuitRace(t, other+cut); got != other {
			t.Errorf("race cut short %q left %q", cut, got)
		}
	}
	// The first line followed by anything but its cause is not the race.
	if got := withoutQuitRace(t, lines[0]+other); got != lines[0]+other {
		t.Errorf("got %q, want it all", got)
	}
	// Another cause is a real error and stays.
	real := "2026/11/25 15:11:56 Fyne error:  Preferences load error:\n" +
		"2026/11/25 15:11:56   Cause: permission denied\n"
	if got := withoutQuitRace(t, real); got != real {
		t.Errorf("got %q, want %q", got, real)
	}
}
