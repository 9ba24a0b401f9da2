package xmpuzzle

import (
	"bytes"
	"fmt"
	"runtime"
	"strings"
	"testing"
	"time"
)

// readCost reads data and returns the time taken, the bytes allocated
// meanwhile (runtime memory statistics) and the reader's error.
func readCost(data []byte) (time.Duration, uint64, error) {
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	start := time.Now()
	_, err := Read(bytes.NewReader(data))
	took := time.Since(start)
	runtime.ReadMemStats(&after)
	return took, after.TotalAlloc - before.TotalAlloc, err
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
		// 700 bytes per element, under the 4 Mi element cap).
		{"900k parts of count 0", cubeFile(shapes + `<problems>` + problem("", strings.Repeat(`<shape id="1" count="0"/>`, 900000), "") + `</problems>`), "more than 4096 parts", 20 * time.Second, 800 << 20},
		{"5000 parts of count 0", cubeFile(shapes + `<problems>` + problem("", strings.Repeat(`<shape id="1" count="0"/>`, 5000), "") + `</problems>`), "more than 4096 parts", time.Second, 20 << 20},
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
			took, alloc, err := readCost(data)
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

// TestMaxHolesRange: maxHoles is read by what it means. A bound above the
// cells any shape may have (2^24) can never limit anything, so it reads as
// no bound, whatever its size, and is not written back (BurrTools would
// keep only its low 32 bits: 2^32 would become a bound of 0). Bounds up to
// 2^24 are kept as they are, even above the result's variable cells (the
// solver reads those as none; TestLooseMaxHolesCountsAsNone), and -1 is
// BurrTools' "undefined". Other negative values are refused.
// (internal/cli's TestMaxHolesCraftedFilesCount solves such files.)
func TestMaxHolesRange(t *testing.T) {
	file := func(attr string) string {
		return cubeFile(`<shapes><voxel x="2" y="2" z="1" type="0">++++</voxel><voxel x="1" y="1" z="1" type="0">#</voxel></shapes>` +
			`<problems><problem` + attr + `><shapes><shape id="1" min="0" max="4"/></shapes><result id="0"/><bitmap/></problem></problems>`)
	}
	for _, tt := range []struct {
		value string
		want  int
	}{
		{"0", 0}, {"4", 4}, {"5", 5}, {"16777216", 16777216},
		{"-1", -1}, {"4294967295", -1}, {"16777217", -1}, {"2147483648", -1},
		{"4294967296", -1}, {"4294967297", -1}, {"9223372036854775807", -1},
		{"18446744073709551616", -1}, {"99999999999999999999999999999999", -1},
	} {
		p, err := Read(strings.NewReader(file(` maxHoles="` + tt.value + `"`)))
		if err != nil {
			t.Errorf("maxHoles=%s: %v", tt.value, err)
			continue
		}
		if got := p.Problems[0].MaxHoles; got != tt.want {
			t.Errorf("maxHoles=%s read as %d, want %d", tt.value, got, tt.want)
		}
		out := string(writeXML(t, p))
		want := ""
		if tt.want >= 0 {
			want = fmt.Sprintf(` maxHoles="%d"`, tt.want)
		}
		if got := attrIn(out, "maxHoles"); got != want {
			t.Errorf("maxHoles=%s written as %q, want %q", tt.value, got, want)
		}
	}
	for _, v := range []string{"-2", "-2147483648", "-4294967295", "-9223372036854775808"} {
		_, err := Read(strings.NewReader(file(` maxHoles="` + v + `"`)))
		if err == nil || !strings.Contains(err.Error(), `maxHoles="`+v+`" is negative`) {
			t.Errorf("maxHoles=%s: error %v, want it refused as negative", v, err)
		}
	}
}

// attrIn returns the first ` key="…"` attribute in the XML text s, or "".
func attrIn(s, key string) string {
	i := strings.Index(s, " "+key+`="`)
	if i < 0 {
		return ""
	}
	j := strings.IndexByte(s[i+len(key)+3:], '"')
	return s[i : i+len(key)+3+j+1]
}
