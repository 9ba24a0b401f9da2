package xmpuzzle

import (
	"bytes"
	"os"
	"testing"
)

// BenchmarkReadWrite loads and saves the worked example; with
// BURRLAB_EXAMPLES set, also BurrTools' largest example.
func BenchmarkReadWrite(b *testing.B) {
	files := map[string]string{"worked-example": "testdata/worked-example.xml"}
	if dir := os.Getenv("BURRLAB_EXAMPLES"); dir != "" {
		files["SolidSixPieceBurrs"] = dir + "/SolidSixPieceBurrs.xmpuzzle"
		files["PelikanBurr"] = dir + "/PelikanBurr.xmpuzzle"
	}
	for name, path := range files {
		data, err := os.ReadFile(path)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(name+"/read", func(b *testing.B) {
			for b.Loop() {
				if _, err := Read(bytes.NewReader(data)); err != nil {
					b.Fatal(err)
				}
			}
		})
		p, err := Read(bytes.NewReader(data))
		if err != nil {
			b.Fatal(err)
		}
		b.Run(name+"/write", func(b *testing.B) {
			var buf bytes.Buffer
			for b.Loop() {
				buf.Reset()
				if err := Write(&buf, p); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
