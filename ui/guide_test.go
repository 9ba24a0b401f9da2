package ui

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"

	"github.com/burrlab/burrlab/assets"
	"github.com/burrlab/burrlab/model/grid"
	"github.com/burrlab/burrlab/model/xmpuzzle"
	"github.com/burrlab/burrlab/solver"
)

func TestGuidePictures(t *testing.T) {
	rt := guideText()
	var pics []string
	for _, s := range rt.Segments {
		switch s := s.(type) {
		case *guideImage:
			pics = append(pics, s.res.Name())
			if s.size != fyne.NewSize(480, 300) {
				t.Errorf("%s is %v, want the 480x300 of scripts/guide-pictures.sh", s.res.Name(), s.size)
			}
		case *widget.TextSegment:
			if strings.HasPrefix(s.Text, "[") {
				t.Errorf("a picture did not load: %s", s.Text)
			}
		}
	}
	if want := []string{"piece.png", "box.png", "problem.png", "solution.png", "apart.png"}; fmt.Sprint(pics) != fmt.Sprint(want) {
		t.Fatalf("pictures %v, want %v", pics, want)
	}
}

// TestGuidePuzzle: the guide's puzzle is what the guide says it is, and
// has as many solutions as the guide says.
func TestGuidePuzzle(t *testing.T) {
	b, err := os.ReadFile("../assets/guide/first.xmpuzzle")
	if err != nil {
		t.Fatal(err)
	}
	p, err := xmpuzzle.Read(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	if p.Grid != grid.Cubes || len(p.Shapes) != 2 || p.Shapes[0].Size != (grid.Vec{2, 2, 1}) || p.Shapes[1].Size != (grid.Vec{3, 2, 2}) {
		t.Fatalf("the guide's puzzle is not the one it describes: %+v", p.Shapes)
	}
	events, err := solver.Solve(context.Background(), p, 0, solver.Options{Disassemble: true})
	if err != nil {
		t.Fatal(err)
	}
	var done solver.Done
	for ev := range events {
		if d, ok := ev.(solver.Done); ok {
			done = d
		}
	}
	if !done.Complete || !strings.Contains(assets.Guide(), fmt.Sprintf("This puzzle has %d of them", done.Solutions)) {
		t.Fatalf("the solver finds %d solutions (complete %v); the guide says otherwise", done.Solutions, done.Complete)
	}
}

func TestGuideWindow(t *testing.T) {
	u := newTestUI(t, newPuzzle(grid.Cubes))
	var item *fyne.MenuItem
	for _, it := range u.menu.Items[len(u.menu.Items)-1].Items {
		if it.Label == "User Guide" {
			item = it
		}
	}
	if item == nil {
		t.Fatal("no Help ▸ User Guide")
	}
	item.Action()
	w := u.guide
	if w == nil || w.Title() != "BurrLab User Guide" {
		t.Fatal("the guide did not open")
	}
	item.Action()
	if u.guide != w {
		t.Fatal("a second User Guide opened a second window")
	}
	w.Close()
	if u.guide != nil {
		t.Fatal("the closed guide is still remembered")
	}
}
