package xmpuzzle

import "bytes"

// dropSolutions returns data without the <solutions> elements of its
// problems (puzzle/problems/problem/solutions), each replaced by the line
// breaks it spanned so that the line numbers of later errors stay right.
// It changes data in place. It reads the text without parsing it, so it
// knows only tags, text, comments, CDATA sections and processing
// instructions: on anything else (a DOCTYPE, a tag it cannot end, end
// tags that do not balance) it leaves data as it is, and the full parse
// reports what is wrong.
func dropSolutions(data []byte) []byte {
	cuts, ok := solutionSpans(data)
	if !ok || len(cuts) == 0 {
		return data
	}
	// The text is moved down over the cuts; what is written never passes
	// what is still to be read.
	w, prev := 0, 0
	for _, c := range cuts {
		w += copy(data[w:], data[prev:c[0]])
		// Its newlines stay, so that errors keep their line numbers.
		for n := bytes.Count(data[c[0]:c[1]], []byte{'\n'}); n > 0; n-- {
			data[w] = '\n'
			w++
		}
		prev = c[1]
	}
	w += copy(data[w:], data[prev:])
	return data[:w]
}

// solutionSpans returns where dropSolutions cuts, as [start, end) byte
// ranges in increasing order, and false when it cannot tell.
func solutionSpans(data []byte) (cuts [][2]int, ok bool) {
	var (
		path  [3][]byte // the names of the open elements at depths 0..2
		depth int       // open elements
		from  = -1      // start of the <solutions> being cut, or -1
		at    int       // depth at which it was opened
	)
	for i := 0; ; {
		t, more, ok := nextTag(data, i)
		if !ok {
			return nil, false
		}
		if !more {
			return cuts, from < 0 && depth == 0
		}
		i = t.end
		if t.closing {
			if depth == 0 {
				return nil, false
			}
			depth--
			if from >= 0 && depth == at {
				if !bytes.Equal(t.name, []byte("solutions")) {
					return nil, false
				}
				cuts = append(cuts, [2]int{from, t.end})
				from = -1
			}
			continue
		}
		if len(t.name) == 0 {
			return nil, false
		}
		if from < 0 && depth == 3 && bytes.Equal(t.name, []byte("solutions")) &&
			bytes.Equal(path[0], []byte("puzzle")) && bytes.Equal(path[1], []byte("problems")) && bytes.Equal(path[2], []byte("problem")) {
			if t.empty {
				cuts = append(cuts, [2]int{t.start, t.end})
			} else {
				from, at = t.start, depth
			}
		}
		if !t.empty {
			if depth < len(path) {
				path[depth] = t.name
			}
			depth++
		}
	}
}

// tag is a start or end tag of an XML text, as nextTag finds it.
type tag struct {
	start, end int    // where it is in the text, [start, end)
	name       []byte // its name (trimmed in an end tag)
	closing    bool   // an end tag, </name>
	empty      bool   // a start tag that ends its element, <name/>
}

// nextTag returns the first tag of text at or after i, passing over
// text, comments, CDATA sections and processing instructions: the scan
// that dropSolutions, cutSolutions and cutVoxelTexts share. more is
// false at the end of the text; ok is false where the scan cannot go on
// (a DOCTYPE, or a construct that does not end).
func nextTag(text []byte, i int) (t tag, more, ok bool) {
	for {
		j := bytes.IndexByte(text[i:], '<')
		if j < 0 {
			return tag{}, false, true
		}
		i += j
		rest := text[i:]
		if n, isMarkup, ok := markup(rest); !ok {
			return tag{}, false, false
		} else if isMarkup {
			i += n
			continue
		}
		if bytes.HasPrefix(rest, []byte("</")) {
			k := bytes.IndexByte(rest, '>')
			if k < 0 {
				return tag{}, false, false
			}
			return tag{start: i, end: i + k + 1, name: bytes.TrimSpace(rest[2:k]), closing: true}, true, true
		}
		name, end := tagEnd(rest)
		if end < 0 {
			return tag{}, false, false
		}
		return tag{start: i, end: i + end + 1, name: name, empty: rest[end-1] == '/'}, true, true
	}
}

// markup reports whether text at a '<' starts a processing instruction,
// a comment or a CDATA section, and how long it is; ok is false for one
// that does not end and for a DOCTYPE (which may hold '>' anywhere), where
// a scan cannot go on.
func markup(rest []byte) (n int, isMarkup, ok bool) {
	end := ""
	switch {
	case bytes.HasPrefix(rest, []byte("<?")):
		end = "?>"
	case bytes.HasPrefix(rest, []byte("<!--")):
		end = "-->"
	case bytes.HasPrefix(rest, []byte("<![CDATA[")):
		end = "]]>"
	case bytes.HasPrefix(rest, []byte("<!")):
		return 0, true, false
	default:
		return 0, false, true
	}
	k := bytes.Index(rest, []byte(end))
	return k + len(end), true, k >= 0
}

// tagEnd returns the name of the start tag that tag begins with and the
// index of its closing '>' (-1 if it has none), skipping quoted
// attribute values, which may hold '>'.
func tagEnd(tag []byte) (name []byte, end int) {
	n := 1
	for n < len(tag) && !endsName(tag[n]) {
		n++
	}
	name = tag[1:n]
	for k := n; k < len(tag); k++ {
		switch tag[k] {
		case '"', '\'':
			q := bytes.IndexByte(tag[k+1:], tag[k])
			if q < 0 {
				return name, -1
			}
			k += q + 1
		case '>':
			return name, k
		}
	}
	return name, -1
}

// endsName reports whether c ends a tag's name.
func endsName(c byte) bool {
	return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '/' || c == '>'
}
