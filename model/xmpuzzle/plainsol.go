package xmpuzzle

import (
	"bytes"

	"github.com/burrlab/burrlab/model"
)

// A plain solution is an asmNum, a solNum and an assembly, as BurrTools
// and BurrLab write every assembly that was not taken apart. encoding/xml
// and etree spend about a microsecond on each tag: reading 19,186 Bedlam
// assemblies (3.5 MB of XML) took 0.17 s, three quarters of it there. So
// cutSolutions (solblocks.go) has them read by a scan of their own.

// plainSolution is a scanned <solution>: where it begins and where the
// text of its <assembly> is (offsets in the text scanned, then, once
// cut, in the file's: a copy of the text of millions of assemblies was
// hundreds of megabytes), and its asmNum (0 when absent).
type plainSolution struct {
	at, from, to int
	asmNum       int64
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
		s := plainSolution{at: i}
		i += len("<solution")
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
		s.from, s.to = i, k
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

// plainSolution turns a scanned solution of a problem with the given
// number of piece slots into what solution reads from its element.
func (l *loader) plainSolution(s plainSolution, slots int) (model.Solution, error) {
	if slots == 0 {
		return model.Solution{}, errNoPieces
	}
	a, err := l.assemblyOf(string(l.cut.text[s.from:s.to]), slots)
	// solNum is dropped: BurrTools writes it only with a disassembly.
	return model.Solution{AsmNum: int(s.asmNum), Assembly: a}, err
}
