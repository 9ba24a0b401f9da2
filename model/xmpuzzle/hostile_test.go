package xmpuzzle

import (
	"bytes"
	"compress/gzip"
	"io"
	"runtime"
	"strings"
	"testing"
)

// A reasonable loader's allocations for one bad file: well below what the
// inputs ask for (gigabytes, billions of pieces), above what a legitimate
// 256 MiB file needs to be decompressed (its buffer grows by doubling
// when the length is not known).
const allocBound = 1200 << 20

// readBounded reads a file, failing the test if it panics or allocates
// more than allocBound in all (times raceAllocFactor).
func readBounded(t *testing.T, r io.Reader) error {
	t.Helper()
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	_, err := Read(r)
	runtime.ReadMemStats(&after)
	if n := after.TotalAlloc - before.TotalAlloc; n > allocBound*raceAllocFactor {
		t.Errorf("allocated %d MB", n>>20)
	}
	return err
}

func gzipped(s string) []byte {
	var b bytes.Buffer
	zw := gzip.NewWriter(&b)
	zw.Write([]byte(s))
	zw.Close()
	return b.Bytes()
}

// A small valid problem whose parts, result and solutions the cases vary.
func withProblem(parts, solutions string) string {
	return cubeFile(`<colors/><shapes><voxel x="3" y="1" z="1" type="0">###</voxel>
 <voxel x="2" y="1" z="1" type="0">##</voxel><voxel x="1" y="1" z="1" type="0">#</voxel></shapes>
 <problems><problem name="P" state="2" assemblies="1" solutions="1" time="0"><shapes>` + parts +
		`</shapes><result id="0"/><bitmap/><solutions>` + solutions + `</solutions></problem></problems>`)
}

const twoParts = `<shape id="1" count="1"/><shape id="2" count="1"/>`

// withSeparation is withProblem with one solution carrying sep.
func withSeparation(sep string) string {
	return withProblem(twoParts, `<solution><assembly>0 0 0 0 2 0 0 0</assembly>`+sep+`</solution>`)
}

const goodStates = `<state><dx>0 2</dx><dy>0 0</dy><dz>0 0</dz></state><state><dx>-20000 2</dx><dy>0 0</dy><dz>0 0</dz></state>`

