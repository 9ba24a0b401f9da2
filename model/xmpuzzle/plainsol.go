package xmpuzzle

import (
	"bytes"
	"strconv"

	"github.com/beevik/etree"

	"github.com/burrlab/burrlab/model"
)

// A file with thousands of assemblies is mostly <solution> elements, and
// encoding/xml and etree spend about a microsecond on each of their
// tags: reading 19,186 Bedlam assemblies (3.5 MB of XML) took 0.17 s,
// three quarters of it there. So the plain solutions (an asmNum, a
// solNum and an assembly, as BurrTools and BurrLab write every assembly
// that was not taken apart) are read by a scan of their own.
// Each <solutions> element that holds only such solutions is replaced,
// before the XML is parsed, by a comment naming the scanned block, and
// the loader takes the block's solutions from there. Anything else (a
// disassembly, a comment, an entity, other spacing in a tag) leaves that
// element to the parser. When reading fails in any way, read reads the
// whole text again without the scan, so that errors and their lines are
// the parser's.

// plainMark begins the comment that stands for a scanned block. A text
// that holds it anywhere is not scanned, so no comment of a file can be
// taken for one.
const plainMark = "burrlab:plain-solutions "

// plainSolution is a scanned <solution>: its asmNum (0 when absent) and
// the text of its <assembly>.
type plainSolution struct {
	asmNum   int64
	assembly string
}

// cutPlainSolutions returns data with the content of each <solutions>
// element of a problem (where dropSolutions cuts) that holds only plain
// solutions replaced by a plainMark comment, and the solutions of those
// blocks, numbered as in the comments; blocks is nil, and data returned
// unchanged, when there are none.
func cutPlainSolutions(data []byte) (cut []byte, blocks [][]plainSolution) {
	if bytes.Contains(data, []byte(plainMark)) {
		return data, nil
	}
	spans, ok := solutionSpans(data)
	if !ok {
		return data, nil
	}
	last := 0
	for _, sp := range spans {
		el := data[sp[0]:sp[1]]
		_, end := tagEnd(el)
		if end < 0 || el[end-1] == '/' {
			continue // <solutions/>: nothing to scan
		}
		from, to := sp[0]+end+1, sp[0]+bytes.LastIndexByte(el, '<')
		sols, ok := scanPlainSolutions(data[from:to])
		if !ok || len(sols) == 0 {
			continue
		}
		if cut == nil {
			cut = make([]byte, 0, len(data)/8)
		}
		cut = append(cut, data[last:from]...)
		cut = append(cut, "<!--"+plainMark...)
		cut = strconv.AppendInt(cut, int64(len(blocks)), 10)
		cut = append(cut, "-->"...)
		last = to
		blocks = append(blocks, sols)
	}
	if blocks == nil {
		return data, nil
	}
	return append(cut, data[last:]...), blocks
}

