package render

import (
	"bytes"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/burrlab/burrlab/internal/testfs"
	"github.com/go-gl/mathgl/mgl64"
)

// PelikanBurr's stored solution plays as one picture per move plus the
// assembled one; each picture shows the pieces where the animation puts
// them, and with Dim only the pieces that moved keep their colours.
func TestSolutionSteps(t *testing.T) {
	p := loadExample(t, "PelikanBurr.xmpuzzle")
	opt := DefaultImageOptions()
	opt.Width, opt.Height, opt.Dim = 160, 120, true
	q, err := SolutionSteps(p, 0, 0, opt)
	if err != nil {
		t.Fatal(err)
	}
	moves := p.Problems[0].Solutions[0].Disassembly.TotalMoves()
	if q.Len() != moves+1 {
		t.Fatalf("%d pictures for %d moves", q.Len(), moves)
	}
	for _, i := range []int{0, 1, moves / 2, moves} {
		pic, err := q.Picture(i)
		if err != nil {
			t.Fatal(err)
		}
		s := pic.tiles[0].scene
		offs := q.an.Offsets(float64(i), nil)
		moved := 0
		for slot := range s.Items {
			if s.Items[slot].Offset != offs[slot] {
				t.Errorf("step %d: piece %d at %v, want %v", i, slot, s.Items[slot].Offset, offs[slot])
			}
			stays := i == 0 || !q.an.Moving(float64(i-1), slot)
			if s.Items[slot].Dim != (stays && i > 0) {
				t.Errorf("step %d: piece %d dimmed %v", i, slot, s.Items[slot].Dim)
			}
			if !stays {
				moved++
			}
		}
		if i > 0 && moved == 0 {
			t.Errorf("step %d: no piece moved", i)
		}
		// A single picture at the same step fades the same pieces.
		one, err := AssemblyPicture(p, 0, 0, float64(i), opt)
		if err != nil {
			t.Fatal(err)
		}
		for slot, it := range one.tiles[0].scene.Items {
			if it.Dim != s.Items[slot].Dim || it.Offset != s.Items[slot].Offset {
				t.Errorf("step %d: AssemblyPicture's piece %d differs from the sequence's", i, slot)
			}
		}
		// One camera for the whole sequence.
		if pic.tiles[0].cam != q.cam {
			t.Errorf("step %d: camera changed", i)
		}
		// The scene of the sequence itself is not changed.
		if q.scene.Items[0].Offset.Len() != 0 || q.scene.Items[0].Dim {
			t.Errorf("step %d changed the sequence's scene", i)
		}
	}
	if _, err := q.Picture(moves + 1); err == nil {
		t.Error("a picture past the last step")
	}
	// Every piece, at every step, is inside the picture: framed on all.
	last, _ := q.Picture(moves)
	img, err := last.Image()
	if err != nil {
		t.Fatal(err)
	}
	for x := 0; x < 160; x++ {
		for _, y := range []int{0, 119} {
			c := img.RGBAAt(x, y)
			bg := mix(opt.Style.Top, opt.Style.Bottom, (float64(y)+0.5)/120)
			if absDiff(c.R, bg.R)+absDiff(c.G, bg.G)+absDiff(c.B, bg.B) > 12 {
				t.Fatalf("last step drawn at the picture's edge (%d,%d)", x, y)
			}
		}
	}
}

func TestSolutionStepsErrors(t *testing.T) {
	opt := DefaultImageOptions()
	for name, c := range map[string]struct {
		file string
		pr   int
		want string
	}{
		"no disassembly": {"BallRoom.xmpuzzle", 0, "no stored disassembly"},
		"outline only":   {"SolidSixPieceBurrs.xmpuzzle", 0, "outline"},
		"no problem":     {"PelikanBurr.xmpuzzle", 7, "does not exist"},
	} {
		_, err := SolutionSteps(loadExample(t, c.file), c.pr, 0, opt)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want one saying %q", name, err, c.want)
		}
	}
}

func TestStepPath(t *testing.T) {
	for _, c := range []struct {
		i, n int
		f    Format
		want string
	}{
		{0, 18, PNG, "a/b-000.png"},
		{17, 18, SVG, "a/b-017.svg"},
		{5, 1001, PNG, "a/b-0005.png"},
	} {
		if got := StepPath("a/b", c.i, c.n, c.f); got != c.want {
			t.Errorf("StepPath(%d of %d) = %q, want %q", c.i, c.n, got, c.want)
		}
	}
}

