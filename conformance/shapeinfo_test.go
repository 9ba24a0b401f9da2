package conformance

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/burrlab/burrlab/model/analysis"
)

// burrToolsShapeInfo is one shape's row of BurrTools' Shape Information
// window, as testdata/burrtools-shapeinfo.json records it (its "measured"
// field says how the numbers were obtained). Shape numbers are 1-based,
// 0 for none; booleans are 0 or 1.
type burrToolsShapeInfo struct {
	Filled     int  `json:"filled"`
	Variable   int  `json:"variable"`
	IDMirror   int  `json:"idMirror"`
	IDShape    int  `json:"idShape"`
	IDComplete int  `json:"idComplete"`
	Face       int  `json:"face"`
	Edge       int  `json:"edge"`
	Corner     int  `json:"corner"`
	Holes2D    int  `json:"holes2D"`
	Holes3D    int  `json:"holes3D"`
	Notchable  *int `json:"notchable"` // cube grid only
	Millable   *int `json:"millable"`
	Rotations  int  `json:"rotations"`
	Mirror     int  `json:"mirror"`
}

func b2i(b bool) int {
	if b {
		return 1
	}
	return 0
}

// TestShapeInfoLikeBurrTools compares analysis.DescribeAll with BurrTools'
// shape information window on every shape of every example.
func TestShapeInfoLikeBurrTools(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("testdata", "burrtools-shapeinfo.json"))
	if err != nil {
		t.Fatal(err)
	}
	var bt struct {
		Measured string                          `json:"measured"`
		Files    map[string][]burrToolsShapeInfo `json:"files"`
	}
	if err := json.Unmarshal(data, &bt); err != nil {
		t.Fatal(err)
	}
	names := exampleFiles(t)
	if len(bt.Files) != len(names) {
		t.Fatalf("BurrTools' values cover %d files, the examples are %d", len(bt.Files), len(names))
	}
	shapes := 0
	for _, name := range names {
		want, ok := bt.Files[name]
		if !ok {
			t.Errorf("%s: no BurrTools values", name)
			continue
		}
		p := loadExample(t, name)
		got, err := analysis.DescribeAll(context.Background(), p)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if len(got) != len(want) {
			t.Fatalf("%s: %d shapes, BurrTools %d", name, len(got), len(want))
		}
		for i, g := range got {
			w := want[i]
			row := burrToolsShapeInfo{
				Filled: g.Filled, Variable: g.Variable,
				IDMirror: g.SameAsMirror + 1, IDShape: g.SameAs + 1, IDComplete: g.SameWithColours + 1,
				Face: b2i(g.ByFace), Edge: b2i(g.ByEdge), Corner: b2i(g.ByCorner),
				Holes2D: b2i(g.Holes2D), Holes3D: b2i(g.Holes3D),
				Rotations: w.Rotations, Mirror: w.Mirror,
			}
			// An empty shape's symmetry means nothing: BurrTools reports
			// every rotation of the grid for one, but only 3 in the
			// rhombic and tetra-octa grids (an accident of how it turns an
			// empty space); BurrLab reports none.
			if g.Symmetry != nil {
				row.Rotations, row.Mirror = g.Symmetry.Rotations, b2i(g.Symmetry.Mirror)
			} else if g.Filled+g.Variable != 0 {
				t.Errorf("%s S%d: no symmetry for a shape with cells", name, i+1)
			}
			if (g.Millable != nil) != (w.Millable != nil) {
				t.Errorf("%s S%d: millable given %v, BurrTools %v", name, i+1, g.Millable != nil, w.Millable != nil)
				continue
			}
			if g.Millable != nil {
				m, n := b2i(*g.Millable), b2i(*g.Notchable)
				row.Millable, row.Notchable = &m, &n
			}
			if !sameInfo(row, w) {
				t.Errorf("%s S%d:\n got %s\nwant %s", name, i+1, show(row), show(w))
			}
			shapes++
		}
	}
	if shapes < 170 {
		t.Errorf("only %d shapes compared", shapes)
	}
}

func sameInfo(a, b burrToolsShapeInfo) bool {
	if (a.Millable == nil) != (b.Millable == nil) {
		return false
	}
	if a.Millable != nil && (*a.Millable != *b.Millable || *a.Notchable != *b.Notchable) {
		return false
	}
	a.Millable, a.Notchable, b.Millable, b.Notchable = nil, nil, nil, nil
	return a == b
}

func show(r burrToolsShapeInfo) string {
	b, _ := json.Marshal(r)
	return string(b)
}
