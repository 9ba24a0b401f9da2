package xmpuzzle

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"

	"github.com/beevik/etree"

	"github.com/burrlab/burrlab/model"
)

// A saved search is mostly <solution> elements, and one element tree of
// all of them costs about 700 bytes an element: 46,080 solutions of a
// small prism puzzle with their disassemblies (80 MB of XML, 1.1 million
// elements) took 1.4 GB and 3.7 s to read. So before the text is parsed,
// the content of each <solutions> element is cut out and replaced by a
// comment naming the block (cutSolutions). Plain solutions are scanned
// (plainsol.go); any others are parsed in batches of about batchBytes of
// text, each a small document of its own, dropped once its solutions are
// read, so that the trees never hold more than a batch.
//
// The comment keeps the line breaks of what it stands for, so the lines
// of errors stay right, and errors in a batch are given the line of the
// file. Anything the cut cannot follow (a DOCTYPE, markup or text between
// the solutions, tags that do not balance) leaves that element, or the
// whole text, to the parser. When reading fails in any way, read parses
// the whole text again, if it is small enough for one tree, so that
// errors are exactly the parser's.

// blockMark begins the comment that stands for a cut block. A text that
// holds it anywhere is not cut, so no comment of a file can be taken for
// one.
const blockMark = "burrlab:solutions "

// batchBytes is about how much text of solutions one batch parses:
// enough that a document's fixed cost is nothing next to its solutions,
// small enough that its tree is a few megabytes.
const batchBytes = 256 << 10

// cutSolutionsText is what cutSolutions cut out of a text: the blocks,
// numbered as in the comments, and the text, for the lines of errors.
type cutSolutionsText struct {
	text   []byte
	blocks []solutionBlock
}

// solutions returns the number of solutions cut out.
func (c *cutSolutionsText) solutions() int64 {
	n := 0
	for _, b := range c.blocks {
		n += len(b.plain)
		for _, bt := range b.batches {
			n += len(bt.at)
		}
	}
	return int64(n)
}

// line returns the line of the text on which offset at is.
func (c *cutSolutionsText) line(at int) int { return 1 + bytes.Count(c.text[:at], []byte{'\n'}) }

// solutionBlock is what a cut <solutions> element held: its solutions
// scanned, if they are all plain, or else their text in batches.
type solutionBlock struct {
	plain   []plainSolution
	batches []solutionBatch
}

// solutionBatch is the text of one or more whole <solution> elements, the
// line of the file on which it begins and where in the file's text each
// of its elements begins.
type solutionBatch struct {
	text []byte
	line int
	at   []int
}

// solutionPlace is where a solution was read: its element, or for one of
// a cut block, where it begins in the text.
type solutionPlace struct {
	el *etree.Element
	at int
}

// errAtSolution returns an error at the solution read at p.
func (l *loader) errAtSolution(p solutionPlace, where, format string, args ...any) error {
	if p.el != nil {
		return errAt(p.el, where, format, args...)
	}
	return errAtLine(l.cut.line(p.at), where, format, args...)
}

// cutSolutions returns data with the content of each <solutions> element
// of a problem (where dropSolutions cuts) replaced by a blockMark
// comment, and what it cut; that is nil, and data returned unchanged, when
// there is nothing to cut.
func cutSolutions(data []byte) (cut []byte, sols *cutSolutionsText) {
	if bytes.Contains(data, []byte(blockMark)) {
		return data, nil
	}
	spans, ok := solutionSpans(data)
	if !ok {
		return data, nil
	}
	var blocks []solutionBlock
	last, line := 0, 1 // line is the line of data[last]
	for _, sp := range spans {
		el := data[sp[0]:sp[1]]
		_, end := tagEnd(el)
		if end < 0 || el[end-1] == '/' {
			continue // <solutions/>: nothing to cut
		}
		from, to := sp[0]+end+1, sp[0]+bytes.LastIndexByte(el, '<')
		fromLine := line + bytes.Count(data[last:from], []byte{'\n'})
		var b solutionBlock
		if sols, ok := scanPlainSolutions(data[from:to]); ok {
			for i := range sols {
				sols[i].at += from
				sols[i].from += from
				sols[i].to += from
			}
			b.plain = sols
		} else if b.batches, ok = solutionBatches(data[from:to], from, fromLine); !ok {
			continue
		}
		if len(b.plain) == 0 && len(b.batches) == 0 {
			continue
		}
		if cut == nil {
			cut = make([]byte, 0, len(data)/8)
		}
		cut = append(cut, data[last:from]...)
		cut = append(cut, "<!--"+blockMark...)
		cut = strconv.AppendInt(cut, int64(len(blocks)), 10)
		breaks := bytes.Count(data[from:to], []byte{'\n'})
		for range breaks {
			cut = append(cut, '\n')
		}
		cut = append(cut, "-->"...)
		line = fromLine + breaks
		last = to
		blocks = append(blocks, b)
	}
	if blocks == nil {
		return data, nil
	}
	return append(cut, data[last:]...), &cutSolutionsText{text: data, blocks: blocks}
}

