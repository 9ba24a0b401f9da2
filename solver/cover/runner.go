package cover

import "fmt"

// runner drives one worker through jobs.
type runner struct {
	s    *search
	w    *worker
	id   int
	job  Job
	root int // frames below root are the job's fixed prefix
	// rootDone is how many alternatives of the root frame were finished
	// before the job began (a job that starts after an alternative).
	rootDone int32
	ticks    uint32 // nodes since progress was last published
}

// publishEvery is how many nodes pass between progress updates and
// checks for hungry workers.
const publishEvery = 1024

// run searches one job.
func (r *runner) run(j Job) error {
	w := r.w
	r.job = j
	w.reset()
	defer r.publish()
	if w.m.fail0 {
		return nil // no solutions at all
	}
	cont, col, err := r.replay(j.Path)
	if err != nil {
		return err
	}
	r.root, r.rootDone = len(w.frames), 0
	if j.After == Fresh {
		r.loop(true, cont, col)
		return nil
	}
	if ok, sol := w.push(cont, col); !ok || sol {
		return fmt.Errorf("%w: the job's node is a dead end or a solution", ErrJobMismatch)
	}
	d := len(w.frames) - 1
	f := &w.frames[d]
	c := f.col
	f.stopDone, f.last = true, altStop
	if w.w[c] >= w.m.min[c] {
		f.k++
	}
	if j.After != Stop {
		target := w.m.origRow[j.After]
		n, found := w.dropUpTo(d, c, target, true)
		if !found {
			return fmt.Errorf("%w: row %d is not an alternative", ErrJobMismatch, j.After)
		}
		f.k += n
		f.last = target
	}
	r.rootDone = f.k
	r.loop(false, false, 0)
	return nil
}

// replay takes the alternatives of a job's path from the root, leaving
// one limited frame per step, and says what kind of node comes next.
func (r *runner) replay(path []int32) (cont bool, col int32, err error) {
	w, m := r.w, r.w.m
	for _, e := range path {
		if ok, sol := w.push(cont, col); !ok || sol {
			return false, 0, fmt.Errorf("%w: path passes a dead end or a solution", ErrJobMismatch)
		}
		d := len(w.frames) - 1
		f := &w.frames[d]
		f.limited, f.stopDone = true, true
		c := f.col
		if e == Stop {
			if w.w[c] < m.min[c] {
				return false, 0, fmt.Errorf("%w: stop where a column needs rows", ErrJobMismatch)
			}
			f.alt = altStop
			if !w.stopAt(d, c) {
				return false, 0, fmt.Errorf("%w: path leads to a dead end", ErrJobMismatch)
			}
			cont = false
			continue
		}
		target := m.origRow[e]
		if _, found := w.dropUpTo(d, c, target, false); !found {
			return false, 0, fmt.Errorf("%w: row %d is not an alternative", ErrJobMismatch, e)
		}
		f.alt = target
		w.take(d, target)
		switch {
		case w.w[c] == m.max[c]:
			cont = false
		case w.anyAfter(d+1, c, -1):
			cont, col = true, c
		case w.w[c] >= m.min[c]:
			cont = false
		default:
			return false, 0, fmt.Errorf("%w: path leads to a dead end", ErrJobMismatch)
		}
	}
	return cont, col, nil
}

// loop is the search proper: enter a node (when enter is set), then move
// to the next alternative, backing up through finished nodes, until the
// job's root node is finished or the search halts.
func (r *runner) loop(enter, cont bool, col int32) {
	s, w := r.s, r.w
	for {
		if enter && r.enter(cont, col) {
			return
		}
		for {
			if len(w.frames) == r.root {
				return
			}
			f := &w.frames[len(w.frames)-1]
			w.retract(f)
			if s.halted.Load() {
				r.stop(false)
				return
			}
			var ok bool
			if ok, cont, col = w.advance(f); ok {
				enter = true
				break
			}
			w.frames = w.frames[:len(w.frames)-1]
		}
	}
}

// enter enters the node at level len(frames), a continuation of column
// col or (cont false) a new node, and reports whether the search
// stopped there (the jobs left are then saved). A node with few rows
// left is searched whole by the small search (see small.go); otherwise a
// node that is not a dead end leaves its frame for loop to go on from.
func (r *runner) enter(cont bool, col int32) (stopped bool) {
	s, w := r.s, r.w
	if s.halted.Load() {
		r.stop(true)
		return true
	}
	d := len(w.frames)
	if d+1 >= w.maxLevels {
		s.fail(fmt.Errorf("%w: its search goes deeper than %d steps, which would take more than %d MiB per worker",
			ErrTooBig, w.maxLevels, s.opts.levelBytes>>20))
		r.stop(true)
		return true
	}
	if r.ticks++; r.ticks >= s.opts.tickEvery {
		r.tick()
	}
	few := w.smallAt(d, cont)
	if few && d+smallRows+1 < w.maxLevels {
		w.load(d)
		return r.searchSmall(d)
	}
	if ok, sol := w.pushFew(cont, col, few); ok && sol {
		switch s.opts.OnSolution(r.id, w.solution()) {
		case Retry:
			s.halt()
			r.stop(true)
			return true
		case Halt:
			s.halt()
		}
	}
	return false
}

