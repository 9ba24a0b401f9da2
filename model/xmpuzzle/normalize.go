package xmpuzzle

import (
	"cmp"
	"fmt"
	"slices"

	"github.com/burrlab/burrlab/model"
	"github.com/burrlab/burrlab/model/grid"
)

// normalizeSolution checks a freshly read solution against its problem and
// brings it into the model's normal form (see the package comment): version
// 1 positions converted, disassembly states in the assembly's frame,
// removals at 20000·d, slots sorted within each part. slotParts is
// pr.SlotParts().
func (l *loader) normalizeSolution(pr *model.Problem, slotParts []int, sol *model.Solution) error {
	if err := sol.Validate(len(slotParts)); err != nil {
		return err
	}
	if l.version == legacyVersion {
		if err := l.fromVersion1(pr, slotParts, sol); err != nil {
			return err
		}
	}
	if d := sol.Disassembly; d != nil && !d.Outline() {
		root := func(slot int) (grid.Vec, bool) { return sol.Assembly[slot].Pos, true }
		if err := alignFrames(d, root); err != nil {
			return err
		}
		normalizeRemovals(l.g, d)
	}
	sortSlots(slotParts, sol)
	return checkRange(sol)
}

// checkRange rejects positions that normalising pushed beyond what the
// reader accepts, so that everything we load can be saved and loaded again.
func checkRange(sol *model.Solution) error {
	in := func(v grid.Vec) bool {
		return max(v[0], v[1], v[2]) <= maxCoord && min(v[0], v[1], v[2]) >= -maxCoord
	}
	for slot, pl := range sol.Assembly {
		if !in(pl.Pos) {
			return fmt.Errorf("piece %d is placed at %v, out of range", slot, pl.Pos)
		}
	}
	var walk func(s *model.Separation) error
	walk = func(s *model.Separation) error {
		if s == nil {
			return nil
		}
		for _, st := range s.States {
			for j, v := range st {
				if !in(v) {
					return fmt.Errorf("disassembly moves piece %d to %v, out of range", s.Pieces[j], v)
				}
			}
		}
		if err := walk(s.Removed); err != nil {
			return err
		}
		return walk(s.Left)
	}
	return walk(sol.Disassembly)
}

// fromVersion1 converts the positions of a version 1 file, which were the
// corner of the rotated piece's voxel space, into hotspot positions, as the
// BurrTools loaders of 2005-2008 did (§11): each placed piece, and its
// states in the disassembly, move by the position of the hotspot inside the
// rotated space.
func (l *loader) fromVersion1(pr *model.Problem, slotParts []int, sol *model.Solution) error {
	if l.p.Grid != grid.Cubes {
		return fmt.Errorf("a version 1 file with a %v grid; version 1 knew only cubes", l.p.Grid)
	}
	shift := make(map[int]grid.Vec)
	for slot, pl := range sol.Assembly {
		if !pl.Placed() {
			continue
		}
		s := &l.p.Shapes[pr.Parts[slotParts[slot]].Shape]
		var corners []grid.Vec
		for i := range 8 {
			corners = append(corners, grid.Vec{
				(i & 1) * max(s.Size[0]-1, 0),
				(i >> 1 & 1) * max(s.Size[1]-1, 0),
				(i >> 2 & 1) * max(s.Size[2]-1, 0),
			})
		}
		out, hot, _ := l.g.Transform(pl.Orient, corners, s.Hotspot) // cubes turn any point
		lo, _ := grid.Bounds(out)
		d := hot.Sub(lo)
		shift[slot] = d
		sol.Assembly[slot].Pos = pl.Pos.Add(d)
	}
	var walk func(s *model.Separation)
	walk = func(s *model.Separation) {
		if s == nil {
			return
		}
		for _, st := range s.States {
			for j, p := range s.Pieces {
				st[j] = st[j].Add(shift[p])
			}
		}
		walk(s.Removed)
		walk(s.Left)
	}
	walk(sol.Disassembly)
	return nil
}

