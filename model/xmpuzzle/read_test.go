package xmpuzzle

import (
	"bytes"
	"compress/gzip"
	"image/color"
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/burrlab/burrlab/model"
	"github.com/burrlab/burrlab/model/grid"
)

// cubeFile wraps elements in a version 2 cube puzzle.
func cubeFile(body string) string {
	return `<?xml version="1.0"?><puzzle version="2"><gridType type="0"/>` + body + `</puzzle>`
}

// trayFile is a 3x1x1 result filled by a domino and a monomino; asm and
// disasm are the solution's <assembly> text and what follows it.
func trayFile(asm, disasm string) string {
	return cubeFile(`<colors/><shapes>
 <voxel x="3" y="1" z="1" type="0">###</voxel>
 <voxel x="2" y="1" z="1" type="0">##</voxel>
 <voxel x="1" y="1" z="1" type="0">#</voxel>
</shapes><problems><problem state="2" assemblies="1" solutions="1" time="0">
 <shapes><shape id="1" count="1"/><shape id="2" count="1"/></shapes><result id="0"/><bitmap/>
 <solutions><solution><assembly>` + asm + `</assembly>` + disasm + `</solution></solutions>
</problem></problems><comment/>`)
}

func TestPlainAndGzipReadTheSame(t *testing.T) {
	plain, err := os.ReadFile("testdata/worked-example.xml")
	if err != nil {
		t.Fatal(err)
	}
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write(plain)
	zw.Close()
	a, err := Read(bytes.NewReader(plain))
	if err != nil {
		t.Fatal(err)
	}
	b, err := Read(&gz)
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(a, b) {
		t.Error("gzip and plain XML load differently")
	}
}

func TestLatin1Comment(t *testing.T) {
	// Old Windows builds wrote CP1252: 0xF6 is ö, 0x80 is the euro sign.
	src := cubeFile("<comment>Gr\xf6\xdfe \x80 5</comment>")
	p := readString(t, src)
	if p.Comment != "Größe € 5" {
		t.Errorf("comment %q", p.Comment)
	}
	// Valid UTF-8 is left alone.
	p = readString(t, cubeFile("<comment>Größe</comment>"))
	if p.Comment != "Größe" {
		t.Errorf("comment %q", p.Comment)
	}
}

func TestAtoiTolerance(t *testing.T) {
	p := readString(t, cubeFile(`<shapes><voxel x=" 2abc" y="+1" z="1" hx="" weight="3 kg" name="a" type="0" extra="ignored">##</voxel></shapes>`))
	s := p.Shapes[0]
	if s.Size != (grid.Vec{2, 1, 1}) || s.Hotspot != (grid.Vec{}) || s.Weight != 3 {
		t.Errorf("shape %+v", s)
	}
}

// TestColourComponentsClamped: a colour component outside 0..255 is
// clamped to it, not masked to a byte as BurrTools does (which makes 300
// the dark 44 and -1 full 255); a missing one is 0, one that is no number
// 0, as in BurrTools. Saving writes the clamped values.
func TestColourComponentsClamped(t *testing.T) {
	p := readString(t, cubeFile(`<colors><color red="300" green="-1"/><color red="256" green="-256" blue="99999999999999999999"/>`+
		`<color red="0" green="128" blue="255"/><color red="x" green="4294967297" blue="-4294967295"/></colors>`))
	want := []color.RGBA{{255, 0, 0, 255}, {255, 0, 255, 255}, {0, 128, 255, 255}, {0, 255, 0, 255}}
	if !reflect.DeepEqual(p.Colors, want) {
		t.Fatalf("colours %v, want %v", p.Colors, want)
	}
	out := string(writeXML(t, p))
	for _, c := range []string{`<color red="255" green="0" blue="0"/>`, `<color red="255" green="0" blue="255"/>`,
		`<color red="0" green="128" blue="255"/>`, `<color red="0" green="255" blue="0"/>`} {
		if !strings.Contains(out, c) {
			t.Errorf("saved file lacks %s:\n%s", c, out)
		}
	}
}

