//go:build !race

package xmpuzzle

// raceAllocFactor: see race_test.go.
const raceAllocFactor = 1
