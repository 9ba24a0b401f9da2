package disassemble

import "github.com/burrlab/burrlab/model"

// grouping holds a problem's piece groups: which pieces may stay stuck
// together instead of coming fully apart (algorithms.md §4.7).
//
// A sub-puzzle is accepted as it is, without trying to take it apart, when
// every piece's part has exactly one group entry and all name the same
// group. Otherwise, when it can't be taken apart, it becomes a "stuck set";
// it is accepted if every stuck set of the assembly can be given a group so
// that no (part, group) holds more pieces than the part's count for it.
//
// We key every count by part. BurrTools registers the counts under the
// puzzle's shape ids but looks them up by part index; the two agree only
// when the problem's parts use shapes 0, 1, 2, ... in order. BurrTools also
// never gives back counts taken by one assembly's stuck sets to the next
// assembly, and keeps stuck sets from sub-puzzles that later failed. Our
// results differ from BurrTools' in those cases only; grouping_test.go shows
// one.
type grouping struct {
	single []int // per part: its group when it has exactly one entry, else 0
	ngroup int   // number of distinct groups
	limit  []int // part*ngroup + dense group index -> pieces allowed in it
}

func newGrouping(pr *model.Problem) grouping {
	var g grouping
	dense := map[int]int{}
	for _, part := range pr.Parts {
		for _, e := range part.Groups {
			if _, ok := dense[e.Group]; !ok && e.Group > 0 {
				dense[e.Group] = len(dense)
			}
		}
	}
	g.ngroup = len(dense)
	g.single = make([]int, len(pr.Parts))
	g.limit = make([]int, len(pr.Parts)*g.ngroup)
	for i, part := range pr.Parts {
		if len(part.Groups) == 1 {
			g.single[i] = part.Groups[0].Group
		}
		for _, e := range part.Groups {
			if e.Group > 0 {
				g.limit[i*g.ngroup+dense[e.Group]] += e.Count
			}
		}
	}
	return g
}

// together reports whether the parts all belong to one group by their only
// group entry: such a sub-puzzle needs no disassembly.
func (g *grouping) together(parts []int) bool {
	grp := 0
	for _, p := range parts {
		s := g.single[p]
		if s == 0 || (grp != 0 && s != grp) {
			return false
		}
		grp = s
	}
	return true
}

// stuckSets are the sets of pieces (as parts) that an assembly leaves
// together, in the order they were found.
type stuckSets struct {
	parts []int // all sets' parts, one after the other
	start []int // set k is parts[start[k]:start[k+1]] (or to the end)
	left  []int // scratch: remaining counts while assigning groups
}

func (s *stuckSets) reset() { s.parts, s.start = s.parts[:0], s.start[:0] }

// mark and truncate drop the sets found in a sub-puzzle that failed after
// all: they are not part of the final disassembly.
func (s *stuckSets) mark() int { return len(s.start) }

func (s *stuckSets) truncate(m int) {
	if m < len(s.start) {
		s.parts = s.parts[:s.start[m]]
		s.start = s.start[:m]
	}
}

// add records parts as a new stuck set and reports whether all sets can
// still get groups. If not, the set is dropped again.
func (s *stuckSets) add(g *grouping, parts []int) bool {
	m := s.mark()
	s.start = append(s.start, len(s.parts))
	s.parts = append(s.parts, parts...)
	s.left = append(s.left[:0], g.limit...)
	if g.ngroup > 0 && s.assign(g, 0) {
		return true
	}
	s.truncate(m)
	return false
}

// assign tries every group for set k and the sets after it, backtracking.
func (s *stuckSets) assign(g *grouping, k int) bool {
	if k == len(s.start) {
		return true
	}
	end := len(s.parts)
	if k+1 < len(s.start) {
		end = s.start[k+1]
	}
	set := s.parts[s.start[k]:end]
	for grp := 0; grp < g.ngroup; grp++ {
		ok, n := true, 0
		for _, p := range set {
			i := p*g.ngroup + grp
			s.left[i]--
			n++
			if s.left[i] < 0 {
				ok = false
				break
			}
		}
		if ok && s.assign(g, k+1) {
			return true
		}
		for _, p := range set[:n] {
			s.left[p*g.ngroup+grp]++
		}
	}
	return false
}