func TestWhitespaceInNumberLists(t *testing.T) {
	disasm := "<separation><pieces count=\"2\">\n0\t1 </pieces>" +
		"<state><dx> 0\n 2</dx><dy>0  0</dy><dz>0\t0</dz></state>" +
		"<state><dx>-20000 2</dx><dy>0 0</dy><dz>0 0</dz></state></separation>"
	p := readString(t, trayFile("\n 0 0 0 0\n\t2  0 0 0 ", disasm))
	s := p.Problems[0].Solutions[0]
	if !reflect.DeepEqual(s.Assembly, model.Assembly{{Pos: grid.Vec{0, 0, 0}}, {Pos: grid.Vec{2, 0, 0}}}) {
		t.Errorf("assembly %+v", s.Assembly)
	}
	if d := s.Disassembly; d.States[1][0] != (grid.Vec{-20000, 0, 0}) || d.TotalMoves() != 1 {
		t.Errorf("disassembly %+v", d)
	}
	if err := model.CheckDisassembly(p, &p.Problems[0], &s); err != nil {
		t.Error(err)
	}
}

// Unknown elements are skipped where BurrTools skips them (§2).
func TestUnknownElementsSkipped(t *testing.T) {
	src := `<?xml version="1.0"?><!-- a comment --><puzzle version="2" future="1">
 <gridType type="0"><brick x_differs_y=""/></gridType>
 <designer>someone</designer>
 <colors><color red="1" green="2" blue="3"/><palette/></colors>
 <shapes><voxel x="3" y="1" z="1" type="0">###</voxel><thumbnail/><voxel x="2" y="1" z="1" type="0">##</voxel>
  <voxel x="1" y="1" z="1" type="0">#</voxel></shapes>
 <problems><note/><problem name="P" state="2" assemblies="1" solutions="1" time="0">
  <shapes><shape id="1" count="1"><label/><group group="2" count="1"/></shape><shape id="2"/></shapes>
  <result id="0"><why/></result>
  <bitmap><pair piece="0" result="0"><x/></pair><other/></bitmap>
  <hint>text</hint>
  <solutions><solution><assembly>0 0 0 0 2 0 0 0</assembly><rating/>
   <separation><pieces count="2">0 1</pieces><comment/>
    <state><dx>0 2</dx><dy>0 0</dy><dz>0 0</dz></state>
    <state><dx>-20000 2</dx><dy>0 0</dy><dz>0 0</dz></state></separation></solution></solutions>
 </problem></problems>
 <comment>c</comment>
</puzzle>`
	p := readString(t, src)
	if len(p.Shapes) != 3 || len(p.Colors) != 1 || len(p.Problems) != 1 || p.Comment != "c" {
		t.Fatalf("puzzle %+v", p)
	}
	pr := p.Problems[0]
	if !reflect.DeepEqual(pr.Parts, []model.Part{{Shape: 1, Min: 1, Max: 1, Groups: []model.GroupCount{{Group: 2, Count: 1}}}, {Shape: 2, Min: 1, Max: 1}}) {
		t.Errorf("parts %+v", pr.Parts)
	}
	if len(pr.Solutions) != 1 || pr.Solutions[0].Disassembly == nil || len(pr.ColorRules) != 1 {
		t.Errorf("problem %+v", pr)
	}
}