// WriteFiles writes one decodable file per step; a full disk stops it with
// an error naming the file, and the file that was there stays as it was.
func TestWriteStepFiles(t *testing.T) {
	p := loadExample(t, "CubeInCage.xmpuzzle")
	opt := DefaultImageOptions()
	opt.Width, opt.Height = 120, 90
	q, err := SolutionSteps(p, 0, 0, opt)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	calls := 0
	paths, err := q.WriteFiles(filepath.Join(dir, "cage"), PNG, func(done, total int) bool {
		calls++
		return done == calls && total == q.Len()
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(paths) != q.Len() || calls != q.Len() {
		t.Fatalf("%d files, %d progress calls for %d steps", len(paths), calls, q.Len())
	}
	for _, path := range paths {
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if img, err := png.Decode(bytes.NewReader(b)); err != nil || img.Bounds().Dx() != 120 {
			t.Fatalf("%s: not a 120 pixel wide PNG: %v", path, err)
		}
	}
	// Stopping after the second file.
	paths, err = q.WriteFiles(filepath.Join(dir, "stop"), SVG, func(done, total int) bool { return done < 2 })
	if err != ErrStopped || len(paths) != 2 {
		t.Errorf("stopped after %d files with %v", len(paths), err)
	}

	full := testfs.FullDisk(t, 64<<10)
	old := []byte("the old picture")
	first := StepPath(filepath.Join(full, "s"), 0, q.Len(), PNG)
	if err := os.WriteFile(first, old, 0o644); err != nil {
		t.Fatal(err)
	}
	// Fill the disk.
	filler := bytes.Repeat([]byte{1}, 4096)
	f, _ := os.Create(filepath.Join(full, "filler"))
	for {
		if _, err := f.Write(filler); err != nil {
			break
		}
	}
	f.Close()
	_, err = q.WriteFiles(filepath.Join(full, "s"), PNG, nil)
	if err == nil || !strings.Contains(err.Error(), first) {
		t.Fatalf("full disk: error %v, want one naming %s", err, first)
	}
	if b, _ := os.ReadFile(first); !bytes.Equal(b, old) {
		t.Errorf("full disk: the old file now holds %d bytes", len(b))
	}
	left, _ := filepath.Glob(filepath.Join(full, ".*tmp"))
	if len(left) > 0 {
		t.Errorf("temporary files left: %v", left)
	}
}

// Absurd sizes are refused at once, with a message that says the limits,
// before any pixel is allocated.
func TestImageSizeChecked(t *testing.T) {
	p := barPuzzle()
	for _, size := range [][2]int{{100000, 100000}, {8193, 10}, {8192, 8192}, {0, 10}, {10, -1}} {
		opt := DefaultImageOptions()
		opt.Width, opt.Height = size[0], size[1]
		start := time.Now()
		for name, f := range map[string]func() error{
			"shape":    func() error { _, err := ShapePicture(p, 0, opt); return err },
			"problem":  func() error { _, err := ProblemPicture(p, 0, opt); return err },
			"assembly": func() error { _, err := AssemblyPicture(p, 0, 0, 0, opt); return err },
			"steps":    func() error { _, err := SolutionSteps(loadExample(t, "CubeInCage.xmpuzzle"), 0, 0, opt); return err },
		} {
			err := f()
			if err == nil || !strings.Contains(err.Error(), "out of range") || !strings.Contains(err.Error(), "8192") {
				t.Errorf("%s %v: error %v", name, size, err)
			}
		}
		if d := time.Since(start); d > 2*time.Second {
			t.Errorf("%v: refusing took %v", size, d)
		}
	}
	// The largest allowed picture draws with less supersampling.
	opt := DefaultImageOptions()
	opt.Width, opt.Height = 8192, 4096
	if ss := opt.supersample(); ss != 1 {
		t.Errorf("8192x4096 supersampled %d times", ss)
	}
	if err := opt.Check(); err != nil {
		t.Errorf("8192x4096: %v", err)
	}
}

// ImageOptions.Stage places the pieces of the pictures: a single picture's
// and every picture of a sequence alike, with the animation (none at step
// 0 of a single picture); the sequence's one camera frames the pieces
// where Stage puts them.
func TestStage(t *testing.T) {
	p := loadExample(t, "PelikanBurr.xmpuzzle")
	opt := DefaultImageOptions()
	opt.Width, opt.Height = 160, 120
	plain, err := SolutionSteps(p, 0, 0, opt)
	if err != nil {
		t.Fatal(err)
	}
	push := mgl64.Vec3{50, 0, 0}
	opt.Stage = func(s *Scene, an *Animation, t float64) {
		if an != nil {
			an.Apply(s, t)
		}
		s.Items[0].Mode = Hidden
		s.Items[1].Offset = s.Items[1].Offset.Add(push)
	}
	q, err := SolutionSteps(p, 0, 0, opt)
	if err != nil {
		t.Fatal(err)
	}
	for _, i := range []int{0, 1, q.Len() - 1} {
		offs := q.an.Offsets(float64(i), nil)
		seq, err := q.Picture(i)
		if err != nil {
			t.Fatal(err)
		}
		one, err := AssemblyPicture(p, 0, 0, float64(i), opt)
		if err != nil {
			t.Fatal(err)
		}
		for name, pic := range map[string]*Picture{"sequence": seq, "single picture": one} {
			s := pic.tiles[0].scene
			if s.Items[0].Mode != Hidden || s.Items[2].Mode != Solid {
				t.Errorf("step %d, %s: modes %d, %d, want hidden, solid", i, name, s.Items[0].Mode, s.Items[2].Mode)
			}
			if got, want := s.Items[1].Offset, offs[1].Add(push); got.Sub(want).Len() > 1e-9 {
				t.Errorf("step %d, %s: piece 2 at %v, want %v", i, name, got, want)
			}
		}
	}
	if q.cam.Target[0] < plain.cam.Target[0]+10 {
		t.Errorf("the sequence is framed at %v as without the push (%v)", q.cam.Target, plain.cam.Target)
	}
}
