package solver

import (
	"bufio"
	"bytes"
	"context"
	"errors"
	"fmt"
	"hash/fnv"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/burrlab/burrlab/internal/atomicfile"
	"github.com/burrlab/burrlab/solver/cover"
)

// A split file keeps the subdivision of a problem's search into pieces
// (cover.Subdivide), so that the parts of a split search that share a
// folder compute it once instead of once each: on 2 cores the eight parts
// of the 5x4x3 pentomino box each spent a fifth of a second on it.
// Every part computes the same subdivision, so whichever part writes the
// file first, the content is the same; it is written to a temporary file
// and renamed, so a part never reads half a file.
//
// The text format: a header line "burrlab-split VERSION FINGERPRINT N
// COUNT", then one line per piece "ESTIMATE ALT ALT ...", then
// "sum HASH", an FNV-1a hash of everything before it, so that a damaged
// or edited file is refused instead of splitting the search wrongly.

// ErrSplitFile is returned for a split file that does not hold the
// subdivision asked for.
var ErrSplitFile = errors.New("bad split file")

// SplitFile is the name of the file in dir that keeps the subdivision of
// the search of the matrix with this fingerprint into n parts.
func SplitFile(dir, fingerprint string, n int) string {
	return filepath.Join(dir, fmt.Sprintf("split-%s-%d-v%d.txt", fingerprint, n, cover.SplitVersion))
}

// WriteSplit makes sure the split file of this part's search is in
// Options.SplitDir, computing and writing it if it is not there yet, and
// returns its name.
func (s *Solver) WriteSplit(ctx context.Context) (string, error) {
	if s.opts.Parts == 0 || s.opts.SplitDir == "" {
		return "", errors.New("solver: WriteSplit needs Parts and SplitDir")
	}
	if _, err := s.partJobs(ctx); err != nil {
		return "", err
	}
	return SplitFile(s.opts.SplitDir, s.m.Fingerprint(), s.opts.Parts), nil
}

// partJobs returns the jobs of this solver's part, from the split file in
// opts.SplitDir if there is one, else computed (and saved there).
func (s *Solver) partJobs(ctx context.Context) ([]cover.Job, error) {
	i, n, dir := s.opts.Part, s.opts.Parts, s.opts.SplitDir
	if dir == "" {
		return cover.Split(ctx, s.m, i, n)
	}
	name := SplitFile(dir, s.m.Fingerprint(), n)
	data, err := os.ReadFile(name)
	if err == nil {
		pieces, err := decodePieces(data, s.m.Fingerprint(), n)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		return cover.PartJobs(pieces, i, n), nil
	}
	if !errors.Is(err, fs.ErrNotExist) {
		return nil, err
	}
	pieces, err := cover.Subdivide(ctx, s.m, n)
	if err != nil {
		return nil, err
	}
	data = encodePieces(pieces, s.m.Fingerprint(), n)
	if err := os.MkdirAll(dir, 0o777); err != nil {
		return nil, err
	}
	if err := atomicfile.WriteFile(name, func(w io.Writer) error { _, err := w.Write(data); return err }); err != nil {
		return nil, err
	}
	return cover.PartJobs(pieces, i, n), nil
}

// encodePieces writes a split file's text.
func encodePieces(pieces []cover.Piece, fingerprint string, n int) []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, "burrlab-split %d %s %d %d\n", cover.SplitVersion, fingerprint, n, len(pieces))
	for _, p := range pieces {
		b.WriteString(strconv.FormatUint(p.Estimate, 10))
		for _, a := range p.Path {
			b.WriteByte(' ')
			b.WriteString(strconv.Itoa(int(a)))
		}
		b.WriteByte('\n')
	}
	fmt.Fprintf(&b, "sum %016x\n", sum64(b.Bytes()))
	return b.Bytes()
}

func sum64(b []byte) uint64 {
	h := fnv.New64a()
	h.Write(b)
	return h.Sum64()
}

// decodePieces reads a split file's text, checking that it is whole and
// holds the subdivision of this matrix into n parts by this SplitVersion.
func decodePieces(data []byte, fingerprint string, n int) ([]cover.Piece, error) {
	k := bytes.LastIndex(bytes.TrimSuffix(data, []byte("\n")), []byte("\n"))
	if k < 0 || fmt.Sprintf("sum %016x\n", sum64(data[:k+1])) != string(data[k+1:]) {
		return nil, fmt.Errorf("%w: damaged (its sum does not match)", ErrSplitFile)
	}
	sc := bufio.NewScanner(bytes.NewReader(data[:k+1]))
	sc.Buffer(nil, 1<<24)
	sc.Scan()
	var version, parts, count int
	var fp string
	if _, err := fmt.Sscanf(sc.Text(), "burrlab-split %d %s %d %d", &version, &fp, &parts, &count); err != nil {
		return nil, fmt.Errorf("%w: header %q", ErrSplitFile, sc.Text())
	}
	if version != cover.SplitVersion || fp != fingerprint || parts != n {
		return nil, fmt.Errorf("%w: split version %d of problem %s into %d parts, want version %d of %s into %d",
			ErrSplitFile, version, fp, parts, cover.SplitVersion, fingerprint, n)
	}
	pieces := make([]cover.Piece, 0, min(count, 1<<20))
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		if len(f) == 0 {
			return nil, fmt.Errorf("%w: empty line", ErrSplitFile)
		}
		est, err := strconv.ParseUint(f[0], 10, 64)
		if err != nil {
			return nil, fmt.Errorf("%w: %v", ErrSplitFile, err)
		}
		p := cover.Piece{Job: cover.Job{After: cover.Fresh, Path: make([]int32, len(f)-1)}, Estimate: est}
		for j, a := range f[1:] {
			v, err := strconv.ParseInt(a, 10, 32)
			if err != nil {
				return nil, fmt.Errorf("%w: %v", ErrSplitFile, err)
			}
			p.Path[j] = int32(v)
		}
		pieces = append(pieces, p)
	}
	if len(pieces) != count {
		return nil, fmt.Errorf("%w: %d pieces, the header says %d", ErrSplitFile, len(pieces), count)
	}
	return pieces, nil
}