func TestUnplacedPieces(t *testing.T) {
	// 3x1x1 result with a variable cell: an optional monomino may stay out.
	const head = `<colors/><shapes><voxel x="3" y="1" z="1" type="0">##+</voxel>
 <voxel x="2" y="1" z="1" type="0">##</voxel><voxel x="1" y="1" z="1" type="0">#</voxel></shapes>
 <problems><problem state="2" assemblies="2" solutions="0" time="0"><shapes><shape id="1" count="1"/><shape id="2" min="0" max="2"/></shapes>
 <result id="0"/><bitmap/><solutions>`
	for _, asm := range []string{"0 0 0 0 x 2 0 0 0", "0 0 0 0 5 6 7 255 2 0 0 0"} {
		p := readString(t, cubeFile(head+`<solution><assembly>`+asm+`</assembly></solution></solutions></problem></problems>`))
		a := p.Problems[0].Solutions[0].Assembly
		// Placed pieces first within the part, the unplaced one at the origin.
		want := model.Assembly{{Pos: grid.Vec{0, 0, 0}}, {Pos: grid.Vec{2, 0, 0}}, {Orient: model.Unplaced}}
		if !reflect.DeepEqual(a, want) {
			t.Errorf("%q: assembly %+v, want %+v", asm, a, want)
		}
		if err := model.CheckAssembly(p, &p.Problems[0], a); err != nil {
			t.Errorf("%q: %v", asm, err)
		}
		if got := string(writeXML(t, p)); !strings.Contains(got, "<assembly>0 0 0 0 2 0 0 0 x</assembly>") {
			t.Errorf("%q written as\n%s", asm, got)
		}
	}
}

func TestPartCountsAndGroups(t *testing.T) {
	src := cubeFile(`<shapes><voxel x="1" y="1" z="1" type="0">#</voxel></shapes><problems><problem state="0">
 <shapes>
  <shape id="0"/>
  <shape id="0" count="3" min="1" max="5"/>
  <shape id="0" min="2" max="4" group="7"><group group="1" count="1"/></shape>
  <shape id="0" min="2"/>
  <shape id="0" count="2"><group group="0" count="1"/><group group="3" count="1"/></shape>
 </shapes><result id="4294967295"/><bitmap/></problem></problems>`)
	p := readString(t, src)
	want := []model.Part{
		{Shape: 0, Min: 1, Max: 1},
		{Shape: 0, Min: 3, Max: 3},
		{Shape: 0, Min: 2, Max: 4, Groups: []model.GroupCount{{Group: 7, Count: 4}}},
		{Shape: 0, Min: 1, Max: 1},
		{Shape: 0, Min: 2, Max: 2, Groups: []model.GroupCount{{Group: 3, Count: 1}}},
	}
	pr := p.Problems[0]
	if !reflect.DeepEqual(pr.Parts, want) {
		t.Errorf("parts\n got %+v\nwant %+v", pr.Parts, want)
	}
	if pr.Result != model.NoResult || pr.MaxHoles != -1 {
		t.Errorf("result %d maxHoles %d", pr.Result, pr.MaxHoles)
	}
	out := string(writeXML(t, p))
	for _, s := range []string{
		`<shape id="0" count="1"/>`,
		`<shape id="0" min="2" max="4" group="7"/>`,
		"<shape id=\"0\" count=\"2\">\n     <group group=\"3\" count=\"1\"/>\n    </shape>",
		`<result id="4294967295"/>`,
	} {
		if !strings.Contains(out, s) {
			t.Errorf("output lacks %q:\n%s", s, out)
		}
	}
}

