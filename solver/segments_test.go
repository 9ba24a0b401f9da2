package solver

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/burrlab/burrlab/model"
)

// segmentRun is what a search run by RunSegments sent.
type segmentRun struct {
	found       []model.Solution
	checkpoints []Done
	done        Done
	nodes       []uint64 // Progress.Nodes, in order
}

// runInSegments prepares problem 0 of p with opts and runs it in segments,
// calling stop (if not nil) at each checkpoint with the cancel of its ctx.
func runInSegments(t *testing.T, p *model.Puzzle, opts Options, seg Segments, stop func(n int, cancel func())) segmentRun {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	s, err := Prepare(ctx, p, 0, opts)
	if err != nil {
		t.Fatal(err)
	}
	var r segmentRun
	dones := 0
	for ev := range RunSegments(ctx, s, p, 0, seg) {
		switch ev := ev.(type) {
		case Found:
			r.found = append(r.found, ev.Solution)
		case Progress:
			r.nodes = append(r.nodes, ev.Nodes)
		case Checkpoint:
			if ev.Done.Complete || ev.Done.State == nil {
				t.Fatalf("checkpoint %d: complete %v, state %v", len(r.checkpoints), ev.Done.Complete, ev.Done.State)
			}
			r.checkpoints = append(r.checkpoints, ev.Done)
			if stop != nil {
				stop(len(r.checkpoints), cancel)
			}
			ev.Resume()
		case Done:
			r.done = ev
			dones++
		case Error:
			t.Fatal(ev.Err)
		}
	}
	if dones != 1 {
		t.Fatalf("%d Done events, want 1", dones)
	}
	return r
}

// asmNums returns the sorted assembly numbers of sols.
func asmNums(sols []model.Solution) []int {
	var out []int
	for _, s := range sols {
		out = append(out, s.AsmNum)
	}
	slices.Sort(out)
	return out
}

// TestRunSegments: a search cut into many segments finds what one run
// finds, each assembly once, passes on no more than the limit over all
// segments, and counts the nodes of all of them.
func TestRunSegments(t *testing.T) {
	p := pentominoes(box(12, 5, 1, model.Filled))
	single := runInSegments(t, p, Options{Workers: 2}, Segments{}, nil)
	if len(single.checkpoints) != 0 || !single.done.Complete || single.done.Assemblies != 1010 {
		t.Fatalf("one segment: %d checkpoints, complete %v, %d assemblies", len(single.checkpoints), single.done.Complete, single.done.Assemblies)
	}
	seg := Segments{Every: 2 * time.Millisecond, PrepFactor: 1}
	for _, limit := range []int{0, 50} {
		r := runInSegments(t, p, Options{Workers: 2, Limit: limit}, seg, nil)
		if len(r.checkpoints) < 2 {
			t.Fatalf("limit %d: %d checkpoints in a search of %v, want several", limit, len(r.checkpoints), single.done.Elapsed)
		}
		if !r.done.Complete || r.done.Assemblies != 1010 || r.done.Fraction != 1 {
			t.Fatalf("limit %d: complete %v, %d assemblies, fraction %v", limit, r.done.Complete, r.done.Assemblies, r.done.Fraction)
		}
		nums := asmNums(r.found)
		if limit > 0 {
			if len(nums) != limit || len(slices.Compact(slices.Clone(nums))) != limit {
				t.Fatalf("limit %d: %d found, distinct %v", limit, len(nums), nums)
			}
		} else if !slices.Equal(nums, asmNums(single.found)) {
			t.Fatalf("%d found in segments, %d in one run", len(nums), len(single.found))
		}
		// Checkpoints only grow; the nodes add up over the segments.
		for k := 1; k < len(r.checkpoints); k++ {
			a, b := r.checkpoints[k-1], r.checkpoints[k]
			if b.Assemblies < a.Assemblies || b.Nodes < a.Nodes || b.Fraction < a.Fraction {
				t.Fatalf("limit %d: checkpoint %d (%d, %d nodes, %v) after (%d, %d nodes, %v)",
					limit, k, b.Assemblies, b.Nodes, b.Fraction, a.Assemblies, a.Nodes, a.Fraction)
			}
		}
		if last := r.checkpoints[len(r.checkpoints)-1]; r.done.Nodes < max(last.Nodes, single.done.Nodes) {
			t.Fatalf("limit %d: %d nodes in all, %d at the last checkpoint, %d in one run", limit, r.done.Nodes, last.Nodes, single.done.Nodes)
		}
		if !slices.IsSorted(r.nodes) {
			t.Fatalf("limit %d: Progress nodes go back: %v", limit, r.nodes)
		}
	}
}

// TestRunSegmentsStopped: a search stopped at a checkpoint (while its next
// segment is prepared, or just after) ends where it stands, and going on
// from its State finds the rest, each assembly once.
func TestRunSegmentsStopped(t *testing.T) {
	p := pentominoes(box(12, 5, 1, model.Filled))
	r := runInSegments(t, p, Options{Workers: 2}, Segments{Every: 2 * time.Millisecond, PrepFactor: 1}, func(n int, cancel func()) {
		if n == 2 {
			cancel()
		}
	})
	if len(r.checkpoints) != 2 || r.done.Complete || r.done.State == nil {
		t.Fatalf("stopped at the second checkpoint: %d checkpoints, complete %v", len(r.checkpoints), r.done.Complete)
	}
	if uint64(len(r.found)) != r.done.Assemblies {
		t.Fatalf("%d found, Done counts %d", len(r.found), r.done.Assemblies)
	}
	rest := runInSegments(t, p, Options{Workers: 2, Resume: r.done.State}, Segments{}, nil)
	all := asmNums(append(r.found, rest.found...))
	if !rest.done.Complete || rest.done.Assemblies != 1010 {
		t.Fatalf("went on to %d assemblies (complete %v), want 1010", rest.done.Assemblies, rest.done.Complete)
	}
	if want := asmNums(runInSegments(t, p, Options{Workers: 2}, Segments{}, nil).found); !slices.Equal(all, want) {
		t.Fatalf("before and after the stop: %d assemblies, one run %d (or some twice)", len(all), len(want))
	}
}
