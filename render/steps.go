package render

import (
	"errors"
	"fmt"
	"image"
	"strconv"

	"github.com/burrlab/burrlab/model"
	"github.com/go-gl/mathgl/mgl32"
)

// MaxStepPictures caps the pictures of one disassembly sequence.
const MaxStepPictures = 1000

// Steps is a solution's disassembly as a numbered sequence of pictures:
// picture 0 shows the puzzle assembled, picture i the state after move i,
// the last one every piece apart. One camera, framed so that every step
// fits, sees them all, so that the sequence plays as an animation. The
// pieces are placed as ImageOptions.Stage says; with ImageOptions.Dim the
// pieces that stay still in a move are faded.
type Steps struct {
	scene *Scene
	an    *Animation
	cam   Camera
	opt   ImageOptions
}

// SolutionSteps returns the disassembly sequence of stored solution k of
// problem pr of p.
func SolutionSteps(p *model.Puzzle, pr, k int, opt ImageOptions) (*Steps, error) {
	if err := opt.Check(); err != nil {
		return nil, err
	}
	s, sol, err := solutionScene(p, pr, k)
	if err != nil {
		return nil, err
	}
	if sol.Disassembly == nil {
		return nil, fmt.Errorf("problem %d, solution %d has no stored disassembly (solve with Disassemble to find one)", pr, k)
	}
	g, err := p.GridOf()
	if err != nil {
		return nil, err
	}
	an, err := NewAnimation(g, sol.Assembly, sol.Disassembly, DefaultFly(s))
	if err != nil {
		return nil, fmt.Errorf("problem %d, solution %d: %w", pr, k, err)
	}
	if n := an.Steps() + 1; n > MaxStepPictures {
		return nil, fmt.Errorf("problem %d, solution %d: %d steps, at most %d pictures in a sequence", pr, k, n, MaxStepPictures)
	}
	q := &Steps{scene: s, an: an, opt: opt, cam: opt.camera()}
	q.cam.Frame(q.everyStep(), float64(opt.Width)/float64(opt.Height))
	return q, nil
}

// everyStep returns a scene holding, for every step, the bounding box
// corners of every piece the step shows, where it puts it: what the camera
// must see. (Boxes rather than meshes keep framing cheap for long
// sequences.)
func (q *Steps) everyStep() *Scene {
	boxes := make([]*Mesh, len(q.scene.Items))
	for i, it := range q.scene.Items {
		if it.Mesh == nil || it.Mesh.Empty() {
			continue
		}
		lo, hi := it.Mesh.min, it.Mesh.max
		box := &Mesh{}
		for c := 0; c < 8; c++ {
			v := lo
			if c&1 != 0 {
				v[0] = hi[0]
			}
			if c&2 != 0 {
				v[1] = hi[1]
			}
			if c&4 != 0 {
				v[2] = hi[2]
			}
			box.verts = append(box.verts, mgl32.Vec3(v))
		}
		boxes[i] = box
	}
	all := &Scene{}
	at := &Scene{Items: make([]Item, len(q.scene.Items)), Colors: q.scene.Colors}
	for t := 0; t <= q.an.Steps(); t++ {
		copy(at.Items, q.scene.Items)
		q.opt.stage(at, q.an, float64(t))
		for i, b := range boxes {
			if b != nil && at.Items[i].shown() {
				all.Items = append(all.Items, Item{Mesh: b, Offset: at.Items[i].Offset})
			}
		}
	}
	return all
}

// Len returns the number of pictures: the moves plus one.
func (q *Steps) Len() int { return q.an.Steps() + 1 }

// Picture returns picture i (0 <= i < Len).
func (q *Steps) Picture(i int) (*Picture, error) {
	if i < 0 || i >= q.Len() {
		return nil, fmt.Errorf("step %d out of range 0..%d", i, q.Len()-1)
	}
	s := &Scene{Items: append([]Item(nil), q.scene.Items...), Colors: q.scene.Colors}
	q.opt.stage(s, q.an, float64(i))
	if q.opt.Dim && i > 0 {
		for slot := range s.Items {
			s.Items[slot].Dim = !q.an.Moving(float64(i-1), slot)
		}
	}
	pic, err := newPicture(q.opt)
	if err != nil {
		return nil, err
	}
	pic.tiles = []tile{{at: image.Rect(0, 0, q.opt.Width, q.opt.Height), scene: s, cam: q.cam}}
	return pic, nil
}

// StepPath returns the file name of picture i of a sequence of n: base,
// a dash, the step number with at least three digits (as many as the
// last step needs), and the format's extension: base-000.png is the
// assembled puzzle, base-001.png the state after the first move.
func StepPath(base string, i, n int, f Format) string {
	digits := max(3, len(strconv.Itoa(n-1)))
	return fmt.Sprintf("%s-%0*d%s", base, digits, i, f.Ext())
}

// ErrStopped is returned by Steps.WriteFiles when its progress function
// asks it to stop.
var ErrStopped = errors.New("stopped")

// WriteFiles writes every picture of the sequence to the files StepPath
// names, each through a temporary file. progress, if not nil, is called
// after each file with the number written and the total; returning false
// stops the writing with ErrStopped. It returns the paths written, also
// on error.
func (q *Steps) WriteFiles(base string, f Format, progress func(done, total int) bool) ([]string, error) {
	n := q.Len()
	var done []string
	for i := 0; i < n; i++ {
		pic, err := q.Picture(i)
		if err != nil {
			return done, err
		}
		path := StepPath(base, i, n, f)
		if err := pic.WriteFile(path, f); err != nil {
			return done, err
		}
		done = append(done, path)
		if progress != nil && !progress(i+1, n) {
			return done, ErrStopped
		}
	}
	return done, nil
}
