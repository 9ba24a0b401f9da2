package assets

import (
	"bytes"
	"testing"

	"github.com/burrlab/burrlab/model/xmpuzzle"
)

func TestExamplesLoad(t *testing.T) {
	exs := Examples()
	if len(exs) != len(titles) {
		t.Fatalf("%d examples embedded, %d titled", len(exs), len(titles))
	}
	if exs[0].File != DefaultExample {
		t.Errorf("the default example is not listed first: %v", exs)
	}
	for _, ex := range exs {
		if ex.Title == "" || titles[ex.File] != ex.Title {
			t.Errorf("%s: title %q", ex.File, ex.Title)
		}
		b, err := ReadExample(ex.File)
		if err != nil {
			t.Fatal(err)
		}
		p, err := xmpuzzle.Read(bytes.NewReader(b))
		if err != nil {
			t.Fatalf("%s: %v", ex.File, err)
		}
		if err := p.Validate(); err != nil {
			t.Fatalf("%s: %v", ex.File, err)
		}
		if len(p.Problems) == 0 || p.Comment == "" {
			t.Errorf("%s: no problem or no comment", ex.File)
		}
	}
	if _, err := ReadExample("missing.xmpuzzle"); err == nil {
		t.Error("a missing example read without error")
	}
}

func TestIcons(t *testing.T) {
	for _, name := range []string{"app.png", "rotate-cw.svg", "rotate-ccw.svg", "flip.svg", "minimize.svg", "scale.svg", "variable.svg"} {
		if b, err := Icon(name); err != nil || len(b) == 0 {
			t.Errorf("icon %s: %v", name, err)
		}
	}
}
