package xmpuzzle

import (
	"bytes"
	"os"
	"reflect"
	"strings"
	"testing"

	"github.com/burrlab/burrlab/model"
)

// samePlainRead checks that Read, which cuts the solutions out (see
// cutSolutions), gives the puzzle, or the error, that parsing the whole
// text gives, and leaves data as it was; and that the cut text alone,
// as read when the whole is too big for one tree, gives them too.
func samePlainRead(t *testing.T, name string, data []byte) {
	t.Helper()
	orig := bytes.Clone(data)
	got, errGot := Read(bytes.NewReader(data))
	if !bytes.Equal(data, orig) {
		t.Fatalf("%s: Read changed its input", name)
	}
	var want *model.Puzzle
	text, errWant := readXML(bytes.NewReader(data), 0, nil)
	if errWant == nil {
		want, errWant = readText(bytes.Clone(text), nil, nil)
	}
	if (errGot == nil) != (errWant == nil) || errGot != nil && errGot.Error() != errWant.Error() {
		t.Fatalf("%s: error %v, parsed whole %v", name, errGot, errWant)
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("%s: the puzzle differs from the one parsed whole:\n%+v\n%+v", name, got, want)
	}
	if text == nil {
		return
	}
	if cut, sols := cutSolutions(text); sols != nil {
		got, errGot := readText(cut, sols, nil)
		// The batches are parsed as the loader reaches them, so when the
		// text is not well-formed, an error after the first (of syntax
		// or not) may be the one found.
		syntax := errWant != nil && strings.Contains(errWant.Error(), "bad XML")
		if (errGot == nil) != (errWant == nil) || errGot != nil && errGot.Error() != errWant.Error() && !syntax {
			t.Fatalf("%s: error of the cut text %v, parsed whole %v", name, errGot, errWant)
		}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("%s: the puzzle of the cut text differs from the one parsed whole:\n%+v\n%+v", name, got, want)
		}
	}
}

// scanned reports how many solutions cutSolutions takes out of data as
// plain ones, and how many it leaves to batches.
func scanned(data string) (plain, batched int) {
	_, cut := cutSolutions([]byte(data))
	if cut == nil {
		return 0, 0
	}
	for _, b := range cut.blocks {
		plain += len(b.plain)
		for _, bt := range b.batches {
			for i := skipXMLSpace(bt.text, 0); i < len(bt.text); i = skipXMLSpace(bt.text, i) {
				n, _ := elementLen(bt.text[i:])
				i += n
				batched++
			}
		}
	}
	return plain, batched
}

