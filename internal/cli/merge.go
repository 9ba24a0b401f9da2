package cli

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"slices"
	"time"

	"github.com/burrlab/burrlab/internal/plural"
	"github.com/burrlab/burrlab/internal/workpool"
	"github.com/burrlab/burrlab/model"
	"github.com/burrlab/burrlab/model/xmpuzzle"
	"github.com/burrlab/burrlab/solver"
)

const mergeUsage = `usage: burr merge -o OUT FILE PART_FILES...

Combines the files that "burr solve -part I/N -save PART_FILE FILE" wrote
for the N parts of a split search into one puzzle file: FILE with every
part's solutions and the summed counts, as if one run had solved it. The
parts must come from the same puzzle, problem, options and N, each part
once and finished; otherwise nothing is written.

Flags:
`

// runMerge merges the saved parts of split searches.
func runMerge(args []string, stdout io.Writer) error {
	fs := newFlagSet("merge", mergeUsage)
	out := fs.String("o", "", "write the merged puzzle to `OUT`")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *out == "" || fs.NArg() < 2 {
		fs.Usage()
		return errors.New("expected -o OUT, the puzzle file and at least one part file")
	}
	p, err := xmpuzzle.ReadFile(fs.Arg(0))
	if err != nil {
		return err
	}
	parts, err := readParts(fs.Args()[1:])
	if err != nil {
		return err
	}
	merged, done, err := mergeParts(p, parts, fs.Args()[1:])
	if err != nil {
		return err
	}
	if err := xmpuzzle.WriteFile(*out, merged); err != nil {
		return err
	}
	for _, m := range done {
		pr := &merged.Problems[m.problem]
		fmt.Fprintf(stdout, "problem %d: %s", m.problem, plural.Count(pr.NumAssemblies, "assembly", "assemblies"))
		if m.disassembled {
			// Without -disassemble there are no solutions to count, as
			// burr solve says by leaving them out.
			fmt.Fprintf(stdout, ", %s", plural.Count(pr.NumSolutions, "solution", "solutions"))
		}
		fmt.Fprintln(stdout)
	}
	return nil
}

// mergedProblem is a problem that burr merge put together from parts.
type mergedProblem struct {
	problem      int
	disassembled bool // the parts took the assemblies apart
}

// readParts reads the part files, as many at a time as there are cores:
// the merge runs after the last part, with the other cores idle, and
// reading the parts' assemblies is most of its cost beyond the write
// that a single run saving its file pays too. The first error in file
// order is returned.
func readParts(names []string) ([]*model.Puzzle, error) {
	parts := make([]*model.Puzzle, len(names))
	errs := make([]error, len(names))
	workpool.Each(len(names), 0, func(k int) {
		parts[k], errs[k] = xmpuzzle.ReadFile(names[k])
	})
	for _, err := range errs {
		if err != nil {
			return nil, err
		}
	}
	return parts, nil
}