// alignFrames moves the states of node s so that its first state matches
// ref, the positions its pieces had just before: the assembly for the root,
// the parent's second-to-last state for a child. Files before 2009 wrote
// the removed child shifted (§8.8). It also checks that the children split
// the pieces exactly as the last state does.
func alignFrames(s *model.Separation, ref func(slot int) (grid.Vec, bool)) error {
	if len(s.States) < 2 {
		return fmt.Errorf("separation with %d state; it needs at least the start and the final state", len(s.States))
	}
	removed := make([]bool, len(s.Pieces))
	for j := range s.Pieces {
		removed[j] = s.RemovedIn(j)
	}
	for _, p := range s.Pieces {
		if _, ok := ref(p); !ok {
			return fmt.Errorf("separation lists piece %d, which is not in the group being separated", p)
		}
	}
	r, _ := ref(s.Pieces[0])
	if off := r.Sub(s.States[0][0]); off != (grid.Vec{}) {
		for _, st := range s.States {
			for j := range st {
				st[j] = st[j].Add(off)
			}
		}
		for j := range s.Pieces {
			if s.RemovedIn(j) != removed[j] {
				return fmt.Errorf("separation states are too far from the assembly")
			}
		}
	}
	col := make(map[int]int, len(s.Pieces))
	for j, p := range s.Pieces {
		col[p] = j
	}
	prev := s.States[len(s.States)-2]
	for _, c := range []struct {
		sub     *model.Separation
		removed bool
		name    string
	}{{s.Removed, true, "removed"}, {s.Left, false, "left"}} {
		if c.sub == nil {
			continue
		}
		in := func(slot int) (grid.Vec, bool) {
			j, ok := col[slot]
			if !ok || removed[j] != c.removed {
				return grid.Vec{}, false
			}
			return prev[j], true
		}
		if err := alignFrames(c.sub, in); err != nil {
			return fmt.Errorf("%s part: %w", c.name, err)
		}
	}
	return nil
}

// normalizeRemovals puts every removed piece of every node's last state at
// prev + 20000·d, d being the grid's unit move in the direction it left
// (§8.8); older writers used 30000. Grids without moves are left alone.
func normalizeRemovals(g grid.Grid, s *model.Separation) {
	if s == nil || s.Outline() {
		return
	}
	if n := len(s.States); n >= 2 {
		last, prev := s.States[n-1], s.States[n-2]
		for j := range last {
			if s.RemovedIn(j) {
				last[j] = removalPos(g, prev[j], last[j])
			}
		}
	}
	normalizeRemovals(g, s.Removed)
	normalizeRemovals(g, s.Left)
}

// removalPos returns where BurrTools 0.7.1 puts a piece that leaves from
// prev towards last: prev + 20000·d for the grid move d that points the way
// it went. When no move of the grid does, last is kept.
func removalPos(g grid.Grid, prev, last grid.Vec) grid.Vec {
	diff := last.Sub(prev)
	for _, d := range g.Directions() {
		for _, d := range []grid.Vec{d, d.Neg()} {
			if sign(d) == sign(diff) {
				return prev.Add(d.Scale(model.RemoveDistance))
			}
		}
	}
	return last
}

func sign(v grid.Vec) grid.Vec {
	return grid.Vec{cmp.Compare(v[0], 0), cmp.Compare(v[1], 0), cmp.Compare(v[2], 0)}
}

// slotOrder returns the normal order of an assembly's slots (§8.7): within
// each part's block, placed pieces first, sorted by (orientation, x, y, z).
// order[new] is the old slot; nil means the order is already normal.
func slotOrder(slotParts []int, a model.Assembly) []int {
	// Files written by BurrTools (and by us) are in normal order: say so
	// without sorting (a file may hold hundreds of solutions of hundreds
	// of slots).
	normal := true
	for i := 1; i < len(a) && normal; i++ {
		normal = slotParts[i] != slotParts[i-1] || slotCompare(a[i-1], a[i]) <= 0
	}
	if normal {
		return nil
	}
	order := make([]int, len(a))
	for i := range order {
		order[i] = i
	}
	for start := 0; start < len(order); {
		end := start + 1
		for end < len(order) && slotParts[end] == slotParts[start] {
			end++
		}
		slices.SortStableFunc(order[start:end], func(i, j int) int { return slotCompare(a[i], a[j]) })
		start = end
	}
	for i, o := range order {
		if i != o {
			return order
		}
	}
	return nil
}

// slotCompare orders two slots of one part: placed pieces first, then by
// (orientation, x, y, z).
func slotCompare(pi, pj model.Placement) int {
	if pi.Placed() != pj.Placed() {
		if pi.Placed() {
			return -1
		}
		return 1
	}
	return cmp.Or(cmp.Compare(pi.Orient, pj.Orient), cmp.Compare(pi.Pos[0], pj.Pos[0]),
		cmp.Compare(pi.Pos[1], pj.Pos[1]), cmp.Compare(pi.Pos[2], pj.Pos[2]))
}

// sortSlots puts a solution's slots into normal order and renumbers the
// pieces of its disassembly to match.
func sortSlots(slotParts []int, sol *model.Solution) {
	order := slotOrder(slotParts, sol.Assembly)
	if order == nil {
		return
	}
	newSlot := make([]int, len(order))
	old := slices.Clone(sol.Assembly)
	for n, o := range order {
		sol.Assembly[n] = old[o]
		newSlot[o] = n
	}
	var walk func(s *model.Separation)
	walk = func(s *model.Separation) {
		if s == nil {
			return
		}
		for j, p := range s.Pieces {
			s.Pieces[j] = newSlot[p]
		}
		walk(s.Removed)
		walk(s.Left)
	}
	walk(sol.Disassembly)
}
