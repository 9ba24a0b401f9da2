package xmpuzzle

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"encoding/binary"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"os"
	"unicode/utf8"

	"github.com/beevik/etree"

	"github.com/burrlab/burrlab/model"
)

// Read loads a puzzle from r: gzip-compressed or plain XML (§1). A
// puzzle it returns passes model.Puzzle.Validate.
func Read(r io.Reader) (*model.Puzzle, error) { return read(r, false, 0, nil) }

// read is Read, leaving out the stored solutions if noSolutions; size,
// if positive, is about the length of the XML text. wt follows it.
func read(r io.Reader, noSolutions bool, size int, wt *watch) (*model.Puzzle, error) {
	data, err := readXML(r, size, wt)
	if err != nil {
		return nil, err
	}
	if noSolutions {
		data = dropSolutions(data)
	} else if text, cut := cutSolutions(data); cut != nil {
		wt.phase(readShare, 1, cut.solutions())
		p, err := readText(text, cut, wt)
		if err == nil || wt.err() != nil || elements(data) > maxElements {
			return p, err // the cut's error, with its line, when the whole text is too big for one tree
		}
		// Read again as a whole, for the parser's error and its line.
	}
	return readText(data, nil, nil)
}

// readText loads the puzzle from the XML text data, whose solutions
// cutSolutions cut out are in cut, if not nil; wt follows their loading.
func readText(data []byte, cut *cutSolutionsText, wt *watch) (*model.Puzzle, error) {
	doc, err := parse(data, 1)
	if err != nil {
		return nil, err
	}
	p, err := load(doc, cut, wt)
	if err != nil {
		return nil, withLine(err, doc, data, 1)
	}
	return p, nil
}

// withLine returns err with the line of the file on which its element
// begins, if it is an element's error: doc was parsed from data, whose
// text begins on line first of the file.
func withLine(err error, doc *etree.Document, data []byte, first int) error {
	var ee *elemError
	if errors.As(err, &ee) {
		if ee.el == nil && ee.line > 0 {
			return fmt.Errorf("line %d: %w", ee.line, err)
		}
		if line := lineOf(doc, data, ee.el); line > 0 {
			return fmt.Errorf("line %d: %w", first+line-1, err)
		}
	}
	return err
}

// parse parses the XML text data, which begins on line first of the file,
// with the plain voxel strings cut out and put back (see cutVoxelTexts);
// where that does not give the same elements, or the text does not parse,
// the whole text is parsed, and its error reported. A text of more than
// maxElements elements is refused before any tree is built.
func parse(data []byte, first int) (*etree.Document, error) {
	if n := elements(data); n > maxElements {
		return nil, fmt.Errorf("the XML has %d elements in one part, more than the %d BurrLab reads", n, maxElements)
	}
	if cut, texts := cutVoxelTexts(data); len(cut) < len(data) {
		if doc := newDocument(); doc.ReadFromBytes(cut) == nil && putVoxelTexts(doc, texts) {
			return doc, nil
		}
	}
	doc := newDocument()
	if err := doc.ReadFromBytes(data); err != nil {
		return nil, syntaxError(data, first, err)
	}
	return doc, nil
}

// elements counts the elements of an XML text, as etree would build them
// (comments and declarations count too): each costs the tree a few hundred
// bytes.
func elements(data []byte) int {
	return bytes.Count(data, []byte("<")) - bytes.Count(data, []byte("</"))
}

// newDocument returns an empty document with the reader's settings.
func newDocument() *etree.Document {
	doc := etree.NewDocument()
	doc.ReadSettings = etree.ReadSettings{
		PreserveDuplicateAttrs: true, // so that we can reject them, as BurrTools does
		MaxDepth:               maxDepth,
	}
	return doc
}

// ReadFile loads the puzzle stored in the named file. A puzzle it returns
// passes model.Puzzle.Validate.
func ReadFile(path string) (*model.Puzzle, error) { return readFileWatched(path, false, nil) }

// ReadFileWithoutSolutions is ReadFile for a caller that only solves: it
// leaves out every problem's stored solutions (Solutions is nil; the
// counters stay as stored). On the solve path most of a file's text and
// most of the memory its reading touches are often the solutions:
// SolidSixPieceBurrs' 314 took 800 of its 880 page faults.
func ReadFileWithoutSolutions(path string) (*model.Puzzle, error) {
	return readFileWatched(path, true, nil)
}

