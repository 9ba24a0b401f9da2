// Package plural writes counts of things in English, "1 assembly" and
// "2 assemblies", for every message that counts: the app's, the CLI's and
// the solver's explanations. Both forms are given in full, since English
// plurals are not always the singular and an s.
package plural

import "fmt"

// Integer is the types counts come in.
type Integer interface {
	~int | ~int32 | ~int64 | ~uint | ~uint32 | ~uint64
}

// Word returns one when n is 1, else many: the noun or verb that goes
// with n.
func Word[T Integer](n T, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// Count writes n and the word for it: "1 assembly", "0 assemblies".
func Count[T Integer](n T, one, many string) string {
	return fmt.Sprintf("%d %s", n, Word(n, one, many))
}
