package xmpuzzle

import (
	"bytes"
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
// whose whole content is a plain voxel string (state characters, colour
// digits, spaces, tabs and newlines: nothing the parser would change,
// such as an entity or a carriage return), and the texts of all <voxel>
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
		j := bytes.IndexByte(data[i:], '<')
		if j < 0 {
			break
		}
		i += j
		rest := data[i:]
		if n, isMarkup, ok := markup(rest); !ok {
			return data, nil
		} else if isMarkup {
			i += n
			continue
		}
		if bytes.HasPrefix(rest, []byte("</")) {
			k := bytes.IndexByte(rest, '>')
			if k < 0 {
				return data, nil
			}
			i += k + 1
			continue
		}
		name, end := tagEnd(rest)
		if end < 0 {
			return data, nil
		}
		i += end + 1
		if !bytes.Equal(name, []byte("voxel")) {
			continue
		}
		if rest[end-1] == '/' {
			texts = append(texts, voxelText{})
			continue
		}
		k, cells := i, false
		for k < len(data) {
			if data[k] == '_' { // mostly empty cells: see voxels
				cells, k = true, k+emptyPrefix(data[k:])
				continue
			}
			if !plainVoxelByte(data[k]) {
				break
			}
			cells = cells || isCell(data[k])
			k++
		}
		if !cells || !endsVoxel(data[k:]) {
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

// plainVoxelByte reports whether c may be in a voxel string that the
// parser passes on unchanged.
func plainVoxelByte(c byte) bool {
	return isCell(c) || c >= '0' && c <= '9' || c == ' ' || c == '\t' || c == '\n'
}

// isCell reports whether c is a voxel string's state character.
func isCell(c byte) bool { return c == '#' || c == '+' || c == '_' }

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
