package cli

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/burrlab/burrlab/internal/atomicfile"
	"github.com/burrlab/burrlab/internal/plural"
	"github.com/burrlab/burrlab/model"
	"github.com/burrlab/burrlab/model/xmpuzzle"
	"github.com/burrlab/burrlab/solver"
	"github.com/burrlab/burrlab/solver/cover"
)

const solveUsage = `usage: burr solve [flags] FILE

Finds the assemblies of a problem (and with -disassemble its solutions),
with BurrTools' counting rules. Ctrl-C stops the search, as do SIGTERM
and SIGHUP (how GNU parallel, Slurm and Kubernetes stop a part); with
-save the problem is then saved paused, and -continue goes on from there
later. A search stopped so exits with status 3, so that a job engine
knows the part is not done and runs it again.

Flags:
`

// solveResult is one problem's outcome, as printed with -json.
type solveResult struct {
	Problem    int     `json:"problem"`
	Name       string  `json:"name"`
	Assemblies uint64  `json:"assemblies"`
	Solutions  *uint64 `json:"solutions"` // null without -disassemble
	Complete   bool    `json:"complete"`
	Seconds    float64 `json:"seconds"`
	Part       string  `json:"part,omitempty"` // "I/N" for a part of a split search
	Nodes      uint64  `json:"nodes"`          // search nodes visited in this run
	First      int     `json:"-"`              // -first, for the text line
	// Every is, with -thin, the step of the sample stored: every Every-th
	// solution found (0 without -thin).
	Every int    `json:"every,omitempty"`
	Error string `json:"error,omitempty"`
}

