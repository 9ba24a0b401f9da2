package localeenv

import (
	"testing"

	"github.com/jeandeaual/go-locale"
)

// TestLanguages sets the locale variables as users have them and checks
// what LANGUAGE becomes, and that go-locale's reading, which Fyne parses,
// then parses.
func TestLanguages(t *testing.T) {
	for _, c := range []struct {
		lcAll, lcMessages, lang, language string
		want                              string // "" when LANGUAGE stays as it is
	}{
		{lang: "C"},
		{lang: "POSIX"},
		{lang: "C.UTF-8", want: "en_US"},
		{lang: "C.utf8", want: "en_US"},
		{lang: "POSIX.UTF-8", want: "en_US"},
		{lang: "en_US.UTF-8"},
		{lang: "de_DE.UTF-8"},
		{lang: "de_DE"},
		{lang: "de"},
		{lang: "de_DE@euro", want: "de_DE"},
		{lang: "de_DE.ISO-8859-15@euro"}, // go-locale drops all after the dot
		{lang: "sr_RS@latin", want: "sr_RS"},
		{},
		{lcAll: "C.UTF-8", lang: "de_DE.UTF-8", want: "en_US"},
		{lcAll: "de_DE.UTF-8", lang: "C.UTF-8"},
		{lcAll: "C", lang: "C.UTF-8"},
		{lcMessages: "C.UTF-8", lang: "de_DE.UTF-8", want: "en_US"},
		{lcMessages: "fr_FR.UTF-8", lang: "C.UTF-8"},
		{lcMessages: "POSIX", lang: "C.UTF-8"},
		// LANGUAGE, read unless the locale is C or POSIX.
		{lang: "C.UTF-8", language: "de:en"},
		{lang: "C", language: "xx"},
		{lang: "de_DE.UTF-8", language: "de_DE:C", want: "de_DE:en_US"},
		{lang: "C.UTF-8", language: "C.UTF-8:fr", want: "en_US:fr"},
		{lang: "de_DE.UTF-8", language: "de_DE:", want: "de_DE"},
		{language: "xx_YY", want: "en_US"},
		{lang: "xx_YY.UTF-8", want: "en_US"},
		{lang: "de_XYZ.UTF-8", want: "de"},
	} {
		t.Setenv("LC_ALL", c.lcAll)
		t.Setenv("LC_MESSAGES", c.lcMessages)
		t.Setenv("LANG", c.lang)
		t.Setenv("LANGUAGE", c.language)
		got, set := languages()
		if !set {
			got = ""
		}
		if got != c.want {
			t.Errorf("%+v: LANGUAGE %q, want %q", c, got, c.want)
		}
		if set {
			t.Setenv("LANGUAGE", got)
		}
		tags, err := locale.GetLocales()
		if err != nil || !parses(tags) {
			t.Errorf("%+v: Fyne reads %q (%v), which does not parse", c, tags, err)
		}
		if _, again := languages(); again {
			t.Errorf("%+v: a second look changes LANGUAGE again", c)
		}
	}
}
