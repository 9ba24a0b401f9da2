package solver

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/burrlab/burrlab/model"
	"github.com/burrlab/burrlab/solver/cover"
)

// State is where a stopped search stands: the parts of the search tree
// not yet explored and the counts so far. Pass it as Options.Resume to
// continue; it only fits the same problem solved with the same options.
type State struct {
	Fingerprint string // of the prepared cover matrix
	Flags       int    // the options that decide what counts (see flags)
	Assemblies  uint64
	Solutions   uint64
	Elapsed     time.Duration
	Jobs        []cover.Job
	// Part and Parts say which part of a split search this is (Parts 0:
	// the whole search). A part's State is kept even when the part is
	// complete (no Jobs left): burr merge needs it to check the parts.
	Part, Parts int
	// Unsplit says a part was stopped while it was still splitting the
	// search: it has searched nothing yet, and Jobs is empty.
	Unsplit bool
	// SplitVersion is the cover.SplitVersion of the search that saved
	// the state: its tree, and for a part how it was split.
	SplitVersion int
}

// flagOptions are the options that change what is counted but not the
// cover matrix (the matrix's fingerprint covers the rest), bit by bit of
// flags, with their names for messages. Saved states store the bits, so
// the order stays.
var flagOptions = []struct {
	name string
	on   func(Options) bool
}{
	{"keep mirrors", func(o Options) bool { return o.KeepMirrors }},
	{"keep rotations", func(o Options) bool { return o.KeepRotations }},
	{"expensive rotation check", func(o Options) bool { return o.CompleteRotationCheck }},
	{"disassemble", func(o Options) bool { return o.Disassemble }},
}

// Fits returns a *MismatchError if the search saved as r cannot go on
// under opts: another part, other options that count, or another split
// version. It needs no preparation, so the app can say so before it
// starts; Prepare checks it first, and then that the prepared problem is
// r's.
func (r *State) Fits(opts Options) error {
	if r.Part != opts.Part || r.Parts != opts.Parts {
		return mismatch("it is %s, not %s", searchName(r.Part, r.Parts), searchName(opts.Part, opts.Parts))
	}
	if r.Flags != flags(opts) {
		return mismatch("%s", flagsDiffer(r.Flags, flags(opts)))
	}
	if r.SplitVersion != cover.SplitVersion {
		// Its tree may be another: a saved row could be continued
		// under another column, which it also covers.
		return mismatch("it was saved by another version of BurrLab, which searches and splits otherwise (search version %d, this one %d)",
			r.SplitVersion, cover.SplitVersion)
	}
	return nil
}

// flags packs the flagOptions of o.
func flags(o Options) int {
	f := 0
	for i, fo := range flagOptions {
		if fo.on(o) {
			f |= 1 << i
		}
	}
	return f
}

// flagsDiffer says how the options saved (flags) differ from those
// asked for: "disassemble was on for it, off here".
func flagsDiffer(saved, asked int) string {
	onOff := func(f, i int) string {
		if f&(1<<i) != 0 {
			return "on"
		}
		return "off"
	}
	var d []string
	for i, fo := range flagOptions {
		if (saved^asked)&(1<<i) != 0 {
			d = append(d, fmt.Sprintf("%s was %s for it, %s here", fo.name, onOff(saved, i), onOff(asked, i)))
		}
	}
	return strings.Join(d, "; ")
}

// Disassembled reports whether the search took its assemblies apart
// (Options.Disassemble): only then are its solutions numbered.
func (s *State) Disassembled() bool { return s.Flags&flags(Options{Disassemble: true}) != 0 }

// StateVersion is the <assembler version="..."> under which BurrLab saves
// a paused search in a problem.
//
// BurrTools cannot continue such a state, and refuses it cleanly: its
// plain assembler (every piece used once) checks the version and says the
// internal format changed; its other assembler ignores the version and
// parses the text as seven counted integer lists, and because our text is
// one counted list that uses up the whole string, it stops with "something
// with the data is wrong". (Text it could parse, for example non-numbers
// read as empty lists, would make it declare the search finished with our
// partial counts.) Either way the user restarts the search in BurrTools.
// So Encode writes nothing but "N v1 ... vN" with no trailing space.
const StateVersion = "burrlab-1"

// The layout versions inside the encoded list: wholeFormat for a whole
// search (the split version follows the flags), partFormat for a part of
// a split one (the part, the number of parts, the Unsplit flag and the
// split version follow the flags). oldFormat is a whole search saved
// before its version was: it decodes as oldVersion, the version whose
// trees those searches had (earlier trees that differ, on flat boxes,
// have other fingerprints).
const (
	oldFormat   = 1
	partFormat  = 2
	wholeFormat = 3
	oldVersion  = 7
)

// maxStateInts caps what a decoded state may allocate.
const maxStateInts = 1 << 24

