package xmpuzzle

import (
	"fmt"
	"math/rand/v2"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/burrlab/burrlab/model"
)

// sameParse checks that parse (voxel strings cut out and put back) gives
// the document, or the error, that parsing the whole text gives.
func sameParse(t *testing.T, name string, data []byte) {
	t.Helper()
	orig := string(data)
	got, errGot := parse(data, 1)
	if string(data) != orig {
		t.Fatalf("%s: parse changed its input", name)
	}
	want := newDocument()
	errWant := want.ReadFromBytes(data)
	if errWant != nil {
		errWant = syntaxError(data, 1, errWant)
	}
	if (errGot == nil) != (errWant == nil) || (errGot != nil && errGot.Error() != errWant.Error()) {
		t.Fatalf("%s: error %v, parsed whole %v", name, errGot, errWant)
	}
	if errGot != nil {
		return
	}
	a, err := got.WriteToString()
	if err != nil {
		t.Fatal(err)
	}
	b, err := want.WriteToString()
	if err != nil {
		t.Fatal(err)
	}
	if a != b {
		t.Errorf("%s: the document differs from the one parsed whole:\n%s\n%s", name, a, b)
	}
}

func TestCutVoxelTexts(t *testing.T) {
	golden, err := os.ReadFile("testdata/worked-example.xml")
	if err != nil {
		t.Fatal(err)
	}
	sameParse(t, "worked example", golden)
	base := withSeparation(`<separation><pieces count="2">0 1</pieces>` + goodStates + `</separation>`)
	cases := map[string]string{
		"plain":          base,
		"colours":        strings.Replace(base, ">###</voxel>", ">#1#2_#</voxel>", 1),
		"lines":          strings.Replace(base, ">###</voxel>", ">\n #\t#\n #\n</voxel>", 1),
		"carriage":       strings.Replace(base, ">###</voxel>", ">#\r\n##</voxel>", 1),
		"entity":         strings.Replace(base, ">###</voxel>", ">#&#35;#</voxel>", 1),
		"space only":     strings.Replace(base, ">###</voxel>", "> \n </voxel>", 1),
		"empty":          strings.Replace(base, ">###</voxel>", "></voxel>", 1),
		"self-closed":    strings.Replace(base, ">###</voxel>", "/>", 1),
		"end with space": strings.Replace(base, ">###</voxel>", ">###</voxel \n>", 1),
		"other end":      strings.Replace(base, ">###</voxel>", ">###</voxelx>", 1),
		"child":          strings.Replace(base, ">###</voxel>", ">#<b/>##</voxel>", 1),
		"comment inside": strings.Replace(base, ">###</voxel>", ">#<!-- x -->##</voxel>", 1),
		"cdata inside":   strings.Replace(base, ">###</voxel>", "><![CDATA[###]]></voxel>", 1),
		"comment":        strings.Replace(base, "<shapes>", `<shapes><!-- <voxel x="1">#</voxel> -->`, 1),
		"cdata":          strings.Replace(base, "<colors/>", `<comment><![CDATA[<voxel x="1">#</voxel>]]></comment><colors/>`, 1),
		"pi":             strings.Replace(base, "<shapes>", `<shapes><?pi <voxel>#</voxel> ?>`, 1),
		"quoted":         strings.Replace(base, `<voxel x="3"`, `<voxel name="a>b" x="3"`, 1),
		"quoted tag":     strings.Replace(base, `<voxel x="3"`, `<voxel name='<voxel>#</voxel>' x="3"`, 1),
		"prefixed":       strings.Replace(strings.Replace(base, `<voxel x="3" y="1" z="1" type="0">###</voxel>`, `<n:voxel xmlns:n="u" x="3" y="1" z="1" type="0">###</n:voxel>`, 1), "<shapes>", `<shapes xmlns:n="u">`, 1),
		"elsewhere":      strings.Replace(base, "<colors/>", `<colors><voxel>##</voxel></colors>`, 1),
		"doctype":        `<!DOCTYPE puzzle [<!ENTITY e "x">]>` + base,
		"unterminated":   strings.Replace(base, "</puzzle>", "<!-- ", 1),
		"unclosed":       strings.Replace(base, "###</voxel>", "###", 1),
		"bad end":        strings.Replace(base, "###</voxel>", "###</voxel", 1),
		"stray <":        strings.Replace(base, ">###</voxel>", ">#<##</voxel>", 1),
		"not xml":        "<voxel>##",
		"letter":         strings.Replace(base, ">###</voxel>", ">#a#</voxel>", 1),
		"control":        strings.Replace(base, ">###</voxel>", ">#\x01#</voxel>", 1),
		"delete":         strings.Replace(base, ">###</voxel>", ">#\x7f#</voxel>", 1),
		"not ascii":      strings.Replace(base, ">###</voxel>", ">#é#</voxel>", 1),
		"not a char":     strings.Replace(base, ">###</voxel>", ">#\uffff#</voxel>", 1),
		"cdata end":      strings.Replace(base, ">###</voxel>", ">#]]>#</voxel>", 1),
	}
	// The same in long voxel strings, which are tested in blocks.
	long := strings.Repeat("_", 45)
	for _, c := range []string{"", "\n", "\t", "a", "\x01", "\x1f", "\x7f", "é", "\uffff", "\r", "&#35;", "&amp;", "]]>", "]>", "]]"} {
		for _, at := range []int{0, 7, 8, 31, 32, 40, 44} {
			cases[fmt.Sprintf("long %q at %d", c, at)] = strings.Replace(base, ">###</voxel>", ">"+long[:at]+c+long[at:]+"</voxel>", 1)
		}
	}
	for name, text := range cases {
		sameParse(t, name, []byte(text))
	}
	if _, texts := cutVoxelTexts([]byte(base)); len(texts) != 3 || !texts[0].cut || texts[0].text != "###" {
		t.Errorf("plain: %+v, want three voxel strings, the first ### cut", texts)
	}
	// What the parser passes on unchanged is cut, even where voxels
	// rejects it; what it changes or rejects is not.
	for name, cut := range map[string]bool{"letter": true, "delete": true, "control": false, "not ascii": false,
		`long "\x01" at 40`: false, `long "\r" at 8`: false, `long "&#35;" at 32`: false, `long "\n" at 31`: true} {
		if _, texts := cutVoxelTexts([]byte(cases[name])); len(texts) != 3 || texts[0].cut != cut {
			t.Errorf("%s: %+v, want the first voxel string cut: %v", name, texts, cut)
		}
	}
	// An error after a cut voxel string spread over lines keeps its line.
	bad := strings.Replace(base, ">###</voxel>", ">\n#\n#\n#\n</voxel>", 1)
	bad = strings.Replace(bad, `<bitmap/>`, `<bitmap><pair piece="99999" result="0"/></bitmap>`, 1)
	line := 1 + strings.Count(bad[:strings.Index(bad, "<bitmap>")], "\n")
	if _, err := Read(strings.NewReader(bad)); err == nil || !strings.HasPrefix(err.Error(), fmt.Sprintf("line %d:", line)) {
		t.Errorf("error %v, want it on line %d", err, line)
	}
	eachExample(t, func(name string, data []byte) { sameParse(t, name, data) })
}