func TestHostileInput(t *testing.T) {
	full := withSeparation(`<separation><pieces count="2">0 1</pieces>` + goodStates + `</separation>`)
	if _, err := Read(strings.NewReader(full)); err != nil {
		t.Fatalf("the base file does not load: %v", err)
	}
	truncated := gzipped(full)
	truncated = truncated[:len(truncated)/2]
	tests := []struct {
		name, in, want string
	}{
		{"empty", "", "empty"},
		{"whitespace", " \n\t", "empty"},
		{"not XML", "hello, world", "no XML element"},
		{"binary", "\x00\x01\x02\xff", "bad XML"},
		{"gzip magic only", "\x1f\x8b", "gzip"},
		{"bad gzip header", "\x1f\x8b\x08\xff\xff\xff\xff\xff\xff\xff\xff", "gzip"},
		{"truncated gzip", string(truncated), "truncated"},
		{"unclosed", `<puzzle version="2"><shapes>`, "line 1: bad XML"},
		{"mismatched tags", "<puzzle version=\"2\">\n<shapes></colors></puzzle>", "line 2: bad XML"},
		{"other root", `<html/>`, "not a BurrTools puzzle"},
		{"no version", `<puzzle/>`, `needs the "version" attribute`},
		{"version 3", `<puzzle version="3"/>`, "version 3"},
		{"duplicate attribute", `<puzzle version="2" version="2"/>`, "twice"},
		{"unknown grid", `<puzzle version="2"><gridType type="7"/></puzzle>`, "unknown grid type 7"},
		{"negative grid", `<puzzle version="2"><gridType type="-1"/></puzzle>`, "unknown grid type -1"},
		{"grid type after shapes", `<puzzle version="2"><shapes/><gridType type="1"/></puzzle>`, "only one <gridType>"},
		{"two grid types", `<puzzle version="2"><gridType type="0"/><gridType type="0"/></puzzle>`, "only one <gridType>"},
		{"64 colours", cubeFile("<colors>" + strings.Repeat("<color/>", 64) + "</colors>"), "more than 63 colours"},
		{"huge size", cubeFile(`<shapes><voxel x="1000000" y="1" z="1" type="0">#</voxel></shapes>`), "out of range"},
		{"negative size", cubeFile(`<shapes><voxel x="-1" y="1" z="1" type="0">#</voxel></shapes>`), "out of range"},
		{"too many cells", cubeFile(`<shapes><voxel x="65535" y="65535" z="65535" type="0">#</voxel></shapes>`), "cells, more than"},
		{"missing size", cubeFile(`<shapes><voxel x="1" y="1" type="0">#</voxel></shapes>`), `needs the "z" attribute`},
		{"missing type", cubeFile(`<shapes><voxel x="1" y="1" z="1">#</voxel></shapes>`), `needs the "type" attribute`},
		{"voxel type 1", cubeFile(`<shapes><voxel x="1" y="1" z="1" type="1">#</voxel></shapes>`), "storage type 1"},
		{"short voxel string", cubeFile(`<shapes><voxel x="2" y="2" z="1" type="0">###</voxel></shapes>`), "3 cells, the space has 4"},
		{"long voxel string", cubeFile(`<shapes><voxel x="2" y="1" z="1" type="0">###</voxel></shapes>`), "3 cells, the space has 2"},
		{"no voxel string", cubeFile(`<shapes><voxel x="2" y="1" z="1" type="0"/></shapes>`), "0 cells, the space has 2"},
		{"bad voxel char", cubeFile(`<shapes><voxel x="2" y="1" z="1" type="0">#*</voxel></shapes>`), `unexpected character '*'`},
		{"element in voxel", cubeFile(`<shapes><voxel x="1" y="1" z="1" type="0">#<b/></voxel></shapes>`), "only text"},
		{"colour 64", cubeFile(`<shapes><voxel x="1" y="1" z="1" type="0">#64</voxel></shapes>`), "colour above 63"},
		{"huge colour", cubeFile(`<shapes><voxel x="1" y="1" z="1" type="0">#99999999999999999999</voxel></shapes>`), "colour above 63"},
		{"undefined colour", cubeFile(`<colors><color/></colors><shapes><voxel x="1" y="1" z="1" type="0">#2</voxel></shapes>`), "colour 2, but the puzzle defines 1"},
		{"colour before cell", cubeFile(`<shapes><voxel x="1" y="1" z="1" type="0">1#</voxel></shapes>`), "does not follow a cell"},
		{"colour after space", cubeFile(`<colors><color/></colors><shapes><voxel x="1" y="1" z="1" type="0"># 1</voxel></shapes>`), "does not follow a cell"},
		{"cell outside sphere grid", `<puzzle version="2"><gridType type="2"/><shapes><voxel x="2" y="1" z="1" type="0">_#</voxel></shapes></puzzle>`, "does not exist in the spheres grid"},
		{"dangling shape id", withProblem(`<shape id="3" count="1"/>`, ""), "shape id 3 does not exist"},
		{"negative shape id", withProblem(`<shape id="-1" count="1"/>`, ""), "shape id -1 does not exist"},
		{"part without id", withProblem(`<shape count="1"/>`, ""), `needs the "id" attribute`},
		{"absurd count", withProblem(`<shape id="1" count="2000000000"/>`, ""), "out of range 0..65535"},
		{"negative count", withProblem(`<shape id="1" count="-2"/>`, ""), "out of range"},
		{"min above max", withProblem(`<shape id="1" min="3" max="2"/>`, ""), "min 3 is above max 2"},
		{"too many slots", withProblem(strings.Repeat(`<shape id="1" count="65535"/>`, 2), ""), "more than 65535 pieces"},
		{"bad group", withProblem(`<shape id="1"><group group="1"/></shape>`, ""), `needs the "count" attribute`},
		{"foreign element in parts", withProblem(`<shape id="1"/><piece id="1"/>`, ""), "unexpected <piece> in the piece list"},
		{"foreign element in solutions", withProblem(twoParts, `<answer/>`), "unexpected <answer> among the solutions"},
		{"bad state", strings.Replace(withProblem(twoParts, ""), `state="2"`, `state="7"`, 1), "out of range 0..3"},
		{"negative counter", strings.Replace(withProblem(twoParts, ""), `assemblies="1"`, `assemblies="-5"`, 1), "out of range"},
		{"bad maxHoles", strings.Replace(withProblem(twoParts, ""), `time="0"`, `time="0" maxHoles="-7"`, 1), "maxHoles"},
		{"colour pair out of range", strings.Replace(withProblem(twoParts, ""), `<bitmap/>`, `<bitmap><pair piece="63" result="0"/></bitmap>`, 1), "out of range 0..62"},
		{"no assembly", withProblem(twoParts, `<solution/>`), "no <assembly>"},
		{"short assembly", withProblem(twoParts, `<solution><assembly>0 0 0 0</assembly></solution>`), "assembly has 1 placements for 2 piece slots"},
		{"long assembly", withProblem(twoParts, `<solution><assembly>0 0 0 0 2 0 0 0 x</assembly></solution>`), "more placements than the 2 piece slots"},
		{"partial placement", withProblem(twoParts, `<solution><assembly>0 0 0 0 2 0 0</assembly></solution>`), "has 3 numbers, want 4"},
		{"bad orientation", withProblem(twoParts, `<solution><assembly>0 0 0 24 2 0 0 0</assembly></solution>`), "orientation 24; the cubes grid has 0..23"},
		{"negative orientation", withProblem(twoParts, `<solution><assembly>0 0 0 -1 2 0 0 0</assembly></solution>`), "orientation -1"},
		{"huge orientation", withProblem(twoParts, `<solution><assembly>0 0 0 99999999 2 0 0 0</assembly></solution>`), "out of range"},
		{"junk in assembly", withProblem(twoParts, `<solution><assembly>0 0 0 0 2 0 zero 0</assembly></solution>`), `"zero" is not a number`},
		{"huge coordinate", withProblem(twoParts, `<solution><assembly>0 0 0 0 99999999999 0 0 0</assembly></solution>`), "out of range"},
		{"empty assembly", withProblem(twoParts, `<solution><assembly/></solution>`), "0 placements for 2"},
		{"solution without pieces", withProblem("", `<solution><assembly/></solution>`), "no pieces"},
		{"separation first", withProblem(twoParts, `<solution><separation/><assembly>0 0 0 0 2 0 0 0</assembly></solution>`), "<separation> before <assembly>"},
		{"pieces count", withSeparation(`<separation><pieces count="3">0 1 2</pieces>` + goodStates + `</separation>`), `<pieces count="3">, but 2 pieces`},
		{"pieces text", withSeparation(`<separation><pieces count="2">0</pieces>` + goodStates + `</separation>`), "1 numbers, want 2"},
		{"pieces repeated", withSeparation(`<separation><pieces count="2">0 0</pieces>` + goodStates + `</separation>`), "not a distinct placed slot"},
		{"pieces beyond slots", withSeparation(`<separation><pieces count="2">0 5</pieces>` + goodStates + `</separation>`), "not a distinct placed slot"},
		{"state before pieces", withSeparation(`<separation>` + goodStates + `<pieces count="2">0 1</pieces></separation>`), "<state> before <pieces>"},
		{"state without dz", withSeparation(`<separation><pieces count="2">0 1</pieces><state><dx>0 2</dx><dy>0 0</dy></state></separation>`), "state without <dz>"},
		{"state too long", withSeparation(`<separation><pieces count="2">0 1</pieces><state><dx>0 2 4</dx><dy>0 0</dy><dz>0 0</dz></state></separation>`), "more than 2 numbers"},
		{"foreign element in state", withSeparation(`<separation><pieces count="2">0 1</pieces><state><dx>0 2</dx><dy>0 0</dy><dz>0 0</dz><dw>0 0</dw></state></separation>`), "unexpected <dw> in a state"},
		{"no states", withSeparation(`<separation><pieces count="2">0 1</pieces></separation>`), "separation without <state>"},
		{"one state", withSeparation(`<separation><pieces count="2">0 1</pieces><state><dx>-20000 2</dx><dy>0 0</dy><dz>0 0</dz></state></separation>`), "needs at least the start"},
		{"nothing removed", withSeparation(`<separation><pieces count="2">0 1</pieces><state><dx>0 2</dx><dy>0 0</dy><dz>0 0</dz></state><state><dx>-1 2</dx><dy>0 0</dy><dz>0 0</dz></state></separation>`), "removes 0 of 2"},
		{"bad sub-separation type", withSeparation(`<separation><pieces count="2">0 1</pieces>` + goodStates + `<separation type="middle"/></separation>`), `must be "removed" or "left"`},
		{"sub-separation of one piece", withSeparation(`<separation><pieces count="2">0 1</pieces>` + goodStates + `<separation type="left"><pieces count="1">1</pieces></separation></separation>`), "at least 2 pieces"},
		{"state after sub-separation", withSeparation(`<separation><pieces count="2">0 1</pieces>` + goodStates + `<separation type="left"/>` + goodStates + `</separation>`), "at least 2 pieces"},
		{"outline incomplete", withSeparation(`<separationInfo>2 0</separationInfo>`), "incomplete"},
		{"outline trailing", withSeparation(`<separationInfo>2 0 0 0</separationInfo>`), "after the end"},
		{"outline too big", withSeparation(`<separationInfo>2 2 0 0 0</separationInfo>`), "more than 1 separations for 2 pieces"},
		{"outline junk", withSeparation(`<separationInfo>2,0,0</separationInfo>`), "not a number"},
		{"comment with element", cubeFile(`<comment>a<b/>c</comment>`), "only text"},
		{"control character", cubeFile("<comment>\x01</comment>"), "bad XML"},
		{"undefined entity", cubeFile("<comment>&nbsp;</comment>"), "bad XML"},
		// Converting version 1 positions must not leave the range we read.
		{"version 1 out of range", `<puzzle version="1"><shapes><voxel x="2" y="1" z="1" type="0">##</voxel></shapes><problems><problem><shapes><shape id="0"/></shapes><result id="0"/><solutions><solution><assembly>16777216 0 0 8</assembly></solution></solutions></problem></problems></puzzle>`, "placed at [16777217 0 0], out of range"},
		{"version 1 prisms", `<puzzle version="1"><gridType type="1"/><shapes><voxel x="2" y="1" z="1" type="0">##</voxel></shapes><problems><problem><shapes><shape id="0"/></shapes><result id="0"/><solutions><solution><assembly>0 0 0 0</assembly></solution></solutions></problem></problems></puzzle>`, "version 1 knew only cubes"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := readBounded(t, strings.NewReader(tt.in))
			if err == nil {
				t.Fatalf("no error")
			}
			if !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %q, want it to mention %q", err, tt.want)
			}
			if strings.Contains(err.Error(), "\n") {
				t.Errorf("error spans lines: %q", err)
			}
		})
	}
}

