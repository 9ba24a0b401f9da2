package solver

import (
	"context"
	"time"

	"github.com/burrlab/burrlab/model"
)

// A search can run for hours or days, and a crash, an out-of-memory kill
// or SIGKILL should not cost all of it. A running search's State is only
// whole once it stops, so RunSegments stops it every so often, hands its
// Done on as a Checkpoint for the caller to save, and at once prepares it
// again to go on from that State, as a stop and Continue would. The pause
// between two segments is one preparation (tens of milliseconds for the
// examples); a problem slow to prepare gets longer segments.

// Checkpoint is the event RunSegments sends between two segments: the
// search stands as Done says (not complete, with a State); everything
// Found before it belongs to it. The consumer saves it, then calls
// Resume.
type Checkpoint struct {
	Done   Done
	resume chan<- struct{}
}

// Resume lets the search go on from the checkpoint. Until it is called
// RunSegments waits, so that the consumer may record the checkpoint in
// the puzzle the next segment is prepared from. Call it once.
func (c Checkpoint) Resume() { close(c.resume) }

func (Checkpoint) event() {}

// Segments says how often RunSegments stops a search for a checkpoint.
type Segments struct {
	// Every is the time between checkpoints; 0 runs the search in one
	// segment, without checkpoints.
	Every time.Duration
	// PrepFactor makes each segment last at least this many times as
	// long as its preparation took (10: preparing again costs at most a
	// tenth of the time), so that a problem slow to prepare (a huge
	// result, a symmetry breaker chosen by estimate) is not prepared over
	// and over.
	PrepFactor int
}

// RunSegments runs the search of s, which was prepared from problem of p,
// as Run does, but in segments of seg.Every (see Segments): between two it
// sends a Checkpoint and prepares the search again, with s's options, to
// go on from the checkpoint's State once the consumer has called its
// Resume. The events are Run's, except that
//   - Found events are passed on up to the options' Limit over the whole
//     run, not a Limit per segment;
//   - Progress.Nodes and Done.Nodes count the nodes of every segment;
//   - a segment that reports an Error ends the search;
//   - a stop (ctx) while a checkpoint is saved or the next segment is
//     prepared ends the search where the last segment left it: that
//     Checkpoint's Done comes again as the last event; a preparation
//     that fails sends Error, then that Done.
//
// The consumer must read the channel until it is closed.
func RunSegments(ctx context.Context, s *Solver, p *model.Puzzle, problem int, seg Segments) <-chan Event {
	ch := make(chan Event, 64)
	go func() {
		defer close(ch)
		runSegments(ctx, s, p, problem, seg, ch)
	}()
	return ch
}

// runSegments is RunSegments' goroutine.
func runSegments(ctx context.Context, s *Solver, p *model.Puzzle, problem int, seg Segments, ch chan<- Event) {
	opts := s.opts
	limit := opts.Limit
	left := limit    // Found events still to pass on, with a limit
	var nodes uint64 // of the segments before this one
	for {
		segCtx, cancel := context.WithCancel(ctx)
		var timer *time.Timer
		if seg.Every > 0 {
			timer = time.AfterFunc(max(seg.Every, time.Duration(seg.PrepFactor)*s.stats.Prepared), cancel)
		}
		var done *Done
		failed := false
		for ev := range s.Run(segCtx) {
			switch e := ev.(type) {
			case Found:
				if limit > 0 {
					if left <= 0 {
						continue
					}
					left--
				}
			case Progress:
				e.Nodes += nodes
				ev = e
			case Done:
				done = &e
				continue
			case Error:
				failed = true
			}
			ch <- ev
		}
		if timer != nil {
			timer.Stop()
		}
		byTimer := segCtx.Err() != nil && ctx.Err() == nil
		cancel()
		if done == nil {
			return // Run always ends with Done; nothing to add to
		}
		nodes += done.Nodes
		done.Nodes = nodes
		if failed || !byTimer || done.Complete || done.State == nil {
			ch <- *done
			return
		}
		resume := make(chan struct{})
		ch <- Checkpoint{Done: *done, resume: resume}
		select {
		case <-resume:
		case <-ctx.Done():
			ch <- *done // stopped while the checkpoint was saved
			return
		}
		opts.Resume = done.State
		if limit > 0 {
			// The solver has no "none": one Found a segment is the
			// least it can be asked for; the loop above drops it.
			opts.Limit = max(left, 1)
		}
		next, err := Prepare(ctx, p, problem, opts)
		if err != nil {
			if ctx.Err() == nil {
				ch <- Error{Err: err}
			}
			ch <- *done // the search stands where the last segment left it
			return
		}
		s = next
	}
}