// FuzzCutVoxelTexts checks sameParse on arbitrary bytes.
func FuzzCutVoxelTexts(f *testing.F) {
	f.Add([]byte(withSeparation(`<separation><pieces count="2">0 1</pieces>` + goodStates + `</separation>`)))
	f.Add([]byte(`<puzzle version="2"><gridType type="2"/><shapes><voxel x="3" y="1" z="1" hx="2" type="0">#_#</voxel></shapes></puzzle>`))
	f.Add([]byte(`<a><voxel>#1 +</voxel ><!-- <voxel>#</voxel> --><voxel/><voxel>&#35;</voxel></a>`))
	f.Fuzz(func(t *testing.T, data []byte) {
		sameParse(t, "input", data)
	})
}

// TestVoxelsRuns: voxels, which skips runs of empty cells by words and
// blocks, decodes what reading a character at a time gives, on random
// strings with runs of every length across word and block edges, colour
// digits (also after empty cells) and spaces, and gives its errors.
func TestVoxelsRuns(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	for trial := 0; trial < 2000; trial++ {
		var b strings.Builder
		for b.Len() < rng.IntN(300) {
			switch k := rng.IntN(10); {
			case k < 4:
				b.WriteString(strings.Repeat("_", rng.IntN(80)))
			case k < 6:
				b.WriteByte("#+"[rng.IntN(2)])
			case k < 8:
				b.WriteString(strconv.Itoa(rng.IntN(70)))
			case k < 9:
				b.WriteByte(" \n\t"[rng.IntN(3)])
			default:
				b.WriteByte("#+_*"[rng.IntN(4)])
			}
		}
		str := b.String()
		want, wantErr := voxelsByChar(str)
		n := len(want)
		if rng.IntN(4) == 0 {
			n = max(0, n+rng.IntN(3)-1) // a wrong size
		}
		got, err := voxels(str, n)
		switch {
		case wantErr != nil:
			if err == nil || err.Error() != wantErr.Error() {
				t.Fatalf("%q: error %v, want %v", str, err, wantErr)
			}
		case n != len(want):
			if err == nil {
				t.Fatalf("%q: %d cells read as %d", str, len(want), n)
			}
		case err != nil || !slices.Equal(got, want):
			t.Fatalf("%q: %v %v, want %v", str, got, err, want)
		}
	}
}

// voxelsByChar decodes a voxel string a character at a time, as many
// cells as it has, with voxels' errors for bad characters and colours.
func voxelsByChar(str string) ([]model.Voxel, error) {
	var out []model.Voxel
	for i := 0; i < len(str); i++ {
		switch c := str[i]; {
		case c == '#' || c == '+' || c == '_':
			out = append(out, model.MakeVoxel(cellState(c), 0))
		case c >= '0' && c <= '9':
			if len(out) == 0 || (i > 0 && isSpace(str[i-1])) {
				return nil, fmt.Errorf("colour digit at offset %d does not follow a cell", i)
			}
			j := i
			for j < len(str) && str[j] >= '0' && str[j] <= '9' {
				j++
			}
			color, last := 0, &out[len(out)-1]
			for _, d := range str[i:j] {
				if color = color*10 + int(d-'0'); color > model.MaxColor {
					return nil, fmt.Errorf("cell %d: colour above %d", len(out)-1, model.MaxColor)
				}
			}
			*last = model.MakeVoxel(last.State(), color)
			i = j - 1
		case isSpace(c):
		default:
			return nil, fmt.Errorf("unexpected character %q at offset %d", c, i)
		}
	}
	return out, nil
}
