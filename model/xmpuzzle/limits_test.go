package xmpuzzle

import (
	"bytes"
	"fmt"
	"runtime"
	"strings"
	"testing"
	"time"
)

// readCost reads data and returns the error, the time taken and the bytes
// allocated meanwhile (runtime memory statistics).
func readCost(data []byte) (error, time.Duration, uint64) {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	start := time.Now()
	_, err := Read(bytes.NewReader(data))
	took := time.Since(start)
	runtime.ReadMemStats(&after)
	return err, took, after.TotalAlloc - before.TotalAlloc
}

// Crafted files past each of the reader's count limits (docs/limits.md):
// each is refused with an error naming the limit, in bounded time and
// memory. The files are gzipped, as a shared file would be; most are a
// few hundred bytes.
func TestLimitsCraftedFiles(t *testing.T) {
	shapes := `<shapes><voxel x="4" y="4" z="1" type="0">++++++++++++++++</voxel><voxel x="1" y="1" z="1" type="0">#</voxel></shapes>`
	problem := func(attrs, parts, sols string) string {
		return `<problem` + attrs + `><shapes>` + parts + `</shapes><result id="0"/><bitmap/><solutions>` + sols + `</solutions></problem>`
	}
	var attrs strings.Builder
	for i := range 100000 {
		fmt.Fprintf(&attrs, ` a%d="1"`, i)
	}
	// An outline disassembly of 3000 levels: each node removes one piece
	// and leaves the rest to its left child.
	deep := strings.Repeat("2 ", 3000) + strings.Repeat("0 0 ", 3000)
	tests := []struct {
		name     string
		xml      string
		want     string
		maxTime  time.Duration
		maxAlloc uint64
	}{
		// Before: 21 s on this machine (a pairwise duplicate test).
		{"100k attributes", `<puzzle version="2"` + attrs.String() + `/>`, "<puzzle> has 100001 attributes, more than the 64 allowed", 2 * time.Second, 100 << 20},
		{"69 attributes on a shape", cubeFile(`<shapes><voxel x="1" y="1" z="1" type="0"` + attrList(65) + `>#</voxel></shapes>`), "<voxel> has 69 attributes", time.Second, 10 << 20},
		// Before: accepted; solving every problem took 10.6 s.
		{"10k problems", cubeFile(shapes + `<problems>` + strings.Repeat(problem("", `<shape id="1"/>`, ""), 10000) + `</problems>`), "more than 4096 problems", 3 * time.Second, 100 << 20},
		// Before: burr info took 14 s and 5.5 GB (900,000 parts). Most of
		// what is left is building the element tree of 24 MB of XML (about
		// 700 bytes per element, under the 1 Mi element cap).
		{"900k parts of count 0", cubeFile(shapes + `<problems>` + problem("", strings.Repeat(`<shape id="1" count="0"/>`, 900000), "") + `</problems>`), "more than 4096 parts", 20 * time.Second, 800 << 20},
		{"5000 parts of count 0", cubeFile(shapes + `<problems>` + problem("", strings.Repeat(`<shape id="1" count="0"/>`, 5000), "") + `</problems>`), "more than 4096 parts", time.Second, 20 << 20},
		// Before: accepted, and wrapped to a negative bound in the solver.
		{"maxHoles 2^31", cubeFile(shapes + `<problems>` + problem(` maxHoles="2147483648"`, `<shape id="1" min="0" max="16"/>`, "") + `</problems>`), `maxHoles="2147483648" is out of range 0..16777216`, time.Second, 10 << 20},
		{"2000 group entries", cubeFile(shapes + `<problems>` + problem("", `<shape id="1" min="0" max="2">`+strings.Repeat(`<group group="7" count="1"/>`, 2000)+`</shape>`, "") + `</problems>`), "more than 1024 group entries", time.Second, 20 << 20},
		// Before: accepted; the app's elapsed time wrapped to a negative
		// duration.
		{"time of 10^11 s", strings.Replace(cubeFile(shapes+`<problems>`+problem(` state="2"`, `<shape id="1"/>`, "")+`</problems>`), `state="2"`, `state="2" time="100000000000"`, 1), "out of range 0..8589934592", time.Second, 10 << 20},
		{"count above 65535", cubeFile(shapes + `<problems>` + problem("", `<shape id="1" min="0" max="65536"/>`, "") + `</problems>`), "out of range 0..65535", time.Second, 10 << 20},
		{"deep outline", cubeFile(shapes + `<problems>` + problem(` state="2"`, `<shape id="1" count="3001"/>`,
			`<solution><assembly>`+strings.Repeat("0 0 0 0 ", 3001)+`</assembly><separationInfo>`+deep+`</separationInfo></solution>`) + `</problems>`),
			"deeper than 1024 levels", 2 * time.Second, 50 << 20},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			data := gzipped(tt.xml)
			err, took, alloc := readCost(data)
			t.Logf("%d bytes gzipped: %v, %d KB allocated", len(data), took, alloc>>10)
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Fatalf("error %v, want it to mention %q", err, tt.want)
			}
			if took > tt.maxTime {
				t.Errorf("took %v, more than %v", took, tt.maxTime)
			}
			if alloc > tt.maxAlloc {
				t.Errorf("allocated %d MB, more than %d MB", alloc>>20, tt.maxAlloc>>20)
			}
		})
	}
}

// attrList returns n distinct attributes.
func attrList(n int) string {
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, ` k%d="0"`, i)
	}
	return b.String()
}
