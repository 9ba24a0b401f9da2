package conformance

import (
	"context"
	"fmt"
	"testing"

	"github.com/burrlab/burrlab/model"
	"github.com/burrlab/burrlab/solver/disassemble"
)

// TestStoredDisassemblies takes apart again every stored solution of every
// cube and prism problem and compares with what BurrTools stored: for a
// full <separation> the level string, the move count and every state of
// every piece (matched by slot, since files may list pieces in any order);
// for a <separationInfo> outline the tree and its move counts. Our
// disassemblies must also pass model.CheckDisassembly.
func TestStoredDisassemblies(t *testing.T) {
	full, outline := 0, 0
	for _, name := range exampleFiles(t) {
		p := loadExample(t, name)
		if p.Grid > 1 {
			continue
		}
		for pi := range p.Problems {
			pr := &p.Problems[pi]
			d, err := disassemble.New(p, pr)
			if err != nil {
				t.Fatalf("%s problem %d: %v", name, pi, err)
			}
			for si := range pr.Solutions {
				s := &pr.Solutions[si]
				if s.Disassembly == nil {
					continue
				}
				where := fmt.Sprintf("%s problem %d solution %d", name, pi, si)
				got, err := d.Disassemble(context.Background(), s.Assembly)
				if err != nil {
					t.Fatalf("%s: %v", where, err)
				}
				if got == nil {
					t.Errorf("%s: no disassembly; BurrTools stored level %s", where, s.Disassembly.Level())
					continue
				}
				if err := model.CheckDisassembly(p, pr, &model.Solution{Assembly: s.Assembly, Disassembly: got}); err != nil {
					t.Errorf("%s: our disassembly can't be carried out: %v", where, err)
				}
				want := s.Disassembly
				if got.Level() != want.Level() || got.TotalMoves() != want.TotalMoves() {
					t.Errorf("%s: level %s with %d moves, BurrTools stored %s with %d", where, got.Level(), got.TotalMoves(), want.Level(), want.TotalMoves())
					continue
				}
				if err := sameSeparation(got, want); err != nil {
					t.Errorf("%s: %v", where, err)
				}
				if want.Outline() {
					outline++
				} else {
					full++
				}
			}
		}
	}
	t.Logf("compared %d full disassemblies and %d outlines", full, outline)
	// PelikanBurr, CubeInCage, AlPackino, DraculasDentalDesaster and the
	// two Prisgon problems store full trees; SolidSixPieceBurrs 314
	// outlines.
	if full < 6 || outline < 314 {
		t.Errorf("compared %d full disassemblies and %d outlines, want at least 6 and 314", full, outline)
	}
}

// sameSeparation compares our separation a with a stored one b: the same
// pieces, and then either the same states piece by piece (b in full) or
// the same number of moves (b an outline), recursively.
func sameSeparation(a, b *model.Separation) error {
	if a == nil || b == nil {
		if a != b {
			return fmt.Errorf("one tree has a node the other lacks")
		}
		return nil
	}
	if a.Moves() != b.Moves() {
		return fmt.Errorf("pieces %v: %d moves, stored %d", a.Pieces, a.Moves(), b.Moves())
	}
	if !b.Outline() {
		col := make(map[int]int, len(b.Pieces))
		for j, p := range b.Pieces {
			col[p] = j
		}
		if len(a.Pieces) != len(b.Pieces) {
			return fmt.Errorf("pieces %v, stored %v", a.Pieces, b.Pieces)
		}
		for j, p := range a.Pieces {
			k, ok := col[p]
			if !ok {
				return fmt.Errorf("pieces %v, stored %v", a.Pieces, b.Pieces)
			}
			for s := range a.States {
				if a.States[s][j] != b.States[s][k] {
					return fmt.Errorf("pieces %v: piece %d in state %d is at %v, stored %v", a.Pieces, p, s, a.States[s][j], b.States[s][k])
				}
			}
		}
	}
	if err := sameSeparation(a.Left, b.Left); err != nil {
		return fmt.Errorf("left part: %w", err)
	}
	if err := sameSeparation(a.Removed, b.Removed); err != nil {
		return fmt.Errorf("removed part: %w", err)
	}
	return nil
}