// Separations whose children do not split the pieces as the last state
// does (§8.8).
func TestHostileSeparationTrees(t *testing.T) {
	three := func(sep string) string {
		return withProblem(`<shape id="2" count="3"/>`, `<solution><assembly>0 0 0 0 1 0 0 0 2 0 0 0</assembly>`+sep+`</solution>`)
	}
	root := `<separation><pieces count="3">0 1 2</pieces><state><dx>0 1 2</dx><dy>0 0 0</dy><dz>0 0 0</dz></state>` +
		`<state><dx>-20000 1 2</dx><dy>0 0 0</dy><dz>0 0 0</dz></state>`
	left := func(pieces string) string {
		return `<separation type="left"><pieces count="2">` + pieces + `</pieces><state><dx>1 2</dx><dy>0 0</dy><dz>0 0</dz></state>` +
			`<state><dx>1 20002</dx><dy>0 0</dy><dz>0 0</dz></state></separation>`
	}
	if _, err := Read(strings.NewReader(three(root + left("1 2") + `</separation>`))); err != nil {
		t.Fatalf("the base file does not load: %v", err)
	}
	for _, tt := range []struct{ name, sep, want string }{
		{"left part holds the removed piece", root + left("0 2") + `</separation>`, "left part: separation lists piece 0, which is not in the group"},
		{"two left parts", root + left("1 2") + left("1 2") + `</separation>`, "more than one left part"},
		{"removed part of two for one piece", root + `<separation type="removed"><pieces count="2">0 1</pieces></separation></separation>`, "at least 2 pieces"},
		{"states too far off", root + `<separation type="left"><pieces count="2">1 2</pieces><state><dx>1 2</dx><dy>-9500 -9500</dy><dz>0 0</dz></state>` +
			`<state><dx>1 20002</dx><dy>1000 -9500</dy><dz>0 0</dz></state></separation></separation>`, "too far"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			err := readBounded(t, strings.NewReader(three(tt.sep)))
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %v, want it to mention %q", err, tt.want)
			}
		})
	}
}

