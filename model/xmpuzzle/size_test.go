package xmpuzzle

import (
	"os"
	"path/filepath"
	"testing"
)

// TestTextSize checks the size guess for plain and gzip files, and for
// files whose gzip trailer lies or is missing.
func TestTextSize(t *testing.T) {
	text, err := os.ReadFile("testdata/worked-example.xml")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	zipped := gzipped(string(text))
	for _, c := range []struct {
		name string
		data []byte
		want int
	}{
		{"plain", text, len(text)},
		{"gzip", zipped, len(text)},
		{"lying trailer", append(zipped[:len(zipped)-4:len(zipped)-4], 0xff, 0xff, 0xff, 0x7f), 1032 * len(zipped)},
		{"magic only", []byte{0x1f, 0x8b}, 0},
	} {
		path := filepath.Join(dir, c.name)
		if err := os.WriteFile(path, c.data, 0o644); err != nil {
			t.Fatal(err)
		}
		f, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		if got := textSize(f, fileSize(f)); got != c.want {
			t.Errorf("%s: size %d, want %d", c.name, got, c.want)
		}
		f.Close()
	}
	p, err := ReadFile(filepath.Join(dir, "gzip"))
	if err != nil || len(p.Shapes) == 0 {
		t.Errorf("reading the gzip file: %v", err)
	}
}