func TestProblemHeader(t *testing.T) {
	tests := []struct {
		attrs, assembler string
		solutions        bool
		want             model.Problem
		written          string
	}{
		{`state="0" assemblies="5" maxHoles="-1"`, "", false,
			model.Problem{State: model.Unsolved, MaxHoles: -1}, `<problem state="0">`},
		{`state="2" assemblies="5" time="7" maxHoles="3"`, `<assembler version="1.4">-1 87 </assembler>`, false,
			model.Problem{State: model.Solved, NumAssemblies: 5, SolveTime: 7, MaxHoles: 3}, `<problem state="2" assemblies="5" solutions="0" time="7" maxHoles="3">`},
		{`state="1" assemblies="5" solutions="4" time="7"`, `<assembler version="2.0">1 2 3</assembler>`, false,
			model.Problem{State: model.Paused, NumAssemblies: 5, NumSolutions: 4, SolveTime: 7, MaxHoles: -1, Assembler: &model.AssemblerState{Version: "2.0", Data: "1 2 3"}},
			"<problem state=\"1\" assemblies=\"5\" solutions=\"4\" time=\"7\">"},
		// Paused without resume data: BurrTools could not continue it.
		{`state="1" assemblies="5" solutions="4" time="7"`, "", false,
			model.Problem{State: model.Unsolved, MaxHoles: -1}, `<problem state="0">`},
		{`state="1" assemblies="5" solutions="4" time="7"`, `<assembler>1 2</assembler>`, true,
			model.Problem{State: model.Stale, NumAssemblies: 5, NumSolutions: 4, SolveTime: 7, MaxHoles: -1}, `<problem state="3" assemblies="5" solutions="4" time="7">`},
	}
	for _, tt := range tests {
		sol := ""
		if tt.solutions {
			sol = `<solutions><solution><assembly>0 0 0 0</assembly></solution></solutions>`
		}
		src := cubeFile(`<shapes><voxel x="1" y="1" z="1" type="0">#</voxel></shapes><problems><problem ` + tt.attrs + `>
 <shapes><shape id="0" count="1"/></shapes><result id="0"/><bitmap/>` + tt.assembler + sol + `</problem></problems>`)
		p := readString(t, src)
		got := p.Problems[0]
		got.Parts, got.Result, got.Solutions = nil, 0, nil
		if !reflect.DeepEqual(got, tt.want) {
			t.Errorf("%s %s:\n got %+v\nwant %+v", tt.attrs, tt.assembler, got, tt.want)
		}
		out := string(writeXML(t, p))
		if !strings.Contains(out, tt.written) {
			t.Errorf("%s: output lacks %q:\n%s", tt.attrs, tt.written, out)
		}
		if strings.Contains(out, "<assembler") != (tt.want.State == model.Paused) {
			t.Errorf("%s: assembler written in state %d:\n%s", tt.attrs, tt.want.State, out)
		}
	}
}

func TestColourRulesAndResultIDs(t *testing.T) {
	src := cubeFile(`<colors><color/><color/></colors><shapes><voxel x="1" y="1" z="1" type="0">#2</voxel></shapes>
 <problems><problem state="0"><shapes><shape id="0"/></shapes><result id="9"/>
 <bitmap><pair piece="1" result="0"/><pair piece="0" result="1"/><pair piece="1" result="0"/></bitmap></problem></problems>`)
	p := readString(t, src)
	pr := p.Problems[0]
	if pr.Result != model.NoResult {
		t.Errorf("result id beyond the shapes gave %d", pr.Result)
	}
	want := []model.ColorRule{{Piece: 1, Result: 2}, {Piece: 2, Result: 1}}
	if !reflect.DeepEqual(pr.ColorRules, want) {
		t.Errorf("rules %+v, want %+v", pr.ColorRules, want)
	}
	if v := p.Shapes[0].Voxels[0]; v.Color() != 2 || v.State() != model.Filled {
		t.Errorf("voxel %v", v)
	}
}

func TestCommentAndEscaping(t *testing.T) {
	p := readString(t, cubeFile(`<comment popup="no">a "quoted" 'word' &amp; &lt;tag&gt; &#246;<![CDATA[ <raw> ]]>
line 2</comment>`))
	want := "a \"quoted\" 'word' & <tag> ö <raw> \nline 2"
	if p.Comment != want || !p.CommentPopup {
		t.Errorf("comment %q popup %v", p.Comment, p.CommentPopup)
	}
	p.Shapes = append(p.Shapes, model.Shape{Name: `a<b>&"c'`, Size: grid.Vec{1, 1, 1}, Voxels: []model.Voxel{1}, Weight: 1})
	out := string(writeXML(t, p))
	for _, s := range []string{
		`name="a&lt;b&gt;&amp;&quot;c&apos;"`,
		"<comment popup=\"\">a &quot;quoted&quot; &apos;word&apos; &amp; &lt;tag&gt; ö &lt;raw&gt; \nline 2</comment>",
	} {
		if !strings.Contains(out, s) {
			t.Errorf("output lacks %q:\n%s", s, out)
		}
	}
	// Whitespace is content, not indentation.
	p.Comment = "\n  \t"
	if q := readString(t, string(writeXML(t, p))); q.Comment != p.Comment {
		t.Errorf("comment %q read back as %q", p.Comment, q.Comment)
	}
	// An empty comment drops the popup flag, as BurrTools does.
	p.Comment = ""
	if out := string(writeXML(t, p)); !strings.Contains(out, " <comment/>\n</puzzle>\n") {
		t.Errorf("empty comment written as\n%s", out)
	}
	// And so does the reader, or the flag would not survive a round trip
	// (FuzzRead's finding, testdata/fuzz/FuzzRead/empty-comment-popup).
	if q := readString(t, cubeFile(`<comment popup=""></comment>`)); q.CommentPopup {
		t.Error("an empty comment keeps its popup flag")
	}
}

