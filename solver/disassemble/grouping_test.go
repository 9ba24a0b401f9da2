package disassemble

import (
	"testing"

	"github.com/burrlab/burrlab/model"
	"github.com/burrlab/burrlab/model/grid"
)

// A cube locked in a shell, with a loose cube beside it: the loose cube
// comes off, the other two never come apart.
var (
	shell = box(grid.Vec{0, 0, 0}, grid.Vec{2, 2, 2}, grid.Vec{1, 1, 1})
	core  = []grid.Vec{{1, 1, 1}}
	loose = []grid.Vec{{3, 1, 1}}
)

func TestGroups(t *testing.T) {
	for _, c := range []struct {
		name        string
		shell, core []model.GroupCount
		apart       bool
	}{
		{"no groups", nil, nil, false},
		// Both parts name group 1 as their only group: the pair is
		// accepted without a search.
		{"one group", groups(1, 1), groups(1, 1), true},
		{"one group, counts ignored", groups(1, 0), groups(1, 0), true},
		{"different groups", groups(1, 1), groups(2, 1), false},
		// Otherwise the stuck pair needs a group with room for both.
		{"stuck set fits group 1", groups(1, 1), groups(1, 1, 2, 1), true},
		{"stuck set fits group 2", groups(1, 1, 2, 1), groups(1, 0, 2, 1), true},
		{"no room", groups(1, 1, 2, 0), groups(1, 0, 2, 1), false},
	} {
		t.Run(c.name, func(t *testing.T) {
			p, pr, a := puzzle(grid.Cubes, 0, loose, shell, core)
			pr.Parts[1].Groups, pr.Parts[2].Groups = c.shell, c.core
			sep := disassemble(t, p, pr, a)
			if (sep != nil) != c.apart {
				t.Fatalf("came apart: %v, want %v", sep != nil, c.apart)
			}
			if sep != nil && (sep.Left != nil || sep.Removed != nil || sep.Level() != "1") {
				t.Errorf("got %+v, want one separation taking off the loose cube", sep)
			}
		})
	}
}

// The whole assembly must come apart at least once, groups or not.
func TestGroupsNeedFirstSplit(t *testing.T) {
	p, pr, a := puzzle(grid.Cubes, 0, shell, core)
	pr.Parts[0].Groups = groups(1, 1)
	pr.Parts[1].Groups = groups(1, 1)
	if sep := disassemble(t, p, pr, a); sep != nil {
		t.Errorf("got %+v, want nil", sep)
	}
}

// We key group counts by part. BurrTools registers them under the parts'
// shape ids but looks them up by part index, which agree only when part i
// uses shape i. Here the parts use shapes 1, 2 and 3 (shape 0 could be the
// result): BurrTools looks for the shell's counts under key 1, where it
// registered none, and finds no disassembly (burrTxt -x prints no level;
// -d counts 0 solutions of 2 assemblies), while the groups allow the shell
// and the core to stay together in group 1. With the same parts on shapes
// 0, 1 and 2 BurrTools agrees with us (level 1, 1 solution).
func TestGroupsKeyedByPart(t *testing.T) {
	p, pr, a := puzzle(grid.Cubes, 1, loose, shell, core)
	pr.Parts[1].Groups = groups(1, 1)
	pr.Parts[2].Groups = groups(1, 1, 2, 1)
	if sep := disassemble(t, p, pr, a); sep == nil {
		t.Error("no disassembly; the shell and the core may stay together in group 1")
	}
}

func TestStuckSets(t *testing.T) {
	pr := model.NewProblem("")
	pr.Parts = []model.Part{
		{Max: 2, Groups: groups(1, 1, 2, 1)},
		{Max: 3, Groups: groups(1, 2)},
		{Max: 2, Groups: groups(2, 1, 1, 1)},
	}
	g := newGrouping(&pr)
	var s stuckSets
	steps := []struct {
		parts []int
		ok    bool
	}{
		{[]int{0, 2}, true},  // group 1 or 2; group 1 comes first
		{[]int{0, 1}, true},  // part 1 has only group 1: the first set moves to group 2
		{[]int{1, 1}, false}, // group 1 has room for one more of part 1
		{[]int{2, 1}, true},  // group 1: part 2's place there is free again
		{[]int{0, 0}, false}, // part 0 is used up
	}
	for i, st := range steps {
		if got := s.add(&g, st.parts); got != st.ok {
			t.Fatalf("step %d: adding %v gave %v, want %v", i, st.parts, got, st.ok)
		}
	}
}

// groups returns group entries from (group, count) pairs.
func groups(pairs ...int) []model.GroupCount {
	var out []model.GroupCount
	for i := 0; i+1 < len(pairs); i += 2 {
		out = append(out, model.GroupCount{Group: pairs[i], Count: pairs[i+1]})
	}
	return out
}
