package pargzip

import (
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os/exec"
	"strings"
	"sync"
	"testing"
)

// sample is text that compresses about as a saved search does: lines of
// numbers, with some repetition.
var sample = sync.OnceValue(func() []byte {
	r := rand.New(rand.NewPCG(1, 2))
	var b bytes.Buffer
	for b.Len() < 6*blockSize {
		fmt.Fprintf(&b, "    <assembly>%d 0 %d 0 1 2 %d 0</assembly>\n", r.IntN(4), r.IntN(4), r.IntN(24))
	}
	return b.Bytes()
})

// text returns n bytes of sample.
func text(n int) []byte { return sample()[:n] }

func compress(t *testing.T, data []byte, level, chunk int) []byte {
	t.Helper()
	var out bytes.Buffer
	z, err := NewWriterLevel(&out, level)
	if err != nil {
		t.Fatal(err)
	}
	for p := data; len(p) > 0; {
		k := min(chunk, len(p))
		if n, err := z.Write(p[:k]); n != k || err != nil {
			t.Fatalf("Write: %d of %d, %v", n, k, err)
		}
		p = p[k:]
	}
	if err := z.Close(); err != nil {
		t.Fatal(err)
	}
	return out.Bytes()
}

func gunzip(t *testing.T, data []byte) []byte {
	t.Helper()
	zr, err := gzip.NewReader(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	zr.Multistream(false)
	got, err := io.ReadAll(zr)
	if err != nil {
		t.Fatal(err)
	}
	return got
}

// Every size around the block boundaries and every level reads back as
// written, through compress/gzip and through gzip(1), and a text of one
// block comes out as compress/gzip writes it.
func TestRoundTrip(t *testing.T) {
	big := text(3*blockSize + blockSize/2)
	for _, n := range []int{0, 1, 100, blockSize - 1, blockSize, blockSize + 1, 2 * blockSize, len(big)} {
		for _, level := range []int{gzip.DefaultCompression, gzip.NoCompression, gzip.BestSpeed, gzip.BestCompression, gzip.HuffmanOnly} {
			if n > 100 && level != gzip.DefaultCompression && level != gzip.BestSpeed {
				continue // the levels the writers use; the others are slow under the race detector
			}
			data := big[:n]
			got := compress(t, data, level, 70000)
			if back := gunzip(t, got); !bytes.Equal(back, data) {
				t.Fatalf("%d bytes at level %d: %d bytes read back, not the text", n, level, len(back))
			}
			if n > blockSize {
				continue
			}
			var want bytes.Buffer
			zw, _ := gzip.NewWriterLevel(&want, level)
			zw.Write(data)
			zw.Close()
			if !bytes.Equal(got, want.Bytes()) {
				t.Errorf("%d bytes at level %d: not what compress/gzip writes", n, level)
			}
		}
	}
	got := compress(t, big, gzip.DefaultCompression, 1<<16)
	cmd := exec.Command("gzip", "-dc")
	cmd.Stdin = bytes.NewReader(got)
	back, err := cmd.Output()
	if err != nil || !bytes.Equal(back, big) {
		t.Fatalf("gzip -dc: %d bytes, %v", len(back), err)
	}
}

// The blocks, each with the text before it as dictionary, compress about
// as well as one stream.
func TestRatio(t *testing.T) {
	data := text(6 * blockSize)
	got := len(compress(t, data, gzip.DefaultCompression, 1<<20))
	var want bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&want, gzip.DefaultCompression)
	zw.Write(data)
	zw.Close()
	if float64(got) > 1.01*float64(want.Len()) {
		t.Errorf("%d bytes, compress/gzip %d", got, want.Len())
	}
	t.Logf("%d bytes, compress/gzip %d", got, want.Len())
}

// failing accepts n bytes, then fails.
type failing struct{ n int }

func (f *failing) Write(p []byte) (int, error) {
	if len(p) > f.n {
		k := f.n
		f.n = 0
		return k, errors.New("disk full")
	}
	f.n -= len(p)
	return len(p), nil
}

// An error of the underlying writer comes back from Write or Close, and
// stays.
func TestWriteError(t *testing.T) {
	for _, n := range []int{0, 5, 100, 300 << 10} {
		z, err := NewWriterLevel(&failing{n}, gzip.BestSpeed)
		if err != nil {
			t.Fatal(err)
		}
		var werr error
		for range 8 {
			if _, werr = z.Write(text(blockSize)); werr != nil {
				break
			}
		}
		cerr := z.Close()
		if cerr == nil || !strings.Contains(cerr.Error(), "disk full") || werr != nil && !strings.Contains(werr.Error(), "disk full") {
			t.Errorf("after %d bytes: Write %v, Close %v", n, werr, cerr)
		}
		if _, err := z.Write([]byte("x")); err == nil {
			t.Errorf("after %d bytes: Write after the error succeeded", n)
		}
	}
	if _, err := NewWriterLevel(io.Discard, 10); err == nil {
		t.Error("level 10 accepted")
	}
}
