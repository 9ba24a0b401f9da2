// Package assets holds what the desktop app ships inside its binary: the
// example puzzles it opens when started without a file, and its icons. The
// examples are our own designs, written for BurrLab.
package assets

import (
	"embed"
	"fmt"
	"io/fs"
	"path"
	"sort"
	"strings"
)

//go:embed examples/*.xmpuzzle
var examples embed.FS

//go:embed icons/*.svg icons/*.png
var icons embed.FS

// DefaultExample is the example the app opens when started without a file.
const DefaultExample = "soma.xmpuzzle"

// Example is one embedded example puzzle.
type Example struct {
	File  string // file name, such as "soma.xmpuzzle"
	Title string // what menus show
}

// titles names the examples in menus, in menu order.
var titles = map[string]string{
	"soma.xmpuzzle": "Soma cube (7 pieces, 240 assemblies)",
	"burr.xmpuzzle": "Six-piece burr (level 3.1.2)",
	// Also the solver's benchmark: BurrTools' figures for these are in
	// the README.
	"pentominoes.xmpuzzle": "Pentominoes (6x10, 5x12, 4x15, 3x20)",
}

// Examples lists the embedded examples, those with titles first.
func Examples() []Example {
	entries, err := fs.ReadDir(examples, "examples")
	if err != nil {
		return nil
	}
	var out []Example
	for _, e := range entries {
		t, ok := titles[e.Name()]
		if !ok {
			t = strings.TrimSuffix(e.Name(), path.Ext(e.Name()))
		}
		out = append(out, Example{File: e.Name(), Title: t})
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].File == DefaultExample && out[j].File != DefaultExample })
	return out
}

// ReadExample returns the content of an embedded example.
func ReadExample(file string) ([]byte, error) {
	b, err := examples.ReadFile("examples/" + file)
	if err != nil {
		return nil, fmt.Errorf("no embedded example %q", file)
	}
	return b, nil
}

// Icon returns an embedded icon by file name, such as "rotate-cw.svg" or
// "app.png".
func Icon(file string) ([]byte, error) {
	b, err := icons.ReadFile("icons/" + file)
	if err != nil {
		return nil, fmt.Errorf("no embedded icon %q", file)
	}
	return b, nil
}
