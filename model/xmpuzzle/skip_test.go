package xmpuzzle

import (
	"bytes"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// withoutSolutions reads data both ways and checks that leaving the
// solutions out changes nothing else: the same puzzle but for the
// problems' Solutions, or the same error when there are no solutions to
// blame.
func withoutSolutions(t *testing.T, name string, data []byte) {
	t.Helper()
	full, errFull := Read(bytes.NewReader(data))
	short, errShort := read(bytes.NewReader(bytes.Clone(data)), true, 0, nil)
	if errFull != nil {
		return // a broken solution may now go unnoticed; nothing else may
	}
	if errShort != nil {
		t.Fatalf("%s: reads whole, but not without its solutions: %v", name, errShort)
	}
	for i := range full.Problems {
		full.Problems[i].Solutions = nil
	}
	if !reflect.DeepEqual(full, short) {
		t.Errorf("%s: read without its solutions, the puzzle differs", name)
	}
}

func TestReadWithoutSolutions(t *testing.T) {
	golden, err := os.ReadFile("testdata/worked-example.xml")
	if err != nil {
		t.Fatal(err)
	}
	withoutSolutions(t, "worked example", golden)
	full := withSeparation(`<separation><pieces count="2">0 1</pieces>` + goodStates + `</separation>`)
	for name, text := range map[string]string{
		"separation":  full,
		"self-closed": strings.Replace(withProblem(twoParts, ""), "<solutions></solutions>", "<solutions/>", 1),
		"comment":     strings.Replace(full, "<solution>", "<!-- </solutions> --><solution>", 1),
		"cdata":       strings.Replace(full, "<solution>", "<![CDATA[</solutions>]]><solution>", 1),
		"quoted":      strings.Replace(full, `<problem name="P"`, `<problem name="a>b"`, 1),
	} {
		withoutSolutions(t, name, []byte(text))
	}
	p, err := read(strings.NewReader(full), true, 0, nil)
	if err != nil || len(p.Problems[0].Solutions) != 0 || p.Problems[0].NumSolutions != 1 {
		t.Errorf("without solutions: %v, %+v", err, p)
	}
	// The line of an error after a cut solution stays right.
	bad := strings.Replace(full, "</solutions>", "</solutions>\n", 1)
	bad = strings.Replace(bad, "<result id=\"0\"/>", "<result id=\"0\"/>\n", 1)
	bad = strings.Replace(bad, `<solution>`, "<solution>\n\n", 1)
	bad = strings.Replace(bad, `</problem>`, `<bitmap><pair piece="99999" result="0"/></bitmap></problem>`, 1)
	_, e1 := Read(strings.NewReader(bad))
	_, e2 := read(strings.NewReader(bad), true, 0, nil)
	if e1 == nil || e2 == nil || e1.Error() != e2.Error() || !strings.HasPrefix(e1.Error(), "line 7:") {
		t.Errorf("errors differ or not line 7: %v / %v", e1, e2)
	}
	eachExample(t, func(name string, data []byte) { withoutSolutions(t, name, data) })
}

// FuzzReadWithoutSolutions checks withoutSolutions on arbitrary bytes.
func FuzzReadWithoutSolutions(f *testing.F) {
	f.Add([]byte(withSeparation(`<separation><pieces count="2">0 1</pieces>` + goodStates + `</separation>`)))
	f.Add([]byte(withProblem(twoParts, `<solution><assembly>0 0 0 0 2 0 0 0</assembly></solution>`)))
	f.Fuzz(func(t *testing.T, data []byte) {
		withoutSolutions(t, "input", data)
	})
}

// eachExample calls f with the name and the unzipped XML of every
// example in $BURRLAB_EXAMPLES (none when it is not set).
func eachExample(t *testing.T, f func(name string, data []byte)) {
	t.Helper()
	dir := os.Getenv("BURRLAB_EXAMPLES")
	if dir == "" {
		return
	}
	paths, _ := filepath.Glob(filepath.Join(dir, "*.xmpuzzle"))
	t.Logf("%d examples", len(paths))
	for _, path := range paths {
		data, err := gunzipFile(path)
		if err != nil {
			t.Fatal(err)
		}
		f(filepath.Base(path), data)
	}
}