// solutionBatches cuts b, the content of a <solutions> element at offset
// base of the file's text and beginning on the given line, into batches
// of whole elements, and returns false when b holds anything but
// elements and the space between them.
func solutionBatches(b []byte, base, line int) (batches []solutionBatch, ok bool) {
	start, end := 0, 0 // the batch begins at start; its last element ends at end
	var at []int
	for i := skipXMLSpace(b, 0); i < len(b); i = skipXMLSpace(b, i) {
		n, ok := elementLen(b[i:])
		if !ok {
			return nil, false
		}
		at = append(at, base+i)
		i += n
		end = i
		if end-start >= batchBytes {
			batches = append(batches, solutionBatch{b[start:end], line, at})
			line += bytes.Count(b[start:end], []byte{'\n'})
			start, at = end, nil
		}
	}
	if end > start {
		batches = append(batches, solutionBatch{b[start:end], line, at})
	}
	return batches, true
}

// elementLen returns the length of the element that b begins with, and
// false if b does not begin with a start tag or the element does not end.
func elementLen(b []byte) (int, bool) {
	if len(b) == 0 || b[0] != '<' {
		return 0, false
	}
	depth := 0
	for i := 0; ; {
		t, more, ok := nextTag(b, i)
		if !ok || !more || i == 0 && (t.start != 0 || t.closing) {
			return 0, false // no element, or b begins with markup or an end tag
		}
		i = t.end
		switch {
		case t.closing:
			if depth--; depth == 0 {
				return i, true
			}
		case !t.empty:
			depth++
		case depth == 0:
			return i, true
		}
	}
}

// block returns the block that the <solutions> element el stands for, if
// cutSolutions replaced it.
func (l *loader) block(el *etree.Element) (solutionBlock, bool) {
	if l.cut == nil {
		return solutionBlock{}, false
	}
	var mark *etree.Comment
	for _, t := range el.Child {
		switch t := t.(type) {
		case *etree.Comment:
			if mark != nil {
				return solutionBlock{}, false
			}
			mark = t
		case *etree.CharData:
			if !t.IsWhitespace() {
				return solutionBlock{}, false
			}
		default:
			return solutionBlock{}, false
		}
	}
	if mark == nil || !strings.HasPrefix(mark.Data, blockMark) {
		return solutionBlock{}, false
	}
	k, err := strconv.Atoi(strings.TrimRight(mark.Data[len(blockMark):], "\n"))
	if err != nil || k < 0 || k >= len(l.cut.blocks) {
		return solutionBlock{}, false
	}
	return l.cut.blocks[k], true
}

// blockSolutions reads the solutions of block b, of a problem with the
// given number of piece slots, and appends them to sols and where they
// were read to at.
func (l *loader) blockSolutions(b solutionBlock, where string, slots int, sols *[]model.Solution, at *[]solutionPlace) error {
	for _, s := range b.plain {
		sol, err := l.plainSolution(s, slots)
		if err != nil {
			return errAtLine(l.cut.line(s.at), fmt.Sprintf("%s, solution %d", where, len(*sols)), "%v", err)
		}
		*sols = append(*sols, sol)
		*at = append(*at, solutionPlace{at: s.at})
		if err := l.wt.add(1); err != nil {
			return err
		}
	}
	for _, bt := range b.batches {
		doc, err := parse(bt.text, bt.line)
		if err != nil {
			return err
		}
		k := 0
		err = children(&doc.Element, where, func(s *etree.Element) error {
			if s.Tag != "solution" {
				return errAt(s, where, "unexpected <%s> among the solutions", s.Tag)
			}
			sol, err := l.solution(s, fmt.Sprintf("%s, solution %d", where, len(*sols)), slots)
			if err != nil {
				return err
			}
			*sols = append(*sols, sol)
			*at = append(*at, solutionPlace{at: bt.at[k]})
			k++
			return nil
		})
		if err != nil {
			return withLine(err, doc, bt.text, bt.line)
		}
		if err := l.wt.add(int64(len(bt.at))); err != nil {
			return err
		}
	}
	return nil
}
