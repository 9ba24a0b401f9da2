// Package budget is the memory budget within which every command works: a
// job estimates what it is about to allocate and refuses, before
// allocating, when the estimate passes the budget. A file shared by
// someone else must not be able to swap a designer's laptop to death.
// docs/limits.md lists what is estimated where.
package budget

import (
	"errors"
	"fmt"
)

// Default is the budget when none is set: 1 GiB, far above what any real
// puzzle needs (the BurrTools examples prepare in under 100 MB).
const Default int64 = 1 << 30

// ErrOver is wrapped by every *Error, for errors.Is.
var ErrOver = errors.New("over the memory budget")

// Error says that a job would pass the budget.
type Error struct {
	What  string // what would need the memory, e.g. "the placements"
	Need  int64  // estimated bytes
	Limit int64  // the budget in bytes
}

func (e *Error) Error() string {
	return fmt.Sprintf("%s would need about %s, more than the memory budget of %s (raise it with -max-memory, or in the app's preferences)",
		e.What, Size(e.Need), Size(e.Limit))
}

// Unwrap makes errors.Is(err, ErrOver) true.
func (e *Error) Unwrap() error { return ErrOver }

// Limit returns the budget in bytes for a setting: 0 or less means Default.
func Limit(setting int64) int64 {
	if setting <= 0 {
		return Default
	}
	return setting
}

// Check returns an *Error when need bytes pass the budget setting (0:
// Default).
func Check(setting, need int64, what string) error {
	if l := Limit(setting); need > l {
		return &Error{What: what, Need: need, Limit: l}
	}
	return nil
}

// Size formats a byte count for messages: "1.5 GiB", "300 MiB", "12 KiB".
func Size(n int64) string {
	switch {
	case n >= 1<<30:
		return fmt.Sprintf("%.1f GiB", float64(n)/(1<<30))
	case n >= 1<<20:
		return fmt.Sprintf("%d MiB", n>>20)
	case n >= 1<<10:
		return fmt.Sprintf("%d KiB", n>>10)
	}
	return fmt.Sprintf("%d bytes", n)
}

// Mul returns a*b, saturating at the largest int64 instead of wrapping, so
// that estimates of absurd inputs stay absurd.
func Mul(a, b int64) int64 {
	if a <= 0 || b <= 0 {
		return 0
	}
	if a > (1<<63-1)/b {
		return 1<<63 - 1
	}
	return a * b
}

// Add returns a+b for non-negative terms, saturating instead of wrapping.
func Add(a, b int64) int64 {
	if a > 1<<63-1-b {
		return 1<<63 - 1
	}
	return a + b
}
