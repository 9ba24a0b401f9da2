package budget

import (
	"errors"
	"strings"
	"testing"
)

func TestCheck(t *testing.T) {
	if err := Check(0, Default, "x"); err != nil {
		t.Errorf("exactly the default budget refused: %v", err)
	}
	err := Check(0, Default+1, "the placements")
	if !errors.Is(err, ErrOver) || !strings.Contains(err.Error(), "the placements would need about 1.0 GiB, more than the memory budget of 1.0 GiB") {
		t.Errorf("error %v", err)
	}
	if err := Check(64<<20, 65<<20, "x"); err == nil || !strings.Contains(err.Error(), "65 MiB, more than the memory budget of 64 MiB") {
		t.Errorf("error %v", err)
	}
	if Mul(1<<40, 1<<40) != 1<<63-1 || Add(1<<62, 1<<62) != 1<<63-1 || Mul(3, 4) != 12 || Mul(-1, 5) != 0 {
		t.Error("saturating arithmetic")
	}
}