// Files before 2009 moved the removed sub-tree by a constant vector and
// pushed removed pieces 30000 away; they load like 0.7.1's files (§8.8).
func TestOldSeparationFramesNormalised(t *testing.T) {
	golden, err := os.ReadFile("testdata/worked-example.xml")
	if err != nil {
		t.Fatal(err)
	}
	old := strings.NewReplacer(
		// the removed child of solution asmNum=5, shifted by (3,-2,7)
		"<dx>1 0</dx>\n        <dy>0 0</dy>\n        <dz>0 0</dz>\n       </state>\n       <state>\n        <dx>20001 0</dx>\n        <dy>0 0</dy>\n        <dz>0 0</dz>",
		"<dx>4 3</dx>\n        <dy>-2 -2</dy>\n        <dz>7 7</dz>\n       </state>\n       <state>\n        <dx>30004 3</dx>\n        <dy>-2 -2</dy>\n        <dz>7 7</dz>",
		"<dx>-19999 -20000 2</dx>", "<dx>-29999 -30000 2</dx>",
		"<dx>0 20001</dx>", "<dx>0 30001</dx>",
	).Replace(string(golden))
	if old == string(golden) {
		t.Fatal("the replacements did not apply")
	}
	a := readString(t, string(golden))
	b := readString(t, old)
	if !reflect.DeepEqual(a, b) {
		t.Errorf("old-style disassemblies load differently:\n%+v\n%+v", a.Problems[0].Solutions[1].Disassembly.Removed, b.Problems[0].Solutions[1].Disassembly.Removed)
	}
	if got := writeXML(t, b); !bytes.Equal(got, golden) {
		t.Errorf("old-style file not written as 0.7.1 does:\n%s", firstDiff(got, golden))
	}
}