func TestPlainSolutions(t *testing.T) {
	const sol0 = `<solution><assembly>0 0 0 0 2 0 0 0</assembly></solution>`
	const sol1 = `<solution asmNum="1"><assembly>1 0 0 0 0 0 0 0</assembly></solution>`
	base := withProblem(twoParts, "\n  "+sol0+"\n  "+sol1+"\n ")
	if n, _ := scanned(base); n != 2 {
		t.Fatalf("base: %d solutions scanned, want 2", n)
	}
	p, err := Read(strings.NewReader(base))
	if err != nil {
		t.Fatal(err)
	}
	if s := p.Problems[0].Solutions; len(s) != 2 || s[1].AsmNum != 1 || s[1].Assembly[1].Pos != [3]int{0, 0, 0} || s[0].Assembly[1].Pos != [3]int{2, 0, 0} {
		t.Fatalf("base: solutions %+v", s)
	}
	one := func(from, to string) string { return strings.Replace(base, from, to, 1) }
	ranges := `<shape id="1" min="0" max="2" group="1"/><shape id="2"><group group="2" count="1"/></shape>`
	// Each case and whether its solutions are all scanned (the rest are
	// errors or left to the parser, in part or whole).
	cases := []struct {
		name, text string
		scanned    bool
	}{
		{"plain", base, true},
		{"both numbers", one(`asmNum="1"`, `asmNum="5" solNum="7"`), true},
		{"solNum first", one(`asmNum="1"`, `solNum="2" asmNum="3"`), true},
		{"single quotes", one(`asmNum="1"`, `asmNum='1'`), true},
		{"zero padded", one(`asmNum="1"`, `asmNum="007"`), true},
		{"largest", one(`asmNum="1"`, `asmNum="9007199254740992"`), true},
		{"spaces", one(sol1, "<solution\n asmNum=\"1\"\t>\r\n <assembly \n>\n1 0 0 0\n\t0 0 0 0\n</assembly\n>\n</solution >"), true},
		{"unplaced", withProblem(ranges, `<solution><assembly>0 0 0 0 x 2 0 0 0</assembly></solution>`), true},
		{"negative", one("1 0 0 0 0 0 0 0", "-1 0 0 0 0 0 0 0"), true},
		{"too big", one(`asmNum="1"`, `asmNum="9007199254740993"`), false},
		{"17 digits", one(`asmNum="1"`, `asmNum="00000000000000001"`), false},
		{"empty number", one(`asmNum="1"`, `asmNum=""`), false},
		{"spaced number", one(`asmNum="1"`, `asmNum=" 1"`), false},
		{"signed number", one(`asmNum="1"`, `asmNum="+1"`), false},
		{"entity number", one(`asmNum="1"`, `asmNum="&#49;"`), false},
		{"spaced equals", one(`asmNum="1"`, `asmNum = "1"`), false},
		{"twice", one(`asmNum="1"`, `asmNum="1" asmNum="2"`), false},
		{"glued", one(`asmNum="1"`, `asmNum="1"solNum="2"`), false},
		{"other attribute", one(`asmNum="1"`, `asmNum="1" state="2"`), false},
		{"prefixed attribute", one(`asmNum="1"`, `n:asmNum="1" xmlns:n="u"`), false},
		{"few numbers", one("1 0 0 0 0 0 0 0", "1 0 0 0 0 0 0"), false},
		{"many numbers", one("1 0 0 0 0 0 0 0", "1 0 0 0 0 0 0 0 0 0 0 0"), false},
		{"bad orientation", one("1 0 0 0 0 0 0 0", "1 0 0 99 0 0 0 0"), false},
		{"far", one("1 0 0 0 0 0 0 0", "99999999 0 0 0 0 0 0 0"), false},
		{"double minus", one("1 0 0 0 0 0 0 0", "--1 0 0 0 0 0 0 0"), false},
		{"carriage return", one("1 0 0 0 0 0 0 0", "1 0 0 0\r\n0 0 0 0"), false},
		{"entity", one("1 0 0 0 0 0 0 0", "&#49; 0 0 0 0 0 0 0"), false},
		{"comment", one(sol1, "<!-- x -->"+sol1), false},
		{"comment inside", one("1 0 0 0 0 0 0 0", "1 0 0 0 <!-- x -->0 0 0 0"), false},
		{"cdata", one("1 0 0 0 0 0 0 0", "<![CDATA[1 0 0 0 0 0 0 0]]>"), false},
		{"mark", one(sol1, "<!--"+blockMark+"0-->"+sol1), false},
		{"mark elsewhere", one("<bitmap/>", "<bitmap/><!--"+blockMark+"0-->"), false},
		{"mark alone", withProblem(twoParts, "<!--"+blockMark+"0-->"), false},
		{"separation", withSeparation(`<separation><pieces count="2">0 1</pieces>` + goodStates + `</separation>`), false},
		{"outline", withSeparation(`<separationInfo>2 0 0</separationInfo>`), false},
		{"other child", one("</assembly></solution>\n ", "</assembly><note/></solution>\n "), false},
		{"no assembly", one(sol1, `<solution asmNum="1"></solution>`), false},
		{"two assemblies", one(sol1, `<solution><assembly>1 0 0 0 0 0 0 0</assembly><assembly>1 0 0 0 0 0 0 0</assembly></solution>`), false},
		{"closed solution", one(sol1, `<solution asmNum="1"/>`), false},
		{"closed assembly", one(sol1, `<solution><assembly/></solution>`), false},
		{"assembly attribute", one(sol1, `<solution><assembly n="1">1 0 0 0 0 0 0 0</assembly></solution>`), false},
		{"empty assembly", one(sol1, `<solution><assembly></assembly></solution>`), false},
		{"prefixed", one(sol1, `<n:solution xmlns:n="u"><assembly>1 0 0 0 0 0 0 0</assembly></n:solution>`), false},
		{"other element", one(sol1, `<solutionx><assembly>1 0 0 0 0 0 0 0</assembly></solutionx>`), false},
		{"unclosed", one("</solution>\n ", "\n "), false},
		{"bad end", one("</assembly></solution>\n ", "</assembly></solutio>\n "), false},
		{"empty", withProblem(twoParts, ""), false},
		{"spaces only", withProblem(twoParts, " \n "), false},
		{"closed solutions", strings.Replace(withProblem(twoParts, ""), "<solutions></solutions>", "<solutions/>", 1), false},
		{"no pieces", withProblem("", sol0), false},
		{"no pieces, empty assembly", withProblem("", `<solution><assembly></assembly></solution>`), false},
		{"no pieces, blank assembly", withProblem("", `<solution><assembly> </assembly></solution>`), false},
		{"before the pieces", strings.Replace(strings.Replace(base, "<solutions>", "<shapes>"+twoParts+"</shapes><solutions>", 1), "<shapes>"+twoParts+"</shapes><result", "<result", 1), false},
		{"two blocks", one("</solutions>", "</solutions><solutions>"+sol0+"</solutions>"), true},
		{"two problems", one("</problem>", `</problem><problem name="Q"><shapes>`+twoParts+`</shapes><result id="0"/><solutions>`+sol1+`</solutions></problem>`), true},
		{"legacy", strings.Replace(base, `version="2"`, `version="1"`, 1), true},
		{"unknown place", one("<bitmap/>", "<bitmap/><more><solutions>"+sol0+"</solutions></more>"), false},
	}
	for _, c := range cases {
		if c.text == base && c.name != "plain" {
			t.Errorf("%s: the case is the base text", c.name)
		}
		n := strings.Count(c.text, "<solution ") + strings.Count(c.text, "<solution>") + strings.Count(c.text, "<solution\n")
		if got, _ := scanned(c.text); c.scanned && got != n {
			t.Errorf("%s: %d of %d solutions scanned", c.name, got, n)
		}
		samePlainRead(t, c.name, []byte(c.text))
	}
	golden, err := os.ReadFile("testdata/worked-example.xml")
	if err != nil {
		t.Fatal(err)
	}
	samePlainRead(t, "worked example", golden)
	eachExample(t, func(name string, data []byte) { samePlainRead(t, name, data) })
}

// FuzzPlainSolutions checks samePlainRead on arbitrary bytes.
//
//	go test -run '^$' -fuzz FuzzPlainSolutions ./model/xmpuzzle/
func FuzzPlainSolutions(f *testing.F) {
	f.Add([]byte(withProblem(twoParts, `<solution><assembly>0 0 0 0 2 0 0 0</assembly></solution><solution asmNum="1" solNum="3"><assembly>1 0 0 0 0 0 0 0</assembly></solution>`)))
	f.Add([]byte(withProblem(twoParts, "<solution\n asmNum='1'\t><assembly >1 0 0 0\n0 0 0 0</assembly ></solution >")))
	f.Add([]byte(withProblem(`<shape id="1" min="0" max="2" group="1"/><shape id="2"/>`, `<solution><assembly>0 0 0 0 x 2 0 0 0</assembly></solution>`)))
	f.Add([]byte(withSeparation(`<separationInfo>2 0 0</separationInfo>`)))
	f.Fuzz(func(t *testing.T, data []byte) {
		samePlainRead(t, "input", data)
	})
}