// readFileWatched is ReadFile, leaving out the stored solutions if
// noSolutions, followed by wt.
func readFileWatched(path string, noSolutions bool, wt *watch) (*model.Puzzle, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	size := fileSize(f)
	wt.phase(0, readShare, size)
	p, err := read(f, noSolutions, textSize(f, size), wt)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return p, nil
}

// textSize guesses the length of f's XML text, so that it is read into
// one buffer of the right size: growing it step by step wrote the text
// about three times over, on fresh pages that cost a small solve as much
// as its work. A gzip file ends with the length of its text (modulo
// 2^32); deflate shrinks text at most about 1032 times, which bounds a
// wrong one. size is f's (fileSize); 0 means unknown, in and out.
func textSize(f *os.File, size int64) int {
	if size == 0 {
		return 0
	}
	var head, tail [4]byte
	if _, err := f.ReadAt(head[:2], 0); err != nil || head[0] != 0x1f || head[1] != 0x8b {
		return int(size)
	}
	if _, err := f.ReadAt(tail[:], size-4); err != nil {
		return 0
	}
	return int(min(int64(binary.LittleEndian.Uint32(tail[:])), 1032*size, maxText(size)))
}

// maxText is the most XML text that a file of size bytes may unpack to:
// maxXMLBytes, or more for a big file, in proportion to it, so that a
// small file cannot take much memory but a big saved search still reads.
func maxText(size int64) int64 { return max(maxXMLBytes, maxTextRatio*size) }

// errTooMuchText is returned by a textLimit that has passed maxText.
var errTooMuchText = errors.New("too much text")

// textLimit passes on the text that src unpacks from the bytes counted by
// in, until it passes maxText of them.
type textLimit struct {
	src  io.Reader
	in   *countingReader
	text int64
}

func (t *textLimit) Read(p []byte) (int, error) {
	n, err := t.src.Read(p)
	if t.text += int64(n); t.text > maxText(t.in.n) {
		return n, errTooMuchText
	}
	return n, err
}

// readXML returns the XML text of a file as UTF-8: gunzipped if it starts
// with the gzip magic, transcoded from CP1252 if it is not valid UTF-8,
// and at most maxText long. size, if positive, is about its length; wt
// follows the reading of r.
func readXML(r io.Reader, size int, wt *watch) ([]byte, error) {
	in := &countingReader{r: r, wt: wt}
	br := bufio.NewReader(in)
	var src io.Reader = br
	if magic, _ := br.Peek(2); len(magic) == 2 && magic[0] == 0x1f && magic[1] == 0x8b {
		zr, err := gzip.NewReader(br)
		if err != nil {
			return nil, fmt.Errorf("bad gzip data: %w", err)
		}
		// One member, like zlib's gzread in BurrTools; what follows it is
		// ignored rather than parsed as another header.
		zr.Multistream(false)
		src = zr
	}
	data, err := readAll(&textLimit{src: src, in: in}, size)
	switch {
	case errors.Is(err, errTooMuchText):
		return nil, fmt.Errorf("the XML is larger than %d MiB and %d times the file, more than BurrLab reads", maxXMLBytes>>20, maxTextRatio)
	case errors.Is(err, io.ErrUnexpectedEOF):
		return nil, errors.New("the gzip data is truncated")
	case err != nil:
		return nil, fmt.Errorf("reading: %w", err)
	}
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	if len(bytes.TrimSpace(data)) == 0 {
		return nil, errors.New("the file is empty")
	}
	if !utf8.Valid(data) {
		data = fromCP1252(data)
	}
	return data, nil
}

// readAll is io.ReadAll into a buffer made for size bytes, with room for
// the read that finds the end.
func readAll(r io.Reader, size int) ([]byte, error) {
	var b bytes.Buffer
	b.Grow(size + bytes.MinRead)
	_, err := b.ReadFrom(r)
	return b.Bytes(), err
}

