// Package pargzip writes gzip data on all cores. Compressing is most of
// the time of saving a big search (Go's default level spends 5 of 5.7 s
// on 575,580 Bedlam assemblies), and one core does it in compress/gzip.
//
// The text is cut into blocks of blockSize bytes, and each block is
// compressed on its own, with the 32 KiB of text before it as the preset
// dictionary, and ended with a sync flush (an empty stored block that
// ends on a byte), so that the compressed blocks one after another make
// one deflate stream, as pigz makes them. The output is one ordinary gzip
// member, which every gzip reader reads, zlib's (BurrTools') too. A text
// of one block comes out byte for byte as compress/gzip writes it.
package pargzip

import (
	"bytes"
	"compress/flate"
	"compress/gzip"
	"encoding/binary"
	"fmt"
	"hash/crc32"
	"io"
	"runtime"
)

// blockSize is the text compressed as one piece: big enough that the
// dictionary and the flush cost nothing measurable (a few bytes a
// block), small enough to keep every core busy on a few megabytes.
const blockSize = 1 << 20

// window is how much text before a block deflate can refer to.
const window = 32 << 10

// A Writer compresses what is written to it and writes gzip data to the
// underlying writer. Close must be called to end the data.
type Writer struct {
	w     io.Writer
	level int
	buf   []byte   // the text of the block being filled
	dict  []byte   // the end of the previous block's text
	queue []*block // blocks being compressed, in order
	crc   uint32
	size  uint32 // the text's length modulo 2^32, as gzip keeps it
	wrote bool   // the header is out
	err   error
}

// block is one block's compression, running or done.
type block struct {
	done chan struct{}
	out  bytes.Buffer
	err  error
}

// NewWriterLevel returns a Writer compressing at level, one of
// compress/flate's levels (gzip.DefaultCompression, gzip.BestSpeed...).
func NewWriterLevel(w io.Writer, level int) (*Writer, error) {
	if level < gzip.HuffmanOnly || level > gzip.BestCompression {
		return nil, fmt.Errorf("gzip: invalid compression level: %d", level)
	}
	return &Writer{w: w, level: level}, nil
}

// Write compresses p; errors of the underlying writer come back from a
// later Write or Close.
func (z *Writer) Write(p []byte) (int, error) {
	if z.err != nil {
		return 0, z.err
	}
	n := len(p)
	for len(p) > 0 {
		// A full block is started once more text comes, so that a text
		// of one block is compressed as one stream.
		if len(z.buf) == blockSize {
			z.start(false)
			if err := z.drain(runtime.GOMAXPROCS(0)); err != nil {
				return n - len(p), err
			}
		}
		k := min(len(p), blockSize-len(z.buf))
		z.buf = append(z.buf, p[:k]...)
		p = p[k:]
	}
	return n, nil
}

// Close compresses what is left, writes the end of the gzip data and
// returns the first error met. It does not close the underlying writer.
func (z *Writer) Close() error {
	if z.err != nil {
		z.drain(0) // let the running blocks end
		return z.err
	}
	z.start(true)
	if err := z.drain(0); err != nil {
		return err
	}
	var tail [8]byte
	binary.LittleEndian.PutUint32(tail[:4], z.crc)
	binary.LittleEndian.PutUint32(tail[4:], z.size)
	_, z.err = z.w.Write(tail[:])
	return z.err
}

// start compresses the filled block in the background; the last one ends
// the deflate stream.
func (z *Writer) start(last bool) {
	text, dict, level := z.buf, z.dict, z.level
	z.crc = crc32.Update(z.crc, crc32.IEEETable, text)
	z.size += uint32(len(text))
	b := &block{done: make(chan struct{})}
	go func() {
		defer close(b.done)
		fw, err := flate.NewWriterDict(&b.out, level, dict)
		if err != nil {
			b.err = err
			return
		}
		if _, err := fw.Write(text); err != nil {
			b.err = err
			return
		}
		if last {
			b.err = fw.Close()
		} else {
			b.err = fw.Flush()
		}
	}()
	z.queue = append(z.queue, b)
	z.dict = text[max(0, len(text)-window):]
	z.buf = nil // the block keeps its text; the next one gets its own
}

// drain writes the compressed blocks, oldest first, until at most keep
// are left running.
func (z *Writer) drain(keep int) error {
	for len(z.queue) > keep {
		b := z.queue[0]
		<-b.done
		z.queue = z.queue[1:]
		if z.err != nil {
			continue
		}
		if z.err = b.err; z.err != nil {
			continue
		}
		if !z.wrote {
			z.wrote = true
			if z.err = z.header(); z.err != nil {
				continue
			}
		}
		_, z.err = z.w.Write(b.out.Bytes())
	}
	return z.err
}

// header writes what compress/gzip writes for an empty gzip.Header.
func (z *Writer) header() error {
	h := [10]byte{0: 0x1f, 1: 0x8b, 2: 8, 9: 255}
	switch z.level {
	case gzip.BestCompression:
		h[8] = 2
	case gzip.BestSpeed:
		h[8] = 4
	}
	_, err := z.w.Write(h[:])
	return err
}