// Inputs that try to exhaust memory or time.
func TestHostileSize(t *testing.T) {
	deep := strings.Repeat("<a>", 100000) + strings.Repeat("</a>", 100000)
	// A disassembly nested past the depth cap.
	var nested strings.Builder
	for range 2000 {
		nested.WriteString(`<separation type="left"><pieces count="2">0 1</pieces>`)
	}
	tests := []struct {
		name string
		in   func() io.Reader
		want string
	}{
		{"100k nested elements", func() io.Reader { return strings.NewReader(`<puzzle version="2">` + deep + `</puzzle>`) }, "nested deeper than 1024"},
		{"nested separations", func() io.Reader { return strings.NewReader(withSeparation(nested.String())) }, "nested deeper than 1024"},
		{"5M elements", func() io.Reader {
			return strings.NewReader(`<puzzle version="2">` + strings.Repeat("<a/>", 5<<20) + `</puzzle>`)
		}, "more than the 4194304"},
		{"gzip bomb", gzipBomb, "larger than 256 MiB and 128 times the file"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in := tt.in()
			err := readBounded(t, in)
			if c, ok := in.(io.Closer); ok {
				c.Close() // stops the bomb's writer
			}
			if err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %v, want it to mention %q", err, tt.want)
			}
		})
	}
}

// gzipBomb streams 1 GB of zeros (after a puzzle's opening tag) through a
// compressor: about 1 MB on disk.
func gzipBomb() io.Reader {
	pr, pw := io.Pipe()
	go func() {
		zw, _ := gzip.NewWriterLevel(pw, gzip.BestSpeed)
		zw.Write([]byte(`<puzzle version="2"><comment>`))
		zero := make([]byte, 1<<20)
		for range 1024 {
			if _, err := zw.Write(zero); err != nil {
				pw.CloseWithError(err) // the reader gave up, as it should
				return
			}
		}
		zw.Close()
		pw.Close()
	}()
	return pr
}
