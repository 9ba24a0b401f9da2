package assemble

import (
	"testing"

	"github.com/burrlab/burrlab/model"
)

// A hole bound above the result's variable cells is no bound: it counts
// like none. maxHoles 2147483648 (from a file, or typed into the app)
// wrapped to a negative 32-bit bound and gave 0 assemblies.
func TestMaxHolesAboveVariableCells(t *testing.T) {
	p := puzzle(box(3, 2, 1, model.Variable), box(2, 1, 1, model.Filled), box(1, 1, 1, model.Filled))
	p.Problems[0].Parts[0].Min, p.Problems[0].Parts[0].Max = 0, 3
	p.Problems[0].Parts[1].Min, p.Problems[0].Parts[1].Max = 0, 2
	free := len(run(t, p, DefaultOptions(), 1))
	if free == 0 {
		t.Fatal("no assemblies without a bound")
	}
	for _, h := range []int{6, 7, 1 << 31, 1<<62 - 1} {
		p.Problems[0].MaxHoles = h
		if n := len(run(t, p, DefaultOptions(), 1)); n != free {
			t.Errorf("maxHoles %d: %d assemblies, without a bound %d", h, n, free)
		}
		opts := DefaultOptions()
		opts.MaxHoles = h
		p.Problems[0].MaxHoles = -1
		if n := len(run(t, p, opts, 1)); n != free {
			t.Errorf("option MaxHoles %d: %d assemblies, without a bound %d", h, n, free)
		}
	}
	p.Problems[0].MaxHoles = 0
	if n := len(run(t, p, DefaultOptions(), 1)); n == 0 || n >= free {
		t.Errorf("maxHoles 0: %d assemblies of %d", n, free)
	}
}
