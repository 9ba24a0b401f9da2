//go:build !race

package solver

// raceEnabled: see race_test.go.
const raceEnabled = false