// Placements are sorted within each part on reading and writing, and the
// disassembly's piece numbers follow (§8.7).
func TestSlotsSortedAndDisassemblyRenumbered(t *testing.T) {
	// Two monominos in a 3x1x1 tray with a domino; the monominos are
	// stored out of order, and the one at x=2 (slot 1 in the file) leaves.
	src := cubeFile(`<colors/><shapes><voxel x="4" y="1" z="1" type="0">####</voxel>
 <voxel x="1" y="1" z="1" type="0">#</voxel><voxel x="2" y="1" z="1" type="0">##</voxel></shapes>
 <problems><problem state="2" assemblies="1" solutions="1" time="0"><shapes><shape id="1" count="2"/><shape id="2"/></shapes>
 <result id="0"/><bitmap/><solutions><solution asmNum="4" solNum="2"><assembly>3 0 0 0 0 0 0 0 1 0 0 0</assembly>
 <separation><pieces count="3">2 0 1</pieces>
  <state><dx>1 3 0</dx><dy>0 0 0</dy><dz>0 0 0</dz></state>
  <state><dx>1 20003 0</dx><dy>0 0 0</dy><dz>0 0 0</dz></state>
  <separation type="left"><pieces count="2">2 1</pieces>
   <state><dx>1 0</dx><dy>0 0</dy><dz>0 0</dz></state>
   <state><dx>1 -20000</dx><dy>0 0</dy><dz>0 0</dz></state></separation>
 </separation></solution></solutions></problem></problems>`)
	p := readString(t, src)
	s := p.Problems[0].Solutions[0]
	wantAsm := model.Assembly{{Pos: grid.Vec{0, 0, 0}}, {Pos: grid.Vec{3, 0, 0}}, {Pos: grid.Vec{1, 0, 0}}}
	if !reflect.DeepEqual(s.Assembly, wantAsm) {
		t.Errorf("assembly %+v", s.Assembly)
	}
	if d := s.Disassembly; !reflect.DeepEqual(d.Pieces, []int{2, 1, 0}) || !reflect.DeepEqual(d.Left.Pieces, []int{2, 0}) {
		t.Errorf("pieces %v, left %v", d.Pieces, d.Left.Pieces)
	}
	if err := model.CheckDisassembly(p, &p.Problems[0], &s); err != nil {
		t.Error(err)
	}
	out := string(writeXML(t, p))
	if !strings.Contains(out, "<assembly>0 0 0 0 3 0 0 0 1 0 0 0</assembly>") || !strings.Contains(out, `<pieces count="3">2 1 0</pieces>`) {
		t.Errorf("written as\n%s", out)
	}

	// A model built in code with unsorted slots is written sorted too.
	q := p.Clone()
	qs := &q.Problems[0].Solutions[0]
	qs.Assembly[0], qs.Assembly[1] = qs.Assembly[1], qs.Assembly[0]
	qs.Disassembly.Pieces = []int{2, 0, 1}
	qs.Disassembly.Left.Pieces = []int{2, 1}
	if err := model.CheckDisassembly(q, &q.Problems[0], qs); err != nil {
		t.Fatalf("swapped model is not consistent: %v", err)
	}
	if got := string(writeXML(t, q)); got != out {
		t.Errorf("unsorted model written differently:\n%s", firstDiff([]byte(got), []byte(out)))
	}
}

// Version 1 files stored the corner of the rotated piece's space; they are
// converted to hotspot positions (§11).
func TestVersion1Positions(t *testing.T) {
	// A domino turned by orientation 8 ((x,y,z) -> (-x,y,-z)) covers x=0,1
	// when its hotspot is at x=1; version 1 stored the corner, x=0.
	src := `<?xml version="1.0"?><puzzle version="1"><colors/><shapes>
 <voxel x="3" y="1" z="1" type="0">###</voxel><voxel x="2" y="1" z="1" type="0">##</voxel><voxel x="1" y="1" z="1" type="0">#</voxel>
</shapes><problems><problem name="old"><shapes><shape id="1" count="1"/><shape id="2" count="1"/></shapes><result id="0"/>
<solutions><solution><assembly>0 0 0 8 2 0 0 0</assembly>
<separation><pieces count="2">0 1</pieces><state><dx>0 2</dx><dy>0 0</dy><dz>0 0</dz></state>
<state><dx>-30000 2</dx><dy>0 0</dy><dz>0 0</dz></state></separation></solution></solutions></problem></problems></puzzle>`
	p := readString(t, src)
	pr := &p.Problems[0]
	s := &pr.Solutions[0]
	if s.Assembly[0].Pos != (grid.Vec{1, 0, 0}) || s.Assembly[1].Pos != (grid.Vec{2, 0, 0}) {
		t.Errorf("assembly %+v", s.Assembly)
	}
	if err := model.CheckAssembly(p, pr, s.Assembly); err != nil {
		t.Error(err)
	}
	if err := model.CheckDisassembly(p, pr, s); err != nil {
		t.Error(err)
	}
	if got := s.Disassembly.States[1][0]; got != (grid.Vec{-19999, 0, 0}) {
		t.Errorf("removed at %v", got)
	}
	out := string(writeXML(t, p))
	if !strings.Contains(out, `<puzzle version="2">`) || !strings.Contains(out, "<assembly>1 0 0 8 2 0 0 0</assembly>") {
		t.Errorf("written as\n%s", out)
	}
}