// syntaxError turns an XML parse failure into a message with a line number.
// etree reports mismatched end tags without a position, so the text is
// parsed again by encoding/xml, which checks nesting and says where.
func syntaxError(data []byte, first int, err error) error {
	if errors.Is(err, etree.ErrMaxDepth) {
		return fmt.Errorf("the XML is nested deeper than %d levels", maxDepth)
	}
	var se *xml.SyntaxError
	if !errors.As(err, &se) {
		d := xml.NewDecoder(bytes.NewReader(data))
		d.CharsetReader = passCharset
		for {
			if _, e := d.Token(); e != nil {
				if errors.As(e, &se) {
					break
				}
				return fmt.Errorf("bad XML: %w", err)
			}
		}
	}
	return fmt.Errorf("line %d: bad XML: %s", first+se.Line-1, se.Msg)
}

// passCharset leaves the bytes alone whatever the declaration says: they
// are UTF-8 by now (readXML transcoded them), and BurrTools ignores the
// encoding attribute too.
func passCharset(_ string, r io.Reader) (io.Reader, error) { return r, nil }

// lineOf returns the line on which element el starts in data, or 0. It is
// only called for an error, so finding el again by counting start tags is
// cheap enough.
func lineOf(doc *etree.Document, data []byte, el *etree.Element) int {
	if el == nil {
		return 0
	}
	// el's number among all elements in document (pre-)order.
	ord, found := 0, false
	var walk func(e *etree.Element) bool
	walk = func(e *etree.Element) bool {
		if e == el {
			return true
		}
		ord++
		for _, c := range e.ChildElements() {
			if walk(c) {
				return true
			}
		}
		return false
	}
	for _, c := range doc.ChildElements() {
		if found = walk(c); found {
			break
		}
	}
	if !found {
		return 0
	}
	d := xml.NewDecoder(bytes.NewReader(data))
	d.CharsetReader = passCharset
	for n := 0; ; {
		tok, err := d.RawToken()
		if err != nil {
			return 0
		}
		if _, ok := tok.(xml.StartElement); ok {
			if n == ord {
				line, _ := d.InputPos()
				return line
			}
			n++
		}
	}
}

// cp1252High maps the bytes 0x80..0x9F of Windows-1252 to Unicode; the five
// holes keep their Latin-1 (C1 control) meaning.
var cp1252High = [32]rune{
	0x20AC, 0x0081, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021,
	0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x008D, 0x017D, 0x008F,
	0x0090, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,
	0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x009D, 0x017E, 0x0178,
}

// fromCP1252 transcodes text that old Windows builds of BurrTools wrote
// (§2): Windows-1252, which is Latin-1 apart from 0x80..0x9F. Such a
// file is ASCII but for a few letters in a comment or a name, so the
// bytes from 0x80 are found a word at a time, and the text is moved up
// around them from the end, in place when b has the room (reading leaves
// some): copying it byte by byte into a new buffer was 1% of solving
// Prisgon, whose one 'é' made all of its 14 KB go that way.
func fromCP1252(b []byte) []byte {
	var high []int // where the bytes from 0x80 are
	n := len(b)    // the length of the UTF-8 text
	for i := 0; i < len(b); i++ {
		for len(b)-i >= 32 && ascii((*[32]byte)(b[i:])) {
			i += 32
		}
		if i == len(b) {
			break
		}
		if c := b[i]; c >= 0x80 {
			high = append(high, i)
			n += utf8.RuneLen(cp1252Rune(c)) - 1
		}
	}
	inPlace := n <= cap(b)
	var out []byte
	if inPlace {
		out = b[:n]
	} else {
		out = make([]byte, n)
	}
	// From the end, as the text only grows: in place, what is written
	// never reaches what is still to be read.
	end, w := len(b), n
	for k := len(high) - 1; k >= 0; k-- {
		p := high[k]
		w -= end - (p + 1)
		copy(out[w:], b[p+1:end])
		r := cp1252Rune(b[p])
		w -= utf8.RuneLen(r)
		utf8.EncodeRune(out[w:], r)
		end = p
	}
	if !inPlace {
		copy(out, b[:end])
	}
	return out
}

// ascii reports whether the 32 bytes of b are all below 0x80.
func ascii(b *[32]byte) bool {
	le := binary.LittleEndian
	return (le.Uint64(b[0:8])|le.Uint64(b[8:16])|le.Uint64(b[16:24])|le.Uint64(b[24:32]))&0x8080808080808080 == 0
}

// cp1252Rune returns the character that byte c, 0x80 or above, stands for
// in Windows-1252.
func cp1252Rune(c byte) rune {
	if c < 0xA0 {
		return cp1252High[c-0x80]
	}
	return rune(c)
}