// mergeParts returns p with the results of the parts (read from the
// files names) of every problem they solved as a split search, and
// those problems.
func mergeParts(p *model.Puzzle, parts []*model.Puzzle, names []string) (*model.Puzzle, []mergedProblem, error) {
	def, err := definition(p)
	if err != nil {
		return nil, nil, err
	}
	for k, pp := range parts {
		d, err := definition(pp)
		if err != nil {
			return nil, nil, err
		}
		if !bytes.Equal(d, def) {
			return nil, nil, fmt.Errorf("%s is not a part of this puzzle: its shapes or problems differ", names[k])
		}
	}
	out := p.Clone()
	var done []mergedProblem
	for i := range out.Problems {
		states := make([]*solver.State, len(parts))
		found := 0
		for k, pp := range parts {
			pr := &pp.Problems[i]
			if pr.State != model.Paused || pr.Assembler == nil {
				continue
			}
			st, err := solver.StateOf(pr)
			if err != nil {
				return nil, nil, fmt.Errorf("%s, problem %d: %w", names[k], i, err)
			}
			if st.Parts > 0 {
				states[k] = st
				found++
			}
		}
		if found == 0 {
			continue
		}
		if err := checkParts(i, states, names); err != nil {
			return nil, nil, err
		}
		order := make([]int, len(parts))
		for k := range order {
			order[k] = k
		}
		slices.SortFunc(order, func(a, b int) int { return states[a].Part - states[b].Part })
		pr := &out.Problems[i]
		pr.Solutions = nil
		pr.NumAssemblies, pr.NumSolutions, pr.SolveTime = 0, 0, 0
		var elapsed time.Duration
		for _, k := range order {
			st := states[k]
			// Number the assemblies and solutions on from the parts before,
			// as one run that searched the parts in turn would have.
			for _, s := range parts[k].Problems[i].Solutions {
				s = s.Clone()
				s.AsmNum += int(pr.NumAssemblies)
				if st.Disassembled() {
					s.SolNum += int(pr.NumSolutions)
				}
				pr.Solutions = append(pr.Solutions, s)
			}
			pr.NumAssemblies += st.Assemblies
			pr.NumSolutions += st.Solutions
			elapsed += st.Elapsed
		}
		pr.SolveTime = uint64(elapsed / time.Second)
		pr.State, pr.Assembler = model.Solved, nil
		done = append(done, mergedProblem{problem: i, disassembled: states[order[0]].Disassembled()})
	}
	if len(done) == 0 {
		return nil, nil, errors.New("the part files hold no part of a split search (solve them with burr solve -part I/N -save)")
	}
	return out, done, nil
}

// checkParts checks that the states of problem i are parts 1..N of one
// split search, each once and finished.
func checkParts(i int, states []*solver.State, names []string) error {
	var ref *solver.State
	refName := ""
	for k, st := range states {
		if st == nil {
			return fmt.Errorf("problem %d: %s holds no part of a split search of it", i, names[k])
		}
		if ref == nil {
			ref, refName = st, names[k]
			continue
		}
		switch {
		case st.Parts != ref.Parts:
			return fmt.Errorf("problem %d: %s is part %d/%d but %s is part %d/%d: they split the search differently",
				i, names[k], st.Part, st.Parts, refName, ref.Part, ref.Parts)
		case st.Fingerprint != ref.Fingerprint:
			return fmt.Errorf("problem %d: %s and %s searched different problems (other pieces, result or max holes)", i, names[k], refName)
		case st.Flags != ref.Flags:
			return fmt.Errorf("problem %d: %s and %s were solved with different options", i, names[k], refName)
		case st.SplitVersion != ref.SplitVersion:
			return fmt.Errorf("problem %d: %s and %s were split by different versions of BurrLab", i, names[k], refName)
		}
	}
	seen := make(map[int]string)
	for k, st := range states {
		if prev, ok := seen[st.Part]; ok {
			return fmt.Errorf("problem %d: %s and %s are both part %d/%d", i, prev, names[k], st.Part, st.Parts)
		}
		seen[st.Part] = names[k]
		if len(st.Jobs) > 0 || st.Unsplit {
			return fmt.Errorf("problem %d: part %d/%d (%s) is not finished; continue it with burr solve -part %d/%d -continue -save %q %q and the flags it was solved with",
				i, st.Part, st.Parts, names[k], st.Part, st.Parts, names[k], names[k])
		}
	}
	if len(states) != ref.Parts {
		var missing []int
		for n := 1; n <= ref.Parts && len(missing) < 10; n++ {
			if _, ok := seen[n]; !ok {
				missing = append(missing, n)
			}
		}
		return fmt.Errorf("problem %d: %d of %d parts given; missing parts %v", i, len(states), ref.Parts, missing)
	}
	return nil
}

// definition is the puzzle without any solving results, as bytes: what
// must be the same for parts to belong together.
func definition(p *model.Puzzle) ([]byte, error) {
	c := p.Clone()
	for i := range c.Problems {
		pr := &c.Problems[i]
		pr.State, pr.Assembler, pr.Solutions = model.Unsolved, nil, nil
		pr.NumAssemblies, pr.NumSolutions, pr.SolveTime = 0, 0, 0
	}
	var b bytes.Buffer
	if err := xmpuzzle.Write(&b, c); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}