func TestSeparationInfoAndPrecedence(t *testing.T) {
	full := "<separation><pieces count=\"2\">0 1</pieces><state><dx>0 2</dx><dy>0 0</dy><dz>0 0</dz></state>" +
		"<state><dx>-20000 2</dx><dy>0 0</dy><dz>0 0</dz></state></separation>"
	// Both given: the full disassembly wins, in either order.
	for _, d := range []string{full + "<separationInfo>2 0 0</separationInfo>", "<separationInfo>5 0 0</separationInfo>" + full} {
		p := readString(t, trayFile("0 0 0 0 2 0 0 0", d))
		if dis := p.Problems[0].Solutions[0].Disassembly; dis.Outline() {
			t.Errorf("%s: kept the outline", d)
		}
	}
	p := readString(t, trayFile("0 0 0 0 2 0 0 0", "<separationInfo>4 0 0</separationInfo>"))
	d := p.Problems[0].Solutions[0].Disassembly
	if !d.Outline() || d.NumStates != 4 || d.TotalMoves() != 3 || d.Level() != "3" {
		t.Errorf("outline %+v", d)
	}
	if out := string(writeXML(t, p)); !strings.Contains(out, "<separationInfo>4 0 0</separationInfo>") {
		t.Errorf("written as\n%s", out)
	}
}

func TestSolNumDroppedWithoutDisassembly(t *testing.T) {
	src := strings.Replace(trayFile("0 0 0 0 2 0 0 0", ""), "<solution>", `<solution asmNum="7" solNum="3">`, 1)
	p := readString(t, src)
	if s := p.Problems[0].Solutions[0]; s.AsmNum != 7 || s.SolNum != 0 {
		t.Errorf("asmNum %d solNum %d", s.AsmNum, s.SolNum)
	}
}

func TestWriterNormalisesRemovalDistance(t *testing.T) {
	p := readString(t, trayFile("0 0 0 0 2 0 0 0", "<separation><pieces count=\"2\">0 1</pieces><state><dx>0 2</dx><dy>0 0</dy><dz>0 0</dz></state>"+
		"<state><dx>-20000 2</dx><dy>0 0</dy><dz>0 0</dz></state></separation>"))
	p.Problems[0].Solutions[0].Disassembly.States[1][0] = grid.Vec{-30000, 0, 0}
	if out := string(writeXML(t, p)); !strings.Contains(out, "<dx>-20000 2</dx>") {
		t.Errorf("written as\n%s", out)
	}
}

func TestEmptyShapeWrittenReadably(t *testing.T) {
	p := &model.Puzzle{Shapes: []model.Shape{model.NewShape(grid.Vec{0, 0, 0})}}
	out := string(writeXML(t, p))
	if !strings.Contains(out, `<voxel x="1" y="1" z="1" type="0">_</voxel>`) {
		t.Errorf("written as\n%s", out)
	}
	// We read BurrTools' own (unreadable for it) form of an empty space,
	// as what we write for it.
	q := readString(t, cubeFile(`<shapes><voxel x="0" y="3" z="1" type="0"></voxel></shapes>`))
	if q.Shapes[0].Size != (grid.Vec{1, 1, 1}) || len(q.Shapes[0].Voxels) != 1 {
		t.Errorf("shape %+v", q.Shapes[0])
	}
}

func TestWriteRejectsInvalidModel(t *testing.T) {
	p := &model.Puzzle{Shapes: []model.Shape{{Size: grid.Vec{1, 1, 1}, Voxels: []model.Voxel{model.MakeVoxel(model.Filled, 3)}, Weight: 1}}}
	var buf bytes.Buffer
	if err := Write(&buf, p); err == nil || !strings.Contains(err.Error(), "colour 3") {
		t.Errorf("Write of a shape with an undefined colour: %v", err)
	}
}