// Encode writes the state as decimal integers: their count, then each of
// them (all non-negative).
func (s *State) Encode() string {
	var v []int64
	put16 := func(x uint64) {
		for k := 0; k < 4; k++ {
			v = append(v, int64(x>>(16*k)&0xffff))
		}
	}
	fp, _ := strconv.ParseUint(s.Fingerprint, 16, 64)
	if s.Parts > 0 {
		v = append(v, partFormat)
	} else {
		v = append(v, wholeFormat)
	}
	put16(fp)
	v = append(v, int64(s.Flags))
	if s.Parts > 0 {
		unsplit := int64(0)
		if s.Unsplit {
			unsplit = 1
		}
		v = append(v, int64(s.Part), int64(s.Parts), unsplit)
	}
	v = append(v, int64(s.SplitVersion))
	put16(s.Assemblies)
	put16(s.Solutions)
	put16(uint64(s.Elapsed / time.Millisecond))
	v = append(v, int64(len(s.Jobs)))
	for _, j := range s.Jobs {
		v = append(v, int64(math.Round(j.Share*(1<<40))), int64(j.After)+2, int64(len(j.Path)))
		for _, r := range j.Path {
			v = append(v, int64(r)+2)
		}
	}
	var b strings.Builder
	b.WriteString(strconv.Itoa(len(v)))
	for _, x := range v {
		b.WriteByte(' ')
		b.WriteString(strconv.FormatInt(x, 10))
	}
	return b.String()
}

// DecodeState reads what Encode wrote.
func DecodeState(text string) (*State, error) {
	f := strings.Fields(text)
	if len(f) == 0 {
		return nil, errors.New("empty solver state")
	}
	n, err := strconv.Atoi(f[0])
	if err != nil || n != len(f)-1 || n > maxStateInts {
		return nil, fmt.Errorf("solver state: bad length %q for %d numbers", f[0], len(f)-1)
	}
	v := make([]int64, n)
	for i, s := range f[1:] {
		if v[i], err = strconv.ParseInt(s, 10, 64); err != nil || v[i] < 0 {
			return nil, fmt.Errorf("solver state: bad number %q", s)
		}
	}
	pos := 0
	next := func() (int64, error) {
		if pos >= len(v) {
			return 0, errors.New("solver state: too short")
		}
		pos++
		return v[pos-1], nil
	}
	get16 := func() (uint64, error) {
		var x uint64
		for k := 0; k < 4; k++ {
			p, err := next()
			if err != nil {
				return 0, err
			}
			if p > 0xffff {
				return 0, errors.New("solver state: bad number")
			}
			x |= uint64(p) << (16 * k)
		}
		return x, nil
	}
	format, err := next()
	if err != nil || format != oldFormat && format != partFormat && format != wholeFormat {
		return nil, fmt.Errorf("solver state: unknown format %d", format)
	}
	s := &State{}
	fp, err := get16()
	if err != nil {
		return nil, err
	}
	s.Fingerprint = strconv.FormatUint(fp, 16)
	flags, err := next()
	if err != nil {
		return nil, err
	}
	s.Flags = int(flags)
	if format == partFormat {
		part, err1 := next()
		parts, err2 := next()
		unsplit, err3 := next()
		if err := errors.Join(err1, err2, err3); err != nil {
			return nil, err
		}
		if unsplit > 1 {
			return nil, errors.New("solver state: bad split flag")
		}
		s.Unsplit = unsplit == 1
		if err := cover.CheckPart(int(min(part, math.MaxInt32)), int(min(parts, math.MaxInt32))); err != nil {
			return nil, fmt.Errorf("solver state: %w", err)
		}
		s.Part, s.Parts = int(part), int(parts)
	}
	s.SplitVersion = oldVersion
	if format != oldFormat {
		version, err := next()
		if err != nil {
			return nil, err
		}
		if version > math.MaxInt32 {
			return nil, errors.New("solver state: bad split version")
		}
		s.SplitVersion = int(version)
	}
	if s.Assemblies, err = get16(); err != nil {
		return nil, err
	}
	if s.Solutions, err = get16(); err != nil {
		return nil, err
	}
	ms, err := get16()
	if err != nil {
		return nil, err
	}
	s.Elapsed = time.Duration(ms) * time.Millisecond
	nj, err := next()
	if err != nil || nj > int64(len(v)) {
		return nil, errors.New("solver state: bad job count")
	}
	for i := int64(0); i < nj; i++ {
		share, err1 := next()
		after, err2 := next()
		plen, err3 := next()
		if err := errors.Join(err1, err2, err3); err != nil {
			return nil, err
		}
		if plen > int64(len(v)-pos) || after > math.MaxInt32 {
			return nil, errors.New("solver state: bad job")
		}
		j := cover.Job{Share: float64(share) / (1 << 40), After: int32(after - 2), Path: make([]int32, plen)}
		for k := range j.Path {
			r, _ := next()
			if r > math.MaxInt32 {
				return nil, errors.New("solver state: bad row")
			}
			j.Path[k] = int32(r - 2)
		}
		s.Jobs = append(s.Jobs, j)
	}
	if pos != len(v) {
		return nil, errors.New("solver state: trailing numbers")
	}
	return s, nil
}

// AssemblerState returns the state as a problem's <assembler> element.
func (s *State) AssemblerState() *model.AssemblerState {
	return &model.AssemblerState{Version: StateVersion, Data: s.Encode()}
}

// ErrForeignState is returned for a paused search saved by BurrTools,
// whose internal dump BurrLab cannot continue.
var ErrForeignState = errors.New("the search was paused by BurrTools; BurrLab can only start it afresh")

// StateOf returns the saved search of a paused problem.
func StateOf(pr *model.Problem) (*State, error) {
	if pr.State != model.Paused || pr.Assembler == nil {
		return nil, errors.New("the problem has no paused search")
	}
	if pr.Assembler.Version != StateVersion {
		return nil, ErrForeignState
	}
	return DecodeState(pr.Assembler.Data)
}
