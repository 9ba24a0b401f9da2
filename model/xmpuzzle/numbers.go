package xmpuzzle

import (
	"fmt"
	"math"
	"strings"
)

// The reader converts numbers range-checked up to 2^62 (counters, ids
// before they are compared) to int: this fails to compile where int has
// fewer than 64 bits, rather than let them wrap there.
var _ = [1]int{}[math.MaxInt>>62-1]

// atoi reads an attribute number the way BurrTools' C atoi does: leading
// whitespace, an optional sign, then digits up to the first non-digit;
// no digits give 0. Values beyond ±2^62 saturate, so callers' range checks
// still see them as too big.
func atoi(s string) int64 {
	i := 0
	for i < len(s) && isSpace(s[i]) {
		i++
	}
	neg := false
	if i < len(s) && (s[i] == '-' || s[i] == '+') {
		neg = s[i] == '-'
		i++
	}
	var n int64
	for ; i < len(s) && s[i] >= '0' && s[i] <= '9'; i++ {
		if n < 1<<62/10 {
			n = n*10 + int64(s[i]-'0')
		} else {
			n = 1 << 62
		}
	}
	if neg {
		return -n
	}
	return n
}

// isSpace reports C isspace for ASCII: the characters atoi skips and the
// separators we accept in number lists.
func isSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'
}

// parseInt reads one token of a number list: an optional minus sign and
// decimal digits, nothing else, with magnitude at most limit.
func parseInt(tok string, limit int64) (int, error) {
	s := tok
	neg := strings.HasPrefix(s, "-")
	if neg {
		s = s[1:]
	}
	if s == "" || len(s) > 19 {
		return 0, fmt.Errorf("%q is not a number", clip(tok))
	}
	var n int64
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return 0, fmt.Errorf("%q is not a number", clip(tok))
		}
		n = n*10 + int64(s[i]-'0')
		if n > limit {
			return 0, fmt.Errorf("number %s is out of range (at most %d in magnitude)", clip(tok), limit)
		}
	}
	if neg {
		n = -n
	}
	return int(n), nil
}

// parseList reads exactly want whitespace-separated integers of magnitude at
// most limit (non-negative ones when nonNeg is set).
func parseList(text string, want int, limit int64, nonNeg bool) ([]int, error) {
	out := make([]int, 0, min(want, len(text)/2+1))
	for tok := range strings.FieldsSeq(text) {
		if len(out) == want {
			return nil, fmt.Errorf("more than %d numbers", want)
		}
		v, err := parseInt(tok, limit)
		if err != nil {
			return nil, err
		}
		if nonNeg && v < 0 {
			return nil, fmt.Errorf("negative number %d", v)
		}
		out = append(out, v)
	}
	if len(out) != want {
		return nil, fmt.Errorf("%d numbers, want %d", len(out), want)
	}
	return out, nil
}

// clip shortens text quoted in an error message.
func clip(s string) string {
	const n = 24
	if len(s) <= n {
		return s
	}
	return s[:n] + "..."
}
