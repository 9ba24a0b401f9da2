package xmpuzzle

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"strings"
	"testing"
)

// Solutions with disassemblies are cut into batches of about batchBytes
// and read as the whole text reads them, errors and their lines included
// (samePlainRead reads the cut text alone too, as Read does when the whole
// is too big for one tree).
func TestSolutionBatches(t *testing.T) {
	sep := `<separation><pieces count="2">0 1</pieces>` + goodStates + `</separation>`
	var b strings.Builder
	n := 0
	for b.Len() < 3*batchBytes {
		fmt.Fprintf(&b, "\n  <solution asmNum=\"%d\" solNum=\"%d\"><assembly>0 0 0 0 2 0 0 0</assembly>\n   %s\n  </solution>", n, n, sep)
		n++
	}
	text := withProblem(twoParts, b.String()+"\n ")
	if plain, batched := scanned(text); plain != 0 || batched != n {
		t.Fatalf("%d solutions scanned and %d batched, want 0 and %d", plain, batched, n)
	}
	_, cut := cutSolutions([]byte(text))
	if k := len(cut.blocks[0].batches); k != 3 {
		t.Errorf("%d batches, want 3", k)
	}
	samePlainRead(t, "batches", []byte(text))
	// Text or markup between the solutions leaves them to the parser.
	for _, between := range []string{"x", "<!-- x -->", "<?x?>"} {
		other := strings.Replace(text, "\n  <solution ", "\n  "+between+"<solution ", 1)
		if plain, batched := scanned(other); plain != 0 || batched != 0 {
			t.Errorf("%q between the solutions: %d scanned and %d batched, want none", between, plain, batched)
		}
		samePlainRead(t, "between "+between, []byte(other))
	}
	p, err := Read(strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	sols := p.Problems[0].Solutions
	if len(sols) != n || sols[n-1].AsmNum != n-1 || sols[n-1].SolNum != n-1 || sols[n-1].Disassembly == nil {
		t.Fatalf("%d solutions read, want %d with their numbers and disassemblies", len(sols), n)
	}

	// Errors in the last batch, on the last solution.
	lastSol := strings.LastIndex(text, "<solution ")
	inLast := func(from, to string) string {
		k := strings.Index(text[lastSol:], from)
		if k < 0 {
			t.Fatalf("%q is not in the last solution", from)
		}
		return text[:lastSol+k] + to + text[lastSol+k+len(from):]
	}
	other := inLast(`<solution asmNum`, `<note asmNum`)
	k := strings.LastIndex(other, "</solution>")
	other = other[:k] + "</note>" + other[k+len("</solution>"):]
	for _, c := range []struct{ name, text, want string }{
		{"bad separation", inLast(`<pieces count="2">`, `<pieces count="3">`), "pieces"},
		{"mismatched end tag", inLast(`<dx>0 2</dx>`, `<dx>0 2</dy>`), "bad XML"},
		{"other element", other, "unexpected <note>"},
		{"bad number", inLast(`solNum="`, `solNum="-`), "solNum"},
		// Placements checked after the problem's parts are all known.
		{"before the pieces", strings.Replace(strings.Replace(text, twoParts, `<shape id="1" count="1"/>`, 1),
			"</solutions>", `</solutions><shapes><shape id="2" count="1"/></shapes>`, 1), "placements"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := Read(strings.NewReader(c.text))
			if err == nil || !strings.Contains(err.Error(), c.want) || !strings.HasPrefix(err.Error(), "line ") {
				t.Fatalf("error %v, want a line and %q", err, c.want)
			}
			samePlainRead(t, c.name, []byte(c.text))
		})
	}
}

// The text may unpack to maxXMLBytes, or to maxTextRatio times the file
// when that is more, so that a big saved search reads and a small file
// cannot take much memory (the gzip bomb of TestHostileSize).
func TestMaxText(t *testing.T) {
	for _, c := range []struct{ size, want int64 }{
		{0, maxXMLBytes},
		{1 << 20, maxXMLBytes},
		{2 << 20, maxXMLBytes},
		{3 << 20, 3 * maxTextRatio << 20},
		{1 << 30, maxTextRatio << 30},
	} {
		if got := maxText(c.size); got != c.want {
			t.Errorf("maxText(%d) = %d, want %d", c.size, got, c.want)
		}
	}
	// A file of 3 MiB may unpack to 384 MiB, and no more.
	for _, c := range []struct {
		text int64
		ok   bool
	}{{300 << 20, true}, {384 << 20, true}, {384<<20 + 1, false}} {
		in := &countingReader{r: io.LimitReader(zeros{}, 3<<20)}
		io.Copy(io.Discard, in)
		_, err := io.Copy(io.Discard, &textLimit{src: io.LimitReader(zeros{}, c.text), in: in})
		if (err == nil) != c.ok {
			t.Errorf("%d bytes of text from 3 MiB: %v", c.text, err)
		}
	}
}

// zeros reads as endless zero bytes.
type zeros struct{}

func (zeros) Read(p []byte) (int, error) {
	clear(p)
	return len(p), nil
}

// Write lays out the solutions of a big search, written in batches, as
// one element tree of them all would (the layout of BurrTools 0.7.1):
// two problems of 600 and 3 solutions, with and without disassemblies.
func TestWriteSolutionsInBatches(t *testing.T) {
	sep := `<separation><pieces count="2">0 1</pieces>` + goodStates + `</separation>`
	var sols strings.Builder
	for i := range 600 {
		fmt.Fprintf(&sols, `<solution asmNum="%d" solNum="%d"><assembly>0 0 0 0 2 0 0 0</assembly>`, i, i)
		if i%3 == 0 {
			sols.WriteString(sep)
		}
		sols.WriteString(`</solution>`)
	}
	text := withProblem(twoParts, sols.String())
	text = strings.Replace(text, "</problems>", `<problem name="Q" state="2"><shapes>`+twoParts+`</shapes><result id="0"/><solutions>`+
		strings.Repeat(`<solution><assembly>0 0 0 0 2 0 0 0</assembly></solution>`, 3)+`</solutions></problem></problems>`, 1)
	p, err := Read(strings.NewReader(text))
	if err != nil {
		t.Fatal(err)
	}
	if n := len(p.Problems[0].Solutions); n != 600 {
		t.Fatalf("%d solutions read, want 600", n)
	}
	var got bytes.Buffer
	if err := writeWatched(&got, p, gzip.NoCompression, nil); err != nil {
		t.Fatal(err)
	}
	zr, err := gzip.NewReader(&got)
	if err != nil {
		t.Fatal(err)
	}
	gotText, err := io.ReadAll(zr)
	if err != nil {
		t.Fatal(err)
	}
	// The reference: the solutions put into the document's tree.
	doc, g, err := encode(p)
	if err != nil {
		t.Fatal(err)
	}
	doc.Unindent()
	for k, el := range doc.FindElements("//problem/solutions") {
		el.RemoveChildAt(0)
		pr := &p.Problems[k]
		for i := range pr.Solutions {
			writeSolution(el, g, pr.SlotParts(), &pr.Solutions[i])
		}
	}
	doc.Indent(1)
	want, err := doc.WriteToBytes()
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(gotText, want) {
		i := 0
		for i < min(len(gotText), len(want)) && gotText[i] == want[i] {
			i++
		}
		t.Fatalf("the text differs from one tree's at byte %d of %d:\n%q\n%q", i, len(want), gotText[max(0, i-80):min(len(gotText), i+80)], want[max(0, i-80):min(len(want), i+80)])
	}
}
