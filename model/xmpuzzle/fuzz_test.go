package xmpuzzle

import (
	"bytes"
	"compress/gzip"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

// FuzzRead feeds the reader arbitrary bytes. It must never panic, and what
// it accepts must survive a round trip: written, read back deep-equal, and
// written again byte for byte the same.
//
// The seeds are the worked example, small files of the other tests and,
// when the folder is there, BurrTools' smaller examples as plain XML (they
// are not copied into this repository; big seeds slow the fuzzer down). Run
// it with
//
//	go test -run '^$' -fuzz FuzzRead ./model/xmpuzzle/
func FuzzRead(f *testing.F) {
	golden, err := os.ReadFile("testdata/worked-example.xml")
	if err != nil {
		f.Fatal(err)
	}
	f.Add(golden)
	f.Add(gzipped(string(golden)))
	f.Add([]byte(withSeparation(`<separation><pieces count="2">0 1</pieces>` + goodStates + `</separation>`)))
	f.Add([]byte(withSeparation(`<separationInfo>2 0 0</separationInfo>`)))
	f.Add([]byte(withProblem(`<shape id="1" min="0" max="2" group="1"/><shape id="2"><group group="2" count="1"/></shape>`,
		`<solution><assembly>0 0 0 0 x 2 0 0 0</assembly></solution>`)))
	f.Add([]byte(`<puzzle version="1"><shapes><voxel x="2" y="1" z="1" type="0">##</voxel></shapes></puzzle>`))
	f.Add([]byte(`<puzzle version="2"><gridType type="2"/><shapes><voxel x="3" y="1" z="1" hx="2" type="0">#_#</voxel></shapes></puzzle>`))
	if dir := os.Getenv("BURRLAB_EXAMPLES"); dir != "" {
		paths, _ := filepath.Glob(filepath.Join(dir, "*.xmpuzzle"))
		for _, p := range paths {
			if xml, err := gunzipFile(p); err == nil && len(xml) <= 32<<10 {
				f.Add(xml)
			}
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		p, err := Read(bytes.NewReader(data))
		if err != nil {
			return
		}
		var first bytes.Buffer
		if err := Write(&first, p); err != nil {
			t.Fatalf("a puzzle that loaded does not save: %v", err)
		}
		written := bytes.Clone(first.Bytes())
		q, err := Read(&first)
		if err != nil {
			t.Fatalf("what we wrote does not load: %v", err)
		}
		if !reflect.DeepEqual(p, q) {
			t.Fatalf("the puzzle read back differs:\n%+v\n%+v", p, q)
		}
		var second bytes.Buffer
		if err := Write(&second, q); err != nil {
			t.Fatal(err)
		}
		a, _ := gzipText(written)
		b, _ := gzipText(second.Bytes())
		if !bytes.Equal(a, b) {
			t.Fatalf("writing again changed the file:\n%s", firstDiff(b, a))
		}
	})
}

func gunzipFile(path string) ([]byte, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return gzipText(data)
}

func gzipText(b []byte) ([]byte, error) {
	zr, err := gzip.NewReader(bytes.NewReader(b))
	if err != nil {
		return nil, err
	}
	return io.ReadAll(zr)
}