func TestWriteFileReplacesAtomically(t *testing.T) {
	dir := t.TempDir()
	path := dir + "/p.xmpuzzle"
	if err := os.WriteFile(path, []byte("old"), 0o640); err != nil {
		t.Fatal(err)
	}
	good := readString(t, trayFile("0 0 0 0 2 0 0 0", ""))
	if err := WriteFile(path, good); err != nil {
		t.Fatal(err)
	}
	fi, err := os.Stat(path)
	if err != nil || fi.Mode().Perm() != 0o640 {
		t.Errorf("mode after saving: %v, %v", fi.Mode(), err)
	}
	back, err := ReadFile(path)
	if err != nil || !reflect.DeepEqual(back, good) {
		t.Errorf("read back: %v", err)
	}
	// Saving through a symbolic link replaces the file it points to.
	link := dir + "/link.xmpuzzle"
	if err := os.Symlink(path, link); err == nil {
		if err := WriteFile(link, good); err != nil {
			t.Fatal(err)
		}
		if fi, err := os.Lstat(link); err != nil || fi.Mode()&os.ModeSymlink == 0 {
			t.Errorf("the link was replaced: %v %v", fi.Mode(), err)
		}
		os.Remove(link)
	}
	// A failed save leaves the file as it was and no temporary behind.
	before, _ := os.ReadFile(path)
	bad := good.Clone()
	bad.Shapes[0].Voxels = nil
	if err := WriteFile(path, bad); err == nil {
		t.Fatal("saving an invalid puzzle succeeded")
	}
	after, _ := os.ReadFile(path)
	if !bytes.Equal(before, after) {
		t.Error("a failed save changed the file")
	}
	if entries, _ := os.ReadDir(dir); len(entries) != 1 {
		t.Errorf("directory holds %d entries after a failed save", len(entries))
	}
}

// Errors name the line and the place in the puzzle.
func TestErrorLocation(t *testing.T) {
	src := cubeFile(`<colors/><shapes><voxel x="1" y="1" z="1" type="0">#</voxel></shapes>
<problems>
<problem name="Box" state="0"><shapes><shape id="0" count="1"/></shapes><result id="0"/></problem>
<problem name="Box" state="0"><shapes><shape id="0" count="8"/></shapes><result id="0"/>
<solutions><solution><assembly>0 0 0 0</assembly></solution>
<solution>
<assembly>0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0</assembly></solution></solutions></problem></problems>`)
	_, err := Read(strings.NewReader(src))
	want := `line 5: problem 1 "Box", solution 0: assembly has 1 placements for 8 piece slots`
	if err == nil || err.Error() != want {
		t.Errorf("error %v\n want %s", err, want)
	}
}

// TestResultIDsDoNotWrap: result ids that would wrap onto shape 0 in 32
// bits (2^32, -2^32) or beyond 64 bits name no shape: no result.
func TestResultIDsDoNotWrap(t *testing.T) {
	for _, id := range []string{"4294967296", "-4294967296", "18446744073709551616", "-1", "1"} {
		src := cubeFile(`<shapes><voxel x="1" y="1" z="1" type="0">#</voxel></shapes>
 <problems><problem state="0"><shapes><shape id="0"/></shapes><result id="` + id + `"/></problem></problems>`)
		if r := readString(t, src).Problems[0].Result; r != model.NoResult {
			t.Errorf("result id %s gave result %d, want none", id, r)
		}
	}
}

// TestFromCP1252: transcoding in place (with room after the text) and
// into a new buffer (without) give the same, for bytes from 0x80 at the
// ends, in runs and across words.
func TestFromCP1252(t *testing.T) {
	for _, s := range []string{"\x80", "a\xf6", "\xe9abcdefghij\x9f", "Gr\xf6\xdfe \x80 5 and some more text \x8d\x81\xff\xa0", strings.Repeat("x\x80y", 9), "\xff" + strings.Repeat("0", 32), strings.Repeat("0", 64) + "\xe9"} {
		var want strings.Builder
		for _, c := range []byte(s) {
			if c < 0x80 {
				want.WriteByte(c)
			} else {
				want.WriteRune(cp1252Rune(c))
			}
		}
		roomy := make([]byte, len(s), 4*len(s))
		copy(roomy, s)
		for name, b := range map[string][]byte{"in place": roomy, "new buffer": []byte(s)[:len(s):len(s)]} {
			if got := string(fromCP1252(b)); got != want.String() {
				t.Errorf("%s: %q gives %q, want %q", name, s, got, want.String())
			}
		}
	}
}
