package explain

import (
	"fmt"
	"strings"
	"time"
)

// Text writes the report for people: a heading, then a short paragraph
// per finding (the reasons first), its details indented below it.
func (r *Report) Text() string {
	var b strings.Builder
	name := fmt.Sprintf("P%d", r.Problem+1)
	if r.Name != "" {
		name += fmt.Sprintf(" (%q)", r.Name)
	}
	blocking := r.Blocking()
	switch {
	case r.Solvable:
		fmt.Fprintf(&b, "Problem %s can be solved.\n", name)
	case len(blocking) == 1:
		fmt.Fprintf(&b, "Problem %s cannot be solved. The reason:\n", name)
	case len(blocking) > 1:
		fmt.Fprintf(&b, "Problem %s cannot be solved. %d reasons, each enough on its own:\n", name, len(blocking))
	case r.Unsolvable:
		fmt.Fprintf(&b, "Problem %s cannot be solved: the search went through everything and found nothing, but no simpler reason turned up. What is known:\n", name)
	default:
		fmt.Fprintf(&b, "Problem %s: nothing found in the time given, and no sure reason why. What is known:\n", name)
	}
	write := func(f Finding) {
		b.WriteString("\n")
		b.WriteString(f.Message)
		b.WriteString("\n")
		for _, d := range f.Details {
			b.WriteString("    ")
			b.WriteString(d)
			b.WriteString("\n")
		}
	}
	for _, f := range blocking {
		write(f)
	}
	for _, f := range r.Findings {
		if !f.Blocking {
			write(f)
		}
	}
	switch {
	case r.Interrupted:
		fmt.Fprintf(&b, "\n(Interrupted after %v: this is what was found until then.)\n", r.Elapsed.Round(time.Millisecond))
	case !r.Complete:
		fmt.Fprintf(&b, "\n(Stopped by the time limit after %v: this is what was found until then.)\n", r.Elapsed.Round(time.Millisecond))
	}
	return b.String()
}