// tick publishes progress and gives work away to waiting workers.
func (r *runner) tick() {
	s := r.s
	r.publish()
	if s.hungry.Load() > s.qlen.Load() {
		r.donate()
	}
	rem := r.remaining(true)
	s.prog.mu.Lock()
	s.prog.busy[r.id] = rem
	s.prog.mu.Unlock()
}

// publish adds the nodes counted since the last update to the search's
// total and halts the search once the total reaches MaxNodes. Every add
// checks the budget, the one at the end of a job too: then each worker
// adds at most one batch after the total passes the budget, and a run
// ends within MaxNodes-1 plus tickEvery nodes a worker.
func (r *runner) publish() {
	s := r.s
	n := s.prog.nodes.Add(uint64(r.ticks))
	r.ticks = 0
	if s.opts.MaxNodes > 0 && n >= s.opts.MaxNodes {
		s.halt() // the next node stops, saving what is left
	}
}

// donate gives away the untried alternatives of the shallowest node that
// has some: the biggest piece of work this worker can spare.
func (r *runner) donate() {
	w := r.w
	prod := r.job.Share
	for i := r.root; i < len(w.frames); i++ {
		f := &w.frames[i]
		n := r.width(i)
		if !f.limited && w.more(i) {
			share := prod * max(0, float64(f.n-f.k)-1) / n
			f.limited = true
			r.s.put(Job{Path: r.path(i), After: r.alt(f.alt), Share: share})
			return
		}
		prod /= n
	}
}

// remaining estimates the share of the current job still to search. At a
// node entry the node itself is still to do; otherwise the top frame has
// just finished an alternative.
func (r *runner) remaining(atEnter bool) float64 {
	w := r.w
	rem := 0.0
	if atEnter {
		rem = 1
	}
	for i := len(w.frames) - 1; i >= r.root; i-- {
		f := &w.frames[i]
		n := r.width(i)
		untouched := float64(f.n - f.k)
		if f.alt != altNone {
			untouched--
		}
		if f.limited {
			untouched = 0
		}
		rem = (max(0, untouched) + rem) / n
	}
	return r.job.Share * min(1, rem)
}

// stop saves what is left of the job as jobs: at a node entry, the node
// about to be searched; and for every frame that may try further
// alternatives, the alternatives after its current (or last) one.
func (r *runner) stop(atEnter bool) {
	w := r.w
	var jobs []Job
	top := len(w.frames) - 1
	if atEnter {
		share := r.job.Share
		for i := r.root; i <= top; i++ {
			share /= r.width(i)
		}
		jobs = append(jobs, Job{Path: r.path(top + 1), After: Fresh, Share: share})
	}
	prod := r.job.Share
	for i := r.root; i <= top; i++ {
		f := &w.frames[i]
		n := r.width(i)
		switch {
		case f.limited:
		case f.alt != altNone:
			if w.more(i) {
				jobs = append(jobs, Job{Path: r.path(i), After: r.alt(f.alt), Share: prod * max(0, float64(f.n-f.k)-1) / n})
			}
		case w.anyAfter(i, f.col, -1) || !f.stopDone && w.w[f.col] >= w.m.min[f.col]:
			after := r.alt(f.last)
			if f.last == altNone && f.stopDone {
				after = Stop
			}
			jobs = append(jobs, Job{Path: r.path(i), After: after, Share: prod * max(0, float64(f.n-f.k)) / n})
		}
		prod /= n
	}
	r.s.save(jobs)
}

// width is how many alternatives of frame i the job's share is spread
// over: all of them, but at the root of a job that starts after some
// alternative only those after it (the job's share counts only them).
func (r *runner) width(i int) float64 {
	n := r.w.frames[i].n
	if i == r.root {
		n -= r.rootDone
	}
	return float64(max(n, 1))
}

// path returns the alternatives of the first n frames as problem rows.
func (r *runner) path(n int) []int32 {
	p := make([]int32, n)
	for i := range p {
		p[i] = r.alt(r.w.frames[i].alt)
	}
	return p
}

// alt converts an alternative to its Job form.
func (r *runner) alt(a int32) int32 {
	switch a {
	case altStop:
		return Stop
	case altNone:
		return Fresh
	}
	return r.w.m.rowOrig[a]
}
