package ui

import (
	"fmt"
	"strconv"
	"strings"

	"fyne.io/fyne/v2/widget"
)

// The run's second keeping rule beside "keep at most N": keep only every
// Nth solution found (BurrTools' drop), so that the kept list samples the
// whole search instead of its beginning. The solver applies it
// (solver.Options.Drop), numbering from the search's first solution, so a
// continued search keeps sampling the same way.

// newDropEntry makes the "keep every Nth" field (empty or 1: keep all)
// and the label after it, which follows the number: "1st", "2nd", "10th".
func newDropEntry() (*widget.Entry, *widget.Label) {
	e := widget.NewEntry()
	e.SetPlaceHolder("1")
	after := widget.NewLabel("")
	e.OnChanged = func(text string) {
		n, _ := parseDrop(text)
		after.SetText(ordinalSuffix(n) + " solution (BurrTools' drop)")
	}
	e.OnChanged("")
	return e, after
}

// parseDrop reads the field: 1 when empty.
func parseDrop(text string) (int, error) {
	s := strings.TrimSpace(text)
	if s == "" {
		return 1, nil
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 1 {
		return 1, fmt.Errorf("keep every: %q is not a positive number (1 keeps every solution)", s)
	}
	return n, nil
}

// keptNote says which of the solutions found the run kept, when it did
// not keep them all.
func keptNote(r *solveRun) string {
	n, kept := r.found(), uint64(len(r.kept))
	switch {
	case r.step > max(r.opts.drop, 1):
		return fmt.Sprintf(" The list was full and is thinned out: every %s kept, %s of %s.", ordinal(r.step), thousands(kept), thousands(n))
	case r.opts.drop > 1:
		return fmt.Sprintf(" Kept every %s: %s of %s.", ordinal(r.opts.drop), thousands(kept), thousands(n))
	case n > kept:
		return fmt.Sprintf(" Kept the first %s; %s more were counted but not kept.", thousands(kept), thousands(n-kept))
	}
	return ""
}

// ordinal writes 2nd, 3rd, 10th, 21st.
func ordinal(n int) string { return strconv.Itoa(n) + ordinalSuffix(n) }

// ordinalSuffix is what follows n in its ordinal: "st", "nd", "rd", "th".
func ordinalSuffix(n int) string {
	if n%100 < 11 || n%100 > 13 {
		switch n % 10 {
		case 1:
			return "st"
		case 2:
			return "nd"
		case 3:
			return "rd"
		}
	}
	return "th"
}
