package xmpuzzle

import (
	"bytes"
	"fmt"
	"os"
	"strings"
	"testing"
)

// BenchmarkReadWrite loads and saves the worked example and a file of
// 20,000 plain solutions (assemblies without disassemblies, as a search
// of thousands of assemblies saves them); with BURRLAB_EXAMPLES set, also
// BurrTools' largest examples.
func BenchmarkReadWrite(b *testing.B) {
	files := map[string]string{"worked-example": "testdata/worked-example.xml", "20000-assemblies": ""}
	if dir := os.Getenv("BURRLAB_EXAMPLES"); dir != "" {
		files["SolidSixPieceBurrs"] = dir + "/SolidSixPieceBurrs.xmpuzzle"
		files["PelikanBurr"] = dir + "/PelikanBurr.xmpuzzle"
	}
	for name, path := range files {
		var data []byte
		if path == "" {
			var sols strings.Builder
			for i := range 20000 {
				fmt.Fprintf(&sols, "\n  <solution asmNum=\"%d\"><assembly>0 0 0 0 2 0 0 0</assembly></solution>", i)
			}
			data = []byte(withProblem(twoParts, sols.String()))
		} else {
			var err error
			if data, err = os.ReadFile(path); err != nil {
				b.Fatal(err)
			}
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
