// Package localeenv makes the locale Fyne reads from the environment one it
// can parse. Import it for its side effect, from a program's main package.
//
// Fyne takes the user's languages from github.com/jeandeaual/go-locale,
// which reads LANGUAGE, LC_ALL, LC_MESSAGES or LANG and turns "de_DE.UTF-8"
// into "de-DE". Values such as "C.UTF-8" (the default in containers) or
// "de_DE@euro" become tags golang.org/x/text cannot parse, and Fyne then
// logs "Error parsing user locale" on every start. Fyne reads the locale
// while its lang package is initialised, before main runs, so the fix is
// made in this package's init: it runs first because it needs fewer
// packages than fyne.io/fyne/v2/lang (the start-up test in cmd/burrlab
// checks that it still does).
//
// Only LANGUAGE is set, and only when go-locale's reading does not parse:
// it names the same languages without the parts that fail ("de_DE@euro"
// becomes "de_DE"), with C and POSIX read as US English. LANG and the LC_
// variables stay as they are, so the C library's locale (character
// classes, input methods) does not change, and a locale Fyne reads well is
// never touched.
package localeenv

import (
	"os"
	"strings"

	"github.com/jeandeaual/go-locale"
	"golang.org/x/text/language"
)

// fallback is what C and POSIX stand for, and what is left when no
// language in the environment parses.
const fallback = "en_US"

func init() {
	if v, ok := languages(); ok {
		os.Setenv("LANGUAGE", v)
	}
}

// languages returns the value for LANGUAGE that makes go-locale's reading
// of the environment parse, and false when it parses already.
func languages() (string, bool) {
	tags, err := locale.GetLocales()
	if err == nil && parses(tags) {
		return "", false
	}
	// go-locale reads LANGUAGE when it is set, else the first locale
	// variable set (C and POSIX read as nothing, which parses).
	src := os.Getenv("LANGUAGE")
	if src == "" {
		for _, name := range []string{"LC_ALL", "LC_MESSAGES", "LANG"} {
			if src = os.Getenv(name); src != "" {
				break
			}
		}
	}
	var keep []string
	for _, entry := range strings.Split(src, ":") {
		if e := clean(entry); e != "" {
			keep = append(keep, e)
		}
	}
	if len(keep) == 0 {
		keep = []string{fallback}
	}
	return strings.Join(keep, ":"), true
}

// clean returns entry (a POSIX locale name such as "de_DE.UTF-8@euro") as
// a language and territory that parse, the language alone when the
// territory does not, en_US for C and POSIX, or "" when nothing parses.
func clean(entry string) string {
	name, _, _ := strings.Cut(entry, "@")
	name, _, _ = strings.Cut(name, ".")
	lang, region, _ := strings.Cut(strings.ReplaceAll(name, "-", "_"), "_")
	switch {
	case lang == "C" || lang == "POSIX":
		return fallback
	case region != "" && parse(lang+"-"+region):
		return lang + "_" + region
	case parse(lang):
		return lang
	}
	return ""
}

// parse reports whether Fyne can parse tag.
func parse(tag string) bool {
	_, err := language.Parse(tag)
	return err == nil
}

// parses reports whether Fyne can parse every tag.
func parses(tags []string) bool {
	for _, t := range tags {
		if !parse(t) {
			return false
		}
	}
	return true
}
