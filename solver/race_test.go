//go:build race

package solver

// raceEnabled: the race detector slows everything down several times, so
// tests of response times skip.
const raceEnabled = true
