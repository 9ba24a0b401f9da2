package cli

import (
	"runtime"
	"runtime/debug"
	"strings"
	"testing"
	"time"
)

// TestSolveDisassembleStopsAtBudget: three unit cubes in the variable
// inside of a closed 6³ shell assemble at once but never come apart; the
// disassembler shuffles them inside through up to 40,000 positions before
// it gives up, about 4 MB by its estimate. With a budget of 3 MiB, burr solve
// -disassemble must stop with the budget error, soon and without growing
// (before, the disassembly had no memory bound at all; more cubes in a
// bigger shell have more positions than any memory holds).
func TestSolveDisassembleStopsAtBudget(t *testing.T) {
	wall := func(i int) bool {
		x, y, z := i%6, i/6%6, i/36
		return x == 0 || x == 5 || y == 0 || y == 5 || z == 0 || z == 5
	}
	result := voxelBox(6, 6, 6, func(i int) byte {
		if wall(i) {
			return '#'
		}
		return '+'
	})
	shell := voxelBox(6, 6, 6, func(i int) byte {
		if wall(i) {
			return '#'
		}
		return '_'
	})
	file := hostileFile(t, result+shell+voxelBox(1, 1, 1, filled), `<shape id="1" count="1"/><shape id="2" count="3"/>`, "")

	keepHeapLimit(t)
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	start := time.Now()
	code, out, errOut := burrRun("solve", "-disassemble", "-workers", "1", "-max-memory", "3M", file)
	took := time.Since(start)
	runtime.ReadMemStats(&after)
	alloc := after.TotalAlloc - before.TotalAlloc
	msg := out + errOut
	t.Logf("%v, %d MiB allocated: %s", took, alloc>>20, strings.TrimSpace(msg))
	if code != 1 || !strings.Contains(msg, "taking apart 4 pieces") || !strings.Contains(msg, "more than the memory budget of") {
		t.Fatalf("exit %d, output %q; want the disassembly's budget error", code, msg)
	}
	if took > 20*time.Second {
		t.Errorf("took %v", took)
	}
	if alloc > 16<<20 {
		t.Errorf("allocated %d MiB with a budget of 3 MiB", alloc>>20)
	}
}

// keepHeapLimit restores the Go runtime's soft memory limit after a test
// that runs a command with -max-memory: the command sets it for the whole
// process, and a small one left behind slows every later test with
// constant garbage collection (TestExplainInterrupt then failed).
func keepHeapLimit(t *testing.T) {
	old := debug.SetMemoryLimit(-1)
	t.Cleanup(func() { debug.SetMemoryLimit(old) })
}
