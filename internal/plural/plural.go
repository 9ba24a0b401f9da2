// Package plural writes counts of things in English, "1 assembly" and
// "2 assemblies", and lists of them, "a, b and c", for every message that
// counts or lists: the app's, the CLI's and the solver's explanations. Both forms are given in full, since English
// plurals are not always the singular and an s.
package plural

import (
	"fmt"
	"strings"
)

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

// And joins words as English lists them: "", "a", "a and b", "a, b and c".
func And(words []string) string {
	switch len(words) {
	case 0:
		return ""
	case 1:
		return words[0]
	}
	return strings.Join(words[:len(words)-1], ", ") + " and " + words[len(words)-1]
}