// runSolve solves one or all problems of a puzzle file.
func runSolve(args []string, stdout io.Writer) error {
	fs := newFlagSet("solve", solveUsage)
	problem := fs.String("problem", "0", "problem `N` to solve (from 0), or all")
	keepMirrors := fs.Bool("keep-mirrors", false, "keep assemblies that are mirror images of others")
	keepRotations := fs.Bool("keep-rotations", false, "keep rotated assemblies (no symmetry filter; the count is then only a rough one)")
	complete := fs.Bool("complete-rotations", false, "also drop assemblies that are any rotation or translation of another (BurrTools' expensive rotation check)")
	maxHoles := fs.Int("max-holes", -1, "allow at most `N` empty variable cells when piece counts are ranges (-1: the problem's setting)")
	workers := fs.Int("workers", 0, "`N` search goroutines (0: one per CPU)")
	limit := fs.Int("limit", 0, "store and report at most `N` solutions (0: all); the counts are not affected")
	thin := fs.Bool("thin", false, "with -limit N: when N solutions are stored, drop every second one and go on keeping every 2nd, 4th, ... solution, so that the N stored spread evenly over the whole search (BurrTools' automatic thinning)")
	drop := fs.Int("drop", 0, "store and report only every `N`th solution, sampling the whole search (BurrTools' drop; 0 or 1: all); -limit counts those")
	disasm := fs.Bool("disassemble", false, "take every assembly apart; only those that come apart are solutions")
	jsonOut := fs.Bool("json", false, "print one JSON object per problem")
	save := fs.String("save", "", "write the file with the solutions found to `OUT` (should that fail at the end, to a new burr-rescued file in the temporary folder, which the error names)")
	cont := fs.Bool("continue", false, "continue a search that BurrLab paused and saved, with the options it was solved with")
	maxMemory := memoryFlag(fs)
	splitDir := fs.String("split-dir", "", "with -part: keep the split of the search in a file in `DIR`, so that the parts sharing DIR compute it once")
	splitOnly := fs.Bool("split-only", false, "with -part I/N and -split-dir: only write the split of each problem's search into N parts into DIR, for the parts to read")
	part := fs.String("part", "", "solve only part `I/N` of the search split into N balanced parts (1 <= I <= N); burr merge combines the parts' -save files")
	firstN := fs.Int("first", 0, "stop after `N` assemblies (with -disassemble: N solutions); the search is then incomplete and -continue goes on")
	every := fs.Duration("checkpoint", 10*time.Minute, "with -save: also save the search as it stands every `INTERVAL` (at least ten times its preparation), so that a crash or a kill loses no more; 0: save only at the end (a -first search is not checkpointed)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	for _, f := range []struct {
		name, zero string
		v          int
	}{{"workers", "one per CPU", *workers}, {"limit", "no limit", *limit}, {"drop", "all", *drop}, {"first", "no limit", *firstN}} {
		if f.v < 0 {
			return fmt.Errorf("-%s %d: must be 0 (%s) or more", f.name, f.v, f.zero)
		}
	}
	if *every < 0 {
		return fmt.Errorf("-checkpoint %v: must be 0 (none) or more", *every)
	}
	if *thin && *limit <= 0 {
		return errors.New("-thin needs -limit N: the number of solutions to spread over the search")
	}
	if fs.NArg() != 1 {
		fs.Usage()
		return errors.New("expected one puzzle file")
	}
	if *save != "" {
		// The search may take hours: a folder that cannot take its file
		// is said before it starts.
		if err := atomicfile.CheckWritable(*save); err != nil {
			return fmt.Errorf("-save %s: cannot write there: %w", *save, err)
		}
	}
	limitHeap(*maxMemory)
	read := xmpuzzle.ReadFile
	if *save == "" && !*cont {
		// The stored solutions are neither continued nor written back.
		read = xmpuzzle.ReadFileWithoutSolutions
	}
	p, err := read(fs.Arg(0))
	if err != nil {
		return err
	}
	first, last := 0, len(p.Problems)-1
	if *problem != "all" {
		n, err := strconv.Atoi(*problem)
		if err != nil || n < 0 || n >= len(p.Problems) {
			return fmt.Errorf("problem %q: the file has problems 0 to %d", *problem, len(p.Problems)-1)
		}
		first, last = n, n
	}
	if len(p.Problems) == 0 {
		return errors.New("the file has no problems")
	}
	opts := solver.Options{
		KeepMirrors: *keepMirrors, KeepRotations: *keepRotations, CompleteRotationCheck: *complete,
		Disassemble: *disasm, Workers: *workers, Limit: *limit, MaxMemory: *maxMemory, First: *firstN, Drop: *drop,
		SharedShapes: true, // nothing changes them here
		Validated:    true, // reading the file did
	}
	opts.SplitDir = *splitDir
	if *part != "" {
		if opts.Part, opts.Parts, err = parsePart(*part); err != nil {
			return err
		}
	}
	if *maxHoles >= 0 {
		opts.MaxHoles = maxHoles
	}

	ctx, stop := interruptible(catchAfter)
	defer stop()
	if *splitOnly {
		if opts.Parts == 0 || opts.SplitDir == "" {
			return errors.New("-split-only needs -part I/N and -split-dir DIR")
		}
		for i := first; i <= last; i++ {
			if err := writeSplit(ctx, stdout, p, i, opts); err != nil {
				return fmt.Errorf("problem %d: %w", i, err)
			}
		}
		return nil
	}
	write := xmpuzzle.WriteFile
	if opts.Parts > 0 {
		// A part's file is read once, by burr merge: compressing it
		// well cost the 8 parts of the 5x4x3 pentomino box 45 ms.
		write = xmpuzzle.WriteFileFast
	}
	var cp *checkpoints
	if *save != "" && *every > 0 && *firstN == 0 {
		// A search for the first assemblies is short by intent.
		cp = &checkpoints{Segments: solver.Segments{Every: *every, PrepFactor: 10}, save: func() error { return write(*save, p) }, warn: os.Stderr}
	}
	failed := 0
	stopped := false // by a signal, before the end
	enc := json.NewEncoder(stdout)
	for i := first; i <= last; i++ {
		res := solveProblem(ctx, p, i, opts, *cont, keepRule{save: *save != "", thin: *thin}, cp)
		if res.Error != "" {
			failed++
		}
		if *jsonOut {
			if err := enc.Encode(res); err != nil {
				return err
			}
		} else {
			printResult(stdout, res)
		}
		if ctx.Err() != nil {
			stopped = !res.Complete || i < last
			break
		}
	}
	if *save != "" {
		if err := saveResult(*save, p, write, defaultRescueDirs()); err != nil {
			return err
		}
	}
	if failed > 0 {
		return fmt.Errorf("%d of %d problems could not be solved", failed, last-first+1)
	}
	if stopped {
		if *save == "" {
			return fmt.Errorf("%w (without -save nothing was kept)", errStopped)
		}
		return fmt.Errorf("%w: saved paused in %s, which -continue goes on from", errStopped, *save)
	}
	return nil
}

// writeSplit writes the split file of problem i for the parts to read.
func writeSplit(ctx context.Context, stdout io.Writer, p *model.Puzzle, i int, opts solver.Options) error {
	s, err := solver.Prepare(ctx, p, i, opts)
	if err != nil {
		return err
	}
	name, err := s.WriteSplit(ctx)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "problem %d: split into %d parts in %s\n", i, opts.Parts, name)
	return nil
}

// keepRule says which solutions a run holds.
type keepRule struct {
	// save holds them, for -save; without it none is held, so memory
	// stays flat however many stream by.
	save bool
	// thin keeps an even sample of opts.Limit solutions over the whole
	// search (model.SolutionSample) instead of the first opts.Limit.
	thin bool
}

