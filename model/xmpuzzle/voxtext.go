package xmpuzzle

import (
	"bytes"
	"encoding/binary"
	"unsafe"

	"github.com/beevik/etree"
)

// Voxel strings are most of a puzzle file's text, and encoding/xml, under
// etree, reads text a byte at a time through several checks: on
// HexSticks' 98 KB that was half of reading the file. cutVoxelTexts takes
// the plain voxel strings out of the text before it is parsed, and
// putVoxelTexts puts them back into the parsed <voxel> elements, so the
// loader sees what a full parse gives.

// voxelText is the text of one <voxel> element in document order: cut
// says it was taken out of the XML (it is then text), else it was left
// there for the parser.
type voxelText struct {
	text string
	cut  bool
}

// cutVoxelTexts returns data without the text of each <voxel> element
// whose whole content is plain text with a state character (see
// plainText: nothing the parser would change or reject, such as an
// entity or a carriage return), and the texts of all <voxel>
// elements in document order. It scans as solutionSpans does and gives
// up (data unchanged, nil) on a DOCTYPE or a construct it cannot end:
// the full parse then reports what is wrong. data itself is not changed,
// and must not be once the texts are made: they share its bytes.
func cutVoxelTexts(data []byte) ([]byte, []voxelText) {
	var (
		texts []voxelText
		cuts  [][2]int // the cut texts' [start, end) in data
		size  = len(data)
	)
	for i := 0; ; {
		t, more, ok := nextTag(data, i)
		if !ok {
			return data, nil
		}
		if !more {
			break
		}
		i = t.end
		if t.closing || !bytes.Equal(t.name, []byte("voxel")) {
			continue
		}
		if t.empty {
			texts = append(texts, voxelText{})
			continue
		}
		k := len(data)
		if j := bytes.IndexByte(data[i:], '<'); j >= 0 {
			k = i + j
		}
		if !endsVoxel(data[k:]) || !bytes.ContainsAny(data[i:k], "#+_") || !plainText(data[i:k]) {
			texts = append(texts, voxelText{})
			continue
		}
		// The text shares data's bytes instead of copying them: HexSticks'
		// 90 KB of voxel strings were 29 of its 753 page faults. No reader
		// writes to its text once parsing begins.
		texts = append(texts, voxelText{text: unsafe.String(&data[i], k-i), cut: true})
		cuts = append(cuts, [2]int{i, k})
		size -= k - i
		i = k
	}
	if len(cuts) == 0 {
		return data, texts
	}
	// Made at its size: the room a slice as long as data would have had
	// is cleared, and fresh pages cost a small solve as much as its work.
	out, last := make([]byte, 0, size), 0
	for _, c := range cuts {
		out = append(out, data[last:c[0]]...)
		last = c[1]
	}
	return append(out, data[last:]...), texts
}

// plainText reports whether the parser passes text b, which holds no
// '<', on unchanged and without complaint: it has no entity, no "]]>",
// no control character but tabs and newlines (a carriage return would be
// changed) and nothing outside ASCII. A voxel string is tested a word
// at a time, one test for a byte below ' ' or above 0x7f; testing each
// byte against the voxel string characters was a quarter of reading
// HexSticks' voxel strings. Other characters are left to voxels, which rejects them as
// it would after a full parse.
func plainText(b []byte) bool {
	if bytes.IndexByte(b, '&') >= 0 || bytes.Contains(b, []byte("]]>")) {
		return false
	}
	// A byte below ' ' borrows into its top bit when ' ' is taken from
	// it; a byte above 0x7f has its top bit set.
	odd := func(b []byte) uint64 {
		x := binary.LittleEndian.Uint64(b)
		return x | (x - ' '*0x0101010101010101)
	}
	const high = 0x8080808080808080
	i := 0
	for ; len(b)-i >= 32; i += 32 {
		w := (*[32]byte)(b[i:])
		if (odd(w[0:8])|odd(w[8:16])|odd(w[16:24])|odd(w[24:32]))&high != 0 && !plainBytes(w[:]) {
			return false
		}
	}
	return plainBytes(b[i:])
}

// plainBytes is plainText without the tests for '&' and "]]>", a byte
// at a time.
func plainBytes(b []byte) bool {
	for _, c := range b {
		if (c < ' ' && c != '\t' && c != '\n') || c >= 0x80 {
			return false
		}
	}
	return true
}

// endsVoxel reports whether b starts with a </voxel> end tag (space is
// allowed before its '>').
func endsVoxel(b []byte) bool {
	b, ok := bytes.CutPrefix(b, []byte("</voxel"))
	if !ok {
		return false
	}
	for len(b) > 0 && isSpace(b[0]) {
		b = b[1:]
	}
	return len(b) > 0 && b[0] == '>'
}

// putVoxelTexts puts the cut texts back into doc's <voxel> elements, found
// in document order, and reports whether their number is the one
// cutVoxelTexts saw (if not, the caller parses the whole text instead).
func putVoxelTexts(doc *etree.Document, texts []voxelText) bool {
	n := 0
	var walk func(e *etree.Element) bool
	walk = func(e *etree.Element) bool {
		if e.Space == "" && e.Tag == "voxel" {
			if n == len(texts) {
				return false
			}
			if t := texts[n]; t.cut {
				e.SetText(t.text)
			}
			n++
		}
		for _, t := range e.Child { // not ChildElements, which makes a list
			if c, ok := t.(*etree.Element); ok && !walk(c) {
				return false
			}
		}
		return true
	}
	return walk(&doc.Element) && n == len(texts)
}
