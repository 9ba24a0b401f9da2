package ui

// The tests run under LANG=C.UTF-8 (the Makefile's default), which Fyne
// cannot parse: the app's fix of the locale keeps their output as clean
// as the app's.
import _ "github.com/burrlab/burrlab/internal/localeenv"