// solveProblem solves problem i and records the outcome in p's problem
// (counters, state and, when keep.save is set, the solutions), as
// BurrTools does when it saves.
func solveProblem(ctx context.Context, p *model.Puzzle, i int, opts solver.Options, cont bool, keep keepRule, cp *checkpoints) solveResult {
	start := time.Now()
	pr := &p.Problems[i]
	res := solveResult{Problem: i, Name: pr.Name, First: opts.First}
	if opts.Parts > 0 {
		res.Part = fmt.Sprintf("%d/%d", opts.Part, opts.Parts)
	}
	if cont {
		st, err := solver.StateOf(pr)
		if err != nil {
			res.Error = err.Error()
			return res
		}
		opts.Resume = st
	}
	var sample *model.SolutionSample
	if keep.thin && opts.Limit > 0 {
		// The sample decides what stays: the solver reports every one.
		found, kept := uint64(0), []model.Solution(nil)
		if cont {
			found, kept = pr.NumAssemblies, pr.Solutions
			if opts.Disassemble {
				found = pr.NumSolutions
			}
		}
		var err error
		if sample, err = model.NewSolutionSample(opts.Limit, max(opts.Drop, 1), opts.Disassemble, found, kept); err != nil {
			res.Error = err.Error()
			return res
		}
		opts.Limit = 0
	}
	// Without -save or a sample, the solutions themselves go nowhere.
	opts.CountOnly = sample == nil && !keep.save
	prog := newProgress(i)
	defer prog.clear()
	opts.OnPrepare = prog.onPrepare()
	var sols []model.Solution
	if cont {
		sols = pr.Solutions
	}
	// The run reports up to opts.Limit solutions; with those a continued
	// search kept before, no more than the limit are kept.
	found := func(sol model.Solution) {
		switch {
		case sample != nil:
			sample.Add(sol)
		case keep.save && (opts.Limit == 0 || len(sols) < opts.Limit):
			sols = append(sols, sol)
		}
	}
	// record puts the search as done stands into the problem, for a
	// checkpoint or the end.
	record := func(done solver.Done) {
		kept := sols
		if opts.Limit > 0 && len(kept) > opts.Limit {
			kept = kept[:opts.Limit]
		}
		if sample != nil && keep.save {
			kept = sample.Solutions()
		}
		pr.Solutions = kept
		pr.NumAssemblies, pr.NumSolutions = done.Assemblies, done.Solutions
		pr.SolveTime = uint64(done.Elapsed / time.Second)
		pr.State, pr.Assembler = model.Solved, nil
		// A part stays paused even when complete: its state says which
		// part it is, for burr merge.
		if !done.Complete || opts.Parts > 0 {
			pr.State = model.Paused
			if done.State != nil {
				pr.Assembler = done.State.AssemblerState()
			}
		}
	}
	s, err := solver.Prepare(ctx, p, i, opts)
	prog.clear()
	if errors.Is(err, context.Canceled) {
		err = errors.New("stopped while preparing the search")
	}
	if err != nil {
		res.Error = err.Error()
		return res
	}
	done, err := search(ctx, s, p, i, cp, prog, found, record)
	if err != nil {
		res.Error = err.Error()
	}
	if sample != nil {
		res.Every = sample.Step()
	}
	res.Assemblies, res.Complete, res.Nodes = done.Assemblies, done.Complete, done.Nodes
	if opts.Disassemble {
		n := done.Solutions
		res.Solutions = &n
	}
	res.Seconds = time.Since(start).Seconds()
	record(done)
	return res
}

// parsePart reads -part's "I/N".
func parsePart(s string) (part, parts int, err error) {
	a, b, ok := strings.Cut(s, "/")
	if ok {
		part, err = strconv.Atoi(a)
		if err == nil {
			parts, err = strconv.Atoi(b)
		}
	}
	if !ok || err != nil {
		return 0, 0, fmt.Errorf("-part %q: want I/N, two whole numbers, as in 3/8", s)
	}
	if err := cover.CheckPart(part, parts); err != nil {
		return 0, 0, fmt.Errorf("-part %s: %w", s, err)
	}
	return part, parts, nil
}

// printResult writes one problem's outcome as a line of text.
func printResult(w io.Writer, r solveResult) {
	label := fmt.Sprintf("problem %d", r.Problem)
	if r.Name != "" {
		label += fmt.Sprintf(" %q", r.Name)
	}
	if r.Error != "" {
		fmt.Fprintf(w, "%s: error: %s\n", label, r.Error)
		return
	}
	fmt.Fprintf(w, "%s: %s", label, plural.Count(r.Assemblies, "assembly", "assemblies"))
	if r.Solutions != nil {
		fmt.Fprintf(w, ", %s", plural.Count(*r.Solutions, "solution", "solutions"))
	}
	status := "complete"
	switch {
	case !r.Complete && r.First > 0 && r.Assemblies > 0:
		status = fmt.Sprintf("stopped after the first %d as asked: the search is incomplete", r.First)
	case !r.Complete:
		status = "stopped"
	}
	if r.Part != "" {
		status = "part " + r.Part + ", " + status
	}
	if r.Every > 0 {
		status += fmt.Sprintf(", storing 1 in %d found", r.Every)
	}
	fmt.Fprintf(w, " (%s, %.2f s)\n", status, r.Seconds)
}