// scanPlainSolutions reads b, the content of a <solutions> element, as a
// list of plain solutions: <solution>, with asmNum and solNum as its only
// attributes (digits in quotes, each at most once), holding one
// <assembly> whose text has only digits, minus signs, x and spaces,
// tabs and newlines; spaces, tabs and line ends around the tags. It
// returns false for anything else.
func scanPlainSolutions(b []byte) (sols []plainSolution, ok bool) {
	i := 0
	// tag consumes t and the spaces after it.
	tag := func(t string) bool {
		if !bytes.HasPrefix(b[i:], []byte(t)) {
			return false
		}
		i = skipXMLSpace(b, i+len(t))
		return true
	}
	// endTag consumes </name, spaces, > and the spaces after it.
	endTag := func(name string) bool {
		if !bytes.HasPrefix(b[i:], []byte("</"+name)) {
			return false
		}
		i = skipXMLSpace(b, i+2+len(name))
		return tag(">")
	}
	for i = skipXMLSpace(b, 0); i < len(b); {
		if !bytes.HasPrefix(b[i:], []byte("<solution")) {
			return nil, false
		}
		i += len("<solution")
		var s plainSolution
		var seen [2]bool // asmNum, solNum
		for {
			j := skipXMLSpace(b, i)
			if j < len(b) && b[j] == '>' {
				i = j + 1
				break
			}
			if j == i {
				return nil, false // not a space before a name: <solutions, <solution/>
			}
			i = j
			k := bytes.IndexByte(b[i:], '=')
			if k < 0 {
				return nil, false
			}
			name := string(b[i : i+k])
			which := 0
			switch name {
			case "asmNum":
			case "solNum":
				which = 1
			default:
				return nil, false
			}
			v, n, ok := quotedNumber(b[i+k+1:])
			if !ok || seen[which] {
				return nil, false
			}
			seen[which] = true
			if which == 0 {
				s.asmNum = v
			}
			i += k + 1 + n
		}
		i = skipXMLSpace(b, i)
		if !tag("<assembly") || !tag(">") {
			return nil, false
		}
		k := i
		for k < len(b) && plainAssemblyByte(b[k]) {
			k++
		}
		s.assembly = string(b[i:k])
		i = k
		if !endTag("assembly") || !endTag("solution") {
			return nil, false
		}
		sols = append(sols, s)
	}
	return sols, true
}

// quotedNumber reads a quoted attribute value of 1 to 16 digits, no more
// than an asmNum or solNum may be (1<<53), and returns it and the bytes it
// takes.
func quotedNumber(b []byte) (v int64, n int, ok bool) {
	if len(b) < 3 || b[0] != '"' && b[0] != '\'' {
		return 0, 0, false
	}
	k := bytes.IndexByte(b[1:], b[0])
	if k < 1 || k > 16 {
		return 0, 0, false
	}
	for _, c := range b[1 : 1+k] {
		if c < '0' || c > '9' {
			return 0, 0, false
		}
		v = v*10 + int64(c-'0')
	}
	return v, k + 2, v <= 1<<53
}

// plainAssemblyByte reports whether c may be in an assembly's text that
// the parser passes on unchanged.
func plainAssemblyByte(c byte) bool {
	return c >= '0' && c <= '9' || c == '-' || c == 'x' || c == ' ' || c == '\t' || c == '\n'
}

// skipXMLSpace returns the index of the first byte from i on that is not
// XML white space.
func skipXMLSpace(b []byte, i int) int {
	for i < len(b) && (b[i] == ' ' || b[i] == '\t' || b[i] == '\n' || b[i] == '\r') {
		i++
	}
	return i
}

// plainBlock returns the scanned solutions that the <solutions> element
// el stands for, if it is a block cutPlainSolutions replaced.
func (l *loader) plainBlock(el *etree.Element) ([]plainSolution, bool) {
	var mark *etree.Comment
	for _, t := range el.Child {
		switch t := t.(type) {
		case *etree.Comment:
			if mark != nil {
				return nil, false
			}
			mark = t
		case *etree.CharData:
			if !t.IsWhitespace() {
				return nil, false
			}
		default:
			return nil, false
		}
	}
	if mark == nil || len(mark.Data) <= len(plainMark) || mark.Data[:len(plainMark)] != plainMark {
		return nil, false
	}
	k, err := strconv.Atoi(mark.Data[len(plainMark):])
	if err != nil || k < 0 || k >= len(l.plain) {
		return nil, false
	}
	return l.plain[k], true
}

// plainSolution turns a scanned solution of a problem with the given
// number of piece slots into what solution reads from its element.
func (l *loader) plainSolution(s plainSolution, slots int) (model.Solution, error) {
	if slots == 0 {
		return model.Solution{}, errNoPieces
	}
	a, err := l.assemblyOf(s.assembly, slots)
	// solNum is dropped: BurrTools writes it only with a disassembly.
	return model.Solution{AsmNum: int(s.asmNum), Assembly: a}, err
}
